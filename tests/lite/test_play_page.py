"""The play-only page's Python (tripeaks_widget.play_page): what it posts to the page, the requests
it carries out, and the assists a teacher did not allow, refused. The page itself, in Chromium,
is tests/e2e/test_lite.py's."""

import datetime
import json
import os

import pytest
from helpers.support import GRID, OPENING, WINNABLE

from tripeaks_widget import LAYOUTS, Game, i18n
from tripeaks_widget.engine.errors import TriPeaksError
from tripeaks_widget.play_page import (
    BAD_LINK,
    NO_ANSWER,
    NO_DAY,
    PAGE_WORDS,
    PlayPage,
    check_assists,
    hidden_controls,
    page_words,
)
from tripeaks_widget.records.results import ASSISTS


class Page:
    """A PlayPage and every message it posted, read back as JSON."""

    def __init__(self, **options):
        self.posted: list[dict] = []
        self.page = PlayPage(lambda text: self.posted.append(json.loads(text)), **options)

    @property
    def state(self) -> dict:
        return next(m["state"] for m in reversed(self.posted) if "state" in m)

    def send(self, **content):
        self.page.receive(json.dumps(content))
        return self.state

    def click(self, action: str):
        if action == "draw":
            return self.send(type="draw")
        slot = self.page.board.game.slot_of(action)
        return self.send(type="play", slot=slot, card=self.page.board.game.slot_view(slot))


def test_the_page_gets_the_snapshot_and_the_labels_of_its_language():
    page = Page(game=OPENING, lang="el")
    first = page.posted[0]
    assert first["state"]["code"] == OPENING and first["state"]["lang"] == "el"
    assert first["labels"] == {**i18n.labels("el"), "no_answer": i18n.text(NO_ANSWER.entry, "el")}
    page.send(type="lang", value="he", seq=3)
    switched = page.posted[-1]
    assert switched["state"]["lang"] == "he" and switched["labels"] == {
        **i18n.labels("he"),
        "no_answer": i18n.text(NO_ANSWER.entry, "he"),
    }
    assert switched["state"]["answered"] == 3
    page.click("K♣")
    assert "labels" not in page.posted[-1]  # sent once a language


def test_a_game_is_won_by_clicks_and_played_by_hand():
    page = Page(game=str(WINNABLE))
    for action in Game.from_number(WINNABLE).solve().line:
        state = page.click(action)
    assert state["status"] == "won" and state["assisted"] is False
    assert page.page.board.game.status == "won"


@pytest.mark.parametrize(
    "link, code",
    [("7", Game.from_number(7).code), (OPENING, OPENING), ("today", Game.of_the_day().code), (None, None)],
)
def test_the_link_chooses_the_game(link, code):
    page = Page(game=link)
    assert page.state["code"] == code or (code is None and page.state["code"].startswith("TP1-E-"))
    assert not any("error" in m for m in page.posted)
    if link == "today":
        assert [g["text"] for g in page.state["goals"]]  # the game of the day comes with its goals


@pytest.mark.parametrize(
    "link, lang",
    [
        ({"game": "TP9-X"}, "en"),
        ({"game": "²"}, "el"),
        ({"game": "9" * 5000}, "he"),
        ({"game": "١٢٣"}, "is"),  # Arabic-Indic digits are no game number
        ({"game": "7", "layout": "Hexagon"}, "en"),
        ({"game": "today", "layout": "Hexagon"}, "el"),
    ],
)
def test_a_bad_link_gets_one_sentence_in_the_pages_language_and_a_random_deal(link, lang):
    page = Page(lang=lang, **link)
    assert page.posted[0] == {"error": i18n.text(BAD_LINK.entry, lang)}  # never Python's exception text
    assert lang == "en" or page.posted[0]["error"] != BAD_LINK.entry.msgid  # translated
    assert page.state["code"].startswith("TP1-E-") and page.state["lang"] == lang
    assert page.state["code"] != Game.from_number(123).code


