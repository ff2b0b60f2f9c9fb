"""A class's PostgreSQL store set up with two kinds of credentials (issue 25, security): the
players' role records results only through the store's function and reads the leaderboards;
it cannot delete, update or drop anything, and a student's own role cannot record under
another's name. The game goes on whatever is refused."""

import logging
import re
import uuid
from urllib.parse import urlsplit

import pytest
from helpers.records_games import BLOCK_1_EASY, WIN_1_EASY, game
from helpers.records_stores import call_record, connect_as, rows, run_setup
from helpers.support import play_by_hand

from tripeaks_widget import TriPeaks
from tripeaks_widget.records import FIRST_WIN, SCRIPTED, Records, RecordsError, schema_version


def test_the_commands_help_is_plain_text(capsys):
    """Issue 45, item 18: before, --help printed the module's reST markup (``…``, :mod:)."""
    from tripeaks_widget.records.__main__ import main

    for args in (["--help"], ["setup", "--help"]):
        with pytest.raises(SystemExit) as done:
            main(args)
        assert done.value.code == 0
        said = capsys.readouterr().out
        assert "setup" in said and "--students FILE" in said and not re.search(r"``|:[a-z]+:`", said), said


@pytest.mark.parametrize(
    "line, says",
    [
        (
            "Αλεξάνδρα" * 4,
            "is 72 bytes in UTF-8, and PostgreSQL cuts a role name past 63",
        ),  # 36 Greek letters: PostgreSQL would cut it
        ("x" * 64, "is 64 bytes in UTF-8"),
        ("ana\u2028bo", "U+2028"),  # a line separator: before, two students
        ("ana\x85bo", "U+0085"),
        ("ana\tbo", "U+0009"),  # a tab would break the name-tab-URL lines setup prints
        ("ana\x1bbo", "U+001B"),
    ],
)
def test_a_student_name_that_is_no_whole_role_name_is_refused_naming_its_line(postgres, tmp_path, capsys, line, says):
    """Issue 45, items 4 and 5: before, setup made a role PostgreSQL cut mid-character (its URL never
    logged in), or split a name at U+2028 or U+0085 into two students, and exited 0."""
    from tripeaks_widget.records.__main__ import main

    role = f"tp_{uuid.uuid4().hex[:8]}"
    students = tmp_path / "students.txt"
    students.write_text(f"{role}_ok\r\n\n{line}\n", encoding="utf-8")
    assert main(["setup", postgres.url, "--role", role, "--students", str(students)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"error: {students}, line 3: ") and says in err, err
    assert len(err) < 400
    with connect_as(postgres.url) as conn:  # nothing was made
        assert conn.execute("SELECT count(*) FROM pg_roles WHERE rolname LIKE %s", (f"{role}%",)).fetchone() == (0,)
        assert conn.execute("SELECT to_regclass('results')").fetchone() == (None,)


def test_the_players_role_records_and_reads_through_the_store(class_store):
    players, _, owner = class_store
    with Records(owner) as records:
        records.record(game(actions=BLOCK_1_EASY), player="teacher")
    with Records(players) as records:
        (notice,) = records.record(game(actions=WIN_1_EASY), player="ana")
        assert notice.kind == FIRST_WIN
        assert records.record(game(actions=WIN_1_EASY), player="bob") == []
        assert [e["player"] for e in rows(records.leaderboard(1, category=SCRIPTED))] == ["ana", "bob", "teacher"]
        assert records.stats()["played"] == 3
        assert records.standing(1, category=SCRIPTED).text.endswith("held by ana.")
    with Records(owner) as records:  # the owner's writes go through the same function now
        faster = game(actions=["draw", "undo"] + WIN_1_EASY)
        assert records.record(faster, player="cy") == []  # as fast as ana's: no record
        assert records.stats()["played"] == 4


@pytest.mark.parametrize(
    "statement",
    [
        "DELETE FROM results",
        "UPDATE bests SET player = 'mallory'",
        "UPDATE results SET player = 'mallory'",
        "INSERT INTO results (player, rules, number, outcome, cards_left, moves, score, draws, longest_run, "
        "assists, finished_at, token) VALUES ('mallory', 'easy', 1, 'won', 0, 1, 9999, 0, 28, '', 'x', 'x')",
        "INSERT INTO bests (rules, number, player, cards_left, moves) VALUES ('easy', 2, 'mallory', 0, 1)",
        "DROP TABLE results",
        "DROP FUNCTION tripeaks_record",
        "TRUNCATE results",
        "ALTER TABLE results DISABLE ROW LEVEL SECURITY",
        "CREATE TABLE mine (x int)",
        "DELETE FROM tripeaks_store",
        "SELECT token FROM results",
    ],
)
def test_the_players_role_cannot_rewrite_the_records(class_store, statement):
    import psycopg

    players, students, owner = class_store
    with Records(players) as records:
        records.record(game(actions=WIN_1_EASY), player="ana")
    for url in (players, *students.values()):
        with connect_as(url) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(statement)
    with Records(owner) as records:
        assert [(r["player"], r["moves"]) for r in records.results()] == [("ana", 49)]
        assert records.standing(1, category=SCRIPTED).text.endswith("held by ana.")
        assert records.version == schema_version()
    w = TriPeaks(game=1, records=players, player="bea")  # the game goes on
    w.replay(WIN_1_EASY, pace=0)
    assert w.records.flush(10) and w.status == "won"
    w.close()


def test_a_student_records_only_under_their_own_name(class_store):
    players, students, _ = class_store
    (ana, ana_url), (bob, _) = sorted(students.items())
    with Records(ana_url) as records:
        assert records.record(game(actions=BLOCK_1_EASY), player=ana)[0].kind == "best_so_far"
        for other in (bob, "teacher"):
            with pytest.raises(
                RecordsError, match=f"this URL records results for {ana} only; this result names {other}"
            ):
                records.record(game(actions=WIN_1_EASY), player=other)
        (notice,) = records.record(game(actions=WIN_1_EASY), player=ana)
        assert notice.kind == FIRST_WIN
        assert [r["player"] for r in records.results()] == [ana, ana]
    w = TriPeaks(game=1, records=ana_url, player=bob)  # recording under another's name: said, and play goes on
    w.replay(WIN_1_EASY, pace=0)
    w.records.flush(10)
    said = f'This URL records results for {ana} only; this board plays as {bob} (pass player="{ana}").'
    assert w.status == "won" and w.notices == [said], w.notices
    w.new_game(game=2)
    w.draw()
    assert w.state["moves"] == 1
    w.close()
    with Records(players) as records:  # the shared players' role may name anyone
        assert records.record(game(actions=WIN_1_EASY), player="carl") == []  # as fast as ana's: no news
        assert sorted(r["player"] for r in records.results()) == ["carl", ana, ana]


def test_a_students_url_plays_as_that_student_and_a_mismatch_is_one_short_sentence(class_store, monkeypatch, caplog):
    """Issue 45, item 6: before, a board on ana's URL played as the operating system's user; its result
    was refused, and the notice held the server's 900-character report (the statement, the function's
    context), said twice."""
    import psycopg

    _, students, _ = class_store
    (ana, ana_url), (bob, _) = sorted(students.items())
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    w = TriPeaks(game=1, records=ana_url)
    w.records.opening.result(10)
    assert w.player == ana
    play_by_hand(w, WIN_1_EASY)
    assert w.records.flush(10) and w.notices == ["First win of game 1 (Easy): won in 49 moves."]
    w.close()
    said = f'This URL records results for {ana} only; this board plays as {bob} (pass player="{ana}").'
    with caplog.at_level(logging.DEBUG, logger="tripeaks_widget"):
        other = TriPeaks(game=1, records=ana_url, player=bob)
        other.records.opening.result(10)
        assert said in other.notices
        other.replay(BLOCK_1_EASY, pace=0)
        assert other.records.flush(10) and other.notices == [said]  # once, and nothing else
        other.close()
        with connect_as(ana_url) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege) as refused:
            call_record(conn, player=bob)  # past the client, the server's row-level security says no
        with Records(ana_url) as records:
            told = records._backend.say(refused.value)
    assert told == 'new row violates row-level security policy for table "results"'
    assert not re.search(r"INSERT|CONTEXT|PL/pgSQL|SELECT", caplog.text), caplog.text


