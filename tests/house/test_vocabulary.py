"""One vocabulary on Game, Board and TriPeaks: a name on two of them is the same kind on each,
with the same parameters; what the widget says of its game it says under the game's name; the
constructors say their keywords, and refuse an unknown one naming the nearest."""

import copy
import inspect

import ipywidgets
import pytest
import traitlets
from helpers.support import OPENING, played

from tripeaks_widget import Game, TriPeaks, TriPeaksError
from tripeaks_widget.board import Board

# Names of the Game a board and a widget do not say, each for a reason.
NOT_ON_THE_BOARD = {
    "copy": "a board is not copied (copy its game)",
    "from_deck": "a constructor of games: a board deals codes and numbers",
    "from_dict": "a constructor of games",
    "from_number": "a constructor of games",
    "deck": "every card in deck order, the hidden ones too: read board.game.deck on purpose",
    "position": "the search's key, not a fact a player reads",
    "seen": "what fair play reads: board.game.seen()",
    "view": "the snapshot's part: the board sends the whole snapshot",
    "slot_of": "slots of cards: the board's highlight takes cards",
    "slot_view": "the snapshot's slots",
    "playable_slots": "slots: playable() gives the cards",
    "free_slots": "slots: free() gives the cards",
    "is_face_up": "per slot: rows() gives them all",
    "is_free": "per slot: free() gives them all",
    "is_removed": "per slot: rows() gives them all",
    "is_uncovered": "per slot: free() gives them all",
    "fits": "per card: playable() gives those that fit",
    "run": "Hogue's scoring's run, for the search",
    "lang": "the board's and the widget's own, which the game follows",
}
# Names the widget keeps as every ipywidget has them, each for a reason (the board says the game's).
THE_WIDGETS_OWN = {
    "layout": "ipywidgets' trait, the widget's box (TriPeaks.compare sets it): the game's is w.game_layout",
}
# The board's names the widget says under another, as keywords and as attributes.
RENAMED_ON_THE_WIDGET = {"layout": "game_layout"}
# A board's method may take a keyword more than the game's, to show what it does.
SHOWN_ON_THE_BOARD = {("replay", "pace")}  # seconds each step stays on the board; a game has nothing to show


def public(cls):
    widget_base = {name for name in dir(ipywidgets.DOMWidget)}
    names = {}
    for name in dir(cls):
        if name.startswith("_") or (cls is TriPeaks and name in widget_base):
            continue
        names[name] = inspect.getattr_static(cls, name)
    return names


def kind(member):
    if isinstance(member, (property, traitlets.TraitType)):
        return "property"
    if isinstance(member, classmethod):
        return "classmethod"
    if isinstance(member, staticmethod):
        return "staticmethod"
    if callable(member):
        return "method"
    return "attribute"


def parameters(cls, name):
    """A method's parameters, the widget's under the board's names, without its own (ipywidgets')."""
    signature = inspect.signature(getattr(cls, name))
    said = {new: old for old, new in RENAMED_ON_THE_WIDGET.items()} if cls is TriPeaks else {}
    own = set(THE_WIDGETS_OWN) if cls is TriPeaks else set()
    return [
        (said.get(p.name, p.name), p.kind, p.default)
        for p in signature.parameters.values()
        if p.name != "self" and p.name not in own
    ]


CLASSES = {"Game": Game, "Board": Board, "TriPeaks": TriPeaks}


def test_a_name_on_two_of_game_board_and_widget_is_the_same_kind_with_the_same_parameters():
    found = {label: public(cls) for label, cls in CLASSES.items()}
    mismatches = []
    shared = 0
    for name in sorted(set().union(*found.values())):
        where = {label: members[name] for label, members in found.items() if name in members}
        if len(where) < 2:
            continue
        shared += 1
        kinds = {label: kind(member) for label, member in where.items()}
        if len(set(kinds.values())) > 1:
            mismatches.append(f"{name}: {kinds}")
            continue
        if next(iter(kinds.values())) in ("method", "classmethod"):
            signatures = {label: parameters(CLASSES[label], name) for label in where}
            game_side = signatures.pop("Game", None)
            if next(iter(kinds.values())) == "classmethod":  # a board's takes the board's keywords too
                for label, params in signatures.items():
                    if game_side is not None and not set(game_side) <= set(params):
                        mismatches.append(f"{name}: Game{game_side} not among {label}{params}")
                if len({str(p) for p in signatures.values()}) > 1:
                    mismatches.append(f"{name}: {signatures}")
                continue
            for label, params in signatures.items():
                extra = [p for p in params if game_side is not None and (name, p[0]) in SHOWN_ON_THE_BOARD]
                mine = [p for p in params if p not in extra]
                if game_side is not None and mine != game_side:
                    mismatches.append(f"{name}: Game{game_side} but {label}{params}")
            if len({str(p) for p in signatures.values()}) > 1:
                mismatches.append(f"{name}: {signatures}")
    assert shared > 40
    assert mismatches == []


