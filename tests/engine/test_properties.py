"""Property tests: random games with random undo keep the engine's invariants (R2, R4, R5, R6),
under both rule sets and every combination of the variants of SPEC §8."""

from helpers.support import SLOT_COUNT, undone_draws
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks_widget import Game, IllegalMoveError
from tripeaks_widget.engine.cards import DECK
from tripeaks_widget.engine.game import PEAK_BONUS, START_SCORE

rule_sets = st.builds(
    lambda base, letters: f"TP1-{base}-AAAAAAA" + (f"-{''.join(letters)}" if letters else ""),
    st.sampled_from("EC"),
    st.sets(st.sampled_from("HJOSW")).map(sorted),
)
actions = st.lists(st.one_of(st.integers(0, SLOT_COUNT - 1), st.just("draw"), st.just("undo")), max_size=120)


def state(g):
    return (g.position, g.score, g.stock_count, g.view()["slots"], g.status)


@settings(max_examples=150, deadline=None)
@given(number=st.integers(0, 26**7 - 1), template=rule_sets, script=actions)
def test_random_play_keeps_every_invariant(number, template, script):
    g = Game.from_number(number, Game(template).rules)
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

        # Every card once: peak cards still there, the discard pile, the stock (52, or 53 with the joker).
        on_peaks = [g.deck[s] for s in range(SLOT_COUNT) if not g.is_removed(s)]
        assert sorted(on_peaks + g.waste + list(g.stock)) == sorted(g.deck)
        assert len(g.deck) == (53 if g.rules.joker else 52) and set(DECK) <= set(g.deck)
        assert g.discard == (g.waste[-1] if g.waste else None)

        # The app's score follows from the position alone (R5.1, R5.2).
        if not g.rules.hogue_scoring:
            cleared = sum(p["cleared"] for p in g.peaks())
            drawn = g.history.count("draw") - undone_draws(g.history)
            assert g.score == max(0, START_SCORE - (SLOT_COUNT - g.cards_left) - drawn + PEAK_BONUS * cleared)
        assert g.moves == sum(a != "undo" for a in g.history)

        # The status matches the position (R4).
        won = g.cards_left == 0
        stuck = g.stock_count == 0 and not g.playable()
        assert g.rules.open_peaks or all(g.is_free(s) == g.is_face_up(s) for s in range(SLOT_COUNT))
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