def test_a_students_board_names_the_student_from_its_first_read(class_store, monkeypatch):
    """Issue 56: before, w.player said the operating system's user for about a second, until the
    class's store had opened and said whose URL it is."""
    _, students, _ = class_store
    (ana, ana_url), _ = sorted(students.items())
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    w = TriPeaks(game=1, records=ana_url)
    assert w.player == ana  # at once, without waiting for the store's opening here
    w.close()


def test_a_play_token_cannot_be_taken_over_under_another_name(class_store):
    players, _, owner = class_store
    with Records(owner) as records:
        records.record(game(actions=BLOCK_1_EASY), player="ana")
        with records._backend.connection() as conn:
            (token,) = conn.execute("SELECT token FROM results").fetchone()
    with connect_as(players) as conn:  # ana's token, a better result, another name
        row = conn.execute(
            "SELECT stored FROM tripeaks_record('mallory', 'easy', 1, 'won', 0, 40, 760, 0, 28, '', "
            "'2026-12-03T16:00:00+00:00', 'scripted', 'THREE-PEAKS', %s)",
            (token,),
        ).fetchone()
        assert row == (False,)
    with Records(owner) as records:
        assert [(r["player"], r["outcome"], r["cards_left"]) for r in records.results()] == [("ana", "blocked", 22)]
        assert records.standing(1, category=SCRIPTED).text.endswith("held by ana.")


