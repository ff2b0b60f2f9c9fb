"""The widget where things go wrong: a search that runs out of time, a player name the records
cannot take, a winnable-deal request replaced by a later one."""

from __future__ import annotations

import logging

import pytest
from support import intent

from tripeaks_widget import TriPeaks, solver
from tripeaks_widget.assists import VERDICT_UNKNOWN

OPENING = "TP1-E-AAAAAAB"


def out_of_time(*_args, **_kwargs):
    raise solver.SearchExhausted("no verdict within the budget")


def test_a_win_chance_out_of_time_says_so_as_the_verdict_does(monkeypatch, caplog):
    # every search runs out of time, as a hard position on a busy machine does
    monkeypatch.setattr(solver, "winnable", out_of_time)
    w = TriPeaks(OPENING, records=False, show_win_chance=True, show_verdict=True)
    with caplog.at_level(logging.ERROR, logger="tripeaks_widget"):
        assert w._worker.wait(30)
    chance = w.state["win_chance"]
    assert chance["kind"] == "unknown" and chance["value"] is None
    assert chance["text"] == VERDICT_UNKNOWN == "Could not decide within the time limit"
    assert w.state["verdict"]["text"] == chance["text"]  # one answer, one wording
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # no traceback logged
    w.lang = "el"
    assert w.state["win_chance"]["text"] == w.state["verdict"]["text"] != chance["text"]
    with pytest.raises(solver.SearchExhausted):  # from Python: the TimeoutError it is
        _ = w.win_chance
    w.close()


def test_a_winnable_deal_request_replaced_while_it_waits_still_gets_its_reply(monkeypatch):
    """Two views of one board ask for winnable deals while a third search still runs: the second's
    search, waiting, is replaced by the third's, and both are answered when the deal comes."""
    from test_widget_solver import Gate, settled

    gate = Gate(lambda rules: "TP1-E-AAAAAAD" if str(rules) == "easy" else "TP1-C-AAAAAAB")
    asked = []

    def finder(rules, rng=None, *, budget=None):
        asked.append(str(rules))
        return gate(rules)

    monkeypatch.setattr(solver, "random_winnable_code", finder)
    replies: list[dict] = []
    w = TriPeaks(OPENING, records=False)
    monkeypatch.setattr(w, "send", lambda content, buffers=None: replies.append(content))
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
    from test_widget_solver import Gate, settled

    gate = Gate(lambda rules: "TP1-E-AAAAAAD")
    calls = []

    def finder(rules, rng=None, *, budget=None):
        calls.append(str(rules))
        if len(calls) > 1:
            raise solver.SearchExhausted("none within the budget")
        return gate(rules)

    monkeypatch.setattr(solver, "random_winnable_code", finder)
    replies: list[dict] = []
    w = TriPeaks(OPENING, records=False)
    monkeypatch.setattr(w, "send", lambda content, buffers=None: replies.append(content))
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
