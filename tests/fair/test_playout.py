"""Playouts (tripeaks_widget.fair.playout, fair's method="playout"): the lookahead strategy played
fast on a known arrangement, and the chances it gives, fair and below the solver's."""

import itertools

import pytest
from helpers.hidden_cards import with_hidden_cards_permuted

from tripeaks_widget import LAYOUTS, Game, solver
from tripeaks_widget.engine.layout import Layout
from tripeaks_widget.engine.seen import SAMPLE_STREAM
from tripeaks_widget.fair import DRAW, PLAYOUT_SAMPLES, move_chances, playout_verdicts, sample_verdicts
from tripeaks_widget.fair.playout import lookahead_wins, playouts
from tripeaks_widget.fair.strategies import evaluate, fair, lookahead

RULE_SETS = ["easy", "classic", "easy+joker", "classic+open-peaks", "easy+draw-when-stuck", "classic+empty-discard"]


def played_out(game: Game) -> bool:
    """Whether lookahead wins ``game`` from its start, played out on bitmasks."""
    seen = game.seen()
    ranks = [card.rank for card in game.deck[: game.layout.slot_count]]
    stock = [card.rank for card in game.deck[seen.stock_start :]]
    _, free = seen.masks
    top = seen.discard.rank if seen.discard else 0
    return lookahead_wins(ranks, stock, game.rules.fit_masks(ranks), 0, free, 0, top, game.layout)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_playout_ends_as_lookahead_played_through_the_game_does(rules):
    results = evaluate(lookahead, games=range(1, 41), rules=rules, progress=False)
    assert 0 < results.wins < 40  # both outcomes are met
    assert [played_out(Game.from_number(row.game, rules)) for row in results.rows] == [r.won for r in results.rows]


def positions_played_by_lookahead(rules: str, numbers: range, every: int = 7):
    """Every ``every``-th position of lookahead's games on these deals, with its undo-free history."""
    for number in numbers:
        game = Game.from_number(number, rules)
        while game.status == "playing":
            seen = game.seen()
            if len(seen.history) % every == 3:
                yield seen
            game.apply(lookahead(seen))


def expected_wins(seen, actions: list[int], seed: int, count: int) -> list[int]:
    """Each action's wins by ``lookahead_wins`` on the first ``count`` of ``seen.arrangements(seed)``."""
    removed, free = seen.masks
    expected = [0] * len(actions)
    for deck in itertools.islice(seen.arrangements(seed), count):
        ranks = [card.rank for card in deck[: seen.layout.slot_count]]
        stock = [card.rank for card in deck[seen.stock_start :]]
        fit = seen.rules.fit_masks(ranks)
        for i, slot in enumerate(actions):
            if slot == DRAW:
                after = (removed, free, seen.drawn + 1, stock[seen.drawn])
            else:
                after = (*seen.layout.play(removed, free, slot), seen.drawn, ranks[slot])
            expected[i] += lookahead_wins(ranks, stock, fit, *after, seen.layout)
    return expected


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_playouts_deal_seen_arrangements_and_play_them_as_lookahead_does(rules):
    """``Playouts`` deals ``Seen.arrangements(seed)`` as ranks and plays each action out as
    ``lookahead_wins`` does on the same arrangement: the same wins, action by action."""
    checked = 0
    for seen in positions_played_by_lookahead(rules, range(1, 7)):
        slot_of = {str(seen.slot_cards[s]): s for s in seen.free}
        actions = [slot_of.get(a, DRAW) for a in seen.legal_moves]
        played = playouts(seen, actions, 11, SAMPLE_STREAM)
        played.run(12)
        assert played.judged == 12 and played.won() == expected_wins(seen, actions, 11, 12), (rules, seen.history)
        checked += 1
    assert checked >= 20


def test_a_playout_win_is_a_win_the_solver_finds_too():
    game = Game.from_number(10, rules="classic").replay(["10♦", "9♦", "8♠"])
    played, _ = playout_verdicts(game, samples=30, seed=3)
    solved, _ = sample_verdicts(game, samples=30, seed=3)  # the same arrangements, in the same order
    assert len(played) == len(solved) == 30
    assert all(not p[a] or s[a] for p, s in zip(played, solved, strict=True) for a in p)
    assert sum(map(sum, (p.values() for p in played))) < sum(map(sum, (s.values() for s in solved)))


@pytest.mark.parametrize("method", ["playout", "solver"])
def test_both_methods_give_games_that_look_the_same_the_same_chances(method):
    game = Game.from_number(3, rules="easy").replay(["8♣"])
    other = with_hidden_cards_permuted(game)
    assert other.deck != game.deck
    options = {"method": method, "samples": 25, "seed": 7}
    assert game.move_chances(**options) == other.move_chances(**options)
    assert game.fair_hint(**options) == other.fair_hint(**options)


