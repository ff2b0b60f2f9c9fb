"""The widget's numbered games (R6.8), rule sets with variants (SPEC §8, §9), the New game
dialog's intents, and the records of the series kept as a player plays (§9)."""

import hashlib
import json
import logging
import sqlite3
import time

import pytest
from helpers.records_stores import rows
from helpers.support import every_reply, intent, play_by_hand, played, unchanged, winning_line

from tripeaks_widget import Game, Rules, TriPeaks, fair, solver
from tripeaks_widget.engine.errors import InvalidNumberError
from tripeaks_widget.records import Records

SITE = "easy+draw-when-stuck+empty-discard"  # §9: the second site's rules
WINNABLE = 3  # R6.5: deal 3 can be won under Easy
EVERY_VARIANT = "classic+hogue-scoring+joker+open-peaks+draw-when-stuck+empty-discard"


@pytest.fixture
def store(tmp_path):
    return tmp_path / "records.sqlite3"


@pytest.fixture
def replies(monkeypatch):
    """Collect what widgets send back (replies to the dialog)."""
    return every_reply(monkeypatch)


def play_until_blocked(widget):
    while widget.status == "playing":
        playable = widget.state["playable"]
        intent(widget, played(widget, playable[0]) if playable else {"type": "draw"})


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- numbered games (R6.8) and rule sets ---------------------------------------------------------


def test_game_number_deals_that_numbered_game(store):
    w = TriPeaks(game=123, records=store)
    expected = Game.from_number(123)
    assert w.code == expected.code and w.game.number == 123
    assert w.state["slots"] == expected.view()["slots"] and w.state["discard"] == expected.view()["discard"]
    assert w.state["number"] == 123 and str(w.rules) == "easy"
    assert TriPeaks(123, records=False).code == expected.code  # a number as the first argument too
    assert TriPeaks(game=1, records=False).code == "TP1-E-AAAAAAB"  # game n is deal n (R6.8)


def test_game_number_with_any_rule_set():
    site = TriPeaks(game=123, rules="site", records=False)
    assert site.code == Game.from_number(123, "site").code and site.code.endswith("-SW")
    assert str(site.rules) == SITE and site.state["variants"] == ["draw-when-stuck", "empty-discard"]
    assert site.state["discard"] is None  # V6: the discard starts empty
    joker = TriPeaks(game=123, rules=Rules.parse("classic+joker"), records=False)
    assert str(joker.rules) == "classic+joker" and joker.state["stock"] == 24  # V3: 53 cards
    assert TriPeaks(rules="classic+joker", records=False).rules == Rules.parse("classic+joker")


@pytest.mark.parametrize("number", [0, 50_001, -1, 10**9])
def test_game_numbers_outside_the_series_are_refused(number):
    with pytest.raises(ValueError, match="1 to 50,000"):
        TriPeaks(game=number, records=False)


@pytest.mark.parametrize("number", ["12.0", 12.0, True, [1]])
def test_game_numbers_must_be_whole_numbers(number):
    with pytest.raises(InvalidNumberError, match="1 to 50,000"):
        TriPeaks(game=number, records=False)
    assert TriPeaks(game="12", records=False).number == 12  # ASCII digits, as what to deal reads them


def test_a_code_and_a_number_together_are_refused():
    with pytest.raises(ValueError, match="not both"):
        TriPeaks("TP1-E-AAAAAAB", game=1, records=False)
    with pytest.raises(ValueError, match="once"):
        TriPeaks(5, game=5, records=False)


def test_deals_outside_the_series_have_no_number():
    w = TriPeaks("TP1-E-AAADAAA", records=False)  # deal 52,728
    assert w.game.number == 52_728 and w.state["number"] is None


