"""A Gymnasium environment for TriPeaks (optional: ``pip install -e ".[gym]"``).

``TriPeaksEnv(rules="easy")`` deals a numbered game at each ``reset`` (chosen with the
environment's seeded generator, or ``options={"game": n}``). The observation is what a
player can see, as numbers: ``slots`` (28 values: the card's index 0–51, 52 for the joker,
``FACE_DOWN`` or ``REMOVED``), ``discard`` (a card index, or ``NO_CARD`` for an empty
discard) and ``stock`` (the cards left in it). There are 29 actions: 0–27 play the card in
that slot, 28 draws; ``info["action_mask"]`` marks the legal ones.

The reward is 1 for the step that wins the game and 0 for every other step, so the return
of an episode is whether it was won. An illegal action changes nothing (reward 0,
``info["illegal"]`` True). An episode ends (terminated) when the game is won or blocked,
and is truncated after ``max_steps`` steps.
"""

from __future__ import annotations

from typing import ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .codes import SERIES_FIRST, SERIES_LAST
from .game import Game
from .layout import SLOT_COUNT
from .rules import Rules

DRAW = SLOT_COUNT  # the action that draws
FACE_DOWN, REMOVED, NO_CARD = 53, 54, 53


class TriPeaksEnv(gym.Env):
    """TriPeaks with the seen view as observation, 29 masked actions and a reward for the win."""

    metadata: ClassVar[dict] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, rules: Rules | str = "easy", *, max_steps: int = 200, render_mode: str | None = None) -> None:
        self.rules = Rules.parse(rules)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi'; got {render_mode!r}")
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.observation_space = spaces.Dict(
            {
                "slots": spaces.MultiDiscrete([55] * SLOT_COUNT),
                "discard": spaces.Discrete(54),
                "stock": spaces.Discrete(25),
            }
        )
        self.action_space = spaces.Discrete(SLOT_COUNT + 1)
        self.game = Game.from_number(SERIES_FIRST, self.rules)
        self.steps = 0

    def _observation(self) -> dict:
        seen = self.game.seen()
        slots = np.full(SLOT_COUNT, FACE_DOWN, dtype=np.int64)
        slots[list(seen.removed)] = REMOVED
        for slot in seen.face_up:
            card = seen.slot_cards[slot]
            assert card is not None  # a face-up card is seen
            slots[slot] = card.index
        discard = NO_CARD if seen.discard is None else seen.discard.index
        return {"slots": slots, "discard": np.int64(discard), "stock": np.int64(seen.stock_count)}

    def action_mask(self) -> np.ndarray:
        mask = np.zeros(SLOT_COUNT + 1, dtype=np.int8)
        mask[self.game.playable_slots()] = 1
        mask[DRAW] = self.game.why_not_draw() is None
        return mask

    def _info(self, illegal: bool = False) -> dict:
        return {"action_mask": self.action_mask(), "illegal": illegal, "game": self.game.number}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        number = (options or {}).get("game")
        if number is None:
            number = int(self.np_random.integers(SERIES_FIRST, SERIES_LAST + 1))
        self.game = Game.from_number(number, self.rules)
        self.steps = 0
        return self._observation(), self._info()

    def step(self, action):
        action = int(action)
        if not 0 <= action <= DRAW:
            raise ValueError(f"an action is 0–{SLOT_COUNT - 1} (play that slot) or {DRAW} (draw); got {action}")
        self.steps += 1
        illegal = not self.action_mask()[action]
        if not illegal:
            self.game.apply("draw" if action == DRAW else action)
        status = self.game.status
        reward = 1.0 if status == "won" and not illegal else 0.0
        terminated = status != "playing"
        truncated = not terminated and self.steps >= self.max_steps
        return self._observation(), reward, terminated, truncated, self._info(illegal)

    def render(self):
        return str(self.game) if self.render_mode == "ansi" else None
