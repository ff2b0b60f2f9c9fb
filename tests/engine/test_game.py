"""The game (SPEC §1–7): the R6.4 opening, moves, draws, undo, score, end states, words, saving."""

import itertools
import json

import pytest
from helpers.support import CLASSIC_CHAIN, PLAY_ORDER, ROWS, chain_deck

from tripeaks_widget import (
    CLASSIC,
    EASY,
    Card,
    Game,
    IllegalMoveError,
    InvalidCardError,
    InvalidCodeError,
    InvalidDeckError,
    InvalidNumberError,
    InvalidRulesError,
    InvalidSnapshotError,
    Rules,
)
from tripeaks_widget.engine.cards import DECK, parse_cards
from tripeaks_widget.engine.game import BLOCKED_CARD, HIDDEN, MUST_FIT, NO_MORE_MOVES, NOTHING_TO_UNDO, STOCK_EMPTY

EASY_CHAIN = [(i % 13) + 1 for i in range(29)]  # A 2 … K A 2 …: wraps K→A, so Easy only


def win_by_chain(game):
    for slot in PLAY_ORDER:
        game.play(slot)
    return game


def classic_chain_after_draws(draws):
    """A Classic chain game with ``draws`` cards drawn: the chain runs on the last one drawn."""
    game = Game.from_deck(chain_deck(CLASSIC_CHAIN, stock_at=draws - 1), rules="classic")
    for _ in range(draws):
        game.draw()
    return game


# -- R6.4: the reference opening ----------------------------------------------------------------


def test_r6_4_opening_discard_and_bottom_row():
    g = Game("TP1-E-AAAAAAB")
    assert str(g.discard) == "A♣"
    assert g.rows()[3] == parse_cards("3♠ 5♠ K♣ 4♠ 2♦ A♠ K♦ 8♥ 7♣ 9♠")
    assert g.rows()[:3] == [[HIDDEN] * 3, [HIDDEN] * 6, [HIDDEN] * 9]


def test_the_read_api_gives_every_card_a_player_sees_as_a_card():
    """rows(), playable(), free() and discard: one type for a card (Card); a face-down slot is
    HIDDEN, a removed one None."""
    g = Game("TP1-E-AAAAAAB")
    g.play("K♣")
    bottom = g.rows()[3]
    assert bottom[2] is None  # played
    assert all(isinstance(card, Card) for card in bottom if card is not None)
    assert set(g.playable()) <= set(bottom) and set(g.free()) <= set(bottom)
    assert isinstance(g.discard, Card) and g.discard == Card.parse("K♣")
    assert {type(slot) for row in g.rows()[:3] for slot in row} == {str} and g.rows()[0] == [HIDDEN] * 3


def test_r6_4_three_fit_under_easy_one_under_classic():
    assert [str(c) for c in Game("TP1-E-AAAAAAB").playable()] == ["K♣", "2♦", "K♦"]
    assert [str(c) for c in Game("TP1-C-AAAAAAB").playable()] == ["2♦"]


def test_r6_4_k_a_2_uncovers_the_7_of_spades():
    g = Game("TP1-E-AAAAAAB")
    assert [str(g.play(c)) for c in ("K♣", "A♠", "2♦")] == ["K♣", "A♠", "2♦"]
    assert str(g.discard) == "2♦"
    assert g.rows()[2][4] == Card.parse("7♠")
    assert g.rows()[2].count(HIDDEN) == 8
    assert (g.score, g.moves, g.status) == (497, 3, "playing")


def test_r6_4_free_3_of_spades_on_the_ace_is_refused_with_the_reason():
    g = Game("TP1-E-AAAAAAB")
    assert g.why_not("3♠") == MUST_FIT == "Must be one rank higher or lower"
    with pytest.raises(IllegalMoveError, match=r"^Must be one rank higher or lower$"):
        g.play("3♠")
    assert g.message == MUST_FIT
    assert (g.score, g.moves, g.history, str(g.discard)) == (500, 0, [], "A♣")


def test_r6_4_same_opening_under_classic_refuses_k_on_a():
    g = Game("TP1-C-AAAAAAB")
    assert g.why_not("K♣") == MUST_FIT
    g.play("2♦")
    assert str(g.discard) == "2♦"