def test_the_link_chooses_the_layout_of_a_numbered_game_and_a_code_names_its_own():
    """``play/?game=7&layout=diamond``: game 7 of Diamond (issue 48); a code names its layout."""
    diamond = Game.from_number(7, layout=LAYOUTS["Diamond"]).code
    assert Page(game="7", layout="diamond").state["code"] == diamond
    assert Page(game=diamond).state["code"] == diamond
    assert Page(game="7", layout="Three Peaks").state["code"] == Game.from_number(7).code
    page = Page(game="7", layout="Hexagon")
    assert "error" in page.posted[0] and page.state["code"].startswith("TP1-E-")
    assert Page(layout="four-peaks").state["code"].endswith("@FOUR-PEAKS")  # a random game of it
    today = Page(game="today", layout="Columns")
    assert today.state["code"] == Game.of_the_day(datetime.date.today(), layout="Columns").code
    today.page.of_the_day()  # and the next day's game of the day stays on the layout
    assert today.state["code"].endswith("@COLUMNS")


def test_the_game_of_the_day_takes_the_boards_place_in_its_rules_and_language():
    page = Page(game="TP1-C-AAAAAAD", lang="is")
    old = page.page.board
    page.page.of_the_day()
    day = Game.of_the_day(datetime.date.today(), "classic")
    assert page.state["code"] == day.code and page.state["lang"] == "is" and page.state["goals"]
    assert old.closed
    page.click("draw")
    assert page.state["moves"] == 1  # the new board takes the page's requests


def test_a_game_of_the_day_there_is_none_of_gets_one_sentence_and_the_game_goes_on(small_bounds):
    """Issue 53: on a layout where the day's search runs out of its bound, the button raised
    ``SearchExhausted`` and the page showed Python's text; now one sentence, and nothing is lost."""
    page = Page(game="classic", layout=GRID, lang="he")
    board, code = page.page.board, page.state["code"]
    page.page.of_the_day()
    assert page.posted[-1] == {"error": i18n.text(NO_DAY.entry, "he")}
    assert page.posted[-1]["error"] != NO_DAY.entry.msgid  # in the page's language
    assert page.page.board is board and not board.closed
    state = page.click("draw")
    assert state["code"] == code and state["moves"] == 1  # the game shown goes on


@pytest.mark.parametrize(
    "allowed, asked, kept",
    [
        ("none", {"type": "show_verdict", "value": True}, {"show_verdict": False}),
        ("fair_hint", {"type": "show_win_chance", "value": True}, {"show_win_chance": False}),
        ("fair_hint", {"type": "hint_kind", "value": "exact"}, {"hint_kind": "fair"}),
        ("hint", {"type": "hint_kind", "value": "fair"}, {"hint_kind": "exact"}),
        ("verdict,win_chance", {"type": "show_hints", "value": True}, {"show_hints": False}),
        ("all", {"type": "show_verdict", "value": True}, {"show_verdict": True}),
        ("all", {"type": "hint_kind", "value": "exact"}, {"hint_kind": "exact"}),
    ],
)
def test_an_assist_the_teacher_did_not_allow_is_refused_and_the_request_answered(allowed, asked, kept):
    page = Page(game=OPENING, assists=allowed)
    state = page.send(**asked, seq=41)
    assert {name: state[name] for name in kept} == kept
    assert state["answered"] == 41  # answered, so the front end waits for nothing


def test_no_hint_allowed_means_no_hint_button_and_no_hint():
    page = Page(game=OPENING, assists="verdict")
    assert page.state["show_hints"] is False
    state = page.send(type="hint")
    assert state["highlight"] == [] and page.page.board.used == set()


def test_the_assists_a_teacher_allows_are_the_records_names():
    assert check_assists("all") == ASSISTS and check_assists("none") == ()
    assert check_assists(" win_chance , hint ") == ("hint", "win_chance")  # in the records' order
    assert check_assists(["fair_hint"]) == ("fair_hint",)
    with pytest.raises(TriPeaksError, match="unknown assist 'solver'; a teacher allows any of hint, fair_hint"):
        check_assists("fair_hint,solver")
    with pytest.raises(TypeError, match="assists are names"):
        check_assists(3)
    assert hidden_controls("all") == []
    assert hidden_controls("none") == ["verdict", "win_chance", "hints"]
    assert hidden_controls("fair_hint,verdict") == ["win_chance", "hint_kind"]


