"""A Gymnasium environment for TriPeaks (optional: ``pip install -e ".[gym]"``).

``gymnasium.make("tripeaks/TriPeaks-v0", rules="classic")`` makes one once this module is
imported; ``gymnasium.make("tripeaks_widget.env:tripeaks/TriPeaks-v0")`` imports it on the way.
``TriPeaksEnv(rules="easy")`` deals a numbered game at each ``reset`` (chosen with the
environment's seeded generator, or ``options={"game": n}``). The observation is what a player
can see, as numbers: ``slots`` (a value a slot of the layout, 28 on Three Peaks, in the layout's
order of slots (Three Peaks': row by row from the peak tops): a card's
index 0–51 in the ordered deck, A♣ … K♣, A♦ … K♦, A♥ … K♥, A♠ … K♠, so that
``Card.from_index(i)`` is the card; 52 for the joker, ``FACE_DOWN`` or ``REMOVED``), ``discard``
(a card index, or ``NO_CARD`` for an empty discard) and ``stock`` (the cards left in it: its
space is sized for the rule set and layout: on Three Peaks 24 cards at most, 25 with the joker
and an empty discard). On Three Peaks there are 29 actions: 0–27 play the card in that slot, 28
draws (on any layout, one a slot and then the draw, ``env.draw_action``); ``info["action_mask"]``
marks the legal ones. ``TriPeaksEnv(layout="Diamond")`` plays another layout. An action is a
whole number (an ``int`` or a NumPy integer); anything else is refused, never rounded or parsed.

The reward is 1 for the step that wins the game and 0 for every other step, so the return
of an episode is whether it was won. An illegal action changes nothing (reward 0,
``info["illegal"]`` True). An episode ends (terminated) when the game is won or blocked,
and is truncated after ``max_steps`` steps.
"""

from __future__ import annotations

from typing import Any, TypedDict

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .engine.codes import SERIES_FIRST, SERIES_LAST
from .engine.errors import InvalidValueError, got, whole_number
from .engine.game import Game
from .engine.layout import THREE_PEAKS, Layout
from .engine.rules import Rules

DRAW = THREE_PEAKS.slot_count  # the action that draws, on Three Peaks
FACE_DOWN, REMOVED, NO_CARD = 53, 54, 53
RESET_OPTIONS = ("game",)


def most_in_stock(rules: Rules, layout: Layout = THREE_PEAKS) -> int:
    """The most cards the stock can hold under ``rules`` on ``layout``: the deck less the peaks and
    the card dealt to the discard (none when it starts empty)."""
    return (53 if rules.joker else 52) - layout.slot_count - (0 if rules.empty_start else 1)


def check_max_steps(value: object) -> int:
    """``value`` as a number of steps, at least 1; a ValueError says what was expected."""
    steps = whole_number(value)
    if steps is None or steps < 1:
        raise InvalidValueError(f"max_steps is a whole number of steps, at least 1; got {got(value)}")
    return steps


def check_game(value: object) -> int:
    """``value`` as a numbered game (1-50,000); a ValueError says what was expected."""
    number = whole_number(value)
    if number is None or not SERIES_FIRST <= number <= SERIES_LAST:
        raise InvalidValueError(
            f"options['game'] is a numbered game, {SERIES_FIRST} to {SERIES_LAST:,}; got {got(value)}"
        )
    return number


ENV_ID = "tripeaks/TriPeaks-v0"  # the id gymnasium.make takes


class Observation(TypedDict):
    """What a player can see, as numbers (the module's docstring says each)."""

    slots: npt.NDArray[np.int64]
    discard: np.int64
    stock: np.int64