def test_play_accepts_notation_card_or_slot():
    for target in ("K♣", "kc", Card.parse("R♣"), 20):
        g = Game("TP1-E-AAAAAAB")
        assert str(g.play(target)) == "K♣"


# -- R7: the board in words -----------------------------------------------------------------------


def test_r7_description_at_the_start_and_after_the_r6_4_moves():
    g = Game("TP1-E-AAAAAAB")
    hidden = lambda n: ", ".join(["hidden card"] * n)  # noqa: E731
    assert g.describe() == (
        f"Stock: 23 cards; discard: ace of clubs. Peak tops: {hidden(3)}; row 2: {hidden(6)}; "
        f"row 3: {hidden(9)}; bottom row: 3 of spades, 5 of spades, king of clubs, 4 of spades, "
        "2 of diamonds, ace of spades, king of diamonds, 8 of hearts, 7 of clubs, 9 of spades."
    )
    g.replay(["K♣", "A♠", "2♦"])
    text = g.describe()
    assert "discard: 2 of diamonds." in text
    assert (
        "row 3: hidden card, hidden card, hidden card, hidden card, 7 of spades, hidden card, "
        "hidden card, hidden card, hidden card;"
    ) in text
    assert text.endswith(
        "bottom row: 3 of spades, 5 of spades, 4 of spades, king of diamonds, 8 of hearts, 7 of clubs, 9 of spades."
    )


# -- R1: the layout of a deal -----------------------------------------------------------------------


def test_r1_2_r1_4_only_the_bottom_row_starts_face_up_one_discard_23_in_stock():
    g = Game.from_number(12345)
    assert g.free_slots() == list(ROWS[3])
    assert sum(v == "?" for v in g.view()["slots"]) == 18
    assert g.stock_count == 23 and len(g.stock) == 23 and g.discard is not None
    assert sorted(list(g.deck[:28]) + [g.discard] + list(g.stock)) == sorted(DECK)


# -- R2: moves -----------------------------------------------------------------------------------


def test_r2_1_r2_4_covered_and_face_down_cards_are_blocked():
    g = Game("TP1-E-AAAAAAB")
    assert g.why_not(0) == g.why_not(9) == BLOCKED_CARD == "This card is blocked"  # a peak top, a row-3 card
    with pytest.raises(IllegalMoveError, match="This card is blocked"):
        g.play(0)


def test_r2_4_an_unseen_card_gets_one_answer_wherever_it_lies():
    """Asking about a card the player has not seen tells nothing of where it is: face down on
    the table or in the stock, the same words, and the same refusal to play it."""
    g = Game("TP1-E-AAAAAAB")
    face_down, in_stock = g.deck[0], g.stock[5]
    assert g.why_not(face_down) == f"{face_down} is not face up on the table"
    assert g.why_not(in_stock) == f"{in_stock} is not face up on the table"
    for card in (face_down, in_stock):
        with pytest.raises(IllegalMoveError, match="is not face up on the table"):
            g.play(card)
    greek = Game("TP1-E-AAAAAAB", lang="el")
    assert greek.why_not(face_down).replace(str(face_down), "") == greek.why_not(in_stock).replace(str(in_stock), "")


def test_r2_2_suit_never_matters_rank_one_above_or_below():
    for onto, fits in [(8, {7, 9}), (2, {1, 3})]:
        assert {r for r in range(1, 14) if EASY.fits(r, onto)} == fits
        assert {r for r in range(1, 14) if CLASSIC.fits(r, onto)} == fits


def test_r2_3_a_card_turns_face_up_when_both_covers_are_gone_and_down_again_on_undo():
    g = Game("TP1-E-AAAAAAB")
    g.replay(["K♣", "A♠"])
    assert g.rows()[2][4] == "?"
    g.play("2♦")
    assert g.rows()[2][4] == Card.parse("7♠") and 13 in g.free_slots()
    g.undo()
    assert g.rows()[2][4] == "?" and 13 not in g.free_slots()


def test_r2_4_other_refusals_name_the_card():
    g = Game("TP1-E-AAAAAAB")
    assert g.why_not("A♣") == "A♣ is the discard"
    g.play("K♣")
    assert g.why_not("K♣") == "K♣ has already been played"
    drawn = g.draw()  # seen as it turned: where it is may be said
    assert g.why_not(drawn) == f"{drawn} is the discard"
    g.draw()
    assert g.why_not(drawn) == f"{drawn} is not a peak card"


