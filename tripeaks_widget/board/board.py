"""The headless board: one game in play with its switches, assists, results and notices.

A :class:`Board` is plain Python and needs no Jupyter: it takes intents (:meth:`Board.handle`, the
front end's messages; or the methods a script calls), answers each request once, and publishes
one complete :class:`~tripeaks_widget.board.snapshot.Snapshot` of what a player sees to whoever
subscribed (:meth:`Board.subscribe`). The widget is one subscriber; a test is another.

Every change of the board and every snapshot made takes :attr:`Board.lock`; the searches run in
the board's worker thread (:mod:`tripeaks_widget.board.background`) and give their answers back
under it. What the front end is told is said in the board's language (``lang``).

Its work is done by its parts, each a module of its own: what it publishes
(:mod:`~tripeaks_widget.board.publishing`), the moves (:mod:`~tripeaks_widget.board.moves`), dealing
(:mod:`~tripeaks_widget.board.dealing`), the front end's requests (:mod:`~tripeaks_widget.board.handling`),
the assists (:mod:`~tripeaks_widget.board.assists`), the goals (:mod:`~tripeaks_widget.board.aims`), the
results (:mod:`~tripeaks_widget.board.recording`) and the statistics
(:mod:`~tripeaks_widget.board.statistics`); this module is its public surface, one member each.
It stays one module past 500 lines because that surface is one class: each member here, with the
docstring ``help()`` shows, hands its work to the part that does it.
"""

from __future__ import annotations

import inspect
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .. import i18n
from ..analysis import Game
from ..engine.cards import Card
from ..engine.dealing import ToDeal
from ..engine.errors import InvalidTypeError, check_flag, check_keywords, checked_keywords, keywords
from ..engine.layout import Layout
from ..engine.rules import Rules
from ..fair import Chance, Review
from ..goals import Challenge, Day, challenges_of_the_day
from ..picture import Picture
from ..records import Records, check_player
from ..records.player import renamed
from . import handling
from .aims import Aims, read_challenges
from .assists import Assists, Marks, check_hint_kind
from .dealing import Dealer, check_budget, check_language
from .moves import Move, Mover, Moves
from .publishing import Publisher, Subscriber
from .recording import Results
from .snapshot import Reply, Snapshot, VerdictLine
from .statistics import Statistics
from .surface import reads_through, signature_of

__all__ = ["GAME_NAMES", "Board", "Move", "check_language", "uncopyable", "with_the_boards_keywords"]

if TYPE_CHECKING:  # what a board reads through to its game, declared for type checkers (tests/typed/declarations.py)
    from ._game_members import GameMembers
else:
    GameMembers = object  # at run time, reads_through copies the members on

# What a board says of its game, under the game's names and as the same kind (``board.score`` is
# ``board.game.score``; ``board.peaks()`` is ``board.game.peaks()``). The game's language is the board's.
GAME_NAMES = (
    "code",
    "rules",
    "layout",
    "number",
    "score",
    "moves",
    "moves_kept",
    "status",
    "discard",
    "stock",
    "stock_count",
    "waste",
    "cards_left",
    "can_undo",
    "history",
    "playable",
    "free",
    "legal_moves",
    "rows",
    "peaks",
    "why_not",
    "why_not_draw",
    "to_dict",
    "position_at",
    "solve",
    "winnable",
    "move_chances",
    "animation",
)


