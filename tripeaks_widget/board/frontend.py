"""The facts the front end shares with the engine, written once here and generated for it.

``js/src/facts.js`` is made from this module (``python js/generate.py`` rewrites it
with the front end's other generated files, and a test fails when it is stale): the variants in
code order and the New game dialog's presets (:mod:`~tripeaks_widget.engine.rules`), the numbered
series (:mod:`~tripeaks_widget.engine.codes`), the table a board shows until its snapshot
brings its own (:func:`~tripeaks_widget.picture.look.table`) and the card notation
(:mod:`~tripeaks_widget.engine.cards`). Nothing here is a rule: the front end draws with these
facts, and Python decides.
"""

from __future__ import annotations

import json
from typing import Any

from .. import fair, i18n
from ..engine import cards, layout, rules
from ..engine.codes import SERIES_FIRST, SERIES_LAST
from ..picture import look

DIALOG_PRESETS = ("app", "site")  # the New game dialog's preset buttons


def facts() -> dict[str, Any]:
    """Each shared fact by the name the front end imports it as."""
    aces = [cards.Card(1, suit) for suit in range(len(cards.SUITS))]
    suits = [
        {"symbol": str(ace)[-1], "key": name, "ascii": ace.ascii[-1], "color": "red" if ace.is_red else "black"}
        for ace, name in zip(aces, cards.SUIT_NAMES, strict=True)
    ]
    return {
        "VARIANTS": [name for _letter, name in rules.VARIANTS.values()],
        "PRESETS": {
            name: {"rules": rules.PRESETS[name].name, "variants": list(rules.PRESETS[name].variants)}
            for name in DIALOG_PRESETS
        },
        "LAYOUTS": [built_in.key for built_in in layout.LAYOUTS.values()],
        "FIRST_GAME": SERIES_FIRST,
        "LAST_GAME": SERIES_LAST,
        "CARD_W": look.CARD_W,
        "CARD_H": look.CARD_H,
        "TABLE": look.table(layout.THREE_PEAKS),
        "SUIT_SHAPES": {suit: [[tag, attrs] for tag, attrs in shapes] for suit, shapes in look.SUIT_SHAPES.items()},
        "SUITS": suits,
        "RANKS": list(cards.RANKS),
        "JOKER": str(cards.JOKER),
        "JOKER_NAMES": list(cards.JOKER_NAMES),
        "LANGUAGES": [{"code": code, "name": i18n.LANGUAGE_NAMES[code]} for code in i18n.LANGUAGES],
        "MISTAKE_PERCENT": fair.whole_percent(fair.MISTAKE),
    }


NOTES = {
    "VARIANTS": "The variants by the names the state uses, in code order (H J O S W).",
    "PRESETS": "The New game dialog's presets: the app's rules, and the second site's.",
    "LAYOUTS": "The built-in layouts by key, as the New game dialog offers them (their names: layout_<key> labels).",
    "FIRST_GAME": "The numbered games whose records are kept: FIRST_GAME to LAST_GAME.",
    "CARD_W": "A card's width and height, in units (a card and its gap).",
    "TABLE": "Where Three Peaks' cards lie (picture/look.py's Table): the board's until a snapshot names its own.",
    "SUIT_SHAPES": "The suits' shapes on a 100 x 100 square: [tag, attributes] each.",
    "SUITS": "The suits in deck order: symbol, name, ASCII letter, colour.",
    "RANKS": "The ranks as notation writes them, ace to king.",
    "JOKER": "The joker in notation; JOKER_NAMES are the other ways to write it (any case).",
    "LANGUAGES": "The languages of the board, each by its own name, for the language picker.",
    "MISTAKE_PERCENT": "A review's mistake gives away at least this much of the chance of winning (fair.MISTAKE).",
}


def js_module() -> str:
    """``js/src/facts.js``."""
    out = [
        "// The facts the front end shares with the engine, generated from tripeaks_widget/board/frontend.py",
        "// by `python js/generate.py`: edit the Python, never this file.",
        "",
    ]
    for name, value in facts().items():
        if name in NOTES:
            out.append(f"/** {NOTES[name]} */")
        out.append(f"export const {name} = {json.dumps(value, ensure_ascii=False)};")
    return "\n".join(out) + "\n"


def css_module() -> str:
    """``js/src/facts.css``: the look's colours, the faces' measures and the fonts, as custom properties."""
    lines = [
        "/* The look of the board, generated from tripeaks_widget/picture/look.py by `python js/generate.py`:",
        "   edit the Python, never this file. Measures are in units (var(--tp-u)); the picture of a board",
        "   that Python draws takes the same. */",
        "",
        ".tp-game {",
        *(f"  {name}: {value};" for name, value in look.css_properties().items()),
        "}",
    ]
    return "\n".join(lines) + "\n"
