"""The goals a board shows: the challenges set on it, how far its game has come on each, a notice
when one is met, and once the game is over the best possible on each, as the solver proves it.

A board's goals are the challenges a script set (``TriPeaks(challenge="run 8")``,
``w.challenges = [...]``), the three of the game of the day while its game is on the board
(``TriPeaks.of_the_day()``: one, two and three stars), and a class's, which the records store
gives (:mod:`tripeaks_widget.board.recording`). The best possible is looked for in the board's
worker, on a game dealt afresh from the code on the board's layout, so the player's game
consults nothing, within the goals' bound in work (``goals.challenge.GOAL_NODES``; beyond, it is
not shown): it is shown once the game is over, and an undo from there uses what it told (the
game is then recorded as assisted, as one that asked the verdict is: it says whether the deal
can be won).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from ..analysis import Game
from ..engine.errors import InvalidTypeError, SearchExhausted, got
from ..engine.messages import Message
from ..engine.steps import Steps
from ..goals import Best, Challenge, Day, words
from .background import Worker
from .snapshot import Goal, Streak

log = logging.getLogger("tripeaks_widget")

GOAL_MET = Message("Goal met: {goal}")

GOALS_SAID = Message("Goals: {goals}.")  # the board in words, for a screen reader; the goals joined by "; "
GOAL_SAID = Message("{goal}: so far {progress}")
GOAL_SAID_MET = Message("{goal}: met")

Say = Callable[[Any], str]


class Host(Protocol):
    """What the goals need of their board."""

    lock: threading.RLock

    @property
    def game(self) -> Game:
        """The game on the board."""

    def publish(self) -> None:
        """Publish the board's snapshot."""


@dataclass(frozen=True)
class Aim:
    """One goal on the board: the challenge, the stars it earns (the game of the day's: 1, 2 or 3),
    and where it comes from: ``"set"`` from Python, ``"day"``, or ``"class"`` (the records store)."""

    challenge: Challenge
    stars: int | None = None
    source: str = "set"


def read_challenges(value: object, game: Game) -> tuple[Challenge, ...]:
    """Challenges as a board takes them: None (none), one (a ``Challenge`` or its text, ``"run 8"``)
    or several in a list or tuple, or a game of the day's (a ``Day``, ``challenges_of_the_day()``:
    its three, without stars; ``TriPeaks.of_the_day()`` deals its game with them); each checked
    against ``game``'s rules on its layout (``InvalidChallengeError``: one no deal of them can meet)."""
    if value is None:
        return ()
    items = list(value) if isinstance(value, (list, tuple, Day)) else [value]
    out = []
    for item in items:
        if not isinstance(item, (str, Challenge)):
            raise InvalidTypeError(f"a challenge is a Challenge or its text such as 'run 8'; got {got(item)}")
        out.append(Challenge.parse(item, game.rules, game.layout))
    return tuple(out)