@reads_through(Game, GAME_NAMES, lambda board: board.game)
class Board(GameMembers):
    """One game of TriPeaks in play, headless: see the module's docstring and the explanation
    page of the documentation ("the board"). ``Board("TP1-E-AAAAAAB")`` deals that code,
    ``Board(123)`` or ``Board(game=123)`` numbered game 123 (1 to 50,000), ``Board("classic")`` or
    ``Board(rules="classic")`` a random Classic deal, ``Board(layout="Diamond")`` one on Diamond (a
    built-in's name, or a :class:`~tripeaks_widget.engine.layout.Layout`; a code names its own):
    ``what`` is read as every entry point reads what to deal
    (:class:`~tripeaks_widget.engine.dealing.ToDeal`); the keywords are
    :class:`~tripeaks_widget.widget.TriPeaks`' own. What it says of its game, it says under the
    game's names (``board.score``, ``board.peaks()``)."""

    @checked_keywords
    def __init__(
        self,
        what: ToDeal | Rules | str | int | None = None,
        *,
        game: int | None = None,
        rules: Rules | str | None = None,
        layout: Layout | str | None = None,
        error_help: bool = True,
        records: Records | str | os.PathLike[str] | bool | None = None,
        player: str | None = None,
        lang: str | None = None,
        challenge: Challenge | str | Sequence[Challenge | str] | Day | None = None,
        show_verdict: bool = False,
        show_win_chance: bool = False,
        hint_kind: str = "fair",
        show_playable: bool = True,
        show_hints: bool = True,
        search_budget: float = 2.5,
        deal_budget: float = 5.0,
    ) -> None:
        self._search_budget = check_budget("search_budget", search_budget)  # seconds for one hint or verdict search
        self._deal_budget = check_budget("deal_budget", deal_budget)  # seconds to find a winnable random deal
        for name, flag in [
            ("show_verdict", show_verdict),
            ("show_win_chance", show_win_chance),
            ("show_playable", show_playable),
            ("show_hints", show_hints),
        ]:
            check_flag(name, flag)
        self.lock = threading.RLock()  # every change of the board and every snapshot made takes it
        self._closed = False
        self.publisher = Publisher(self)  # the snapshots, and what the board shows of its own
        self.actions = Moves(self)  # the moves carried out, and who is told of them
        self._lang = check_language(lang)
        asked = ToDeal.parse(what, game=game, rules=rules, layout=layout)  # a bad one raises before anything starts
        self.dealer = Dealer(self, Game(asked, error_help=error_help, lang=self._lang))  # the game on the board
        self.assists = Assists(self, show_verdict, show_win_chance, check_hint_kind(hint_kind))
        self.assists.show_playable, self.assists.show_hints = show_playable, show_hints
        self.aims = Aims(self, self.assists.worker, read_challenges(challenge, self.game))
        self.results = Results(self, records, player)  # the player's name never stops the game
        self.statistics = Statistics(self)  # the statistics view, from the Assists panel
        said = renamed(self.results.player) if self.results.store is not None else None
        if said:
            self.results.notices.append({"kind": "info", "text": said})
        with self.lock:  # a search or the store's answer started now comes back once the board is whole
            self.results.ask_standing(self.game)
            self.results.ask_challenges(self.game, self.aims.from_the_class)
            self.assists.refresh()
            self.publisher.built = True

    # -- the snapshot: the one way state goes out -------------------------------------------------

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(snapshot)`` with every snapshot published from now on; returns the call
        that unsubscribes it."""
        return self.publisher.subscribe(callback)

    def publish(self) -> None:
        """Make one complete snapshot and hand it to every subscriber (a game that has just ended is
        recorded first, and with the verdict or the win chance switched on, one for a new
        position is looked up or asked for)."""
        self.publisher.publish()

    def snapshot(self) -> Snapshot:
        """The board as the front end shows it (the contract: :mod:`tripeaks_widget.board.snapshot`):
        the game's view in the board's language, the board's own fields, a new sequence number."""
        return self.publisher.snapshot()

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
            self.publisher.subscribers.clear()
        self.assists.close()
        self.results.close()

    # -- requests from the front end ---------------------------------------------------------------

    def handle(self, content: Any) -> Reply | None:
        """Carry out one request of the front end (a comm message's content: ``{"type": "play",
        "slot": 3, "id": 7}``, see :mod:`tripeaks_widget.board.intents`). A request with an ``id``
        gets one answer, in the snapshot's ``reply`` (also returned); a New game that looks for a
        winnable deal answers when one is dealt (None now). A malformed request changes nothing."""
        return handling.handle(self, content)

    def answer(
        self, request: int | str | None, ok: bool, error: Any = "", field: str | None = None, *, publish: bool = True
    ) -> Reply | None:
        """Answer request ``request`` in the next snapshot, and publish it: ``error`` said in the
        board's language, ``field`` the dialog's field it is about. A request without an id wants
        no answer: nothing is published for it."""
        return self.publisher.answer(request, ok, error, field, publish=publish)

    # -- actions -------------------------------------------------------------------------------------

    def point(self, note: str, marks: Marks) -> None:
        """A search's word for the board: the note in the message line, the cards it points at."""
        self.publisher.point(note, marks)

    def describe(self, lang: str | None = None) -> str:
        """The board in words, as a screen reader reads it (R7), in ``lang`` (by default the
        board's): the game's, then its goals and how far it has come on each."""
        said = lang if lang is not None else self._lang
        goals = self.aims.said(self.game, lambda message: i18n.translate(message, said))
        words = self.game.describe(said)
        return f"{words} {goals}" if goals else words

    @property
    def challenges(self) -> tuple[Challenge, ...]:
        """The goals on the board: the game of the day's three (while its game is on the board),
        the class's, and those set from Python; set it to a challenge (``"run 8"``), a list of
        them, a game of the day's (``challenges_of_the_day()``: its three, without stars;
        ``TriPeaks.of_the_day()`` deals its game with them) or None (``TriPeaks(challenge=...)``
        sets it too). Each goal's progress, and once
        the game is over the best possible, show on the board (the snapshot's ``goals``)."""
        return tuple(aim.challenge for aim in self.aims.of(self.game))

    @challenges.setter
    def challenges(self, value: Challenge | str | Sequence[Challenge | str] | Day | None) -> None:
        chosen = read_challenges(value, self.game)
        with self.lock:
            self.aims.set = chosen
            self.publish()

    @classmethod
    def of_the_day(cls, date: object = None, rules: Rules | str | None = "easy", **options: Any) -> Board:
        """A board dealing the game of the day (``Game.of_the_day``) with its three challenges as its
        goals, one, two and three stars; ``options`` are the board's keywords (``layout``: each
        layout has a game of the day of its own)."""
        day = challenges_of_the_day(date, rules, options.get("layout"))
        board = cls(day.number, rules=day.rules, **{**options, "layout": day.layout})
        with board.lock:
            board.aims.day = day
            board.results.ask_streak(day.rules, day.layout)
            board.publish()
        return board

    def picture(self) -> Picture:
        """The board as it is shown now, as a picture (SVG) that stays on the page of a notebook
        saved or exported: the game, the caption, the highlight, the readouts and the message, in
        ``lang``, with the board in words as its text alternative (see :mod:`tripeaks_widget.picture`)."""
        return Picture.of(self.snapshot())

    def on_move(self, callback: Mover) -> Callable[[], None]:
        """Call ``callback(move)`` after every move carried out on this board, a click, a key or a
        call such as ``play`` alike: ``move`` is a :class:`~tripeaks_widget.board.moves.Move`
        (``move.action``: ``"K♣"``, ``"draw"``, ``"undo"``; ``move.card``; ``move.by_hand``). Returns
        the call that stops it. The callback runs in the thread that made the move (in a notebook,
        the kernel's: print into an ``ipywidgets.Output`` to be seen; see the how-to on walkthroughs)."""
        return self.actions.on_move(callback)

    @property
    def game(self) -> Game:
        """The game on the board: read the position here."""
        return self.dealer.game

    @property
    def used(self) -> set[str]:
        """The assists this game had: the board's (``"hint"``, ``"fair_hint"``, ``"verdict"``,
        ``"win_chance"``) and the analyses consulted from Python, named alike (``w.game.hint()`` is ``"hint"``). A game
        with any is recorded as assisted, and takes no record."""
        return self.assists.used | self.game.consulted

    def play(self, target: int | Card | str) -> Card:
        """Play a peak card (a slot number, 0–27 on Three Peaks; a Card, or notation such as ``"K♣"`` or ``"Kc"``)."""
        return self.actions.carry_out(self.game.play, target)

    def draw(self) -> Card:
        """Turn the stock's top card onto the discard."""
        return self.actions.carry_out(self.game.draw)

    def undo(self) -> Card:
        """Take back the last action."""
        return self.actions.carry_out(self.game.undo)

    def apply(self, action: int | Card | str) -> Card:
        """Carry out one action: ``"draw"``, ``"undo"``, or a card to play (notation, Card or slot)."""
        return self.actions.carry_out(self.game.apply, action)

    @checked_keywords
    def new_game(
        self,
        what: ToDeal | Rules | str | int | None = None,
        *,
        game: int | None = None,
        rules: Rules | str | None = None,
        layout: Layout | str | None = None,
        winnable: bool = False,
    ) -> Game:
        """Deal again: a code (``"TP1-C-AAAAAAD"``), a game number (``123``, or ``game=123``: 1 to
        50,000), a rule set (``"classic"``, ``"site"``, ``"easy+joker"``) for a random deal, or
        nothing for a random deal under the current rules, read as every entry point reads what to
        deal (:class:`~tripeaks_widget.engine.dealing.ToDeal`). A game number without ``rules=``
        keeps the current rules, and a game number or a random deal without ``layout=`` the current
        layout; a code carries its own rules and layout. An unfinished numbered game left behind is
        recorded.

        ``winnable=True`` deals a random game that the solver has proven winnable (under the
        rules it is dealt with); it raises ``solver.SearchExhausted`` (a ``TimeoutError``) when
        none is found within ``deal_budget`` seconds. A code or a game number names its own
        deal, so it does not go with ``winnable=True``."""
        return self.dealer.new_game(what, game, rules, layout, winnable)

    def restart(self) -> Game:
        """Deal this game again from the start (the Restart button): a new play of the same deal,
        as the records count it; an unfinished play left behind is recorded as left."""
        return self.dealer.restart()

    @checked_keywords
    def replay(self, actions: Iterable[int | Card | str] | str, *, pace: float = 0.6) -> None:
        """Play a line step by step so that each step is seen: publish it, then wait ``pace`` seconds
        (0: every step at once, one snapshot at the end). ``actions``: a list of actions, a string
        of them (``"K♣ A♠ draw"``) or a solver's answer. A refused step stops the replay, raising
        with its place in the line; the steps before it stand. It returns nothing, so that a
        cell ending with it does not show the board again."""
        self.actions.replay(actions, pace)

    def highlight(self, *targets: int | Card | str) -> None:
        """Point at cards (slot numbers, Cards, notation such as ``"K♣"``) and/or ``"stock"``;
        ``highlight()`` clears. The highlight also goes away with the next action."""
        marks: Marks = ["stock" if _is_stock(target) else self.game.slot_of(target) for target in targets]
        with self.lock:
            self.assists.hints.at = None  # a hint still being looked for would take this highlight's place
            self.publisher.highlight = marks
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
            self.game.lang = self._lang
            self.publish()

    @property
    def caption(self) -> str:
        """A line shown above the board, apart from the game's message (for walkthroughs)."""
        return self.publisher.caption

    @caption.setter
    def caption(self, text: str | None) -> None:
        with self.lock:
            self.publisher.caption = "" if text is None else str(text)
            self.publish()

    @property
    def message(self) -> str:
        """The message line as shown, in ``lang``: the game's word, or the board's own (a hint, an error)."""
        note = self.publisher.note
        return self.say(note) if note else self.game.message

    @property
    def notices(self) -> list[str]:
        """What was said about the last result or about the records store, until the next action."""
        return [notice["text"] for notice in self.results.notices]

    @property
    def error_help(self) -> bool:
        """Whether refused moves are explained."""
        return bool(self.game.error_help)

    @error_help.setter
    def error_help(self, value: bool) -> None:
        check_flag("error_help", value)
        with self.lock:
            self.game.error_help = value
            self.publish()

    # -- the switches ----------------------------------------------------------------------------------

    @property
    def hint_kind(self) -> str:
        """Which hint the Hint button gives: ``"fair"`` (from what the player sees) or ``"exact"``."""
        return self.assists.hints.kind

    @hint_kind.setter
    def hint_kind(self, kind: str) -> None:
        with self.lock:
            self.assists.hints.kind = check_hint_kind(kind)
            self.publish()

    @property
    def show_hints(self) -> bool:
        """Whether the board offers the Hint button (and its H key)."""
        return self.assists.show_hints

    @show_hints.setter
    def show_hints(self, value: bool) -> None:
        check_flag("show_hints", value)
        with self.lock:
            self.assists.show_hints = value
            self.publish()

    @property
    def show_playable(self) -> bool:
        """Whether the cards that fit the discard glow on the board."""
        return self.assists.show_playable

    @show_playable.setter
    def show_playable(self, value: bool) -> None:
        check_flag("show_playable", value)
        with self.lock:
            self.assists.show_playable = value
            self.publish()

    @property
    def show_win_chance(self) -> bool:
        """Whether the board shows, after every action, the chance of winning from what is seen."""
        return self.assists.show_win_chance

    @show_win_chance.setter
    def show_win_chance(self, value: bool) -> None:
        check_flag("show_win_chance", value)
        with self.lock:
            self.assists.chance.switch(value)
            self.publish()

    @property
    def show_verdict(self) -> bool:
        """Whether the board says, after every action, if the game can still be won."""
        return self.assists.show_verdict

    @show_verdict.setter
    def show_verdict(self, value: bool) -> None:
        check_flag("show_verdict", value)
        with self.lock:
            self.assists.verdict.switch(value)
            self.publish()

    # -- the assists, read from Python -----------------------------------------------------------------

    @signature_of(Game.hint)
    def hint(self, **options: Any) -> str | None:
        """The game's ``hint`` (the solver's next action, peeking), searched for here and shown on
        the board as its Hint button shows one; by default within ``search_budget``."""
        check_keywords("hint()", options, keywords(inspect.signature(Game.hint)))
        return self.assists.hints.find("exact", **options)

    @signature_of(Game.fair_hint)
    def fair_hint(self, **options: Any) -> str | None:
        """The game's ``fair_hint`` (the best action from what the player sees), searched for here
        and shown on the board as its Hint button shows one; by default bounded by its work (the
        arrangements and nodes ``fair`` counts), not by ``search_budget``, so both builds agree."""
        check_keywords("fair_hint()", options, keywords(inspect.signature(Game.fair_hint)))
        return self.assists.hints.find("fair", **options)

    @signature_of(Game.win_chance)
    def win_chance(self, **options: Any) -> Chance:
        """The game's ``win_chance`` in ``lang``. Without keywords, the chance the "Win chance"
        readout shows (computed here when it is not known yet, then shown)."""
        self.assists.used.add("win_chance")
        if options:
            asked: Chance = self.game.win_chance(**options)
            return asked
        chance: Chance = self.assists.chance.read()["chance"]
        return chance.said_in(self._lang)

    @property
    def verdict(self) -> VerdictLine:
        """Whether the game can still be won, as the "Winnable?" line says it."""
        self.assists.used.add("verdict")
        return self.assists.read_verdict()

    @signature_of(Game.review)
    def review(self, **options: Any) -> Review:
        """The game's ``review``. Without keywords, the review the board's Review panel shows,
        made here (it opens the panel)."""
        if options:
            asked: Review = self.game.review(**options)
            return asked
        review: Review = self.assists.review.read()["review"]
        return review.said_in(self._lang)

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

    @property
    def search_budget(self) -> float:
        """Seconds for one search the board makes: the solver's hint, the verdict (the fair hint, the
        win chance and the review's chances are bounded by their work instead: the same in both builds)."""
        return self._search_budget

    @search_budget.setter
    def search_budget(self, value: float) -> None:
        self._search_budget = check_budget("search_budget", value)

    @property
    def deal_budget(self) -> float:
        """Seconds to find a winnable random deal (``new_game(winnable=True)``)."""
        return self._deal_budget

    @deal_budget.setter
    def deal_budget(self, value: float) -> None:
        self._deal_budget = check_budget("deal_budget", value)

    def __copy__(self) -> Board:
        raise uncopyable()

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        raise uncopyable()

    def __repr__(self) -> str:
        game = self.game
        return f"Board({game.code!r}, {game.rules}, score {game.score}, moves {game.moves}, {game.status})"


