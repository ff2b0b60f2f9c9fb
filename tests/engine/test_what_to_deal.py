"""What to deal, read once (``engine.dealing.ToDeal``): every entry point that deals gives the same
input the same answer, the same game or the same error (issue 54, required 1)."""

import json

import numpy as np
import pytest

from tripeaks_widget import Game, TriPeaks
from tripeaks_widget.board import Board
from tripeaks_widget.engine.codes import SERIES_LAST
from tripeaks_widget.engine.dealing import ToDeal
from tripeaks_widget.engine.errors import (
    InvalidCodeError,
    InvalidLayoutError,
    InvalidNumberError,
    InvalidRulesError,
    InvalidTypeError,
    InvalidValueError,
    TriPeaksError,
)
from tripeaks_widget.goals import challenges_of_the_day
from tripeaks_widget.play_page import PlayPage


def _game(what, rules, layout):
    return Game(what, rules=rules, layout=layout).code


def _board(what, rules, layout):
    return Board(what, rules=rules, layout=layout, records=False, lang="en").code


def _widget(what, rules, layout):
    widget = TriPeaks(what, rules=rules, game_layout=layout, records=False, lang="en")
    try:
        return widget.code
    finally:
        widget.close()


def _new_game(what, rules, layout):
    board = Board(1, records=False, lang="en")  # Easy on Three Peaks: the defaults a new board has
    return board.new_game(what, rules=rules, layout=layout).code


def _play_page(what, rules, layout):
    """The page's link: text, or none; a bad one gets one sentence, and a random deal is dealt."""
    if rules is not None or not (what is None or isinstance(what, str) or (type(what) is int and what >= 0)):
        pytest.skip("a link has no rules= and holds text (a number's digits)")
    posted = []
    link = None if what is None else str(what)
    page = PlayPage(lambda text: posted.append(json.loads(text)), game=link, layout=layout)
    errors = [message["error"] for message in posted if "error" in message]
    if errors:
        raise TriPeaksError(errors[0])  # the page says the words, not the class
    return page.board.code


def _compare(what, rules, layout):
    if rules is not None:
        pytest.skip("compare takes its rule sets as a list")
    said = ToDeal.parse(what, layout=layout).rules  # compare deals the cards under the rule sets it is given
    box = TriPeaks.compare(what, rules=(said or "easy",), game_layout=layout, records=False, lang="en")
    try:
        return box[0].code
    finally:
        for widget in box.widgets:
            widget.close()


ENTRY_POINTS = {
    "Game": _game,
    "Board": _board,
    "TriPeaks": _widget,
    "new_game": _new_game,
    "play page": _play_page,
    "compare": _compare,
}

# (what, rules=, layout=) -> the code dealt, or the error
DEALT = [
    ((123, None, None), "TP1-E-AAAAAET"),
    ((np.int64(123), None, None), "TP1-E-AAAAAET"),
    (("123", None, None), "TP1-E-AAAAAET"),
    ((" 123 ", None, None), "TP1-E-AAAAAET"),
    ((SERIES_LAST, None, None), "TP1-E-AAACVZC"),
    ((7, "classic", None), "TP1-C-AAAAAAH"),
    ((7, None, "diamond"), "TP1-E-AAAAAAH@DIAMOND"),
    ((7, "classic+joker", "Four Peaks"), "TP1-C-AAAAAAH-J@FOUR-PEAKS"),
    (("TP1-C-AAAAAAD", None, None), "TP1-C-AAAAAAD"),
    (("tp1-c-aaaaaad", "classic", None), "TP1-C-AAAAAAD"),
    (("TP1-E-AAAAAAB@DIAMOND", None, None), "TP1-E-AAAAAAB@DIAMOND"),
    (("TP1-E-AAAAAAB@DIAMOND", None, "diamond"), "TP1-E-AAAAAAB@DIAMOND"),
]
REFUSED = [
    ((0, None, None), InvalidNumberError, "Game numbers run from 1 to 50,000, the numbered series"),
    ((60000, None, None), InvalidNumberError, "Game numbers run from 1 to 50,000, the numbered series"),
    (("60000", None, None), InvalidNumberError, "Game numbers run from 1 to 50,000, the numbered series"),
    (("9" * 5000, None, None), InvalidNumberError, "Game numbers run from 1 to 50,000, the numbered series"),
    ((-1, None, None), InvalidNumberError, "Game numbers run from 1 to 50,000"),
    (("²", None, None), InvalidCodeError, "not what to deal: '²' (U+00B2 SUPERSCRIPT TWO is not ASCII)"),
    (("١٢٣", None, None), InvalidCodeError, "not what to deal: '١٢٣' (U+0661 ARABIC-INDIC DIGIT ONE"),
    (("clasic", None, None), InvalidCodeError, "not what to deal: 'clasic' (did you mean 'classic'?)"),
    (("TP1-X-AAAAAAB", None, None), InvalidCodeError, "not a game code: 'TP1-X-AAAAAAB'"),
    (("TP1-E-AAAAAAB@-DIAMOND-", None, None), InvalidCodeError, "the layout's key '-DIAMOND-' of the code"),
    (("TP1-E-AAAAAAB@NOPE", None, None), InvalidCodeError, "the layout NOPE, which is not built in"),
    (("TP1-E-AAAAAAB", "classic", None), InvalidCodeError, "is a easy game, not classic"),
    (("TP1-E-AAAAAAB@DIAMOND", None, "Four Peaks"), InvalidCodeError, "the layout DIAMOND, not 'Four Peaks'"),
    (("classic", "easy", None), InvalidValueError, "give a rule set once"),
    ((1, "clasic", None), InvalidRulesError, "unknown rule set 'clasic'"),
    ((1, None, "Pyramid"), InvalidLayoutError, "a built-in's name: 'Three Peaks'"),
    ((1.5, None, None), InvalidTypeError, "what to deal is a game code"),
    ((True, None, None), InvalidTypeError, "what to deal is a game code"),
]


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize(("asked", "code"), DEALT, ids=lambda value: repr(value)[:40])
def test_every_entry_point_deals_the_same_game(entry, asked, code):
    assert ENTRY_POINTS[entry](*asked) == code


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize(("asked", "error", "words"), REFUSED, ids=lambda value: repr(value)[:40])
def test_every_entry_point_refuses_alike(entry, asked, error, words):
    expected = _refusal(asked)
    assert isinstance(expected, error) and words in str(expected)
    with pytest.raises(TriPeaksError) as refused:
        ENTRY_POINTS[entry](*asked)
    if entry == "play page":  # the page says one sentence to players, whatever is wrong with its link
        assert str(refused.value) == "That link is not a game; here is a random one."
    else:
        assert str(refused.value) == str(expected) and type(refused.value) is type(expected)


