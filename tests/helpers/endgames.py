"""Endgames for the fair player's exact searches: numbered games played up to a position with a
choice and few cards unseen."""

from __future__ import annotations

from tripeaks_widget import Game
from tripeaks_widget.fair.strategies import lookahead


def endgame(number: int, rules: str, unseen: int = 5, layout: str | None = None) -> Game:
    """Numbered game ``number`` (on ``layout``, None: Three Peaks) played by ``lookahead`` up to the
    first position with a choice, at most ``unseen`` cards unseen and a face-down peak card still to
    turn up."""
    game = Game.from_number(number, rules, layout=layout)
    while game.status == "playing":
        seen = game.seen()
        every = range(seen.layout.slot_count)
        face_down = [s for s in every if s not in seen.removed and seen.slot_cards[s] is None]
        if seen.hidden_count <= unseen and face_down and len(seen.legal_moves) > 1:
            return game
        game.apply(lookahead(seen))
    raise AssertionError(f"game {number} under {rules} never reached such a position")


# Positions whose actions have different chances strictly between 0 and 1 (and some 0 or 1), with
# face-down cards to turn up and stock cards to draw: every variant of the rule book that changes play.
ENDGAMES = [
    ("easy", 19),
    ("easy", 23),
    ("easy", 26),
    ("easy", 27),
    ("classic", 36),
    ("easy+joker", 10),
    ("easy+joker", 18),
    ("easy+joker", 35),
    ("site", 19),  # draw only when stuck, and an empty first discard
    ("classic+draw-when-stuck", 36),
]
