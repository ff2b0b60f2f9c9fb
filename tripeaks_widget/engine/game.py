"""The game of TriPeaks (SPEC §1–7): moves, draws, undo, score, end states, the board in words.

It stays one module past 500 lines because the rules are one state machine: the moves, draws,
undo and score of :class:`Game` change the same state, and the rule book's ids (R2-R6) point here."""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Mapping, Set
from itertools import islice
from typing import TYPE_CHECKING, NamedTuple, NoReturn, TypedDict, cast

from . import words
from .cards import CARD_FORM, DECK_FORM, JOKER, Card, card_tokens
from .codes import Deal, deck_code, number_code
from .dealing import ToDeal
from .errors import (
    InvalidCardError,
    InvalidCodeError,
    InvalidDeckError,
    InvalidSnapshotError,
    InvalidValueError,
    TriPeaksError,
    ascii_lower,
    check_flag,
    checked_keywords,
    got,
    shown,
    whole_number,
)
from .history import standing_actions
from .layout import PEAK_NAMES, Layout
from .messages import Message
from .rules import Rules
from .seen import Seen
from .view import GameView, Last, Played

if TYPE_CHECKING:
    from typing_extensions import Self  # typing's own from Python 3.11

START_SCORE = 500  # R5.1
MOVE_COST = 1  # R5.2: a removal or a draw costs 1 point
PEAK_BONUS = 100  # R5.2
HOGUE_DRAW_COST = 5  # V2: a draw costs 5; peaks pay 15, 15 and the third 30
HOGUE_PEAK_BONUS = (15, 15, 30)  # Three Peaks'; on any layout, 15 a peak and 30 the last (hogue_bonus)
UNDO_LIMIT = 100  # R6.1
SNAPSHOT_FORMAT = "tripeaks-game/1"
SNAPSHOT_KEYS = ("format", "code", "error_help", "actions", "score", "moves", "status")  # what to_dict writes


# What the app says (R2.4, R4.2).
MUST_FIT = Message("Must be one rank higher or lower")
BLOCKED_CARD = Message("This card is blocked")
NO_MORE_MOVES = Message("No more possible moves")
YOU_WON = Message("You won!")
STOCK_EMPTY = Message("The stock is empty")
DRAW_WHEN_STUCK = Message("Draw only when no card can be played")
NOTHING_TO_UNDO = Message("Nothing to undo")
GAME_WON = Message("The game is won: every peak card is gone")
ALREADY_PLAYED = Message("{card} has already been played")
IS_THE_DISCARD = Message("{card} is the discard")
NOT_A_PEAK_CARD = Message("{card} is not a peak card")
# A card the player has not seen (face down on the table, or in the stock) gets one answer, which
# tells nothing of where it lies.
NOT_FACE_UP = Message("{card} is not face up on the table")

# How a game ended, in the game's own words: the message line says it as the last action ends
# the game, and the board's banner says it once (the snapshot's ``ending``).
ENDINGS = {"won": YOU_WON, "blocked": NO_MORE_MOVES}

HIDDEN = "?"  # a face-down slot in views and rows


def hogue_bonus(cleared: int, peaks: int) -> int:
    """V2: what emptying a peak pays when ``cleared`` of the layout's ``peaks`` are now empty:
    15, and 30 for the last one (Three Peaks: 15, 15, 30)."""
    return HOGUE_PEAK_BONUS[-1] if cleared == peaks else HOGUE_PEAK_BONUS[0]


def peak_names(peaks: int) -> tuple[str, ...]:
    """The peaks' names in :meth:`Game.peaks`: left, middle, right for three; else 1, 2, …"""
    return PEAK_NAMES if peaks == len(PEAK_NAMES) else tuple(str(p + 1) for p in range(peaks))


class IllegalMoveError(TriPeaksError, ValueError):
    """A well-formed action that the rules refuse; the message is the reason."""


class Peak(TypedDict):
    """One peak as ``Game.peaks()`` tells it."""

    peak: str  # its name: left, middle, right
    cards_left: int
    cleared: bool


