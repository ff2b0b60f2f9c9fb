"""What a player can see: everything visible at a moment of a game, and nothing hidden.

``Seen.of(game)`` (or ``game.seen()``) keeps the face-up cards, the cards removed, the
discard and every card that has passed through it, the stock's count, the actions played
and the rules. It also remembers what undo hides again but a player has already seen: a
card that was face up before an undo covered it, a stock card that was drawn and then put
back. It holds no reference to the game, so nothing computed from it can reach a hidden
card: the face-down slots and the stock below the cards seen are *unseen places*, and the
cards not seen anywhere are the *unseen cards*.

``seen.samples(count, seed)`` deals the unseen cards into the unseen places, each
arrangement uniformly at random (a Fisher–Yates shuffle driven by the project's PCG32,
so a seed gives the same samples everywhere), and returns each as a ``Game`` in the same
position: the same deck where the player has seen it, the same actions replayed, so the
same score, moves and history. Under the joker variant (V3) the joker is one of the unseen
cards until it shows; with open peaks (V4) only the stock is unseen; with an empty discard
at the start (V6) the card in the first discard's place is the stock's top, unseen until drawn.

``Sight`` follows one game action by action and gives its ``Seen`` at any moment, each action
replayed once: the review looks at every move of a game that way, and the board at every click.

Uniform is the right law: the deal is a uniform shuffle and what a player has seen depends
only on which places were turned up, never on the hidden cards' values, so every
arrangement that agrees with what was seen is equally likely.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .cards import DECK, DECK_WITH_JOKER, Card
from .deal import PCG32, shuffle
from .errors import InvalidValueError, got, whole_number
from .layout import Layout
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game  # which imports this module

SAMPLE_STREAM = 0x5EE7  # the PCG32 stream of fair sampling (deals use another)


SEEDS = 2**64  # the generator's state is 64 bits: a larger seed would alias a smaller one


def check_seed(seed: object) -> int:
    """A seed for the samples: a whole number (an ``int`` or a NumPy integer) from 0 to 2**64 - 1."""
    number = whole_number(seed)
    if number is None or not 0 <= number < SEEDS:
        raise InvalidValueError(f"seed is a whole number from 0 to 2**64 - 1; got {got(seed)}")
    return number


def check_samples(samples: object) -> int:
    """``samples`` as a whole number of arrangements, at least 1; a ValueError says what was expected."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples <= 0:
        raise InvalidValueError(f"samples is a whole number of sampled arrangements, at least 1; got {samples!r}")
    return samples


