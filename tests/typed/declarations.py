"""The declarations a type checker reads for the members a class reads through at run time.

A board says what its game says (``board.score``) and a widget what its board says (``w.play``):
:mod:`tripeaks_widget.board.surface` copies those members onto the class at import, with their
signatures and docstrings, so ``help()`` and Shift-Tab show them. A type checker or a language
server reads the source, not the running class; for it, each copying class has a base that only
type checking imports, declared in a stub written here from the same members: each property with
its type (and its setter's), each method with its signature, each with its docstring.
``tests/house/test_typed.py`` fails when a stub is not what this writes now.

Write them again: ``python tests/typed/declarations.py`` (``--check``: only say which are stale).
"""

from __future__ import annotations

import collections.abc
import inspect
import os
import pathlib
import subprocess
import sys
import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[2]
os.environ.setdefault("TRIPEAKS_PURE_PYTHON", "1")  # the sources' own names, not a compiled module's
sys.path.insert(0, str(ROOT))

from tripeaks_widget import widget  # noqa: E402
from tripeaks_widget.analysis import Game  # noqa: E402
from tripeaks_widget.board import board  # noqa: E402


@dataclass(frozen=True)
class Stub:
    """One stub: the class ``name`` declaring ``source``'s ``members``, for ``reader``, which reads
    them; and with ``passed_on``, the keywords ``reader``'s constructor passes on to ``source``'s
    as they are (its ``**options``), as the TypedDict ``{source}Keywords``."""

    path: pathlib.Path
    name: str
    source: type
    members: Iterable[str]
    reader: str
    passed_on: Callable[..., Any] | None = None


STUBS = [
    Stub(ROOT / "tripeaks_widget/board/_game_members.pyi", "GameMembers", Game, board.GAME_NAMES, "Board"),
    Stub(
        ROOT / "tripeaks_widget/_board_members.pyi",
        "BoardMembers",
        board.Board,
        widget.BOARD_NAMES,
        "TriPeaks",
        widget.TriPeaks.__init__,
    ),
]


class Spelling:
    """Annotations written out with their modules' full names, and the modules to import for them."""

    def __init__(self) -> None:
        self.modules: set[str] = set()

    def of(self, annotation: Any) -> str:
        if annotation is None or annotation is type(None):
            return "None"
        if annotation is Ellipsis:
            return "..."
        if isinstance(annotation, list):  # a Callable's parameters
            return "[" + ", ".join(self.of(a) for a in annotation) + "]"
        origin, args = typing.get_origin(annotation), typing.get_args(annotation)
        if origin in (typing.Union, types.UnionType):
            return " | ".join(self.of(a) for a in args)
        if origin is typing.Literal:
            return f"{self.named(typing.Literal)}[{', '.join(repr(a) for a in args)}]"
        if origin is not None:
            return f"{self.named(origin)}[{', '.join(self.of(a) for a in args)}]"
        if annotation is Any:
            return self.named(typing.Any)
        if isinstance(annotation, type):
            return self.named(annotation)
        raise TypeError(f"no spelling for the annotation {annotation!r}")

    def named(self, thing: Any) -> str:
        special = {typing.Any: "typing.Any", typing.Literal: "typing.Literal"}
        module, name = ("collections.abc", "Callable") if thing is collections.abc.Callable else (None, None)
        if thing in special:
            module, name = special[thing].split(".")
        module, name = module or thing.__module__, name or thing.__qualname__
        if module == "builtins":
            return name
        self.modules.add(module)
        return f"{module}.{name}"


def annotations_of(function: Callable[..., Any]) -> dict[str, Any]:
    """``function``'s annotations as objects, read where they are written: a method that reads
    through, or takes another's signature, has that one's (its ``__wrapped__``)."""
    return inspect.get_annotations(inspect.unwrap(function), eval_str=True)