def test_new_game_takes_a_number_a_code_or_a_rule_set():
    w = TriPeaks(game=7, rules="classic+joker", records=False)
    w.new_game(123)
    assert w.code == Game.from_number(123, "classic+joker").code  # the current rules stay
    w.new_game(game=123, rules="site")
    assert w.code == Game.from_number(123, "site").code and w.state["number"] == 123
    w.new_game("classic+open-peaks")
    assert str(w.rules) == "classic+open-peaks" and all(s != "?" for s in w.state["slots"])  # V4
    w.new_game(rules=Rules.parse("site"))
    assert str(w.rules) == SITE
    w.new_game("TP1-C-AAAAAAD-J")  # a code carries its own rules and variants
    assert str(w.rules) == "classic+joker" and w.state["number"] == 3
    before = dict(w.state)
    with pytest.raises(ValueError, match="1 to 50,000"):
        w.new_game(0)
    with pytest.raises(ValueError, match="1 to 50,000"):
        w.new_game(game=50_001, rules="site")
    with pytest.raises(TypeError):
        w.new_game(2.5)
    with pytest.raises(ValueError, match="once"):
        w.new_game("site", rules="easy")
    with pytest.raises(ValueError, match="not both"):
        w.new_game("TP1-E-AAAAAAB", game=1)
    with pytest.raises(ValueError, match="TP1-"):
        w.new_game("TP1-E-AAAAAAB", rules="classic")  # the code says Easy
    assert w.state == before  # nothing dealt by a refused call


# -- the New game dialog's intents --------------------------------------------------------------


def test_dialog_intent_rules_with_variants_and_a_game_number(replies):
    w = TriPeaks("TP1-E-AAAAAAB", records=False)
    intent(w, {"type": "new_game", "rules": "classic+joker", "game": 123, "code": "", "id": 1})
    assert replies == [{"type": "reply", "id": 1, "ok": True, "error": ""}]
    assert w.code == Game.from_number(123, "classic+joker").code
    assert w.state["rules"] == "classic" and w.state["variants"] == ["joker"] and w.state["number"] == 123


def test_dialog_intent_site_preset_random_deal(replies):
    w = TriPeaks("TP1-E-AAAAAAB", records=False)
    intent(w, {"type": "new_game", "rules": SITE, "game": None, "code": "", "id": "r"})
    assert replies[-1]["ok"] is True
    assert str(w.rules) == SITE and w.state["discard"] is None and w.code.endswith("-SW")


def test_dialog_intent_a_pasted_code_wins(replies):
    w = TriPeaks("TP1-E-AAAAAAB", records=False)
    intent(w, {"type": "new_game", "rules": "easy+hogue-scoring", "game": 99, "code": " tp1-c-aaaaaad-o ", "id": 2})
    assert replies[-1] == {"type": "reply", "id": 2, "ok": True, "error": ""}
    assert w.code == "TP1-C-AAAAAAD-O" and str(w.rules) == "classic+open-peaks"


@pytest.mark.parametrize("number", [0, 50_001, -5])
def test_dialog_intent_game_number_out_of_range_replies_why(replies, number):
    w = TriPeaks("TP1-E-AAAAAAB", records=False)
    before = dict(w.state)
    intent(w, {"type": "new_game", "rules": "easy", "game": number, "code": "", "id": 3})
    reply = replies[-1]
    assert reply["ok"] is False and reply["field"] == "game" and "1 to 50,000" in reply["error"]
    assert unchanged(w.state) == unchanged(before)


def test_dialog_intent_bad_code_replies_on_the_code_field(replies):
    w = TriPeaks("TP1-E-AAAAAAB", records=False)
    intent(w, {"type": "new_game", "rules": "easy", "game": 5, "code": "TP1-E-AAAAAAB-Q", "id": 4})
    assert replies[-1]["ok"] is False and replies[-1]["field"] == "code"
    assert replies[-1]["error"] == "Variant letters are H, J, O, S and W, each at most once, as in TP1-E-AAAAAAB-SW."
    assert w.code == "TP1-E-AAAAAAB"


@pytest.mark.parametrize(
    "content",
    [
        {"type": "new_game", "rules": "hard", "id": 5},
        {"type": "new_game", "rules": "easy+bogus", "id": 5},
        {"type": "new_game", "rules": "", "id": 5},
        {"type": "new_game", "rules": 7, "id": 5},
        {"type": "new_game", "rules": ["easy"], "id": 5},
        {"type": "new_game", "rules": "easy+" * 2000, "id": 5},
        {"type": "new_game", "game": "123", "id": 5},
        {"type": "new_game", "game": 12.0, "id": 5},
        {"type": "new_game", "game": True, "id": 5},
        {"type": "new_game", "game": [1], "id": 5},
        {"type": "new_game", "game": {"n": 1}, "id": 5},
        {"type": "new_game", "code": 7, "game": 3, "id": 5},
    ],
)
def test_malformed_dialog_intents_change_nothing(replies, caplog, content):
    w = TriPeaks("TP1-E-AAAAAAB", records=False)
    before = dict(w.state)
    with caplog.at_level(logging.WARNING, logger="tripeaks_widget"):
        intent(w, content)
    assert unchanged(w.state) == unchanged(before)
    assert any("malformed" in r.getMessage() for r in caplog.records)
    assert replies == [{"type": "reply", "id": 5, "ok": False, "error": replies[0]["error"]}]
    assert replies[0]["error"].startswith("Malformed request")