def test_what_the_widget_can_say_about_its_game_it_says_under_the_games_name():
    game, board, widget = public(Game), public(Board), public(TriPeaks)
    missing = [
        name
        for name in game
        if name not in NOT_ON_THE_BOARD and (name not in board or (name not in widget and name not in THE_WIDGETS_OWN))
    ]
    assert missing == []
    assert set(NOT_ON_THE_BOARD) <= set(game)  # every reason is about a name the game has


def test_the_widget_says_everything_the_board_says_as_a_player_or_a_script_reads_it():
    plumbing = {"handle", "publish", "subscribe", "snapshot", "answer", "point", "say", "used", "close"}
    assert set(public(Board)) - plumbing - set(THE_WIDGETS_OWN) <= set(public(TriPeaks))


def test_on_the_widget_layout_is_ipywidgets_box_and_the_games_layout_is_game_layout():
    assert inspect.signature(Board).parameters["layout"].kind is inspect.Parameter.KEYWORD_ONLY
    for name in ("layout", "game_layout"):
        assert inspect.signature(TriPeaks).parameters[name].kind is inspect.Parameter.KEYWORD_ONLY
    w = TriPeaks(7, records=False, game_layout="Diamond", layout=ipywidgets.Layout(width="480px"))
    assert w.game_layout is w.board.layout is w.game.layout and w.game_layout.name == "Diamond"
    assert isinstance(w.layout, ipywidgets.Layout) and w.layout.width == "480px"  # as on every ipywidget
    assert isinstance(inspect.getattr_static(Board, "layout"), property)
    w.new_game(game_layout="Columns")
    assert w.game_layout.name == "Columns"
    with pytest.raises(TypeError, match=r"^new_game\(\) takes no keyword layout=; did you mean game_layout=\?$"):
        w.new_game(layout="Diamond")
    w.close()
    for call in (lambda: TriPeaks(layout="Diamond"), lambda: TriPeaks.of_the_day(layout="Diamond", records=False)):
        with pytest.raises(TypeError, match=r"the game's layout is game_layout= \(TriPeaks\(game_layout='Diamond'\)\)"):
            call()
    day = TriPeaks.of_the_day("2026-12-04", game_layout="Diamond", records=False)
    assert day.game_layout.name == "Diamond"
    day.close()


def test_a_board_and_a_widget_answer_as_their_game_does():
    w = TriPeaks(OPENING, records=False, lang="en")
    for card in ("K♣", "A♠", "2♦"):
        w.play(card)
    g = w.game
    for name in ("peaks", "playable", "free", "legal_moves", "rows", "to_dict"):
        assert getattr(w, name)() == getattr(w.board, name)() == getattr(g, name)(), name
    for name in ("score", "moves", "status", "discard", "stock_count", "cards_left", "number", "code", "history"):
        assert getattr(w, name) == getattr(w.board, name) == getattr(g, name), name
    assert w.number == 1 and w.move_chances(samples=8) == g.move_chances(samples=8)
    assert w.position_at(1).history == ["K♣"] and w.describe("el") == g.describe("el")
    w.close()


