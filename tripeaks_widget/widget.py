"""The TriPeaks widget: a thin anywidget over a :class:`~tripeaks_widget.game.Game`.

Python is the only source of truth. The widget publishes one complete snapshot
of what a player sees in the ``state`` trait, and turns the front end's intents
(clicks, keys, the New game dialog) into the same engine calls a script makes.
"""

from __future__ import annotations

import logging
import pathlib
from typing import Any, Callable

import anywidget
import traitlets

from .cards import Card
from .game import Game, IllegalMoveError
from .layout import SLOT_COUNT
from .rules import Rules

log = logging.getLogger("tripeaks_widget")

_STATIC = pathlib.Path(__file__).parent / "static"

NO_SOLVER = "Hints need the solver"
NO_HINT = "No hint: no move leads anywhere from here"
HINT_DRAW = "Hint: draw from the stock"
HINT_PLAY = "Hint: play the {card}"
FAILED = "Something went wrong: {error}"
MAX_CODE_LENGTH = 200  # far longer than any game code; keeps untrusted text small


class TriPeaks(anywidget.AnyWidget):
    """TriPeaks solitaire to play in a notebook, or to drive from Python.

    ``TriPeaks()`` deals a random game under Easy; ``TriPeaks("TP1-E-AAAAAAB")``
    deals that code; ``TriPeaks(rules="classic")`` a random Classic deal.
    Scripted moves (``w.play("K♣")``, ``w.draw()``, ``w.undo()``) and clicks
    go through the same path and show at once in every view of the widget.
    """

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"

    state = traitlets.Dict().tag(sync=True)

    def __init__(self, code: str | None = None, *, rules: Rules | str | None = None,
                 error_help: bool = True, **kwargs: Any) -> None:
        self._game = Game(code, rules=rules, error_help=error_help)  # a bad code raises before any comm opens
        self._note = ""  # the widget's own word for the message line (a hint, an error) until the next action
        self._highlight: list[int | str] = []
        self._caption = ""
        self._seq = 0
        super().__init__(state=self._snapshot(), **kwargs)  # the front end's first render is complete
        self.on_msg(self._on_msg)

    # -- the one way state goes out -----------------------------------------------------------

    def _publish(self) -> None:
        """Send one complete snapshot to every view."""
        self.state = self._snapshot()

    def _snapshot(self) -> dict:
        """The game's view plus the widget's own fields, with a new sequence number."""
        self._seq += 1
        view = self._game.view()
        if self._note:
            view["message"] = self._note
        view["error_help"] = bool(self._game.error_help)
        view["highlight"] = list(self._highlight)
        view["caption"] = self._caption
        view["seq"] = self._seq
        return view

    def _apply(self, action: Callable[..., Any], *args: Any) -> Any:
        """Run one engine action and publish the result, refused or not (the reason is in the view)."""
        self._note = ""
        self._highlight = []
        try:
            return action(*args)
        finally:
            self._publish()

    # -- the game, delegated --------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The engine's game this widget shows."""
        return self._game

    def play(self, target: int | Card | str) -> Card:
        """Play a peak card (slot number 0–27, a Card, or notation such as ``"K♣"`` or ``"Kc"``)."""
        return self._apply(self._game.play, target)

    def draw(self) -> Card:
        """Turn the stock's top card onto the discard."""
        return self._apply(self._game.draw)

    def undo(self) -> Card:
        """Take back the last action."""
        return self._apply(self._game.undo)

    def new_game(self, code_or_rules: Rules | str | None = None) -> Game:
        """Deal again: a code (``"TP1-C-AAAAAAD"``), a rule set (``"easy"``/``"classic"``) for a
        random deal, or None for a random deal under the current rules."""
        if code_or_rules is None or isinstance(code_or_rules, Rules):
            game = Game(rules=code_or_rules or self._game.rules, error_help=self._game.error_help)
        elif isinstance(code_or_rules, str):
            try:
                rules = Rules.parse(code_or_rules)
            except ValueError:
                game = Game(code_or_rules, error_help=self._game.error_help)
            else:
                game = Game(rules=rules, error_help=self._game.error_help)
        else:
            raise TypeError(f"new_game takes a game code or a rule set name, not {type(code_or_rules).__name__}")
        self._game = game
        self._apply(lambda: None)
        return game

    def hint(self) -> str | None:
        """Point at a good next action: it is highlighted and named in the message line.
        Returns it (a card in notation, or ``"draw"``), or None."""
        self._note = ""
        self._highlight = []
        finder = getattr(self._game, "hint", None)
        try:
            if finder is None:
                raise ModuleNotFoundError("no solver", name="solver")
            move = finder()
        except ImportError as missing:  # the solver module is not there (yet)
            if "solver" not in f"{missing.name} {missing}":
                raise
            log.info("hint asked for, but no solver is available: %s", missing)
            self._note = NO_SOLVER
            move = None
        else:
            if move is None:
                self._note = NO_HINT
            elif str(move).strip().lower() == "draw":
                self._highlight = ["stock"]
                self._note = HINT_DRAW
            else:
                card = Card.parse(move)
                self._highlight = [self._game.slot_of(card)]
                self._note = HINT_PLAY.format(card=card.words)
        self._publish()
        return move

    def highlight(self, *targets: int | Card | str) -> None:
        """Point at cards (slots, cards, notation) and/or ``"stock"``; no argument clears.
        The highlight goes away with the next action."""
        marks: list[int | str] = []
        for target in targets:
            if isinstance(target, str) and target.strip().lower() == "stock":
                marks.append("stock")
            else:
                marks.append(self._game.slot_of(target))
        self._highlight = marks
        self._publish()

    @property
    def caption(self) -> str:
        """A line shown above the board, apart from the game's message (for walkthroughs)."""
        return self._caption

    @caption.setter
    def caption(self, text: str | None) -> None:
        self._caption = "" if text is None else str(text)
        self._publish()

    def playable(self) -> list[Card]:
        return self._game.playable()

    def why_not(self, target: int | Card | str) -> str | None:
        return self._game.why_not(target)

    def describe(self) -> str:
        return self._game.describe()

    def view(self) -> dict:
        return self._game.view()

    @property
    def score(self) -> int:
        return self._game.score

    @property
    def moves(self) -> int:
        return self._game.moves

    @property
    def status(self) -> str:
        return self._game.status

    @property
    def code(self) -> str:
        return self._game.code

    @property
    def rules(self) -> Rules:
        return self._game.rules

    @property
    def discard(self) -> Card | None:
        return self._game.discard

    @property
    def stock_count(self) -> int:
        return self._game.stock_count

    @property
    def message(self) -> str:
        """The message line as shown: the game's word, or the widget's own (a hint, an error)."""
        return self._note or self._game.message

    @property
    def error_help(self) -> bool:
        return bool(self._game.error_help)

    @error_help.setter
    def error_help(self, value: bool) -> None:
        self._game.error_help = bool(value)
        self._publish()

    # -- intents from the front end ---------------------------------------------------------

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self._handle(content)
        except IllegalMoveError as refusal:
            log.debug("move refused: %s", refusal)  # the reason is already in the message line
        except Exception as error:  # never lose an error in a comm handler: show it
            log.exception("intent %r failed", content)
            self._note = FAILED.format(error=error)
            self._publish()

    def _malformed(self, content: Any, why: str) -> None:
        log.warning("ignored a malformed intent (%s): %.200r", why, content)

    def _handle(self, content: Any) -> None:
        if not isinstance(content, dict):
            return self._malformed(content, "not a dict")
        kind = content.get("type")
        if kind == "play":
            slot = content.get("slot")
            if type(slot) is not int or not 0 <= slot < SLOT_COUNT:
                return self._malformed(content, f"slot must be an integer 0 to {SLOT_COUNT - 1}")
            self.play(slot)
        elif kind == "draw":
            self.draw()
        elif kind == "undo":
            self.undo()
        elif kind == "hint":
            self.hint()
        elif kind == "error_help":
            value = content.get("value")
            if type(value) is not bool:
                return self._malformed(content, "value must be true or false")
            self.error_help = value
        elif kind == "new_game":
            self._new_game_intent(content)
        else:
            self._malformed(content, "unknown type")

    def _new_game_intent(self, content: dict) -> None:
        request = content.get("id")
        rules = content.get("rules")
        code = content.get("code") or ""
        why = None
        if request is not None and (type(request) not in (int, str) or len(str(request)) > 64):
            why, request = "id must be a number or a short string", None
        elif rules is not None and rules not in ("easy", "classic"):
            why = "rules must be 'easy' or 'classic'"
        elif not isinstance(code, str) or len(code) > MAX_CODE_LENGTH:
            why = f"code must be a string of at most {MAX_CODE_LENGTH} characters"
        if why:
            self._malformed(content, why)
            return self._reply(request, False, f"Malformed request: {why}")
        if not code.strip() and rules is not None:
            # The dialog picks the king-ace rule; the game's variants stay.
            rules = "+".join((rules, *self._game.rules.variants))
        try:
            self.new_game(code.strip() or rules)
        except ValueError as error:
            return self._reply(request, False, str(error))
        self._reply(request, True, "")

    def _reply(self, request: int | str | None, ok: bool, error: str) -> None:
        if request is not None:
            self.send({"type": "reply", "id": request, "ok": ok, "error": error})

    def __repr__(self) -> str:
        game = self._game
        return f"TriPeaks({game.code!r}, {game.rules}, score {game.score}, moves {game.moves}, {game.status})"