# -- records of the series (§9) ------------------------------------------------------------------


def test_a_win_is_recorded_and_its_notice_shown(store):
    w = TriPeaks(game=WINNABLE, records=store)
    line = winning_line()
    play_by_hand(w, line)
    assert w.status == "won"
    text = f"First win of game {WINNABLE} (Easy): won in {len(line)} moves."
    assert w.notices == [text]
    assert w.state["notices"] == [{"kind": "first_win", "text": text}]
    assert w.state["message"] == "You won!"  # the game's message keeps its own line
    [result] = Records(store).results()
    assert (result["number"], result["outcome"], result["rules"], result["moves"]) == (
        WINNABLE,
        "won",
        "easy",
        len(line),
    )
    # Dealing it again says its record and who holds it; the same win again is no news.
    w.new_game(WINNABLE)
    standing = f"Record of game {WINNABLE} (Easy): won in {len(line)} moves, held by {w.player}."
    assert w.notices == [standing] and w.state["notices"] == [{"kind": "standing", "text": standing}]
    w.replay(list(line), pace=0)  # a scripted line ranks apart, with a first win of its own
    assert w.status == "won"
    assert w.notices == [f"First win of game {WINNABLE} (Easy, scripted): won in {len(line)} moves."]
    assert [r["category"] for r in Records(store).results()] == ["scripted", "hand"]


def test_a_game_with_any_move_from_python_is_scripted_and_clicks_and_keys_are_play_by_hand(store):
    """Issue 45, item 2: before, a line solved on a game of its own and applied to a recorded board
    took an unassisted first win among everyone's."""
    line = winning_line()
    apart = TriPeaks(game=WINNABLE, records=store, player="ana")
    for action in Game(apart.code).solve().line:  # solved apart: the board itself consulted nothing
        apart.apply(action)
    assert apart.status == "won" and apart.notices[0].startswith(f"First win of game {WINNABLE} (Easy, scripted): ")
    behind = TriPeaks(game=WINNABLE, records=store, player="bo")
    behind.game.apply(line[0])  # one move behind the board's back, every other one a click
    play_by_hand(behind, line[1:])
    clicks = TriPeaks(game=WINNABLE, records=store, player="cy")
    play_by_hand(clicks, [line[0], "undo", *line])  # an undo by hand is play by hand too
    assert clicks.status == "won" and clicks.state["notices"][0]["kind"] == "first_win"
    assert clicks.notices[0].startswith(f"First win of game {WINNABLE} (Easy): ")  # the first win by hand
    assert {r["player"]: r["category"] for r in Records(store).results()} == {
        "ana": "scripted",
        "bo": "scripted",
        "cy": "hand",
    }
    by_hand = rows(Records(store).leaderboard(WINNABLE))
    scripted = rows(Records(store).leaderboard(WINNABLE, category="scripted"))  # a table of its own
    assert [(e["player"], e["category"]) for e in by_hand + scripted] == [
        ("cy", "hand"),
        ("ana", "scripted"),
        ("bo", "scripted"),
    ]


def test_a_blocked_game_is_recorded_again_after_undo(store):
    w = TriPeaks(game=1, rules="classic", records=store)
    play_until_blocked(w)
    assert w.status == "blocked"
    [notice] = w.state["notices"]
    assert notice["kind"] == "best_so_far" and notice["text"].startswith("Best result so far of game 1 (Classic): ")
    intent(w, {"type": "undo"})
    assert w.state["notices"] == [] and w.status == "playing"
    intent(w, {"type": "draw"} if w.stock_count else {"type": "undo"})
    play_until_blocked(w)
    results = Records(store).results(number=1)
    assert [r["outcome"] for r in results] == ["blocked"]  # one play, one result


