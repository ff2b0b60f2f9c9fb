"""The widget in English, Greek, Hebrew and Icelandic: ``lang=`` and ``w.lang``, the ``labels``
trait, the snapshot's texts in the language (R2.4 reasons, R4.2, the board in words of R7,
hints, errors, the records' notices), Hebrew right to left, and the language checked.

Run as a script, this file rewrites ``js/test/fixtures/languages.json``, the snapshots and
label tables the front end's unit tests read (a test below fails when it is out of date).
"""

from __future__ import annotations

import json

import pytest
from helpers.support import HE, HE_AFTER, HE_START, at_once, intent, play_by_hand, played, replies_of, winning_line

from tripeaks_widget import TriPeaks, fair, i18n, solver
from tripeaks_widget.board.dialog import BAD_CODE
from tripeaks_widget.engine.game import BLOCKED_CARD, MUST_FIT, NO_MORE_MOVES, YOU_WON
from tripeaks_widget.engine.game import Game as EngineGame
from tripeaks_widget.engine.words import NamedCard
from tripeaks_widget.records import Records

OPENING = "TP1-E-AAAAAAB"  # R6.4
WINNABLE = 3  # R6.5
LANGUAGES = ("en", "el", "he", "is")

EL_MUST_FIT = "Πρέπει να έχει αξία κατά μία μεγαλύτερη ή μικρότερη"


def answer(*line):
    """A stand-in for the solver's answer whose best line is ``line``."""
    return solver.Solution(winnable=bool(line), line=tuple(line), draws=line.count("draw"), cards_left=0, score=0)


def click(widget, slot):
    intent(widget, played(widget, slot))


class Seen(list):
    """What a watched widget sent, in order."""

    def __init__(self, monkeypatch, attribute, record):
        super().__init__()
        self._patch, self._attribute, self._record = monkeypatch, attribute, record

    def watch(self, widget):
        self._patch.setattr(widget, self._attribute, self._record(self, getattr(widget, self._attribute)))
        return widget


@pytest.fixture
def replies(monkeypatch):
    """What widgets send to the front end as custom messages (the dialog's replies)."""
    seen = Seen(monkeypatch, "send", None)
    seen.watch = lambda widget: (replies_of(widget, seen), widget)[1]
    return seen


@pytest.fixture
def synced(monkeypatch):
    """Which synced traits a widget sends, update by update."""

    def record(seen, send_state):
        def watched(key=None):
            seen.append(sorted([key] if isinstance(key, str) else list(key or [])))
            return send_state(key)

        return watched

    return Seen(monkeypatch, "send_state", record)


# -- choosing the language ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lang_parameter_sets_the_language_labels_and_direction(lang):
    w = TriPeaks(OPENING, lang=lang, records=False)
    assert w.lang == lang
    assert w.state["lang"] == lang and w.state["dir"] == ("rtl" if lang == "he" else "ltr")
    assert w.labels == i18n.labels(lang)
    assert w.labels["card_K♣"] == i18n.card_name("K♣", lang)
    assert w.state["description"] == i18n.describe(w.game, lang) == w.describe()
    assert w.state["seq"] == 1  # one complete first snapshot, already in the language


def test_the_default_language_is_the_kernels_locale(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "he_IL.UTF-8")
    assert i18n.default_language() == "he"
    w = TriPeaks(OPENING, records=False)
    assert w.lang == "he" and w.state["dir"] == "rtl" and w.state["description"] == HE_START
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")  # a language the game does not speak: English
    assert TriPeaks(OPENING, records=False).lang == "en"
    monkeypatch.setenv("LANGUAGE", "is:en")
    assert TriPeaks(OPENING, records=False, lang=None).lang == "is"


