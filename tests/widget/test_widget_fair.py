"""Fair play on the board (issue 11): the win chance readout, the fair and the exact hint, every
assist switchable, and the assists a result records. The fair assists read only what the player
sees: two boards that look the same but hide different cards answer the same."""

from __future__ import annotations

import logging

import pytest
from helpers.hidden_cards import with_hidden_cards_permuted
from helpers.records_stores import rows
from helpers.support import OPENING, WINNABLE, Gate, at_once, intent, played, settled, winning_line

from tripeaks_widget import Game, TriPeaks, fair, solver
from tripeaks_widget.board.assists import CHANCE_PENDING, HINT_PENDING, WIN_CHANCE_SAMPLES, review_view
from tripeaks_widget.engine.seen import Seen
from tripeaks_widget.records import Records

OPENING_LINE = ["K♣", "A♠", "draw", "undo", "2♦"]  # a few moves in: cards turned up, a stock card seen


@pytest.fixture
def w():
    widget = TriPeaks(OPENING, records=False)
    widget.search_budget = 60.0  # every sample judged: the answers are the fair functions' own
    yield widget
    widget.close()


def shown(widget):
    """What the board shows of the win chance, once the worker thread is done."""
    return settled(widget).state["win_chance"]


def board_of(game: Game) -> TriPeaks:
    """A widget showing ``game``: its deal, its actions replayed."""
    widget = TriPeaks(game.code, records=False)
    widget.search_budget = 60.0
    widget.replay(game.history, pace=0)
    return widget


# -- the win chance readout ------------------------------------------------------------------------


def test_the_win_chance_is_off_by_default_and_shown_when_switched_on(w):
    assert w.show_win_chance is False
    assert w.state["show_win_chance"] is False and w.state["win_chance"] is None
    w.show_win_chance = True
    assert w.state["show_win_chance"] is True
    assert w.state["win_chance"]["kind"] == "pending" and w.state["win_chance"]["text"] == CHANCE_PENDING
    line = shown(w)
    expected = fair.win_chance(w.game.seen(), samples=WIN_CHANCE_SAMPLES, seed=0)
    assert line["kind"] == "known" and line["samples"] == WIN_CHANCE_SAMPLES == expected.samples
    assert (line["value"], line["low"], line["high"]) == (expected.value, expected.low, expected.high)
    assert line["text"] == f"Win chance {round(expected.value * 100)}%"
    assert 0 < expected.value < 1 and line["exact"] is False


def test_the_win_chance_follows_every_action_and_goes_when_switched_off(w):
    w.show_win_chance = True
    before = shown(w)["value"]
    intent(w, played(w, 20))  # K♣
    assert w.state["win_chance"]["kind"] == "pending"
    after = shown(w)
    assert after["kind"] == "known"
    assert after["value"] == fair.win_chance(w.game.seen(), samples=WIN_CHANCE_SAMPLES, seed=0).value
    assert isinstance(before, float)
    intent(w, {"type": "show_win_chance", "value": False})
    assert w.show_win_chance is False and w.state["win_chance"] is None


@pytest.mark.parametrize(("lang", "words"), [("el", "Πιθανότητα νίκης"), ("he", "סיכוי לנצח"), ("is", "Vinningslíkur")])
def test_the_win_chance_from_the_constructor_and_in_the_language(lang, words, monkeypatch):
    w = TriPeaks(OPENING, records=False, show_win_chance=True, lang=lang, search_budget=60.0)  # asked for at once
    assert w.state["win_chance"]["text"] == f"{words} …"
    percent = round(w.win_chance().value * 100)
    assert shown(w)["text"] == f"{words} {percent}%"
    w.close()


def test_a_win_chance_for_a_position_the_board_has_left_is_dropped(w, monkeypatch):
    gate = Gate(fair.Chance.of(3, 4))
    monkeypatch.setattr(fair, "win_chance_steps", at_once(gate))
    w.show_win_chance = True
    assert gate.started.wait(5)
    w.draw()  # the board moves on while the first computation runs
    seq = w.state["seq"]
    monkeypatch.setattr(fair, "win_chance_steps", at_once(lambda seen, **_: fair.Chance.of(1, 4)))
    gate.release.set()
    # The first answer (75 %, for the deal before the draw) was dropped; the second is shown.
    assert shown(w)["text"] == "Win chance 25%"
    assert w.state["seq"] == seq + 1  # one snapshot: the current position's chance, nothing for the old one