def test_r2_5_draw_any_time_replaces_the_top_and_never_recycles():
    g = Game("TP1-E-AAAAAAB")
    stock = list(g.stock)
    assert g.playable()  # a move exists, yet drawing is allowed
    for card in stock:
        assert g.draw() == card and g.discard == card
    assert g.stock_count == 0
    with pytest.raises(IllegalMoveError, match=STOCK_EMPTY):
        g.draw()
    assert g.moves == 23


# -- R3: king and ace -----------------------------------------------------------------------------


def test_r3_1_easy_connects_king_and_ace_both_ways():
    assert EASY.fits(1, 13) and EASY.fits(13, 1)
    assert EASY.fits(13, 12) and EASY.fits(2, 1)


def test_r3_2_classic_stops_at_both_ends():
    assert not CLASSIC.fits(1, 13) and not CLASSIC.fits(13, 1)
    assert [r for r in range(1, 14) if CLASSIC.fits(r, 13)] == [12]
    assert [r for r in range(1, 14) if CLASSIC.fits(r, 1)] == [2]


@pytest.mark.parametrize("rules", [EASY, CLASSIC, Rules.parse("classic+joker")])
def test_the_fit_masks_of_a_rule_set_are_its_fits_bit_by_bit(rules):
    ranks = [13, 1, 0, 7, 12, 2]
    masks = rules.fit_masks(ranks)
    assert len(masks) == 14
    for onto, mask in enumerate(masks):
        assert mask == sum(1 << i for i, rank in enumerate(ranks) if rules.fits(rank, onto))
    assert masks[1] >> 0 & 1 == rules.king_ace_wrap  # a king on an ace only under Easy
    assert masks[0] == 0b111111  # everything goes on a joker or an empty discard


def test_r3_a_chain_q_k_a_2_runs_under_easy_only():
    deck = chain_deck(EASY_CHAIN)
    g = Game.from_deck(deck, rules="easy")
    win_by_chain(g)
    c = Game.from_deck(deck, rules="classic")
    with pytest.raises(IllegalMoveError):
        win_by_chain(c)


# -- R4, R5: end of game and score ------------------------------------------------------------------


def test_r4_1_r5_3_win_without_draws_scores_772():
    g = win_by_chain(Game.from_deck(chain_deck(CLASSIC_CHAIN), rules="classic"))
    assert g.status == "won" and g.cards_left == 0 and g.stock_count == 23  # won with stock left
    assert (g.score, g.moves) == (772, 28)
    assert g.message == "You won!"
    assert g.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="won"):
        g.draw()


def test_r5_3_win_after_drawing_all_23_scores_749():
    g = win_by_chain(classic_chain_after_draws(23))
    assert (g.status, g.score, g.moves) == ("won", 749, 51)


def test_r5_2_peak_bonus_is_paid_when_the_top_goes_and_returned_on_undo():
    g = Game.from_deck(chain_deck(CLASSIC_CHAIN), rules="classic")
    for slot in PLAY_ORDER[:-3]:
        g.play(slot)
    assert g.score == 500 - 25 and [p["cleared"] for p in g.peaks()] == [False] * 3
    g.play(0)
    assert g.score == 500 - 26 + 100
    assert g.peaks()[0] == {"peak": "left", "cards_left": 0, "cleared": True}
    g.undo()
    assert g.score == 500 - 25 and g.moves == 26


def test_r5_3_reference_won_game_of_50_moves_ends_on_750():
    # 22 draws, then the 28 cards: 500 - 50 + 3 * 100 = 750, wherever the peaks empty.
    g = win_by_chain(classic_chain_after_draws(22))
    assert (g.status, g.moves, g.score) == ("won", 50, 750)


def test_r6_2_undone_draw_still_counts_as_a_move():
    g = classic_chain_after_draws(23)
    g.undo()  # gives the point back; the counter keeps counting
    g.draw()
    win_by_chain(g)
    assert (g.moves, g.score) == (52, 749)