def test_setting_lang_switches_the_widget_on_display(synced):
    w = synced.watch(TriPeaks(OPENING, records=False))
    click(w, 18)  # 3♠ on the A♣: refused (R6.4)
    assert w.state["message"] == MUST_FIT
    seq = w.state["seq"]
    w.lang = "el"
    assert w.state["message"] == EL_MUST_FIT  # the same refusal, now in Greek
    assert w.state["lang"] == "el" and w.state["seq"] == seq + 1
    assert w.labels == i18n.labels("el") and w.labels["undo"] == "Αναίρεση"
    assert w.state["description"].startswith("Στοίβα τραβήγματος: 23 φύλλα")
    w.lang = "he"
    assert w.state["message"] == HE[MUST_FIT] and w.state["dir"] == "rtl"
    assert w.labels["blocked_title"] == HE[NO_MORE_MOVES]
    w.lang = "he"  # the same language again: nothing is sent
    assert w.state["seq"] == seq + 2
    # The labels and the snapshot of a new language go together, in one update; the labels only then.
    assert [keys for keys in synced if "labels" in keys] == [["labels", "state"], ["labels", "state"]]


def test_labels_are_sent_once_per_language_not_with_every_move(synced, monkeypatch):
    w = synced.watch(TriPeaks(OPENING, records=False, lang="is", hint_kind="exact"))
    monkeypatch.setattr(solver, "solve", lambda game, budget=None: answer("K♣"))
    for action in ["K♣", "A♠", "2♦", "draw", "undo", "3♠"]:
        try:
            w.apply(action)
        except ValueError:
            pass
    w.hint()
    w.error_help = False
    assert synced and all(keys == ["state"] for keys in synced)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_per_move_snapshot_stays_small_in_every_language(lang, tmp_path):
    """Open peaks name every card; a records notice comes at the end: still at most 2 KB and the
    128 bytes of the board's answers (reply, answered) and whether it records."""
    store = Records(tmp_path / "records.sqlite3")
    sizes, notices = [], []
    for rules in ("classic+hogue-scoring+joker+open-peaks+draw-when-stuck+empty-discard", "easy+open-peaks"):
        for pick in (-1, 0):  # draw whenever possible, then play whenever possible: a better result
            w = TriPeaks(game=WINNABLE, rules=rules, records=store, lang=lang)
            sizes.append(len(json.dumps(w.state, ensure_ascii=False).encode()))
            while w.status == "playing":
                w.apply(w.legal_moves()[pick])
                sizes.append(len(json.dumps(w.state, ensure_ascii=False).encode()))
            notices += w.state["notices"]
    assert len(notices) >= 3, notices  # the ends were recorded, a record broken
    assert max(sizes) <= 2048 + 128, max(sizes)
    assert "labels" not in w.state


@pytest.mark.parametrize("bad", ["fr", "fr_FR.UTF-8", "", "C", "klingon", 3, ["he"]])
def test_a_bad_language_is_refused_naming_the_choices(bad):
    with pytest.raises(ValueError, match=r"'en', 'el', 'he', 'is'"):
        TriPeaks(OPENING, lang=bad, records=False)
    w = TriPeaks(OPENING, lang="el", records=False)
    state = dict(w.state)
    with pytest.raises(ValueError, match=r"choose one of 'en', 'el', 'he', 'is'"):
        w.lang = bad
    assert w.lang == "el" and w.state == state and w.labels == i18n.labels("el")


def test_a_locale_name_is_read_as_its_language():
    assert TriPeaks(OPENING, lang="he_IL.UTF-8", records=False).lang == "he"
    w = TriPeaks(OPENING, lang="en", records=False)
    w.lang = "el-GR"
    assert w.lang == "el" and w.state["lang"] == "el"
    w.lang = None  # the kernel's locale (the tests' is English)
    assert w.lang == "en"


def test_side_by_side_widgets_share_the_language():
    box = TriPeaks.compare(OPENING, lang="is", records=False)
    assert [w.lang for w in box.widgets] == ["is", "is"]
    assert box["classic"].labels["rules_classic"] == "Klassískt"


# -- what the player reads, in the language -------------------------------------------------------


