"""What one result holds: reading a game, its player and the assists it was played with."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from datetime import datetime, timezone
from functools import cache
from typing import Any, TypedDict, TypeGuard

from ..engine.codes import SERIES_FIRST, SERIES_LAST
from ..engine.errors import InvalidTypeError, InvalidValueError
from ..engine.history import draws_used, longest_run
from ..engine.layout import KEY_LIMIT, LAYOUTS, MAX_SLOTS, THREE_PEAKS, Layout, layout_key
from ..engine.rules import RULE_SETS, VARIANTS, Rules

OUTCOMES = ("won", "blocked", "abandoned")
# How a result was played, each ranked apart (records, first wins and bests are each category's own):
# by hand on a board (clicks and keys), or scripted (any move made from Python). Names this
# version does not know are read back as they are; the first is what a result says without one.
HAND, SCRIPTED = "hand", "scripted"
CATEGORIES = (HAND, SCRIPTED)
MAX_PLAYER_LENGTH = 64
# The name results are recorded under where nobody is named (the play page's one player, a system
# without user names); a notice says it as a word of its language.
DEFAULT_PLAYER = "player"
# The board's assists, as a result names them and a player sees them ("hint" is the exact hint, which
# sees the hidden cards; "fair_hint" the one from what the player sees). A review asked from Python is
# "review"; names this version does not know are kept as they are.
ASSISTS = ("hint", "fair_hint", "verdict", "win_chance")
# The searches' own names, which versions before stored for an analysis asked from Python (and a call
# to the solver or fair play themselves still gives): read, and written, as the assist a player sees.
AS_SEEN = {"solver": "verdict", "fair": "win_chance"}
_ASSIST_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
# Characters that would make a name print as something else: bidirectional embeddings and isolates.
_BIDI_CONTROLS = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
_NAME_CATEGORIES = ("Cc", "Cs", "Zl", "Zp")  # control characters, surrogates, line and paragraph separators
# The layout a result was played on, by its key (as a game code names it); the results of a store
# from before layouts were Three Peaks'. No layout has more slots than MOST_CARDS_LEFT.
DEFAULT_LAYOUT = THREE_PEAKS.key
MOST_CARDS_LEFT = MAX_SLOTS
FINISHED_AT_PATTERN = r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\+00:00"  # as result_of writes it


def _unfit_in_name(c: str) -> bool:
    return unicodedata.category(c) in _NAME_CATEGORIES or c in _BIDI_CONTROLS


def in_series(number: object) -> TypeGuard[int]:
    """Whether ``number`` is a game of the numbered series with records (R6.8): 1 to 50,000."""
    return isinstance(number, int) and not isinstance(number, bool) and SERIES_FIRST <= number <= SERIES_LAST


def rules_key(rules: Rules | str) -> str:
    """The text a rule set is stored under: ``str(rules)`` (``"easy"``, ``"classic"``).

    A name or code letter is read as ``Rules.parse`` reads it; any other text is taken as it
    is, so keys of rule sets this version does not know can still be asked for."""
    if isinstance(rules, Rules):
        return str(rules)
    if isinstance(rules, str):
        try:
            return str(Rules.parse(rules))
        except ValueError:
            return rules.strip()
    raise InvalidTypeError(f"expected a Rules value or its name, e.g. 'easy'; got {rules!r}")


def stored_layout_key(layout: Layout | str | None) -> str:
    """The text a layout is stored under: its key (``"THREE-PEAKS"``, ``"DIAMOND"``), for a
    ``Layout``, or a built-in layout's name or key (any case); None is Three Peaks. Any other name
    or key is taken as the key it makes (``Layout.key``), so the results of a layout loaded from a
    file can be asked for by its name or key."""
    if layout is None:
        return DEFAULT_LAYOUT
    if isinstance(layout, Layout):
        return layout.key
    if not isinstance(layout, str):
        raise InvalidTypeError(f"expected a Layout or its name, e.g. 'Diamond'; got {layout!r:.80}")
    try:
        return Layout.parse(layout).key
    except ValueError:
        key = layout_key(layout)
        if re.fullmatch(layout_pattern(), key):
            return key
        raise InvalidValueError(
            f"a layout is a Layout, or the name or key of one ({', '.join(LAYOUTS)}); got {layout!r:.80}"
        ) from None


def builtin_slots() -> dict[str, int]:
    """The slots of each built-in layout, by the key it is stored under."""
    return {layout.key: layout.slot_count for layout in LAYOUTS.values()}


def judge_key(result: Any) -> tuple[int, int]:
    """How results compare (§9): fewer cards left in the peaks, then fewer moves; smaller is better.

    ``result`` is a game or a result dict."""
    if isinstance(result, dict):
        return (result["cards_left"], result["moves"])
    return (result.cards_left, result.moves)


# -- players -------------------------------------------------------------------------------------


def check_player(name: object) -> str:
    """A player's name as stored: text of 1 to 64 characters, without control characters
    (line breaks, tabs, bidirectional overrides) or spaces at either end. Raises ``ValueError``
    (``TypeError`` for a non-text) saying what is expected."""
    if not isinstance(name, str):
        raise InvalidTypeError(f"a player is named by text, e.g. 'ana'; got {type(name).__name__} {name!r:.80}")
    expected = f"a player's name is 1 to {MAX_PLAYER_LENGTH} characters, without control characters"
    if not name or len(name) > MAX_PLAYER_LENGTH:
        raise InvalidValueError(f"{expected}; got {len(name)} characters")
    bad = [c for c in name if _unfit_in_name(c)]
    if bad:
        raise InvalidValueError(
            f"{expected}; got {name!r:.100} with {', '.join(sorted({f'U+{ord(c):04X}' for c in bad}))}"
        )
    if name != name.strip():
        raise InvalidValueError(f"{expected} or spaces at either end; got {name!r:.100}")
    return name


def shown_player(name: object) -> str:
    """A stored name as a notice may show it, whoever wrote it: characters a name may not hold
    become U+FFFD, and a name longer than a name may be is cut, with an ellipsis."""
    text = "".join("\ufffd" if _unfit_in_name(c) else c for c in str(name)).strip() or "\ufffd"
    return text if len(text) <= MAX_PLAYER_LENGTH else text[: MAX_PLAYER_LENGTH - 1] + "\u2026"


def _ranges(codes: list[int]) -> str:
    """Code points as a bracket expression's body of ``\\UXXXXXXXX`` ranges, read alike by Python's
    ``re`` and PostgreSQL's regular expressions."""
    out, start = [], None
    for i, code in enumerate(codes):
        if start is None:
            start = code
        if i + 1 == len(codes) or codes[i + 1] != code + 1:
            out.append(f"\\U{start:08X}" + ("" if code == start else f"-\\U{code:08X}"))
            start = None
    return "".join(out)