def test_the_win_chance_is_computed_from_what_the_player_sees_only(w, monkeypatch):
    given = []

    def win_chance(position, **options):
        given.append(position)
        return fair.Chance.of(1, 2)

    monkeypatch.setattr(fair, "win_chance_steps", at_once(win_chance))
    w.show_win_chance = True
    settled(w)
    w.show_win_chance = False
    assert w.win_chance().value == 0.5
    assert len(given) == 2 and all(type(position) is Seen for position in given)


def test_w_win_chance_reads_it_from_python(w):
    expected = fair.win_chance(w.game.seen(), samples=WIN_CHANCE_SAMPLES, seed=0)
    assert w.win_chance() == expected  # switched off: computed here
    assert w.state["win_chance"] is None
    w.show_win_chance = True
    assert w.win_chance() == expected  # while it is pending: computed here, and shown
    assert w.state["win_chance"]["value"] == expected.value
    settled(w)


def test_the_win_chance_of_a_finished_game_is_certain(w):
    w.show_win_chance = True
    while w.status == "playing":
        w.draw() if w.stock_count else w.play(w.game.playable()[0])
    assert w.status == "blocked"
    line = w.state["win_chance"]  # no computation: shown with the last move
    assert line["kind"] == "known" and line["value"] == 0.0 and line["exact"] is True
    assert w.win_chance() == fair.Chance(0.0, 0.0, 0.0, samples=0, wins=0, exact=True)
    won = TriPeaks(game=WINNABLE, records=False, show_win_chance=True)
    won.replay(winning_line(), pace=0)
    assert won.state["win_chance"]["value"] == 1.0 and won.win_chance().value == 1.0
    won.close()


def test_a_failing_win_chance_says_so(w, monkeypatch):
    def broken(seen, **_):
        raise RuntimeError("the sampler tripped")

    monkeypatch.setattr(fair, "win_chance_steps", at_once(broken))
    w.show_win_chance = True
    line = shown(w)
    assert line["kind"] == "error" and line["text"] == "Something went wrong: the sampler tripped"


# -- fairness on the board -------------------------------------------------------------------------


def test_boards_that_look_the_same_get_the_same_chance_and_fair_hint():
    game = Game(OPENING).replay(OPENING_LINE)
    other = with_hidden_cards_permuted(game)
    assert other.deck != game.deck and other.seen() == game.seen()
    one, two = board_of(game), board_of(other)
    one.show_win_chance = two.show_win_chance = True
    assert shown(one) == shown(two) and one.win_chance() == two.win_chance()
    assert one.fair_hint() == two.fair_hint() == fair.fair_hint(game.seen(), seed=0)
    assert one.state["highlight"] == two.state["highlight"] and one.message == two.message
    one.close(), two.close()


# -- the hint's kind ---------------------------------------------------------------------------------


def test_the_hint_button_is_fair_by_default_and_exact_when_asked_and_python_asks_by_name(w):
    assert w.hint_kind == "fair" and w.state["hint_kind"] == "fair"
    move = w.fair_hint()  # the game's fair_hint, shown as the button shows it
    assert move == fair.fair_hint(w.game.seen(), seed=0)
    assert w.message.startswith("Hint: play the ") and w.state["highlight"] == [w.game.slot_of(move)]
    move = w.hint()  # the game's hint: the solver's, which peeks
    assert move == w.solve().hint == w.game.hint()
    assert w.message.startswith("Hint (sees the hidden cards): play the ")
    intent(w, {"type": "hint_kind", "value": "exact"})
    assert w.hint_kind == "exact" and w.state["hint_kind"] == "exact"
    intent(w, {"type": "hint"})
    settled(w)
    assert w.state["message"].startswith("Hint (sees the hidden cards): play the ")
    w.hint_kind = "fair"
    intent(w, {"type": "hint"})
    assert w.state["message"] == HINT_PENDING
    settled(w)
    assert w.state["message"].startswith("Hint: play the ")


