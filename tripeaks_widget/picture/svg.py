"""The static picture of a board: one SVG drawn from the snapshot the front end draws.

:func:`draw` takes a board's snapshot (or a game's view, :meth:`Game.view`, which is its part)
and draws what the front end shows of it: the header (the game, its rules, the score and the
moves), a walkthrough's caption, the table with the peaks, the stock and the discard, the cards
that fit and the ones pointed at, the ending's banner and the message line. It takes the table's
geometry from the engine's layout and the faces, colours and measures from
:mod:`tripeaks_widget.picture.look`, which the front end takes too. Its words are the front
end's labels in the snapshot's language, and its text alternative is the board in words (R7).

It stays one module past 500 lines because it is one drawing: each part (the header, the table,
the banner, the message) is laid out against the others' measures, as the front end's drawing is.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from .. import i18n
from ..engine import layout
from ..engine.cards import JOKER, Card
from ..engine.errors import InvalidValueError, got
from . import look

UNIT = 80.0  # px a unit: the widest the front end draws a board (a card 73.6 px wide)
PAD_X = 14.0  # the table's padding at its sides, px (as the front end's)
HEADER = 40.0  # the header's height
LINE = 26.0  # a line of words: the caption, the readouts, the message
THREE_PEAKS = look.table(layout.THREE_PEAKS)  # the table of a view that names no other
BOARD_W = THREE_PEAKS["width"]  # Three Peaks' board, in units: the narrowest picture's (its header fits)
WIDTH = 2 * PAD_X + BOARD_W * UNIT  # the narrowest picture's width, Three Peaks'; a wider layout's is wider
MUTED = "#57606a"  # quiet words: labels, the code (the front end's theme fallback)
INK = "#1f2328"


def _attrs(attrs: Mapping[str, Any]) -> str:
    return "".join(f' {name}="{escape(str(value))}"' for name, value in attrs.items() if value is not None)


def el(tag: str, attrs: Mapping[str, Any] | None = None, *children: str) -> str:
    """One SVG element: ``el("rect", {"x": 0})`` → ``<rect x="0"/>``; text children are escaped by
    :func:`text`, not here."""
    inner = "".join(children)
    return f"<{tag}{_attrs(attrs or {})}>{inner}</{tag}>" if inner else f"<{tag}{_attrs(attrs or {})}/>"


def text(x: float, y: float, words: str, **attrs: Any) -> str:
    """Words at (x, y), escaped."""
    attrs = {"x": f"{x:.1f}", "y": f"{y:.1f}", **{k.replace("_", "-"): v for k, v in attrs.items()}}
    return f"<text{_attrs(attrs)}>{escape(words)}</text>"


def width_of(words: str, size: float, bold: bool = False) -> float:
    """About how wide ``words`` are in the board's sans-serif face, px (a badge's width)."""
    return len(words) * size * (0.6 if bold else 0.55)


class Drawing:
    """One picture being drawn; ids are prefixed so that pictures inlined in one page differ."""

    def __init__(self, view: Mapping[str, Any], lang: str) -> None:
        self.view = view
        self.lang = lang
        self.labels = i18n.labels(lang)
        self.rtl = i18n.direction(lang) == "rtl"
        digest = hashlib.sha256(json.dumps(view, sort_keys=True, default=str).encode()).hexdigest()
        self.id = f"tp{digest[:8]}"
        self.symbols: dict[str, str] = {}  # each card drawn once, placed where it lies with <use>
        self.places = table_of(view)
        self.width = max(WIDTH, 2 * PAD_X + self.places["width"] * UNIT)
        # the felt: the board and its padding above and below (the front end's)
        self.table_h = (0.28 + self.places["height"] + 0.22) * UNIT

    def ref(self, name: str) -> str:
        """An id of this picture's own: ``name`` with the picture's prefix."""
        return f"{self.id}-{name}"

    # -- the pieces ------------------------------------------------------------------------------

    def defs(self) -> str:
        """The gradients, the backs' hatching, the suits and each card drawn once."""
        p = look.PALETTE
        u = UNIT
        suits = "".join(
            el(
                "symbol",
                {"id": self.ref(suit), "viewBox": "0 0 100 100"},
                *(el(tag, attrs) for tag, attrs in shapes),
            )
            for suit, shapes in look.SUIT_SHAPES.items()
        )
        hatch = 0.1 * u
        return el(
            "defs",
            {},
            el(
                "linearGradient",
                {"id": self.ref("felt"), "x1": 0, "y1": 0, "x2": 0, "y2": 1},
                el("stop", {"offset": 0, "stop-color": p["felt"]}),
                el("stop", {"offset": 1, "stop-color": p["felt-dark"]}),
            ),
            el(
                "linearGradient",
                {"id": self.ref("face"), "x1": 0, "y1": 0, "x2": 0, "y2": 1},
                el("stop", {"offset": 0, "stop-color": "#ffffff"}),
                el("stop", {"offset": 1, "stop-color": p["face"]}),
            ),
            el(
                "radialGradient",
                {"id": self.ref("back")},
                el("stop", {"offset": 0, "stop-color": p["back-light"]}),
                el("stop", {"offset": 0.75, "stop-color": p["back-dark"]}),
            ),
            el(
                "pattern",
                {
                    "id": self.ref("hatch"),
                    "width": f"{hatch:.2f}",
                    "height": f"{hatch:.2f}",
                    "patternUnits": "userSpaceOnUse",
                    "patternTransform": "rotate(45)",
                },
                el("rect", {"width": f"{0.025 * u:.2f}", "height": f"{hatch:.2f}", "fill": "rgba(255,255,255,0.17)"}),
                el("rect", {"height": f"{0.025 * u:.2f}", "width": f"{hatch:.2f}", "fill": "rgba(255,255,255,0.17)"}),
            ),
            suits,
            *self.symbols.values(),
        )

    def suit(self, suit: str, x: float, y: float, size: float, fill: str = "currentColor", **extra: Any) -> str:
        """A suit's shape, ``size`` px square, its top left at (x, y)."""
        attrs = {"href": f"#{self.ref(suit)}", "x": f"{x:.1f}", "y": f"{y:.1f}", "width": f"{size:.1f}"}
        return el("use", {**attrs, "height": f"{size:.1f}", "fill": fill, **extra})

    def placed(self, key: str, x: float, y: float, drawn: Any) -> str:
        """The drawing ``drawn()`` (made at the origin, once a picture) placed at (x, y)."""
        if key not in self.symbols:
            self.symbols[key] = el("symbol", {"id": self.ref(key), "overflow": "visible"}, drawn())
        return el("use", {"href": f"#{self.ref(key)}", "x": f"{x:.1f}", "y": f"{y:.1f}"})

    def card(self, card: Card, x: float, y: float) -> str:
        """A face-up card at (x, y)."""
        return self.placed(f"card-{card.ascii}", x, y, lambda: self.face(card, 0, 0))

    def back(self, x: float, y: float) -> str:
        """A card's back at (x, y): its blue, its hatching, its white edge and inner line."""
        u, f = UNIT, look.FACE
        w, h = look.CARD_W * u, look.CARD_H * u
        edge, inset = f["back-edge"] * u, f["back-line"] * u
        radius = f["radius"] * u
        parts = [
            el(
                "rect",
                {
                    "x": f"{x + edge / 2:.1f}",
                    "y": f"{y + edge / 2:.1f}",
                    "width": f"{w - edge:.1f}",
                    "height": f"{h - edge:.1f}",
                    "rx": f"{radius:.1f}",
                    "fill": f"url(#{self.ref('back')})",
                    "stroke": look.PALETTE["back-edge"],
                    "stroke-width": f"{edge:.1f}",
                },
            ),
            el(
                "rect",
                {
                    "x": f"{x + edge:.1f}",
                    "y": f"{y + edge:.1f}",
                    "width": f"{w - 2 * edge:.1f}",
                    "height": f"{h - 2 * edge:.1f}",
                    "fill": f"url(#{self.ref('hatch')})",
                },
            ),
            el(
                "rect",
                {
                    "x": f"{x + inset + edge / 2:.1f}",
                    "y": f"{y + inset + edge / 2:.1f}",
                    "width": f"{w - 2 * inset - edge:.1f}",
                    "height": f"{h - 2 * inset - edge:.1f}",
                    "rx": f"{f['court-radius'] * u:.1f}",
                    "fill": "none",
                    "stroke": "rgba(255,255,255,0.35)",
                },
            ),
        ]
        return el("g", {}, *parts)

    def outline(self, x: float, y: float, **attrs: Any) -> str:
        """A card's rounded rectangle at (x, y), with ``attrs`` (its fill, its stroke)."""
        u = UNIT
        box = {"x": f"{x:.1f}", "y": f"{y:.1f}", "width": f"{look.CARD_W * u:.1f}", "height": f"{look.CARD_H * u:.1f}"}
        return el("rect", {**box, "rx": f"{look.FACE['radius'] * u:.1f}", **attrs})

    def face(self, card: Card, x: float, y: float) -> str:
        """A card's face as the front end draws it: its index in two corners, and in the middle the
        suit, a court card's framed letter, or the joker's star."""
        u, f, p = UNIT, look.FACE, look.PALETTE
        w, h = look.CARD_W * u, look.CARD_H * u
        joker = card == JOKER
        ink = p["joker"] if joker else (p["red"] if card.is_red else p["black"])
        suit = "joker" if joker else _SUITS[card.suit]
        rank = "" if joker else str(card)[:-1]
        parts = [
            self.outline(x, y, fill=f"url(#{self.ref('face')})", stroke="rgba(0,0,0,0.28)"),
            self.corner(rank, suit, x, y, joker),
            el(
                "g", {"transform": f"rotate(180 {x + w / 2:.1f} {y + h / 2:.1f})"}, self.corner(rank, suit, x, y, joker)
            ),
        ]
        cx, cy = x + w / 2, y + h / 2
        if joker:
            size = f["joker-pip"] * u
            star = {"stroke": p["joker"], "stroke-width": "4"}
            parts.append(self.suit("joker", cx - size / 2, cy - size * 0.75, size, p["joker-star"], **star))
            word = self.labels.get("joker_face", "JOKER")
            size_word = f["joker-word"] * u
            parts.append(
                text(cx, cy + size * 0.55, word, text_anchor="middle", font_size=f"{size_word:.1f}", font_weight="800")
            )
        elif rank in ("J", "Q", "K"):
            cw, ch = f["court-width"] * u, f["court-height"] * u
            parts.append(
                el(
                    "rect",
                    {
                        "x": f"{cx - cw / 2:.1f}",
                        "y": f"{cy - ch / 2:.1f}",
                        "width": f"{cw:.1f}",
                        "height": f"{ch:.1f}",
                        "rx": f"{f['court-radius'] * u:.1f}",
                        "fill": p["court"],
                        "fill-opacity": "0.18",
                        "stroke": "currentColor",
                    },
                )
            )
            letter, small, gap = f["court-rank"] * u, f["court-suit"] * u, f["court-gap"] * u
            top = cy - (letter * 0.75 + gap + small) / 2
            parts.append(
                text(
                    cx,
                    top + letter * 0.75,
                    rank,
                    text_anchor="middle",
                    font_size=f"{letter:.1f}",
                    font_weight="700",
                    font_family=look.COURT_FONT,
                )
            )
            parts.append(self.suit(suit, cx - small / 2, top + letter * 0.75 + gap, small))
        else:
            size = (f["ace-pip"] if rank == "A" else f["pip"]) * u
            parts.append(self.suit(suit, cx - size / 2, cy - size / 2, size))
        return el("g", {"fill": ink, "color": ink}, *parts)

    def corner(self, rank: str, suit: str, x: float, y: float, joker: bool) -> str:
        """A face's index: the rank over the suit, in the card's top left corner."""
        u, f = UNIT, look.FACE
        left, top, wide = x + f["corner-side"] * u, y + f["corner-top"] * u, f["corner-width"] * u
        mid = left + wide / 2
        if joker:
            size = 0.2 * u
            star = {"stroke": look.PALETTE["joker"], "stroke-width": "6"}
            return self.suit("joker", mid - size / 2, top, size, look.PALETTE["joker-star"], **star)
        size = f["rank-size"] * u
        small = f["corner-suit"] * u
        return el(
            "g",
            {},
            text(mid, top + size * 0.8, rank, text_anchor="middle", font_size=f"{size:.1f}", font_weight="700"),
            self.suit(suit, mid - small / 2, top + size * 0.85 + f["corner-suit-gap"] * u, small),
        )

    def header(self) -> str:
        """The header: the title, the rules and the game's number, its code, whether it is
        assisted; the score and the moves at the other end (mirrored right to left)."""
        v, L = self.view, self.labels
        y = HEADER / 2 + 5
        start, end = (self.width - 4, 4.0) if self.rtl else (4.0, self.width - 4)
        step = -1 if self.rtl else 1
        anchor_start, anchor_end = ("end", "start") if self.rtl else ("start", "end")
        parts = []
        logo_x = start if not self.rtl else start - 26
        logo = "0,14 4.4,2.1 8.6,14 13,0 17.4,14 21.6,2.1 26,14"
        parts.append(
            el(
                "polygon",
                {"points": logo, "fill": look.PALETTE["felt"], "transform": f"translate({logo_x:.1f} {y - 12:.1f})"},
            )
        )
        x = start + step * 33
        title = L["title"]
        parts.append(text(x, y, title, font_size="16", font_weight="700", text_anchor=anchor_start, fill=INK))
        x += step * (width_of(title, 16, True) + 12)
        for badge in self.badges():
            words, fill = badge
            wide = width_of(words, 12, True) + 18
            bx = x if not self.rtl else x - wide
            parts.append(
                el(
                    "rect",
                    {
                        "x": f"{bx:.1f}",
                        "y": f"{y - 15:.1f}",
                        "width": f"{wide:.1f}",
                        "height": "21",
                        "rx": "10.5",
                        "fill": fill,
                    },
                )
            )
            parts.append(
                text(bx + wide / 2, y, words, font_size="12", font_weight="600", text_anchor="middle", fill=INK)
            )
            x += step * (wide + 8)
        code = str(v.get("code", ""))
        parts.append(
            text(
                x,
                y,
                code,
                font_size="12",
                fill=MUTED,
                text_anchor=anchor_start,
                font_family="DejaVu Sans Mono, monospace",
                direction="ltr",
            )
        )
        x += step * (len(code) * 7.3 + 10)
        if v.get("scripted"):  # a move made from Python: said as the live board's header says it
            parts.append(text(x, y, L["scripted"], font_size="12", fill=MUTED, text_anchor=anchor_start))
            x += step * (width_of(L["scripted"], 12) + 10)
        if "assisted" in v:
            said = L["assisted"] if v["assisted"] else L["unassisted"]
            style = "italic" if v["assisted"] else "normal"
            parts.append(text(x, y, said, font_size="12", fill=MUTED, text_anchor=anchor_start, font_style=style))
        # The score and the moves at the other end.
        x = end
        for label, value in ((L["moves"], v.get("moves", 0)), (L["score"], v.get("score", 0))):
            parts.append(text(x, y, str(value), font_size="18", font_weight="700", text_anchor=anchor_end, fill=INK))
            x -= step * (width_of(str(value), 18, True) + 8)
            parts.append(
                text(x, y, label.upper(), font_size="11", fill=MUTED, text_anchor=anchor_end, letter_spacing="0.6")
            )
            x -= step * (width_of(label, 11) * 1.15 + 18)
        return el("g", {}, *parts)  # each line anchored at its side: the base direction stays the page's

    def badges(self) -> list[tuple[str, str]]:
        """The header's badges: the rule set and the numbered game, each with its colour."""
        v, L = self.view, self.labels
        rules = i18n.rules_name("+".join([str(v.get("rules", "easy")), *v.get("variants", [])]), self.lang)
        out = [(rules, "#eef1f4")]
        if v.get("number") is not None:
            out.append((L["game_number"].format(n=v["number"]), "#dfece4"))
        return out

    def table(self, top: float) -> str:
        """The felt with the peaks, the stock and the discard, and the ending's banner."""
        v, u, f = self.view, UNIT, look.FACE
        height = self.table_h
        parts = [self.over_table(top, height, f"url(#{self.ref('felt')})")]
        table = self.places
        x0, y0 = (self.width - table["width"] * u) / 2, top + 0.28 * u  # the board centred on the felt
        slots = v.get("slots", [])
        playable = set(v.get("playable", [])) if v.get("show_playable", True) else set()
        marked = set(v.get("highlight", []))
        places, depth = table["slots"], table["depth"]
        for slot in sorted(range(min(len(slots), len(places))), key=lambda slot: depth[slot]):  # covers last
            seen = slots[slot]
            if seen is None:
                continue
            x, y = x0 + places[slot][0] * u, y0 + places[slot][1] * u
            if seen == "?":
                parts.append(self.placed("card-back", x, y, lambda: self.back(0, 0)))
            else:
                lift = f["lift"] * u if slot in playable else 0.0
                if lift:
                    parts.append(self.glow(x, y - lift))
                parts.append(self.card(Card.parse(seen), x, y - lift))
            if slot in marked:
                parts.append(self.mark(x, y))
        sx, dx, py = x0 + table["stock_x"] * u, x0 + table["discard_x"] * u, y0 + table["pile_top"] * u
        stock = int(v.get("stock", 0))
        if stock:
            if stock > 1:
                parts.append(self.placed("card-back", sx - 0.06 * u, py + 0.05 * u, lambda: self.back(0, 0)))
                parts.append(self.outline(sx - 0.06 * u, py + 0.05 * u, fill="rgba(0,0,0,0.2)"))
            parts.append(self.placed("card-back", sx, py, lambda: self.back(0, 0)))
            parts.append(self.count(sx, py, stock))
        else:
            parts.append(self.empty(sx, py))
        if "stock" in marked:
            parts.append(self.mark(sx, py))
        discard = v.get("discard")
        parts.append(self.card(Card.parse(discard), dx, py) if discard else self.empty(dx, py))
        ending = v.get("ending") or ""
        if v.get("status") in ("won", "blocked") and ending:
            parts.append(self.banner(top, height, ending))
        return el("g", {"font-family": look.FONT}, *parts)

    def over_table(self, top: float, height: float, fill: str) -> str:
        """A rectangle the table's size: the felt, or the shade under a banner."""
        box = {"x": 0, "y": f"{top:.1f}", "width": f"{self.width:.1f}", "height": f"{height:.1f}"}
        return el("rect", {**box, "rx": 10, "fill": fill})

    def glow(self, x: float, y: float) -> str:
        """The ring round a card that fits the discard."""
        ring = look.FACE["glow"] * UNIT
        box = {"x": f"{x - ring:.1f}", "y": f"{y - ring:.1f}"}
        size = {"width": f"{look.CARD_W * UNIT + 2 * ring:.1f}", "height": f"{look.CARD_H * UNIT + 2 * ring:.1f}"}
        radius = (look.FACE["radius"] + look.FACE["glow"]) * UNIT
        return el("rect", {**box, **size, "rx": f"{radius:.1f}", "fill": look.PALETTE["glow"], "fill-opacity": "0.9"})

    def mark(self, x: float, y: float) -> str:
        """The ring round a card a walkthrough points at."""
        out = 0.07 * UNIT
        box = {"x": f"{x - out:.1f}", "y": f"{y - out:.1f}"}
        size = {"width": f"{look.CARD_W * UNIT + 2 * out:.1f}", "height": f"{look.CARD_H * UNIT + 2 * out:.1f}"}
        line = {"stroke": look.PALETTE["highlight"], "stroke-width": f"{0.05 * UNIT:.1f}"}
        return el("rect", {**box, **size, "rx": f"{0.13 * UNIT:.1f}", "fill": "none", **line})

    def empty(self, x: float, y: float) -> str:
        """An empty pile: its dashed outline."""
        dash = {"stroke-width": f"{0.03 * UNIT:.1f}", "stroke-dasharray": "6 5"}
        return self.outline(x, y, fill="rgba(0,0,0,0.1)", stroke="rgba(255,255,255,0.4)", **dash)

    def count(self, x: float, y: float, n: int) -> str:
        """The stock's count, in its badge."""
        r = 0.235 * UNIT
        cx, cy = x + look.CARD_W * UNIT * 0.98, y + look.CARD_H * UNIT * 0.97
        return el(
            "g",
            {},
            el(
                "circle",
                {
                    "cx": f"{cx:.1f}",
                    "cy": f"{cy:.1f}",
                    "r": f"{r:.1f}",
                    "fill": "#1b2b22",
                    "stroke": "#ffffff",
                    "stroke-width": "2",
                },
            ),
            text(cx, cy + 6, str(n), text_anchor="middle", font_size="17", font_weight="700", fill="#ffffff"),
        )

    def banner(self, top: float, height: float, ending: str) -> str:
        """How the game ended, over the table: the title and the score and moves."""
        v, L = self.view, self.labels
        won = v.get("status") == "won"
        title = ("★ " if won else "") + ending
        detail = L["won_detail" if won else "blocked_moves"].format(score=v.get("score", 0), moves=v.get("moves", 0))
        wide = max(320.0, width_of(title, 22, True) + 48, width_of(detail, 13) + 48)
        x, y = (self.width - wide) / 2, top + height / 2 - 40
        return el(
            "g",
            {},
            self.over_table(top, height, "rgba(6,26,16,0.38)"),
            el(
                "rect",
                {
                    "x": f"{x:.1f}",
                    "y": f"{y:.1f}",
                    "width": f"{wide:.1f}",
                    "height": "80",
                    "rx": 10,
                    "fill": "#ffffff",
                    "stroke": "#c9ced6",
                },
            ),
            text(
                self.width / 2,
                y + 34,
                title,
                text_anchor="middle",
                font_size="22",
                font_weight="800",
                fill="#1d8a4e" if won else INK,
            ),
            text(self.width / 2, y + 60, detail, text_anchor="middle", font_size="13", fill=MUTED),
        )

    def line(self, y: float, words: str, **attrs: Any) -> str:
        """A line of words under the header or the table, at the reading side."""
        x, anchor = (self.width - 10, "end") if self.rtl else (10.0, "start")
        return text(x, y, words, **{"font_size": "14", "text_anchor": anchor, "fill": INK, **attrs})

    # -- the whole picture ------------------------------------------------------------------------------

    def body(self) -> tuple[str, float]:
        """Everything of the board, and the height it takes."""
        v = self.view
        y = HEADER
        body = [self.header()]
        caption = v.get("caption") or ""
        if caption:
            body.append(
                el(
                    "rect",
                    {"x": 0, "y": f"{y:.1f}", "width": f"{self.width:.1f}", "height": f"{LINE:.1f}", "fill": "#f3f6f9"},
                )
            )
            edge = self.width - 3 if self.rtl else 0
            body.append(
                el(
                    "rect",
                    {"x": f"{edge:.1f}", "y": f"{y:.1f}", "width": "3", "height": f"{LINE:.1f}", "fill": "#1976d2"},
                )
            )
            body.append(self.line(y + 17.5, caption, font_size="13"))
            y += LINE + 6
        for goal in v.get("goals", []):
            mark = "★" * goal["stars"] if goal.get("stars") else "◎"
            said = goal.get("best") or goal.get("progress", "")
            met = goal.get("met", False)
            body.append(
                el(
                    "rect",
                    {
                        "x": 0,
                        "y": f"{y:.1f}",
                        "width": f"{self.width:.1f}",
                        "height": f"{LINE - 4:.1f}",
                        "rx": 6,
                        "fill": "#e8f1ec" if met else "#ffffff",
                        "stroke": "#dde1e6",
                    },
                )
            )
            body.append(self.line(y + 16, f"{mark} {goal.get('text', '')}", font_size="12", font_weight="600"))
            x, anchor = (10.0, "start") if self.rtl else (self.width - 10, "end")
            words = ("✓ " if met else "") + said
            body.append(
                text(x, y + 16, words, font_size="12", text_anchor=anchor, fill=look.PALETTE["felt"] if met else MUTED)
            )
            y += LINE
        body.append(self.table(y))
        y += self.table_h + 8
        # Under the table, as the front end's status line: the message, the readouts, the notices.
        readouts = [
            readout["text"]
            for readout in (v.get("verdict"), v.get("win_chance"))
            if readout and readout.get("text") and v.get("status") == "playing"
        ]
        if v.get("message"):
            body.append(self.line(y + 18, v["message"], font_weight="600"))
            y += LINE
        if readouts:
            body.append(self.line(y + 17, "   ·   ".join(readouts), font_size="13", fill=MUTED))
            y += LINE
        for words in filter(None, (notice.get("text", "") for notice in v.get("notices", []))):
            body.append(self.line(y + 18, words, font_weight="600"))
            y += LINE
        return "".join(body), y + 4

    def svg(self, body: str | None = None, height: float | None = None, style: str = "") -> str:
        """The whole picture: the board (or ``body``, ``height`` px high), its text alternative."""
        if body is None or height is None:
            body, height = self.body()
        v = self.view
        title = self.labels["board"] + f" {v.get('code', '')}"
        description = str(v.get("description") or "")
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {self.width:.0f} {height:.0f}"'
            f' width="{self.width:.0f}" height="{height:.0f}" aria-labelledby="{self.ref("title")} {self.ref("desc")}"'
            f' lang="{self.lang}" font-family="{escape(look.FONT)}">'
            + el("title", {"id": self.ref("title")}, escape(title))
            + el("desc", {"id": self.ref("desc")}, escape(description))
            + (el("style", {}, style) if style else "")
            + self.defs()
            + body
            + "</svg>"
        )


