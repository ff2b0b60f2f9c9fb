"""The game in four languages: the seeds' wordings (R2.4, R4.2), the board in words (R7),
plural forms, templated messages, the front end's labels, the writing direction, and the
catalogs kept complete and in step with the code."""

import functools
import json
import random
import re
import shutil

import pytest
from helpers.support import HE_AFTER, HE_START, catalogs_tool

from tripeaks_widget import Card, Game, i18n
from tripeaks_widget.board.assists import HINT_PLAY, VERDICT_LOST
from tripeaks_widget.engine.cards import DECK, DECK_WITH_JOKER
from tripeaks_widget.engine.game import (
    BLOCKED_CARD,
    DRAW_WHEN_STUCK,
    GAME_WON,
    MUST_FIT,
    NO_MORE_MOVES,
    NOTHING_TO_UNDO,
    STOCK_EMPTY,
    YOU_WON,
    IllegalMoveError,
    Message,
)
from tripeaks_widget.engine.game import Game as EngineGame
from tripeaks_widget.engine.layout import LAYOUTS
from tripeaks_widget.engine.words import LAYOUT_NAME_ENTRIES, STOCK_MOST, NamedCard
from tripeaks_widget.i18n import (
    LANGUAGES,
    card_name,
    default_language,
    describe,
    direction,
    labels,
    language_of,
    translate,
)

TRANSLATED = ("el", "he", "is")
# Every message the engine declares.
ENGINE_MESSAGES = (
    MUST_FIT,
    BLOCKED_CARD,
    NO_MORE_MOVES,
    YOU_WON,
    STOCK_EMPTY,
    DRAW_WHEN_STUCK,
    NOTHING_TO_UNDO,
    GAME_WON,
)


@pytest.fixture(name="catalogs")
def catalogs_module():
    """The catalogs' maintenance module; it needs Babel (the test extra has it)."""
    try:
        catalogs = catalogs_tool()
    except ImportError as missing:  # fail, never skip: CI must check the catalogs
        pytest.fail(f"checking the catalogs needs Babel: pip install -e '.[test]' ({missing})")
    return catalogs


# The seeds' own words (SPEC R2.4, R4.2): 000_… in Greek, 003_… in Hebrew.
SEED_WORDS = {
    "el": {
        MUST_FIT: "Πρέπει να έχει αξία κατά μία μεγαλύτερη ή μικρότερη",
        BLOCKED_CARD: "Αυτό το φύλλο είναι μπλοκαρισμένο",
        NO_MORE_MOVES: "Δεν υπάρχουν άλλες δυνατές κινήσεις",
    },
    "he": {
        MUST_FIT: "הדרגה חייבת להיות גבוהה או נמוכה באחת",
        BLOCKED_CARD: "הקלף הזה חסום",
        NO_MORE_MOVES: "אין עוד מהלכים אפשריים",
    },
}

# SPEC §7, in English.
EN_START = (
    "Stock: 23 cards; discard: ace of clubs. Peak tops: hidden card, hidden card, hidden card; "
    "row 2: hidden card, hidden card, hidden card, hidden card, hidden card, hidden card; "
    "row 3: hidden card, hidden card, hidden card, hidden card, hidden card, hidden card, hidden card, "
    "hidden card, hidden card; bottom row: 3 of spades, 5 of spades, king of clubs, 4 of spades, "
    "2 of diamonds, ace of spades, king of diamonds, 8 of hearts, 7 of clubs, 9 of spades."
)


def opening():
    return Game("TP1-E-AAAAAAB")


def teach():
    return opening().replay(["K♣", "A♠", "2♦"])


def refusal(action):
    with pytest.raises(IllegalMoveError) as caught:
        action()
    return caught.value.args[0]


# -- the seeds' words ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", sorted(SEED_WORDS))
def test_the_seeds_wordings_exactly(lang):
    for english, said in SEED_WORDS[lang].items():
        assert translate(english, lang) == said
    assert labels(lang)["blocked_title"] == SEED_WORDS[lang][NO_MORE_MOVES]


@pytest.mark.parametrize("lang", sorted(SEED_WORDS))
def test_refusals_of_the_reference_opening_in_the_seeds_words(lang):
    game = opening()
    assert translate(refusal(lambda: game.play("3♠")), lang) == SEED_WORDS[lang][MUST_FIT]  # R6.4
    assert translate(refusal(lambda: game.play(0)), lang) == SEED_WORDS[lang][BLOCKED_CARD]
    assert translate(game.message, lang) == SEED_WORDS[lang][BLOCKED_CARD]


def test_a_blocked_game_says_so_in_every_language():
    game = opening()
    while game.status == "playing":
        game.apply(game.legal_moves()[-1])  # draw whenever possible: the game ends blocked
    assert game.status == "blocked" and game.message == NO_MORE_MOVES
    assert translate(game.message, "el") == SEED_WORDS["el"][NO_MORE_MOVES]
    assert translate(game.message, "he") == SEED_WORDS["he"][NO_MORE_MOVES]
    assert translate(game.message, "is") == "Engar fleiri mögulegar hreyfingar"


def test_every_engine_message_is_translated():
    for lang in TRANSLATED:
        for english in ENGINE_MESSAGES:
            said = translate(english, lang)
            assert said and said != english, (lang, english)