def test_r4_2_r5_4_blocked_when_stock_is_empty_and_nothing_fits():
    g = Game("TP1-C-AAAAAAD")
    while g.status == "playing":
        g.draw() if g.stock_count else g.play(g.playable()[0])
    assert g.status == "blocked"
    assert g.message == NO_MORE_MOVES == "No more possible moves"
    assert g.score == 500 - g.moves + 100 * sum(p["cleared"] for p in g.peaks())  # no penalty, no bonus
    assert g.legal_moves() == []
    g.undo()  # the player may still undo (R4.2)
    assert g.status == "playing" and g.message == ""


def test_r5_1_score_never_goes_below_zero():
    g = Game("TP1-E-AAAAAAB")
    g._score = 1  # a game that has somehow spent its points
    g.draw()
    g.draw()
    assert g.score == 0
    g.undo()
    g.undo()
    assert g.score == 1  # each undo gives back exactly what its action took


# -- R6.1, R6.2: undo and the move counter ----------------------------------------------------------


def test_r6_1_undo_restores_card_face_and_points_r6_2_counter_keeps_going():
    g = Game("TP1-E-AAAAAAB")
    before = g.view()
    g.play("K♣")
    g.draw()
    assert g.undo() == g.deck[29] and g.undo() == Card.parse("K♣")
    after = g.view()
    for key in ("slots", "free", "playable", "stock", "discard", "score", "description"):
        assert after[key] == before[key]
    assert g.moves == 2 and g.history == ["K♣", "draw", "undo", "undo"]
    with pytest.raises(IllegalMoveError, match=NOTHING_TO_UNDO):
        g.undo()


def test_r6_1_every_action_of_a_full_line_can_be_undone():
    # 51 actions, the most a line can have: all within the 100 remembered
    g = win_by_chain(classic_chain_after_draws(23))
    for _ in range(51):
        g.undo()
    assert (g.score, g.stock_count, g.cards_left, g.moves) == (500, 23, 28, 51)


# -- R6.3, R6.5, R6.8: codes, reference deal, numbered games -------------------------------------


def test_r6_3_a_code_deals_the_same_cards_again():
    g = Game.from_number(777, rules="classic")
    again = Game(g.code)
    assert again.deck == g.deck and again.rules is CLASSIC and g.code == "TP1-C-AAAABDX"  # 777 = 1·26² + 3·26 + 23


def test_r6_5_deal_3_is_one_deck_under_easy_and_classic():
    """Both codes of game 3 deal the deck the deal generator makes of it, which is winnable under
    Easy only (R6.5: proven by plain search in test_deal)."""
    from tripeaks_widget.engine.deal import deal_cards

    easy, classic = Game("TP1-E-AAAAAAD"), Game("TP1-C-AAAAAAD")
    assert list(easy.deck) == list(classic.deck) == list(deal_cards(3))


def test_r6_8_numbered_game_n_is_deal_n():
    assert Game.from_number(1).code == "TP1-E-AAAAAAB"
    assert Game.from_number(50000).code == "TP1-E-AAACVZC"  # 50000 = 2·26³ + 21·26² + 25·26 + 2
    assert Game("TP1-E-AAACVZC").number == 50000


def test_random_game_is_easy_and_replays_from_its_code():
    g = Game()
    assert g.rules is EASY and g.code.startswith("TP1-E-")
    assert Game(g.code).deck == g.deck
    assert Game(rules="classic").rules is CLASSIC


def test_conflicting_rules_and_code_are_refused():
    with pytest.raises(ValueError, match="classic game, not easy"):
        Game("TP1-C-AAAAAAB", rules="easy")
    assert Game("TP1-C-AAAAAAB", rules="classic").rules is CLASSIC
    with pytest.raises(ValueError, match="expected 'easy' or 'classic'"):
        Game(rules="hard")


# -- error help -------------------------------------------------------------------------------------


def test_error_help_changes_what_is_said_never_what_is_legal():
    quiet = Game("TP1-E-AAAAAAB", error_help=False)
    with pytest.raises(IllegalMoveError, match=MUST_FIT):
        quiet.play("3♠")
    assert quiet.message == ""
    assert quiet.why_not("3♠") == MUST_FIT
    assert [str(c) for c in quiet.playable()] == ["K♣", "2♦", "K♦"]
    quiet.error_help = True
    with pytest.raises(IllegalMoveError):
        quiet.play(0)
    assert quiet.message == BLOCKED_CARD