def table_of(view: Mapping[str, Any]) -> look.Table:
    """Where the cards of ``view`` are drawn: a board's snapshot carries its table; a game's view
    is drawn on its layout's."""
    shown = view.get("table")
    if isinstance(shown, Mapping):
        return shown  # type: ignore[return-value]  # a snapshot's, made by look.table
    return THREE_PEAKS


_SUITS = ("clubs", "diamonds", "hearts", "spades")  # by Card.suit, in deck order (engine.cards.SUIT_NAMES)


def draw(view: Mapping[str, Any], lang: str | None = None) -> str:
    """The picture of a board as SVG text: ``view`` is a board's snapshot or a game's ``view()``;
    ``lang`` the language of its words (by default the snapshot's)."""
    return Drawing(view, i18n.check_language(lang if lang is not None else view.get("lang"))).svg()


def animate(views: Sequence[Mapping[str, Any]], lang: str | None = None, pace: float = 1.0) -> str:
    """One SVG that shows ``views`` in turn, ``pace`` seconds each (the last three times as long),
    round and round: a whole game for a slide. Its text alternative is the last view's."""
    if not views:
        raise InvalidValueError("an animation needs at least one view of the board")
    if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not (math.isfinite(pace) and pace > 0):
        raise InvalidValueError(f"pace is a number of seconds above 0; got {got(pace)}")
    said = i18n.check_language(lang if lang is not None else views[-1].get("lang"))
    drawings = [Drawing(view, said) for view in views]
    last = drawings[-1]
    holds = [1.0] * (len(views) - 1) + [3.0]
    total = sum(holds) * pace
    frames, height, start = [], 0.0, 0.0
    for number, (drawing, hold) in enumerate(zip(drawings, holds, strict=True)):
        drawing.id = last.id  # one set of definitions for every frame
        body, tall = drawing.body()
        last.symbols.update(drawing.symbols)
        height = max(height, tall)
        delay = total - start  # a negative delay: the frame is already that far into its turn
        frames.append(
            el("g", {"class": "f", "style": f"animation-delay:-{delay:.3f}s"}, body)
            if number
            else el("g", {"class": "f"}, body)
        )
        start += hold * pace
    share = 100 * pace / total
    style = (
        f".f{{visibility:hidden;animation:{last.ref('frame')} {total:.3f}s step-end infinite}}"
        f"@keyframes {last.ref('frame')}{{0%{{visibility:visible}}{share:.4f}%{{visibility:hidden}}}}"
        # the last frame holds three times as long
        f".f:last-child{{animation-name:{last.ref('last')}}}"
        f"@keyframes {last.ref('last')}{{0%{{visibility:visible}}{3 * share:.4f}%{{visibility:hidden}}}}"
    )
    return last.svg("".join(frames), height, style)