def test_the_fair_hint_gets_only_what_the_player_sees(w, monkeypatch):
    given = []
    monkeypatch.setattr(fair, "fair_hint_steps", at_once(lambda position, **_: given.append(position) or "draw"))
    intent(w, {"type": "hint"})
    settled(w)
    assert [type(position) for position in given] == [Seen]
    assert w.state["highlight"] == ["stock"] and w.state["message"] == "Hint: draw from the stock"


def test_a_fair_hint_that_finds_no_time_says_so(w, monkeypatch):
    def exhausted(position, **_):
        raise solver.SearchExhausted("no time")

    monkeypatch.setattr(fair, "fair_hint_steps", at_once(exhausted))
    assert w.fair_hint() is None and w.message == "No hint found within the time limit"


def test_a_hint_kind_that_is_not_one_is_refused():
    for bad in ("peek", "", None, True, "Fair"):
        with pytest.raises(ValueError, match=r"'fair'.*'exact'"):
            TriPeaks(OPENING, records=False, hint_kind=bad)
    w = TriPeaks(OPENING, records=False)
    with pytest.raises(ValueError, match=r"hint_kind is 'fair' .* or 'exact'"):
        w.hint_kind = "cheat"
    assert w.hint_kind == "fair"
    w.close()


def test_malformed_switches_are_refused_with_a_clear_log(w, caplog):
    seq = w.state["seq"]
    with caplog.at_level(logging.WARNING, logger="tripeaks_widget"):
        for content in (
            {"type": "hint_kind", "value": "peek"},
            {"type": "hint_kind", "value": True},
            {"type": "show_win_chance", "value": "yes"},
            {"type": "show_playable", "value": 1},
            {"type": "show_hints"},
        ):
            intent(w, content)
    assert w.state["seq"] == seq and w.hint_kind == "fair" and w.show_playable and w.show_hints
    logged = [r.getMessage() for r in caplog.records]
    assert len(logged) == 5
    assert "value must be one of 'fair', 'exact'" in logged[0] and "value must be true or false" in logged[2]


# -- every assist switchable -----------------------------------------------------------------------------


def test_every_assist_switches_from_the_board(w):
    for name in ("show_playable", "show_hints", "error_help"):
        assert getattr(w, name) is True and w.state[name] is True
        intent(w, {"type": name, "value": False})
        assert getattr(w, name) is False and w.state[name] is False
    intent(w, {"type": "show_verdict", "value": True})
    intent(w, {"type": "show_win_chance", "value": True})
    assert w.show_verdict and w.show_win_chance
    settled(w)


def test_the_bare_game_from_the_constructor():
    w = TriPeaks(OPENING, records=False, show_playable=False, show_hints=False, error_help=False)
    state = w.state
    assert (state["show_playable"], state["show_hints"], state["error_help"]) == (False, False, False)
    assert state["verdict"] is None and state["win_chance"] is None
    assert state["playable"]  # the engine still knows which cards fit: the board only stops glowing
    w.close()


def test_with_hints_off_the_board_asks_for_none(w, monkeypatch):
    monkeypatch.setattr(fair, "fair_hint_steps", at_once(lambda position, **_: pytest.fail("no hint was asked for")))
    w.show_hints = False
    seq = w.state["seq"]
    intent(w, {"type": "hint"})
    assert w.state["seq"] == seq and w.state["message"] == "" and not w.board.assists.worker.busy
    assert "fair_hint" not in w.board.assists.used


# -- the assists a result records -------------------------------------------------------------------------


def test_results_record_the_fair_assists(tmp_path):
    store = tmp_path / "records.sqlite3"
    for player, options in [("ana", {"show_win_chance": True}), ("bob", {"hint_kind": "exact"}), ("cy", {})]:
        board = TriPeaks(game=WINNABLE, records=store, player=player, **options)
        if player != "ana":
            board.hint() if options.get("hint_kind") == "exact" else board.fair_hint()
        board.replay(winning_line(), pace=0)
        settled(board)
        board.close()
    by_player = {r["player"]: r["assists"] for r in Records(store).results()}
    assert by_player == {"ana": ["win_chance"], "bob": ["hint"], "cy": ["fair_hint"]}
    board = rows(Records(store).leaderboard(WINNABLE, category="scripted"))
    assert len(board) == 3 and all(entry["assisted"] for entry in board)  # an assisted result never takes a record


# -- the review after a game -------------------------------------------------------------------------

