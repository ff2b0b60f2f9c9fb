"""The Gymnasium environment (tripeaks_widget.env): the seen view, masked actions, the win as reward."""

import itertools

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the environment needs gymnasium (pip install -e '.[gym]')")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from tripeaks_widget import Card, Game  # noqa: E402
from tripeaks_widget.engine.rules import VARIANTS, Rules  # noqa: E402
from tripeaks_widget.env import DRAW, FACE_DOWN, REMOVED, TriPeaksEnv  # noqa: E402

# Every rule set: Easy or Classic with each combination of the variants.
EVERY_RULE_SET = [
    Rules(king_ace_wrap=easy, **dict(zip(VARIANTS, chosen, strict=True)))
    for easy in (True, False)
    for chosen in itertools.product((False, True), repeat=len(VARIANTS))
]


def tiered(rule_sets):
    """The fast tier takes each variant alone, none and all together; the full suite every combination."""

    def quick(rules):
        return sum(getattr(rules, name) for name in VARIANTS) in (0, 1, len(VARIANTS))

    return [pytest.param(rules, marks=() if quick(rules) else pytest.mark.slow) for rules in rule_sets]


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
    with pytest.raises(ValueError, match="an action is a whole number, 0–27"):
        env.step(29)


def test_reset_with_a_seed_deals_the_same_game():
    a, b = TriPeaksEnv(), TriPeaksEnv()
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.game.code == b.game.code


@pytest.mark.parametrize("rules", tiered(EVERY_RULE_SET), ids=str)
def test_every_rule_set_passes_gymnasiums_checks(rules):
    check_env(TriPeaksEnv(rules), skip_render_check=True)


@pytest.mark.parametrize("rules", tiered(EVERY_RULE_SET), ids=str)
def test_every_observation_lies_in_the_space(rules):
    """Whole episodes of random legal actions from a few deals: every observation is in the space."""
    env = TriPeaksEnv(rules, max_steps=300)
    rng = np.random.default_rng(0)
    for seed in range(1, 4):
        observation, info = env.reset(seed=seed)
        assert env.observation_space.contains(observation), (seed, observation)
        done = False
        while not done:
            action = rng.choice(np.flatnonzero(info["action_mask"]))
            observation, _, terminated, truncated, info = env.step(action)
            assert env.observation_space.contains(observation), (seed, observation)
            done = terminated or truncated


def test_a_full_stock_with_the_joker_and_an_empty_discard_fits_the_space():
    env = TriPeaksEnv("easy+joker+empty-discard")
    observation, _ = env.reset(seed=1)
    assert int(observation["stock"]) == 25 and env.observation_space.contains(observation)
    assert TriPeaksEnv("easy").observation_space["stock"].n == 24


@pytest.mark.parametrize("action", [28.7, 3.0, "3", None, True, np.float64(2.0), [3]])
def test_an_action_that_is_not_a_whole_number_is_refused(action):
    env = TriPeaksEnv()
    env.reset(options={"game": 1})
    before = env.game.position
    with pytest.raises(ValueError, match="an action is a whole number"):
        env.step(action)
    assert env.game.position == before and env.steps == 0


def test_numpy_integers_are_actions():
    env = TriPeaksEnv()
    env.reset(options={"game": 1})
    env.step(np.int64(DRAW))
    assert env.game.history == ["draw"]


@pytest.mark.parametrize("steps", ["a", 0, -1, 2.5, None, True])
def test_max_steps_is_checked_when_the_environment_is_made(steps):
    with pytest.raises(ValueError, match="max_steps is a whole number"):
        TriPeaksEnv(max_steps=steps)


@pytest.mark.parametrize("options", [{"game": 0}, {"game": 50_001}, {"game": "7"}, {"game": 1.5}, {"gmae": 7}, [1]])
def test_reset_refuses_a_game_outside_the_series_or_an_unknown_option(options):
    with pytest.raises(ValueError, match="options"):
        TriPeaksEnv().reset(options=options)


def test_reset_takes_a_numpy_game_number():
    _, info = TriPeaksEnv().reset(options={"game": np.int64(50_000)})
    assert info["game"] == 50_000


def test_gymnasium_makes_it_by_its_registered_id():
    import gymnasium

    from tripeaks_widget.env import ENV_ID

    env = gymnasium.make(f"tripeaks_widget.env:{ENV_ID}", rules="classic", max_steps=50)
    observation, _ = env.reset(options={"game": 1})
    assert env.unwrapped.rules.name == "classic" and env.unwrapped.max_steps == 50
    assert Card.from_index(int(observation["discard"])) == env.unwrapped.game.discard
    again = gymnasium.make(ENV_ID)  # registered once imported
    assert isinstance(again.unwrapped, TriPeaksEnv)


def test_an_environment_plays_any_layout_with_a_slot_an_action_and_the_draw_after_them():
    env = TriPeaksEnv(rules="easy", layout="Four Peaks")
    observation, info = env.reset(options={"game": 12})
    assert env.draw_action == 31 and env.action_space.n == 32 and len(observation["slots"]) == 31
    assert [i for i, legal in enumerate(info["action_mask"]) if legal] == [*env.game.playable_slots(), 31]
    assert env.game.layout.name == "Four Peaks" and env.observation_space["stock"].n == 52 - 31 - 1 + 1
    observation, _, _, _, info = env.step(31)
    assert not info["illegal"] and env.game.stock_count == 19
    with pytest.raises(ValueError, match="0–30 \\(play that slot\\) or 31 \\(draw\\)"):
        env.step(32)
