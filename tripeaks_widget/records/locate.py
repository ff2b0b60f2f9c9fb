"""Where a records store is: the one reading of ``TRIPEAKS_RECORDS`` and of ``Records(...)``.

Both go through :func:`locate`, which either understands the value or refuses it with a
``InvalidRecordsError`` that says what was expected and never shows a password. It understands:

- a file path (``~`` for the home folder); a folder, or a path ending in ``/``, gets
  ``records.sqlite3`` inside;
- ``:memory:`` or ``sqlite://``: a scratch store in memory; ``sqlite:///relative.db`` and
  ``sqlite:////absolute.db`` (SQLAlchemy's form);
- a PostgreSQL URL, ``postgresql://`` or ``postgres://`` in any case, or a libpq keyword string
  (``host=db dbname=class user=ana password=…``).

A ``pathlib.Path`` is always a file path.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import InvalidRecordsError, InvalidTypeError, RecordsError

ENV_VAR = "TRIPEAKS_RECORDS"
APP_NAME = "tripeaks-widget"
FILE_NAME = "records.sqlite3"
MEMORY = ":memory:"
POSTGRES_FORM = "postgresql://user:password@host:port/database"
_EXPECTED = (
    f"expected a file path, a folder, ':memory:', sqlite:///path, {POSTGRES_FORM}, "
    "or a libpq keyword string such as 'host=db dbname=class user=ana'"
)
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://")
_KEYWORDS = re.compile(r"[A-Za-z_]+\s*=")


@dataclass(frozen=True)
class Location:
    """A store's place: an SQLite file (``path``, a Path or ``":memory:"``) or a PostgreSQL
    database (``conninfo``, as libpq reads it). ``where`` names it in messages, without a password."""

    kind: str  # "sqlite" or "postgresql"
    where: str
    path: Path | str | None = None
    conninfo: str = ""
    password: str = ""


def default_path() -> Path:
    """The records file when nothing is given: ``records.sqlite3`` in the user's data folder."""
    import platformdirs

    return platformdirs.user_data_path(APP_NAME) / FILE_NAME


def redact(text: str) -> str:
    """A database URL or keyword string without its password."""
    text = re.sub(r"^([A-Za-z][A-Za-z0-9+.-]*:/*[^/?#@:]*):[^/?#@]*@", r"\1@", text)
    text = re.sub(r"(?i)([?&]password=)[^&#]*", r"\1***", text)
    return re.sub(r"(?i)(^|\s)(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S*)", r"\1\2***", text)


def locate(value: str | os.PathLike[str] | bytes | None) -> Location:
    """The store ``value`` names (None: ``$TRIPEAKS_RECORDS``, else the user's data folder)."""
    if value is None:
        text = os.environ.get(ENV_VAR, "").strip()
        if not text:
            return _file(default_path())
        return _text(text, f"the {ENV_VAR} environment variable ({redact(text)!r:.200})")
    if isinstance(value, bytes):
        value = os.fsdecode(value)
    if not isinstance(value, str):
        if not isinstance(value, os.PathLike):
            raise InvalidTypeError(f"a records store is a path or a URL; got {type(value).__name__} {value!r:.80}")
        return _file(Path(value))
    return _text(value.strip(), f"{redact(value)!r:.200}")


def _text(text: str, said: str) -> Location:
    if not text:
        raise InvalidRecordsError(f"{said}: empty; {_EXPECTED}.")
    if text == MEMORY:
        return Location("sqlite", MEMORY, path=MEMORY)
    scheme = _SCHEME.match(text)
    if scheme is not None:
        name, rest = scheme.group(1).lower(), text[scheme.end() :]
        if name in ("postgresql", "postgres"):
            return _postgres(f"postgresql://{rest}", said)
        if name == "sqlite":
            if not rest:
                return Location("sqlite", MEMORY, path=MEMORY)
            if not rest.startswith("/") or "?" in rest or len(rest) < 2:
                raise InvalidRecordsError(
                    f"{said}: not an SQLite URL this version reads; expected sqlite:///relative/path or "
                    "sqlite:////absolute/path (no query)."
                )
            return _file(Path(rest[1:]), said, folder=rest.endswith("/"))
        raise InvalidRecordsError(f"{said}: not a kind of records store this version keeps ({name}); {_EXPECTED}.")
    if re.match(r"(?i)(postgres(ql)?|sqlite):", text):
        raise InvalidRecordsError(f"{said}: not a database URL (it lacks the '//' after the scheme); {_EXPECTED}.")
    if _KEYWORDS.match(text):
        return _postgres(text, said)
    return _file(Path(text), said, folder=text.endswith(("/", os.sep)))


def _file(path: Path, said: str | None = None, folder: bool = False) -> Location:
    try:
        path = path.expanduser()
    except RuntimeError:  # ~name of a user this system does not have
        raise InvalidRecordsError(
            f"{said or path}: the home folder of {str(path).split(os.sep)[0]} cannot be found (no such user); "
            "expected a path this user can reach."
        ) from None
    if folder:
        path = path / FILE_NAME
    return Location("sqlite", str(path), path=path)


def _postgres(conninfo: str, said: str) -> Location:
    try:
        from psycopg.conninfo import conninfo_to_dict
    except ImportError:
        raise RecordsError(
            f"{said}: a PostgreSQL store needs the psycopg package; expected it installed "
            "(pip install 'tripeaks-widget[postgres]')"
        ) from None
    try:
        params = conninfo_to_dict(conninfo)
    except Exception as error:  # psycopg.ProgrammingError, or a bad percent-escape
        text = " ".join(str(error).split())
        for secret in _secrets(conninfo):
            text = text.replace(secret, "***")
        raise InvalidRecordsError(f"{said}: not a connection string libpq reads ({text:.200}); {_EXPECTED}.") from None
    password = str(params.get("password") or "")
    where = redact(conninfo)
    if password and password in where:  # a password spelled in a way the patterns missed
        where = where.replace(password, "***")
    return Location("postgresql", where, conninfo=conninfo, password=password)


def _secrets(conninfo: str) -> list[str]:
    found = re.findall(r"://[^/?#@:]*:([^/?#@]*)@", conninfo)
    found += re.findall(r"(?i)[?&]password=([^&#]*)", conninfo)
    found += [m.strip("'") for m in re.findall(r"(?i)password\s*=\s*('(?:[^'\\]|\\.)*'|\S*)", conninfo)]
    return [s for s in found if s]
