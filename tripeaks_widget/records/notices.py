"""What the records store tells a player (§9), in every language the catalogs hold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

from ..engine.messages import Entry, Message
from ..i18n import LayoutName, RuleSetName
from .results import DEFAULT_LAYOUT, DEFAULT_PLAYER, HAND, shown_player

# Notice kinds (§9), across every player of the store, then the player's own.
FIRST_WIN = "first_win"  # the first win of game n, of anyone
RECORD = "record"  # a new record for game n: better than everyone's best
BEST_SO_FAR = "best_so_far"  # the best result of game n, not a win, and the first one
PERSONAL_BEST = "personal_best"  # better than the player's own best of game n
STANDING = "standing"  # said when a numbered game is dealt: its record and who holds it
FIRST_MET = "first_met"  # the first to meet one of the class's challenges on game n
KINDS = (FIRST_WIN, RECORD, BEST_SO_FAR, PERSONAL_BEST, STANDING, FIRST_MET)

# What the notices say: catalog entries (python tools/catalogs.py reads NOTICE_ENTRIES).
_ABOUT = "A records notice (§9). {game} is a numbered game and its rule set (e.g. 'game 123 (Easy)'), "
SAID_FIRST_WIN = Entry(
    "First win of {game}: {result}.",
    comment=_ABOUT + "{result} how it was won (e.g. 'won in 47 moves'): nobody had won it before.",
)
SAID_RECORD = Entry(
    "New record for {game}: {result}, beating {before}.",
    comment=_ABOUT + "{result} the new best result, {before} the one it beats (e.g. 'won in 49 "
    "moves', '20 cards left in 9 moves').",
)
SAID_BEST_SO_FAR = Entry(
    "Best result so far of {game}: {result}.",
    comment=_ABOUT + "{result} the best result of this game so far, not a win (e.g. '23 cards left in 5 moves').",
)
SAID_PERSONAL_BEST = Entry(
    "Your personal best for {game}: {result}, beating {before}.",
    comment=_ABOUT + "{result} the player's own new best result, {before} their own best before it; "
    "someone else holds the game's record.",
)
SAID_STANDING = Entry(
    "Record of {game}: {result}, held by {player}.",
    comment=_ABOUT + "said as the game is dealt. {result} its best result so far, {player} the name of the "
    "player who holds it (as they typed it).",
)
SAID_GAME = Entry(
    "game {number} ({rules})",
    comment="A numbered game in a records notice: its number and its rule set ('Easy', 'Easy + Joker').",
)
SAID_SCRIPTED_GAME = Entry(
    "game {number} ({rules}, scripted)",
    comment="A numbered game in a records notice about a game played from code (a move made from Python, not by "
    "hand on the board): such games keep first wins and records of their own, apart from games played by hand.",
)
_ON_LAYOUT = (
    " On a layout other than Three Peaks (the table the cards are dealt on), {layout} is its name "
    "('Diamond', 'Four Peaks'): each layout has its own numbered games and records."
)
SAID_LAYOUT_GAME = Entry("game {number} ({rules}, {layout})", comment=SAID_GAME.comment + _ON_LAYOUT)
SAID_SCRIPTED_LAYOUT_GAME = Entry(
    "game {number} ({rules}, {layout}, scripted)", comment=SAID_SCRIPTED_GAME.comment + _ON_LAYOUT
)
SAID_WON_IN = Entry(
    "won in {n} move",
    "won in {n} moves",
    context="result",
    comment="A result in a records notice: the game was won in {n} moves.",
)
SAID_LEFT_IN = Entry(
    "{cards} left in {moves}",
    context="result",
    comment="A result in a records notice: {cards} cards were left in the peaks after {moves} moves "
    "(e.g. '23 cards left in 5 moves'; each says its own number).",
)
SAID_CARDS_LEFT = Entry(
    "{n} card",
    "{n} cards",
    context="cards left in the peaks",
    comment="The {cards} of '{cards} left in {moves}': cards left in the peaks.",
)
SAID_MOVES_MADE = Entry(
    "{n} move", "{n} moves", context="in moves", comment="The {moves} of '{cards} left in {moves}': the moves made."
)
SAID_FIRST_MET = Entry(
    "First to meet the class's challenge on {game}: {challenge}.",
    comment=_ABOUT + "{challenge} the challenge a teacher set on it (e.g. 'Win with at most 5 draws'): "
    "nobody of the class had met it before.",
)
SAID_DEFAULT_PLAYER = Entry(
    "player",
    context="player's name",
    comment="The name a result is recorded under when nobody is named (the play page's one player), "
    "as a notice says it: the {player} of 'held by {player}'.",
)
_OUTCOME = "How a recorded game ended, in the statistics' list of recent games ('won, won, blocked, left'): "
SAID_OUTCOMES = {
    "won": Entry("won", context="outcome", comment=_OUTCOME + "the game was won."),
    "blocked": Entry("blocked", context="outcome", comment=_OUTCOME + "no move was left: the game was lost."),
    "abandoned": Entry("left", context="outcome", comment=_OUTCOME + "the player dealt again before it ended."),
}
NOTICE_ENTRIES = (
    *SAID_OUTCOMES.values(),
    SAID_FIRST_WIN,
    SAID_FIRST_MET,
    SAID_RECORD,
    SAID_BEST_SO_FAR,
    SAID_PERSONAL_BEST,
    SAID_STANDING,
    SAID_GAME,
    SAID_SCRIPTED_GAME,
    SAID_LAYOUT_GAME,
    SAID_SCRIPTED_LAYOUT_GAME,
    SAID_WON_IN,
    SAID_LEFT_IN,
    SAID_CARDS_LEFT,
    SAID_MOVES_MADE,
    SAID_DEFAULT_PLAYER,
)


class NoticeFields(TypedDict):
    """A notice as JSON-ready plain values (:meth:`Notice.as_dict`)."""

    kind: str
    number: int
    text: str
    rules: str


@dataclass(frozen=True)
class Notice:
    """Something to tell the player after a result is recorded, or as a numbered game is dealt (§9).

    ``kind`` is one of ``KINDS`` (``"first_win"``, ``"record"``, ``"best_so_far"``,
    ``"personal_best"``, ``"standing"``); ``text`` is plain English, which keeps its
    ``template`` and ``values`` (a :class:`~tripeaks_widget.engine.messages.Message`), so
    ``i18n.translate(notice.text, "he")`` says it in Hebrew.
    """

    kind: str
    number: int
    text: str
    rules: str = ""

    def __str__(self) -> str:
        return self.text

    @property
    def template(self) -> str:
        """The English template of the text (``"First win of {game}: {result}."``)."""
        return getattr(self.text, "template", str(self.text))

    @property
    def values(self) -> dict[str, Any]:
        """The values that fill the template (themselves phrases, numbers, rule-set names)."""
        return dict(getattr(self.text, "values", {}))

    def as_dict(self) -> NoticeFields:
        """The notice as JSON-ready plain values."""
        return {"kind": self.kind, "number": self.number, "text": self.text, "rules": self.rules}


def describe(cards_left: int, moves: int) -> Message:
    """A result in words: ``"won in 47 moves"``, ``"23 cards left in 5 moves"``."""
    if cards_left == 0:
        return Message(SAID_WON_IN, n=moves)
    return Message(SAID_LEFT_IN, cards=Message(SAID_CARDS_LEFT, n=cards_left), moves=Message(SAID_MOVES_MADE, n=moves))


def said_outcome(outcome: str) -> Message:
    """How a recorded game ended, in a word (``"won"``, ``"blocked"``, ``"left"``); an outcome a newer
    version wrote is said as it is stored."""
    return Message(SAID_OUTCOMES[outcome]) if outcome in SAID_OUTCOMES else Message(outcome)


def rules_title(key: str) -> RuleSetName:
    """A rule-set key in a notice: ``"easy+joker"`` reads ``"Easy + joker"`` (and, in another
    language, with the front end's names of the rule set and its variants)."""
    base, *variants = key.split("+")
    return RuleSetName(key, " + ".join([base[:1].upper() + base[1:], *variants]))


def layout_title(key: str) -> LayoutName:
    """A layout's key in a notice: a built-in layout's name (``"DIAMOND"`` reads ``"Diamond"``, and
    in another language as the board names it), another's key as it is."""
    return LayoutName(key)


def player_title(name: str) -> str:
    """A player's name in a notice, as :func:`~.results.shown_player` shows it; the default name,
    which nobody chose, is a word of the notice's language."""
    return Message(SAID_DEFAULT_PLAYER) if name == DEFAULT_PLAYER else shown_player(name)


def game_title(rules: str, number: int, category: str = HAND, layout: str = DEFAULT_LAYOUT) -> Message:
    """The game's name as a notice says it: its number and rule set, its layout's name when it is
    not Three Peaks (each layout's records are its own), and ", scripted" for a result of any
    category but those played by hand, whose records are apart."""
    hand = category == HAND
    if layout == DEFAULT_LAYOUT:
        return Message(SAID_GAME if hand else SAID_SCRIPTED_GAME, number=number, rules=rules_title(rules))
    entry = SAID_LAYOUT_GAME if hand else SAID_SCRIPTED_LAYOUT_GAME
    return Message(entry, number=number, rules=rules_title(rules), layout=layout_title(layout))


def first_met_notice(
    rules: str, number: int, category: str, challenge: Message, layout: str = DEFAULT_LAYOUT
) -> Notice:
    """The notice for the first result of a class that meets one of its challenges."""
    said = Message(SAID_FIRST_MET, game=game_title(rules, number, category, layout), challenge=challenge)
    return Notice(FIRST_MET, number, said, rules)


def store_notice(
    rules: str,
    number: int,
    category: str,
    now: tuple[int, int],
    before: tuple[int, int] | None,
    layout: str = DEFAULT_LAYOUT,
) -> Notice:
    """The notice for a result that took the game's best in its category from ``before`` (None: the first)."""
    title, said = game_title(rules, number, category, layout), describe(*now)
    if now[0] == 0 and (before is None or before[0] > 0):
        return Notice(FIRST_WIN, number, Message(SAID_FIRST_WIN, game=title, result=said), rules)
    if before is None:
        return Notice(BEST_SO_FAR, number, Message(SAID_BEST_SO_FAR, game=title, result=said), rules)
    return Notice(RECORD, number, Message(SAID_RECORD, game=title, result=said, before=describe(*before)), rules)


def personal_notice(
    rules: str,
    number: int,
    category: str,
    now: tuple[int, int],
    before: tuple[int, int],
    layout: str = DEFAULT_LAYOUT,
) -> Notice:
    """The notice for the player's own best of a game whose record someone else holds."""
    title = game_title(rules, number, category, layout)
    text = Message(SAID_PERSONAL_BEST, game=title, result=describe(*now), before=describe(*before))
    return Notice(PERSONAL_BEST, number, text, rules)


def standing_notice(
    rules: str, number: int, best: tuple[int, int], player: str, category: str = HAND, layout: str = DEFAULT_LAYOUT
) -> Notice:
    """The notice, on dealing a numbered game, of its record (in ``category``) and who holds it."""
    title = game_title(rules, number, category, layout)
    text = Message(SAID_STANDING, game=title, result=describe(*best), player=player_title(player))
    return Notice(STANDING, number, text, rules)