def test_every_message_a_game_produces_is_translated():
    """Play many games and ask why every card is refused: no text escapes the catalogs."""
    seen = set()
    rng = random.Random(7)
    for number, rules in [
        (1, "easy"),
        (3, "classic"),
        (11, "site"),
        (12, "easy+joker+open-peaks"),
        (13, "classic+draw-when-stuck"),
        (3, "easy"),
    ]:
        game = EngineGame.from_number(number, rules)  # its words are the declared messages, in English
        for _ in range(120):
            for slot in range(28):
                if game.why_not(slot):
                    seen.add(game.why_not(slot))
            for action in ["A♣", "K♠", "2♦", "draw", "undo"]:
                try:
                    game.copy().apply(action)
                except IllegalMoveError as error:
                    seen.add(error.args[0])
            if game.message:
                seen.add(game.message)
            moves = game.legal_moves()
            if not moves:
                break
            game.apply(rng.choice(moves + (["undo"] if game.can_undo and rng.random() < 0.1 else [])))
        if game.message:
            seen.add(game.message)
    assert {MUST_FIT, BLOCKED_CARD}.issubset(seen)
    for lang in TRANSLATED:
        for message in seen:
            assert translate(message, lang) != str(message), (lang, message)


# -- the board in words (R7) ---------------------------------------------------------------------------


def test_hebrew_board_lines_of_the_seed():
    assert describe(opening(), "he") == HE_START
    assert describe(teach(), "he") == HE_AFTER


def test_english_board_line_of_the_spec():
    assert describe(opening(), "en") == EN_START == opening().describe()


def test_other_languages_name_the_same_cards():
    assert describe(teach(), "el") == (
        "Στοίβα τραβήγματος: 23 φύλλα· στοίβα απόρριψης: 2 καρό. Κορυφαία φύλλα: κλειστό φύλλο, "
        "κλειστό φύλλο, κλειστό φύλλο· σειρά 2: "
        + ", ".join(["κλειστό φύλλο"] * 6)
        + "· σειρά 3: "
        + ", ".join(["κλειστό φύλλο"] * 4 + ["7 μπαστούνι"] + ["κλειστό φύλλο"] * 4)
        + "· κάτω σειρά: 3 μπαστούνι, 5 μπαστούνι, 4 μπαστούνι, ρήγας καρό, 8 κούπα, 7 σπαθί, 9 μπαστούνι."
    )
    assert describe(teach(), "is").startswith("Stokkurinn: 23 spil; Úrgangurinn: tígultvistur. Toppar Tindanna: ")
    assert describe(teach(), "is").endswith(
        "neðsta röðin: spaðaþristur, spaðafimma, spaðafjarki, tígulkóngur, hjartaátta, laufasjöa, spaðanía."
    )


def positions():
    """Many positions: random lines with undos under every rule set and variant, to their end."""
    rng = random.Random(2024)
    for number in range(1, 9):
        for rules in (
            "easy",
            "classic",
            "easy+joker",
            "classic+open-peaks",
            "site",
            "easy+hogue-scoring",
            "classic+empty-discard+joker",
        ):
            game = Game.from_number(number * 101, rules)
            yield game.copy()
            while game.legal_moves():
                moves = game.legal_moves()
                game.apply(rng.choice(moves + (["undo"] if game.can_undo and rng.random() < 0.15 else [])))
                if rng.random() < 0.3:
                    yield game.copy()
            yield game


def test_english_is_game_describe_everywhere():
    count = 0
    for game in positions():
        assert describe(game, "en") == game.describe()
        count += 1
    assert count > 500


def test_an_empty_stock():
    empty = Game.from_number(5, "easy")
    while empty.stock_count:
        empty.draw()
    assert "Stock: empty;" in describe(empty, "en") == empty.describe()
    # The stock's own word for empty, as its label says it, not a count of none.
    assert describe(empty, "he").startswith("קופת משיכה: ריקה;")
    assert describe(empty, "el").startswith("Στοίβα τραβήγματος: άδεια·")
    assert describe(empty, "is").startswith("Stokkurinn: tómur;")
    for lang in LANGUAGES:  # the stock's label (the front end's) says the same words
        table = labels(lang)
        assert table["stock_cards_0"] in describe(empty, lang).split(table["stock_cards_0"])[0] + table["stock_cards_0"]
        assert table["stock"].format(cards=table["stock_cards_0"]).endswith(table["stock_cards_0"])


def test_empty_rows_and_an_empty_discard():
    game = Game.from_number(4, "easy+empty-discard")
    assert describe(game, "en") == game.describe()
    assert "discard: empty." in describe(game, "en")
    assert "ערימת השלכה: ריקה." in describe(game, "he")
    assert "στοίβα απόρριψης: άδεια." in describe(game, "el")
    assert "Úrgangurinn: tómur." in describe(game, "is")
    # the rows of a won game: open peaks let a chain deck clear them
    chain = chain_game()
    assert chain.status == "won"
    assert describe(chain, "en") == chain.describe()
    assert describe(chain, "en").endswith("Peak tops: empty; row 2: empty; row 3: empty; bottom row: empty.")
    assert describe(chain, "he").endswith(
        "ראשי הפסגות: אין קלפים; שורה 2: אין קלפים; שורה 3: אין קלפים; השורה התחתונה: אין קלפים."
    )


