"""The game of the day and its three challenges: the same for everyone, offline and in the
browser, derived from the date by one documented rule.

**The game of the day.** For a date, a rule set and a layout (Three Peaks unless said): the
SHA-256 digest of the text ``"<date> <rule set>"`` (the ISO date, ``2026-05-01``, and the rule
set as a game code writes it: ``E``, ``C``, ``E-SW`` …), on another layout followed by ``@``
and the layout's key, as its code ends (``"2026-05-01 E@DIAMOND"``); its first 8 bytes, read
as a big-endian number, modulo 50,000, plus 1, are the first game number tried. From there the
numbered series (R6.8) is walked up, 50,000 wrapping round to 1, to the first game the solver
proves winnable under the rule set on that layout. The walk is bounded in work done, not in
seconds, so that every machine and both builds find the same game: each proof may search
``PROOF_NODES`` positions, and a game whose proof runs out is passed over, unproven, for the next;
the walk may search ``DAY_NODES`` positions in all and try ``MOST_TRIED`` games. When it runs out
with no game proven (a layout of one's own where every proof is long), there is no game of the
day: ``SearchExhausted`` says so, and nothing is dealt. Without a date, the date is today's in the local calendar (the
computer's time zone; the browser's, in the browser site); a ``datetime`` stands for its own
date as written, its time of day and time zone aside.

**Its three challenges**, of rising difficulty, each proven possible from the deal:

1. one star: the rank (or the suit) with the most cards in the layout's two lower rows, all of
   those to clear; or a run without a draw of half the longest the deal allows (rounded up; the rank,
   when that is under 3). The digest's byte 8 chooses among the three (modulo 3), byte 10
   among tied ranks or suits (modulo their number);
2. two stars: win the game;
3. three stars, near the deal's own best: win with at most ``SLACK`` (2) draws more than the
   fewest any win needs (fewer where that would allow the whole stock, with which any win would
   do), or, as byte 9 chooses (modulo 2), reach the score that many draws cost below the highest
   any line reaches (the same goal under the app's scoring, R5.3; under Hogue's, where it is
   above the start).

A game earns a star for each of them it meets (:meth:`Day.stars`). The searches that choose and
prove them share ``CHALLENGE_NODES`` positions; beyond, ``SearchExhausted``.
"""

from __future__ import annotations

import datetime
import hashlib
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from .. import solver
from ..engine.codes import SERIES_FIRST, SERIES_LAST, number_code
from ..engine.dealing import ToDeal
from ..engine.errors import (
    ASCII_SPACE,
    InvalidDateError,
    InvalidValueError,
    SearchExhausted,
    TriPeaksError,
    checked_keywords,
    got,
    shown,
    stray,
)
from ..engine.game import HOGUE_DRAW_COST, MOVE_COST, Game
from ..engine.layout import THREE_PEAKS, Layout
from ..engine.rules import Rules
from .challenge import Challenge

SERIES_COUNT = SERIES_LAST - SERIES_FIRST + 1
SLACK = 2  # the three-star challenge leaves this many draws (or their points) above the deal's best
LOWER_ROWS = 2  # the layout's rows in reach early (19 cards of Three Peaks): the one-star challenge counts them
SHORTEST_RUN = 3  # a one-star run shorter than this asks for a rank instead
# The bounds on the day's searches, in positions searched (the same on every machine and build).
# Seen on the built-in layouts (60 days from 2026-01-01 under five rule sets): a proof took at most
# 160,000 positions (Classic with the joker, Four Peaks), a walk 330,000, the three challenges 1.9
# million (Hogue's scoring, whose highest score is the longest search).
PROOF_NODES = 500_000  # one game's proof that it can be won; beyond, it is passed over
DAY_NODES = 1_000_000  # the whole walk to the game of the day
MOST_TRIED = 1_000  # games the walk tries at most
CHALLENGE_NODES = 8_000_000  # the searches that choose the three challenges and prove them
DATE_FORM = "a datetime.date, a datetime.datetime, or ISO text 'YYYY-MM-DD' such as '2026-05-01' (None: today)"
_ISO_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