def with_the_boards_keywords(method: Any, maker: Callable[..., Any] | None = None) -> None:
    """Show ``method`` (``date``, ``rules``, then ``**options`` for the board) with the board's own
    keywords (``maker``'s: by default ``Board``'s) in place of ``**options``, as ``help()`` and the
    reference read it."""
    function = method.__func__
    own = inspect.signature(function)
    made = inspect.signature(Board.__init__ if maker is None else maker)
    taken = [p for p in made.parameters.values() if p.kind is p.KEYWORD_ONLY]
    fixed = [p for p in own.parameters.values() if p.kind is not p.VAR_KEYWORD]
    kept = [p for p in taken if p.name not in own.parameters and p.name != "game"]  # the day names the game
    function.__signature__ = own.replace(parameters=[*fixed, *kept])


with_the_boards_keywords(Board.of_the_day)


def uncopyable() -> InvalidTypeError:
    """Why a board (or a widget) is not copied, as the error ``copy.copy`` raises."""
    return InvalidTypeError(
        "a board is not copied: it holds a game in play, its searches and its records; "
        "copy its game (board.game.copy()) or deal the same game on a new board (Board(board.code))"
    )


def _is_stock(target: Any) -> bool:
    return isinstance(target, str) and target.strip().lower() == "stock"
