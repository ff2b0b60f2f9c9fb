"""The traditional variants of SPEC §8 (V2–V6) as rule options, their presets and codes."""

import itertools
import re

import pytest
from helpers.lookalikes import lookalike_variants
from helpers.support import ROWS

from tripeaks_widget import CLASSIC, EASY, Card, Game, IllegalMoveError, InvalidCodeError, InvalidRulesError, Rules
from tripeaks_widget.engine.cards import DECK, JOKER
from tripeaks_widget.engine.game import BLOCKED_CARD, DRAW_WHEN_STUCK
from tripeaks_widget.engine.rules import SITE, VARIANTS

ALL_LETTERS = "HJOSW"


def test_presets_app_and_site():
    assert Rules.parse("app") == EASY
    assert Rules.parse("site") == SITE
    assert SITE.king_ace_wrap and SITE.empty_start and SITE.draw_when_stuck
    assert not (SITE.joker or SITE.open_peaks or SITE.hogue_scoring)
    assert Game.from_number(1, "site").code == "TP1-E-AAAAAAB-SW"


def test_rule_sets_parse_from_names_with_variants():
    rules = Rules.parse("classic+joker+open-peaks")
    assert (rules.name, rules.variants, str(rules)) == ("classic", ("joker", "open-peaks"), "classic+joker+open-peaks")
    assert Rules.parse("easy + hogue_scoring") == Rules(hogue_scoring=True)
    for bad in ("classic+flying", "", "hard", "easy+", 5):
        with pytest.raises(ValueError, match="expected 'easy' or 'classic'"):
            Rules.parse(bad)


@pytest.mark.parametrize("base", ["E", "C"])
def test_every_combination_of_variants_round_trips_through_its_code(base):
    for n in range(len(ALL_LETTERS) + 1):
        for letters in itertools.combinations(ALL_LETTERS, n):
            code = f"TP1-{base}-AAAAAAD" + ("-" + "".join(letters) if letters else "")
            game = Game(code)
            assert game.code == code and game.rules.variant_letters == "".join(letters)
            assert Game(game.code).deck == game.deck
            assert Game(game.to_dict()["code"]).rules == game.rules
            tpd = Game.from_deck(list(game.deck), rules=game.rules)
            assert Game(tpd.code).deck == game.deck and Game(tpd.code).rules == game.rules


def test_plain_codes_keep_their_meaning_and_variant_letters_are_checked():
    assert Game("TP1-E-AAAAAAB").rules == EASY and Game("TP1-C-AAAAAAB").rules == CLASSIC
    assert Game("tp1-e-aaaaaab-ws").code == "TP1-E-AAAAAAB-SW"  # any order in, canonical out
    for bad in ("TP1-E-AAAAAAB-X", "TP1-E-AAAAAAB-SS", "TP1-E-AAAAAAB-", "TP1-E-AAAAAAB-S-W"):
        with pytest.raises(ValueError, match="TP1-E-AAAAAAB"):
            Game(bad)


def test_variants_without_the_joker_deal_the_same_cards():
    plain = Game("TP1-E-AAAAAAB").deck
    for letters in ("H", "O", "S", "W", "HOSW"):
        assert Game(f"TP1-E-AAAAAAB-{letters}").deck == plain


# -- V2 -----------------------------------------------------------------------------------------


def test_v2_hogue_scoring_runs_draws_and_peaks():
    g = Game("TP1-E-AAAAAAB-H")
    assert g.score == 0
    g.replay(["K♣", "A♠", "2♦"])  # a run of three: 1 + 2 + 3
    assert g.score == 6
    g.draw()  # −5 and the run ends
    assert g.score == 1
    card = g.playable()[0] if g.playable() else None
    if card:
        g.play(card)
        assert g.score == 2  # a new run starts at 1
        g.undo()
    g.undo()  # the draw comes back, and with it the run of three
    assert g.score == 6
    g.play("3♠")
    assert g.score == 6 + 4


def test_v2_peaks_pay_15_15_and_30_and_scores_may_go_negative():
    from helpers.support import CLASSIC_CHAIN, PLAY_ORDER, chain_deck

    g = Game.from_deck(chain_deck(CLASSIC_CHAIN), rules="classic+hogue-scoring")
    for slot in PLAY_ORDER:
        g.play(slot)
    assert g.status == "won" and g.score == sum(range(1, 29)) + 15 + 15 + 30
    h = Game("TP1-E-AAAAAAB-H")
    h.draw()
    assert h.score == -5


# -- V3 -----------------------------------------------------------------------------------------


def test_v3_the_joker_joins_the_deck_and_goes_anywhere():
    g = Game("TP1-E-AAAAAAB-J")
    assert len(g.deck) == 53 and JOKER in g.deck and g.stock_count == 24
    assert sorted(g.deck, key=lambda c: c.index) == list(DECK) + [JOKER]
    assert Rules.parse("easy+joker").fits(0, 5) and Rules.parse("easy+joker").fits(9, 0)


