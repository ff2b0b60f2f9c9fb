"""What the front end asks for, checked: a comm message's content becomes a typed intent.

The front end sends intents only (``{"type": "play", "slot": 3}``, ``{"type": "new_game", ...}``);
:func:`parse` turns one into an :data:`Intent` or raises :class:`Malformed` saying what was
expected. Nothing from the front end is trusted: its size and shape are checked before use, and
:func:`brief` writes any of it into a log line in bounded time and space, however deep or large.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import Any, Literal

from ..engine.errors import TriPeaksError
from ..engine.layout import LAYOUTS
from ..engine.messages import Message
from ..engine.rules import Rules
from ..i18n import LANGUAGES

try:  # Pyodide (JupyterLite): a message's JavaScript null arrives as jsnull, not None
    from pyodide.ffi import jsnull as JS_NULL
except ImportError:
    JS_NULL = None

MALFORMED = Message("Malformed request: {why}")
MAX_CODE_LENGTH = 200  # far longer than any game code; keeps untrusted text small
MAX_RULES_LENGTH = 200  # "classic+hogue-scoring+joker+open-peaks+draw-when-stuck+empty-discard" is 68
MAX_ID_LENGTH = 64
MAX_CARD_LENGTH = 3  # "10♥"
MAX_SEQ = 2**53 - 1  # a JavaScript number stays exact up to here
LAYOUT_KEYS = tuple(layout.key for layout in LAYOUTS.values())  # the only layouts the front end may name


@dataclass(frozen=True)
class Play:
    """A click (or a key) on a peak card: its slot, and the card the front end showed there, in
    notation; a card no longer in that slot when the click is handled is not played."""

    slot: int
    card: str


@dataclass(frozen=True)
class Draw:
    pass


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class Hint:
    pass


@dataclass(frozen=True)
class Restart:
    """The Restart button: the same deal again, from the start."""


SWITCHES = ("error_help", "show_verdict", "show_win_chance", "show_playable", "show_hints")
HINT_KINDS = ("fair", "exact")  # the hints (tripeaks_widget.board.assists): from what is seen, or peeking


@dataclass(frozen=True)
class Switch:
    """A switch of the control bar or the Assists panel: one of ``SWITCHES``, on or off;
    ``hint_kind``, one of ``HINT_KINDS``; or ``lang``, one of ``i18n.LANGUAGES``."""

    name: Literal["error_help", "show_verdict", "show_win_chance", "show_playable", "show_hints", "hint_kind", "lang"]
    value: bool | str


@dataclass(frozen=True)
class Review:
    """The review after a game: ``{"type": "review", "open": true}`` opens it, false closes it."""

    open: bool


@dataclass(frozen=True)
class Stats:
    """The statistics view: ``{"type": "stats", "open": true}`` opens it, false closes it."""

    open: bool


@dataclass(frozen=True)
class NewGame:
    """The New game dialog's choice: ``{"type": "new_game", "rules": "classic+joker", "game": 123,
    "code": "", "winnable": false, "layout": "DIAMOND", "id": 7}``; the reply names ``request`` (the
    ``id``). ``layout`` is a built-in layout's key (one of ``LAYOUT_KEYS``), None to keep the board's."""

    request: int | str | None
    rules: str | None
    code: str  # stripped; "" for none
    number: int | None
    winnable: bool
    layout: str | None = None


Intent = Play | Draw | Undo | Hint | Restart | Switch | Review | Stats | NewGame


class Malformed(TriPeaksError, ValueError):
    """An intent of the wrong shape: ``why`` says what was expected; ``request`` is the dialog's
    request id when one can be answered."""

    def __init__(self, why: str, request: int | str | None = None) -> None:
        super().__init__(why)
        self.why = why
        self.request = request

    @property
    def message(self) -> Message:
        """The refusal as the dialog says it (translatable)."""
        return Message(MALFORMED, why=self.why)


_brief = reprlib.Repr()
_brief.maxlevel = 3
_brief.maxstring = _brief.maxother = 60
_brief.maxdict = _brief.maxlist = _brief.maxtuple = 6


def brief(value: Any) -> str:
    """A short repr of untrusted data for a log line: nesting, length and size are cut before
    anything is built, so a message nested a thousand deep costs as little as a flat one."""
    return _brief.repr(value)


def request_of(content: dict[str, Any]) -> int | str | None:
    """The id a request carries, to answer it by (None: no answer wanted)."""
    request = content.get("id")
    if request is not None and (type(request) not in (int, str) or len(str(request)) > MAX_ID_LENGTH):
        raise Malformed("id must be a number or a short string")
    return request


def parse(content: Any, slot_count: int) -> Intent:
    """The intent a comm message's content asks for on a board of ``slot_count`` slots (its game's
    layout's): ``Malformed`` when it has the wrong shape."""
    if not isinstance(content, dict):
        raise Malformed("not a dict")
    if JS_NULL is not None:  # intents are flat: their null fields mean None, as under CPython
        content = {key: None if value is JS_NULL else value for key, value in content.items()}
    sequence(content)
    kind = content.get("type")
    if kind == "play":
        slot = content.get("slot")
        if type(slot) is not int or not 0 <= slot < slot_count:
            raise Malformed(f"slot must be an integer 0 to {slot_count - 1}, a slot of the board's layout")
        card = content.get("card")
        if not isinstance(card, str) or not 0 < len(card) <= MAX_CARD_LENGTH:
            raise Malformed("card must be the card shown in the slot, in notation such as 'K♣'")
        return Play(slot, card)
    if kind == "draw":
        return Draw()
    if kind == "undo":
        return Undo()
    if kind == "hint":
        return Hint()
    if kind == "restart":
        return Restart()
    if kind in SWITCHES:
        value = content.get("value")
        if type(value) is not bool:
            raise Malformed("value must be true or false")
        return Switch(kind, value)
    if kind == "hint_kind":
        value = content.get("value")
        if not isinstance(value, str) or value not in HINT_KINDS:
            raise Malformed(f"value must be one of {', '.join(map(repr, HINT_KINDS))}")
        return Switch(kind, value)
    if kind == "lang":
        value = content.get("value")
        if not isinstance(value, str) or value not in LANGUAGES:
            raise Malformed(f"value must be one of {', '.join(map(repr, LANGUAGES))}")
        return Switch(kind, value)
    if kind in ("review", "stats"):
        if type(content.get("open")) is not bool:
            raise Malformed("open must be true or false")
        return Review(content["open"]) if kind == "review" else Stats(content["open"])
    if kind == "new_game":
        return _new_game(content)
    raise Malformed("unknown type")


