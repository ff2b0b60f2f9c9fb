"""One error family: every exception the package raises on purpose derives from TriPeaksError, with
ValueError mixed in for bad input and TimeoutError for the one "out of time"."""

import ast
import importlib
import pkgutil
from pathlib import Path

import tripeaks_widget
from tripeaks_widget import IllegalMoveError, SearchExhausted, TriPeaksError, solver
from tripeaks_widget.fair import expectimax

# Raised and caught inside one module, never out of it: the control flow of a search, a deadline's cut.
INTERNAL = {"Stale", "Found", "Missed"}
EXCEPTION_ENDINGS = ("Error", "Exception", "Exhausted", "Unavailable", "Warning")
NOT_IMPORTED = ("tripeaks_widget.widget", "tripeaks_widget.compare", "tripeaks_widget.env", "tripeaks_widget.handout")


def public_exceptions():
    for info in pkgutil.walk_packages(tripeaks_widget.__path__, "tripeaks_widget."):
        if info.name.endswith("__main__") or any(part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        if info.name.startswith(NOT_IMPORTED):
            continue  # they need Jupyter, Gymnasium or nbconvert (seconds to import), and define no exception
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, type) and issubclass(value, BaseException) and value.__module__ == info.name:
                if not name.startswith("_") and name not in INTERNAL:
                    yield value


def test_every_error_of_the_package_derives_from_one_base():
    found = set(public_exceptions())
    assert len(found) >= 12
    assert {kind.__name__ for kind in found if not issubclass(kind, TriPeaksError)} == set()


def test_the_modules_left_unimported_declare_no_class():
    """What ``public_exceptions`` does not import declares no exception: no class named as one, or
    derived from one (read from the source, as importing them costs seconds)."""
    package = Path(tripeaks_widget.__file__).parent
    for name in NOT_IMPORTED:
        path = package.joinpath(*name.split(".")[1:])
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path.with_suffix(".py")]
        assert files and all(file.exists() for file in files), name
        for file in files:
            classes = [node for node in ast.walk(ast.parse(file.read_text())) if isinstance(node, ast.ClassDef)]
            names = [c.name for c in classes] + [ast.unparse(base) for c in classes for base in c.bases]
            assert not [n for n in names if n.endswith(EXCEPTION_ENDINGS)], file


def test_bad_input_is_a_value_error_and_out_of_time_a_timeout_error():
    assert issubclass(IllegalMoveError, ValueError) and issubclass(SearchExhausted, TimeoutError)
    assert solver.SearchExhausted is SearchExhausted
    timeouts = {kind for kind in public_exceptions() if issubclass(kind, TimeoutError)}
    assert timeouts == {SearchExhausted}  # one "out of time"


def test_a_search_out_of_time_says_so_with_the_one_error():
    seen = tripeaks_widget.Game("TP1-C-AAAAAAB").seen()
    try:
        expectimax.solve(seen, node_limit=1)  # far too few nodes for the exact value at the deal
    except TriPeaksError as error:
        assert isinstance(error, SearchExhausted) and "within the budget" in str(error)
    else:
        raise AssertionError("an exact value at the deal came within one node")


def test_every_error_of_the_engine_is_exported_from_the_package():
    """A script catches what the package raises by its public name: every error class the engine
    declares is in ``tripeaks_widget.__all__``."""
    import inspect

    import tripeaks_widget
    from tripeaks_widget.engine import errors

    declared = {
        name
        for name, value in vars(errors).items()
        if inspect.isclass(value)
        and issubclass(value, tripeaks_widget.TriPeaksError)
        and value.__module__ == errors.__name__
    }
    assert "InvalidValueError" in declared and declared <= set(tripeaks_widget.__all__), sorted(declared)
    for name in declared:
        assert getattr(tripeaks_widget, name) is getattr(errors, name)


def test_a_records_outage_is_told_apart_from_bad_input(tmp_path, monkeypatch):
    """A server that is down is a ``RecordsUnavailable``, never a ``ValueError``; a place that names
    no store is an ``InvalidRecordsError``, a ``ValueError``; both are ``RecordsError``\\ s."""
    import socket

    import pytest

    pytest.importorskip("psycopg")
    from tripeaks_widget import Game, InvalidRecordsError, RecordsError, RecordsUnavailable
    from tripeaks_widget.records import Records

    assert issubclass(InvalidRecordsError, ValueError) and not issubclass(RecordsUnavailable, ValueError)
    assert not issubclass(RecordsError, ValueError)
    with pytest.raises(InvalidRecordsError, match="not a kind of records store this version keeps"):
        Records("ftp://school/records")

    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(tmp_path / "spool"))
    with socket.socket() as free:  # a port nothing listens on: the server is down
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    records = Records(f"postgresql://ana:secret@127.0.0.1:{port}/class", timeout=0.3)
    try:
        assert not records.ready and records.refused is None  # opened all the same: results are kept
        with pytest.raises(RecordsUnavailable, match="reading the records failed") as read:
            records.leaderboard(1)
        game = Game("TP1-E-AAAAAAB")
        game.draw()
        with pytest.raises(RecordsUnavailable, match="the result is kept") as written:
            records.record(game, player="ana")
        assert not isinstance(read.value, ValueError) and not isinstance(written.value, ValueError)
        assert "secret" not in str(read.value)
    finally:
        records.close(wait=0.1)  # the result is given up, not left to the interpreter's exit to wait for
    assert len(list((tmp_path / "spool").glob("*.json"))) == 1  # kept, to be written when the server is back