GAP = 12.0  # px between pictures side by side
ROW_WIDTH = 1000.0  # px at most for pictures side by side: about what a notebook gives an output
_SIZE = re.compile(r'<svg\b[^>]*?\swidth="([\d.]+)" height="([\d.]+)"')


def side_by_side_svg(svgs: Sequence[str]) -> str:
    """Pictures drawn by :func:`draw` in a row, top-aligned, as one SVG (their ids differ already),
    scaled to at most :data:`ROW_WIDTH` px wide, whose title and description are theirs, joined."""
    if not svgs:
        raise InvalidValueError("pictures side by side need at least one picture")
    sizes = [tuple(float(n) for n in _SIZE.search(svg).groups()) for svg in svgs]  # type: ignore[union-attr]
    width = sum(w for w, _ in sizes) + GAP * (len(svgs) - 1)
    height = max(h for _, h in sizes)
    placed, x = [], 0.0
    for svg, (w, _) in zip(svgs, sizes, strict=True):
        placed.append(svg.replace("<svg ", f'<svg x="{x:.1f}" y="0" ', 1))
        x += w + GAP
    joined = " ".join(svgs)
    said = {tag: " | ".join(re.findall(rf"<{tag}\b[^>]*>(.*?)</{tag}>", joined, re.S)) for tag in ("title", "desc")}
    attrs = {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {width:.0f} {height:.0f}", "role": "img"}
    words = f"<title>{said['title']}</title><desc>{said['desc']}</desc>"  # already escaped in each picture
    scale = min(1.0, ROW_WIDTH / width)  # the row scaled to fit, as the live boards share one row
    size = {"width": f"{width * scale:.0f}", "height": f"{height * scale:.0f}"}
    return el("svg", {**attrs, **size}, words, *placed)
