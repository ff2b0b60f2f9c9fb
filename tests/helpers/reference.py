"""The pure-Python build's answers, kept between runs: the differential tests compare the compiled
build's answers, computed on every run, with the reference's, which take ten times as long and
change only when their sources do. Each set is kept in ``tests/reference/``, gzipped JSON, with the
digest of its sources (the Python files as code, their comments and docstrings left out; the data
that compute it; and the test's own parameters); when the digest differs, the answers are computed
again and the file rewritten, to be committed with the change that moved them."""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FOLDER = Path(__file__).resolve().parents[1] / "reference"
# The engine with its layouts: what every set of answers is computed from.
ENGINE = ("tripeaks_widget/engine",)
# The searches and fair play in Python (not the solver's C source, which is what they check).
SEARCHES = (
    *ENGINE,
    "tripeaks_widget/solver",
    "tripeaks_widget/fair",
    "tripeaks_widget/analysis.py",
    "tripeaks_widget/_builds.py",
)
SUFFIXES = {".py", ".json", ".toml"}


def source_files(sources: Iterable[str]) -> list[Path]:
    found: list[Path] = []
    for name in sources:
        path = REPO / name
        found += sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES) if path.is_dir() else [path]
    return [path for path in found if "__pycache__" not in path.parts and "_compiled" not in path.parts]


def digest(parameters: object, sources: Iterable[str]) -> str:
    """The digest of the sources (files or folders, from the repository) and of ``parameters`` (as
    JSON) that a set of answers comes from."""
    hashed = hashlib.sha256(json.dumps(parameters, sort_keys=True).encode())
    for path in source_files(sources):
        hashed.update(path.relative_to(REPO).as_posix().encode() + b"\0" + as_code(path) + b"\0")
    return hashed.hexdigest()


def as_code(path: Path) -> bytes:
    """A Python file as the code it runs (its syntax tree, without comments and docstrings, which
    change no answer), any other file as its bytes."""
    if path.suffix != ".py":
        return path.read_bytes()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    return ast.dump(tree).encode()


def answers(name: str, parameters: object, sources: Iterable[str], compute: Callable[[], dict]) -> tuple[dict, bool]:
    """The reference answers ``name``: kept ones if their digest still holds, else ``compute()``'s,
    kept for next time. Returns them, and whether they were computed now."""
    path, key = FOLDER / f"{name}.json.gz", digest(parameters, sources)
    if path.exists():
        kept = json.loads(gzip.decompress(path.read_bytes()))
        if kept.get("digest") == key:
            return kept["answers"], False
    computed = compute()
    FOLDER.mkdir(exist_ok=True)
    text = json.dumps({"digest": key, "answers": computed}, sort_keys=True, separators=(",", ":"))
    path.write_bytes(gzip.compress(text.encode(), mtime=0))  # the same bytes for the same answers
    return computed, True