def test_an_unknown_method_is_refused():
    game = Game.from_number(3, rules="easy")
    for call in (game.move_chances, game.fair_hint, game.review):
        with pytest.raises(ValueError, match=r"method is 'playout' .* or 'solver' .*; got 'guess'"):
            call(method="guess")
    with pytest.raises(ValueError, match="method is 'playout'"):
        fair(method="guess")


def test_the_default_sample_counts_are_the_methods_own():
    seen = Game.from_number(3, rules="easy").replay(["8♣"]).seen()
    assert {c.samples for c in move_chances(seen).values()} == {PLAYOUT_SAMPLES}
    assert PLAYOUT_SAMPLES == 1000  # in both builds: the same arrangements, the same answers
    assert {c.samples for c in move_chances(seen, method="solver", samples=4).values()} == {4}
    assert fair(method="playout").__name__ == f"fair ({PLAYOUT_SAMPLES} playouts)"
    assert fair().__name__ == f"fair (exact, else {PLAYOUT_SAMPLES} playouts)"
    assert fair(method="solver").__name__ == "fair (100 samples, solver)"


@pytest.mark.parametrize("samples", [0, -3, 2.5, True])
def test_a_bad_sample_count_is_refused_when_the_fair_player_is_made(samples):
    with pytest.raises(ValueError, match="samples"):
        fair(samples=samples)


@pytest.mark.skipif(
    solver.BACKEND != "compiled", reason="the compiled build releases the GIL; Python switches threads itself"
)
def test_compiled_playouts_let_another_thread_run_meanwhile():
    import threading

    seen = Game.from_number(3, "classic").seen()
    slot_of = {str(seen.slot_cards[s]): s for s in seen.free}
    played = playouts(seen, [slot_of.get(a, DRAW) for a in seen.legal_moves], 1, SAMPLE_STREAM)
    worker = threading.Thread(target=played.run, args=(300_000,))  # a second or more, all in one call
    turns = 0
    worker.start()
    while worker.is_alive():  # each turn needs the GIL back: held by the playouts, there would be one
        turns += 1
        threading.Event().wait(0.001)
    worker.join()
    assert played.judged == 300_000 and turns >= 20, turns


# -- other layouts ----------------------------------------------------------------------------------


def columns(count: int, depth: int) -> Layout:
    """A user's layout made here: ``count`` columns of ``depth`` cards, each covered by the one below
    it, a peak each; its slots' bits reach past a 32-bit word from 33 slots."""
    slots = [
        {"x": c, "y": r, "peak": c, "covered_by": [depth * c + r + 1] if r < depth - 1 else []}
        for c in range(count)
        for r in range(depth)
    ]
    return Layout.from_dict({"name": f"{count} columns of {depth}", "slots": slots})


# every built-in but Three Peaks (tested above), and two of a user's past 32 slots: 36 (a game lookahead
# often wins) and 50, the most a layout may have (a stock of one card)
OTHER_LAYOUTS = [name for name in LAYOUTS if name != "Three Peaks"] + [columns(12, 3), columns(10, 5)]


def lookahead_through_the_game(game: Game) -> Game:
    while game.status == "playing":
        game.apply(lookahead(game.seen()))
    return game


@pytest.mark.parametrize("layout", OTHER_LAYOUTS, ids=lambda layout: getattr(layout, "name", layout))
def test_on_other_layouts_a_playout_ends_as_lookahead_played_through_the_game_does(layout):
    games = [Game.from_number(number, "easy", layout=layout) for number in range(1, 16)]
    won = [lookahead_through_the_game(game.copy()).status == "won" for game in games]
    assert [played_out(game) for game in games] == won
    if layout == OTHER_LAYOUTS[-2]:
        assert 0 < sum(won) < len(won)  # both outcomes are met past 32 slots


@pytest.mark.parametrize("layout", OTHER_LAYOUTS, ids=lambda layout: getattr(layout, "name", layout))
def test_on_other_layouts_the_playouts_play_seen_arrangements_as_lookahead_does(layout):
    checked = 0
    for number in range(1, 4):
        game = Game.from_number(number, "classic+joker", layout=layout)
        while game.status == "playing":
            seen = game.seen()
            if len(seen.history) % 5 == 1:
                slot_of = {str(seen.slot_cards[s]): s for s in seen.free}
                actions = [slot_of.get(a, DRAW) for a in seen.legal_moves]
                played = playouts(seen, actions, 5, SAMPLE_STREAM)
                played.run(8)
                assert played.won() == expected_wins(seen, actions, 5, 8), (layout, number, seen.history)
                checked += 1
            game.apply(lookahead(seen))
    assert checked >= 3