def test_the_hebrew_seeds_wordings_through_the_widget():
    w = TriPeaks(OPENING, lang="he", records=False)
    assert w.state["description"] == HE_START  # R7, the seed's first line
    click(w, 18)  # 3♠ on the A♣ (R6.4)
    assert w.state["message"] == HE[MUST_FIT]
    click(w, 0)  # a face-down peak top
    assert w.state["message"] == HE[BLOCKED_CARD]
    for card in ("K♣", "A♠", "2♦"):
        w.play(card)
    assert w.state["description"] == HE_AFTER  # R7, the seed's second line: the 7♠ turned up
    assert w.state["message"] == ""
    # Python says what the board says, in its language (issue: one vocabulary, one language).
    click(w, 19)  # 5♠ on the 2♦
    assert w.message == w.state["message"] == HE[MUST_FIT] == w.why_not("5♠")


def test_a_blocked_and_a_won_game_in_the_language():
    w = TriPeaks("TP1-C-AAAAAAB", lang="he", records=False)
    for _ in range(23):
        w.draw()
    w.play("K♣")  # Classic: the only move left
    assert w.status == "blocked" and w.state["message"] == HE[NO_MORE_MOVES]  # R4.2
    assert w.labels["blocked_title"] == HE[NO_MORE_MOVES]
    g = TriPeaks(game=WINNABLE, lang="is", records=False)
    g.replay(winning_line(), pace=0)
    assert g.status == "won" and g.state["message"] == i18n.translate(YOU_WON, "is") == "Þú vannst!"


def test_hints_in_the_language(monkeypatch):
    w = TriPeaks(OPENING, lang="he", records=False)
    monkeypatch.setattr(fair, "fair_hint_steps", at_once(lambda seen, **_: "K♣"))
    intent(w, {"type": "hint"})
    assert w.state["message"] == "מחפשים רמז…"
    w.board.assists.worker.wait(5)
    assert w.state["message"] == "רמז: לשחק במלך תלתן"
    assert w.state["highlight"] == [20]
    assert w.message == "רמז: לשחק במלך תלתן"
    w.lang = "is"
    assert w.state["message"] == "Vísbending: færðu laufakónginn á Úrgang"
    w.lang = "el"  # the card in the accusative, with its article
    assert w.state["message"] == "Υπόδειξη: παίξτε τον ρήγα σπαθί"
    w.lang = "is"
    monkeypatch.setattr(fair, "fair_hint_steps", at_once(lambda seen, **_: "draw"))
    w.fair_hint()
    assert w.state["message"] == i18n.translate("Hint: draw from the stock", "is") != "Hint: draw from the stock"
    monkeypatch.setattr(fair, "fair_hint_steps", at_once(lambda seen, **_: None))
    w.fair_hint()
    assert w.state["message"] == i18n.translate("No hint: no move leads anywhere from here", "is")


def test_an_error_in_an_intent_is_said_in_the_language(monkeypatch):
    w = TriPeaks(OPENING, lang="el", records=False)

    def broken():
        raise RuntimeError("disk full")

    monkeypatch.setattr(w.game, "draw", broken)
    intent(w, {"type": "draw"})
    assert w.state["message"] == "Κάτι πήγε στραβά: disk full"  # the exception's own text stays English
    assert w.message == "Κάτι πήγε στραβά: disk full"


def test_the_dialogs_refusals_in_the_language(replies):
    w = replies.watch(TriPeaks(OPENING, lang="el", records=False))
    intent(w, {"type": "new_game", "code": "TP1-X-AAAAAAB", "id": 1})
    [reply] = replies
    assert reply["ok"] is False and reply["field"] == "code"
    assert reply["error"] == "Αυτός δεν είναι κωδικός παρτίδας. Οι κωδικοί μοιάζουν με TP1-E-AAAAAAB."
    intent(w, {"type": "new_game", "game": 70000, "rules": "easy", "id": 2})
    assert replies[-1]["field"] == "game"
    assert replies[-1]["error"] == "Οι αριθμοί παρτίδας είναι από 1 έως 50.000· δόθηκε 70000."
    w.lang = "en"  # in English too a short line that shows the form (the engine's long words stay in Python's)
    intent(w, {"type": "new_game", "code": "TP1-X-AAAAAAB", "id": 3})
    assert replies[-1]["error"] == "That is not a game code. Codes look like TP1-E-AAAAAAB."
    intent(w, {"type": "new_game", "game": 70000, "rules": "easy", "id": 6})
    assert replies[-1]["error"] == "Game numbers run from 1 to 50,000; got 70000."
    with pytest.raises(ValueError, match="not a game code: 'TP1-X-AAAAAAB'; expected 'TP1-E-AAAAAAB'"):
        w.new_game("TP1-X-AAAAAAB")
    w.lang = "he"
    intent(w, {"type": "new_game", "code": "nonsense", "id": 4})
    assert replies[-1]["error"] == "זה אינו קוד משחק. קודים נראים כך: TP1-E-AAAAAAB."
    intent(w, {"type": "new_game", "rules": 5, "id": 5})
    assert replies[-1]["error"].startswith("בקשה פגומה: ")