# -- explicit deals -------------------------------------------------------------------------------


def test_from_deck_reads_other_tools_tokens_and_gets_a_code_that_round_trips():
    source = Game("TP1-E-AAAAAAB")
    tokens = " ".join(c.ascii.lower() for c in source.deck)
    g = Game.from_deck(tokens, rules="classic")
    assert g.deck == source.deck and g.rules is CLASSIC
    assert g.code.startswith("TPD-C-") and Game(g.code).deck == g.deck
    assert Game.from_deck([str(c) for c in source.deck]).deck == source.deck


@pytest.mark.parametrize(
    "deck, reason",
    [
        ("6d Ah Td", "52 cards .* got 3"),
        (" ".join(["Ah"] * 52), "repeated: A♥"),
        ("", "got 0"),
        (" ".join(c.ascii for c in DECK[:51]) + " Zz", "not a card: 'Zz'"),
        (None, "expected cards as text"),
    ],
)
def test_from_deck_refuses_anything_but_52_distinct_cards(deck, reason):
    with pytest.raises(ValueError, match=reason):
        Game.from_deck(deck)


# -- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "target, error",
    [
        ("", ValueError),
        ("Xq", ValueError),
        (28, ValueError),
        (-1, ValueError),
        (None, ValueError),
        (3.5, ValueError),
        ("draw", ValueError),
    ],
)
def test_bad_play_targets_are_refused_and_change_nothing(target, error):
    g = Game("TP1-E-AAAAAAB")
    before = g.to_dict()
    with pytest.raises(error):
        g.play(target)
    assert g.to_dict() == before


# -- snapshots ------------------------------------------------------------------------------------


def test_to_dict_round_trips_through_json_with_history():
    g = Game("TP1-E-AAAAAAB", error_help=False)
    g.replay(["K♣", "A♠", "draw", "undo", "2♦"])
    data = json.loads(json.dumps(g.to_dict()))
    back = Game.from_dict(data)
    assert back.view() == g.view() and back.history == g.history and back.error_help is False
    back.undo()
    assert str(back.discard) == "A♠"


@pytest.mark.parametrize(
    "tamper, reason",
    [
        (lambda d: d.update(score=772), "records score 772"),
        (lambda d: d.update(moves=1), "records moves 1"),
        (lambda d: d.update(status="won"), "records status 'won'"),
        (lambda d: d.update(actions=["K♣", "3♠"]), "action 2 .* refused: Must be one rank"),
        (lambda d: d.update(actions="K♣"), "list of strings"),
        (lambda d: d.update(actions=[1]), "list of strings"),
        (lambda d: d.update(code="TP1-Q-AAAAAAB"), "not a game code"),
        (lambda d: d.pop("code"), "no game code"),
        (lambda d: d.update(format="other"), "not a game snapshot"),
    ],
)
def test_from_dict_rejects_a_tampered_snapshot(tamper, reason):
    g = Game("TP1-E-AAAAAAB")
    g.replay(["K♣", "A♠"])
    data = g.to_dict()
    tamper(data)
    with pytest.raises(ValueError, match=reason):
        Game.from_dict(data)


@pytest.mark.parametrize("bad", [None, [], "TP1-E-AAAAAAB", 3])
def test_from_dict_rejects_non_snapshots(bad):
    with pytest.raises(ValueError, match="not a game snapshot"):
        Game.from_dict(bad)


# -- reading a game from Python -----------------------------------------------------------------


def test_reprs_and_text_board_are_readable():
    g = Game("TP1-E-AAAAAAB")
    g.replay(["K♣", "A♠", "2♦"])
    assert repr(g) == "<Game TP1-E-AAAAAAB easy: score 497, moves 3, stock 23, discard 2♦, playing>"
    lines = str(g).splitlines()
    assert lines[2].split() == ["··"] * 4 + ["7♠"] + ["··"] * 4
    assert lines[3].split() == ["3♠", "5♠", "4♠", "K♦", "8♥", "7♣", "9♠"]
    assert lines[4] == "stock 23  discard 2♦  score 497  moves 3  playing"