@cache
def player_pattern() -> str:
    """The names ``check_player`` takes, as a regular expression (with the length checked apart),
    made from the same rules, for the server to check what it is sent (see ``writes``)."""
    codes = [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]  # a server's text holds no surrogate
    unfit = _ranges([c for c in codes if _unfit_in_name(chr(c))])
    ends = unfit + _ranges([c for c in codes if chr(c).isspace() and not _unfit_in_name(chr(c))])
    return f"[^{ends}]([^{unfit}]*[^{ends}])?"


def rules_pattern() -> str:
    """The keys ``rules_key`` stores for a rule set, as a regular expression: a base rule set,
    then each variant at most once, in their own order."""
    bases = "|".join(rules.name for rules in RULE_SETS)
    return f"({bases})" + "".join(f"(\\+{re.escape(name)})?" for _, name in VARIANTS.values())


def layout_pattern() -> str:
    """The keys ``stored_layout_key`` stores, as a regular expression: what ``Layout.key`` makes of a
    name (letters and digits, ASCII ones in capitals, a hyphen between runs of them; any character
    beyond ASCII is taken), at most ``KEY_LIMIT`` long."""
    part = r"[A-Z0-9\u0080-\U0010ffff]+"  # escapes that Python and PostgreSQL both read
    return f"(?=.{{1,{KEY_LIMIT}}}$){part}(-{part})*"


def assists_pattern() -> str:
    """The text ``assists_text`` stores: at most 16 names, comma-separated."""
    return f"({_ASSIST_NAME.pattern}(,{_ASSIST_NAME.pattern}){{0,15}})?"