def test_a_message_that_is_not_json_changes_nothing():
    page = Page(game=OPENING)
    before = len(page.posted)
    page.page.receive("{not json")
    page.page.receive(json.dumps(["play", 3]))  # JSON, but no request: the board refuses it, in its log
    assert len(page.posted) == before and page.state["moves"] == 0


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_click_not_yet_answered_is_said_in_the_pages_words_not_a_kernels(lang):
    """The board says a click not answered in a few seconds as the page's own words: there is no
    kernel to restart on the page, only the game working in its background."""
    said = Page(game=OPENING, lang=lang).posted[0]["labels"]["no_answer"]
    assert said == i18n.text(NO_ANSWER.entry, lang) != i18n.labels(lang)["no_answer"]
    assert "kernel" not in said and (lang == "en") == (said == str(NO_ANSWER))


def test_the_pages_words_are_translated_in_every_language():
    for lang in i18n.LANGUAGES:
        words = page_words(lang)
        assert set(words) == set(PAGE_WORDS) and all(words.values())
        if lang != i18n.SOURCE_LANGUAGE:
            assert all(words[key] != str(message) for key, message in PAGE_WORDS.items()), lang
        assert "{error}" in words["not_started"]


def test_the_pages_records_keep_a_game_won_by_clicks_as_played_by_hand(tmp_path, monkeypatch):
    """As in the browser, whose Python has no threads: each result is written at once, in this thread."""
    from tripeaks_widget.records import HAND, Records, worker

    monkeypatch.setattr(worker, "threads_available", lambda: False)
    monkeypatch.delenv("TRIPEAKS_RECORDS_SPOOL", raising=False)
    path = tmp_path / "records" / "records.sqlite3"
    path.parent.mkdir()
    page = Page(game=str(WINNABLE), records=str(path))
    for action in Game.from_number(WINNABLE).solve().line:
        state = page.click(action)
    assert any(n["text"].startswith(f"First win of game {WINNABLE} (Easy)") for n in state["notices"])
    with Records(path) as records:
        [result] = records.results()
        assert (result["player"], result["category"], result["outcome"]) == ("player", HAND, "won")
    again = Page(game=str(WINNABLE), records=str(path))  # the next visit: the record is said at the deal
    assert any("held by player" in n["text"] for n in again.state["notices"])
    assert os.environ["TRIPEAKS_RECORDS_SPOOL"] == str(path.parent / "spool")  # beside the records file


def test_the_pages_notices_say_the_layout_and_the_default_player_in_the_pages_language(tmp_path, monkeypatch):
    """Issue 53: a Greek or Hebrew notice said "Diamond" and "player" in English; the layout is
    named as the board's labels name it, and the name nobody chose is a word of the language."""
    from tripeaks_widget.records import worker
    from tripeaks_widget.records.notices import SAID_DEFAULT_PLAYER

    monkeypatch.setattr(worker, "threads_available", lambda: False)
    monkeypatch.delenv("TRIPEAKS_RECORDS_SPOOL", raising=False)
    path = tmp_path / "records" / "records.sqlite3"
    path.parent.mkdir()
    page = Page(game="1", layout="Diamond", records=str(path), lang="el")
    for action in Game.from_number(1, layout=LAYOUTS["Diamond"]).solve().line:
        state = page.click(action)
    [won] = [n["text"] for n in state["notices"] if "Ρόμβος" in n["text"]]
    assert won.startswith("Πρώτη νίκη στην παρτίδα 1 (Εύκολο, Ρόμβος)")
    assert i18n.labels("el")["layout_DIAMOND"] == "Ρόμβος"  # the name the board and its dialog show
    again = Page(game="1", layout="Diamond", records=str(path), lang="he")
    [standing] = [n["text"] for n in again.state["notices"] if n["text"].startswith("השיא")]
    assert i18n.labels("he")["layout_DIAMOND"] in standing and "Diamond" not in standing
    assert standing.endswith(f"בידי {i18n.text(SAID_DEFAULT_PLAYER, 'he')}.") and "player" not in standing
    english = Page(game="1", layout="Diamond", records=str(path))
    assert any(n["text"].startswith("Record of game 1 (Easy, Diamond)") for n in english.state["notices"])
    assert any(n["text"].endswith("held by player.") for n in english.state["notices"])


def test_without_records_the_page_plays_and_says_nothing_of_them():
    page = Page(game=OPENING)
    assert page.state["records"] is False and page.state["notices"] == []