class Action(NamedTuple):
    """One undoable action: a play from ``slot`` (None for a draw) of ``card`` onto ``previous``."""

    slot: int | None
    card: Card
    previous: Card | None  # the discard top before the action
    points: int  # the score change it made, bonus included
    run: int  # the run of removals before it (V2 scoring)

    @property
    def notation(self) -> str:
        """The action as it is written: the card, or ``draw``."""
        return "draw" if self.slot is None else str(self.card)


class Position(NamedTuple):
    """Where a game stands, for searching: removed slots (bit mask), cards drawn, discard top."""

    removed: int
    drawn: int
    discard: Card | None


class Game:
    """A game of TriPeaks: ``Game("TP1-E-AAAAAAB")`` deals that code, ``Game(123)`` game 123 of
    the numbered series (R6.8: 1 to 50,000), ``Game("classic")`` a random Classic game of the
    series and ``Game()`` a random one under Easy, so that it counts towards the records and can be
    named by its number. ``what`` is read as every entry point reads what to deal
    (:class:`~tripeaks_widget.engine.dealing.ToDeal`). ``lang`` is the language of the words the
    game says (``message``, ``why_not``, ``describe``)."""

    @checked_keywords
    def __init__(
        self,
        what: ToDeal | Rules | str | int | None = None,
        *,
        rules: Rules | str | None = None,
        layout: Layout | str | None = None,
        error_help: bool = True,
        lang: str | None = None,
    ) -> None:
        """A bad code raises ``InvalidCodeError``, a number outside the series
        ``InvalidNumberError``, bad ``rules`` ``InvalidRulesError``, a bad ``layout``
        ``InvalidLayoutError`` (see ``errors``). ``layout`` is a :class:`Layout` or a built-in's
        name (``tripeaks_widget.LAYOUTS``); a code names its own layout."""
        check_flag("error_help", error_help)
        self._start(ToDeal.parse(what, rules=rules, layout=layout).deal(), error_help, lang)

    @classmethod
    @checked_keywords
    def from_number(
        cls,
        number: int,
        rules: Rules | str | None = None,
        *,
        layout: Layout | str | None = None,
        error_help: bool = True,
        lang: str | None = None,
    ) -> Self:
        """Deal number ``number`` (R6.7; the numbered games of R6.8 are 1 to 50,000): a whole number
        from 0 to 26**7 - 1, an int or any integral such as ``numpy.int64``, else
        ``InvalidNumberError``; on ``layout`` (default Three Peaks): each layout has its numbered
        games, deal ``n`` being the same cards laid out there."""
        on = Layout.parse(layout)
        return cls(number_code(number, Rules.parse(rules), on), layout=on, error_help=error_help, lang=lang)

    @classmethod
    @checked_keywords
    def from_deck(
        cls,
        deck: str | Iterable[Card | str],
        rules: Rules | str | None = None,
        *,
        layout: Layout | str | None = None,
        error_help: bool = True,
        lang: str | None = None,
    ) -> Self:
        """A game from 52 cards in deck order: the layout's peak cards in its slots' order (Three
        Peaks, the default: 28, row by row from the top, left to right), then the discard, then
        the stock from its top. Tokens like ``6d Ah Td`` or ``6♦``. Anything else raises
        ``InvalidDeckError`` naming the card at fault."""
        check_flag("error_help", error_help)
        rules = Rules.parse(rules)
        on = Layout.parse(layout)
        size = 53 if rules.joker else 52
        stock = size - on.slot_count - 1
        joker = " with the joker" if rules.joker else ""
        what = f"{joker} ({on.slot_count} peak cards, the discard, {stock} stock cards)"
        expected = f"expected {DECK_FORM}"
        if isinstance(deck, str):
            items: list[object] = list(card_tokens(deck))
        elif isinstance(deck, (list, tuple)):
            items = list(deck)
        elif isinstance(deck, Iterable) and not isinstance(deck, (bytes, bytearray, Mapping, Set)):
            items = list(islice(deck, size + 1))  # enough to tell a deck too long, even from an endless iterator
        else:
            raise InvalidDeckError(f"expected cards as text or a list; got {got(deck)}; {expected}")
        cards = []
        for place, item in enumerate(items, 1):
            try:
                cards.append(Card.parse(item))  # type: ignore[arg-type]  # Card.parse checks it
            except InvalidCardError as error:
                raise InvalidDeckError(f"card {place} of the deck: {error}") from None
        if len(cards) != size:
            cut_short = len(cards) > size and not isinstance(deck, (str, list, tuple))
            count = f"more than {size}" if cut_short else len(cards)
            raise InvalidDeckError(f"a deck has {size} cards{what}; got {count}; {expected}")
        repeated = [str(card) for card, count in Counter(cards).items() if count > 1]
        if repeated:
            raise InvalidDeckError(f"a deck has {size} different cards; repeated: {' '.join(repeated)}; {expected}")
        if JOKER in cards and not rules.joker:
            raise InvalidDeckError("the joker is in this deck but the rules have no joker; use rules='easy+joker'")
        game = cls.__new__(cls)
        game._start(Deal(rules, tuple(cards), None, on), error_help, lang)  # noqa: SLF001  (a Game of its own class)
        return game

    def _start(self, deal: Deal, error_help: bool, lang: str | None) -> None:
        self._lang = self._language(lang)
        self._rules = deal.rules
        self._layout = deal.layout
        self._number = deal.number
        self._deck = deal.cards
        self.error_help = error_help
        self._removed = 0
        self._drawn = 0
        # V6: the discard starts empty and the card in its place tops the stock.
        discard_index = self._layout.slot_count  # deck order: the slots, the discard, the stock
        self._stock_start = discard_index if self.rules.empty_start else discard_index + 1
        self._discard: Card | None = None if self.rules.empty_start else self.deck[discard_index]
        self._score = 0 if self.rules.hogue_scoring else START_SCORE
        self._run = 0
        self._moves = 0
        self._undo: deque[Action] = deque(maxlen=UNDO_LIMIT)
        self._log: list[str] = []
        self._slot_of = {card: slot for slot, card in enumerate(self.deck[: self._layout.slot_count])}
        self._message = ""
        self.last: Played | Last | None = None
        # The analyses consulted on this game from Python ("hint", "verdict", "win_chance" as the
        # game's methods name them; "solver", "fair" from the searches themselves): a game that consulted
        # one is recorded as assisted, as one that used the board's Hint or Win chance is.
        self.consulted: set[str] = set()

    # -- what the game is --------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rule set the game is played under."""
        return self._rules

    @property
    def layout(self) -> Layout:
        """The layout of the peaks (R1): a :class:`~tripeaks_widget.engine.layout.Layout`."""
        return self._layout

    @property
    def number(self) -> int | None:
        """The deal's number (R6.7) when it is a numbered deal, else None (a ``TPD-`` deck code)."""
        return self._number

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards in deck order, hidden ones too (the solver reads it; a player sees ``rows()``)."""
        return self._deck

    @property
    def lang(self) -> str:
        """The language of the words the game says: ``message``, ``why_not``, ``describe``."""
        return self._lang

    @lang.setter
    def lang(self, value: str | None) -> None:
        self._lang = self._language(value)

    @staticmethod
    def _language(value: object) -> str:
        """The engine says its words in English; ``tripeaks_widget.Game`` speaks every language."""
        if value is None or value == "en":
            return "en"
        raise InvalidValueError(f"the engine's game speaks English ('en'); got {shown(value)}")

    @property
    def message(self) -> str:
        """What the game says now: the reason a move was refused, or how the game ended; "" else."""
        return self._message

    @message.setter
    def message(self, text: str) -> None:
        self._message = text

    # -- reading the position ----------------------------------------------------------------

    @property
    def code(self) -> str:
        """The code that deals this game again: ``TP1-…`` for a numbered deal, else ``TPD-…``."""
        if self.number is not None:
            return number_code(self.number, self.rules, self._layout)
        return deck_code(self.deck, self.rules, self._layout)

    @property
    def score(self) -> int:
        """The score so far (R5)."""
        return self._score

    @property
    def moves(self) -> int:
        """Removals and draws made, undone ones included: it never goes down (R6.2)."""
        return self._moves

    @property
    def moves_kept(self) -> int:
        """How many moves stand once the undone ones are taken out: the review numbers these,
        and the verdict counts by them (see :func:`~tripeaks_widget.engine.history.move_number`)."""
        return len(standing_actions(self._log))

    @property
    def discard(self) -> Card | None:
        """The discard's top card; None while the discard is empty (variant W)."""
        return self._discard

    @property
    def stock_count(self) -> int:
        """How many cards are left in the stock."""
        return len(self.deck) - self._stock_start - self._drawn

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, top first (face down to a player)."""
        return self.deck[self._stock_start + self._drawn :]

    @property
    def waste(self) -> list[Card]:
        """The discard pile, bottom to top (every action is remembered: a line has at most 51)."""
        first = [] if self.rules.empty_start else [self.deck[self._layout.slot_count]]
        return first + [action.card for action in self._undo]

    @property
    def run(self) -> int:
        """The cards played since the last draw: Hogue's scoring pays the next play one more (V2)."""
        return self._run

    @property
    def position(self) -> Position:
        """The position: removed peak cards, cards drawn and the discard."""
        return Position(self._removed, self._drawn, self._discard)

    @property
    def cards_left(self) -> int:
        """Peak cards still on the table."""
        return self._layout.slot_count - self._removed.bit_count()

    @property
    def history(self) -> list[str]:
        """Every action so far in notation: cards played (``"K♣"``), ``"draw"`` and ``"undo"``."""
        return list(self._log)

    @property
    def can_undo(self) -> bool:
        """True when there is a move to undo (R6.2)."""
        return bool(self._undo)

    def is_removed(self, slot: int) -> bool:
        """True when the peak card in ``slot`` has been played."""
        return bool(self._removed >> slot & 1)

    def is_uncovered(self, slot: int) -> bool:
        """True when no card covers ``slot`` any more (both cards below it are gone)."""
        covers = self._layout.cover_mask[slot]
        return self._removed & covers == covers

    def is_face_up(self, slot: int) -> bool:
        """Face up: the bottom row from the start, any other card once both its covers are gone
        (R2.3); every card with open peaks (V4)."""
        return not self.is_removed(slot) and (self.rules.open_peaks or self.is_uncovered(slot))

    def is_free(self, slot: int) -> bool:
        """Free: face up and no card covers it any more (R2.1)."""
        return not self.is_removed(slot) and self.is_uncovered(slot)

    def fits(self, card: Card) -> bool:
        """Whether ``card`` may go on the discard now (R2.2; anything on an empty discard, V6)."""
        return self._discard is None or self.rules.fits(card.rank, self._discard.rank)

    def free_slots(self) -> list[int]:
        """The slots of the peak cards still there and uncovered."""
        return [slot for slot in range(self._layout.slot_count) if self.is_free(slot)]

    def playable_slots(self) -> list[int]:
        """The slots of the free cards that fit the discard now."""
        return [slot for slot in self.free_slots() if self.fits(self.deck[slot])]

    def free(self) -> list[Card]:
        """The free peak cards, in slot order."""
        return [self.deck[slot] for slot in self.free_slots()]

    def playable(self) -> list[Card]:
        """Free cards that fit the discard now, in slot order."""
        return [self.deck[slot] for slot in self.playable_slots()]

    def legal_moves(self) -> list[str]:
        """Every legal action in notation: the playable cards, then ``"draw"`` while the stock lasts."""
        if self.status == "won":
            return []
        return [str(card) for card in self.playable()] + (["draw"] if self._why_not_draw() is None else [])

    @property
    def status(self) -> str:
        """``"won"`` when all 28 peak cards are gone (R4.1), ``"blocked"`` when the stock is empty
        and no free card fits (R4.2), else ``"playing"``."""
        if self._removed == self._layout.all_slots_mask:
            return "won"
        if not self.stock_count and not self.playable_slots():
            return "blocked"
        return "playing"

    def slot_view(self, slot: int) -> str | None:
        """What a player sees in a slot: None once removed, ``"?"`` face down, else the card."""
        if self.is_removed(slot):
            return None
        return str(self.deck[slot]) if self.is_face_up(slot) else HIDDEN

    def rows(self) -> list[list[Card | str | None]]:
        """The layout's rows from the top down, slot by slot, as the player sees them: a face-up
        card is its :class:`Card` (as ``playable()``, ``free()`` and ``discard`` give it), a
        face-down one is ``HIDDEN`` (``"?"``: which card it is is not seen), a removed slot None.
        ``slot_view`` gives the same in notation, as the snapshot sends it."""
        return [[self._seen_card(slot) for slot in row] for row in self._layout.rows]

    def _seen_card(self, slot: int) -> Card | str | None:
        if self.is_removed(slot):
            return None
        return self.deck[slot] if self.is_face_up(slot) else HIDDEN

    def peaks(self) -> list[Peak]:
        """Each peak (R1.5): its name, the cards it still has, whether it is cleared."""
        layout = self._layout
        return [
            {
                "peak": name,
                "cards_left": sum(not self.is_removed(s) for s in layout.peak_slots[p]),
                "cleared": self._removed & layout.peak_mask[p] == layout.peak_mask[p],
            }
            for p, name in enumerate(peak_names(len(layout.peak_slots)))
        ]

    # -- acting ----------------------------------------------------------------------------------

    def slot_of(self, target: int | Card | str) -> int:
        """The peak slot that ``target`` names: a slot number (any integral, not a bool), a Card, or
        card notation."""
        if isinstance(target, (Card, str)):
            card = Card.parse(target)
        else:
            slot = target if type(target) is int else whole_number(target)
            if slot is None:
                raise InvalidValueError(
                    f"a play names a peak slot 0 to {self._layout.slot_count - 1}, a Card or a card in notation, "
                    f"{CARD_FORM}; got {got(target)}"
                )
            if not 0 <= slot < self._layout.slot_count:
                raise InvalidValueError(f"peak slots are numbered 0 to {self._layout.slot_count - 1}; got {slot}")
            return slot
        slot = self._slot_of.get(card)
        if slot is not None and (self.is_face_up(slot) or self.is_removed(slot)):
            return slot
        # No peak card to play: say only what the player has seen.
        if card == self._discard:
            raise IllegalMoveError(Message(IS_THE_DISCARD, card=str(card)))
        if card in self.waste:  # drawn, or played onto the discard, before the player's eyes
            raise IllegalMoveError(Message(NOT_A_PEAK_CARD, card=str(card)))
        # In the stock, or face down on the table: where, the player may not know.
        raise IllegalMoveError(Message(NOT_FACE_UP, card=str(card)))

    def why_not(self, target: int | Card | str) -> str | None:
        """Why playing ``target`` is refused (R2.4), or None when it is legal. A card the player
        has not seen gets one answer wherever it lies (``"8♣ is not face up on the table"``)."""
        return self._why_not(target)

    def _why_not(self, target: int | Card | str) -> str | None:
        try:
            slot = self.slot_of(target)
        except IllegalMoveError as refusal:
            return cast(str, refusal.args[0])  # the Message itself, so it can be translated
        if self.is_removed(slot):
            return Message(ALREADY_PLAYED, card=str(self.deck[slot]))
        if not self.is_free(slot):
            return BLOCKED_CARD
        if not self.fits(self.deck[slot]):
            return MUST_FIT
        return None

    def why_not_draw(self) -> str | None:
        """Why drawing is refused now, or None when it is allowed (R2.5, V5)."""
        return self._why_not_draw()

    def _why_not_draw(self) -> str | None:
        if self.status == "won":
            return GAME_WON
        if not self.stock_count:
            return STOCK_EMPTY
        if self.rules.draw_when_stuck and self.playable_slots():
            return DRAW_WHEN_STUCK
        return None

    def play(self, target: int | Card | str) -> Card:
        """Move a free card that fits onto the discard (R2.2); returns the card."""
        if isinstance(target, str) and ascii_lower(target) in ("draw", "undo"):
            action = ascii_lower(target)
            raise InvalidCardError(f"play takes a card, and {action!r} is none: call {action}(), or apply({action!r})")
        slot = self.slot_of(target)
        reason = self._why_not(slot)
        if reason:
            self._refuse(reason)
        card = self.deck[slot]
        self._removed |= 1 << slot
        masks = self._layout.peak_mask
        peak_mask = masks[self._layout.slots[slot].peak]
        emptied = self._removed & peak_mask == peak_mask  # R5.2: the peak's last card went
        if self.rules.hogue_scoring:
            cleared = sum(self._removed & mask == mask for mask in masks)
            points = self._run + 1 + (hogue_bonus(cleared, len(masks)) if emptied else 0)
        else:
            points = (PEAK_BONUS if emptied else 0) - MOVE_COST
        self._record(Action(slot, card, self._discard, self._add_points(points), self._run), run=self._run + 1)
        return card

    def draw(self) -> Card:
        """Turn the stock's top card onto the discard (R2.5)."""
        reason = self._why_not_draw()
        if reason:
            self._refuse(reason)
        card = self.stock[0]
        self._drawn += 1
        cost = HOGUE_DRAW_COST if self.rules.hogue_scoring else MOVE_COST
        self._record(Action(None, card, self._discard, self._add_points(-cost), self._run), run=0)
        return card

    def undo(self) -> Card:
        """Take back the last action (R6.1): the card returns, its points are given back."""
        if not self._undo:
            self._refuse(NOTHING_TO_UNDO)
        action = self._undo.pop()
        if action.slot is None:
            self._drawn -= 1
        else:
            self._removed &= ~(1 << action.slot)
        self._discard = action.previous
        self._score -= action.points
        self._run = action.run
        self._log.append("undo")
        self._settle({"action": "undo", "undone": self._describe_action(action)})
        return action.card

    def apply(self, action: int | Card | str) -> Card:
        """Carry out one action: ``"draw"``, ``"undo"``, or a card to play (notation, Card or slot)."""
        if isinstance(action, str) and action.strip().lower() in ("draw", "undo"):
            return self.draw() if action.strip().lower() == "draw" else self.undo()
        return self.play(action)

    def replay(self, actions: Iterable[int | Card | str]) -> Self:
        """Apply actions in order; stops at the first illegal one, raising with its place in the line."""
        for step, action in enumerate(actions, 1):
            try:
                self.apply(action)
            except ValueError as error:
                raise type(error)(f"action {step} ({action!s}) refused: {error}") from None
        return self

    def copy(self) -> Self:
        """An independent copy (cheap: the deck is shared, it never changes)."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other._undo = deque(self._undo, maxlen=UNDO_LIMIT)  # noqa: SLF001  (its own copy)
        other._log = list(self._log)  # noqa: SLF001
        other.consulted = set(self.consulted)  # a copy's analyses are its own
        return other

    def __copy__(self) -> Self:
        """``copy.copy(game)`` is :meth:`copy`: a game that shared its undo stack would corrupt this one."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self.copy()  # what is shared (the deck, cards, the rules) never changes

    def _refuse(self, reason: str) -> NoReturn:
        self._message = reason if self.error_help else ""
        raise IllegalMoveError(reason)

    def _add_points(self, points: int) -> int:
        """Add points, never going below 0 (R5.1; V2 scores may); returns the change made."""
        change = points if self.rules.hogue_scoring else max(points, -self._score)
        self._score += change
        return change

    def _record(self, action: Action, run: int) -> None:
        self._run = run
        self._discard = action.card
        self._moves += 1
        self._undo.append(action)
        self._log.append(action.notation)
        self._settle(self._describe_action(action))

    def _describe_action(self, action: Action) -> Played:
        if action.slot is None:
            return {"action": "draw", "card": str(action.card)}
        return {"action": "play", "slot": action.slot, "card": str(action.card)}

    def _settle(self, last: Played | Last) -> None:
        self.last = last
        self._message = ENDINGS.get(self.status, "")

    def seen(self) -> Seen:
        """What the player can see now, and nothing hidden."""
        return Seen.of(self)

    # -- describing ------------------------------------------------------------------------------

    def describe(self) -> str:
        """The board in words, as a screen reader reads it (R7), in English: the entries of
        :mod:`tripeaks_widget.engine.words`, which ``i18n.describe(game, lang)`` translates."""
        return words.describe(self)

    def view(self) -> GameView:
        """Everything a player can see, as JSON-ready plain values (the contract:
        :class:`~tripeaks_widget.engine.view.GameView`)."""
        free = self.free_slots()
        view = {
            "code": self.code,
            "rules": self.rules.name,
            "variants": list(self.rules.variants),
            "slots": [self.slot_view(slot) for slot in range(self._layout.slot_count)],
            "free": free,
            "playable": [s for s in free if self.fits(self.deck[s])],
            "stock": self.stock_count,
            "discard": str(self._discard) if self._discard else None,
            "score": self._score,
            "moves": self._moves,
            "moves_kept": self.moves_kept,
            "status": self.status,
            "message": self.message,
            "can_undo": self.can_undo,
            "description": self.describe(),
            "last": self.last,
        }
        return cast(GameView, view)  # its types are checked against the contract in tests/board/test_snapshot.py

    # -- saving ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready snapshot: the code, the settings and every action; ``from_dict`` replays it."""
        return {
            "format": SNAPSHOT_FORMAT,
            "code": self.code,
            "error_help": self.error_help,
            "actions": self.history,
            "score": self._score,
            "moves": self._moves,
            "status": self.status,
        }

    @classmethod
    def from_dict(cls, data: object, *, layout: Layout | str | None = None, lang: str | None = None) -> Self:
        """Rebuild a game from ``to_dict``; a malformed or tampered snapshot raises
        ``InvalidSnapshotError`` naming the part at fault. A game on a layout of one's own (not
        built in) is rebuilt with that ``layout``."""
        expected = (
            f"a snapshot from Game.to_dict(), e.g. {{'format': '{SNAPSHOT_FORMAT}', 'code': 'TP1-E-AAAAAAB', "
            f"'actions': ['K♣']}}, with no keys but {', '.join(SNAPSHOT_KEYS)}"
        )
        if not isinstance(data, Mapping) or data.get("format") != SNAPSHOT_FORMAT:
            raise InvalidSnapshotError(f"not a game snapshot; expected {expected}")
        unknown = [shown(key) for key in data if key not in SNAPSHOT_KEYS][:5]
        if unknown:
            raise InvalidSnapshotError(
                f"snapshot has keys {SNAPSHOT_FORMAT} does not: {', '.join(unknown)}; expected {expected}"
            )
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise InvalidSnapshotError(f"snapshot 'actions' must be a list of strings; expected {expected}")
        if not isinstance(data.get("code"), str):
            raise InvalidSnapshotError(f"snapshot has no game code; expected {expected}")
        error_help = data.get("error_help", True)
        if not isinstance(error_help, bool):
            raise InvalidSnapshotError(f"snapshot 'error_help' is true or false; got {got(error_help)}")
        try:
            what = ToDeal.from_code(data["code"], None if layout is None else Layout.parse(layout))
            game = cls(what, error_help=error_help, lang=lang)
        except InvalidCodeError as error:
            raise InvalidSnapshotError(f"snapshot 'code': {error}") from None
        try:
            game.replay(actions)
        except ValueError as error:
            raise InvalidSnapshotError(f"snapshot actions do not replay: {error}") from None
        for key in ("score", "moves", "status"):
            found, computed = data.get(key, None), getattr(game, key)
            if key in data and (type(found) is not type(computed) or found != computed):
                raise InvalidSnapshotError(
                    f"snapshot is inconsistent: it records {key} {shown(found)} but its actions give {computed!r}"
                )
        return game

    def __repr__(self) -> str:
        return (
            f"<Game {self.code} {self.rules.name}: score {self._score}, moves {self._moves}, "
            f"stock {self.stock_count}, discard {self._discard}, {self.status}>"
        )

    def __str__(self) -> str:
        """The board as text: the layout's rows (``··`` hidden, blank removed), stock and discard."""
        lines = []
        left = min(slot.x for slot in self._layout.slots)
        for row in self._layout.rows:
            line = ""
            for slot in row:
                cell = (self.slot_view(slot) or "").replace(HIDDEN, "··")
                line = line.ljust(round((self._layout.slots[slot].x - left) * 4)) + cell.rjust(3)
            lines.append(line.rstrip())
        lines.append(
            f"stock {self.stock_count}  discard {self._discard or '-'}  score {self._score}  "
            f"moves {self._moves}  {self.status}"
        )
        return "\n".join(lines)