def check_assists(assists: Iterable[str] | None) -> frozenset[str]:
    """The assists a result used, as a set of names (``{"hint", "verdict"}``; see ``ASSISTS``).

    A name this version does not know (lower-case letters, digits, ``-`` and ``_``) is kept as
    it is, so results of a newer version read back whole."""
    if assists is None:
        return frozenset()
    if isinstance(assists, str):
        raise InvalidTypeError(f"assists is a set of names such as {{'hint', 'verdict'}}; got the text {assists!r:.80}")
    names = frozenset(assists)
    for name in names:
        if not isinstance(name, str) or not _ASSIST_NAME.fullmatch(name):
            raise InvalidValueError(
                f"an assist is named in lower-case letters, digits, '-' and '_' (known: {', '.join(ASSISTS)}); "
                f"got {name!r:.80}"
            )
    return names


def assists_text(assists: frozenset[str]) -> str:
    """How a set of assists is stored: the names sorted, comma-separated ('' for none)."""
    return ",".join(sorted(assists))


def as_seen(names: Iterable[str]) -> frozenset[str]:
    """Assists named as the player saw them: a search's own name (``AS_SEEN``) becomes its assist's."""
    return frozenset(AS_SEEN.get(name, name) for name in names)


def assists_of(text: str) -> list[str]:
    """The assists a stored result lists (comma-separated) as names, as the player saw them (a
    result stored by an earlier version reads ``"verdict"`` for its ``"solver"``)."""
    return sorted(as_seen(name for name in text.split(",") if name))


# -- one result -----------------------------------------------------------------------------------


def outcome_of(status: str, outcome: str | None) -> str:
    """A result's outcome from the game's status, checked against ``outcome`` when given."""
    derived = {"won": "won", "blocked": "blocked"}.get(status, "abandoned")
    if outcome is None:
        return derived
    if outcome not in OUTCOMES:
        raise InvalidValueError(f"outcome must be one of {', '.join(OUTCOMES)}; got {outcome!r}")
    if outcome != derived:
        raise InvalidValueError(
            f"a game whose status is {status!r} cannot be recorded as {outcome!r}; it is {derived!r}"
        )
    return outcome


class _Result(TypedDict):
    player: str
    rules: str  # the rule set's key (``rules_key``)
    number: int
    outcome: str
    cards_left: int
    moves: int
    score: int
    draws: int
    longest_run: int
    assists: str  # the assists, as the store keeps them (``assists_text``)
    finished_at: str  # ISO 8601, in UTC, to the second
    category: str
    layout: str  # the layout's key


class ResultRow(_Result, total=False):
    """The row a game leaves in a store (``result_of``), and the token of its play once a store
    takes it (one play, one result: see ``Records.record``)."""

    token: str


def check_category(category: object) -> str:
    """A category a result is recorded in: one of ``CATEGORIES`` (``"hand"``, ``"scripted"``)."""
    if category not in CATEGORIES:
        raise InvalidValueError(f"a result's category is one of {', '.join(CATEGORIES)}; got {category!r:.80}")
    return str(category)


def result_of(
    game: Any,
    outcome: str | None = None,
    *,
    player: str,
    category: str = SCRIPTED,
    assists: Iterable[str] | None = None,
    finished_at: datetime | None = None,
) -> ResultRow | None:
    """The row a game leaves in the store, or None when it leaves none (outside the series, a
    hand-arranged deal, abandoned without a move). Its assists are ``assists`` and every analysis
    the game consulted (``game.consulted``: ``"hint"``, ``"verdict"`` …), named as the player saw
    them (``as_seen``). Raises ``ValueError`` for a
    contradicting outcome, a bad player name, category or assist."""
    number = getattr(game, "number", None)
    player = check_player(player)
    category = check_category(category)
    used = as_seen(check_assists(assists) | check_assists(getattr(game, "consulted", None)))
    if not in_series(number):
        return None
    outcome = outcome_of(game.status, outcome)
    if outcome == "abandoned" and game.moves == 0:
        return None
    history = game.history
    when = (finished_at or datetime.now(timezone.utc)).astimezone(timezone.utc)
    return {
        "player": player,
        "rules": rules_key(game.rules),
        "number": number,
        "outcome": outcome,
        "cards_left": game.cards_left,
        "moves": game.moves,
        "score": game.score,
        "draws": draws_used(history),
        "longest_run": longest_run(history),
        "assists": assists_text(used),
        "finished_at": when.isoformat(timespec="seconds"),
        "category": category,
        "layout": game.layout.key,
    }
