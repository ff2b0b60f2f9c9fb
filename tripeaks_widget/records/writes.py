"""Writing one result: the statements, written once, and what their answers tell the player.

A result is five statements in one transaction (see :mod:`.schema`): store the play (its token
unique, a better result replacing a worse one of the same play), then take the game's best and
the player's own best when it beats them, both in the result's category (played by hand, or
scripted: each has its own). The statements are kept here with named parameters
(``:cards_left``) and run two ways from the same text: by the store itself (``?`` placeholders,
SQLite, or PostgreSQL as the store's owner), or inside ``tripeaks_record()``, the function a
PostgreSQL store set up for a class gives its players (:mod:`.roles`), who may call it but not
write a table. Both give back the same answers, and :func:`notices` alone turns them into what
the player is told.

The function vouches for what it stores: the finishing time is the server's (``now()``), the
client's own is kept as ``played_at``, a note; and a result's outcome, cards left, draws, run,
moves and score must lie within what its layout and rule set allow (:func:`.bounds.result_bounds`,
read from the game). The store's owner, writing the tables itself, is trusted with its own times.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .backends import Connection
from .bounds import Bounds, result_bounds
from .notices import Notice, personal_notice, store_notice
from .results import (
    CATEGORIES,
    FINISHED_AT_PATTERN,
    MAX_PLAYER_LENGTH,
    MOST_CARDS_LEFT,
    ResultRow,
    assists_pattern,
    builtin_slots,
    layout_pattern,
    player_pattern,
    rules_pattern,
)

WRITTEN: tuple[str, ...]  # the columns of a result, in the order the store writes them
WRITTEN = ("player", "rules", "number", "outcome", "cards_left", "moves", "score", "draws", "longest_run")
WRITTEN += ("assists", "finished_at", "category", "layout", "token")
TYPES = {"number": "integer", "cards_left": "integer", "moves": "integer", "score": "integer"}
TYPES |= {"draws": "integer", "longest_run": "integer"}

# Each column of a stored result and the parameter it takes: the finishing time is the store's own
# (the server's, in the class's function), and the time the client sent is kept as played_at.
_STORED = {c: c for c in WRITTEN} | {"finished_at": "stored_at", "played_at": "finished_at"}
_BETTER = "{t}.cards_left > {n}.cards_left OR ({t}.cards_left = {n}.cards_left AND {t}.moves > {n}.moves)"
STORE = (
    f"INSERT INTO results ({', '.join(_STORED)}) VALUES ({', '.join(':' + p for p in _STORED.values())}) "
    f"ON CONFLICT (token) DO UPDATE SET {', '.join(f'{c} = excluded.{c}' for c in _STORED if c != 'token')} "
    f"WHERE results.player = excluded.player AND ({_BETTER.format(t='results', n='excluded')}) RETURNING id"
)  # a play is its player's: another name with its token changes nothing
_BEATS = "(cards_left > :cards_left OR (cards_left = :cards_left AND moves > :moves))"
# The bests are each category's own: a scripted result never takes a best among those played by hand.
# ... and each layout's: a game is its number, its rule set and its layout.
FIRST_BEST = (
    "INSERT INTO bests (category, layout, rules, number, player, cards_left, moves) VALUES (:category, :layout, "
    ":rules, :number, :player, :cards_left, :moves) ON CONFLICT (category, layout, rules, number) DO NOTHING "
    "RETURNING cards_left"
)
BEAT_BEST = (
    "UPDATE bests SET was_cards_left = cards_left, was_moves = moves, cards_left = :cards_left, moves = :moves, "
    "player = :player WHERE category = :category AND layout = :layout AND rules = :rules AND number = :number "
    f"AND {_BEATS} RETURNING was_cards_left, was_moves"
)
FIRST_MINE = (
    "INSERT INTO player_bests (player, category, layout, rules, number, cards_left, moves) VALUES (:player, "
    ":category, :layout, :rules, :number, :cards_left, :moves) ON CONFLICT (player, category, layout, rules, "
    "number) DO NOTHING RETURNING cards_left"
)
BEAT_MINE = (
    "UPDATE player_bests SET was_cards_left = cards_left, was_moves = moves, cards_left = :cards_left, "
    "moves = :moves WHERE player = :player AND category = :category AND layout = :layout AND rules = :rules "
    f"AND number = :number AND {_BEATS} RETURNING was_cards_left, was_moves"
)
_NAMED = re.compile(r"(?<!:):([a-z_]+)")


@dataclass(frozen=True)
class Written:
    """What the five statements answered: whether the play was stored (or improved), and for the
    game's best and the player's own, whether the result took it and the one it beat (None: the first)."""

    stored: bool
    best: bool = False
    best_before: tuple[int, int] | None = None
    mine: bool = False
    mine_before: tuple[int, int] | None = None


def positional(sql: str, row: Mapping[str, object]) -> tuple[str, tuple[object, ...]]:
    """A statement with ``?`` placeholders, and its values from ``row``."""
    names = _NAMED.findall(sql)
    return _NAMED.sub("?", sql), tuple(row[name] for name in names)


def run(conn: Connection, sql_of: Callable[[str], str], row: ResultRow) -> Written:
    """The five statements, run by the store (``sql_of`` turns ``?`` into the backend's placeholders)."""

    named = row | {"stored_at": row["finished_at"]}  # the store's owner is trusted with its own time

    def one(sql: str) -> list[Any]:
        text, values = positional(sql, named)
        return conn.execute(sql_of(text), values).fetchall()

    if not one(STORE):
        return Written(False)
    best, best_before = False, None
    if not row["assists"]:  # the game's records are unassisted results'
        if one(FIRST_BEST):
            best = True
        else:
            beaten = one(BEAT_BEST)
            best, best_before = bool(beaten), (tuple(beaten[0]) if beaten else None)
    mine, mine_before = False, None
    if one(FIRST_MINE):
        mine = True
    else:
        beaten = one(BEAT_MINE)
        mine, mine_before = bool(beaten), (tuple(beaten[0]) if beaten else None)
    return Written(True, best, best_before, mine, mine_before)


def notices(row: ResultRow, written: Written) -> list[Notice]:
    """What the player is told about a result the store took (§9)."""
    if not written.stored:
        return []  # this play already did as well
    game, now = (row["rules"], row["number"], row["category"]), (row["cards_left"], row["moves"])
    said = []
    if written.best:
        said.append(store_notice(*game, now, written.best_before, row["layout"]))
    if written.mine and written.mine_before is not None and not said:
        said.append(personal_notice(*game, now, written.mine_before, row["layout"]))
    return said


# -- the same statements as a PostgreSQL function ---------------------------------------------------

FUNCTION = "tripeaks_record"
_OUT = (
    "stored boolean, best boolean, best_cards_left integer, best_moves integer, mine boolean, "
    "mine_cards_left integer, mine_moves integer"
)


# The server's time, as a result's finishing time is written (FINISHED_AT_PATTERN): the same all
# through one transaction (now()), so the store reads back what its function stored.
SERVER_TIME = "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"+00:00\"')"
_FINISHED_AT = "finished_at is a real time in UTC, e.g. '2026-12-03T16:00:00+00:00'"
TOKEN_PATTERN = "[0-9a-f]{32}"  # a play's token: uuid4().hex (see Records._play_token)


def _slots_of_layout() -> str:
    """The slots of the layout ``p_layout`` names, as SQL: a built-in layout's own, else the most any has."""
    cases = " ".join(f"WHEN '{key}' THEN {slots}" for key, slots in sorted(builtin_slots().items()))
    return f"(CASE p_layout {cases} ELSE {MOST_CARDS_LEFT} END)"  # in brackets: an IF reads to its first THEN


def _checks() -> str:
    """What the function refuses before it writes: what the client would not send (the same rules,
    from .results), each with the words a refusal says."""
    checks = (
        (
            f"p_player IS NULL OR char_length(p_player) NOT BETWEEN 1 AND {MAX_PLAYER_LENGTH} "
            f"OR p_player !~ '^({player_pattern()})$'",
            f"a player's name is 1 to {MAX_PLAYER_LENGTH} characters, without control characters or spaces at "
            "either end",
        ),
        (
            f"p_rules IS NULL OR char_length(p_rules) > 200 OR p_rules !~ '^{rules_pattern()}$'",
            "the rule set is a known rules key, e.g. 'easy' or 'classic+joker'",
        ),
        (
            f"p_layout IS NULL OR char_length(p_layout) > 100 OR p_layout !~ '^{layout_pattern()}$'",
            "the layout is a layout's key, e.g. 'THREE-PEAKS' or 'DIAMOND'",
        ),
        (
            f"p_cards_left IS NULL OR p_cards_left < 0 OR p_cards_left > {_slots_of_layout()}",
            f"the cards left are 0 to the layout's slots (at most {MOST_CARDS_LEFT})",
        ),
        (f"p_finished_at IS NULL OR p_finished_at !~ '^{FINISHED_AT_PATTERN}$'", _FINISHED_AT),
        (f"p_token IS NULL OR p_token !~ '^{TOKEN_PATTERN}$'", "a play's token is 32 hexadecimal digits"),
        (
            f"p_category IS NULL OR p_category NOT IN ({', '.join(repr(c) for c in CATEGORIES)})",
            f"a result's category is one of {', '.join(CATEGORIES)}",
        ),
        (
            f"p_assists IS NULL OR char_length(p_assists) > 600 OR p_assists !~ '^{assists_pattern()}$'",
            "the assists are names in lower-case letters, comma-separated",
        ),
    )

    lines = [f"IF {test} THEN {_refuse(said)} END IF;" for test, said in checks]
    # A time of the right form that is no time (month 13): the cast's own error, said in the same words.
    lines.append(f"BEGIN PERFORM p_finished_at::timestamptz; EXCEPTION WHEN others THEN {_refuse(_FINISHED_AT)} END;")
    return "\n    ".join(lines)


def _refuse(said: str) -> str:
    """The statement that refuses a result, saying ``said`` (a check's violation, SQLSTATE 23514)."""
    quoted = f"{FUNCTION}: {said}".replace("'", "''")
    return f"RAISE EXCEPTION USING ERRCODE = 'check_violation', MESSAGE = '{quoted}';"


def _bounds(bounds: dict[tuple[str, str], Bounds]) -> str:
    """What a result may hold on its layout under its rule set (``bounds``, by their keys), checked:
    on a built-in layout, each refusal with its words; a layout of a file's own, whose slots the
    store does not know, is checked for its outcome alone."""
    rows = ", ".join(
        f"('{layout}', '{rules}', {b.slots}, {b.stock}, {b.start}, {b.bonus}, {'true' if b.hogue else 'false'}, "
        f"{b.draw_cost})"
        for (layout, rules), b in sorted(bounds.items())
    )
    removed = "(v.slots - p_cards_left)"  # the cards played
    # (In brackets: an IF reads to its first THEN.)
    low = f"(CASE WHEN v.hogue THEN {removed} - v.draw_cost * p_draws ELSE 0 END)"
    high = (
        f"(CASE WHEN v.hogue THEN {removed} * ({removed} + 1) / 2 + v.bonus - v.draw_cost * p_draws "
        "ELSE v.start + v.bonus END)"
    )
    checks = (
        (
            "(p_outcome = 'won') <> (p_cards_left = 0)",
            "a result is won exactly when no card is left on the layout",
        ),
        (
            "p_draws > v.stock",
            "the draws are at most the cards in the stock at the deal, on this layout under these rules",
        ),
        (
            f"p_longest_run > {removed}",
            "the longest run is at most the cards played (the layout's slots less the cards left)",
        ),
        (
            f"p_moves < {removed} + p_draws",
            "the moves are at least the cards played and the draws",
        ),
        (
            f"p_score NOT BETWEEN {low} AND {high}",
            "the score is within what these rules allow for the cards played and the draws",
        ),
    )
    found = (
        "SELECT * INTO v FROM (VALUES "
        + rows
        + ") AS b (layout, rules, slots, stock, start, bonus, hogue, draw_cost) WHERE b.layout = p_layout "
        "AND b.rules = p_rules;"
    )
    (outcome, said), *others = checks
    lines = [f"IF {outcome} THEN {_refuse(said)} END IF;", found, "IF FOUND THEN"]
    lines += [f"    IF {test} THEN {_refuse(said)} END IF;" for test, said in others]
    return "\n    ".join([*lines, "END IF;"])


def function_sql(schema: str) -> str:
    """``CREATE OR REPLACE FUNCTION tripeaks_record(...)``: the five statements, run as the store's
    owner (SECURITY DEFINER) for a caller who may not write the tables, in schema ``schema``."""

    params = ", ".join(f"p_{c} {TYPES.get(c, 'text')}" for c in WRITTEN)
    quoted = '"' + schema.replace('"', '""') + '"'
    return f"""CREATE OR REPLACE FUNCTION {quoted}.{FUNCTION}({params}) RETURNS TABLE ({_OUT})
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {quoted}, pg_temp AS $body${function_body()}$body$"""


def function_body() -> str:
    """The function's body, as the server keeps it (``pg_proc.prosrc``)."""

    def body(sql: str, into: str) -> str:
        return _NAMED.sub(lambda m: f"p_{m.group(1)}", sql) + f" INTO {into};"

    return f"""
#variable_conflict use_column
DECLARE
    made bigint;
    first integer;
    v record;
    p_stored_at text := {SERVER_TIME};
BEGIN
    {_checks()}
    {_bounds(result_bounds())}
    stored := false; best := false; mine := false;
    {body(STORE, "made")}
    IF NOT FOUND THEN RETURN NEXT; RETURN; END IF;
    stored := true;
    IF p_assists = '' THEN
        {body(FIRST_BEST, "first")}
        IF FOUND THEN best := true;
        ELSE
            {body(BEAT_BEST, "best_cards_left, best_moves")}
            best := FOUND;
        END IF;
    END IF;
    {body(FIRST_MINE, "first")}
    IF FOUND THEN mine := true;
    ELSE
        {body(BEAT_MINE, "mine_cards_left, mine_moves")}
        mine := FOUND;
    END IF;
    RETURN NEXT;
END
"""


def call(conn: Connection, row: Mapping[str, object]) -> Written:
    """The five statements through the store's function (a player's role on a class's store)."""
    answer = conn.execute(
        f"SELECT * FROM {FUNCTION}({', '.join(['%s'] * len(WRITTEN))})", tuple(row[c] for c in WRITTEN)
    ).fetchone()
    stored, best, best_cards, best_moves, mine, mine_cards, mine_moves = answer
    return Written(
        bool(stored),
        bool(best),
        None if best_cards is None else (best_cards, best_moves),
        bool(mine),
        None if mine_cards is None else (mine_cards, mine_moves),
    )
