"""Property tests: random games with random undo keep the engine's invariants (R2, R4, R5, R6)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks_widget import Game, IllegalMoveError
from tripeaks_widget.cards import DECK
from tripeaks_widget.game import PEAK_BONUS, START_SCORE
from tripeaks_widget.layout import SLOT_COUNT

actions = st.lists(st.one_of(st.integers(0, SLOT_COUNT - 1), st.just("draw"), st.just("undo")), max_size=120)


def state(g):
    return (g.position, g.score, g.stock_count, g.view()["slots"], g.status)


@settings(max_examples=150, deadline=None)
@given(number=st.integers(0, 26**7 - 1), rules=st.sampled_from(["easy", "classic"]), script=actions)
def test_random_play_keeps_every_invariant(number, rules, script):
    g = Game.from_number(number, rules)
    before_each = []  # states before each undoable action
    for action in script:
        moves = g.moves
        snapshot = state(g)
        try:
            g.apply(action)
        except IllegalMoveError:
            assert state(g) == snapshot and g.moves == moves  # a refusal changes nothing
            continue
        if action == "undo":
            assert state(g) == before_each.pop()  # undo is exact (R6.1)
        else:
            before_each.append(snapshot)
        assert g.moves >= moves  # the counter never goes down (R6.2)

        # 52 distinct cards: peak cards still there, the discard pile, the stock.
        on_peaks = [g.deck[s] for s in range(SLOT_COUNT) if not g.is_removed(s)]
        assert sorted(on_peaks + g.waste + list(g.stock)) == sorted(DECK)
        assert g.discard == g.waste[-1]

        # The score follows from the position alone (R5.1, R5.2).
        cleared = sum(p["cleared"] for p in g.peaks())
        drawn = 23 - g.stock_count
        assert g.score == max(0, START_SCORE - (SLOT_COUNT - g.cards_left) - drawn + PEAK_BONUS * cleared)
        assert g.moves == sum(a != "undo" for a in g.history)

        # The status matches the position (R4).
        won = g.cards_left == 0
        stuck = g.stock_count == 0 and not g.playable()
        assert g.status == ("won" if won else "blocked" if stuck else "playing")
        assert all(g.why_not(c) is None for c in g.playable())


@settings(max_examples=60, deadline=None)
@given(number=st.integers(0, 26**7 - 1), script=actions)
def test_snapshots_round_trip_any_game(number, script):
    g = Game.from_number(number)
    for action in script:
        try:
            g.apply(action)
        except IllegalMoveError:
            pass
    back = Game.from_dict(g.to_dict())
    assert state(back) == state(g) and back.history == g.history and back.moves == g.moves
