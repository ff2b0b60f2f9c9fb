"""One reading of where a records store is (issue 25, item 8): ``TRIPEAKS_RECORDS`` and
``Records(...)`` go through the same parser, which understands a value or refuses it with a
message that shows no password."""

import sys
from pathlib import Path

import pytest

from tripeaks_widget import TriPeaks
from tripeaks_widget.records import Records, RecordsError, default_path, locate, redact

SECRET = "s3cret-pw"


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("postgresql:/127.0.0.1:5432/tp", "lacks the '//'"),
        ("postgres:ana:s3cret-pw@127.0.0.1/tp", "lacks the '//'"),
        ("sqlite:/tmp/x.db", "lacks the '//'"),
        ("mysql://ana:s3cret-pw@127.0.0.1/class", "not a kind of records store"),
        ("sqlite://relative.db", "not an SQLite URL"),
        ("host=127.0.0.1 password=s3cret-pw dbname", "not a connection string libpq reads"),
        ("host=127.0.0.1 password='s3cret-pw", "not a connection string libpq reads"),
        ("postgresql://ana:s3cret-pw@127.0.0.1/tp?nonsense=1", "not a connection string libpq reads"),
        ("~nouser-of-this-machine/x.db", "no such user"),
        ("  ", "empty"),
    ],
)
def test_a_value_it_does_not_understand_is_refused_alike_from_the_env_var_and_the_argument(
    value, says, monkeypatch, tmp_path
):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RecordsError) as given:
        Records(value)
    monkeypatch.setenv("TRIPEAKS_RECORDS", value)
    if value.strip():
        with pytest.raises(RecordsError) as from_env:
            Records()
        assert says in str(from_env.value) and SECRET not in str(from_env.value)
        assert "TRIPEAKS_RECORDS" in str(from_env.value)
        w = TriPeaks(game=1)  # the widget says why and plays on
        assert w.records is None and SECRET not in w.records_error and says in w.records_error
        w.draw()
        assert w.state["moves"] == 1
        w.close()
    assert says in str(given.value) and SECRET not in str(given.value) and "expected" in str(given.value)
    assert list(tmp_path.iterdir()) == []  # no file was made for it


def test_sqlite_urls_and_memory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for value in ("sqlite://", ":memory:"):
        with Records(value) as records:
            assert records.path == ":memory:"
            monkeypatch.setenv("TRIPEAKS_RECORDS", value)
        with Records() as records:
            assert records.path == ":memory:"
    assert list(tmp_path.iterdir()) == []  # no file named ':memory:'
    assert locate("sqlite:///rel.db").path == Path("rel.db")
    assert locate(f"sqlite:///{tmp_path}/abs.db").path == tmp_path / "abs.db"


def test_a_path_ending_in_a_slash_is_a_folder_that_gets_the_store_inside(tmp_path, monkeypatch):
    (tmp_path / "sub" / "dir").mkdir(parents=True)
    monkeypatch.setenv("TRIPEAKS_RECORDS", f"{tmp_path}/sub/dir/")
    with Records() as records:
        assert records.path == tmp_path / "sub" / "dir" / "records.sqlite3"
    assert (tmp_path / "sub" / "dir" / "records.sqlite3").is_file()


@pytest.mark.parametrize("given", ["{tmp}/missing/deeper/records.sqlite3", "{tmp}/missing/deeper/"])
def test_a_store_in_a_folder_that_does_not_exist_is_refused_naming_the_folder(tmp_path, given):
    with pytest.raises(RecordsError) as refused:
        Records(given.format(tmp=tmp_path))
    assert str(refused.value) == (
        f"{tmp_path}/missing/deeper/records.sqlite3: the folder {tmp_path}/missing/deeper does not exist; expected "
        "a file in a folder that exists (make it first), or another file with Records(path=...) or the "
        "TRIPEAKS_RECORDS environment variable."
    )
    assert list(tmp_path.iterdir()) == []  # nothing made


@pytest.mark.skipif(sys.platform != "linux", reason="XDG_DATA_HOME places the user's data folder on Linux")
def test_the_default_store_makes_its_own_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("TRIPEAKS_RECORDS", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # platformdirs' user data folder on Linux
    with Records() as records:
        assert records.path == tmp_path / "data" / "tripeaks-widget" / "records.sqlite3" == default_path()
    assert records.path.is_file()


def test_postgres_urls_in_any_case_and_keyword_strings_are_postgres_without_the_password():
    for value in (
        "PostgreSQL://ana:s3cret-pw@127.0.0.1:5432/tp",
        "POSTGRES://ana:s3cret-pw@127.0.0.1:5432/tp",
        "host=127.0.0.1 port=5432 dbname=tp user=ana password=s3cret-pw",
        "host=127.0.0.1 dbname=tp password='s3cret-pw' user=ana",
        "postgresql://127.0.0.1/tp?user=ana&password=s3cret-pw",
    ):
        place = locate(value)
        assert place.kind == "postgresql" and place.password == SECRET, value
        assert SECRET not in place.where and "127.0.0.1" in place.where, place.where
    assert locate("PostgreSQL://ana@h/tp").conninfo.startswith("postgresql://")


def test_a_keyword_string_is_never_a_file_named_with_the_password(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(tmp_path / "spool"))
    with Records(f"host=127.0.0.1 port=1 dbname=tp user=ana password={SECRET}", timeout=1) as records:
        assert records.kind == "PostgreSQL" and SECRET not in records.where and "port=1" in records.where
    assert list(tmp_path.iterdir()) == []


def test_redact_takes_the_password_out_of_every_form():
    assert redact("host=h password=abc dbname=x") == "host=h password=*** dbname=x"
    assert redact("host=h password='a b' dbname=x") == "host=h password=*** dbname=x"
    assert redact("postgresql://ana:pw@h/db") == "postgresql://ana@h/db"