@dataclass(frozen=True)
class Seen:
    """Everything a player can see at one moment of a game (see the module's notes)."""

    rules: Rules
    layout: Layout
    history: tuple[str, ...]  # every action so far, undos included
    slot_cards: tuple[Card | None, ...]  # the layout's slots: the card if ever seen there, else None
    face_up: tuple[int, ...]  # slots face up now
    removed: tuple[int, ...]  # slots whose card has been played
    free: tuple[int, ...]  # face-up slots no card covers
    playable: tuple[str, ...]  # free cards that fit the discard now
    legal_moves: tuple[str, ...]  # the playable cards, then "draw" when drawing is allowed
    discard: Card | None
    waste: tuple[Card, ...]  # the discard pile, bottom to top
    stock_count: int
    stock_seen: tuple[Card, ...]  # the stock's cards seen so far, from its first card: drawn, or put back by undo
    drawn: int  # stock cards on the discard side now
    score: int
    moves: int
    status: str
    kind: type[Game] = field(compare=False, repr=False)  # the game's class, which deals the samples

    @classmethod
    def of(cls, game: Game) -> Seen:
        """What a player of ``game`` can see now (reads the game; keeps only what is visible)."""
        sight = Sight.of(game)
        return cls.looking_at(game, sight.slots, sight.most_drawn)

    @classmethod
    def looking_at(cls, game: Game, seen_slots: set[int], most_drawn: int) -> Seen:
        """What a player of ``game`` sees now, who has seen the cards of ``seen_slots`` and drawn at
        most ``most_drawn`` stock cards at once so far (what :class:`Sight` follows)."""
        stock_start = len(game.deck) - game.stock_count - game.position.drawn
        every = range(game.layout.slot_count)
        return cls(
            rules=game.rules,
            layout=game.layout,
            history=tuple(game.history),
            slot_cards=tuple(game.deck[s] if s in seen_slots else None for s in every),
            face_up=tuple(s for s in every if game.is_face_up(s)),
            removed=tuple(s for s in every if game.is_removed(s)),
            free=tuple(game.free_slots()),
            playable=tuple(str(card) for card in game.playable()),
            legal_moves=tuple(game.legal_moves()),
            discard=game.discard,
            waste=tuple(game.waste),
            stock_count=game.stock_count,
            stock_seen=tuple(game.deck[stock_start : stock_start + most_drawn]),
            drawn=game.position.drawn,
            score=game.score,
            moves=game.moves,
            status=game.status,
            kind=type(game),
        )

    # -- the unseen ------------------------------------------------------------------------

    @property
    def deck_size(self) -> int:
        """52 cards, or 53 with the joker."""
        return 53 if self.rules.joker else 52

    @property
    def first_discard(self) -> Card | None:
        """The card dealt face up as the first discard (None with an empty start, V6)."""
        return None if self.rules.empty_start else (self.waste[0] if self.waste else None)

    @property
    def discard_index(self) -> int:
        """The deck-order index of the first discard: the one after the layout's slots."""
        return self.layout.slot_count

    @property
    def stock_start(self) -> int:
        """The deck-order index of the stock's first card."""
        return self.discard_index + (0 if self.rules.empty_start else 1)

    def known_places(self) -> dict[int, Card]:
        """Deck-order index -> card, for every place whose card the player has seen."""
        known = {s: card for s, card in enumerate(self.slot_cards) if card is not None}
        if self.first_discard is not None:
            known[self.discard_index] = self.first_discard
        known.update({self.stock_start + i: card for i, card in enumerate(self.stock_seen)})
        return known

    def unseen_places(self) -> tuple[int, ...]:
        """The deck-order indexes of the cards not seen: face-down slots, the stock below what was drawn."""
        known = self.known_places()
        return tuple(i for i in range(self.deck_size) if i not in known)

    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards not seen anywhere, in deck order (A♣ … K♠, then the joker)."""
        seen = set(self.known_places().values())
        return tuple(card for card in (DECK_WITH_JOKER if self.rules.joker else DECK) if card not in seen)

    @property
    def hidden_count(self) -> int:
        """How many places hold a card the player has not seen."""
        return len(self.unseen_places())

    @property
    def masks(self) -> tuple[int, int]:
        """The removed and the free slots as bitmasks (bit s for slot s), as the playouts take them."""
        return sum(1 << s for s in self.removed), sum(1 << s for s in self.free)

    # -- sampling ------------------------------------------------------------------------------

    def arrangements(self, seed: int = 0) -> Iterator[tuple[Card, ...]]:
        """Endless uniform random decks that agree with what is seen, reproducible from ``seed``."""
        rng = PCG32(check_seed(seed), SAMPLE_STREAM)
        known, places, cards = self.known_places(), self.unseen_places(), self.unseen_cards()
        while True:
            deck = dict(known)
            deck.update(zip(places, shuffle(list(cards), rng), strict=True))
            yield tuple(deck[i] for i in range(self.deck_size))

    def game_from(self, deck: tuple[Card, ...]) -> Game:
        """The game with this deck, brought to this position by replaying the actions seen."""
        return self.kind.from_deck(list(deck), self.rules, layout=self.layout).replay(self.history)

    def samples(self, count: int, seed: int = 0) -> list[Game]:
        """``count`` sampled games in this position (the first ``k`` are the same for any larger ``count``)."""
        decks = self.arrangements(seed)
        return [self.game_from(next(decks)) for _ in range(check_samples(count))]

    def agrees(self, game: Game) -> bool:
        """Whether ``game`` looks exactly like this to its player."""
        return Seen.of(game) == self

    def __repr__(self) -> str:
        return (
            f"<Seen {self.rules}: {len(self.face_up)} face up, {len(self.removed)} removed, "
            f"discard {self.discard or '-'}, stock {self.stock_count}, {self.hidden_count} unseen, {self.status}>"
        )


class Sight:
    """What a player has seen of one game so far, followed action by action: ``game`` (a game
    from its deal, which this replays), each slot whose card has shown, and the most stock
    cards drawn at once. ``seen()`` is the ``Seen`` of the moment; each action is replayed once,
    so following a game of n actions costs n actions, however often it is looked at."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.slots: set[int] = set()
        self.most_drawn = 0
        self._look()

    @classmethod
    def at_deal(cls, game: Game) -> Sight:
        """A sight of ``game``'s deal before its first action (``catch_up`` and ``follow`` go on)."""
        return cls(type(game).from_deck(list(game.deck), game.rules, layout=game.layout))

    @classmethod
    def of(cls, game: Game) -> Sight:
        """A sight that has followed ``game`` from its deal to now."""
        sight = cls.at_deal(game)
        sight.catch_up(game.history)
        return sight

    def apply(self, action: str) -> None:
        """Play ``action`` (as ``Game.apply``) and note what it showed."""
        self.game.apply(action)
        self._look()

    def catch_up(self, history: Sequence[str]) -> bool:
        """Replay the actions of ``history`` after those followed so far. False, with nothing
        changed, when ``history`` does not start with them."""
        followed = self.game.history
        if list(history[: len(followed)]) != followed:
            return False
        for action in history[len(followed) :]:
            self.apply(action)
        return True

    def follow(self, game: Game) -> bool:
        """Catch up with ``game``, a game of the same deal gone on. False, with nothing changed, when
        it is another deal or its history does not start with the actions followed so far."""
        same = (game.deck, game.rules, game.layout) == (self.game.deck, self.game.rules, self.game.layout)
        return same and self.catch_up(game.history)

    def seen(self) -> Seen:
        """What the player sees now."""
        return Seen.looking_at(self.game, self.slots, self.most_drawn)

    def _look(self) -> None:
        game = self.game
        self.slots.update(s for s in range(game.layout.slot_count) if game.is_face_up(s) or game.is_removed(s))
        self.most_drawn = max(self.most_drawn, game.position.drawn)