class TriPeaksEnv(gym.Env):
    """TriPeaks with the seen view as observation, masked actions (a slot each, then the draw) and
    a reward for the win."""

    # as gymnasium.Env declares it (a ClassVar would clash with that): every environment reads the class's
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        rules: Rules | str = "easy",
        *,
        layout: Layout | str = THREE_PEAKS,
        max_steps: int = 200,
        render_mode: str | None = None,
    ) -> None:
        self.rules = Rules.parse(rules)
        self.layout = Layout.parse(layout)
        self.draw_action = self.layout.slot_count  # the action that draws: the one after the slots
        if render_mode not in (None, "ansi"):
            raise InvalidValueError(f"render_mode is None or 'ansi'; got {render_mode!r}")
        self.render_mode = render_mode
        self.max_steps = check_max_steps(max_steps)
        self.observation_space = spaces.Dict(
            {
                "slots": spaces.MultiDiscrete([55] * self.layout.slot_count),
                "discard": spaces.Discrete(54),
                "stock": spaces.Discrete(most_in_stock(self.rules, self.layout) + 1),
            }
        )
        self.action_space = spaces.Discrete(self.draw_action + 1)
        self.game = Game.from_number(SERIES_FIRST, self.rules, layout=self.layout)
        self.steps = 0

    def _observation(self) -> Observation:
        seen = self.game.seen()
        slots = np.full(self.layout.slot_count, FACE_DOWN, dtype=np.int64)
        slots[list(seen.removed)] = REMOVED
        for slot in seen.face_up:
            card = seen.slot_cards[slot]
            assert card is not None  # a face-up card is seen
            slots[slot] = card.index
        discard = NO_CARD if seen.discard is None else seen.discard.index
        return {"slots": slots, "discard": np.int64(discard), "stock": np.int64(seen.stock_count)}

    def action_mask(self) -> npt.NDArray[np.int8]:
        """1 for each legal action (the slots, then draw), 0 for the others: ``info["action_mask"]``."""
        mask = np.zeros(self.draw_action + 1, dtype=np.int8)
        mask[self.game.playable_slots()] = 1
        mask[self.draw_action] = self.game.why_not_draw() is None
        return mask

    # as gymnasium.Env's reset and step declare it
    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {"action_mask": self.action_mask(), "illegal": illegal, "game": self.game.number}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a numbered game: ``options={"game": n}``, else one drawn with ``seed``; (observation, info)."""
        options = {} if options is None else options
        if not isinstance(options, dict) or not set(options) <= set(RESET_OPTIONS):
            raise InvalidValueError(
                f"options is None or a dict with the key 'game' (a numbered game); got {got(options)}"
            )
        number = None if options.get("game") is None else check_game(options["game"])
        super().reset(seed=seed)
        if number is None:
            number = int(self.np_random.integers(SERIES_FIRST, SERIES_LAST + 1))
        self.game = Game.from_number(number, self.rules, layout=self.layout)
        self.steps = 0
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play a slot (0–27 on Three Peaks) or draw (28 there, ``draw_action``): (observation,
        reward, terminated, truncated, info).

        An illegal action changes nothing and sets ``info["illegal"]``; the reward is 1 for the
        winning step, else 0; ``truncated`` after ``max_steps`` steps."""
        number = whole_number(action)
        draw = self.draw_action
        if number is None or not 0 <= number <= draw:
            raise InvalidValueError(
                f"an action is a whole number, 0–{draw - 1} (play that slot) or {draw} (draw); got {got(action)}"
            )
        action = number
        self.steps += 1
        illegal = not self.action_mask()[action]
        if not illegal:
            self.game.apply("draw" if action == draw else action)
        status = self.game.status
        reward = 1.0 if status == "won" and not illegal else 0.0
        terminated = status != "playing"
        truncated = not terminated and self.steps >= self.max_steps
        return self._observation(), reward, terminated, truncated, self._info(illegal)

    def render(self) -> str | None:
        """The board as text when ``render_mode="ansi"``, else None."""
        return str(self.game) if self.render_mode == "ansi" else None


if ENV_ID not in gym.registry:
    gym.register(id=ENV_ID, entry_point=f"{__name__}:TriPeaksEnv")
