"""The whole comm path under hostile input: whatever the front end sends, custom messages or
state updates, the handler never raises, Python's state is the only state, and the game keeps
its invariants after every message."""

from __future__ import annotations

import logging
import os

import pytest
from helpers.support import check_cards_and_score, comm_message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tripeaks_widget import TriPeaks, i18n
from tripeaks_widget.board import intents
from tripeaks_widget.board.intents import brief

OPENING = "TP1-E-AAAAAAB"  # R6.4


def nested(depth, leaf=1):
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"type": value}
    return value


# -- a deeply nested message (issue: logging built the whole repr) -------------------------------


def test_brief_is_bounded_however_deep_or_large():
    assert len(brief(nested(100_000))) < 200
    assert len(brief({"type": "x" * 10**6, "slot": list(range(10**5))})) < 400


def test_a_message_nested_thousands_deep_is_ignored_with_a_short_warning(caplog):
    w = TriPeaks(OPENING, records=False)
    before = dict(w.state)
    with caplog.at_level(logging.WARNING, logger="tripeaks_widget"):
        for content in (nested(5000), {"type": "play", "slot": nested(5000)}, [nested(5000)]):
            w._handle_msg(comm_message("custom", content=content))
    assert w.state == before and w.history == []
    warnings = [r.getMessage() for r in caplog.records if "malformed intent" in r.getMessage()]
    assert len(warnings) == 3 and all(len(text) < 300 for text in warnings)


# -- synced traits are Python's --------------------------------------------------------------------


def test_a_front_end_update_of_the_snapshot_or_the_labels_is_refused_and_resent(monkeypatch):
    w = TriPeaks(OPENING, records=False)
    w.play("K♣")
    state, labels = dict(w.state), dict(w.labels)
    resent = []
    monkeypatch.setattr(w, "send_state", lambda key=None: resent.append(key))
    w._handle_msg(comm_message("update", state={"state": {**state, "score": 99999}, "labels": {}}, buffer_paths=[]))
    assert w.state == state and w.labels == labels and w.score == 500 - 1
    assert resent == [["state", "labels"]]  # the front end gets the true values back
    w._handle_msg(comm_message("update", state={"nonsense": 1, "layout": "not a widget"}, buffer_paths=[]))
    assert w.state == state and resent[-1] == ["layout"]


# -- the fuzz: a seeded, bounded stream through _handle_msg -------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
intent_contents = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("play"), "slot": st.integers(-2, 30) | json_values},
        optional={"seq": st.integers(-1, 2**53) | json_values},
    ),
    st.fixed_dictionaries({"type": st.just("lang"), "value": st.sampled_from([*i18n.LANGUAGES, "fr"]) | json_values}),
    st.sampled_from([{"type": "draw"}, {"type": "undo"}, {"type": "hint"}]),
    st.fixed_dictionaries({"type": st.sampled_from(list(intents.SWITCHES)), "value": st.booleans() | json_values}),
    st.fixed_dictionaries({"type": st.sampled_from(["review", "stats"]), "open": st.booleans() | json_values}),
    st.fixed_dictionaries(
        {"type": st.just("hint_kind"), "value": st.sampled_from([*intents.HINT_KINDS, "peek"]) | json_values}
    ),
    st.fixed_dictionaries(
        {"type": st.just("new_game")},
        optional={
            "rules": st.sampled_from(["easy", "classic", "site", "classic+joker", "easy+hogue-scoring", "x"])
            | json_values,
            "game": st.integers(-3, 50_003) | json_values,
            "code": st.sampled_from(["", "TP1-E-AAAAAAB", "TP1-C-AAAAAAD-SW", "TP1-E-AAAAAAB-SS", "nope"])
            | json_values,
            "winnable": st.booleans() | json_values,
            "id": st.integers(0, 9) | json_values,
        },
    ),
    st.dictionaries(st.sampled_from(["type", "slot", "value", "id"]), json_values),
    json_values,
)
custom_messages = intent_contents.map(lambda content: comm_message("custom", content=content))
snapshot_like = st.dictionaries(st.sampled_from(["score", "moves", "status", "slots", "seq"]), json_values, min_size=1)
update_messages = st.fixed_dictionaries(
    {},
    optional={
        "state": snapshot_like | json_values,
        "labels": json_values,
        "layout": json_values,
        "_esm": json_values,
        "tooltip": json_values,
        "nonsense": json_values,
    },
).map(lambda state: comm_message("update", state=state, buffer_paths=[]))
streams = st.lists(st.one_of(update_messages, custom_messages, custom_messages), min_size=5, max_size=25)


def check_board(w, last):
    """The invariants after one message; ``last`` is (game, moves) before it."""
    with w.board.lock:  # a search's result lands under the lock: read one moment
        g = w.game
        check_cards_and_score(g)
        if last[0] is g:
            assert g.moves >= last[1]  # the counter never goes down (R6.2)
        view = g.view()
        said = ("message", "description")  # in the board's language
        assert {key: w.state[key] for key in view if key not in said} == {
            key: value for key, value in view.items() if key not in said
        }
        assert w.state["description"] == w.describe()
        assert w.state["message"] == i18n.translate(w.message, w.lang)
        assert w.labels == i18n.labels(w.lang) and w.state["lang"] == w.lang
        return g, g.moves


# TRIPEAKS_FUZZ_EXAMPLES=5000 runs a longer stream (a few minutes).
@settings(
    max_examples=int(os.environ.get("TRIPEAKS_FUZZ_EXAMPLES", 60)),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(stream=streams)
def test_any_stream_of_messages_keeps_the_game_whole(stream):
    w = TriPeaks(OPENING, records=False)
    w.search_budget, w.deal_budget = 0.02, 0.05
    w.send = lambda content, buffers=None: None
    try:
        last = check_board(w, (None, 0))
        for message in stream:
            w._handle_msg(message)
            last = check_board(w, last)
        assert w.board.assists.worker.wait(10)
        check_board(w, last)
    finally:
        w.close()


@pytest.mark.parametrize("content", [None, [], "play", 3, {"type": None}, {"type": "play", "slot": True}])
def test_malformed_custom_messages_change_nothing(content):
    w = TriPeaks(OPENING, records=False)
    before = dict(w.state)
    w._handle_msg(comm_message("custom", content=content))
    assert w.state == before