# Easy, TP1-E-AAAAAAB: the stock drawn out, then a run until no card fits; the early draws give chances away
BLOCKED_LINE = ["draw"] * 23 + ["K♣", "A♠", "2♦", "3♠", "4♠", "5♠"]
LAST = BLOCKED_LINE[-1]


@pytest.fixture
def blocked():
    widget = TriPeaks("TP1-E-AAAAAAB", records=False)
    widget.search_budget = 60.0  # the solver's verdict never cut short (the review is bounded by its work)
    widget.replay(BLOCKED_LINE[:-1], pace=0)
    yield widget
    widget.close()


def test_the_review_opens_after_a_game_and_lists_every_move(blocked):
    w = blocked
    intent(w, {"type": "review", "open": True})  # not before the game is over
    assert w.state["review"] is None and not w.board.assists.worker.busy
    w.play(LAST)
    assert w.status == "blocked"
    intent(w, {"type": "review", "open": True})
    assert w.state["review"]["kind"] == "pending" and w.state["review"]["text"] == "Reviewing the game…"
    panel = settled(w).state["review"]
    expected = fair.review(w.game, seed=0)
    assert panel["kind"] == "known" and len(panel["moves"]) == len(expected.moves) == 29
    for row, move in zip(panel["moves"], expected.moves, strict=True):
        assert (row["move"], row["action"], row["best"], row["mistake"]) == (
            move.move,
            move.action,
            move.best,
            move.mistake and not row["played_best"],  # a loss within the noise is shown as a tie
        )
        assert (row["before"], row["after"], row["best_chance"]) == (
            move.before.value,
            move.after.value,
            move.best_chance.value,
        )
    assert panel["final"] == 0.0 and panel["lost_after"] == expected.lost_after is not None
    assert any(row["mistake"] for row in panel["moves"])  # drawing the stock out gives chances away
    intent(w, {"type": "review", "open": False})
    assert w.state["review"] is None
    intent(w, {"type": "review", "open": True})  # made for this game already: shown at once
    assert w.state["review"] == panel and not w.board.assists.worker.busy


def test_w_review_returns_the_review_and_opens_the_panel(blocked):
    w = blocked
    w.play(LAST)
    review = w.review()
    assert isinstance(review, fair.Review) and review.code == w.code
    assert w.state["review"]["kind"] == "known" and len(w.state["review"]["moves"]) == len(review.moves)
    assert w.review() is review  # the one shown: not made again
    w.undo()  # the board moves on: the review was of the game that ended
    assert w.state["review"] is None
    w.play(LAST)
    w.review()
    w.new_game()
    assert w.state["review"] is None


def test_the_boards_review_is_bounded_by_its_work_not_by_seconds(blocked):
    """Issue 53: the review's chances stopped at ``search_budget`` seconds a move, so a slower
    machine (the browser's pure-Python build) judged fewer arrangements, or none; now they are
    bounded as the win chance is, by arrangements and nodes, and every machine judges alike."""
    w = blocked
    w.search_budget = 0.0001  # the solver's searches' seconds, not the review's
    w.play(LAST)
    review = w.review()
    assert review.judged_with == (WIN_CHANCE_SAMPLES, 0, None) and not review.unjudged
    assert all(m.before.exact or m.before.samples == WIN_CHANCE_SAMPLES for m in review.moves)
    assert review.moves == fair.review(w.game, samples=WIN_CHANCE_SAMPLES, seed=0).moves


def test_the_board_reviews_only_the_moves_made_since_its_last_review_of_the_game(blocked, monkeypatch):
    w = blocked
    w.play(LAST)
    first = w.review()
    w.undo()
    w.play(LAST)  # the last move taken back and played again: only it is new
    judged = []
    judge = fair.move_chances_steps
    monkeypatch.setattr(
        fair.reviewing, "move_chances_steps", lambda seen, **kw: judged.append(seen.history) or judge(seen, **kw)
    )
    again = w.review()
    assert judged == [tuple(w.game.history[:-1])]  # the last move's position (the final chance is certain: blocked)
    assert again.moves == first.moves and again.moves == fair.review(w.game, seed=0, budget=60.0).moves
    w.new_game(OPENING)
    w.replay(BLOCKED_LINE, pace=0)  # a new game, though the same deal and line: reviewed afresh
    judged.clear()
    w.review()
    assert len(judged) == len(BLOCKED_LINE)


