"""The widget where things go wrong: a search that runs out of time, a player name the records
cannot take, a winnable-deal request replaced by a later one."""

from __future__ import annotations

import logging

import pytest
from helpers.support import at_once, intent, replies_of

from tripeaks_widget import TriPeaks, fair, solver
from tripeaks_widget.board.assists import VERDICT_UNKNOWN

OPENING = "TP1-E-AAAAAAB"


def out_of_time(*_args, **_kwargs):
    raise solver.SearchExhausted("no verdict within the budget")


def test_a_win_chance_out_of_time_says_so_as_the_verdict_does(monkeypatch, caplog):
    # every search runs out of time, as a hard position on a busy machine does
    monkeypatch.setattr(solver, "winnable", out_of_time)
    monkeypatch.setattr(fair, "win_chance_steps", at_once(out_of_time))  # the board's chance is the fair one
    w = TriPeaks(OPENING, records=False, show_win_chance=True, show_verdict=True)
    with caplog.at_level(logging.ERROR, logger="tripeaks_widget"):
        assert w.board.assists.worker.wait(30)
    chance = w.state["win_chance"]
    assert chance["kind"] == "unknown" and chance["value"] is None
    assert chance["text"] == VERDICT_UNKNOWN == "Could not decide within the time limit"
    assert w.state["verdict"]["text"] == chance["text"]  # one answer, one wording
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # no traceback logged
    w.lang = "el"
    assert w.state["win_chance"]["text"] == w.state["verdict"]["text"] != chance["text"]
    with pytest.raises(solver.SearchExhausted):  # from Python: the TimeoutError it is
        w.win_chance()
    w.close()


def test_a_winnable_deal_request_replaced_while_it_waits_still_gets_its_reply(monkeypatch):
    """Two views of one board ask for winnable deals while a third search still runs: the second's
    search, waiting, is replaced by the third's, and both are answered when the deal comes."""
    from helpers.support import Gate, settled

    gate = Gate(lambda rules: "TP1-E-AAAAAAD" if str(rules) == "easy" else "TP1-C-AAAAAAB")
    asked = []

    def finder(rules, rng=None, *, budget=None, layout=None):
        asked.append(str(rules))
        return gate(rules)

    monkeypatch.setattr(solver, "random_winnable_steps", at_once(finder))
    replies: list[dict] = []
    w = TriPeaks(OPENING, records=False)
    replies_of(w, replies)
    intent(w, {"type": "new_game", "rules": "classic", "winnable": True, "id": 1})
    assert gate.started.wait(10)  # the first search runs; the next requests wait behind it
    intent(w, {"type": "new_game", "rules": "classic", "winnable": True, "id": 2})
    intent(w, {"type": "new_game", "rules": "easy", "winnable": True, "id": 3})
    gate.release.set()
    settled(w)
    assert asked == ["classic", "easy"]  # the second request's search was replaced, never run
    assert sorted(reply["id"] for reply in replies) == [1, 2, 3]
    assert all(reply["ok"] is True and reply["error"] == "" for reply in replies)
    assert w.code == "TP1-E-AAAAAAD"  # the newest request's deal
    w.close()


def test_a_replaced_request_gets_the_later_ones_refusal_too(monkeypatch):
    from helpers.support import Gate, settled

    gate = Gate(lambda rules: "TP1-E-AAAAAAD")
    calls = []

    def finder(rules, rng=None, *, budget=None, layout=None):
        calls.append(str(rules))
        if len(calls) > 1:
            raise solver.SearchExhausted("none within the budget")
        return gate(rules)

    monkeypatch.setattr(solver, "random_winnable_steps", at_once(finder))
    replies: list[dict] = []
    w = TriPeaks(OPENING, records=False)
    replies_of(w, replies)
    intent(w, {"type": "new_game", "winnable": True, "id": 1})
    assert gate.started.wait(10)
    intent(w, {"type": "new_game", "winnable": True, "id": 2})
    intent(w, {"type": "new_game", "winnable": True, "id": 3})
    gate.release.set()
    settled(w)
    by_id = {reply["id"]: reply for reply in replies}
    assert by_id[1]["ok"] is True
    assert by_id[2] == by_id[3] | {"id": 2} and by_id[3]["ok"] is False and by_id[3]["field"] == "winnable"
    w.close()


