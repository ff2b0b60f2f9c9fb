"""Who plays on a board: the name its results are recorded under.

A name given in code (``TriPeaks(player="ana")``) is checked, and a mistake raises. The default
name is the environment's (``$JUPYTERHUB_USER``, then the operating system's user), which the
player did not choose and cannot fix in a notebook: a hub may name users by e-mail address,
longer than the records take. The game never depends on it. Such a name is mapped to one the
records take, the same one every time (so a player's results stay together), and that is
said once per process.
"""

from __future__ import annotations

import getpass
import hashlib
import logging
import os
import unicodedata

from ..engine.messages import Message
from .results import DEFAULT_PLAYER, MAX_PLAYER_LENGTH, check_player

PLAYER_ENV_VAR = "JUPYTERHUB_USER"

log = logging.getLogger("tripeaks_widget")

PLAYER_RENAMED = Message("Your user name cannot be used for the records, so your results are recorded as {player}.")

_TAG = 8  # hex digits of the full name's hash kept in a shortened one: distinct names stay distinct
_said: set[str] = set()  # the names whose mapping this process has already said


def default_player() -> str:
    """Who plays when nobody says: ``$JUPYTERHUB_USER``, else the operating system's user, fitted
    to what a name may be (:func:`fitted`): a name from the environment never stops a store or a game."""
    return fitted(default_name())


def default_name() -> str:
    """The environment's name for the player, unchecked (``default_player`` checks it)."""
    name = os.environ.get(PLAYER_ENV_VAR, "").strip()
    if not name:
        try:
            name = getpass.getuser()
        except (KeyError, OSError):  # no user name to be found (a container without one)
            name = f"uid-{os.getuid()}" if hasattr(os, "getuid") else DEFAULT_PLAYER
    return name


def fitted(name: str) -> str:
    """``name`` as the records can take it: control and formatting characters dropped, spaces at
    either end stripped, and when it is still too long (or empty), cut and tagged with a hash of
    the whole name (``"a.very.long…~1f2e3d4c"``). A name they take already is kept as it is."""
    try:
        return check_player(name)
    except ValueError:
        pass
    kept = "".join(c for c in name if unicodedata.category(c)[0] not in "CZ" or c == " ").strip()
    tag = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:_TAG]
    if not kept:
        return f"player~{tag}"
    # tagged even when cleaning alone made it fit: two names may clean to the same text
    head = kept[: MAX_PLAYER_LENGTH - _TAG - 2].rstrip()
    return check_player(f"{head}…~{tag}")


def renamed(player: str) -> Message | None:
    """What to tell the player, the first time in this process that a board records as ``player``
    because the environment's name had to be changed (it is logged too); else None."""
    found = default_name()
    if player == found or fitted(found) != player or found in _said:
        return None
    _said.add(found)
    log.warning(
        "the user name %r cannot be a player's name in the records (1 to %d characters, without "
        "control characters); results are recorded as %r",
        found[:200],
        MAX_PLAYER_LENGTH,
        player,
    )
    return Message(PLAYER_RENAMED, player=player)
