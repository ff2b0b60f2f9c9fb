"""Helpers shared by the tests: delivering messages as the front end's comm does, and the
engine's invariants checked after every step."""

from __future__ import annotations

from tripeaks_widget.game import PEAK_BONUS, START_SCORE
from tripeaks_widget.layout import SLOT_COUNT


def intent(widget, content):
    """Deliver a custom message as the front end's comm would."""
    widget._handle_custom_msg(content, [])


def comm_message(method, **data):
    """A whole comm message as the kernel hands it to a widget's ``_handle_msg``."""
    return {"content": {"data": {"method": method, **data}}, "buffers": []}


def undone_draws(history):
    """How many draws of ``history`` were taken back by an undo."""
    line, undone = [], 0
    for action in history:
        if action == "undo":
            undone += line.pop() == "draw"
        else:
            line.append(action)
    return undone


def check_cards_and_score(g):
    """Every card once (peaks, discard pile, stock), and the app's score from the position alone
    (R5.1, R5.2; Hogue scoring aside)."""
    on_peaks = [g.deck[s] for s in range(SLOT_COUNT) if not g.is_removed(s)]
    assert sorted(on_peaks + g.waste + list(g.stock)) == sorted(g.deck)
    assert len(g.deck) == (53 if g.rules.joker else 52)
    if not g.rules.hogue_scoring:
        cleared = sum(p["cleared"] for p in g.peaks())
        drawn = g.history.count("draw") - undone_draws(g.history)
        assert g.score == max(0, START_SCORE - (SLOT_COUNT - g.cards_left) - drawn + PEAK_BONUS * cleared)
    assert g.moves == sum(a != "undo" for a in g.history)