def sequence(content: dict[str, Any]) -> int | None:
    """The intent's sequence number (``"seq"``), which the snapshot after it names as
    ``answered``: the front end shows a move in flight until Python has answered it. None
    when the intent carries none."""
    seq = content.get("seq")
    if seq is not None and seq is not JS_NULL and (type(seq) is not int or not 0 <= seq <= MAX_SEQ):
        raise Malformed(f"seq must be an integer 0 to {MAX_SEQ}")
    return None if seq is JS_NULL else seq


def _new_game(content: dict[str, Any]) -> NewGame:
    request = request_of(content)
    rules = content.get("rules")
    code = content.get("code")
    code = "" if code is None else code
    number = content.get("game")
    winnable = content.get("winnable", False)
    if rules is not None and (not isinstance(rules, str) or len(rules) > MAX_RULES_LENGTH or not is_rules(rules)):
        raise Malformed("rules must be a rule set such as 'easy', 'site' or 'classic+joker'", request)
    if not isinstance(code, str) or len(code) > MAX_CODE_LENGTH:
        raise Malformed(f"code must be a string of at most {MAX_CODE_LENGTH} characters", request)
    if number is not None and type(number) is not int:
        raise Malformed("game must be a whole number or null", request)
    if type(winnable) is not bool:
        raise Malformed("winnable must be true or false", request)
    layout = content.get("layout")
    if layout is not None and (not isinstance(layout, str) or layout not in LAYOUT_KEYS):
        raise Malformed(f"layout must be one of {', '.join(map(repr, LAYOUT_KEYS))} or null", request)
    return NewGame(request, rules, code.strip(), number, winnable, layout)


def is_rules(text: str) -> bool:
    """True when ``text`` names a rule set ``Rules.parse`` accepts."""
    try:
        Rules.parse(text)
    except ValueError:
        return False
    return True