def test_a_numbered_game_left_for_a_new_deal_is_recorded_abandoned(store):
    w = TriPeaks(game=5, records=store)
    w.play(w.state["playable"][0]) if w.state["playable"] else w.draw()
    w.new_game()
    [result] = Records(store).results()
    assert (result["number"], result["outcome"], result["moves"]) == (5, "abandoned", 1)
    # What the store says of game 5 belongs to game 5: it is not shown under the next deal.
    assert not any("game 5 " in notice for notice in w.notices)
    # Without a move, or outside the series, nothing is recorded.
    w.new_game(6)
    w.new_game("TP1-E-AAADAAA")
    w.draw()
    w.new_game(7)
    assert len(Records(store).results()) == 1 and w.notices == []


def test_a_dialog_deal_records_the_game_left_behind(store, replies):
    w = TriPeaks(game=9, records=store)
    intent(w, {"type": "draw"})
    intent(w, {"type": "new_game", "rules": "classic+joker", "game": 10, "code": "", "id": 1})
    assert replies[-1]["ok"] is True
    assert [r["outcome"] for r in Records(store).results(number=9)] == ["abandoned"]
    assert w.state["number"] == 10
    assert not any("game 9 " in notice["text"] for notice in w.state["notices"])  # game 9's words stay with it


def test_records_follow_the_environment_variable(tmp_path, monkeypatch):
    path = tmp_path / "from-env.sqlite3"
    monkeypatch.setenv("TRIPEAKS_RECORDS", str(path))
    w = TriPeaks(game=WINNABLE)
    assert w.records is not None and w.records.path == path and w.records_error is None
    assert w.state["notices"] == []


def test_records_given_as_a_store_or_turned_off(store):
    records = Records(store)
    w = TriPeaks(game=WINNABLE, records=records)
    assert w.records is records
    play_by_hand(w, winning_line())
    assert records.stats()["won"] == 1
    off = TriPeaks(game=WINNABLE, records=False)
    assert off.records is None and off.records_error is None
    play_by_hand(off, winning_line())
    assert off.status == "won" and off.notices == [] and records.stats()["won"] == 1
    with pytest.raises(TypeError, match="records"):
        TriPeaks(records=3)


def test_a_corrupt_records_file_is_said_once_and_left_untouched(tmp_path, caplog):
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"\x00\x01 not a records store " * 40)
    before = digest(path)
    with caplog.at_level(logging.WARNING, logger="tripeaks_widget"):
        w = TriPeaks(game=WINNABLE, records=path)
    assert w.records is None and str(path) in w.records_error
    assert w.state["notices"] == [{"kind": "error", "text": w.records_error}]
    assert w.notices == [w.records_error]
    assert any("without records" in r.getMessage() for r in caplog.records)
    line = winning_line()
    play_by_hand(w, line[:1])
    assert w.state["notices"] == []  # said once
    play_by_hand(w, line[1:])
    assert w.status == "won" and w.state["notices"] == [] and w.state["message"] == "You won!"
    w.new_game()
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.sqlite3"]  # no journal beside it


def test_a_corrupt_file_named_by_the_environment(tmp_path, monkeypatch):
    path = tmp_path / "records.sqlite3"
    path.write_text("id,score\n1,500\n")
    monkeypatch.setenv("TRIPEAKS_RECORDS", str(path))
    w = TriPeaks(game=2)
    assert w.records is None and w.state["notices"][0]["kind"] == "error"
    assert path.read_text() == "id,score\n1,500\n"


def test_a_failing_write_is_said_and_the_game_goes_on(store, caplog):
    w = TriPeaks(game=WINNABLE, records=store)
    with sqlite3.connect(store) as other:  # another program breaks the store under the widget
        other.execute("DROP TABLE bests")
    other.close()
    with caplog.at_level(logging.WARNING, logger="tripeaks_widget"):
        play_by_hand(w, winning_line())
        assert w.records.flush(5)  # the store's report comes from its own thread
    assert w.status == "won" and w.state["status"] == "won"
    [notice] = w.state["notices"]
    assert notice["kind"] == "error" and "no such table: bests" in notice["text"] and str(store) in notice["text"]
    assert any('"number": 3' in r.getMessage() for r in caplog.records)  # the result itself, reported whole


