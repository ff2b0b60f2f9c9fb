"""Calibrating the estimated chance (tripeaks_widget.fair.calibration, issue 22): a monotone curve fitted
from outcomes, applied to estimates only, never changing which action is best."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers.endgames import endgame

from tripeaks_widget import LAYOUTS, Game, Layout
from tripeaks_widget.fair import calibration, move_chances


def test_the_fitted_curve_is_increasing_and_finds_the_true_chance():
    rng = random.Random(0)
    rows = []
    for _ in range(20_000):  # a raw estimate that says too little: the truth is its square root
        raw = rng.random()
        rows.append((raw, rng.random() < raw**0.5))
    curve = calibration.fit(rows)
    xs, ys = zip(*curve, strict=True)
    assert list(xs) == sorted(xs) and all(a < b for a, b in itertools.pairwise(ys))  # strictly increasing
    assert curve[0] == (0.0, 0.0) and curve[-1] == (1.0, 1.0)
    for raw in (0.1, 0.25, 0.5, 0.8):
        assert calibration.apply(curve, raw) == pytest.approx(raw**0.5, abs=0.05)


def test_apply_joins_the_points_with_straight_lines():
    curve = ((0.0, 0.0), (0.5, 0.8), (1.0, 1.0))
    assert calibration.apply(curve, 0.25) == pytest.approx(0.4)
    assert calibration.apply(curve, 0.75) == pytest.approx(0.9)
    assert calibration.apply(curve, 0.0) == 0.0 and calibration.apply(curve, 1.0) == 1.0


def test_estimates_are_mapped_and_exact_chances_are_not(monkeypatch):
    game = Game.from_number(10, rules="classic")
    raw = move_chances(game, method="playout", seed=1)
    late = endgame(27, "easy", unseen=8)
    exact = move_chances(late)
    curve = ((0.0, 0.0), (0.2, 0.5), (1.0, 1.0))
    monkeypatch.setitem(calibration.CURVES, "classic", curve)
    monkeypatch.setitem(calibration.CURVES, "easy", curve)
    mapped = move_chances(game, seed=1)
    assert mapped.keys() == raw.keys()
    for action, chance in mapped.items():
        assert chance.value == pytest.approx(calibration.apply(curve, raw[action].value))
        assert chance.low <= chance.value <= chance.high and chance.samples == raw[action].samples
    assert max(mapped, key=lambda a: mapped[a].value) == max(raw, key=lambda a: raw[a].value)
    assert move_chances(late) == exact  # exact: never mapped
    variant = Game.from_number(10, rules="classic+joker")
    assert calibration.curve_for(variant.rules, variant.layout) is None  # a variant is shown as estimated


def test_every_built_in_layout_has_curves_of_its_own_that_map_its_estimates(tmp_path):
    """Before, every layout's estimate was shown raw: Three Peaks' curves only, never mapped elsewhere
    (Four Peaks' mean chance at the deal 33% where the fair player won 52%)."""
    assert set(calibration.FITTED) == set(LAYOUTS)
    for name, layout in LAYOUTS.items():
        curves = calibration.curves_on(layout)
        assert set(curves) == {"easy", "classic"}
        for curve in curves.values():
            xs, ys = zip(*curve, strict=True)
            assert list(xs) == sorted(xs) and list(ys) == sorted(ys) and curve[0] == (0.0, 0.0)
        game = Game.from_number(10, rules="classic", layout=layout)
        raw = move_chances(game, method="playout", seed=1, samples=100)
        shown = move_chances(game, seed=1, samples=100)
        for action, chance in shown.items():
            assert chance.calibrated_on == name
            assert chance.value == pytest.approx(calibration.apply(curves["classic"], raw[action].value))
    path = tmp_path / "diamond.toml"
    Layout("Not Diamond", LAYOUTS["Diamond"].slots).save(path)  # a layout of one's own, a built-in's slots
    assert calibration.curves_on(Layout.load(path)) == {}


def test_the_reliability_of_chances_against_outcomes():
    rows = [(0.05, False)] * 4 + [(0.15, True)] * 2 + [(0.15, False)] * 2 + [(0.95, True)] * 2
    found = calibration.reliability(rows)
    assert found["positions"] == 10
    assert [(edge, count) for edge, _, _, count in found["bins"]] == [(0.0, 4), (0.1, 4), (0.9, 2)]
    # each bin's gap, weighted by its share: 0.05 (4 of 10), 0.35 (4 of 10), 0.05 (2 of 10)
    assert found["ece"] == pytest.approx(0.4 * 0.05 + 0.4 * 0.35 + 0.2 * 0.05)
    brier = (4 * 0.05**2 + 2 * 0.85**2 + 2 * 0.15**2 + 2 * 0.05**2) / 10
    assert found["brier"] == pytest.approx(brier)
    perfect = calibration.reliability([(1.0, True), (0.0, False)])
    assert perfect["ece"] == 0.0 and perfect["brier"] == 0.0


def test_games_that_look_the_same_get_the_same_mapped_chances(monkeypatch):
    from helpers.hidden_cards import with_hidden_cards_permuted

    game = Game.from_number(10, rules="classic").replay(["10♦", "9♦", "8♠"])
    other = with_hidden_cards_permuted(game)
    assert other.deck != game.deck
    raw = move_chances(game, method="playout", samples=40, seed=3)
    monkeypatch.setitem(calibration.CURVES, "classic", ((0.0, 0.0), (0.3, 0.6), (1.0, 1.0)))
    mapped = move_chances(game, samples=40, seed=3)
    assert mapped == move_chances(other, samples=40, seed=3)  # the map reads the estimate and the rules only
    assert game.win_chance(samples=40, seed=3) == other.win_chance(samples=40, seed=3)
    assert game.fair_hint(samples=40, seed=3) == other.fair_hint(samples=40, seed=3)
    assert any(mapped[a].value != raw[a].value for a in raw)  # the map is really in force here


def test_a_fitted_map_keeps_every_order_and_every_tie_of_the_estimates():
    rng = random.Random(5)
    rows = [(0.0, rng.random() < 0.02) for _ in range(3000)]  # many estimates of exactly 0, as playouts give
    for _ in range(20_000):
        raw = round(rng.random() * 200) / 200
        rows.append((raw, rng.random() < min(1.0, 1.6 * raw)))
    curve = calibration.fit(rows, bins=40)
    grid = [k / 200 for k in range(201)]  # every estimate 200 playouts can give
    mapped = [calibration.apply(curve, p) for p in grid]
    assert all(a < b for a, b in itertools.pairwise(mapped))  # strictly increasing: no two estimates merge
    assert all(0.0 <= m <= 1.0 for m in mapped) and mapped[-1] == 1.0


def test_a_chance_says_whether_it_is_calibrated_and_on_which_layout(tmp_path):
    """Before, every estimate was a bare Chance: on a layout of one's own it looked as calibrated
    as Three Peaks' own."""
    from tripeaks_widget.board.assists import chance_detail
    from tripeaks_widget.i18n import translate

    game = Game.from_number(10, rules="classic")
    shown = game.win_chance(seed=1, samples=100)
    assert shown.calibrated and shown.calibrated_on == "Three Peaks" and "uncalibrated" not in repr(shown)
    raw = move_chances(game, method="playout", seed=1, samples=100)
    assert not any(c.calibrated for c in raw.values()) and all(c.calibrated_on is None for c in raw.values())
    exact = endgame(27, "easy", unseen=8).win_chance()
    assert exact.exact and exact.calibrated and exact.calibrated_on is None
    assert not Game.from_number(10, rules="classic+joker").win_chance(seed=1, samples=100).calibrated  # a variant

    path = tmp_path / "mine.json"
    Layout("My peaks", Game.from_number(1, layout="Four Peaks").layout.slots).save(path)
    mine = Game.from_number(10, rules="classic", layout=Layout.load(path))
    chance = mine.win_chance(seed=1, samples=100)
    assert not chance.exact and not chance.calibrated and chance.calibrated_on is None
    assert repr(chance).endswith(", uncalibrated)")
    assert "not calibrated" in translate(chance_detail(chance), "en")
    assert "not calibrated" not in translate(chance_detail(shown), "en")