def chain_game():
    """A game won in 28 plays: bottom row first, each card one rank above the last."""
    ranks = [(i % 13) + 1 for i in range(29)]
    order = list(range(18, 28)) + list(range(9, 18)) + list(range(3, 9)) + list(range(3))
    used, peaks = set(), {}
    for slot, rank in zip(order, ranks[1:], strict=False):
        card = next(Card(rank, s) for s in range(4) if Card(rank, s) not in used)
        used.add(card)
        peaks[slot] = card
    discard = next(Card(ranks[0], s) for s in range(4) if Card(ranks[0], s) not in used)
    used.add(discard)
    deck = [peaks[s] for s in range(28)] + [discard] + [c for c in DECK if c not in used]
    game = Game.from_deck(deck, "easy")
    for slot in order:
        game.play(slot)
    return game


def test_the_joker_in_words():
    assert card_name(Card.parse("★"), "en") == "joker" == Card.parse("★").words
    assert card_name("★", "he") == "ג'וקר"
    assert card_name("★", "el") == "τζόκερ"
    assert card_name("★", "is") == "jóker"


def test_card_names_in_every_language():
    assert card_name("K♣", "he") == "מלך תלתן" and card_name("3♠", "he") == "3 עלה"
    assert card_name("A♣", "he") == "אס תלתן" and card_name("J♥", "he") == "נסיך לב"
    assert card_name("Q♦", "he") == "מלכה יהלום"
    assert card_name("K♣", "el") == "ρήγας σπαθί" and card_name("10♥", "el") == "10 κούπα"
    assert card_name("A♠", "is") == "spaðaás" and card_name("Q♥", "is") == "hjartadrottning"
    assert card_name("A♣", "is") == "laufaás" and card_name("J♦", "is") == "tígulgosi"
    for lang in LANGUAGES:
        names = [card_name(card, lang) for card in DECK_WITH_JOKER]
        assert len(set(names)) == 53, lang  # no two cards share a name
    assert [card_name(card, "en") for card in DECK_WITH_JOKER] == [card.words for card in DECK_WITH_JOKER]


# -- plural forms ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang, counts",
    [
        ("en", {0: "0 cards", 1: "1 card", 2: "2 cards", 21: "21 cards", 23: "23 cards"}),
        ("el", {0: "0 φύλλα", 1: "1 φύλλο", 2: "2 φύλλα", 21: "21 φύλλα", 23: "23 φύλλα"}),
        ("he", {0: "0 קלפים", 1: "קלף אחד", 2: "שני קלפים", 3: "3 קלפים", 23: "23 קלפים"}),
        ("is", {0: "0 spil", 1: "1 spil", 2: "2 spil", 11: "11 spil", 21: "21 spil", 23: "23 spil"}),
    ],
)
def test_plural_forms_of_the_stock(lang, counts):
    for n, said in counts.items():
        assert i18n.text(i18n.STOCK_CARDS, lang, n).format(n=n) == said


def test_the_stock_counts_down_in_words():
    game = Game.from_number(9, "easy")
    while game.stock_count > 2:
        game.draw()
    assert describe(game, "he").startswith("קופת משיכה: שני קלפים;")
    assert describe(game, "en").startswith("Stock: 2 cards;")
    game.draw()
    assert describe(game, "he").startswith("קופת משיכה: קלף אחד;")
    assert describe(game, "el").startswith("Στοίβα τραβήγματος: 1 φύλλο·")
    assert describe(game, "en").startswith("Stock: 1 card;") and describe(game, "en") == game.describe()


# -- templated messages -------------------------------------------------------------------------------


def test_a_message_template_is_translated_then_filled():
    played = Message("{card} has already been played", card="K♣")
    assert str(played) == "K♣ has already been played"
    assert translate(played, "en") == "K♣ has already been played"
    assert translate(played, "el") == "Το K♣ έχει ήδη παιχτεί"
    assert translate(played, "he") == "הקלף K♣ כבר הוסר"
    assert translate(played, "is") == "K♣ hefur þegar verið fært á Úrgang"


def test_refusals_keep_their_template():
    game = teach()
    assert translate(refusal(lambda: game.play("K♣")), "he") == "הקלף K♣ כבר הוסר"
    assert translate(refusal(lambda: opening().play("A♣")), "el") == "Το A♣ είναι το φύλλο απόρριψης"
    assert translate(refusal(lambda: game.play("A♣")), "is") == "A♣ er ekki spil úr Tindunum"


def test_cards_among_the_values_are_named_in_the_language():
    hint = Message(HINT_PLAY, card=NamedCard("K♣"))
    assert str(hint) == "Hint: play the king of clubs"
    assert translate(hint, "en") == "Hint: play the king of clubs"
    assert translate(hint, "he") == "רמז: לשחק במלך תלתן"
    assert translate(hint, "el") == "Υπόδειξη: παίξτε τον ρήγα σπαθί"
    assert translate(hint, "is") == "Vísbending: færðu laufakónginn á Úrgang"
    as_card = Message(HINT_PLAY, card=NamedCard(Card.parse("2♦")))
    assert translate(as_card, "he") == "רמז: לשחק ב־2 יהלום"
    assert translate(as_card, "el") == "Υπόδειξη: παίξτε το 2 καρό"
    failed = Message("Something went wrong: {error}", error=Message("Nothing to undo"))
    assert translate(failed, "el") == "Κάτι πήγε στραβά: Δεν υπάρχει τίποτα για αναίρεση"
    assert translate(Message("Something went wrong: {error}", error="disk full"), "he") == "משהו השתבש: disk full"