def test_the_per_move_snapshot_stays_small_with_variants_and_notices(store):
    w = TriPeaks(game=WINNABLE, rules=EVERY_VARIANT, records=store)
    sizes = []
    while w.status == "playing":
        moves = w.legal_moves()
        w.apply(moves[0])
        sizes.append(len(json.dumps(w.state, ensure_ascii=False).encode()))
    assert w.state["notices"]  # the end was recorded
    assert max(sizes) <= 2048, max(sizes)
    assert w.state["score"] == w.score  # V2 scores may go below 0; the snapshot says it as it is


# -- players, assists and a shared store (§9 across a class) ---------------------------------------


def test_the_player_is_given_or_the_hub_user(store, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "hub-ana")
    w = TriPeaks(game=WINNABLE, records=store)
    assert w.player == "hub-ana"
    w.player = "bea"
    play_by_hand(w, winning_line())
    other = TriPeaks(game=WINNABLE, records=store, player="cy")
    assert other.player == "cy"
    assert other.notices == [f"Record of game {WINNABLE} (Easy): won in {len(winning_line())} moves, held by bea."]
    other.draw()
    other.new_game(WINNABLE + 1)
    assert [(r["player"], r["outcome"]) for r in Records(store).results()] == [("cy", "abandoned"), ("bea", "won")]
    with pytest.raises(ValueError, match="control characters"):
        w.player = "bea\n"
    assert w.player == "bea"


def test_results_say_which_assists_were_used(store):
    hinted = TriPeaks(game=WINNABLE, records=store, player="ana")
    hinted.fair_hint()
    play_by_hand(hinted, winning_line())
    assert hinted.notices == []  # an assisted win takes no record
    judged = TriPeaks(game=WINNABLE, records=store, player="bob", show_verdict=True)
    play_by_hand(judged, winning_line())
    judged.board.assists.worker.wait(20)
    plain = TriPeaks(game=WINNABLE, records=store, player="cy")
    play_by_hand(plain, winning_line())
    assert [n["kind"] for n in plain.state["notices"]] == ["first_win"]
    by_player = {r["player"]: r["assists"] for r in Records(store).results()}
    assert by_player == {"ana": ["fair_hint"], "bob": ["verdict"], "cy": []}
    board = rows(Records(store).leaderboard(WINNABLE))
    ranked = [(e["rank"], e["player"], e["assisted"]) for e in board]
    assert ranked == [(1, "cy", False), (2, "ana", True), (2, "bob", True)]  # the same line: the same rank
    hinted.new_game(WINNABLE)  # a new deal starts without assists
    play_by_hand(hinted, winning_line())
    assert Records(store).results()[0]["assists"] == []


