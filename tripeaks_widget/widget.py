"""The TriPeaks widget: a thin anywidget over a :class:`~tripeaks_widget.game.Game`.

Python is the only source of truth. The widget publishes one complete snapshot of what a player
sees in the ``state`` trait (:meth:`TriPeaks._publish`, the one way state goes out), and turns the
front end's intents (:mod:`tripeaks_widget.intents`: clicks, keys, the New game dialog) into the
same engine calls a script makes. The front end writes no trait: an ``update`` it sends is
dropped and the true values sent again. Everything a player reads or hears is said in the
widget's language (``lang``): the snapshot's texts are translated as it is made, and the front
end's labels go once per language in the ``labels`` trait.

The solver is part of play: the hint, the verdict and winnable deals run for the board in
:mod:`tripeaks_widget.assists`.
"""

from __future__ import annotations

import logging
import os
import pathlib
import threading
import time
from collections.abc import Iterable
from typing import Any

import anywidget
import traitlets

from . import dialog, i18n, intents
from .assists import Assists, Marks, check_hint_kind, failure
from .cards import Card
from .compare import Comparison, compare
from .errors import whole_number
from .fair import Chance, Review
from .game import ENDINGS, Game, IllegalMoveError
from .player import board_player, renamed
from .records import SERIES_FIRST, SERIES_LAST, Records, check_player, in_series
from .replay import check_pace, steps_of, whole_step
from .results import Results
from .rules import Rules
from .snapshot import Snapshot
from .steps import drive

log = logging.getLogger("tripeaks_widget")

_STATIC = pathlib.Path(__file__).parent / "static"

GAME_NUMBERS = f"Game numbers run from {SERIES_FIRST} to {SERIES_LAST:,}"


class _Language(traitlets.TraitType):
    """A language the widget speaks, checked as it is set (see :func:`_language`)."""

    info_text = "a language: 'en', 'el', 'he' or 'is' (None: the language of the kernel's locale)"

    def validate(self, obj: Any, value: Any) -> str:
        return _language(value)