def test_the_verdict_in_the_language():
    w = TriPeaks("TP1-C-AAAAAAD", lang="el", records=False, show_verdict=True)  # R6.5: never under Classic
    assert w.board.assists.worker.wait(20)
    assert w.state["verdict"]["text"] == "Η μοιρασιά δεν κερδίζεται από την αρχή"
    assert w.verdict["text"] == "Not winnable from the deal"  # Python's values stay English
    w.lang = "he"
    assert w.state["verdict"]["text"] == "אי אפשר לנצח בחלוקה הזאת מלכתחילה"
    w.new_game("TP1-E-AAAAAAB")
    w.replay(["K♣"] + ["draw"] * 23, pace=0)
    assert w.board.assists.worker.wait(20)
    move = w.state["verdict"]["move"]
    assert w.state["verdict"]["text"] == f"כבר אי אפשר לנצח מאז מהלך {move}"
    w.lang = "is"
    assert w.state["verdict"]["text"] == f"Ekki lengur hægt að vinna frá hreyfingu {move}"


def test_records_notices_in_the_language(tmp_path):
    store = Records(tmp_path / "records.sqlite3")
    w = TriPeaks(game=WINNABLE, lang="he", records=store)
    line = winning_line()
    play_by_hand(w, line)
    assert w.status == "won"
    [notice] = w.state["notices"]
    assert notice == {"kind": "first_win", "text": f"ניצחון ראשון במשחק {WINNABLE} (קל): ניצחון ב־{len(line)} מהלכים."}
    assert w.notices == [f"First win of game {WINNABLE} (Easy): won in {len(line)} moves."]  # English in Python
    w.lang = "is"  # the notice stays until the next action, now in Icelandic
    assert (
        w.state["notices"][0]["text"] == f"Fyrsti sigur í leik {WINNABLE} (Auðvelt): unninn í {len(line)} hreyfingum."
    )
    g = TriPeaks(game=WINNABLE, rules="easy+open-peaks", lang="el", records=store)
    while g.status == "playing":
        g.apply(g.legal_moves()[-1])  # draws while it can, from Python: blocked, a best result so far among scripts
    [notice] = g.state["notices"]
    assert notice["kind"] == "best_so_far"
    assert notice["text"].startswith(
        f"Καλύτερο αποτέλεσμα μέχρι τώρα στην παρτίδα {WINNABLE} (Εύκολο + Ανοιχτές κορυφές, με κώδικα): "
    )


def test_a_records_store_that_cannot_be_used_is_said_in_the_language(tmp_path):
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"not a records store " * 40)
    w = TriPeaks(game=WINNABLE, records=path, lang="he")
    [notice] = w.state["notices"]
    assert notice["kind"] == "error" and notice["text"].startswith("לא ניתן לשמור שיאים: ")
    assert str(path) in notice["text"]  # the store's own reason stays as Python said it
    assert w.records_error.startswith("Records cannot be kept: ") and w.notices == [w.records_error]


def said_by(game):
    """What the game says, as the engine declares it (in English)."""
    return EngineGame.message.fget(game)


