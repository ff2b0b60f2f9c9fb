"""The headless board: one game in play with its switches, assists, results and notices.

A :class:`Board` is plain Python and needs no Jupyter: it takes intents (:meth:`Board.handle`, the
front end's messages; or the methods a script calls), answers each request once, and publishes
one complete :class:`~tripeaks_widget.board.snapshot.Snapshot` of what a player sees to whoever
subscribed (:meth:`Board.subscribe`). The widget is one subscriber; a test is another.

Every change of the board and every snapshot made takes :attr:`Board.lock`; the searches run in
the board's worker thread (:mod:`tripeaks_widget.board.background`) and give their answers back
under it. What the front end is told is said in the board's language (``lang``).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from .. import i18n
from ..analysis import Game
from ..engine.cards import Card
from ..engine.errors import InvalidTypeError, InvalidValueError, whole_number
from ..engine.game import ENDINGS, IllegalMoveError
from ..engine.rules import Rules
from ..engine.steps import drive
from ..fair import Chance, Review
from ..records import SERIES_FIRST, SERIES_LAST, Records, check_player, in_series
from ..records.player import renamed
from . import dialog, intents
from .assists import Assists, Marks, check_hint_kind, failure
from .recording import Results
from .replay import check_pace, steps_of, whole_step
from .snapshot import Reply, Snapshot, VerdictLine

log = logging.getLogger("tripeaks_widget")

GAME_NUMBERS = f"Game numbers run from {SERIES_FIRST} to {SERIES_LAST:,}"

Subscriber = Callable[[Snapshot], None]


class Board:
    """One game of TriPeaks in play, headless: see the module's docstring and the explanation
    page of the documentation ("the board"). ``Board("TP1-E-AAAAAAB")`` deals that code,
    ``Board(game=123)`` numbered game 123, ``Board(rules="classic")`` a random Classic deal; the
    keywords are :class:`~tripeaks_widget.widget.TriPeaks`' own."""

    def __init__(
        self,
        code: str | int | None = None,
        *,
        game: int | None = None,
        rules: Rules | str | None = None,
        error_help: bool = True,
        records: Records | str | os.PathLike[str] | bool | None = None,
        player: str | None = None,
        lang: str | None = None,
        show_verdict: bool = False,
        show_win_chance: bool = False,
        hint_kind: str = "fair",
        show_playable: bool = True,
        show_hints: bool = True,
        search_budget: float = 2.5,
        deal_budget: float = 5.0,
    ) -> None:
        self.search_budget = search_budget  # seconds for one hint or verdict search
        self.deal_budget = deal_budget  # seconds to find a winnable random deal
        self.lock = threading.RLock()  # every change of the board and every snapshot made takes it
        self._closed = False
        self._built = False  # nothing is published before the board is whole
        self._subscribers: list[Subscriber] = []
        self._lang = check_language(lang)
        self._game = deal(code, game, rules, error_help)  # a bad code raises before anything starts
        self.assists = Assists(self, show_verdict, show_win_chance, check_hint_kind(hint_kind))
        self.assists.show_playable, self.assists.show_hints = bool(show_playable), bool(show_hints)
        self._note: str = ""  # the board's own word for the message line (a hint, an error) until the next action
        self._highlight: Marks = []
        self._caption = ""
        self._reply: Reply | None = None  # the answer to the last request, until the next action
        self._answered: int | None = None  # the last front-end intent handled (its "seq"): the move in flight lands
        self._seq = 0
        self.results = Results(self, records, player)  # the player's name never stops the game
        said = renamed(self.results.player) if self.results.store is not None else None
        if said:
            self.results.notices.append({"kind": "info", "text": said})
        with self.lock:  # a search or the store's answer started now comes back once the board is whole
            self.results.ask_standing(self._game)
            self.assists.refresh()
            self._built = True

    # -- the snapshot: the one way state goes out -------------------------------------------------

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(snapshot)`` with every snapshot published from now on; returns the call
        that unsubscribes it."""
        with self.lock:
            self._subscribers.append(callback)
        return lambda: self._unsubscribe(callback)

    def _unsubscribe(self, callback: Subscriber) -> None:
        with self.lock:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

    def publish(self) -> None:
        """Make one complete snapshot and hand it to every subscriber (a game that has just ended is
        recorded first, and with the verdict or the win chance switched on, one for a new
        position is looked up or asked for)."""
        with self.lock:
            if not self._built or self._closed:
                return
            self.assists.refresh()
            self.results.look_at(self._game, self.used)
            snapshot = self.snapshot()
            for callback in list(self._subscribers):
                callback(snapshot)

    def snapshot(self) -> Snapshot:
        """The board as the front end shows it (the contract: :mod:`tripeaks_widget.board.snapshot`):
        the game's view in the board's language, the board's own fields, a new sequence number."""
        with self.lock:
            self._seq += 1
            game, lang, say = self._game, self._lang, self.say
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
                "notices": [{"kind": note["kind"], "text": say(note["text"])} for note in self.results.notices],
                "show_verdict": self.assists.show_verdict,
                "verdict": self.assists.verdict.shown(say),
                "show_win_chance": self.assists.show_win_chance,
                "win_chance": self.assists.chance.shown(say),
                "show_playable": self.assists.show_playable,
                "show_hints": self.assists.show_hints,
                "hint_kind": self.assists.hint_kind,  # type: ignore[typeddict-item]
                "review": self.assists.review.shown(say),
                "reply": self._reply,
                "records": self.results.store is not None,
                "assisted": bool(self.used),
                "answered": self._answered,
                "lang": lang,
                "dir": i18n.direction(lang),  # type: ignore[typeddict-item]
                "seq": self._seq,
            }

    def say(self, message: str | None) -> str:
        """A message in the board's language."""
        return i18n.translate(message, self._lang)

    @property
    def closed(self) -> bool:
        """Whether the board was closed."""
        return self._closed

    def close(self) -> None:
        """Stop the board: searches still waiting are dropped, a store it opened is released."""
        with self.lock:
            self._closed = True
            self._subscribers.clear()
        self.assists.close()
        self.results.close()

    # -- requests from the front end ---------------------------------------------------------------

    def handle(self, content: Any) -> Reply | None:
        """Carry out one request of the front end (a comm message's content: ``{"type": "play",
        "slot": 3, "id": 7}``, see :mod:`tripeaks_widget.board.intents`). A request with an ``id``
        gets one answer, in the snapshot's ``reply`` (also returned); a New game that looks for a
        winnable deal answers when one is dealt (None now). A malformed request changes nothing."""
        with self.lock:
            try:
                intent, request = intents.parse(content), intents.request_of(content)
            except intents.Malformed as bad:
                log.warning("ignored a malformed intent (%s): %s", bad.why, intents.brief(content))
                return self.answer(bad.request, False, bad.message)
            answered = intents.sequence(content)
            if answered is not None:
                self._answered = answered  # every snapshot from here on says this intent was handled
            try:
                return self._carry_out(intent, request)
            except IllegalMoveError as refusal:  # the reason is already in the message line
                log.debug("move refused: %s", refusal)
                return self._reply
            except Exception as error:  # never lose an error in a request: show it
                log.exception("intent %s failed", intents.brief(content))
                self._note = failure(error)
                reply = self.answer(request, False, self._note, publish=False)
                self.publish()
                return reply

    def _carry_out(self, intent: intents.Intent, request: int | str | None) -> Reply | None:
        if isinstance(intent, intents.Play):
            self._apply(self.results.by_hand(self._game.play), intent.slot, request=request)
        elif isinstance(intent, intents.Draw):
            self._apply(self.results.by_hand(self._game.draw), request=request)
        elif isinstance(intent, intents.Undo):
            self._apply(self.results.by_hand(self._game.undo), request=request)
        else:
            if isinstance(intent, intents.Hint):
                if not self.assists.show_hints:
                    log.debug("a hint asked for while hints are switched off was ignored")
                else:
                    self.assists.ask_hint()
            elif isinstance(intent, intents.Switch):
                setattr(self, intent.name, intent.value)
            elif isinstance(intent, intents.Review):
                if not intent.open:
                    self.assists.close_review()
                elif self._game.status == "playing":
                    log.debug("a review asked for before the game is over was ignored")
                else:
                    self.assists.ask_review()
            elif isinstance(intent, intents.NewGame):
                return dialog.answer(self, intent)
            return self.answer(request, True)
        return self._reply

    def answer(
        self, request: int | str | None, ok: bool, error: Any = "", field: str | None = None, *, publish: bool = True
    ) -> Reply | None:
        """Answer request ``request`` in the next snapshot, and publish it: ``error`` said in the
        board's language, ``field`` the dialog's field it is about. A request without an id wants
        no answer: nothing is published for it."""
        if request is None:
            return None
        reply: Reply = {"type": "reply", "id": request, "ok": ok, "error": "" if ok else self.say(error)}
        if field and not ok:
            reply["field"] = field
        with self.lock:
            self._reply = reply
            if publish:
                self.publish()
        return reply

    # -- actions -------------------------------------------------------------------------------------

    def _begin(self) -> None:
        """An action starts: the board's note, the highlight, the notices and the last reply go (and a
        hint still being looked for is no longer wanted)."""
        self._note = ""
        self._highlight = []
        self._reply = None
        self.results.notices = []
        self.assists.hint_at = None

    def point(self, note: str, marks: Marks) -> None:
        """A search's word for the board: the note in the message line, the cards it points at."""
        with self.lock:
            self._note, self._highlight = note, marks
            self.publish()

    def _apply(self, action: Callable[..., Card], *args: Any, request: int | str | None = None) -> Card:
        """Run one engine action and publish the result, refused or not (the reason is in the view),
        with the answer to ``request`` when the front end asked with an id."""
        with self.lock:
            self._begin()
            try:
                done = action(*args)
            except IllegalMoveError:
                self.answer(request, False, self._game.message, publish=False)
                raise
            else:
                self.answer(request, True, publish=False)
                return done
            finally:
                self.publish()

    @property
    def game(self) -> Game:
        """The game on the board: read the position here."""
        return self._game

    @property
    def used(self) -> set[str]:
        """The assists this game had: the board's (``"hint"``, ``"fair_hint"``, ``"verdict"``,
        ``"win_chance"``) and the analyses consulted from Python (``"solver"``, ``"fair"``). A game
        with any is recorded as assisted, and takes no record."""
        return self.assists.used | self._game.consulted

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
            raise InvalidTypeError(f"winnable is True or False; got {type(winnable).__name__} {winnable!r}")
        code = None
        if whole_number(what) is not None:
            if game is not None:
                raise InvalidValueError("give a game number once: new_game(123) or new_game(game=123)")
            game = what  # type: ignore[assignment]
        elif isinstance(what, Rules) or (isinstance(what, str) and intents.is_rules(what)):
            if rules is not None:
                raise InvalidValueError(f"give a rule set once: new_game({str(what)!r}) or new_game(rules=...)")
            rules = what
        elif isinstance(what, str):
            code = what
        elif what is not None:
            raise InvalidTypeError(
                f"new_game takes a game code, a game number or a rule set, not {type(what).__name__} {what!r}"
            )
        if winnable and (code is not None or game is not None):
            raise InvalidValueError("winnable=True deals a random game; a code or a game number names its own deal")
        help_on, current = self._game.error_help, self._game.rules
        if winnable:
            dealt = Game(drive(self.assists.winnable_code(current if rules is None else rules)), error_help=help_on)
        else:
            dealt = deal(code, game, current if rules is None and code is None else rules, help_on)
        with self.lock:
            self._begin()
            left, used = self._game, self.used
            self._game = dealt  # first: what the store says of the game left behind is not shown under this one
            if left.status == "playing":
                # left unfinished: abandoned (records skips a game without a move)
                self.results.record(left, used)
            self.assists.new_game()
            self.results.ask_standing(dealt)
            self.publish()
        return dealt

    def replay(self, actions: Iterable[int | Card | str] | str, pace: float = 0.6) -> None:
        """Play a line step by step so that each step is seen: publish it, then wait ``pace`` seconds
        (``TriPeaks.replay`` says the rest)."""
        steps = steps_of(actions)
        pace = check_pace(pace)
        with self.lock:
            self._begin()
        try:
            for number, action in enumerate(steps, 1):
                try:
                    with whole_step():
                        if pace:
                            self._apply(self._game.apply, action)
                        else:
                            with self.lock:  # a worker thread never snapshots a half-made step
                                self._game.apply(action)
                except ValueError as error:
                    raise type(error)(f"step {number} ({action}) refused: {error}") from None
                if pace:
                    time.sleep(pace)
        finally:
            if not pace:
                with whole_step():
                    self.publish()

    def highlight(self, *targets: int | Card | str) -> None:
        """Point at cards (slot numbers, Cards, notation such as ``"K♣"``) and/or ``"stock"``;
        ``highlight()`` clears. The highlight also goes away with the next action."""
        marks: Marks = ["stock" if _is_stock(target) else self._game.slot_of(target) for target in targets]
        with self.lock:
            self.assists.hint_at = None  # a hint still being looked for would take this highlight's place
            self._highlight = marks
            self.publish()

    # -- what the board says -------------------------------------------------------------------------

    @property
    def lang(self) -> str:
        """The language everything on the board is said in: 'en', 'el', 'he' or 'is'."""
        return self._lang

    @lang.setter
    def lang(self, value: str | None) -> None:
        with self.lock:
            self._lang = check_language(value)
            self.publish()

    @property
    def caption(self) -> str:
        """A line shown above the board, apart from the game's message (for walkthroughs)."""
        return self._caption

    @caption.setter
    def caption(self, text: str | None) -> None:
        with self.lock:
            self._caption = "" if text is None else str(text)
            self.publish()

    @property
    def message(self) -> str:
        """The message line as shown: the game's word, or the board's own (a hint, an error)."""
        return self._note or self._game.message

    @property
    def notices(self) -> list[str]:
        """What was said about the last result or about the records store, until the next action."""
        return [notice["text"] for notice in self.results.notices]

    @property
    def error_help(self) -> bool:
        """Whether refused moves are explained."""
        return bool(self._game.error_help)

    @error_help.setter
    def error_help(self, value: bool) -> None:
        with self.lock:
            self._game.error_help = bool(value)
            self.publish()

    # -- the switches ----------------------------------------------------------------------------------

    @property
    def hint_kind(self) -> str:
        """Which hint the Hint button gives: ``"fair"`` (from what the player sees) or ``"exact"``."""
        return self.assists.hint_kind

    @hint_kind.setter
    def hint_kind(self, kind: str) -> None:
        with self.lock:
            self.assists.hint_kind = check_hint_kind(kind)
            self.publish()

    @property
    def show_hints(self) -> bool:
        """Whether the board offers the Hint button (and its H key)."""
        return self.assists.show_hints

    @show_hints.setter
    def show_hints(self, value: bool) -> None:
        with self.lock:
            self.assists.show_hints = bool(value)
            self.publish()

    @property
    def show_playable(self) -> bool:
        """Whether the cards that fit the discard glow on the board."""
        return self.assists.show_playable

    @show_playable.setter
    def show_playable(self, value: bool) -> None:
        with self.lock:
            self.assists.show_playable = bool(value)
            self.publish()

    @property
    def show_win_chance(self) -> bool:
        """Whether the board shows, after every action, the chance of winning from what is seen."""
        return self.assists.show_win_chance

    @show_win_chance.setter
    def show_win_chance(self, value: bool) -> None:
        with self.lock:
            self.assists.chance.switch(value)
            self.publish()

    @property
    def show_verdict(self) -> bool:
        """Whether the board says, after every action, if the game can still be won."""
        return self.assists.show_verdict

    @show_verdict.setter
    def show_verdict(self, value: bool) -> None:
        with self.lock:
            self.assists.verdict.switch(value)
            self.publish()

    # -- the assists, read from Python -----------------------------------------------------------------

    def hint(self) -> str | None:
        """Point at the next action the hint of ``hint_kind`` finds, here, in the caller's thread."""
        return self.assists.hint()

    @property
    def win_chance(self) -> Chance:
        """The chance the "Win chance" readout shows, computed here when it is not known yet."""
        self.assists.used.add("win_chance")
        return self.assists.chance.read()["chance"]

    @property
    def verdict(self) -> VerdictLine:
        """Whether the game can still be won, as the "Winnable?" line says it."""
        self.assists.used.add("verdict")
        return self.assists.read_verdict()

    def review(self) -> Review:
        """The review of the game on the board, made here; it opens the board's review panel."""
        return self.assists.review.read()["review"]

    # -- records ---------------------------------------------------------------------------------------

    @property
    def records(self) -> Records | None:
        """The records store results go to, or None."""
        return self.results.store

    @property
    def records_error(self) -> str | None:
        """Why the records store could not be opened, or None."""
        return self.results.error

    @property
    def player(self) -> str:
        """Who plays: the name results are recorded under."""
        return self.results.player

    @player.setter
    def player(self, name: str) -> None:
        with self.lock:
            self.results.player = check_player(name)

    def __repr__(self) -> str:
        game = self._game
        return f"Board({game.code!r}, {game.rules}, score {game.score}, moves {game.moves}, {game.status})"


