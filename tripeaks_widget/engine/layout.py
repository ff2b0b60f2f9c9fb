"""Layouts as data (:class:`Layout`), the built-in ones (:data:`LAYOUTS`) and the rule book's,
Three Peaks (R1.2, R1.3, R1.5).

A layout is its slots, the slots that cover each, the peak each belongs to and where each is
drawn, read from a file a user can write (:meth:`Layout.load`) and checked when made. The
built-in layouts are the files in ``layouts/`` shipped in the package: a new one is a new file,
and no module names it. A game reads its own layout (``Game.layout``); the rule book's is :data:`THREE_PEAKS`.

Three Peaks' slots are numbered row by row from the top, left to right: the three peak tops
are 0..2, row 2 is 3..8, row 3 is 9..17 and the bottom row is 18..27.

It stays one module past 500 lines because a layout's file format is one contract: its reader,
its checks and its writers change together whenever the format does.
"""

from __future__ import annotations

import functools
import itertools
import json
import numbers
import os
import pathlib
import sys
import types
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import DECK
from .errors import InvalidLayoutError, ascii_lower, ascii_upper, got, shown_text, whole_number

# R1.1: 52 cards fill the slots; R1.4: one goes to the discard at the deal, and one at least
# must stay in the stock. (The joker, V3, adds a card, and V6 deals none to the discard: a
# layout serves every rule set, so the fewest cards set the bound.)
MAX_SLOTS = len(DECK) - 2
PLACE_WIDTH = 1  # a slot's place: its card and the gap beside it, in card widths …
PLACE_HEIGHT = 2  # … and its card's height, in rows (half a card's height each)
PLACE_LIMIT = 1000  # the farthest a card's x or y may be: far beyond any table, short of overflow
FILE_LIMIT = 1_000_000  # the most bytes of a layout file: 50 slots take a few thousand
NAME_LIMIT = 100  # the most characters of a layout's name
KEY_LIMIT = 40  # the most characters of a layout's key, in a game code
NAME_RULE = (
    f"a layout's name is text of 1 to {NAME_LIMIT} characters, letters of any script welcome; its key in a "
    f"game code is its letters and digits, ASCII letters in capitals, each other run of characters a hyphen "
    f"('Four Peaks': FOUR-PEAKS, 'Über': ÜBER), 1 to {KEY_LIMIT} characters"
)


class LayoutSlot(NamedTuple):
    """One slot of a :class:`Layout`: where its card is drawn, its peak, the slots covering it."""

    x: float  # the card's left edge, in card widths (a card and the gap beside it)
    y: float  # its top edge, in rows (half a card's height)
    peak: int  # the peak it belongs to, for scoring (R1.5)
    covered_by: tuple[int, ...]  # the slots that cover it (R1.3)