def _refusal(asked):
    what, rules, layout = asked
    with pytest.raises(TriPeaksError) as refused:
        ToDeal.parse(what, rules=rules, layout=layout)
    return refused.value


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize(("what", "rules"), [(None, "easy"), ("classic", "classic"), ("easy+joker", "easy+joker")])
def test_a_rule_set_or_nothing_deals_a_random_game_of_the_series(entry, what, rules):
    code = ENTRY_POINTS[entry](what, None, None)
    game = Game(code)
    assert str(game.rules) == rules and 1 <= game.number <= SERIES_LAST and "@" not in code


def test_the_dialog_deals_what_new_game_deals_and_refuses_what_it_refuses():
    board = Board(1, records=False, lang="en")
    for content, code in [
        ({"game": 7, "rules": "classic", "layout": "DIAMOND"}, "TP1-C-AAAAAAH@DIAMOND"),
        ({"code": "TP1-E-AAAAAAB@DIAMOND", "game": 9, "rules": "classic"}, "TP1-E-AAAAAAB@DIAMOND"),  # a code wins
        ({"game": 123, "rules": "classic"}, "TP1-C-AAAAAET@DIAMOND"),  # the board's layout kept, as new_game keeps it
    ]:
        board.handle({"type": "new_game", "id": 1, **content})
        assert board.snapshot()["reply"]["ok"] is True and board.code == code
    for content, field in [({"game": 60000}, "game"), ({"game": 0}, "game"), ({"code": "TP1-E-AAAAAAB@NOPE"}, "code")]:
        board.handle({"type": "new_game", "id": 2, **content})
        reply = board.snapshot()["reply"]
        assert reply["ok"] is False and reply["field"] == field and board.code == code
    board.close()


def test_the_game_of_the_day_reads_rules_and_layout_as_everywhere():
    day = challenges_of_the_day("2026-12-04", "EASY", "four-peaks")
    assert day.code == Game(day.number, layout="Four Peaks").code and day.code.endswith("@FOUR-PEAKS")
    with pytest.raises(InvalidLayoutError, match="a built-in's name"):
        challenges_of_the_day("2026-12-04", "easy", "Pyramid")


def test_compare_deals_the_codes_layout_on_every_board():
    box = TriPeaks.compare("TP1-E-AAAAAAB@DIAMOND", records=False)
    assert [w.code for w in box.widgets] == ["TP1-E-AAAAAAB@DIAMOND", "TP1-C-AAAAAAB@DIAMOND"]
    assert all(w.game.layout.name == "Diamond" for w in box.widgets)
    for widget in box.widgets:
        widget.close()


def test_a_mistyped_keyword_of_new_game_is_one_sentence_naming_the_nearest():
    widget = TriPeaks(1, records=False)
    said = r"^new_game\(\) takes no keyword game_layuot=; did you mean game_layout=\?$"
    with pytest.raises(InvalidTypeError, match=said):
        widget.new_game(game_layuot="Diamond")
    with pytest.raises(InvalidTypeError, match=r"^Board\(\) takes no keyword layuot=; did you mean layout=\?$"):
        Board(layuot="Diamond")
    widget.close()