def test_a_notice_names_a_layout_as_the_board_does_and_a_player_as_typed_but_the_default():
    """Issue 53: the layout and the default player's name were said in English inside a
    translated notice. A name a player typed is theirs, even a layout's or the default's word."""
    from tripeaks_widget.records.notices import SAID_DEFAULT_PLAYER, standing_notice

    for lang in LANGUAGES:
        said = translate(standing_notice("easy", 5, (0, 47), "player", layout="FOUR-PEAKS").text, lang)
        assert labels(lang)["layout_FOUR-PEAKS"] in said and said.endswith(f"{i18n.text(SAID_DEFAULT_PLAYER, lang)}.")
        typed = translate(standing_notice("easy", 5, (0, 47), "Diamond", layout="MY-GRID").text, lang)
        assert "MY-GRID" in typed and typed.endswith(" Diamond.")  # a key of no built-in layout; a typed name
    assert translate(standing_notice("easy", 5, (0, 47), "player", layout="DIAMOND").text, "is") == (
        "Metið í leik 5 (Auðvelt, Demantur): unninn í 47 hreyfingum, handhafi: leikmaður."
    )
    assert str(standing_notice("easy", 5, (0, 47), "player", layout="DIAMOND").text) == (
        "Record of game 5 (Easy, Diamond): won in 47 moves, held by player."
    )


def test_unknown_text_passes_through_and_nothing_crashes():
    for lang in LANGUAGES:
        assert translate("Not a message of the game", lang) == "Not a message of the game"
        assert translate(Message("{x} is unknown here", x=3), lang) == "3 is unknown here"
        assert translate("", lang) == "" and translate(None, lang) == ""
        broken = Message("{card} is the discard", card="K♣")
        broken.values = {}  # a template whose values went missing: the English text as it is
        assert translate(broken, lang) == "K♣ is the discard"
        assert translate("{card} is the discard", lang)  # a bare template is a plain text too
        assert translate("{", lang) == "{"


def test_languages_are_checked():
    with pytest.raises(ValueError, match=r"'en', 'el', 'he', 'is'"):
        translate(MUST_FIT, "fr")
    for call in (
        lambda: describe(opening(), "EN"),
        lambda: labels("de"),
        lambda: direction("ar"),
        lambda: card_name("K♣", "he_IL"),
    ):
        with pytest.raises(ValueError, match="unknown language"):
            call()


def test_no_language_means_the_default(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "he_IL.UTF-8")
    assert translate(MUST_FIT, None) == SEED_WORDS["he"][MUST_FIT]
    assert direction(None) == "rtl"


# -- the writing direction and the default language ---------------------------------------------------


def test_direction():
    assert direction("he") == "rtl"
    assert [direction(lang) for lang in ("en", "el", "is")] == ["ltr"] * 3


@pytest.mark.parametrize(
    "tag, lang",
    [
        ("he_IL.UTF-8", "he"),
        ("he", "he"),
        ("iw_IL", "he"),
        ("el_GR.UTF-8", "el"),
        ("el-GR", "el"),
        ("is_IS.ISO8859-1", "is"),
        ("en_US.UTF-8", "en"),
        ("en", "en"),
        ("Hebrew_Israel", "he"),
        ("Greek", "el"),
        ("fr_FR.UTF-8", None),
        ("C", None),
        ("C.UTF-8", None),
        ("POSIX", None),
        ("", None),
        (None, None),
        ("de@euro", None),
    ],
)
def test_language_of_a_locale(tag, lang):
    assert language_of(tag) == lang


@pytest.mark.parametrize(
    "env, lang",
    [
        ({"LANG": "he_IL.UTF-8"}, "he"),
        ({"LANG": "el_GR.UTF-8"}, "el"),
        ({"LC_ALL": "is_IS.UTF-8", "LANG": "he_IL.UTF-8"}, "is"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "he_IL.UTF-8"}, "en"),  # the locale in force is French
        ({"LANGUAGE": "fr:el", "LANG": "he_IL.UTF-8"}, "el"),
        ({"LANGUAGE": "fr:de", "LANG": "he_IL.UTF-8"}, "he"),
        ({"LC_MESSAGES": "he_IL.UTF-8", "LANG": "el_GR.UTF-8"}, "he"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "is"),  # nothing set: the process's locale (here pretended Icelandic)
    ],
)
def test_default_language_follows_the_kernels_locale(monkeypatch, env, lang):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in env.items():
        monkeypatch.setenv(variable, value)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *args: ("is_IS", "UTF-8"))
    assert default_language() == lang


def test_default_language_without_any_locale(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *args: (None, None))
    assert default_language() == "en"


# -- the front end's labels ------------------------------------------------------------------------------


def js_card_name(card, table):
    """What js/src/viewmodel.js cardName() makes of the labels, before it knows card_<notation>."""
    if not card.rank:
        return table["joker"]
    rank = str(card).rstrip("♣♦♥♠")
    return table["card_name"].format(
        rank=table.get(f"rank_{rank}", rank), suit=table[f"suit_{('clubs', 'diamonds', 'hearts', 'spades')[card.suit]}"]
    )


def test_english_labels_are_the_front_ends(catalogs):
    if not catalogs.LABELS_JS.exists():
        pytest.skip("no front end source here")
    table = catalogs.read_js_labels()
    assert {key: labels("en")[key] for key in table} == table
    assert i18n.english_labels() == table