def test_v3_joker_on_anything_and_anything_on_the_joker():
    deck = list(DECK[:18]) + [JOKER] + list(DECK[18:])  # the joker is the first bottom card
    g = Game.from_deck(deck, rules="classic+joker")
    assert str(g.discard) == str(deck[28])
    g.play(JOKER)
    assert g.playable() == [g.deck[s] for s in ROWS[3][1:]]  # every free card fits on it
    assert g.describe().startswith("Stock: 24 cards; discard: joker.")


def test_v3_a_joker_deck_needs_the_joker_rules():
    deck = list(DECK[:52]) + [JOKER]
    with pytest.raises(ValueError, match="rules have no joker"):
        Game.from_deck(deck[1:])
    with pytest.raises(ValueError, match="53 cards with the joker"):
        Game.from_deck(DECK, rules="easy+joker")


# -- V4 -----------------------------------------------------------------------------------------


def test_v4_open_peaks_show_every_card_but_covered_ones_stay_blocked():
    g = Game("TP1-E-AAAAAAB-O")
    assert "?" not in g.view()["slots"] and "hidden card" not in g.describe()
    assert g.free_slots() == list(ROWS[3])
    assert g.why_not(0) == BLOCKED_CARD
    assert [str(c) for c in g.playable()] == ["K♣", "2♦", "K♦"]


# -- V5 -----------------------------------------------------------------------------------------


def test_v5_draw_only_when_stuck():
    g = Game("TP1-E-AAAAAAB-S")
    assert g.why_not_draw() == DRAW_WHEN_STUCK and "draw" not in g.legal_moves()
    with pytest.raises(IllegalMoveError, match=DRAW_WHEN_STUCK):
        g.draw()
    assert g.moves == 0 and g.stock_count == 23
    g = Game("TP1-C-AAAAAAB-S")
    g.play("2♦")
    while g.playable():
        g.play(g.playable()[0])
    g.draw()
    assert g.stock_count == 22


# -- V6 -----------------------------------------------------------------------------------------


def test_v6_empty_discard_any_free_card_first():
    g = Game("TP1-E-AAAAAAB-W")
    assert g.discard is None and g.stock_count == 24 and g.waste == []
    assert g.stock[0] == Card.parse("A♣")  # the would-be first discard tops the stock
    assert g.playable() == g.free() and len(g.free()) == 10
    assert "discard: empty." in g.describe()
    g.play("9♠")
    assert str(g.discard) == "9♠"
    g.undo()
    assert g.discard is None


def test_every_variant_field_has_a_code_letter():
    assert {letter for letter, _ in VARIANTS.values()} == set(ALL_LETTERS)


# -- strict rule sets: each variant once, ASCII names only ------------------------------------------


@pytest.mark.parametrize(
    "text, problem",
    [
        ("easy+joker+joker", "variant 'joker' named twice"),
        ("classic+open-peaks+open_peaks", "variant 'open_peaks' named twice"),
        ("site+draw-when-stuck", "variant 'draw-when-stuck', already part of easy\\+draw-when-stuck\\+empty-discard,"),
        ("easy+jokers", "unknown variant 'jokers'"),
    ],
)
def test_each_variant_is_named_once_as_the_code_letters_are(text, problem):
    with pytest.raises(InvalidRulesError, match=f"{problem} in {re.escape(repr(text))}; expected 'easy' or 'classic'"):
        Rules.parse(text)
    with pytest.raises(InvalidCodeError, match="distinct letters"):
        Game("TP1-E-AAAAAAB-JJ")
    with pytest.raises(InvalidRulesError, match="variant 'J' named twice in 'JJ'"):
        EASY.with_variants("JJ")


RULE_NAMES = ["easy", "classic", "e", "c", "n", "app", "site", "easy+joker+open-peaks", "classic+hogue_scoring"]
RULE_NAMES += ["easy+" + name for _, name in VARIANTS.values()] + [f"classic+{field}" for field in VARIANTS]


def test_rule_names_ignore_ascii_case_and_space():
    for name in RULE_NAMES:
        assert Rules.parse(f" {name.upper()} ".replace("+", " + ")) == Rules.parse(name)


def test_no_rule_name_has_a_look_alike_that_parses():
    variants = [v for name in RULE_NAMES for v in lookalike_variants(name)]
    assert {"easy+jo\u212aer", "claſsic", "clasſic", "ea\u017fy", "sıte", "easy+draw-when-ﬆuck"} <= set(variants)
    for variant in variants:
        with pytest.raises(InvalidRulesError, match="not ASCII"):
            Rules.parse(variant)


@pytest.mark.parametrize("bad", [5, b"easy", ["easy"], True])
def test_a_rule_set_of_another_type_is_refused_for_its_type(bad):
    with pytest.raises(InvalidRulesError, match=f"a rule set is text, not {type(bad).__name__}"):
        Rules.parse(bad)
    with pytest.raises(InvalidRulesError, match="expected distinct variant letters from HJOSW; got"):
        EASY.with_variants(bad)


@pytest.mark.parametrize("field", ["king_ace_wrap", *VARIANTS])
def test_a_rule_option_is_true_or_false(field):
    with pytest.raises(TypeError, match=f"{field} is True or False; got str 'no'"):
        Rules(**{field: "no"})
    assert getattr(Rules(**{field: True}), field) is True
