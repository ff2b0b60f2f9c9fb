"""Challenges as data: a goal for one game, whether a game meets it, how far it has come, and
whether (and how well) it can still be met, as the solver proves.

``Challenge.parse("clear 4 K")`` reads one; ``str(challenge)`` says it in English and
``challenge.describe(lang)`` in any of the board's languages; ``challenge.met(game)``,
``challenge.progress(game)`` (a :class:`Progress`), ``challenge.possible(game)`` and
``challenge.best(game)`` (a :class:`Best`) answer for a game. Its kinds, and what each measures:

======================  ====================  =================================================
kind (``text``)          ``target``            measure (``progress``, ``best``)
======================  ====================  =================================================
``win``                  none (0)              peak cards cleared; best: the most (all: a win)
``win in D draws``       the most draws D      cards cleared and draws made; best: the fewest
                                               draws of a win (None: no win)
``score N``              the score N           the highest score the game reached (R5, or V2)
``clear N K``            N cards of a rank     those cleared from the peaks
``clear N ♥``            N cards of a suit     those cleared from the peaks
``run K``                K cards               the longest run played without a draw
======================  ====================  =================================================

A game's past counts as it stands: undone moves do not (the line its undos leave), so a score
reached and then undone was not reached. ``possible`` and ``best`` peek (the solver sees the
hidden cards): a game asked is recorded as assisted, as one asked for ``solve()`` is. Their
search is bounded in work done (``nodes``: ``GOAL_NODES`` positions unless said); beyond,
``SearchExhausted``.
See the site's page "Goals" (docs/explanation/goals.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .. import solver
from ..engine.cards import RANKS, SUITS, Card
from ..engine.errors import InvalidChallengeError, ascii_lower, got, shown, stray, whole_number
from ..engine.game import MOVE_COST, PEAK_BONUS, Game, hogue_bonus
from ..engine.history import longest_run, standing_actions
from ..engine.layout import MAX_SLOTS, THREE_PEAKS, Layout
from ..engine.messages import Message
from ..engine.rules import Rules
from ..engine.words import STOCK_MOST
from . import words

WIN, WIN_IN, SCORE, CLEAR, RUN = "win", "win in", "score", "clear", "run"
GOAL_NODES = 3_000_000  # positions ``possible`` and ``best`` search at most, unless told (None: no bound)
KINDS = (WIN, WIN_IN, SCORE, CLEAR, RUN)
SUIT_COUNT = len(SUITS)
RANK_CARDS = SUIT_COUNT  # cards of one rank in the deck
SUIT_CARDS = len(RANKS)  # cards of one suit

LONGEST_NUMBER = 6  # digits: a longer number is beyond every bound (no deal scores a million)
CHALLENGE_FORM = (
    "'win', 'win in 5 draws', 'score 700', 'clear 4 K' (a rank: A 2-10 J Q K, or a word: kings), "
    "'clear 10 ♥' (a suit: ♣♦♥♠, C D H S, or a word: hearts) or 'run 8'"
)

# A rank or a suit in English words, one or many ("king", "kings"), besides the card notation.
_RANK_NAMES = {word: rank for rank, pair in enumerate(words.RANK_WORDS, 1) for word in pair}
_SUIT_NAMES = {word: suit for suit, pair in enumerate(words.SUIT_WORDS) for word in pair}
_FORMS = [
    (re.compile(r"win", re.ASCII), WIN),
    (re.compile(r"win (?:in|with at most) (\d+) draws?", re.ASCII), WIN_IN),
    (re.compile(r"win without (?:a )?draws?", re.ASCII), WIN_IN),
    (re.compile(r"score (\d+)", re.ASCII), SCORE),
    (re.compile(r"clear (\d+) (\S+)", re.ASCII), CLEAR),
    (re.compile(r"run (\d+)", re.ASCII), RUN),
]


@dataclass(frozen=True)
class Challenge:
    """A goal for one game: ``kind`` one of ``KINDS``, ``target`` its number (the most draws, the
    score, the cards to clear, the run's length; 0 for ``win``), and for ``clear`` the ``rank``
    (1 ace … 13 king) or the ``suit`` (0 ♣ … 3 ♠) of the cards. ``Challenge.parse(text)`` reads
    one; constructed directly, the values are checked the same way (``InvalidChallengeError``).
    ``text`` is its short form, which ``parse`` reads back; ``str()`` says it in English."""

    kind: str
    target: int = 0
    rank: int | None = None
    suit: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InvalidChallengeError(
                f"a challenge's kind is one of {', '.join(map(repr, KINDS))}; got {got(self.kind)}"
            )
        target = whole_number(self.target)
        if target is None:
            raise InvalidChallengeError(f"a challenge's target is a whole number; got {got(self.target)}")
        object.__setattr__(self, "target", target)
        if self.kind == CLEAR:
            self._check_kind_of_cards()
        elif self.rank is not None or self.suit is not None:
            raise InvalidChallengeError(f"only a 'clear' challenge names a rank or a suit; got {self!r}")
        low, high, what = _BOUNDS[self.kind] if self.kind != CLEAR else self._clear_bounds()
        if not low <= target <= high:
            said = repr(self.text) if abs(target) < 10**LONGEST_NUMBER else f"{self.kind!r} with {shown(target)}"
            raise InvalidChallengeError(f"{said} can be met on no deal: {what}")

    def _check_kind_of_cards(self) -> None:
        rank, suit = whole_number(self.rank), whole_number(self.suit)
        if (self.rank is None) == (self.suit is None):
            raise InvalidChallengeError("a 'clear' challenge names a rank or a suit, one of them; e.g. 'clear 4 K'")
        if self.rank is not None and (rank is None or not 1 <= rank <= len(RANKS)):
            raise InvalidChallengeError(f"a rank is 1 (ace) to 13 (king); got {got(self.rank)}")
        if self.suit is not None and (suit is None or not 0 <= suit < SUIT_COUNT):
            raise InvalidChallengeError(f"a suit is 0 to 3 (♣♦♥♠); got {got(self.suit)}")
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)

    def _clear_bounds(self) -> tuple[int, int, str]:
        if self.rank is not None:
            return 1, RANK_CARDS, f"a deck has {RANK_CARDS} cards of a rank; clear 1 to {RANK_CARDS}"
        return 1, SUIT_CARDS, f"a deck has {SUIT_CARDS} cards of a suit; clear 1 to {SUIT_CARDS}"

    # -- making one -------------------------------------------------------------------------------

    @classmethod
    def parse(
        cls, text: str | Challenge, rules: Rules | str | None = None, layout: Layout | str | None = None
    ) -> Challenge:
        """A challenge from its short form, in any case, with any spacing: ``"win"``, ``"win in 5
        draws"`` (or ``"win with at most 5 draws"``, ``"win without a draw"``), ``"score 700"``,
        ``"clear 4 K"`` (a rank as the card notation writes it, A 2-10 J Q K T R, or a word,
        ``kings``), ``"clear 10 ♥"`` (a suit: ♣♦♥♠, C D H S, or a word, ``hearts``), ``"run 8"``.
        Checked against ``rules`` (Easy by default) on ``layout`` (Three Peaks by default): a
        challenge no deal under them can meet (``"clear 5 K"``, ``"run 0"``, ``"score 800"``)
        raises ``InvalidChallengeError``, as does anything malformed, saying what is expected."""
        if isinstance(text, Challenge):
            return text.check(rules, layout)
        if not isinstance(text, str):
            raise InvalidChallengeError(f"a challenge is text like {CHALLENGE_FORM}; got {got(text)}")
        said = re.sub(r"[ \t\n\r\f\v]+", " ", ascii_lower(text))
        for pattern, kind in _FORMS:
            match = pattern.fullmatch(said)
            if match:
                return cls._read(kind, match.groups(), text).check(rules, layout)
        raise InvalidChallengeError(f"not a challenge: {shown(text)}{stray(text, SUITS)}; expected {CHALLENGE_FORM}")

    @classmethod
    def _read(cls, kind: str, groups: tuple[str, ...], text: str) -> Challenge:
        if groups and len(groups[0]) > LONGEST_NUMBER:
            raise InvalidChallengeError(
                f"{shown(text)} can be met on no deal: its number has {len(groups[0]):,} digits, beyond any goal's"
            )
        number = int(groups[0]) if groups else 0
        if kind != CLEAR:
            return cls(kind, number)
        rank, suit = _cards_of(groups[1], text)
        return cls(kind, number, rank=rank, suit=suit)

    @classmethod
    def win(cls) -> Challenge:
        """Win the game."""
        return cls(WIN)

    @classmethod
    def win_in(cls, draws: int) -> Challenge:
        """Win with at most ``draws`` draws in the whole game."""
        return cls(WIN_IN, draws)

    @classmethod
    def score(cls, points: int) -> Challenge:
        """Reach a score of ``points`` at some moment of the game (under its own scoring)."""
        return cls(SCORE, points)

    @classmethod
    def clear(cls, count: int, cards: int | str) -> Challenge:
        """Clear ``count`` peak cards of a rank or a suit: ``cards`` as the short form writes it
        (``"K"``, ``"♥"``, ``"hearts"``) or a rank number 1 (ace) to 13 (king)."""
        if isinstance(cards, str):
            rank, suit = _cards_of(ascii_lower(cards), cards)
            return cls(CLEAR, count, rank=rank, suit=suit)
        return cls(CLEAR, count, rank=cards)

    @classmethod
    def run(cls, length: int) -> Challenge:
        """Play a run of ``length`` cards without a draw."""
        return cls(RUN, length)

    def check(self, rules: Rules | str | None = None, layout: Layout | str | None = None) -> Challenge:
        """This challenge, when some deal under ``rules`` (Easy by default) on ``layout`` (Three
        Peaks by default) can meet it; else ``InvalidChallengeError`` saying why: more draws than
        the stock holds, a score the scoring never reaches (or one the game starts on), a run
        longer than the layout's slots, more cards to clear than its peaks hold."""
        rules, shape = Rules.parse(rules), Layout.parse(layout)
        start = _fresh(rules, shape)
        if self.kind == RUN and self.target > shape.slot_count:
            raise InvalidChallengeError(
                f"{self.text!r} can be met on no deal: a run on {shape.name} plays 1 to {shape.slot_count} peak cards"
            )
        if self.kind == CLEAR and self.target > shape.slot_count:
            raise InvalidChallengeError(
                f"{self.text!r} can be met on no deal: the peaks of {shape.name} hold {shape.slot_count} cards"
            )
        if self.kind == WIN_IN and self.target > start.stock_count:
            raise InvalidChallengeError(
                f"{self.text!r} allows more draws than the stock holds under {rules} ({start.stock_count}): say 'win'"
            )
        if self.kind == SCORE:
            most = _highest_possible(rules, shape)
            if not start.score < self.target <= most:
                on = "" if shape.key == THREE_PEAKS.key else f" on {shape.name}"
                raise InvalidChallengeError(
                    f"{self.text!r} can be met on no deal: under {rules}{on} the score starts at {start.score} "
                    f"and reaches at most {most}; ask for {start.score + 1} to {most}"
                )
        return self

    # -- saying it -------------------------------------------------------------------------------

    @property
    def cards(self) -> frozenset[Card]:
        """The cards a ``clear`` challenge counts (all the peak cards would be ``win``); empty for others."""
        if self.rank is not None:
            return frozenset(Card(self.rank, suit) for suit in range(SUIT_COUNT))
        if self.suit is not None:
            return frozenset(Card(rank, self.suit) for rank in range(1, len(RANKS) + 1))
        return frozenset()

    @property
    def text(self) -> str:
        """The short form: ``"win"``, ``"win in 5 draws"``, ``"score 700"``, ``"clear 4 K"``,
        ``"clear 10 ♥"``, ``"run 8"`` (``parse`` reads it back)."""
        if self.kind == WIN_IN:
            return f"win in {self.target} draw{'' if self.target == 1 else 's'}"
        if self.kind == CLEAR:
            cards = RANKS[self.rank - 1] if self.rank is not None else SUITS[self.suit or 0]
            return f"clear {self.target} {cards}"
        return self.kind if self.kind == WIN else f"{self.kind} {self.target}"

    @property
    def message(self) -> Message:
        """The challenge in words, as a :class:`~tripeaks_widget.engine.messages.Message`."""
        if self.kind == WIN:
            return Message(words.WIN)
        if self.kind == WIN_IN:
            return Message(words.WIN_NO_DRAW) if self.target == 0 else Message(words.WIN_IN, n=self.target)
        if self.kind == SCORE:
            return Message(words.SCORE, score=self.target)
        if self.kind == RUN:
            return Message(words.RUN, n=self.target)
        entry = words.CLEAR_RANK[self.rank - 1] if self.rank is not None else words.CLEAR_SUIT[self.suit or 0]
        return Message(entry, n=self.target)

    def describe(self, lang: str | None = None) -> str:
        """The challenge in words in ``lang`` (one of ``i18n.LANGUAGES``; None: the kernel's)."""
        return _said(self.message, lang)

    def __str__(self) -> str:
        return str(self.message)

    def __repr__(self) -> str:
        return f"Challenge.parse({self.text!r})"

    # -- a game against it -----------------------------------------------------------------------

    def met(self, game: Game) -> bool:
        """Whether ``game`` meets the challenge (its moves as they stand, undone ones left out)."""
        return self.progress(game).met

    def progress(self, game: Game) -> Progress:
        """How far ``game`` has come on the challenge (see :class:`Progress`)."""
        removed, drawn, _ = game.position
        if self.kind in (WIN, WIN_IN):
            cleared, slots = removed.bit_count(), game.layout.slot_count
            won = cleared == slots and (self.kind == WIN or drawn <= self.target)
            return Progress(self, cleared, slots, won, drawn if self.kind == WIN_IN else None)
        if self.kind == SCORE:
            done, start = _highest_score_so_far(game), _fresh(game.rules, game.layout).score
            return Progress(self, done, self.target, done >= self.target, start=start)
        done = _cleared(game, self.cards) if self.kind == CLEAR else longest_run(game.history)
        return Progress(self, done, self.target, done >= self.target)

    def possible(self, game: Game, *, nodes: int | solver.Work | None = GOAL_NODES) -> bool:
        """Whether the challenge can still be met from the game's position (from the deal, at the
        start), met already or by some line from here; proven by the solver, which sees the hidden
        cards. It stops at the first line that meets it, so it is quicker than ``best``. ``nodes``
        bounds its work, in positions searched (a number, or a ``solver.Work`` shared with other
        searches; None: no bound); ``SearchExhausted`` when it runs out first."""
        progress = self.progress(game)
        if progress.met:
            return True
        if self.kind == WIN:
            return solver.winnable(game, nodes=nodes)
        if self.kind == WIN_IN:
            return solver.winnable(game, draws_at_most=self.target, nodes=nodes)
        if self.kind == SCORE:
            return solver.highest_score(game, nodes=nodes).value >= self.target
        if self.kind == CLEAR:
            return solver.most_cleared_of(game, self.cards, at_least=self.target, nodes=nodes).value >= self.target
        return solver.longest_run(game, at_least=self.target, nodes=nodes).value >= self.target

    def best(self, game: Game, *, nodes: int | solver.Work | None = GOAL_NODES) -> Best:
        """The best value a line from the game's position reaches on the challenge's measure, with
        that line (see :class:`Best`): the most cards cleared (``win``), the fewest draws of a win
        (``win in``), the highest score, the most cards of the rank or suit, the longest run.
        ``nodes`` bounds its work as ``possible``'s does."""
        if self.kind == WIN:
            reach = solver.most_cleared_of(game, nodes=nodes)
            return Best(self, reach.value, reach.line, reach.value == game.layout.slot_count)
        if self.kind == WIN_IN:
            fewest = solver.fewest_draws(game, nodes=nodes)
            if fewest is None:
                return Best(self, None, (), False)
            return Best(self, fewest.value, fewest.line, fewest.value <= self.target)
        if self.kind == CLEAR:
            reach = solver.most_cleared_of(game, self.cards, nodes=nodes)
            return Best(self, reach.value, reach.line, reach.value >= self.target)
        before = self.progress(game).done
        search = solver.highest_score if self.kind == SCORE else solver.longest_run
        reach = search(game, nodes=nodes)
        value, line = (reach.value, reach.line) if reach.value > before else (before, ())
        return Best(self, value, line, value >= self.target)


@dataclass(frozen=True)
class Progress:
    """How far a game has come on a challenge: ``done`` of ``target`` (cards cleared of the
    layout's for ``win`` and ``win in``, the highest score reached of the score asked for, cards of the kind
    cleared, the longest run so far), whether it is ``met``, and for ``win in`` the draws made
    (``drawn``). ``start`` is where the measure starts: for ``score`` the score the game starts
    on (500 under the app's scoring), else 0; ``share`` is the way from there to the target.
    ``str()`` says it in English ("3 of 4 kings"), ``describe(lang)`` in a language."""

    challenge: Challenge
    done: int
    target: int
    met: bool
    drawn: int | None = None
    start: int = 0

    @property
    def share(self) -> float:
        """How far, from 0 (at ``start``) to 1 (the target reached), as a goal's bar shows it."""
        if self.target <= self.start:
            return 1.0 if self.met else 0.0
        return min(1.0, max(0.0, (self.done - self.start) / (self.target - self.start)))

    @property
    def message(self) -> Message:
        """How far, in words, as a :class:`~tripeaks_widget.engine.messages.Message`."""
        kind, challenge = self.challenge.kind, self.challenge
        if kind == WIN:
            return Message(words.CARDS_CLEARED, done=self.done, n=self.target)
        if kind == WIN_IN:
            return Message(
                words.CLEARED_AND_DRAWS, done=self.done, of=self.target, drawn=self.drawn, n=challenge.target
            )
        if kind == SCORE:
            return Message(words.POINTS, done=self.done, n=self.target)
        if kind == RUN:
            return Message(words.LONGEST_RUN, done=self.done, n=self.target)
        return _of_kind(challenge, self.done)

    def describe(self, lang: str | None = None) -> str:
        """How far, in words in ``lang``."""
        return _said(self.message, lang)

    def __str__(self) -> str:
        return str(self.message)


@dataclass(frozen=True)
class Best:
    """The best a line from a position reaches on a challenge's measure, as the solver proves it:
    ``value`` (the most cards cleared for ``win``, all of them a win; the fewest draws of a win for
    ``win in``, None when there is none; the highest score; the most cards of the rank or suit;
    the longest run; what the game did before counts), ``line`` the actions from the position
    that reach it (empty when nothing ahead beats what was done), and ``possible``: whether that
    meets the challenge. ``str()`` says it ("Best possible: a win with 4 draws")."""

    challenge: Challenge
    value: int | None
    line: tuple[str, ...]
    possible: bool

    @property
    def message(self) -> Message:
        """The best possible, in words, as a :class:`~tripeaks_widget.engine.messages.Message`."""
        kind, value = self.challenge.kind, self.value
        if kind == WIN:
            best = Message(words.BEST_WIN) if self.possible else Message(words.BEST_CLEARED, n=value)
        elif kind == WIN_IN:
            best = Message(words.BEST_NO_WIN) if value is None else Message(words.BEST_WIN_DRAWS, n=value)
        elif kind == SCORE:
            best = Message(words.BEST_POINTS, n=value)
        elif kind == RUN:
            best = Message(words.BEST_RUN, n=value)
        else:  # as many as the challenge asks for at most ("4 of 4 kings"); ``value`` has them all
            best = _of_kind(self.challenge, min(value or 0, self.challenge.target))
        return Message(words.BEST, best=best)

    def describe(self, lang: str | None = None) -> str:
        """The best possible, in words in ``lang``."""
        return _said(self.message, lang)

    def __str__(self) -> str:
        return str(self.message)


# -- helpers ---------------------------------------------------------------------------------------


def _cards_of(token: str, text: str) -> tuple[int | None, int | None]:
    """(rank, suit) of a ``clear`` challenge from its word for the cards, one of them None."""
    rank, suit = _rank_of(token), _suit_of(token)
    if rank is None and suit is None:
        raise InvalidChallengeError(
            f"not a rank or a suit: {shown(token)} in {shown(text)}{stray(token, SUITS)}; expected {CHALLENGE_FORM}"
        )
    return rank, suit


def _rank_of(token: str) -> int | None:
    if token in _RANK_NAMES:
        return _RANK_NAMES[token]
    try:
        return Card.parse(f"{token}c").rank  # the rank as the card notation writes it: K, 10, T, R …
    except ValueError:
        return None


def _suit_of(token: str) -> int | None:
    if token in _SUIT_NAMES:
        return _SUIT_NAMES[token]
    try:
        return Card.parse(f"A{token}").suit  # the suit as the card notation writes it: ♥, H …
    except ValueError:
        return None


@cache
def _fresh(rules: Rules, layout: Layout = THREE_PEAKS) -> Game:
    """A deal under ``rules`` on ``layout``, untouched: what a game starts with (its score, its stock)."""
    return Game.from_number(0, rules, layout=layout)


def _highest_possible(rules: Rules, layout: Layout = THREE_PEAKS) -> int:
    """The highest score any deal under ``rules`` on ``layout`` reaches: every peak card removed,
    no draw (in one run under Hogue's scoring, V2), every peak's bonus."""
    start, slots, peaks = _fresh(rules, layout).score, layout.slot_count, len(layout.peak_slots)
    if rules.hogue_scoring:
        return start + slots * (slots + 1) // 2 + _hogue_bonuses(peaks)
    return start - slots * MOVE_COST + peaks * PEAK_BONUS


def _hogue_bonuses(peaks: int) -> int:
    """Every peak's bonus under Hogue's scoring (V2), on a layout of ``peaks`` peaks."""
    return sum(hogue_bonus(cleared, peaks) for cleared in range(1, peaks + 1))


def _most_on_any_layout() -> int:
    """The highest score under either scoring on a layout of the most slots, each a peak of its
    own: beyond any layout's, so a score above it can be met on no deal."""
    hogue = _fresh(Rules(hogue_scoring=True)).score + MAX_SLOTS * (MAX_SLOTS + 1) // 2 + _hogue_bonuses(MAX_SLOTS)
    return max(hogue, _fresh(Rules(hogue_scoring=False)).score + MAX_SLOTS * (PEAK_BONUS - MOVE_COST))


# Rules and layouts aside: draws from 0 to the most any stock holds, a score some scoring on some
# layout reaches, a run of peak cards (each checked again against the rules and the layout: ``check``).
_BOUNDS = {
    WIN: (0, 0, "'win' has no number"),
    WIN_IN: (0, STOCK_MOST, f"no stock holds more than {STOCK_MOST} cards to draw"),
    SCORE: (1, _most_on_any_layout(), f"no deal on any layout scores more than {_most_on_any_layout()}"),
    RUN: (1, MAX_SLOTS, f"a run plays 1 to {MAX_SLOTS} peak cards"),
}


def _cleared(game: Game, cards: frozenset[Card]) -> int:
    """How many of ``cards`` are cleared from the game's peaks."""
    return sum(game.is_removed(slot) and game.deck[slot] in cards for slot in range(game.layout.slot_count))


def _highest_score_so_far(game: Game) -> int:
    """The highest score along the game's moves as they stand (undone ones left out)."""
    replay = Game(game.code, layout=game.layout)
    highest = replay.score
    for _, action in standing_actions(game.history):
        replay.apply(action)
        highest = max(highest, replay.score)
    return highest


def _said(message: Message, lang: str | None) -> str:
    """``message`` in ``lang``. The catalogs are imported when a language is first asked for, not
    with the package: importing the engine loads no translation (tests/i18n/test_i18n.py)."""
    from .. import i18n

    return i18n.translate(message, lang)


def _of_kind(challenge: Challenge, done: int) -> Message:
    """``done`` of the challenge's cards of a rank or a suit, in words ("3 of 4 kings")."""
    if challenge.rank is not None:
        return Message(words.RANK_CLEARED[challenge.rank - 1], done=done, n=challenge.target)
    return Message(words.SUIT_CLEARED[challenge.suit or 0], done=done, n=challenge.target)