@pytest.mark.parametrize("lang", LANGUAGES)
def test_labels_are_complete_in_every_language(catalogs, lang):
    english = i18n.english_labels()
    table = labels(lang)
    assert len(english) > 40 and set(english) <= set(table)
    for key, text in english.items():
        assert table[key].strip(), (lang, key)
        assert catalogs.fields(table[key]) == catalogs.fields(text), (lang, key)
    if lang != "en":
        same = {key for key in english if table[key] == english[key]}
        assert same <= {"title", "card_name", "dialog_game_placeholder", "percent"}, same  # "72%" in all four
    for card in DECK_WITH_JOKER:
        assert table[f"card_{card}"] == card_name(card, lang)
    assert set(table) - set(english) == {f"card_{card}" for card in DECK_WITH_JOKER} | {
        f"stock_cards_{n}" for n in range(STOCK_MOST + 1)
    } | {f"layout_{layout.key}" for layout in LAYOUTS.values()}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_built_in_layout_is_named_in_every_language(lang):
    table = labels(lang)
    assert [entry.msgid for entry in LAYOUT_NAME_ENTRIES] == list(LAYOUTS)  # made from LAYOUTS: no module names one
    for name, layout in LAYOUTS.items():
        said = table[f"layout_{layout.key}"]
        assert said.strip() and (said == name) == (lang == "en"), (lang, name, said)


def test_label_names_of_cards_agree_with_the_board_in_words():
    for lang in ("en", "el", "he"):
        table = labels(lang)
        for card in DECK_WITH_JOKER:
            assert js_card_name(card, table) == card_name(card, lang), (lang, card)
        assert table["hidden_card"] == i18n.text(i18n.HIDDEN_CARD, lang)
    # Icelandic names its cards with one word ("laufakóngur"): the card_<notation> labels carry them
    assert labels("is")["card_K♣"] == "laufakóngur"


def test_the_same_english_may_be_said_twice_differently():
    he = labels("he")
    assert he["undo"] != he["dialog_cancel"]  # "Undo" a move, "Cancel" the dialog: both "ביטול" otherwise
    assert labels("he")["undo"] == "ביטול מהלך" and he["dialog_cancel"] == "ביטול"


# -- the catalogs ---------------------------------------------------------------------------------------------


def test_the_catalogs_are_complete_and_up_to_date(catalogs):
    assert catalogs.check() == []


def test_the_message_set_comes_from_the_code(catalogs):
    found = catalogs.message_set()
    ids = {msgid for context, msgid in found if context is None}
    assert set(ENGINE_MESSAGES) <= ids
    assert {"{card} has already been played", "{card} is the discard", "{card} is not a peak card"} <= ids
    assert {"Hint: play {card:object}", "Hint: draw from the stock", "Something went wrong: {error}"} <= ids
    assert {card.words for card in DECK_WITH_JOKER} <= ids
    assert ("undo", "Undo") in found and ("dialog_cancel", "Cancel") in found
    assert "?" not in ids  # game.HIDDEN is not shown as text


@functools.cache
def template_texts(catalogs) -> dict[str, list[str]]:
    """The template's messages of each module that declares any, read once a run (scanning the
    package takes seconds, and the catalogs' tests each want the same)."""
    template = list(catalogs.read_catalog(catalogs.TEMPLATE))[1:]
    return {
        module: [m.id for m in template if (f"tripeaks_widget/{module}.py", None) in m.locations]
        for module in catalogs.sources()
        if catalogs.scan(module)
    }


@pytest.fixture
def scratch(catalogs, tmp_path, monkeypatch):
    """The catalogs copied aside, with sources and a front end that say just what the template
    has (not the work tree's, which others may be changing), so a test may change them."""
    locale_dir = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale_dir)
    package = tmp_path / "package"
    package.mkdir()
    for module, texts in template_texts(catalogs).items():
        package.joinpath(f"{module}.py").parent.mkdir(parents=True, exist_ok=True)
        package.joinpath(f"{module}.py").write_text(
            "from .messages import Message\n\n"
            + "".join(f"MESSAGE_{i} = Message({text!r})\n" for i, text in enumerate(texts)),
            encoding="utf-8",
        )
    monkeypatch.setattr(catalogs, "PACKAGE", package)
    monkeypatch.setattr(catalogs, "LOCALE_DIR", locale_dir)
    monkeypatch.setattr(catalogs, "TEMPLATE", locale_dir / "tripeaks.pot")
    monkeypatch.setattr(catalogs, "LABELS_FILE", locale_dir / "labels.json")
    js = tmp_path / "labels.js"
    js.write_text(
        "export const LABELS = {\n"
        + "".join(
            f"  {json.dumps(key)}: {json.dumps(text, ensure_ascii=False)},\n"
            for key, text in i18n.english_labels().items()
        )
        + "};\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(catalogs, "LABELS_JS", js)
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale_dir)
    i18n._load.cache_clear()
    yield catalogs, package, locale_dir
    i18n._load.cache_clear()


def edit_po(catalogs, lang, change):
    path = catalogs.po_path(lang)
    catalog = catalogs.read_catalog(path, lang)
    change(catalog)
    path.write_bytes(catalogs._render(catalog))