def _role_of(url: str) -> str:
    return urlsplit(url).username or ""


def test_setting_up_again_keeps_every_url_handed_out_repairs_the_grants_and_adds_students(class_store, tmp_path):
    """Before, each run set new passwords: every URL handed out stopped working."""
    players, students, owner = class_store
    role = _role_of(players)
    (ana, ana_url), (bob, bob_url) = sorted(students.items())
    cy = f"{role}_cy"
    with connect_as(owner) as conn:  # a grant lost (a restore, a hand's slip): the players cannot read the records
        conn.execute(f'REVOKE SELECT ON bests FROM "{role}"')
    with Records(players) as records, pytest.raises(RecordsError, match="permission denied"):
        records.standing(1)
    (tmp_path / "more.txt").write_text(f"{ana}\n{bob}\n{cy}\n")
    try:
        done = run_setup(owner, "--role", role, "--students", str(tmp_path / "more.txt"))
        assert done.returncode == 0, done.stderr
        (line,) = done.stdout.strip().splitlines()  # only the new student's URL: nothing handed out changed
        name, cy_url = line.split("\t")
        assert name == cy and _role_of(cy_url) == cy
        assert f"kept, with the passwords they had: {role}, {ana}, {bob}." in done.stderr
        assert "the last line printed is not the players' URL" in done.stderr
        for url in (players, ana_url, bob_url, cy_url):
            with connect_as(url) as conn:
                assert conn.execute("SELECT count(*) FROM bests").fetchone() == (0,)
        with Records(players) as records:  # repaired
            assert records.record(game(actions=WIN_1_EASY), player="ana")[0].kind == FIRST_WIN
            assert records.standing(1, category=SCRIPTED).text.endswith("held by ana.")
        with Records(cy_url) as records:  # the new student is a student like the others
            with pytest.raises(RecordsError, match=f"this URL records results for {cy} only"):
                records.record(game(actions=BLOCK_1_EASY), player=ana)
            assert records.record(game(actions=BLOCK_1_EASY), player=cy) == []
    finally:
        with connect_as(owner) as conn:
            conn.execute(f'DROP ROLE IF EXISTS "{cy}"')