class _ReadThrough:
    """A widget attribute that is its game's (``w.score`` reads ``w.game.score``)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        own = getattr(Game, name, None)  # a method or property of Game; None for a plain attribute
        self.__doc__ = f"``w.game.{name}``" + (f": {own.__doc__.strip()}" if own is not None and own.__doc__ else "")

    def __get__(self, widget: Any, owner: Any = None) -> Any:
        return self if widget is None else getattr(widget._game, self.name)


class TriPeaks(anywidget.AnyWidget):
    """TriPeaks solitaire to play in a notebook, or to drive from Python.

    ``TriPeaks()`` deals a random game under Easy; ``TriPeaks("TP1-E-AAAAAAB")``
    deals that code; ``TriPeaks(game=123)`` (or ``TriPeaks(123)``) numbered game 123
    (R6.8); ``TriPeaks(rules="classic")`` a random Classic deal. ``rules`` is any rule
    set: ``"site"``, ``"classic+joker"``, a ``Rules`` value.
    Scripted moves (``w.play("K♣")``, ``w.draw()``, ``w.undo()``) and clicks
    go through the same path and show at once in every view of the widget.

    ``lang`` is the language everything on the board is said in: ``"en"`` (English), ``"el"``
    (Greek), ``"he"`` (Hebrew, laid out right to left) or ``"is"`` (Icelandic); by default the
    language of the kernel's locale (``i18n.default_language()``: ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, then the process's locale), English when the game does not speak
    it. ``w.lang = "el"`` switches a widget on display. Messages, labels, the board in words and
    the records' notices change language; Python's exceptions and the values read from Python
    (``w.message``, ``w.notices``) stay English.

    Results of the numbered games 1–50,000 go to the records store
    (``tripeaks_widget.records``) when a game is won or blocked, or left unfinished for
    a new deal; what the store says ("First win of game 123 (Easy): …") shows under the
    board and in ``w.notices``; dealing a numbered game says its record and who holds it.
    ``records=`` picks the store: None for the user's own (``$TRIPEAKS_RECORDS`` if set), a
    path, a ``postgresql://`` URL of a store shared by a class, a ``Records``, or False for
    none. ``player=`` names who plays (by default ``$JUPYTERHUB_USER``, then the OS user). A
    store that cannot be used says why once, and the widget plays on without records; the
    store is written in its own thread, so a locked or slow store never holds up the board.

    The solver is part of play. Hint (the button, or ``w.hint()``) points at an action: with
    ``hint_kind="fair"`` (the default) the one with the best chance of winning from what the
    player can see (``fair.fair_hint``: exact where few cards are unseen, else sampled arrangements
    (``fair.PLAYOUT_SAMPLES``), each played out by the ``lookahead`` strategy); with
    ``hint_kind="exact"`` the next action of the solver's best line (a win with the fewest draws,
    or when the game can't be won any more, the line that clears the most cards), which sees the
    hidden cards and says so.
    ``show_win_chance=True`` (the "Win chance" button, or ``w.show_win_chance = True``) shows
    after every action the chance of winning of a player who follows the fair hint, from what the
    player can see ("Win chance 82 %"), the same chance the hint and the review judge by;
    ``w.win_chance`` reads it from Python. ``show_playable=False`` takes the glow off the cards
    that fit, ``show_hints=False`` the Hint button: with these, ``error_help=False`` and the
    verdict and the chance off (the default), the board is the bare game. ``show_verdict=True``
    (the "Winnable?" button, or ``w.show_verdict = True``) shows after every action whether the
    game can still be won: "Still winnable", "No longer winnable since move 12" (counting the
    moves that stand, as the review does), "Not winnable from the deal", or "Could not decide
    within the time limit"; ``w.verdict`` reads it from Python. The New game dialog's "Winnable
    deals only" (``w.new_game(winnable=True)``) deals only random games the solver has proven
    winnable. Searches for the board
    run in a worker thread with a time limit of ``search_budget`` seconds (``deal_budget`` for
    a winnable deal); the board stays live meanwhile.

    Reading state from Python: ``w.game`` is the engine's :class:`~tripeaks_widget.game.Game`
    on the board, and everything about the position is read there (``w.game.peaks()``,
    ``w.game.view()``). The names scripts and notebooks use most read through to it:
    ``w.score`` is ``w.game.score``, ``w.rows()`` is ``w.game.rows()`` .
    ``w.state`` is the snapshot the board shows; only Python writes it.
    """

    search_budget: float = 2.5  # seconds for one hint or verdict search
    deal_budget: float = 5.0  # seconds to find a winnable random deal

    # The shipped bundle and styles, as text in traits of the class's own. (Given a path, anywidget
    # makes a FileContents whose change signal holds every widget through a lambda, so no widget
    # would ever be freed, closed or not; a trait has no such link.)
    _esm = traitlets.Unicode((_STATIC / "widget.js").read_text(encoding="utf-8")).tag(sync=True)
    _css = traitlets.Unicode((_STATIC / "widget.css").read_text(encoding="utf-8")).tag(sync=True)

    state = traitlets.Dict().tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)  # the front end's labels in ``lang``: sent once per language
    lang = _Language(
        i18n.SOURCE_LANGUAGE, help="The language of the board: 'en', 'el', 'he' or 'is' (None: the kernel's locale's)"
    )

    def __init__(
        self,
        code: str | int | None = None,
        *,
        game: int | None = None,
        rules: Rules | str | None = None,
        error_help: bool = True,
        records: Records | str | os.PathLike | bool | None = None,
        player: str | None = None,
        lang: str | None = None,
        show_verdict: bool = False,
        show_win_chance: bool = False,
        hint_kind: str = "fair",
        show_playable: bool = True,
        show_hints: bool = True,
        **kwargs: Any,
    ) -> None:
        self._ready = False  # the language's observer publishes only once the widget is built
        # Worker threads give their results back under this lock; every change of the widget's
        # own state and every snapshot sent takes it too.
        self._lock = threading.RLock()
        self._closed = False
        self._assists = Assists(self, show_verdict, show_win_chance)  # the hint, the verdict, the chance, deals
        self._assists.show_playable, self._assists.show_hints = bool(show_playable), bool(show_hints)
        self._worker = self._assists.worker
        self._assists.hint_kind = check_hint_kind(hint_kind)
        lang = _language(lang)
        if whole_number(code) is not None:
            if game is not None:
                raise ValueError("give a game number once: TriPeaks(123) or TriPeaks(game=123)")
            code, game = None, code
        if code is not None and game is not None:
            raise ValueError("give a game code or a game number, not both: a code names its own deal")
        if game is not None:
            self._game = Game.from_number(_game_number(game), rules, error_help=error_help)
        else:
            self._game = Game(code, rules=rules, error_help=error_help)  # a bad code raises before any comm opens
        self._note: str = ""  # the widget's own word for the message line (a hint, an error) until the next action
        self._highlight: Marks = []
        self._caption = ""
        self._seq = 0
        self._answered: int | None = None  # the last front-end intent handled (its "seq")
        # what the records store said shows until the next action; the player's name never stops the game
        self._results = Results(self, records, board_player(player))
        said = renamed(self._results.player) if self._results.store is not None else None
        if said:
            self._results.notices.append({"kind": "info", "text": said})
        self._lang = lang
        with self._lock:  # a search or the store's answer started now comes back once the widget is built
            self._results.ask_standing(self._game)
            self._assists.refresh_verdict()
            self._assists.refresh_win_chance()
            # The front end's first render is complete: labels and state in the language.
            super().__init__(lang=lang, labels=i18n.labels(lang), state=self._snapshot(), **kwargs)
            self._ready = True
        self.on_msg(self._on_msg)

    # -- the language ----------------------------------------------------------------------------

    @traitlets.observe("lang")
    def _lang_changed(self, change: Any) -> None:
        self._lang = change["new"]
        if not self._ready or change["old"] == change["new"]:
            return
        with self.hold_sync():  # the labels and the snapshot in the new language arrive together
            self.labels = i18n.labels(self._lang)
            self._publish()

    def _say(self, message: str | None) -> str:
        """A message in the widget's language."""
        return i18n.translate(message, self._lang)

    # -- the one way state goes out -----------------------------------------------------------

    def _publish(self) -> None:
        """Send one complete snapshot to every view (a game that has just ended is recorded first,
        and with the verdict or the win chance switched on, one for a new position is looked up or
        asked for)."""
        with self._lock:
            self._assists.refresh_verdict()
            self._assists.refresh_win_chance()
            self._results.look_at(self._game, self._assists.used)
            self.state = dict(self._snapshot())

    def _snapshot(self) -> Snapshot:
        """The one place the snapshot is made (its contract: :mod:`tripeaks_widget.snapshot`): the
        game's view in the widget's language, the widget's own fields, a new sequence number."""
        self._seq += 1
        game, lang, say = self._game, self._lang, self._say
        view = game.view()
        return {
            **view,
            "message": say(self._note or view["message"]),
            "ending": say(ENDINGS.get(game.status)),
            "description": view["description"] if lang == i18n.SOURCE_LANGUAGE else i18n.describe(game, lang),
            "error_help": bool(game.error_help),
            "highlight": list(self._highlight),
            "caption": self._caption,
            "number": game.number if in_series(game.number) else None,
            "notices": [{"kind": note["kind"], "text": say(note["text"])} for note in self._results.notices],
            "show_verdict": self._assists.show_verdict,
            "verdict": self._assists.shown_verdict(say),  # type: ignore[typeddict-item]
            "show_win_chance": self._assists.show_win_chance,
            "win_chance": self._assists.shown_win_chance(say),  # type: ignore[typeddict-item]
            "show_playable": self._assists.show_playable,
            "show_hints": self._assists.show_hints,
            "hint_kind": self._assists.hint_kind,  # type: ignore[typeddict-item]
            "review": self._assists.shown_review(say),  # type: ignore[typeddict-item]
            "lang": lang,
            "dir": i18n.direction(lang),  # type: ignore[typeddict-item]
            "seq": self._seq,
            "answered": self._answered,
        }

    def set_state(self, sync_data: Any) -> None:
        """A state ``update`` from the front end: refused. Python owns every synced trait (the
        front end sends intents only), so each value named is sent again as Python has it."""
        names = [name for name in sync_data if name in self.keys] if isinstance(sync_data, dict) else []
        log.warning("refused a front-end write to %s", intents.brief(names or sync_data))
        if names:
            self.send_state(names)

    def _begin(self) -> None:
        """An action starts: the widget's note, the highlight and the notices go (and a hint
        still being looked for is no longer wanted)."""
        self._note = ""
        self._highlight = []
        self._results.notices = []
        self._assists.hint_at = None

    def _point(self, note: str, marks: Marks) -> None:
        """A search's word for the board: the note in the message line, the cards it points at."""
        with self._lock:
            self._note, self._highlight = note, marks
            self._publish()

    def _apply(self, action: Any, *args: Any) -> Any:
        """Run one engine action and publish the result, refused or not (the reason is in the view)."""
        with self._lock:
            self._begin()
            try:
                return action(*args)
            finally:
                self._publish()

    def close(self) -> None:
        """Close the widget's views; searches still waiting are dropped."""
        with self._lock:
            self._closed = True
        self._assists.close()
        if hasattr(self, "_results"):  # not when the constructor refused its arguments
            self._results.close()
        super().close()

    # -- records -------------------------------------------------------------------------------

    @property
    def records(self) -> Records | None:
        """The records store results go to, or None (none asked for, or it could not be opened)."""
        return self._results.store

    @property
    def records_error(self) -> str | None:
        """Why the records store could not be opened, or None."""
        return self._results.error

    @property
    def player(self) -> str:
        """Who plays: the name results are recorded under (``TriPeaks(player="ana")``; by default
        ``$JUPYTERHUB_USER``, then the OS user)."""
        return self._results.player

    @player.setter
    def player(self, name: str) -> None:
        with self._lock:
            self._results.player = check_player(name)

    @property
    def notices(self) -> list[str]:
        """What was said about the last result (``"First win of game 123 (Easy): won in 47 moves."``)
        or about the records store; shown under the board until the next action."""
        return [notice["text"] for notice in self._results.notices]

    # -- the game ----------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The engine's game this widget shows: read the position here."""
        return self._game

    # The names of the game the README and the notebooks read from a widget.
    code = _ReadThrough()
    rules = _ReadThrough()
    score = _ReadThrough()
    moves = _ReadThrough()
    status = _ReadThrough()
    discard = _ReadThrough()
    stock = _ReadThrough()
    stock_count = _ReadThrough()
    waste = _ReadThrough()
    cards_left = _ReadThrough()
    can_undo = _ReadThrough()
    history = _ReadThrough()
    playable = _ReadThrough()
    legal_moves = _ReadThrough()
    free = _ReadThrough()
    rows = _ReadThrough()
    why_not = _ReadThrough()
    to_dict = _ReadThrough()
    solve = _ReadThrough()
    winnable = _ReadThrough()

    def play(self, target: int | Card | str) -> Card:
        """Play a peak card (slot number 0–27, a Card, or notation such as ``"K♣"`` or ``"Kc"``)."""
        return self._apply(self._game.play, target)

    def draw(self) -> Card:
        """Turn the stock's top card onto the discard."""
        return self._apply(self._game.draw)

    def undo(self) -> Card:
        """Take back the last action."""
        return self._apply(self._game.undo)

    def apply(self, action: int | Card | str) -> Card:
        """Carry out one action: ``"draw"``, ``"undo"``, or a card to play (notation, Card or slot)."""
        return self._apply(self._game.apply, action)

    def new_game(
        self,
        what: Rules | str | int | None = None,
        *,
        game: int | None = None,
        rules: Rules | str | None = None,
        winnable: bool = False,
    ) -> Game:
        """Deal again: a code (``"TP1-C-AAAAAAD"``), a game number (``123``, or ``game=123``), a
        rule set (``"classic"``, ``"site"``, ``"easy+joker"``) for a random deal, or nothing for a
        random deal under the current rules. A game number without ``rules=`` keeps the current
        rules; a code carries its own. An unfinished numbered game left behind is recorded.

        ``winnable=True`` deals a random game that the solver has proven winnable (under the
        rules it is dealt with); it raises ``solver.SearchExhausted`` (a ``TimeoutError``) when
        none is found within ``deal_budget`` seconds. A code or a game number names its own
        deal, so it does not go with ``winnable=True``."""
        if not isinstance(winnable, bool):
            raise TypeError(f"winnable is True or False; got {type(winnable).__name__} {winnable!r}")
        code = None
        if whole_number(what) is not None:
            if game is not None:
                raise ValueError("give a game number once: new_game(123) or new_game(game=123)")
            game = what
        elif isinstance(what, Rules) or (isinstance(what, str) and intents.is_rules(what)):
            if rules is not None:
                raise ValueError(f"give a rule set once: new_game({str(what)!r}) or new_game(rules=...)")
            rules = what
        elif isinstance(what, str):
            code = what
        elif what is not None:
            raise TypeError(
                f"new_game takes a game code, a game number or a rule set, not {type(what).__name__} {what!r}"
            )
        help_on = self._game.error_help
        if winnable and (code is not None or game is not None):
            raise ValueError("winnable=True deals a random game; a code or a game number names its own deal")
        if code is not None:
            if game is not None:
                raise ValueError("give a game code or a game number, not both: a code names its own deal")
            dealt = Game(code, rules=rules, error_help=help_on)
        elif game is not None:
            number = _game_number(game)
            dealt = Game.from_number(number, self._game.rules if rules is None else rules, error_help=help_on)
        elif winnable:
            found = drive(self._assists.winnable_code(self._game.rules if rules is None else rules))
            dealt = Game(found, error_help=help_on)
        else:
            dealt = Game(rules=self._game.rules if rules is None else rules, error_help=help_on)
        with self._lock:
            self._begin()
            if self._game.status == "playing":
                # left unfinished: abandoned (records skips a game without a move)
                self._results.record(self._game, self._assists.used)
            self._game = dealt
            self._assists.new_game()
            self._results.ask_standing(dealt)
            self._publish()
        return dealt

    def hint(self) -> str | None:
        """Point at the next action the hint of ``hint_kind`` finds: it is highlighted and named
        in the message line. Returns it (a card in notation, or ``"draw"``), or None when no
        action helps (or none was found within ``search_budget`` seconds). Runs here, in the
        caller's thread; the Hint button asks the widget's worker thread instead."""
        return self._assists.hint()

    @property
    def hint_kind(self) -> str:
        """Which hint the Hint button and ``w.hint()`` give: ``"fair"`` (the default: the action
        with the best chance of winning, from what the player can see) or ``"exact"`` (the next
        action of the solver's best line: it sees the hidden cards, and its message says so)."""
        return self._assists.hint_kind

    @hint_kind.setter
    def hint_kind(self, kind: str) -> None:
        with self._lock:
            self._assists.hint_kind = check_hint_kind(kind)
            self._publish()

    @property
    def show_hints(self) -> bool:
        """Whether the board offers the Hint button (and its H key); ``w.hint()`` works either way."""
        return self._assists.show_hints

    @show_hints.setter
    def show_hints(self, value: bool) -> None:
        with self._lock:
            self._assists.show_hints = bool(value)
            self._publish()

    @property
    def show_playable(self) -> bool:
        """Whether the cards that fit the discard glow on the board."""
        return self._assists.show_playable

    @show_playable.setter
    def show_playable(self, value: bool) -> None:
        with self._lock:
            self._assists.show_playable = bool(value)
            self._publish()

    @property
    def show_win_chance(self) -> bool:
        """Whether the board shows, after every action, the chance of winning from what the player
        can see ("Win chance 82 %")."""
        return self._assists.show_win_chance

    @show_win_chance.setter
    def show_win_chance(self, value: bool) -> None:
        with self._lock:
            self._assists.switch_win_chance(value)
            self._publish()

    @property
    def win_chance(self) -> Chance:
        """The chance of winning the game on the board from what the player can see, as the "Win
        chance" readout says it: a :class:`~tripeaks_widget.fair.Chance` (``.value`` 0–1,
        ``.low``/``.high`` its 95 % interval, ``.samples``): the chance of a player who follows the
        fair hint (``fair.win_chance``), exact (``.exact``) where few cards are unseen, else estimated
        over ``assists.WIN_CHANCE_SAMPLES`` arrangements of the unseen cards (seed 0, at most
        ``search_budget`` seconds). It never reads a hidden card. Reading it waits for the
        computation when it is not known yet."""
        return self._assists.read_win_chance()

    @property
    def show_verdict(self) -> bool:
        """Whether the board says, after every action, if the game can still be won."""
        return self._assists.show_verdict

    @show_verdict.setter
    def show_verdict(self, value: bool) -> None:
        with self._lock:
            self._assists.switch_verdict(value)
            self._publish()

    @property
    def verdict(self) -> dict:
        """Whether the game on the board can still be won, as the "Winnable?" line says it:
        ``{"kind": "lost", "move": 12, "text": "No longer winnable since move 12"}``.

        ``kind`` is ``"winnable"``, ``"lost"`` (``move``: the action after which it could not
        be won any more, numbered among the moves that stand, as the review numbers them; after
        undos the text says it does not count undone moves; None when there was no time to
        find it), ``"never"`` (the deal itself cannot be won), ``"unknown"`` (no
        answer within ``search_budget`` seconds) or ``"won"``. Reading it waits for the
        solver when the answer is not known yet. The solver sees the hidden cards."""
        return self._assists.read_verdict()

    def review(self) -> Review:
        """A move-by-move account of the game on the board (``fair.review``): each move's chance
        of winning before and after it, judged from what the player could see, the best move and
        its chance, mistakes (10 points of chance or more given away), and the move after which
        the exact verdict turned to lost. Made here, by the chance of the Win chance readout
        (seed 0, at most ``search_budget`` seconds a move); it opens the board's
        review panel, as the Review button at the end of a game does. A new game closes it."""
        return self._assists.read_review()

    def highlight(self, *targets: int | Card | str) -> None:
        """Point at cards (slot numbers, Cards, notation such as ``"K♣"``) and/or ``"stock"``.

        ``w.highlight(*w.playable())`` points at every card that fits the discard now;
        ``w.highlight()`` clears. The highlight also goes away with the next action."""
        marks: Marks = []
        for target in targets:
            if isinstance(target, str) and target.strip().lower() == "stock":
                marks.append("stock")
            else:
                marks.append(self._game.slot_of(target))
        with self._lock:
            self._assists.hint_at = None  # a hint still being looked for would take this highlight's place
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
        steps = steps_of(actions)
        pace = check_pace(pace)
        self._begin()
        try:
            for number, action in enumerate(steps, 1):
                try:
                    with whole_step():
                        if pace:
                            self._apply(self._game.apply, action)
                        else:
                            with self._lock:  # a worker thread never snapshots a half-made step
                                self._game.apply(action)
                except ValueError as error:
                    raise type(error)(f"step {number} ({action}) refused: {error}") from None
                if pace:
                    time.sleep(pace)
        finally:
            if not pace:
                with whole_step():
                    self._publish()

    def position_at(self, n: int) -> Game:
        """A new, independent ``Game`` as this one stood after the first ``n`` actions of
        ``history``; ``n`` counts like a list index (``-1``: before the last action)."""
        history = self._game.history
        if isinstance(n, bool) or not isinstance(n, int) or not -len(history) <= n <= len(history):
            raise IndexError(
                f"position_at takes a whole number from {-len(history)} to {len(history)} "
                f"(the history has {len(history)} actions); got {n!r}"
            )
        return Game(self._game.code, error_help=self._game.error_help).replay(history[:n])

    @classmethod
    def compare(
        cls, code: str | None = None, rules: Iterable[Rules | str] = ("easy", "classic"), **kwargs: Any
    ) -> Comparison:
        """Widgets side by side dealing the same cards, one per rule set: ``TriPeaks.compare(
        "TP1-E-AAAAAAB")`` shows that deal under Easy and under Classic (``code=None``: a random
        deal). The code gives the cards only; each entry of ``rules`` is a whole rule set
        (``"easy"``, ``"classic"``, ``"site"``, ``"classic+joker"`` …). The result is an
        ``ipywidgets.HBox``; its widgets are ``box.widgets`` (also ``box[0]``, ``box["classic"]``)."""
        return compare(cls, code, rules, **kwargs)

    def describe(self, lang: str | None = None) -> str:
        """The board in words (R7), as a screen reader reads it, in ``lang`` (by default the
        widget's language)."""
        return i18n.describe(self._game, self._lang if lang is None else lang)

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
        with self._lock:
            try:
                self._handle(content)
            except IllegalMoveError as refusal:
                log.debug("move refused: %s", refusal)  # the reason is already in the message line
            except Exception as error:  # never lose an error in a comm handler: show it
                log.exception("intent %s failed", intents.brief(content))
                self._note = failure(error)
                self._publish()

    def _handle(self, content: Any) -> None:
        try:
            intent = intents.parse(content)
        except intents.Malformed as bad:
            log.warning("ignored a malformed intent (%s): %s", bad.why, intents.brief(content))
            return dialog.reply(self, bad.request, False, bad.message)
        answered = intents.sequence(content)
        if answered is not None:
            self._answered = answered  # every snapshot from here on says the intent was handled
        if isinstance(intent, intents.Play):
            self.play(intent.slot)
        elif isinstance(intent, intents.Draw):
            self.draw()
        elif isinstance(intent, intents.Undo):
            self.undo()
        elif isinstance(intent, intents.Hint):
            if not self._assists.show_hints:
                log.debug("a hint asked for while hints are switched off was ignored")
                return
            self._assists.ask_hint()
        elif isinstance(intent, intents.Switch):
            setattr(self, intent.name, intent.value)
        elif isinstance(intent, intents.Review):
            if not intent.open:
                self._assists.close_review()
            elif self._game.status == "playing":
                log.debug("a review asked for before the game is over was ignored")
            else:
                self._assists.ask_review()
        elif isinstance(intent, intents.NewGame):
            dialog.answer(self, intent)

    def __repr__(self) -> str:
        game = self._game
        return f"TriPeaks({game.code!r}, {game.rules}, score {game.score}, moves {game.moves}, {game.status})"


def _language(value: Any) -> str:
    """A language the widget speaks: ``"en"``, ``"el"``, ``"he"``, ``"is"`` (a locale name such as
    ``"he_IL"`` or ``"el-GR"`` is read as its language); None is the kernel's locale's language.
    Anything else raises ``ValueError`` naming the choices."""
    if value is None:
        return i18n.default_language()
    if isinstance(value, str) and value not in i18n.LANGUAGES:
        value = i18n.language_of(value) or value
    return i18n.check_language(value)


def _game_number(value: Any) -> int:
    """A numbered game of the series (R6.8), checked: 1 to 50,000."""
    number = whole_number(value)
    if number is None:
        raise TypeError(f"{GAME_NUMBERS}; got {type(value).__name__} {value!r}")
    if not in_series(number):
        raise ValueError(f"{GAME_NUMBERS}; got {value!r}")
    return number