def test_a_review_for_a_game_the_board_has_left_is_dropped(blocked, monkeypatch):
    w = blocked
    w.play(LAST)
    gate = Gate(lambda game: pytest.fail("a review of the old game was shown"))
    monkeypatch.setattr(fair, "review_steps", at_once(gate))
    intent(w, {"type": "review", "open": True})
    assert gate.started.wait(5)
    w.undo()
    seq = w.state["seq"]
    gate.result = None
    gate.release.set()
    settled(w)
    assert w.state["review"] is None and w.state["seq"] == seq


def test_a_failing_review_says_so_and_a_malformed_one_is_refused(blocked, monkeypatch, caplog):
    w = blocked
    w.play(LAST)

    def broken(game, **_):
        raise RuntimeError("the reviewer tripped")

    monkeypatch.setattr(fair, "review_steps", at_once(broken))
    intent(w, {"type": "review", "open": True})
    panel = settled(w).state["review"]
    assert panel["kind"] == "error" and panel["text"] == "Something went wrong: the reviewer tripped"
    with caplog.at_level(logging.WARNING, logger="tripeaks_widget"):
        intent(w, {"type": "review"})
        intent(w, {"type": "review", "open": "yes"})
    refused = [r.getMessage() for r in caplog.records if "malformed" in r.getMessage()]
    assert len(refused) == 2 and all("open must be true or false" in text for text in refused)


def test_the_review_panel_shows_a_move_not_judged_without_numbers():
    chance = fair.Chance.of(1, 2)
    review = fair.Review(
        "TP1-E-AAAAAAB",
        (
            fair.ReviewedMove(1, "K♣", chance, chance, "K♣", chance),
            fair.ReviewedMove(2, "draw", None, None, None, None),
        ),
        final=None,
        lost_after=None,
    )
    panel = review_view({"kind": "known", "review": review}, str)
    assert panel["moves"][1] == {
        "move": 2,
        "action": "draw",
        **dict.fromkeys(("before", "low", "high", "after", "best", "best_chance")),
        "mistake": False,
        "played_best": False,
    }
    assert panel["moves"][0]["played_best"] is True  # K♣ was the best, and was played
    assert (panel["moves"][0]["before"], panel["moves"][0]["low"], panel["final"]) == (0.5, chance.low, None)


@pytest.mark.parametrize(
    ("after", "best", "better_shown"),
    [
        (fair.Chance.of(62, 100), fair.Chance.of(624, 1000), False),  # 62 % and 62 %: the same printed
        (fair.Chance.of(60, 100), fair.Chance.of(65, 100), False),  # 60 % and 65 %, within each other's noise
        (fair.Chance.exactly(0.5), fair.Chance.exactly(0.51), True),  # exact: any printed difference is real
        (fair.Chance.exactly(0.5), fair.Chance.exactly(0.504), False),  # 50 % and 50 %
        (fair.Chance.of(300, 1000), fair.Chance.of(600, 1000), True),  # far beyond the noise
        (fair.Chance.exactly(0.5), fair.Chance.of(62, 100), True),  # 0.5 is below the interval 52-71 %
    ],
)
def test_a_review_row_names_a_better_move_only_when_it_shows_and_is_beyond_the_noise(after, best, better_shown):
    before = fair.Chance.of(62, 100)
    review = fair.Review("TP1-E-AAAAAAB", (fair.ReviewedMove(1, "2♠", before, after, "2♥", best),), None, None)
    row = review_view({"kind": "known", "review": review}, str)["moves"][0]
    assert row["played_best"] is not better_shown


def test_a_review_row_within_the_noise_is_neither_a_better_move_nor_a_mistake():
    before, after, best = fair.Chance.of(60, 100), fair.Chance.of(50, 100), fair.Chance.of(60, 100)
    move = fair.ReviewedMove(1, "2♠", before, after, "2♥", best)
    assert move.mistake  # ten points given away, as sampled
    review = fair.Review("TP1-E-AAAAAAB", (move,), None, None)
    row = review_view({"kind": "known", "review": review}, str)["moves"][0]
    assert row["played_best"] is True and row["mistake"] is False  # the intervals meet: a tie, as shown