def test_view_is_json_ready_and_complete():
    g = Game("TP1-E-AAAAAAB")
    g.play("K♣")
    view = json.loads(json.dumps(g.view()))
    assert view["slots"][20] is None and view["slots"][0] == "?" and view["slots"][18] == "3♠"
    assert (
        view["playable"] == [23]
        and view["discard"] == "K♣"
        and view["last"] == {"action": "play", "slot": 20, "card": "K♣"}
    )
    assert g.legal_moves() == ["A♠", "draw"]
    assert [str(c) for c in g.waste] == ["A♣", "K♣"]


def test_copy_is_independent():
    g = Game("TP1-E-AAAAAAB")
    c = g.copy()
    c.play("K♣")
    assert g.moves == 0 and g.history == [] and c.moves == 1
    c.undo()
    assert not g.can_undo


def test_r6_8_random_games_come_from_the_numbered_series():
    numbers = {Game().number for _ in range(200)}
    assert all(1 <= n <= 50_000 for n in numbers) and len(numbers) > 150


# -- strict constructors: one error type each, naming the expected form -------------------------


def _snapshot(**changes):
    data = Game("TP1-E-AAAAAAB").replay(["K♣", "A♠"]).to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    "make, error, expected",
    [
        (lambda: Card.parse("1♣"), InvalidCardError, "expected a rank"),
        (lambda: Card.from_index(-1), InvalidCardError, "whole number from 0 to 52"),
        (lambda: Card("K", "♣"), InvalidCardError, r"rank 1 \(ace\) to 13 \(king\)"),
        (lambda: Rules.parse("easy+joker+joker"), InvalidRulesError, "expected 'easy' or 'classic'"),
        (lambda: Game("TP1-E-AAAAAıB"), InvalidCodeError, "expected 'TP1-E-AAAAAAB'"),
        (lambda: Game("TP1-C-AAAAAAB", rules="easy"), InvalidCodeError, "leave out rules="),
        (lambda: Game(rules="hard"), InvalidRulesError, "expected 'easy' or 'classic'"),
        (lambda: Game.from_number(3.0), InvalidNumberError, "a deal number is a whole number"),
        (lambda: Game.from_number(-3), InvalidNumberError, "deal numbers run from 0 to 8031810175"),
        (lambda: Game.from_deck("6d Ah Td"), InvalidDeckError, "expected the cards in deck order"),
        (lambda: Game.from_deck(list(DECK[:51]) + ["K\u212a"]), InvalidDeckError, "card 52 of the deck: not a card"),
        (lambda: Game.from_dict(_snapshot(error_help="no")), InvalidSnapshotError, "'error_help' is true or false"),
        (lambda: Game.from_dict([]), InvalidSnapshotError, "expected a snapshot from Game.to_dict()"),
    ],
)
def test_each_constructor_raises_its_own_value_error_naming_the_expected_form(make, error, expected):
    with pytest.raises(error, match=expected) as refusal:
        make()
    assert isinstance(refusal.value, ValueError)  # existing `except ValueError` keeps working


@pytest.mark.parametrize("number", [True, 3.0, "3", None, [3]])
def test_r6_8_from_number_refuses_another_type_for_its_type_not_its_range(number):
    with pytest.raises(InvalidNumberError, match=f"whole number from 0 to .*; got {type(number).__name__}"):
        Game.from_number(number)


def test_r6_8_from_number_takes_any_integral():
    numpy = pytest.importorskip("numpy")
    assert Game.from_number(numpy.int64(3)).code == Game.from_number(3).code == "TP1-E-AAAAAAD"
    assert Game.from_number(numpy.uint32(3), "classic").deck == Game("TP1-C-AAAAAAD").deck


@pytest.mark.parametrize(
    "make", [Game, lambda **kw: Game.from_number(3, **kw), lambda **kw: Game.from_deck(DECK, **kw)]
)
@pytest.mark.parametrize("flag", ["no", 0, 1, None])
def test_error_help_is_true_or_false(make, flag):
    with pytest.raises(TypeError, match=f"error_help is True or False; got {type(flag).__name__}"):
        make(error_help=flag)


