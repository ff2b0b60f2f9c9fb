"""The front end's generated files, made from Python: ``python js/generate.py``.

- ``js/src/snapshot.js``: the snapshot contract's JSDoc types (:func:`tripeaks_widget.board.snapshot.jsdoc`);
- ``js/src/facts.js``: the facts the front end shares with the engine (:mod:`tripeaks_widget.board.frontend`);
- ``js/src/facts.css``: the board's colours and card faces (:mod:`tripeaks_widget.picture.look`);
- ``js/test/fixtures/states.json``: real snapshots of a widget, one per scene the unit tests draw
  (each with its table, which the widget sends apart);
- ``js/test/fixtures/languages.json``: each language's labels and two snapshots of the reference deal.

``tests/test_snapshot.py`` fails when any is out of date.
"""

from __future__ import annotations

import json
import pathlib

from tripeaks_widget import IllegalMoveError, TriPeaks, solver
from tripeaks_widget.board.frontend import css_module, js_module
from tripeaks_widget.board.snapshot import jsdoc

JS = pathlib.Path(__file__).resolve().parent
TYPES = JS / "src" / "snapshot.js"
FACTS = JS / "src" / "facts.js"
FACTS_CSS = JS / "src" / "facts.css"
STATES = JS / "test" / "fixtures" / "states.json"
LANGUAGE_STATES = JS / "test" / "fixtures" / "languages.json"
LANGUAGES = ("en", "el", "he", "is")
OPENING = "TP1-E-AAAAAAB"  # R6.4
THREE_MOVES = ["K♣", "A♠", "2♦"]  # R6.4: row 3 card 4 turns up, the 7♠
WINNABLE = "TP1-E-AAAAAAD"  # R6.5
TO_BLOCK = "TP1-C-AAAAAAB"


def board(code: str | int = OPENING, layout: str | None = None) -> TriPeaks:
    return TriPeaks(code, game_layout=layout, records=False, lang="en")


def sent(w: TriPeaks) -> dict:
    """The snapshot the widget sent: its ``state``, and its ``table`` (a trait of its own)."""
    return {**w.state, "table": w.table}


def scenes() -> dict[str, dict]:
    """Each scene's snapshot, as the widget sent it."""
    out = {}
    w = board()
    out["start"] = sent(w)
    w.play(THREE_MOVES[0])
    out["after1"] = sent(w)
    for card in THREE_MOVES[1:]:
        w.play(card)
    out["mid"] = sent(w)
    w.caption = "Step 3: the 7♠ turned up. Nothing fits the 2♦, so draw."
    w.highlight("stock", 21)
    out["teach"] = sent(w)

    w = board()
    for card in THREE_MOVES:
        w.play(card)
    unfit = next(card for card in w.free() if card not in w.playable())
    try:
        w.play(unfit)
    except IllegalMoveError:
        pass
    out["refused"] = sent(w)

    w = board(WINNABLE)
    w.replay(solver.solve(w.game).line, pace=0)
    out["won"] = sent(w)

    w = board(TO_BLOCK)
    while w.status == "playing":  # the first card that fits, else a draw
        w.apply(w.playable()[0] if w.playable() else "draw")
    out["blocked"] = sent(w)

    w = board(1, "Diamond")  # numbered game 1 on Diamond, a card played
    w.apply(w.playable()[0] if w.playable() else "draw")
    out["diamond"] = sent(w)
    return out


def render_states() -> str:
    return json.dumps(scenes(), ensure_ascii=False, indent=1) + "\n"


def languages() -> dict:
    """For each language, its label table (the ``labels`` trait) and two snapshots of the reference
    deal: the start, and a refused 3♠."""
    out = {}
    for lang in LANGUAGES:
        w = TriPeaks(OPENING, lang=lang, records=False)
        start = dict(w.state)
        w.board.handle({"type": "play", "slot": 18, "card": "3♠"})  # the 3♠, which does not fit the A♣
        out[lang] = {"labels": dict(w.labels), "start": start, "refused": dict(w.state)}
    return out


def render_languages() -> str:
    return json.dumps(languages(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write() -> None:
    for path, text in generated().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")


def generated() -> dict[pathlib.Path, str]:
    """Each generated file and what it should hold."""
    return {
        TYPES: jsdoc(),
        FACTS: js_module(),
        FACTS_CSS: css_module(),
        STATES: render_states(),
        LANGUAGE_STATES: render_languages(),
    }


if __name__ == "__main__":
    write()