def test_a_new_message_fails_the_check_until_translated(scratch):
    catalogs, package, _ = scratch
    assert catalogs.check() == []
    source = package / "board" / "assists.py"
    ordinary = 'COLUMNS = "stock discard"\n'  # a constant, not a message: no declaration, not collected
    declared = 'SHUFFLED = Message("The stock was shuffled")\n'
    source.write_text(source.read_text(encoding="utf-8") + ordinary, encoding="utf-8")
    assert catalogs.check() == []
    source.write_text(source.read_text(encoding="utf-8") + declared, encoding="utf-8")
    problems = catalogs.check()
    assert any("the template lacks 'The stock was shuffled'" in p for p in problems), problems
    catalogs.update()
    problems = catalogs.check()
    # new: untranslated, or a near miss's old translation marked fuzzy for review
    assert (
        len([p for p in problems if "'The stock was shuffled'" in p and ("not translated" in p or "is fuzzy" in p)])
        == 3
    ), problems

    def translated(said):
        def change(catalog):
            message = catalog.get("The stock was shuffled")
            message.string = said
            message.flags.discard("fuzzy")

        return change

    for lang, said in (
        ("el", "Η στοίβα τραβήγματος ανακατεύτηκε"),
        ("he", "הקופה נערבבה"),
        ("is", "Stokkurinn var stokkaður"),
    ):
        edit_po(catalogs, lang, translated(said))
    assert any("is not" in p and "compiled" in p for p in catalogs.check())
    catalogs.compile_catalogs()
    assert catalogs.check() == []
    assert translate("The stock was shuffled", "he") == "הקופה נערבבה"


def test_a_message_the_code_dropped_is_stale(scratch):
    catalogs, package, _ = scratch
    source = package / "engine" / "game.py"
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    source.write_text("".join(line for line in lines if "'Nothing to undo'" not in line), encoding="utf-8")
    problems = catalogs.check()
    assert any("the template has 'Nothing to undo'" in p for p in problems)
    catalogs.update()  # the message leaves the template and every language
    assert catalogs.check() == [
        f"{catalogs._rel(i18n.mo_path(lang))} is not {catalogs._rel(catalogs.po_path(lang))} "
        "compiled: run python tools/catalogs.py compile"
        for lang in TRANSLATED
    ]
    catalogs.compile_catalogs()
    assert catalogs.check() == []
    assert translate(NOTHING_TO_UNDO, "he") == NOTHING_TO_UNDO


def test_an_unreadable_or_f_string_message_is_reported(scratch):
    catalogs, package, _ = scratch
    source = package / "board" / "assists.py"
    source.write_text(
        source.read_text(encoding="utf-8") + 'SHOWN_TOO = Message(f"{1} card")\n'
        "\n\ndef later(x):\n    return Message(x.upper(), n=1)\n",
        encoding="utf-8",
    )
    problems = catalogs.check()
    assert any("SHOWN_TOO is an f-string" in p for p in problems), problems
    assert any("cannot read this Message's template" in p for p in problems), problems


def test_fuzzy_missing_and_wrong_placeholders_are_reported(scratch):
    catalogs, _, _ = scratch

    def spoil(catalog):
        catalog.get("The stock is empty").flags.add("fuzzy")
        catalog.get("Nothing to undo").string = ""
        catalog.get("{card} is the discard").string = "{kaart} ist der Ablagestapel"
        catalog.get("Hint: play {card:object}").string = "Υπόδειξη: παίξτε"
        catalog.add("An old message", "Ένα παλιό μήνυμα")

    edit_po(catalogs, "el", spoil)
    problems = "\n".join(catalogs.check())
    assert "the translation of 'The stock is empty' is fuzzy" in problems
    assert "'Nothing to undo': not translated" in problems
    assert "placeholders ['kaart'] instead of ['card']" in problems
    assert "placeholders [] instead of ['card']" in problems
    assert "stale entry 'An old message'" in problems
    assert "el/LC_MESSAGES/tripeaks.mo is not" in problems


def test_placeholders_of_plural_forms(catalogs):
    entry = i18n.STOCK_CARDS
    assert catalogs.check_translation(entry, ["קלף אחד", "שני קלפים", "{n} קלפים"]) == []  # the count may go
    assert catalogs.check_translation(entry, ["{n} φύλλο", "{count} φύλλα"]) != []
    assert catalogs.check_translation(entry, ["{n} spil", ""]) == ["form 1: not translated"]
    labelled = i18n.label_entry("won_detail", "Final score {score} in {moves} moves.")
    assert catalogs.check_translation(labelled, ["Lokastig: {score}."]) != []  # only plurals may drop {n}
    assert catalogs.check_translation(labelled, ["{score} {moves} {"]) == ["unbalanced braces in '{score} {moves} {'"]


def test_the_template_and_labels_follow_the_front_end(scratch, tmp_path, monkeypatch):
    catalogs, _, _ = scratch
    js = catalogs.LABELS_JS
    js.write_text(
        js.read_text(encoding="utf-8").replace('  "undo": "Undo",\n', '  "undo": "Undo",\n  redo: "Redo",\n'),
        encoding="utf-8",
    )
    assert catalogs.read_js_labels(js)["redo"] == "Redo"
    problems = catalogs.check()
    assert any("labels.json is not the table of js/src/labels.js" in p for p in problems)
    assert any("the template lacks 'Redo' (context 'redo')" in p for p in problems)
    catalogs.update()
    i18n.english_labels.cache_clear()
    monkeypatch.setattr(i18n, "LABELS_FILE", catalogs.LABELS_FILE)
    try:
        assert labels("en")["redo"] == "Redo"
        assert labels("he")["redo"] == "Redo"  # not yet translated: the English meanwhile
        assert sum("'Redo' (context 'redo'): not translated" in p for p in catalogs.check()) == 3
    finally:
        i18n.english_labels.cache_clear()