def test_from_deck_refuses_a_card_made_without_the_checks_naming_its_place():
    bogus = Card(13, 0)._replace(rank=14)
    with pytest.raises(InvalidDeckError, match=r"card 52 of the deck: not a card: Card\(rank=14, suit=0\)"):
        Game.from_deck(list(DECK[:51]) + [bogus])
    with pytest.raises(InvalidDeckError, match="card 3 of the deck: not a card: 'Zz'"):
        Game.from_deck("6d Ah Zz")
    with pytest.raises(InvalidDeckError, match="card 1 of the deck: expected a card as text"):
        Game.from_deck([13] + list(DECK[1:]))


def test_from_deck_takes_any_ordered_iterable_but_no_set_or_mapping():
    assert Game.from_deck(iter(DECK)).deck == Game.from_deck(tuple(DECK)).deck == DECK
    for unordered in (set(DECK), frozenset(DECK), dict.fromkeys(DECK), b"Kc"):
        with pytest.raises(InvalidDeckError, match=f"expected cards as text or a list; got {type(unordered).__name__}"):
            Game.from_deck(unordered)


def test_from_deck_reads_an_endless_iterator_only_as_far_as_a_deck():

    with pytest.raises(InvalidDeckError, match=r"a deck has 52 cards .*; got more than 52"):
        Game.from_deck(itertools.cycle(DECK))
    with pytest.raises(InvalidDeckError, match=r"a deck has 52 cards .*; got 104"):
        Game.from_deck(list(DECK) * 2)


@pytest.mark.parametrize(
    "changes, reason",
    [
        ({"error_help": "no"}, "'error_help' is true or false; got str 'no'"),
        ({"error_help": 1}, "'error_help' is true or false; got int 1"),
        ({"rules": "classic"}, "snapshot has keys tripeaks-game/1 does not: 'rules'"),
        ({"variants": ["joker"], 7: 8}, "does not: 'variants', 7"),
        ({"score": 498.0}, "records score 498.0 but its actions give 498"),
        ({"moves": True}, "records moves True"),
        ({"code": "TP1-E-AAAAAAB-SS"}, "snapshot 'code': the variant letters"),
        ({"code": "TP1-E-AAAAAıB"}, "snapshot 'code': not a game code"),
        ({"actions": ["K♣", "Zz"]}, "do not replay: action 2 \\(Zz\\) refused: not a card"),
    ],
)
def test_from_dict_refuses_what_to_dict_never_writes(changes, reason):
    with pytest.raises(InvalidSnapshotError, match=reason):
        Game.from_dict(_snapshot(**changes) if 7 not in changes else {**_snapshot(), **changes})
    assert Game.from_dict(_snapshot()).history == ["K♣", "A♠"]


def test_slot_of_takes_any_integral_slot_but_not_a_bool():
    numpy = pytest.importorskip("numpy")
    g = Game("TP1-E-AAAAAAB")
    assert g.slot_of(numpy.int64(20)) == g.slot_of(20) == g.slot_of("K♣") == 20
    assert str(g.play(numpy.int8(20))) == "K♣"
    for bad in (True, 2.0, None):
        with pytest.raises(
            ValueError,
            match=f"a play names a peak slot 0 to 27, a Card or a card in notation.*got {type(bad).__name__}",
        ):
            g.slot_of(bad)
    with pytest.raises(ValueError, match="peak slots are numbered 0 to 27; got 28"):
        g.slot_of(numpy.int64(28))


def test_refusals_quote_huge_input_cut_short():
    for make in (
        lambda: Game.from_deck(set(range(100_000))),
        lambda: Game.from_dict({**_snapshot(), "x" * 1_000_000: 1}),
        lambda: Game.from_dict(_snapshot(error_help=[[[[["no"]]]]] * 100_000)),
        lambda: Game("TP1-E-" + "ß" * 1_000_000),
    ):
        with pytest.raises(ValueError) as refusal:
            make()
        assert len(str(refusal.value)) < 1000


@pytest.mark.parametrize("action", ["draw", " Undo "])
def test_play_with_an_action_says_which_call_makes_it(action):
    name = action.strip().lower()
    with pytest.raises(InvalidCardError, match=rf"^play takes a card, and '{name}' is none: call {name}\(\)"):
        Game("TP1-E-AAAAAAB").play(action)
