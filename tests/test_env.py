"""The Gymnasium environment (tripeaks_widget.env): the seen view, masked actions, the win as reward."""

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the environment needs gymnasium (pip install -e '.[gym]')")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from tripeaks_widget import Game  # noqa: E402
from tripeaks_widget.env import DRAW, FACE_DOWN, REMOVED, TriPeaksEnv  # noqa: E402


def test_it_passes_gymnasiums_checks():
    check_env(TriPeaksEnv(), skip_render_check=True)
    check_env(TriPeaksEnv("classic+joker", render_mode="ansi"))


def test_the_observation_is_what_the_player_sees():
    env = TriPeaksEnv()
    observation, info = env.reset(options={"game": 1})
    game = Game("TP1-E-AAAAAAB")
    assert [int(v) for v in observation["slots"][:18]] == [FACE_DOWN] * 18
    assert [int(v) for v in observation["slots"][18:]] == [game.deck[s].index for s in range(18, 28)]
    assert int(observation["discard"]) == game.discard.index and int(observation["stock"]) == 23
    assert [i for i, legal in enumerate(info["action_mask"]) if legal] == [*game.playable_slots(), DRAW]


def test_playing_a_line_to_the_win_rewards_the_last_step():
    env = TriPeaksEnv()
    env.reset(options={"game": 1})
    line = Game("TP1-E-AAAAAAB").solve().line
    rewards = []
    for action in line:
        slot = DRAW if action == "draw" else env.game.slot_of(action)
        observation, reward, terminated, truncated, _ = env.step(slot)
        rewards.append(reward)
    assert terminated and not truncated and env.game.status == "won"
    assert rewards == [0.0] * (len(line) - 1) + [1.0]
    assert all(int(v) == REMOVED for v in observation["slots"])


def test_an_illegal_action_changes_nothing_and_long_episodes_are_truncated():
    env = TriPeaksEnv(max_steps=3)
    _, info = env.reset(options={"game": 1})
    blocked = next(i for i, legal in enumerate(info["action_mask"]) if not legal)
    before = env.game.position
    _, reward, terminated, _, info = env.step(blocked)
    assert info["illegal"] and reward == 0.0 and env.game.position == before and not terminated
    env.step(blocked)
    assert env.step(blocked)[3]  # the third step truncates
    with pytest.raises(ValueError, match="an action is 0–27"):
        env.step(29)


def test_reset_with_a_seed_deals_the_same_game():
    a, b = TriPeaksEnv(), TriPeaksEnv()
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.game.code == b.game.code