def test_a_held_lock_keeps_the_board_live_and_the_result_lands_when_it_goes(store):
    w = TriPeaks(game=WINNABLE, records=store, player="ana")
    other = sqlite3.connect(store, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # a second kernel mid-write, or a backup, for longer than any wait
    line = winning_line()
    play_by_hand(w, line[:-1])
    started = time.monotonic()
    play_by_hand(w, line[-1:])
    assert time.monotonic() - started < 3  # the last card is not held up by the lock
    assert w.status == "won" and w.state["status"] == "won" and w.state["notices"] == []
    time.sleep(0.3)
    assert w.records.flush(0.1) is False  # still waiting, still kept
    other.execute("COMMIT")
    other.close()
    assert w.records.flush(20)
    text = f"First win of game {WINNABLE} (Easy): won in {len(line)} moves."
    assert w.state["notices"] == [{"kind": "first_win", "text": text}]  # published when it came
    assert [r["player"] for r in Records(store).results()] == ["ana"]


def test_no_journal_files_are_left_once_the_widget_closes(store):
    w = TriPeaks(game=WINNABLE, records=store)
    play_by_hand(w, winning_line())
    assert (store.parent / "records.sqlite3-wal").exists()  # open: the write-ahead journal is in use
    w.close()
    assert sorted(p.name for p in store.parent.iterdir()) == ["records.sqlite3"]
    assert len(Records(store).results()) == 1


def test_a_shared_postgres_store_by_url(postgres):
    ana = TriPeaks(game=WINNABLE, records=postgres.url, player="ana")
    bob = TriPeaks(game=WINNABLE, records=postgres.url, player="bob")
    assert ana.records.kind == "PostgreSQL" and "@" in ana.records.where and ana.records_error is None
    play_by_hand(bob, winning_line())
    assert bob.records.flush(10)  # an answer later than a move waits for comes in a snapshot of its own
    assert [n["kind"] for n in bob.state["notices"]] == ["first_win"]
    play_by_hand(ana, winning_line())
    assert ana.records.flush(10)
    assert ana.state["notices"] == []  # a tie: bob was first
    ana.new_game(WINNABLE)  # the game's standing is read from the server in the background
    deadline = time.monotonic() + 10
    while not ana.notices and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ana.notices == [f"Record of game {WINNABLE} (Easy): won in {len(winning_line())} moves, held by bob."]
    ana.close()
    bob.close()


ANALYSES = {
    "w.solve()": lambda w: w.solve(),
    "w.hint()": lambda w: w.hint(),
    "w.winnable()": lambda w: w.winnable(),
    "solver.winning_actions": lambda w: solver.winning_actions(w.game),
    "fair.ceiling_chance": lambda w: fair.ceiling_chance(w.game, samples=4),
    "w.game.fair_hint()": lambda w: w.game.fair_hint(samples=8),
    "w.win_chance": lambda w: w.win_chance(),
    "w.verdict": lambda w: w.verdict,
}


@pytest.mark.parametrize("consult", ANALYSES.values(), ids=ANALYSES.keys())
def test_an_analysis_consulted_from_python_marks_the_game_assisted_as_the_buttons_do(store, consult):
    w = TriPeaks(game=WINNABLE, records=store, player="ana")
    consult(w)
    w.replay(winning_line(), pace=0)
    assert w.status == "won" and w.notices == []  # an assisted win takes no record
    [result] = Records(store).results()
    assert result["assists"] != []
    assert rows(Records(store).leaderboard(WINNABLE, category="scripted"))[0]["assisted"] is True


def test_the_header_says_scripted_once_a_move_is_made_from_python_and_a_new_deal_is_by_hand_again():
    """Before, the board's header said "Unassisted" of a scripted game, and never "Scripted"."""
    w = TriPeaks(game=WINNABLE, records=False)
    assert w.state["scripted"] is False
    play_by_hand(w, winning_line()[:2])
    assert w.state["scripted"] is False  # every move by hand
    w.draw()  # from Python
    assert w.state["scripted"] is True
    w.new_game(WINNABLE)
    assert w.state["scripted"] is False
    w.close()


def test_a_scripted_solver_line_is_not_an_unassisted_win(store):
    w = TriPeaks(game=WINNABLE, records=store, player="ana")
    w.replay(w.solve().line, pace=0)
    assert w.status == "won"
    assert Records(store).results()[0]["assists"] == ["verdict"]  # the solver's answer, as a board names it
    assert rows(Records(store).leaderboard(WINNABLE, category="scripted"))[0]["assisted"] is True


def test_a_notice_about_the_game_left_behind_never_shows_under_the_new_one(store):
    w = TriPeaks(game=WINNABLE, records=store, player="ana")
    w.play(winning_line()[0])
    w.new_game(game=WINNABLE + 1)
    w.board.assists.worker.wait(5)
    time.sleep(0.6)  # a late answer of the store would come by now
    assert all(str(WINNABLE) + " " not in text and f"game {WINNABLE} " not in text for text in w.notices)
    assert [r["outcome"] for r in Records(store).results()] == ["abandoned"]


def test_an_abandoned_game_counts_as_played_not_finished_and_does_not_lower_the_win_percent(store):
    w = TriPeaks(game=WINNABLE, records=store, player="ana")
    w.replay(winning_line(), pace=0)
    w.new_game(game=WINNABLE + 1)
    w.draw()
    w.new_game(game=WINNABLE + 2)  # game WINNABLE + 1 left unfinished
    stats = Records(store).stats(player="ana")
    assert (stats["played"], stats["won"], stats["abandoned"], stats["finished"]) == (2, 1, 1, 1)
    assert stats["win_percent"] == 100.0


def test_the_snapshot_says_whether_results_are_recorded(store):
    assert TriPeaks(game=1, records=store).state["records"] is True
    assert TriPeaks(game=1, records=False).state["records"] is False