def test_methods_show_as_methods_with_their_signatures_and_properties_as_properties():
    assert isinstance(inspect.getattr_static(TriPeaks, "score"), property)
    assert isinstance(inspect.getattr_static(TriPeaks, "show_hints"), property)
    assert str(inspect.signature(TriPeaks.play)) == str(inspect.signature(Game.play))
    win_chance = inspect.signature(TriPeaks.win_chance)
    assert list(win_chance.parameters) == ["self", "kind", "samples", "seed", "budget"]
    assert TriPeaks.win_chance.__doc__ and TriPeaks.score.__doc__ and TriPeaks.play.__doc__
    assert "budget" in inspect.signature(Game.solve).parameters


def test_game_of_a_number_deals_numbered_game_like_the_widget():
    assert Game(42).code == Game.from_number(42).code == TriPeaks(42, records=False).code
    assert Game(42, rules="classic").code == Game.from_number(42, "classic").code
    assert Game(42).number == 42


def test_the_constructor_says_its_keywords():
    signature = inspect.signature(TriPeaks)
    for name in ("what", "game", "rules", "records", "player", "lang", "show_hints", "search_budget", "deal_budget"):
        assert name in signature.parameters, name
    assert signature.parameters["show_win_chance"].default is False
    assert signature.parameters["lang"].kind is inspect.Parameter.KEYWORD_ONLY
    said = {new: old for old, new in RENAMED_ON_THE_WIDGET.items()}
    as_the_board = [p.replace(name=said.get(p.name, p.name)) for p in signature.parameters.values()]
    assert inspect.signature(Board) == signature.replace(parameters=as_the_board[:-1])  # and ipywidgets' layout
    assert as_the_board[-1].name == "layout" and as_the_board[-1].default is None


@pytest.mark.parametrize(
    ("keyword", "near"),
    [("record", "records"), ("show_winchance", "show_win_chance"), ("langauge", "lang"), ("players", "player")],
)
def test_an_unknown_keyword_is_refused_naming_the_nearest(keyword, near):
    for make in (TriPeaks, Board):
        with pytest.raises(TypeError, match=rf"takes no keyword {keyword}=; did you mean {near}=\?") as refused:
            make(1, **{keyword: False})
        assert isinstance(refused.value, TriPeaksError)
    with pytest.raises(TypeError, match="did you mean rules="):
        Game(1, rule="classic")


def test_a_keyword_far_from_any_is_refused_listing_those_taken():
    with pytest.raises(TypeError, match=r"takes no keyword zzz=; it takes what=, game=, rules="):
        TriPeaks(zzz=1)


# -- copies (issue 45, item 7) -------------------------------------------------------------------------


def test_a_copy_of_a_game_is_its_own_and_leaves_the_original_whole():
    g = Game(OPENING)
    g.play("K♣")
    for made in (copy.copy(g), copy.deepcopy(g)):
        made.undo()
        made.solve()
        assert made.history == ["K♣", "undo"] and "verdict" in made.consulted
    assert g.history == ["K♣"] and g.can_undo and g.consulted == set()
    assert Game.from_dict(g.to_dict()).history == ["K♣"]


def test_a_board_or_a_widget_is_not_copied_and_says_what_to_copy():
    w = TriPeaks(OPENING, records=False)
    for thing in (w, w.board):
        for make in (copy.copy, copy.deepcopy):
            with pytest.raises(TypeError, match=r"copy its game \(board.game.copy\(\)\)"):
                make(thing)
    assert w.history == [] and not w.board.closed
    w.close()


# -- settings checked as the constructor checks them (issue 45, item 9) ------------------------------------


@pytest.mark.parametrize("name", ["show_hints", "show_playable", "show_win_chance", "show_verdict", "error_help"])
@pytest.mark.parametrize("bad", ["false", "no", 0, 1, None])
def test_a_switch_takes_true_or_false_only_and_changes_nothing_else(name, bad):
    w = TriPeaks(OPENING, records=False)
    before = getattr(w, name)
    with pytest.raises(TypeError, match=rf"{name} is True or False"):
        setattr(w, name, bad)
    with pytest.raises(TypeError, match=rf"{name} is True or False"):
        TriPeaks(OPENING, records=False, **{name: bad})
    assert getattr(w, name) == before
    w.close()


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), 0, -1, "2", True])
def test_a_budget_is_refused_when_it_is_set_not_at_the_first_search(bad):
    w = TriPeaks(OPENING, records=False)
    for name in ("search_budget", "deal_budget"):
        with pytest.raises(ValueError, match=rf"{name} is a number of seconds above 0"):
            setattr(w, name, bad)
        with pytest.raises(ValueError, match=rf"{name} is a number of seconds above 0"):
            TriPeaks(OPENING, records=False, **{name: bad})
    assert w.search_budget == 2.5 and w.deal_budget == 5.0
    w.close()