def test_new_passwords_are_set_only_when_asked_and_the_old_urls_then_stop_working(class_store, tmp_path):
    import psycopg

    players, students, owner = class_store
    role = _role_of(players)
    (ana, ana_url), (_, bob_url) = sorted(students.items())
    (tmp_path / "ana.txt").write_text(f"{ana}\n")
    done = run_setup(owner, "--role", role, "--students", str(tmp_path / "ana.txt"), "--new-passwords")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 2 and lines[0].split("\t")[0] == ana and _role_of(lines[-1]) == role
    new_ana, new_players = lines[0].split("\t")[1], lines[-1]
    assert "kept, with the passwords they had" not in done.stderr  # bob was not named: left alone
    for old in (players, ana_url):
        with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
            connect_as(old).close()
    for url in (new_players, new_ana, bob_url):
        with connect_as(url) as conn:
            assert conn.execute("SELECT 1").fetchone() == (1,)
    with Records(new_players) as records:
        assert records.record(game(actions=WIN_1_EASY), player="ana")[0].kind == FIRST_WIN


def _role_facts(conn, name: str):
    """(can log in, its password's hash, the roles it belongs to), or None when there is no such role."""
    row = conn.execute(
        "SELECT r.rolcanlogin, a.rolpassword, ARRAY(SELECT g.rolname::text FROM pg_auth_members m "
        "JOIN pg_roles g ON g.oid = m.roleid WHERE m.member = r.oid ORDER BY 1) "
        "FROM pg_roles r JOIN pg_authid a ON a.oid = r.oid WHERE r.rolname = %s",
        (name,),
    ).fetchone()
    return None if row is None else tuple(row)


@pytest.mark.parametrize("new_passwords", [False, True])
def test_setup_refuses_to_take_over_a_role_it_did_not_make_a_student_and_changes_nothing(
    class_store, tmp_path, new_passwords
):
    """Before, a listed writer became a LOGIN role with a password, and a listed owner got a new
    password, its URL printed as a student's."""
    players, students, owner = class_store
    role, owner_role = _role_of(players), _role_of(owner)
    (ana, _), _ = sorted(students.items())
    outsider, newcomer = f"{role}_outsider", f"{role}_new"
    hostile = [f"{role}_writer", owner_role, f"{role}_students", role, outsider]
    with connect_as(owner) as conn:
        conn.execute(f'CREATE ROLE "{outsider}" LOGIN')
        try:

            def facts() -> dict:  # the owner is every test store's: only this store's roles count
                found = {name: _role_facts(conn, name) for name in [*hostile, ana]}
                return {
                    name: None if fact is None else (*fact[:2], [g for g in fact[2] if g.startswith(role)])
                    for name, fact in found.items()
                }

            before = facts()
            (tmp_path / "list.txt").write_text("\n".join([ana, newcomer, *hostile]) + "\n")
            done = run_setup(
                owner,
                "--role",
                role,
                "--students",
                str(tmp_path / "list.txt"),
                *(["--new-passwords"] if new_passwords else []),
            )
            assert done.returncode == 2 and done.stdout == "", done.stdout
            said = done.stderr
            assert said.startswith("error: ") and "Nothing was changed" in said, said
            for name in hostile:
                assert name in said
            assert f"{owner_role} (the store's owner" in said and f"{role}_writer (one of the store's own roles" in said
            assert f"{outsider} (a role that this set-up did not make a student of this store" in said
            assert ana not in said.split("error: ", 1)[1].split(";")[0]  # a student of this store is not refused
            assert facts() == before
            assert _role_facts(conn, newcomer) is None
        finally:
            conn.execute(f'DROP ROLE IF EXISTS "{outsider}"')
            conn.execute(f'DROP ROLE IF EXISTS "{newcomer}"')
    with connect_as(owner) as conn:  # the owner's URL still works
        assert conn.execute("SELECT 1").fetchone() == (1,)