def test_every_text_of_the_snapshot_is_in_the_language():
    """Across a game with refusals, hints, undo, an error switch-off and the end: no English
    message reaches a Greek, Hebrew or Icelandic snapshot."""
    line = list(winning_line())
    for lang in ("el", "he", "is"):
        w = TriPeaks(game=WINNABLE, lang=lang, records=False)
        seen = 0
        for action in ["undo", "draw", "undo"] + line:  # nothing to undo; a draw taken back
            for slot in (0, 9, 18, 27):
                if not w.game.is_removed(slot) and w.why_not(slot):
                    click(w, slot)  # refused: the reason shows
                    assert w.state["message"] == w.message == i18n.translate(said_by(w.game), lang) != said_by(w.game)
                    seen += 1
            try:
                w.apply(action)
            except ValueError:
                assert w.state["message"] == w.message == i18n.translate(said_by(w.game), lang) != said_by(w.game)
                seen += 1
        assert w.state["message"] == i18n.translate(YOU_WON, lang) != YOU_WON
        assert seen > 10


# -- a whole game in each language: the hint, the dialog's error, the Assists panel, the reviews ----

BLOCKED_LINE = ["draw"] * 23 + ["K♣", "A♠", "2♦", "3♠", "4♠", "5♠"]  # TP1-E-AAAAAAB ends blocked
REVIEW_LABELS = ("review_title", "review_move", "review_action", "review_chance", "review_best", "review_draw")
ASSISTS_LABELS = ("assists", "assist_playable", "error_help", "assist_hints", "assist_verdict", "assist_win_chance")


@pytest.fixture(scope="module")
def ended():
    """A blocked and a won game, each with its review made once (then said in any language)."""
    blocked = TriPeaks(OPENING, records=False)
    blocked.replay(BLOCKED_LINE, pace=0)
    won = TriPeaks("TP1-E-AAAAAAD", records=False)  # game 3 (R6.5), won by the line support finds
    won.replay(list(winning_line()), pace=0)
    assert (blocked.status, won.status) == ("blocked", "won")
    for w in (blocked, won):
        w.review()
    yield blocked, won
    for w in (blocked, won):
        w.close()


@pytest.mark.parametrize("lang", ["el", "he", "is"])
def test_a_game_in_the_language_hint_dialog_assists_and_reviews(ended, replies, monkeypatch, lang):
    english = i18n.labels("en")
    said = i18n.labels(lang)
    # The hint names its card in the form its sentence needs, not the bare name pasted in.
    w = replies.watch(TriPeaks(OPENING, lang=lang, records=False))
    monkeypatch.setattr(fair, "fair_hint_steps", at_once(lambda seen, **_: "K♦"))
    w.fair_hint()
    w.board.assists.worker.wait(5)
    object_form = format(NamedCard("K♦", i18n._sayer(lang)), "object")
    assert object_form in w.state["message"] and i18n.card_name("K♦", lang) != object_form
    assert w.state["message"].startswith(said["hint"])
    # The dialog's error from Python, in the language.
    intent(w, {"type": "new_game", "code": "TP1-X-AAAAAAB", "id": 9})
    assert replies[-1]["error"] == i18n.translate(BAD_CODE, lang) != BAD_CODE
    # The Assists panel's words and the new tooltips.
    for key in (*ASSISTS_LABELS, "undo_tip", "hint_tip", "new_game_tip"):
        assert said[key] != english[key], (lang, key)
    # The reviews: a blocked game lost after some move, a won one never lost.
    blocked, won = ended
    for game, verdict in ((blocked, "review_lost"), (won, "review_not_lost")):
        game.lang = lang
        review = game.state["review"]
        assert review["kind"] == "known" and len(review["moves"]) == game.moves
        assert (review["lost_after"] is None) == (verdict == "review_not_lost")
        line = said[verdict].format(n=review["lost_after"])
        assert line != english[verdict].format(n=review["lost_after"]) and "{" not in line
        assert game.state["message"] == game.message == i18n.translate(said_by(game.game), lang) != said_by(game.game)
    for key in REVIEW_LABELS:
        assert said[key] != english[key], (lang, key)
    w.close()


# -- the front end's fixtures ----------------------------------------------------------------------