# -- the player's name ------------------------------------------------------------------------------

HUB_NAME = "ana.maria.gudmundsdottir.longname+tripeaks-class-2026@students.example.edu"  # 75 characters


@pytest.fixture
def fresh_names(monkeypatch):
    """Each test starts as a new process does: no renamed name said yet."""
    from tripeaks_widget.records import player

    monkeypatch.setattr(player, "_said", set())


def test_a_long_hub_user_name_never_stops_the_game(monkeypatch, fresh_names, tmp_path, caplog):
    from tripeaks_widget.records import check_player

    monkeypatch.setenv("JUPYTERHUB_USER", HUB_NAME)
    assert TriPeaks(records=False).player  # before: ValueError, no game
    with caplog.at_level(logging.WARNING, logger="tripeaks_widget"):
        w = TriPeaks(game=1, records=tmp_path / "records.sqlite3")
    assert check_player(w.player) == w.player and len(w.player) <= 64
    assert w.player.startswith("ana.maria.") and w.player != HUB_NAME
    said = [n for n in w.notices if "recorded as" in n]
    assert said == [f"Your user name cannot be used for the records, so your results are recorded as {w.player}."]
    assert [r for r in caplog.records if HUB_NAME in r.getMessage()]  # and in the log
    again = TriPeaks(game=1, records=tmp_path / "records.sqlite3")
    assert again.player == w.player  # the same name each time: a player's results stay together
    assert not [n for n in again.notices if "recorded as" in n]  # said once
    w.close()
    again.close()


@pytest.mark.parametrize(
    "name",
    ["x" * 65, "ana\u202eevil", "tab\there", "\u200f", "\x07", "a\nb"],
)
def test_any_environment_name_is_fitted_to_the_records(monkeypatch, fresh_names, name):
    from tripeaks_widget.records import check_player
    from tripeaks_widget.records.player import fitted

    monkeypatch.setenv("JUPYTERHUB_USER", name)
    w = TriPeaks(records=False)
    assert check_player(w.player) == w.player == fitted(name)
    w.close()


def test_names_the_records_take_are_kept_and_distinct_long_names_stay_distinct():
    from tripeaks_widget.records.player import fitted

    assert fitted("ana") == "ana" and fitted("Ásdís Þór") == "Ásdís Þór" and fitted("x" * 64) == "x" * 64
    assert fitted("a" * 70 + "1") != fitted("a" * 70 + "2")


def test_a_name_given_in_code_is_still_checked(monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", HUB_NAME)
    with pytest.raises(ValueError, match="a player's name is 1 to 64 characters"):
        TriPeaks(records=False, player="y" * 65)


@pytest.mark.parametrize(("lang", "words"), [("el", "ρεκόρ"), ("he", "לשיאים"), ("is", "metin")])
def test_the_renamed_notice_is_said_in_the_boards_language(monkeypatch, fresh_names, tmp_path, lang, words):
    monkeypatch.setenv("JUPYTERHUB_USER", HUB_NAME)
    w = TriPeaks(game=1, records=tmp_path / "records.sqlite3", lang=lang)
    assert any(words in n["text"] and w.player in n["text"] for n in w.state["notices"])
    w.close()


def test_a_winnable_deal_is_looked_for_on_the_layout_the_dialog_chose(monkeypatch):
    from helpers.support import settled

    asked = []

    def finder(rules, rng=None, *, budget=None, layout=None):
        asked.append(layout.key)
        return f"TP1-E-AAAAAAD@{layout.key}"

    monkeypatch.setattr(solver, "random_winnable_steps", at_once(finder))
    w = TriPeaks(OPENING, records=False)
    replies = replies_of(w)
    intent(w, {"type": "new_game", "rules": "easy", "winnable": True, "layout": "COLUMNS", "id": 1})
    settled(w)
    assert asked == ["COLUMNS"] and [reply["ok"] for reply in replies] == [True]
    assert w.code == "TP1-E-AAAAAAD@COLUMNS" and len(w.state["slots"]) == 21
    w.close()