def test_setup_refuses_the_owner_or_a_superuser_as_the_players_role(postgres):
    owner_role = _role_of(postgres.url)
    for name in (owner_role,):
        done = run_setup(postgres.url, "--role", name, "--new-passwords")
        assert done.returncode == 2, done.stdout
        assert f"{name} (the store's owner" in done.stderr and "Nothing was changed" in done.stderr
        with connect_as(postgres.url) as conn:  # the owner's password is the one it had
            assert conn.execute("SELECT to_regclass('results')").fetchone() == (None,)  # not even the tables


def test_a_store_set_up_before_students_were_marked_keeps_its_students(class_store, tmp_path):
    """A store whose students were made by an earlier version (before they were marked) keeps them
    on a run again; a role an earlier version wrongly put in the group (the writer) stays refused."""
    players, students, owner = class_store
    role = _role_of(players)
    (ana, ana_url), (bob, _) = sorted(students.items())
    with connect_as(owner) as conn:
        conn.execute("DROP TABLE tripeaks_students")
        conn.execute(f'GRANT "{role}_students" TO "{role}_writer"')  # as the earlier version did
    (tmp_path / "list.txt").write_text(f"{ana}\n{bob}\n{role}_writer\n")
    done = run_setup(owner, "--role", role, "--students", str(tmp_path / "list.txt"))
    assert done.returncode == 2 and f"{role}_writer (one of the store's own roles" in done.stderr, done.stderr
    (tmp_path / "list.txt").write_text(f"{ana}\n{bob}\n")
    done = run_setup(owner, "--role", role, "--students", str(tmp_path / "list.txt"))
    assert done.returncode == 0, done.stderr
    assert f"kept, with the passwords they had: {role}, {ana}, {bob}." in done.stderr
    with connect_as(owner) as conn:
        assert _role_facts(conn, f"{role}_writer")[::2] == (False, [])  # no login, and no student any more
    with Records(ana_url) as records:
        assert records.record(game(actions=BLOCK_1_EASY), player=ana)[0].kind == "best_so_far"


@pytest.mark.parametrize(
    "changed, said",
    [
        ({"player": "x" * 100_000}, "player"),
        ({"player": "ev\u202eil\nNEW LINE"}, "player"),
        ({"player": ""}, "player"),
        ({"player": " ana"}, "player"),
        ({"rules": "e" * 100_000}, "rule set"),
        ({"rules": "easy+nonsense"}, "rule set"),
        ({"finished_at": "not a date"}, "finished"),
        ({"finished_at": "2026-13-45T99:00:00+00:00"}, "finished"),
        ({"token": None}, "token"),
        ({"assists": "x" * 100_000}, "assists"),
        ({"category": "by-magic"}, "category"),
        ({"category": None}, "category"),
    ],
)
def test_the_store_function_refuses_what_the_client_would_not_send(class_store, changed, said):
    """Before, the server took all of these from the shared players' URL."""
    import psycopg

    players, _, owner = class_store
    with connect_as(players) as conn:
        with pytest.raises(psycopg.errors.CheckViolation, match=said):
            call_record(conn, **changed)
        with pytest.raises(psycopg.errors.CheckViolation, match=said):
            call_record(conn, **changed)  # twice: a NULL token would have stored two rows
        assert call_record(conn) == (True,)  # what the client sends is taken
    with Records(owner) as records:
        assert [r["player"] for r in records.results()] == ["ana"]


def test_names_and_rule_sets_the_server_takes_are_the_ones_the_client_takes():
    """The server's patterns are made from the client's rules: they agree on every case here."""
    from tripeaks_widget.engine.rules import Rules
    from tripeaks_widget.records import check_player
    from tripeaks_widget.records.results import player_pattern, rules_pattern

    names = ["ana", "Ásdís Þór", "דנה", "x" * 64, "a b", "ev\u202eil", "a\nb", " a", "a ", "\u00a0a", "a\u2028", "\x7f"]
    for name in names:
        try:
            takes = bool(check_player(name))
        except ValueError:
            takes = False
        assert bool(re.fullmatch(player_pattern(), name)) == takes, name
    keys = [str(Rules.parse(text)) for text in ("easy", "classic+joker", "site", "classic+open-peaks+joker")]
    assert all(re.fullmatch(rules_pattern(), key) for key in keys)
    assert not any(
        re.fullmatch(rules_pattern(), key) for key in ("Easy", "easy+easy", "joker", "easy+joker+hogue-scoring")
    )