class Aims:
    """The goals of one board (see the module's docstring). Called under the board's lock."""

    def __init__(self, board: Host, worker: Worker, challenges: Iterable[Challenge] = ()) -> None:
        self.board = board
        self.worker = worker
        self.set: tuple[Challenge, ...] = tuple(challenges)
        self.day: Day | None = None
        self.from_class: tuple[Challenge, ...] = ()
        self.met: set[Challenge] = set()  # those the game on the board meets, as last seen
        # proven on a deal: (its code, the challenge); None where the search ran out of its bound
        self.best: dict[tuple[str, Challenge], Best | None] = {}
        self.told: set[str] = set()  # the deals whose best possible the player was shown

    def from_the_class(self, rows: list[dict[str, Any]]) -> None:
        """The class's challenges on the game on the board, as the records store gives them; shown."""
        game = self.board.game
        chosen = []
        for row in rows:
            try:
                chosen.append(Challenge.parse(row["challenge"], game.rules, game.layout))
            except ValueError:
                log.warning("the class's challenge %r cannot be read: left out", row.get("challenge"))
        self.from_class = tuple(chosen)
        self.board.publish()

    def new_game(self, game: Game) -> None:
        """A new deal: nothing met yet, no class challenge known; a challenge set that no deal under
        its rules on its layout can meet goes."""
        self.met = set()
        self.from_class = ()
        kept = []
        for challenge in self.set:
            try:
                kept.append(challenge.check(game.rules, game.layout))
            except ValueError:
                log.info(
                    "the goal %r cannot be met under %s on %s: dropped with the new deal",
                    challenge.text,
                    game.rules,
                    game.layout.name,
                )
        self.set = tuple(kept)

    def of(self, game: Game) -> list[Aim]:
        """The goals shown for ``game``: the day's (while it is the day's game), the class's, those set."""
        aims = []
        if self.day is not None and self.day.code == game.code:
            aims += [Aim(challenge, stars, "day") for stars, challenge in enumerate(self.day, 1)]
        aims += [Aim(challenge, None, "class") for challenge in self.from_class]
        aims += [Aim(challenge) for challenge in self.set if challenge not in [a.challenge for a in aims]]
        return aims

    def is_the_day(self, game: Game) -> bool:
        """Whether ``game`` is the game of the day this board was dealt."""
        return self.day is not None and self.day.code == game.code

    def streak_view(self, game: Game, streak: dict[str, int] | None, say: Say) -> Streak | None:
        """The player's streak, shown with the game of the day's goals; None elsewhere, or unknown."""
        if streak is None or not self.is_the_day(game):
            return None
        current, best = streak["current"], streak["best"]
        return {
            "current": current,
            "best": best,
            "text": say(words.streak(current)),
            "best_text": say(words.streak(best, best=True)),
        }

    def newly_met(self, game: Game) -> list[Challenge]:
        """The goals ``game`` meets now that it did not at the last look (a notice each)."""
        met = {aim.challenge for aim in self.of(game) if aim.challenge.met(game)}
        new = [aim.challenge for aim in self.of(game) if aim.challenge in met - self.met]
        self.met = met
        return new

    def view(self, game: Game, say: Say) -> list[Goal]:
        """The goals as the front end shows them, in the board's language."""
        over = game.status != "playing"
        out: list[Goal] = []
        for aim in self.of(game):
            progress = aim.challenge.progress(game)
            best = self.best.get((game.code, aim.challenge)) if over else None
            out.append(
                {
                    "text": say(aim.challenge.message),
                    "progress": say(progress.message),
                    "done": progress.done - progress.start,  # from where the measure starts: a score's bar
                    "target": progress.target - progress.start,  # starts empty on the score the game starts on
                    "met": progress.met,
                    "stars": aim.stars,
                    "source": aim.source,  # type: ignore[typeddict-item]  # one of "set", "day", "class"
                    "best": say(best.message) if best is not None else None,
                }
            )
        if over and out and any(goal["best"] is not None for goal in out):
            self.told.add(game.code)
        return out

    def said(self, game: Game, say: Say) -> str:
        """The goals in words, for the board in words (R7); "" without goals."""
        parts = [
            say(Message(GOAL_SAID_MET, goal=aim.challenge.message))
            if aim.challenge.met(game)
            else say(Message(GOAL_SAID, goal=aim.challenge.message, progress=aim.challenge.progress(game).message))
            for aim in self.of(game)
        ]
        return say(Message(GOALS_SAID, goals="; ".join(parts))) if parts else ""

    def ask_best(self, game: Game) -> None:
        """Once a game is over: look for the best possible on each goal in the worker, on the deal
        dealt afresh, then show it (the board publishes)."""
        wanted = [aim.challenge for aim in self.of(game) if (game.code, aim.challenge) not in self.best]
        if game.status == "playing" or not wanted:
            return
        code, layout, lang = game.code, game.layout, game.lang
        board = self.board

        def job() -> Steps[None]:
            for challenge in wanted:
                yield
                deal = Game(code, layout=layout, lang=lang)  # a deal of its own: the player's consults nothing
                try:
                    best: Best | None = challenge.best(deal)
                except SearchExhausted as error:  # bounded in work: not shown, and not asked again
                    log.info("the best possible on %r is not shown: %s", challenge.text, error)
                    best = None
                with board.lock:
                    self.best[code, challenge] = best
            with board.lock:
                if board.game.code == code:
                    board.publish()

        self.worker.submit("best possible", job)

    def undone_after_the_end(self, game: Game) -> bool:
        """Whether the best possible was shown for ``game``'s deal (its undo from the end uses it)."""
        return game.code in self.told
