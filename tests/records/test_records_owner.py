"""A class's store set up by the database's owner, as a school's IT hands one out (issue 56): a
role with LOGIN and CREATEROLE that owns the database and is no superuser. Before, the set-up
failed (permission denied for schema public) and left five tables behind."""

from urllib.parse import urlsplit

import pytest
from helpers.records_games import BLOCK_1_EASY, WIN_1_EASY, game
from helpers.records_stores import connect_as, need_postgres, role_url, run_setup

from tripeaks_widget.records import FIRST_WIN, Records, writes


def test_the_databases_owner_sets_the_store_up_without_being_a_superuser_and_again(school, tmp_path):
    prefix, make = school
    owner = make("LOGIN CREATEROLE")
    role = f"{prefix}_players"
    (tmp_path / "students.txt").write_text(f"{prefix}_ana\n{prefix}_bob\n")
    done = run_setup(owner, "--role", role, "--students", str(tmp_path / "students.txt"))
    assert done.returncode == 0, done.stderr
    students = dict(line.split("\t") for line in done.stdout.strip().splitlines()[:-1])
    again = run_setup(owner, "--role", role, "--students", str(tmp_path / "students.txt"))
    assert again.returncode == 0 and again.stdout == "", again.stderr
    with connect_as(owner) as conn:
        assert conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone() == (False,)
        # The function's role may write through it and create nothing: CREATE was lent for the move only.
        writer = f"{role}_writer"
        assert conn.execute(
            "SELECT pg_get_userbyid(proowner)::text, has_schema_privilege(%s, 'public', 'CREATE') FROM pg_proc "
            "WHERE proname = 'tripeaks_record'",
            (writer,),
        ).fetchall() == [(writer, False)]
    # An earlier version's function, of other parameters (as a superuser made it): the owner's next
    # open makes this version's and gives it to the writer, lending CREATE for that step only.
    old = ", ".join(writes.TYPES.get(c, "text") for c in writes.WRITTEN if c != "layout")
    base = urlsplit(need_postgres())
    with connect_as(role_url(base.geturl(), base.username, base.password, urlsplit(owner).path[1:])) as conn:
        conn.execute(f"DROP FUNCTION tripeaks_record({', '.join(writes.TYPES.get(c, 'text') for c in writes.WRITTEN)})")
        conn.execute(
            f"CREATE FUNCTION tripeaks_record({old}) RETURNS TABLE (stored boolean) LANGUAGE sql AS 'SELECT false'"
        )
        conn.execute(f'ALTER FUNCTION tripeaks_record({old}) OWNER TO "{writer}"')
        conn.execute(f'GRANT EXECUTE ON FUNCTION tripeaks_record({old}) TO "{role}"')
    Records(owner).close()
    with connect_as(owner) as conn:
        assert conn.execute(
            "SELECT prosrc = %s, pg_get_userbyid(proowner)::text, has_schema_privilege(%s, 'public', 'CREATE') "
            "FROM pg_proc WHERE proname = 'tripeaks_record'",
            (writes.function_body(), writer),
        ).fetchall() == [(True, writer, False)]
    with Records(students[f"{prefix}_ana"]) as records:
        (notice,) = records.record(game(actions=WIN_1_EASY))
        assert notice.kind == FIRST_WIN
    with Records(students[f"{prefix}_bob"]) as records:
        assert records.record(game(actions=BLOCK_1_EASY)) == []
        assert [r["player"] for r in records.results()] == [f"{prefix}_bob", f"{prefix}_ana"]


@pytest.mark.parametrize(
    "options, owns, said",
    [
        ("LOGIN", True, "permission denied to create role"),  # no CREATEROLE
        ("LOGIN CREATEROLE", False, "permission denied for schema public"),  # not the database's owner
    ],
)
def test_a_set_up_that_fails_leaves_nothing_made_and_says_what_to_grant(school, tmp_path, options, owns, said):
    prefix, make = school
    owner = make(options, owns)
    (tmp_path / "students.txt").write_text(f"{prefix}_ana\n")
    done = run_setup(owner, "--role", f"{prefix}_players", "--students", str(tmp_path / "students.txt"))
    assert done.returncode == 2 and done.stdout == ""
    message = done.stderr.strip()
    assert message.startswith("error: ") and "\n" not in message, message
    assert f"the set-up failed ({said}), and nothing was made or changed" in message, message
    assert "expected a user with LOGIN and CREATEROLE that owns the database" in message
    with connect_as(owner) as conn:
        assert conn.execute("SELECT to_regclass('results'), to_regclass('tripeaks_store')").fetchone() == (None, None)
        roles = conn.execute("SELECT count(*) FROM pg_roles WHERE rolname LIKE %s", (f"{prefix}%",)).fetchone()
        assert roles == (1,)  # the teacher's own, and nothing the set-up made