def test_a_stored_name_the_client_did_not_write_breaks_no_notice_and_no_read(class_store):
    """Before, a 100,000-character holder made a 100 kB notice, and stats(player=that name) raised."""
    players, _, owner = class_store
    hostile = ["ev\u202eil\nNEW LINE", "x" * 100_000]
    with connect_as(owner) as conn:  # as an older version's function let anyone write them
        for n, name in enumerate(hostile, start=1):
            conn.execute(
                "INSERT INTO results (player, rules, number, outcome, cards_left, moves, score, draws, longest_run, "
                "assists, finished_at, token) VALUES (%s, 'easy', %s, 'won', 0, 50, 1, 0, 1, '', 'not a date', NULL)",
                (name, n),
            )
            conn.execute(
                "INSERT INTO bests (rules, number, player, cards_left, moves) VALUES ('easy', %s, %s, 0, 50)", (n, name)
            )
    with Records(players) as records:
        for n in (1, 2):
            text = str(records.standing(n))
            assert len(text) < 200 and "\n" not in text and "\u202e" not in text, text[:300]
        for name in hostile:
            assert records.stats(player=name)["played"] == 1
        assert len(records.results()) == 2 and len(records.leaderboard(1)) == 1


def test_a_store_function_of_an_earlier_version_is_brought_up_to_date_when_its_owner_opens_it(class_store):
    import psycopg

    from tripeaks_widget.records import writes

    players, _, owner = class_store
    with connect_as(owner) as conn:  # the function as it was: no checks
        schema = conn.execute("SELECT current_schema()").fetchone()[0]
        unchecked = re.sub(r"^ *(IF|BEGIN) .*RAISE EXCEPTION.*$", "", writes.function_sql(schema), flags=re.M)
        assert unchecked != writes.function_sql(schema)
        conn.execute(unchecked)
    with connect_as(players) as conn:
        assert call_record(conn, rules="nonsense") == (True,)
    Records(owner).close()
    with connect_as(players) as conn, pytest.raises(psycopg.errors.CheckViolation):
        call_record(conn, rules="nonsense", token="1" * 32)