def test_read_js_labels_reads_the_forms_the_table_uses(catalogs, tmp_path):
    js = tmp_path / "labels.js"
    js.write_text(
        "// a table\nexport const LABELS = {\n  a: \"A\",\n  \"b-c\": 'B \\'c\\'',\n  // note\n"
        '  d:\n    "D \\"quoted\\" {n}"\n};\nexport function f() {}\n',
        encoding="utf-8",
    )
    assert catalogs.read_js_labels(js) == {"a": "A", "b-c": "B 'c'", "d": 'D "quoted" {n}'}
    js.write_text("export const LABELS = {\n  a: `template ${x}`,\n};\n", encoding="utf-8")
    with pytest.raises(ValueError, match="cannot read the LABELS table"):
        catalogs.read_js_labels(js)


def test_the_engine_imports_no_translation_or_display():
    """game.py and what it imports say nothing in a language and draw nothing (messages.py and
    words.py are plain declarations); Game.describe() is words.describe in English, the same
    entries i18n.describe translates."""
    import grimp

    graph = grimp.build_graph("tripeaks_widget", include_external_packages=True)
    for far in ("tripeaks_widget.i18n", "tripeaks_widget.widget", "anywidget", "ipywidgets", "traitlets", "babel"):
        # (Babel is in no module of the package now: only the catalogs' tool, outside it, needs it)
        assert far not in graph.modules or not graph.chain_exists(
            "tripeaks_widget.engine.game", far, as_packages=True
        ), far
    g = Game("TP1-E-AAAAAAB").replay(["K♣", "A♠", "2♦"])
    assert g.describe() == i18n.describe(g, "en")


# -- one word per concept, cards in the form a sentence needs, nothing left in English ---------------


def test_the_glossary_catches_the_words_it_replaced():
    from tripeaks_widget.i18n import glossary

    assert glossary.problems("el", "Deal", ["Μοιράστε"], []) == []
    assert any("μοιρασιά" in p for p in glossary.problems("el", "Deal", ["Μοίρασμα"], []))
    exact = "Exact: sees the hidden cards"
    assert any("κλειστό φύλλο" in p for p in glossary.problems("el", exact, ["βλέπει τα κρυφά"], []))
    assert glossary.problems("el", exact, ["ΒΛΕΠΕΙ ΤΑ ΚΛΕΙΣΤΑ ΦΥΛΛΑ"], []) == []  # capitals, no accents
    assert any("קופת משיכה" in p for p in glossary.problems("he", "The stock is empty", ["הערימה ריקה"], []))
    # Icelandic: the piles' names capitalised in every form; the verb "stokka" (shuffle) is no pile
    assert any("capitalised" in p for p in glossary.problems("is", "Open peaks", ["Opnir tindar"], []))
    assert any("capitalised" in p for p in glossary.problems("is", "Empty discard", ["Tómur úrgangur"], []))
    assert glossary.problems("is", "The stock was shuffled", ["Stokkurinn var stokkaður"], []) == []
    # a deliberate exception says so, and names the term it leaves out
    assert glossary.problems("el", "Deal", ["Πάμε"], ["glossary-exception: deal (a game's word)"]) == []
    assert glossary.problems("el", "Deal", ["Πάμε"], ["glossary-exception: draw (not this one)"]) != []


def test_contributing_shows_the_glossary_the_check_uses(catalogs):
    from tripeaks_widget.i18n import glossary

    if not catalogs.CONTRIBUTING.exists():
        pytest.skip("no source tree here")
    text = catalogs.CONTRIBUTING.read_text(encoding="utf-8")
    assert glossary.table() in text and catalogs.check_glossary_shown() == []
    for term in glossary.TERMS:  # deal, draw, stock, discard, peak, hidden card, top row, hint, challenge, goal
        assert set(term.words) == set(TRANSLATED), term.name
    assert [t.name for t in glossary.TERMS] == [
        "deal", "draw", "stock", "discard", "peak", "hidden card", "top row", "hint", "challenge", "goal",
    ]  # fmt: skip


def test_a_translation_off_the_glossary_fails_the_check_until_marked(scratch):
    catalogs, _, _ = scratch

    def reword(said, comment=None):
        def change(catalog):
            message = catalog.get("Deal", context="dialog_deal")
            message.string = said
            if comment:
                message.user_comments.append(comment)

        return change

    edit_po(catalogs, "el", reword("Μοίρασμα"))
    catalogs.compile_catalogs()
    problems = [p for p in catalogs.check() if "'Deal'" in p]
    assert len(problems) == 2 and "μοιρασιά" in problems[0], problems
    edit_po(catalogs, "el", reword("Πάμε", "glossary-exception: deal (a button that says go)"))
    catalogs.update()  # the translator's comment survives a merge from the template
    catalogs.compile_catalogs()
    assert catalogs.check() == []


def test_a_translation_may_ask_only_for_a_known_card_form(catalogs):
    entry = i18n.Entry("Hint: play {card:object}")
    assert catalogs.check_translation(entry, ["Υπόδειξη: παίξτε {card:object}"]) == []
    assert catalogs.check_translation(entry, ["Υπόδειξη: {card}"]) == []  # the plain name is a form too
    [wrong] = catalogs.check_translation(entry, ["Υπόδειξη: παίξτε {card:genitive}"])
    assert "genitive" in wrong and "object" in wrong