def declared_method(spell: Spelling, name: str, function: Callable[..., Any]) -> list[str]:
    signature = inspect.signature(function)
    annotated = annotations_of(function)
    parameters = list(signature.parameters.values())
    parts: list[str] = []
    for place, parameter in enumerate(parameters):
        if place == 0 and parameter.name == "self":
            parts.append("self")
            continue
        if parameter.kind is parameter.KEYWORD_ONLY and not any(
            earlier.kind in (earlier.KEYWORD_ONLY, earlier.VAR_POSITIONAL) for earlier in parameters[:place]
        ):
            parts.append("*")
        prefix = {parameter.VAR_POSITIONAL: "*", parameter.VAR_KEYWORD: "**"}.get(parameter.kind, "")
        text = f"{prefix}{parameter.name}: {spell.of(annotated[parameter.name])}"
        parts.append(text if parameter.default is parameter.empty else f"{text} = ...")
        following = parameters[place + 1] if place + 1 < len(parameters) else None
        if parameter.kind is parameter.POSITIONAL_ONLY and (following is None or following.kind is not parameter.kind):
            parts.append("/")
    if annotated["return"] is board.Board:  # the widget answers with itself where its board does
        raise TypeError(f"{name} answers with the board: declare the widget's answer")
    return [f"def {name}({', '.join(parts)}) -> {spell.of(annotated['return'])}:", *docstring(function)]


def declared_property(spell: Spelling, name: str, member: property) -> list[str]:
    assert member.fget is not None
    lines = ["@property", f"def {name}(self) -> {spell.of(annotations_of(member.fget)['return'])}:"]
    lines += docstring(member)
    if member.fset is not None:
        value = next(v for k, v in annotations_of(member.fset).items() if k != "return")
        lines += [f"@{name}.setter", f"def {name}(self, value: {spell.of(value)}) -> None: ..."]
    return lines


def docstring(member: Any) -> list[str]:
    doc = inspect.getdoc(member)
    if not doc:
        return ["    ..."]
    quote = 'r"""' if "\\" in doc else '"""'
    body = doc.replace("\n", "\n    ").replace("\n    \n", "\n\n")
    return [f'    {quote}{body}"""']


def declared_keywords(spell: Spelling, source: type, constructor: Callable[..., Any]) -> list[str]:
    """``source``'s keyword-only parameters that ``constructor`` does not name itself, as a TypedDict
    for its ``**options`` (``Unpack``): a type checker and a completer see each keyword and its type."""
    taken = inspect.signature(source)
    own = constructor.__annotations__  # the names it takes itself, not those of the signature it shows
    annotated = annotations_of(source.__init__)
    keys = [
        f"    {p.name}: {spell.of(annotated[p.name])}"
        for p in taken.parameters.values()
        if p.kind is p.KEYWORD_ONLY and p.name not in own
    ]
    doc = f'    """The keywords of {source.__name__}() passed on as they are (``**options``)."""'
    return [f"class {source.__name__}Keywords({spell.named(typing.TypedDict)}, total=False):", doc, *keys]


def render(stub: Stub) -> str:
    spell = Spelling()
    body: list[str] = []
    for name in sorted(stub.members):
        member = inspect.getattr_static(stub.source, name)
        if isinstance(member, property):
            lines = declared_property(spell, name, member)
        else:
            lines = declared_method(spell, name, getattr(stub.source, name))
        body += ["", *("    " + line if line else "" for line in lines)]
    if stub.passed_on is not None:
        body += ["", "", *declared_keywords(spell, stub.source, stub.passed_on)]
    source = f"{stub.source.__module__}.{stub.source.__qualname__}"
    head = [
        f'"""What {stub.reader} reads through to its {stub.source.__name__} ({source}), declared for type',
        f"checkers: generated by tests/typed/declarations.py from {source}'s members; do not edit." + '"""',
        "",
        *sorted(f"import {module}" for module in spell.modules),
        "",
        f"class {stub.name}:",
    ]
    return formatted("\n".join([*head, *body]) + "\n", stub.path)


def formatted(text: str, path: pathlib.Path) -> str:
    """``text`` with its imports sorted and formatted as ruff does the file at ``path`` (the
    project's own settings)."""
    for step in (["check", "--fix", "--select", "I", "--quiet"], ["format"]):
        done = subprocess.run(
            [sys.executable, "-m", "ruff", *step, "--stdin-filename", str(path), "-"],
            input=text,
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
        text = done.stdout
    return text


def main(check: bool) -> int:
    """Write each stub that is not what it should be now; with ``check``, only name it and fail."""
    stale = 0
    for stub in STUBS:
        text = render(stub)
        if not stub.path.exists() or stub.path.read_text(encoding="utf-8") != text:
            stale += 1
            if check:
                print(f"{stub.path.relative_to(ROOT)} is stale: python tests/typed/declarations.py writes it again")
            else:
                stub.path.write_text(text, encoding="utf-8")
                print(f"wrote {stub.path.relative_to(ROOT)}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(check="--check" in sys.argv[1:]))