@pytest.mark.parametrize("pace", [float("inf"), float("nan"), -1, "1"])
def test_a_pace_that_is_no_time_is_refused_before_the_first_step(pace):
    w = TriPeaks(OPENING, records=False)
    with pytest.raises(ValueError, match="pace is a number of seconds"):
        w.replay(["draw"], pace=pace)
    assert w.history == []
    w.close()


def test_a_huge_bad_value_is_quoted_short():
    w = TriPeaks(OPENING, records=False)
    with pytest.raises(ValueError) as refused:
        w.lang = "x" * 10**6
    assert len(str(refused.value)) < 300
    with pytest.raises(TypeError) as refused:
        TriPeaks(**{"y" * 10**6: 1})
    assert len(str(refused.value)) < 400
    w.close()


# -- a click names the card it saw (issue 45, item 8) ---------------------------------------------------


def test_a_click_on_a_card_that_is_no_longer_there_plays_nothing():
    w = TriPeaks(OPENING, records=False)
    click = played(w, 20)  # the K♣ of game 1, as the view showed it
    w.new_game(21)  # a cell deals again before the click arrives
    before = w.to_dict()
    reply = w.board.handle({**click, "id": 3})
    assert reply["ok"] is False and w.to_dict() == before
    assert w.state["message"] == "The board changed before that click arrived: nothing was played"
    w.close()


def test_a_click_after_an_undo_elsewhere_plays_nothing():
    w = TriPeaks(OPENING, records=False)
    w.play("K♣")
    click = played(w, 23)  # the A♠, turned up by the K♣
    w.undo()  # another view, or a cell, takes the K♣ back: the A♠'s slot is face down again
    w.board.handle(click)
    assert w.history == ["K♣", "undo"]
    w.board.handle(played(w, 20))  # the K♣ again, as the board now shows it: played
    assert w.history == ["K♣", "undo", "K♣"]
    w.close()


# -- hooks for walkthroughs ------------------------------------------------------------------------------


def test_on_move_hears_every_move_by_hand_and_from_python_and_can_stop():
    w = TriPeaks(OPENING, records=False)
    heard = []
    stop = w.on_move(heard.append)
    w.board.handle(played(w, 20))  # a click
    w.play("A♠")
    w.draw()
    w.undo()
    w.replay(["draw"], pace=0)
    with pytest.raises(ValueError):
        w.play("3♠")  # refused: no move
    assert [(m.action, str(m.card), m.by_hand) for m in heard] == [
        ("K♣", "K♣", True),
        ("A♠", "A♠", False),
        ("draw", str(w.game.waste[-1]), False),
        ("undo", str(w.game.waste[-1]), False),
        ("draw", str(w.game.waste[-1]), False),
    ]
    stop()
    w.draw()
    assert len(heard) == 5
    w.close()


def test_a_failing_callback_is_logged_and_the_game_goes_on(caplog):
    w = TriPeaks(OPENING, records=False)
    w.on_move(lambda move: 1 / 0)
    heard = []
    w.on_move(heard.append)
    w.play("K♣")
    assert w.history == ["K♣"] and len(heard) == 1
    assert "an on_move callback failed" in caplog.text
    with pytest.raises(TypeError, match="on_move takes a function"):
        w.on_move("print")
    w.close()


def test_restart_deals_the_same_game_again_as_a_new_play(tmp_path):
    from tripeaks_widget.records import Records

    store = tmp_path / "records.sqlite3"
    w = TriPeaks(OPENING, records=store, player="ana")
    w.play("K♣")
    w.restart()
    assert w.code == OPENING and w.history == [] and w.score == 500
    w.board.handle({"type": "restart", "id": 4})
    assert w.state["reply"]["ok"] is True and w.history == []
    w.close()
    with Records(store) as records:
        assert [r["outcome"] for r in records.results()] == ["abandoned"]  # the K♣ play, left