@dataclass(frozen=True)
class Layout:
    """A layout of the peaks, as data: its ``name`` and its ``slots`` (:class:`LayoutSlot`).

    Slots are numbered 0, 1, … in the order they are given. Each has:

    - ``x``, ``y``: where its card is drawn on the table, the card's top-left corner: ``x`` in
      card widths (one is a card and the gap beside it, the board's unit), ``y`` in rows (one is
      half a card's height: each row of Three Peaks lies over the lower half of the row behind).
      Numbers from 0 to 1000;
    - ``peak``: the peak it belongs to, for scoring (R1.5): 0, 1, …, every peak with a slot;
    - ``covered_by``: the slots that cover it (R1.3). It is free once they are all gone (R2.1,
      R2.3); a slot that nothing covers is dealt face up (R1.2). Optional, empty by default.

    A file holds one layout, read by :meth:`load` as TOML or JSON by its suffix
    (``.toml``, ``.json``). A peak of three cards, its top over two::

        name = "One Peak"

        [[slots]]  # slot 0, the top, over the lower halves of 1 and 2
        x = 0.5
        y = 0
        peak = 0
        covered_by = [1, 2]

        [[slots]]  # slot 1, face up at the start
        x = 0
        y = 1
        peak = 0

        [[slots]]  # slot 2
        x = 1
        y = 1
        peak = 0

    and in JSON ``{"name": "One Peak", "slots": [{"x": 0.5, "y": 0, "peak": 0, "covered_by":
    [1, 2]}, {"x": 0, "y": 1, "peak": 0}, …]}``. No other keys are taken. :meth:`save` writes
    one (``layouts/three-peaks.json`` in the package is such a file).

    The name is text of 1 to 100 characters, letters of any script welcome. Its key, which game
    codes and records use (:attr:`key`), is the name's letters and digits with ASCII letters in
    capitals and each other run of characters a hyphen: "Four Peaks" is ``FOUR-PEAKS``, "Über"
    ``ÜBER``, "Πύργος" ``Πύργος``; 1 to 40 characters.

    A layout is checked when made, whatever made it (``Layout(name, slots)``, a file, a table);
    each fault is an :class:`~tripeaks_widget.engine.errors.InvalidLayoutError` that names the
    slot(s) at fault:

    - a file that is not TOML or JSON, larger than 1 MB or nested deeper than a layout is, a
      missing key, an unknown one, a value of the wrong type (a place that is not a number from
      0 to 1000, NaN included), a cover that names no slot, peaks not numbered 0, 1, …;
    - a name that breaks the rule above, or that UTF-8 cannot write (a lone surrogate);
    - covers that go round in a circle (slot 3 covered by 4, 4 by 3), and the slots that can
      therefore never be freed;
    - more slots than the deck can fill with a stock left (``MAX_SLOTS``, 50: the 52 cards
      less the discard's and at least one for the stock);
    - cards drawn on top of each other. A slot's *place* is the rectangle its card and the gap
      beside it take: 1 card width wide and 2 rows high from its (``x``, ``y``). Two places may
      overlap only where one slot covers the other (a cover lies over what it covers); two
      places that overlap otherwise (two slots at one place, say) are refused, and so is a slot
      whose place lies wholly under its covers' places, whose card would never show before it
      is free.
    """

    name: str
    slots: tuple[LayoutSlot, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.slots, (tuple, list)):
            raise InvalidLayoutError(f"a layout's slots are a list of LayoutSlot; got {_quoted(self.slots)}")
        object.__setattr__(self, "slots", tuple(_checked_slot(i, slot) for i, slot in enumerate(self.slots)))
        _check(self)

    @staticmethod
    def parse(value: Layout | str | None) -> Layout:
        """A layout from itself, a built-in's name or key in any case (``"Four Peaks"``,
        ``"four-peaks"``), or None for Three Peaks; anything else raises ``InvalidLayoutError``
        naming the built-ins. A layout with a built-in's key and that built-in's slots is the
        built-in (``Layout("three peaks", THREE_PEAKS.slots)`` is Three Peaks); with other slots it
        is refused, as two layouts cannot share one key."""
        if value is None:
            return THREE_PEAKS
        if isinstance(value, Layout):
            builtin = _BY_KEY.get(value.key)
            if builtin is None or builtin is value:
                return value
            if builtin.slots != value.slots:
                raise InvalidLayoutError(
                    f"the layout {shown_text(value.name, 80)!r} has the key {value.key} of the built-in layout "
                    f"{builtin.name!r}, with other slots; give it a name of its own"
                )
            return builtin
        if isinstance(value, str):
            found = _BY_KEY.get(layout_key(value)) if len(value) <= NAME_LIMIT else None
            if found is not None:
                return found
        names = ", ".join(repr(name) for name in LAYOUTS)
        raise InvalidLayoutError(
            f"a layout is a Layout (Layout.load(path) reads one from a file) or a built-in's name: {names}; "
            f"got {_quoted(value)}"
        )

    # -- files ---------------------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Layout:
        """The layout in the file at ``path``: TOML (``.toml``) or JSON (``.json``), as the class
        describes; checked (:class:`~tripeaks_widget.engine.errors.InvalidLayoutError`). A file that
        cannot be read raises ``OSError``."""
        path = pathlib.Path(path)
        kind = _kind(path)
        with path.open("rb") as file:
            data = file.read(FILE_LIMIT + 1)
        if len(data) > FILE_LIMIT:
            raise InvalidLayoutError(f"{_where(path)} is larger than a layout is: at most {FILE_LIMIT:,} bytes")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidLayoutError(f"{_where(path)} is not text (UTF-8): {error}") from None
        return cls.from_dict(_parse(text, kind, _where(path)))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the layout to ``path``, as TOML (``.toml``, with the ``tomlkit`` package) or JSON
        (``.json``), in the form :meth:`load` reads back equal."""
        path = pathlib.Path(path)
        if _kind(path) == "json":
            text = _json_text(self.to_dict())
        else:
            text = _toml_text(self.to_dict())
        path.write_text(text, encoding="utf-8")

    @classmethod
    def from_dict(cls, data: object) -> Layout:
        """The layout a file's table describes (``{"name": …, "slots": [{"x": …}, …]}``), checked."""
        if not isinstance(data, Mapping):
            raise InvalidLayoutError(f"a layout is a table with a name and slots; got {_quoted(data)}")
        _only_keys("a layout", data, required=("name", "slots"))
        slots = data["slots"]
        if not isinstance(slots, Sequence) or isinstance(slots, str):
            raise InvalidLayoutError(f"a layout's slots are a list of tables; got {_quoted(slots)}")
        return cls(data["name"], tuple(_slot(index, slot) for index, slot in enumerate(slots)))

    def to_dict(self) -> dict[str, Any]:
        """The layout as a file's table: what :meth:`from_dict` reads."""
        return {
            "name": self.name,
            "slots": [{"x": s.x, "y": s.y, "peak": s.peak, "covered_by": list(s.covered_by)} for s in self.slots],
        }

    # -- what follows from the slots ------------------------------------------------------------------

    @property
    def key(self) -> str:
        """The layout's name in a game code (``TP1-E-AAAAAAB@DIAMOND``): the name's letters and
        digits, of any script, ASCII letters in capitals, each other run of characters a hyphen
        (``"Four Peaks"``: ``FOUR-PEAKS``; ``"Über"``: ``ÜBER``). Three Peaks' codes leave it out."""
        return layout_key(self.name)

    @property
    def slot_count(self) -> int:
        """How many slots the layout has (Three Peaks: 28)."""
        return len(self.slots)

    @functools.cached_property
    def covers(self) -> tuple[tuple[int, ...], ...]:
        """For each slot, the slots it covers: ``covered_by`` read the other way."""
        every = range(self.slot_count)
        return tuple(tuple(s for s in every if slot in self.slots[s].covered_by) for slot in every)

    @functools.cached_property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        """The slots drawn at one height, from the top down, each row left to right (R7: the
        reader's words name the cards row by row)."""
        heights = sorted({s.y for s in self.slots})
        return tuple(
            tuple(sorted((i for i, s in enumerate(self.slots) if s.y == y), key=lambda i: self.slots[i].x))
            for y in heights
        )

    @functools.cached_property
    def reading_order(self) -> tuple[int, ...]:
        """Every slot, row by row from the top, each row left to right: the order the keyboard
        moves through the table and the reader names the cards in (R7)."""
        return tuple(slot for row in self.rows for slot in row)

    @functools.cached_property
    def paint_order(self) -> tuple[int, ...]:
        """Every slot in the order to draw it, each before the slots covering it (a cover lies
        over what it covers), and otherwise from the top of the table down, left to right."""
        order: list[int] = []
        drawn: set[int] = set()
        waiting = sorted(range(self.slot_count), key=lambda s: (self.slots[s].y, self.slots[s].x))
        while waiting:  # covers form no circle (checked), so each pass draws one slot at least
            ready = [s for s in waiting if drawn.issuperset(self.covers[s])]
            order += ready
            drawn.update(ready)
            waiting = [s for s in waiting if s not in drawn]
        return tuple(order)

    @functools.cached_property
    def peak_slots(self) -> tuple[tuple[int, ...], ...]:
        """For each peak, its slots (R1.5)."""
        peaks = 1 + max(s.peak for s in self.slots)
        return tuple(tuple(i for i, s in enumerate(self.slots) if s.peak == peak) for peak in range(peaks))

    @functools.cached_property
    def cover_mask(self) -> tuple[int, ...]:
        """For each slot, the bit mask of the slots covering it."""
        return tuple(sum(1 << c for c in s.covered_by) for s in self.slots)

    @functools.cached_property
    def peak_mask(self) -> tuple[int, ...]:
        """For each peak, the bit mask of its slots."""
        return tuple(sum(1 << s for s in slots) for slots in self.peak_slots)

    @functools.cached_property
    def uncovers(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """For each slot, the cards its removal may uncover, as (their bit, the mask of their covers)."""
        return tuple(tuple((1 << c, self.cover_mask[c]) for c in self.covers[s]) for s in range(self.slot_count))

    @property
    def all_slots_mask(self) -> int:
        """The bit mask of every slot."""
        return (1 << self.slot_count) - 1

    def free(self, removed: int) -> int:
        """The bit mask of the free slots once the slots in the mask ``removed`` are gone: those
        left whose covers are all gone (R2.1, R2.3)."""
        return sum(
            1 << s for s, covers in enumerate(self.cover_mask) if not removed >> s & 1 and removed & covers == covers
        )

    def play(self, removed: int, free: int, slot: int) -> tuple[int, int]:
        """The removed and the free slots as bit masks once the card in ``slot`` is played
        (:func:`~tripeaks_widget.engine.layout.play`)."""
        return play(removed, free, slot, self.uncovers)


# -- reading a file --------------------------------------------------------------------------------------


def _where(path: pathlib.Path) -> str:
    """The file, for a message: its path, cut at the front beyond 80 characters (its name shows)."""
    text = str(path)
    return f"layout file {text if len(text) <= 80 else '…' + text[-79:]}"


def _kind(path: pathlib.Path) -> str:
    kind = ascii_lower(path.suffix).removeprefix(".")
    if kind not in ("toml", "json"):
        raise InvalidLayoutError(f"a layout file's name ends in .toml or .json; got {shown_text(path.name, 80)!r}")
    return kind


def _parse(text: str, kind: str, where: str) -> object:
    if sys.version_info >= (3, 11):  # imported here: Three Peaks, read at import, is JSON
        import tomllib
    else:  # pragma: no cover - Python 3.10 reads TOML with tomllib's own backport
        import tomli as tomllib
    try:
        return tomllib.loads(text) if kind == "toml" else json.loads(text)
    except ValueError as error:  # tomllib.TOMLDecodeError and json.JSONDecodeError both are
        raise InvalidLayoutError(f"{where} is not {kind.upper()}: {shown_text(error, 160)}") from None
    except RecursionError:  # both readers recurse into each list and table: a layout is 4 deep
        raise InvalidLayoutError(f"{where} is nested deeper than a layout's tables and lists") from None


def _quoted(value: object) -> str:
    return shown_text(got(value), 80)


def _only_keys(what: str, table: Mapping[Any, Any], required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    unknown = [key for key in table if key not in required + optional]
    if unknown:
        takes = ", ".join(required + optional)
        raise InvalidLayoutError(f"{what} takes the keys {takes}; got {shown_text(repr(unknown[0]), 80)}")
    missing = [key for key in required if key not in table]
    if missing:
        raise InvalidLayoutError(f"{what} needs the key {missing[0]}; it has {', '.join(map(str, table)) or 'none'}")


def _slot(index: int, data: object) -> LayoutSlot:
    """A file's slot table as a slot, its keys checked (its values are checked with the layout)."""
    what = f"slot {index}"
    if not isinstance(data, Mapping):
        raise InvalidLayoutError(f"{what} is a table of x, y, peak and covered_by; got {_quoted(data)}")
    _only_keys(what, data, required=("x", "y", "peak"), optional=("covered_by",))
    return LayoutSlot(data["x"], data["y"], data["peak"], data.get("covered_by", ()))


def _checked_slot(index: int, slot: object) -> LayoutSlot:
    """A slot as a layout keeps it, checked: its place numbers from 0 to ``PLACE_LIMIT``, its peak
    and covers whole numbers, its covers a tuple."""
    what = f"slot {index}"
    if not isinstance(slot, LayoutSlot):
        raise InvalidLayoutError(f"{what} is a LayoutSlot(x, y, peak, covered_by); got {_quoted(slot)}")
    place: list[int | float] = []
    for key, value in (("x", slot.x), ("y", slot.y)):
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= value <= PLACE_LIMIT:
            raise InvalidLayoutError(f"{what}: {key} is a number from 0 to {PLACE_LIMIT}; got {_quoted(value)}")
        whole = whole_number(value)
        place.append(whole if whole is not None else float(value))  # NaN fails the range above
    peak = whole_number(slot.peak)
    if peak is None or peak < 0:
        raise InvalidLayoutError(f"{what}: peak is a whole number, at least 0; got {_quoted(slot.peak)}")
    covers = slot.covered_by
    wholes = [whole_number(c) for c in covers] if isinstance(covers, (tuple, list)) else [None]
    if any(c is None for c in wholes):
        raise InvalidLayoutError(f"{what}: covered_by is a list of slot numbers; got {_quoted(covers)}")
    return LayoutSlot(place[0], place[1], peak, tuple(c for c in wholes if c is not None))


# -- writing one -----------------------------------------------------------------------------------------


def _json_text(data: dict[str, Any]) -> str:
    """JSON with a slot a line, as ``layouts/three-peaks.json`` is written."""
    slots = ",\n  ".join(json.dumps(slot, ensure_ascii=False) for slot in data["slots"])
    return f'{{\n "name": {json.dumps(data["name"], ensure_ascii=False)},\n "slots": [\n  {slots}\n ]\n}}\n'


def _toml_text(data: dict[str, Any]) -> str:
    try:
        import tomlkit  # writing TOML only: reading needs no more than the standard library
    except ImportError:  # pragma: no cover - tomlkit is installed with the test extra
        raise InvalidLayoutError("writing a layout as TOML needs the tomlkit package; or save it as .json") from None
    document = tomlkit.document()
    document["name"] = data["name"]
    slots = tomlkit.aot()
    for slot in data["slots"]:
        table = tomlkit.table()
        table.update(slot)
        slots.append(table)
    document["slots"] = slots
    return tomlkit.dumps(document)


# -- the checks ------------------------------------------------------------------------------------------


def _in_key(ch: str) -> bool:
    """Whether a character stays in a key: a letter (with its marks) or a digit, of any script."""
    kind = unicodedata.category(ch)
    return kind[0] in "LM" or kind == "Nd"


def layout_key(name: str) -> str:
    """The key of a layout named ``name`` (:attr:`Layout.key`): its letters and digits (after
    NFC), ASCII letters in capitals, each other run of characters one hyphen, none at the ends."""
    key: list[str] = []
    gap = False
    for ch in unicodedata.normalize("NFC", ascii_upper(name)):
        if not _in_key(ch):
            gap = True
            continue
        if gap and key:
            key.append("-")
        key.append(ch)
        gap = False
    return "".join(key)


def is_key(text: str) -> bool:
    """Whether ``text`` is a layout's key as a game code writes it: its own key, 1 to 40 characters."""
    return 1 <= len(text) <= KEY_LIMIT and layout_key(text) == text


def _check_name(name: object) -> None:
    if not isinstance(name, str):
        raise InvalidLayoutError(f"{NAME_RULE}; got {_quoted(name)}")
    if any(unicodedata.category(ch) in ("Cs", "Cc") for ch in name):
        raise InvalidLayoutError(
            f"a layout's name has no control character or lone surrogate (UTF-8 writes none); got {_quoted(name)}"
        )
    if not 1 <= len(name) <= NAME_LIMIT or not 1 <= len(layout_key(name)) <= KEY_LIMIT:
        raise InvalidLayoutError(f"{NAME_RULE}; got {_quoted(name)}")


def _check(layout: Layout) -> None:
    _check_name(layout.name)
    n = layout.slot_count
    if not 1 <= n <= MAX_SLOTS:
        raise InvalidLayoutError(
            f"a layout has 1 to {MAX_SLOTS} slots: the deck's 52 cards fill them, with one for the discard "
            f"and at least one for the stock; {layout.name!r} has {n}"
        )
    for index, slot in enumerate(layout.slots):
        for cover in slot.covered_by:
            if not 0 <= cover < n:
                raise InvalidLayoutError(
                    f"slot {index} is covered by slot {cover}, which is none: slots are 0 to {n - 1}"
                )
        if len(set(slot.covered_by)) < len(slot.covered_by):
            raise InvalidLayoutError(f"slot {index} names a cover twice: {list(slot.covered_by)}")
    peaks = {slot.peak for slot in layout.slots}
    if peaks != set(range(len(peaks))):
        missing = min(set(range(len(peaks))) - peaks)  # k peaks but not 0..k-1: one of those is missing
        raise InvalidLayoutError(f"peaks are numbered 0, 1, … each with a slot; no slot has peak {missing}")
    _check_freed(layout)
    _check_places(layout)


def _check_freed(layout: Layout) -> None:
    """Refuse covers in a circle: those slots, and the slots under them, can never be freed."""
    freeable: set[int] = set()
    grown = True
    while grown:
        before = len(freeable)
        freeable |= {i for i, s in enumerate(layout.slots) if freeable.issuperset(s.covered_by)}
        grown = len(freeable) > before
    never = [i for i in range(layout.slot_count) if i not in freeable]
    if not never:
        return
    # Each slot never freed has a cover never freed: following them comes round to a circle.
    path, seen = [never[0]], {never[0]: 0}
    while True:
        cover = next(c for c in layout.slots[path[-1]].covered_by if c not in freeable)
        if cover in seen:
            circle = [*path[seen[cover] :], cover]
            break
        seen[cover] = len(path)
        path.append(cover)
    steps = ", ".join(f"{a} by {b}" for a, b in itertools.pairwise(circle[1:]))
    round_ = f"slot {circle[0]} is covered by {circle[1]}" + (f", {steps}" if steps else "")
    raise InvalidLayoutError(
        f"the covers go round in a circle ({round_}), so slot(s) {', '.join(map(str, never))} can never be freed"
    )


def _overlap(a: LayoutSlot, b: LayoutSlot) -> bool:
    return abs(a.x - b.x) < PLACE_WIDTH and abs(a.y - b.y) < PLACE_HEIGHT


def _at(index: int, slot: LayoutSlot) -> str:
    return f"{index} at x={slot.x:g}, y={slot.y:g}"


def _check_places(layout: Layout) -> None:
    """Refuse cards on top of each other: places that overlap where neither slot covers the
    other, and a slot whose place lies wholly under its covers' places."""
    slots = layout.slots
    for i, a in enumerate(slots):
        for j in range(i + 1, len(slots)):
            b = slots[j]
            if _overlap(a, b) and j not in a.covered_by and i not in b.covered_by:
                raise InvalidLayoutError(
                    f"slots {_at(i, a)} and {_at(j, b)} are drawn on top of each other, and neither covers the "
                    f"other: a card's place (1 card width by 2 rows) may overlap only the places of its covers"
                )
    for i, a in enumerate(slots):
        if a.covered_by and _hidden(a, [slots[c] for c in a.covered_by]):
            raise InvalidLayoutError(
                f"slot {_at(i, a)} lies wholly under the slots covering it ({', '.join(map(str, a.covered_by))}): "
                f"its card would never show; place it where part of it shows"
            )


def _hidden(slot: LayoutSlot, covers: list[LayoutSlot]) -> bool:
    """Whether the covers' places cover the slot's place entirely: every cell of the grid their
    edges cut it into lies under one of them."""

    def cuts(low: float, size: int, edges: list[float]) -> list[float]:
        inner = sorted({low, low + size, *(e for e in edges if low < e < low + size)})
        return [(u + v) / 2 for u, v in itertools.pairwise(inner)]

    xs = cuts(slot.x, PLACE_WIDTH, [e for c in covers for e in (c.x, c.x + PLACE_WIDTH)])
    ys = cuts(slot.y, PLACE_HEIGHT, [e for c in covers for e in (c.y, c.y + PLACE_HEIGHT)])
    return all(
        any(c.x < x < c.x + PLACE_WIDTH and c.y < y < c.y + PLACE_HEIGHT for c in covers) for x in xs for y in ys
    )


# -- Three Peaks, the rule book's ------------------------------------------------------------------------

LAYOUTS_DIR = pathlib.Path(__file__).with_name("layouts")  # the layouts shipped in the package
THREE_PEAKS = Layout.load(LAYOUTS_DIR / "three-peaks.json")
# The built-in layouts, by name: Three Peaks first, then the others in the order of their files'
# names. Adding one is adding a file to ``layouts/``.
LAYOUTS: Mapping[str, Layout] = types.MappingProxyType(
    {
        layout.name: layout
        for layout in [THREE_PEAKS]
        + [Layout.load(path) for path in sorted(LAYOUTS_DIR.glob("*.json")) if path.name != "three-peaks.json"]
    }
)


_BY_KEY: Mapping[str, Layout] = types.MappingProxyType({layout.key: layout for layout in LAYOUTS.values()})


PEAK_NAMES = ("left", "middle", "right")


def play(removed: int, free: int, slot: int, uncovers: tuple[tuple[tuple[int, int], ...], ...]) -> tuple[int, int]:
    """The removed and the free slots as bitmasks once the card in ``slot`` is played: the
    cards it uncovers come free (``uncovers``: a layout's :attr:`Layout.uncovers`).
    (The solver's inner loops write this inline.)"""
    bit = 1 << slot
    removed |= bit
    free ^= bit
    for uncovered, covers in uncovers[slot]:
        if removed & covers == covers:
            free |= uncovered
    return removed, free