def _is_stock(target: Any) -> bool:
    return isinstance(target, str) and target.strip().lower() == "stock"


def deal(code: Any, game: Any, rules: Rules | str | None, error_help: bool) -> Game:
    """The game a board deals: a code, a numbered game (1–50,000) under ``rules``, or a random deal;
    a game number may come as ``code`` (``Board(123)``)."""
    if whole_number(code) is not None:
        if game is not None:
            raise InvalidValueError("give a game number once: TriPeaks(123) or TriPeaks(game=123)")
        code, game = None, code
    if code is not None and game is not None:
        raise InvalidValueError("give a game code or a game number, not both: a code names its own deal")
    if game is not None:
        return Game.from_number(game_number(game), rules, error_help=error_help)
    return Game(code, rules=rules, error_help=error_help)


def game_number(value: Any) -> int:
    """A numbered game of the series (R6.8), checked: 1 to 50,000."""
    number = whole_number(value)
    if number is None:
        raise InvalidTypeError(f"{GAME_NUMBERS}; got {type(value).__name__} {value!r}")
    if not in_series(number):
        raise InvalidValueError(f"{GAME_NUMBERS}; got {value!r}")
    return number


def check_language(value: Any) -> str:
    """A language the board speaks: ``"en"``, ``"el"``, ``"he"``, ``"is"`` (a locale name such as
    ``"he_IL"`` or ``"el-GR"`` is read as its language); None is the kernel's locale's language.
    Anything else raises ``ValueError`` naming the choices."""
    if value is None:
        return i18n.default_language()
    if isinstance(value, str) and value not in i18n.LANGUAGES:
        value = i18n.language_of(value) or value
    return i18n.check_language(value)