def day_of(date: object = None) -> datetime.date:
    """The calendar date ``date`` stands for: today in the local calendar for None, a
    ``datetime``'s own date, a ``date`` itself, ISO text ``YYYY-MM-DD`` (ASCII space around it);
    anything else raises ``InvalidDateError`` saying what is expected."""
    if date is None:
        return datetime.date.today()
    if isinstance(date, datetime.datetime):
        return date.date()
    if isinstance(date, datetime.date):
        return date
    if not isinstance(date, str):
        raise InvalidDateError(f"a date is {DATE_FORM}; got {got(date)}")
    match = _ISO_DATE.fullmatch(date.strip(ASCII_SPACE))
    if not match:
        raise InvalidDateError(f"not a date: {shown(date)}{stray(date)}; expected {DATE_FORM}")
    try:
        return datetime.date(*map(int, match.groups()))
    except ValueError as error:
        raise InvalidDateError(f"not a date: {shown(date)} ({error}); expected {DATE_FORM}") from None


def rule_set_code(rules: Rules) -> str:
    """The rule set as a game code writes it: its letter, then its variants' (``E``, ``C-SW``)."""
    return rules.letter + (f"-{rules.variant_letters}" if rules.variant_letters else "")


def digest(date: object = None, rules: Rules | str | None = "easy", layout: Layout | str | None = None) -> bytes:
    """The SHA-256 digest the day's choices come from: of ``"<ISO date> <rule set code>"``, and
    ``"@<layout key>"`` after it on a layout other than Three Peaks."""
    shape = Layout.parse(layout)
    text = f"{day_of(date).isoformat()} {rule_set_code(Rules.parse(rules))}"
    if shape.key != THREE_PEAKS.key:
        text += f"@{shape.key}"
    return hashlib.sha256(text.encode("ascii")).digest()


def number_of_the_day(
    date: object = None, rules: Rules | str | None = "easy", layout: Layout | str | None = None
) -> int:
    """The number of the game of the day (1 to 50,000) for ``date`` (see :func:`day_of`) under
    ``rules`` on ``layout`` (a Layout, or a built-in's name or key; None: Three Peaks): the rule of
    this module's docs, the same everywhere, winnable as the solver proves."""
    return _number(day_of(date), Rules.parse(rules), Layout.parse(layout))


def code_of_the_day(date: object = None, rules: Rules | str | None = "easy", layout: Layout | str | None = None) -> str:
    """The game code of the game of the day (``TP1-E-…``; ``TP1-E-…@DIAMOND`` on Diamond), to deal
    it: ``Game(code)``, ``TriPeaks(code)``."""
    rules, shape = Rules.parse(rules), Layout.parse(layout)
    return _deal(_number(day_of(date), rules, shape), rules, shape).code


def _deal(number: int, rules: Rules, layout: Layout) -> Game:
    return Game(ToDeal(number, rules=rules, layout=layout))


@lru_cache(maxsize=64)
def _number(day: datetime.date, rules: Rules, layout: Layout) -> int:
    first = int.from_bytes(digest(day, rules, layout)[:8], "big") % SERIES_COUNT
    walk = solver.Work(DAY_NODES)
    for step in range(min(SERIES_COUNT, MOST_TRIED)):
        number = SERIES_FIRST + (first + step) % SERIES_COUNT
        proof = solver.Work(min(PROOF_NODES, walk.left))
        try:
            if solver.winnable(_deal(number, rules, layout), nodes=proof):
                return number
        except SearchExhausted:
            pass  # unproven: passed over
        finally:
            walk.spend(proof.nodes - proof.left)
        if walk.spent:
            break
    raise SearchExhausted(
        f"no game of the day under {rules} on {layout.name}: none of the {step + 1:,} games tried from "
        f"game {SERIES_FIRST + first} was proven winnable within the walk's bound "
        f"({DAY_NODES:,} positions searched, {MOST_TRIED:,} games)"
    )