def test_a_class_store_of_schema_2_keeps_its_roles_and_grants_when_its_owner_opens_it(class_store):
    """Issue 45, item 2: schema 3 gives the store's function a category parameter. A store an earlier
    version set up gets the new function with the same owner and callers, and its players read the
    new column, once its owner opens it; until then a student is told so in one sentence."""
    from tripeaks_widget.records import writes

    players, students, owner = class_store
    role = _role_of(players)
    (ana, ana_url), _ = sorted(students.items())
    new = ", ".join(writes.TYPES.get(c, "text") for c in writes.WRITTEN)
    old = ", ".join(writes.TYPES.get(c, "text") for c in writes.WRITTEN if c not in ("category", "layout"))
    with connect_as(owner) as conn:  # the store as schema 2 left it: no categories, the function's 12 parameters
        for table, key in (("bests", "rules, number"), ("player_bests", "player, rules, number")):
            conn.execute(
                f"ALTER TABLE {table} DROP CONSTRAINT {table}_pkey, DROP COLUMN category, DROP COLUMN layout, "
                f"ADD PRIMARY KEY ({key})"
            )
        conn.execute("ALTER TABLE results DROP COLUMN category, DROP COLUMN layout, DROP COLUMN played_at")
        conn.execute("DROP TABLE challenges")  # schema 4's
        conn.execute("UPDATE tripeaks_store SET value = '2' WHERE name = 'version'")
        conn.execute(f"DROP FUNCTION tripeaks_record({new})")
        conn.execute(
            f"CREATE FUNCTION tripeaks_record({old}) RETURNS TABLE (stored boolean) LANGUAGE sql AS 'SELECT false'"
        )
        conn.execute(f'ALTER FUNCTION tripeaks_record({old}) OWNER TO "{role}_writer"')
        conn.execute(f"REVOKE ALL ON FUNCTION tripeaks_record({old}) FROM PUBLIC")
        conn.execute(f'GRANT EXECUTE ON FUNCTION tripeaks_record({old}) TO "{role}"')
    with pytest.raises(RecordsError, match="its owner does so by opening it once") as refused:
        Records(ana_url)
    assert "must be owner" not in str(refused.value)
    Records(owner).close()  # the teacher opens it
    with connect_as(owner) as conn:
        found = conn.execute(
            "SELECT pg_get_function_identity_arguments(oid), pg_get_userbyid(proowner) FROM pg_proc "
            "WHERE proname = 'tripeaks_record' AND pronamespace = current_schema()::regnamespace"
        ).fetchall()
        assert found == [(", ".join(f"p_{c} {writes.TYPES.get(c, 'text')}" for c in writes.WRITTEN), f"{role}_writer")]
    with Records(ana_url) as records:
        (notice,) = records.record(game(actions=WIN_1_EASY))  # under the student's own name, by default
        assert notice.text == "First win of game 1 (Easy, scripted): won in 49 moves."
    with Records(players) as records:
        assert [(r["player"], r["category"]) for r in records.results()] == [(ana, "scripted")]
        assert rows(records.leaderboard(1, category=SCRIPTED))[0]["category"] == "scripted"


def test_a_password_changed_mid_session_is_said_once_and_the_result_is_kept(class_store, tmp_path, monkeypatch):
    """Before, a finished game showed no notice at 3 s nor at 13 s: the result waited, unsaid."""
    import time

    monkeypatch.setenv("TRIPEAKS_RECORDS_SPOOL", str(tmp_path / "spool"))
    players, _, owner = class_store
    role = _role_of(players)
    store = Records(players, timeout=2.0)
    w = TriPeaks(game=1, records=store, player="ana")
    try:
        with connect_as(owner) as conn:  # the teacher sets a new password, and the server ends the old sessions
            conn.execute(f"ALTER ROLE \"{role}\" PASSWORD 'changed-{uuid.uuid4().hex}'")
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", (role,))
        w.replay(WIN_1_EASY, pace=0)
        deadline = time.monotonic() + 10
        said = []
        while time.monotonic() < deadline and not said:
            time.sleep(0.2)
            said = [str(text) for text in w.notices if "password authentication failed" in str(text)]
        assert len(said) == 1 and "kept" in said[0], w.notices
        w.new_game(game=1)  # another result, for the same reason: not said again
        w.replay(WIN_1_EASY, pace=0)
        time.sleep(3)
        assert not [text for text in w.notices if "password authentication failed" in str(text)], w.notices
        assert not store.flush(0.1)  # kept, waiting
    finally:
        w.close()
        store.close(wait=0)
    assert len(list((tmp_path / "spool").glob("*.json"))) == 2  # both kept, for the next open


def test_a_board_that_plays_as_another_student_keeps_saying_so_as_it_is_played(class_store):
    """A move clears the board's notices, but not that its results would be refused: a board
    playing as bob on ana's URL says so, once, until the game ends, whatever is played."""
    _, students, _ = class_store
    (ana, ana_url), (bob, _) = sorted(students.items())
    other = TriPeaks(game=1, records=ana_url, player=bob)
    other.records.opening.result(10)
    said = f'This URL records results for {ana} only; this board plays as {bob} (pass player="{ana}").'
    assert other.notices == [said]
    other.replay(WIN_1_EASY[:5], pace=0)
    assert other.notices == [said] and [n["text"] for n in other.state["notices"]] == [said]
    other.replay(WIN_1_EASY[5:], pace=0)
    other.records.flush(10)
    assert other.status == "won" and other.notices == [said]
    other.close()
