"""The TriPeaks widget: a thin anywidget over a :class:`~tripeaks_widget.game.Game`.

Python is the only source of truth. The widget publishes one complete snapshot
of what a player sees in the ``state`` trait, and turns the front end's intents
(clicks, keys, the New game dialog) into the same engine calls a script makes.
"""

from __future__ import annotations

import contextlib
import logging
import pathlib
import re
import signal
import threading
import time
from typing import Any, Callable, Iterable, Iterator

import anywidget
import ipywidgets
import traitlets

from .cards import Card
from .codes import deck_code, number_code
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
        """Point at cards (slot numbers, Cards, notation such as ``"K♣"``) and/or ``"stock"``.

        ``w.highlight(*w.playable())`` points at every card that fits the discard now;
        ``w.highlight()`` clears. The highlight also goes away with the next action."""
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

    def apply(self, action: int | Card | str) -> Card:
        """Carry out one action: ``"draw"``, ``"undo"``, or a card to play (notation, Card or slot)."""
        return self._apply(self._game.apply, action)

    def replay(self, actions: Iterable[int | Card | str] | str, pace: float = 0.6) -> None:
        """Play a line step by step so that each step is seen: publish it, then wait ``pace`` seconds.

        ``actions`` is a list of actions as ``apply`` takes them (``"K♣"``, ``"draw"``, ``"undo"``,
        slot numbers), a string of them separated by spaces or commas, or a solver's answer
        (``w.replay(w.solve())``: anything with a ``line``). ``pace=0`` applies them all at once.

        An illegal step raises ``IllegalMoveError`` (a malformed one ``ValueError``) naming the step,
        e.g. ``step 2 (3♠) refused: Must be one rank higher or lower``; the steps before it stay
        played and the board shows the refusal. Interrupting (a ``KeyboardInterrupt``, the kernel's
        interrupt button) stops between two steps: a step is never cut in half, the board shows
        every step made, and the interrupt goes on to the caller.
        """
        steps = _line(actions)
        if not isinstance(pace, (int, float)) or isinstance(pace, bool) or not pace >= 0:
            raise ValueError(f"pace is a number of seconds, 0 or more; got {pace!r}")
        self._note = ""
        self._highlight = []
        try:
            for number, action in enumerate(steps, 1):
                try:
                    with _whole_step():
                        if pace:
                            self._apply(self._game.apply, action)
                        else:
                            self._game.apply(action)
                except ValueError as error:
                    raise type(error)(f"step {number} ({action}) refused: {error}") from None
                if pace:
                    time.sleep(pace)
        finally:
            if not pace:
                with _whole_step():
                    self._publish()

    @property
    def history(self) -> list[str]:
        """Every action so far in notation: cards played (``"K♣"``), ``"draw"`` and ``"undo"``."""
        return self._game.history

    def position_at(self, n: int) -> Game:
        """A new, independent ``Game`` as this one stood after the first ``n`` actions of
        ``history``; ``n`` counts like a list index (``-1``: before the last action)."""
        history = self._game.history
        if isinstance(n, bool) or not isinstance(n, int) or not -len(history) <= n <= len(history):
            raise IndexError(f"position_at takes a whole number from {-len(history)} to {len(history)} "
                             f"(the history has {len(history)} actions); got {n!r}")
        return Game(self._game.code, error_help=self._game.error_help).replay(history[:n])

    @classmethod
    def compare(cls, code: str | None = None, rules: Iterable[Rules | str] = ("easy", "classic"),
                **kwargs: Any) -> Comparison:
        """Widgets side by side dealing the same cards, one per rule set: ``TriPeaks.compare(
        "TP1-E-AAAAAAB")`` shows that deal under Easy and under Classic (``code=None``: a random
        deal). The code gives the cards only; each entry of ``rules`` is a whole rule set
        (``"easy"``, ``"classic"``, ``"site"``, ``"classic+joker"`` …). The result is an
        ``ipywidgets.HBox``; its widgets are ``box.widgets`` (also ``box[0]``, ``box["classic"]``)."""
        game = Game(code)
        widgets = []
        for rule_set in (Rules.parse(r) for r in rules):
            dealt = (number_code(game.number, rule_set) if game.number is not None
                     else deck_code(game.deck, rule_set))
            widgets.append(cls(dealt, layout=ipywidgets.Layout(flex="1 1 0", min_width="0"), **kwargs))
        if not widgets:
            raise ValueError("compare needs at least one rule set, e.g. rules=('easy', 'classic')")
        return Comparison(widgets, layout=ipywidgets.Layout(width="100%", align_items="flex-start"))

    def playable(self) -> list[Card]:
        """Free cards that fit the discard now, in slot order."""
        return self._game.playable()

    def legal_moves(self) -> list[str]:
        """Every legal action in notation: the playable cards, then ``"draw"`` while allowed."""
        return self._game.legal_moves()

    def free(self) -> list[Card]:
        """Face-up cards that no card covers any more (R2.1), fitting or not."""
        return self._game.free()

    def rows(self) -> list[list[str | None]]:
        """The four rows from the peak tops down: a card, ``"?"`` face down, None removed."""
        return self._game.rows()

    def peaks(self) -> list[dict]:
        """Each peak (R1.5): its name, the cards it still has, whether it is cleared."""
        return self._game.peaks()

    def to_dict(self) -> dict:
        """A JSON-ready snapshot of the game (code, settings, every action); ``Game.from_dict`` replays it."""
        return self._game.to_dict()

    def solve(self, **options: Any) -> Any:
        """The solver's verdict from the position on the board: winnable or not, and the best line."""
        return self._game.solve(**options)

    def winnable(self, **options: Any) -> bool:
        """Whether the game on the board can still be won (the solver sees the hidden cards)."""
        return self._game.winnable(**options)

    @property
    def cards_left(self) -> int:
        """Peak cards still on the table."""
        return self._game.cards_left

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, top first (face down to a player)."""
        return self._game.stock

    @property
    def waste(self) -> list[Card]:
        """The discard pile, bottom to top."""
        return self._game.waste

    @property
    def can_undo(self) -> bool:
        return self._game.can_undo

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


class Comparison(ipywidgets.HBox):
    """TriPeaks widgets side by side (``TriPeaks.compare``): ``box.widgets``, ``box[0]``, ``box["classic"]``."""

    @property
    def widgets(self) -> tuple[TriPeaks, ...]:
        return tuple(self.children)

    def __getitem__(self, key: int | str) -> TriPeaks:
        """A widget by position, or by its rule set's name (``"easy"``, ``"classic"``, ``"easy+joker"``)."""
        if isinstance(key, str):
            for widget in self.children:
                if str(widget.rules) == key.strip().lower():
                    return widget
            raise KeyError(f"no widget here plays {key!r}; these play {[str(w.rules) for w in self.children]}")
        return self.children[key]


def _line(actions: Any) -> list:
    """The steps of a line: a list of actions, a string of them, or a solver's answer (its ``line``)."""
    if not isinstance(actions, str) and hasattr(actions, "line"):
        actions = actions.line
    if isinstance(actions, str):
        return [step for step in re.split(r"[\s,]+", actions) if step]
    try:
        return list(actions)
    except TypeError:
        raise TypeError(f"replay takes a list of actions such as ['K♣', 'draw', 'undo'], a string of them, "
                        f"or a solver's answer; got {type(actions).__name__}") from None


@contextlib.contextmanager
def _whole_step() -> Iterator[None]:
    """Hold back a kernel interrupt (SIGINT) until the block is done, then raise it: one engine
    step and its publication are never cut in half. Elsewhere than the main thread, a plain block."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list = []
    previous = signal.signal(signal.SIGINT, lambda _signum, frame: held.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
        if held:
            if callable(previous):
                previous(signal.SIGINT, held[0])
            elif previous != signal.SIG_IGN:
                raise KeyboardInterrupt