@dataclass(frozen=True)
class Day:
    """The game of the day and its three challenges (one, two and three stars, in that order):
    iterate over it, or index it, for the challenges; ``code`` deals the game; ``stars(game)``
    counts the stars a game of it earned."""

    date: datetime.date
    rules: Rules
    number: int
    challenges: tuple[Challenge, Challenge, Challenge]
    layout: Layout = THREE_PEAKS

    @property
    def code(self) -> str:
        """The game code of the game of the day."""
        return number_code(self.number, self.rules, self.layout)

    def met(self, game: Game) -> tuple[bool, ...]:
        """Which of the three challenges ``game`` (the game of the day) meets."""
        if game.code != self.code:
            raise InvalidValueError(
                f"this is the game {self.code}, the game of {self.date} under {self.rules}; got {game.code}"
            )
        return tuple(challenge.met(game) for challenge in self.challenges)

    def stars(self, game: Game) -> int:
        """The stars ``game`` earned: one for each challenge of the day it meets (0 to 3). A game of
        another deal or rule set raises ``InvalidValueError``."""
        return sum(self.met(game))

    def __iter__(self) -> Iterator[Challenge]:
        return iter(self.challenges)

    def __len__(self) -> int:
        return len(self.challenges)

    def __getitem__(self, index: int) -> Challenge:
        return self.challenges[index]


@checked_keywords
def challenges_of_the_day(
    date: object = None, rules: Rules | str | None = "easy", layout: Layout | str | None = None
) -> Day:
    """The game of the day for ``date`` under ``rules`` on ``layout`` (None: Three Peaks) and its
    three challenges of rising difficulty, each proven possible from the deal (the rule: this
    module's docs)."""
    return _challenges(day_of(date), Rules.parse(rules), Layout.parse(layout))


@lru_cache(maxsize=16)
def _challenges(day: datetime.date, rules: Rules, layout: Layout) -> Day:
    number = _number(day, rules, layout)
    choices = digest(day, rules, layout)
    deal, work = _deal(number, rules, layout), solver.Work(CHALLENGE_NODES)
    try:
        challenges = (_one_star(deal, choices, work), Challenge.win(), _three_stars(deal, choices, work))
        proven = [challenge.possible(deal, nodes=work) for challenge in challenges]  # each can be met from the deal
    except SearchExhausted:
        raise SearchExhausted(
            f"the challenges of the game of {day} under {rules} on {layout.name} ({deal.code}) were not proven "
            f"within {CHALLENGE_NODES:,} positions searched"
        ) from None
    for challenge, possible in zip(challenges, proven, strict=True):
        if not possible:
            raise TriPeaksError(
                f"the challenge {challenge.text!r} of {day} under {rules} on {layout.name} cannot be met"
            )
    return Day(day, rules, number, challenges, layout)


def _one_star(deal: Game, choices: bytes, work: solver.Work) -> Challenge:
    kind = choices[8] % 3
    if kind == 2:
        longest = solver.longest_run(deal, nodes=work).value
        if (longest + 1) // 2 >= SHORTEST_RUN:
            return Challenge.run((longest + 1) // 2)
        kind = 0
    lower = [slot for row in deal.layout.rows[-LOWER_ROWS:] for slot in row]
    cards = [deal.deck[slot] for slot in lower if deal.deck[slot].rank]  # not the joker
    counts = Counter(card.rank if kind == 0 else card.suit for card in cards)
    most = max(counts.values())
    tied = sorted(value for value, count in counts.items() if count == most)
    chosen = tied[choices[10] % len(tied)]
    return Challenge("clear", most, rank=chosen) if kind == 0 else Challenge("clear", most, suit=chosen)


def _three_stars(deal: Game, choices: bytes, work: solver.Work) -> Challenge:
    fewest = solver.fewest_draws(deal, nodes=work)
    if fewest is None:
        raise TriPeaksError(f"{deal.code}, a game of the day, cannot be won")
    slack = max(0, min(SLACK, deal.stock_count - 1 - fewest.value))  # short of the whole stock, where any win would do
    if choices[9] % 2:
        cost = HOGUE_DRAW_COST if deal.rules.hogue_scoring else MOVE_COST
        target = solver.highest_score(deal, nodes=work).value - slack * cost
        if target > deal.score:
            return Challenge.score(target)
    return Challenge.win_in(fewest.value + slack)