GREEK_ARTICLES = ("τον ", "την ", "το ")


def test_every_card_has_its_object_form_in_every_language():
    for card in DECK_WITH_JOKER:
        named = {lang: format(NamedCard(card, i18n._sayer(lang)), "object") for lang in LANGUAGES}
        assert named["en"] == f"the {card.words}"
        assert named["el"].startswith(GREEK_ARTICLES), named
        assert named["he"].startswith("ב"), named
        assert named["is"] != card_name(card, "is") and named["is"].endswith(("inn", "nn", "una")), named
    # the accusative differs from the nominative where Greek declines the rank
    assert format(NamedCard("K♦", i18n._sayer("el")), "object") == "τον ρήγα καρό" != "ο " + card_name("K♦", "el")
    assert format(NamedCard("J♣", i18n._sayer("el")), "object") == "τον βαλέ σπαθί"
    assert format(NamedCard("10♥", i18n._sayer("he")), "object") == "ב־10 לב"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Hint: play the king of diamonds"),
        ("el", "Υπόδειξη: παίξτε τον ρήγα καρό"),
        ("he", "רמז: לשחק במלך יהלום"),
        ("is", "Vísbending: færðu tígulkónginn á Úrgang"),
    ],
)
def test_the_hint_names_its_card_in_the_form_the_sentence_needs(lang, said):
    from tripeaks_widget.board.assists import pointing

    message, marks = pointing(opening(), "K♦", exact=False)
    assert translate(message, lang) == said and marks == [opening().slot_of(Card.parse("K♦"))]
    exact, _ = pointing(opening(), "K♦", exact=True)
    assert translate(exact, lang).endswith(said.split(": ", 1)[1])


def test_the_rule_books_king_is_read_as_written():
    """The Greek and Hebrew rule books write the King as R (R♣, 2♦, R♦): the engine reads it,
    and the boards keep K (CONTRIBUTING.md says why)."""
    game = opening()
    fitting = [Card.parse(text) for text in ("R♣", "2♦", "R♦")]  # the books' three cards on A♣
    assert {str(c) for c in fitting} == {"K♣", "2♦", "K♦"}
    assert {m for m in game.legal_moves() if m != "draw"} == {str(c) for c in fitting}
    assert [m for m in Game("TP1-C-AAAAAAB").legal_moves() if m != "draw"] == ["2♦"]
    game.play("R♣")
    assert str(game.discard) == "K♣" and "R" not in str(game.deck[game.slot_of(Card.parse("K♦"))])


ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
# Names (a URL is one in every language), and keys as the keyboard labels them.
NAMES = {"TriPeaks", "Hogue", "Robert", "Enter", "JOKER", "Python", "URL", "JupyterLab"}
OWN_WORDS = {"is": {"Best"}}  # the language's own word, spelt as the English one ("Best hingað til")


def english_words(text: str) -> set[str]:
    """The English-looking words of a text, placeholders, game codes and names aside."""
    bare = re.sub(r"\{[^}]*\}|TP1-[A-Z0-9…-]+", "", text)
    return {word for word in ENGLISH_WORD.findall(bare) if word not in NAMES}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_string_of_the_catalogs_is_left_in_english(catalogs, lang):
    catalog = catalogs.read_catalog(catalogs.po_path(lang), lang)
    left = []
    for message in list(catalog)[1:]:
        english = " ".join(message.id) if message.pluralizable else message.id
        strings = list(message.string) if message.pluralizable else [message.string]
        for string in strings:
            if english_words(string) & english_words(english) - OWN_WORDS.get(lang, set()):
                left.append((message.context, english, string))
    assert left == []


def test_the_wordings_a_careful_reader_asked_for():
    el, he, is_ = labels("el"), labels("he"), labels("is")
    # Greek: the seed's μοιρασιά, a button that deals, presets named for what they are
    assert el["dialog_deal"] == "Μοιράστε" and "μοιρασιά" in el["dialog_game_hint"].lower()
    assert el["preset_app"] == "Βασικό" and el["preset_site"] == "Ελεύθερη αρχή"
    assert el["review_not_lost"].endswith("η παρτίδα δεν ήταν ποτέ χαμένη")
    assert "κλειστ" in el["hint_exact"] and "κλειστ" in el["win_chance_tip"] and el["hidden_card"] == "κλειστό φύλλο"
    assert "πεδίο" in el["dialog_game_hint"]
    # Hebrew: the Played column, the seed's error help, the stock counted in words
    assert he["review_action"] == "המהלך שלך" and he["error_help"].startswith("עזרת השגיאות")
    assert he["stock"].format(cards=he["stock_cards_1"]) == "קופת משיכה, קלף אחד"
    assert he["stock"].format(cards=he["stock_cards_2"]) == "קופת משיכה, שני קלפים"
    # Icelandic: one noun for a draw, no stray commas, the piles' names capitalised alike
    assert is_["review_draw"] == "dráttur"
    assert ", eða" not in is_["blocked_detail"] and "vinna, frá" not in translate(Message(VERDICT_LOST, move=75), "is")
    assert is_["variant_open-peaks"] == "Tindarnir opnir" and is_["variant_empty-discard"] == "Úrgangurinn tómur"
    assert "Úrgangurinn tómur í byrjun" in is_["preset_site_long"]
