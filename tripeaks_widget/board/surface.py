"""One vocabulary: a name read through to the object that says it, as the kind it is there.

A board says what its game says under the game's names (``board.score`` is ``board.game.score``),
and the widget what its board says (``w.play`` is ``w.board.play``). :func:`read_through` makes
such a member from the one it reads: a property stays a property (settable when the original is),
a method stays a method with the original's signature and docstring, so ``help()``,
``inspect.signature``, Jupyter's Shift-Tab and the reference show the same on each.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable
from typing import Any, Concatenate, ParamSpec, TypeVar

Holder = Callable[[Any], Any]  # from the object read on, the object that says it
Class = TypeVar("Class", bound=type)
Owner = TypeVar("Owner")
Keywords = ParamSpec("Keywords")
Answer = TypeVar("Answer")


def read_through(source: type, name: str, holder: Holder, wrap: Callable[[Any, Any], Any] | None = None) -> Any:
    """``source``'s member ``name``, read on ``holder(obj)``; ``wrap(obj, answer)`` may stand in for
    what a method answers (a widget answers for its board)."""
    member = inspect.getattr_static(source, name)
    if isinstance(member, property):

        def get(obj: Any) -> Any:
            return getattr(holder(obj), name)

        def put(obj: Any, value: Any) -> None:
            setattr(holder(obj), name, value)

        get.__wrapped__, put.__wrapped__ = member.fget, member.fset  # type: ignore[attr-defined]  # their types
        return property(get, put if member.fset is not None else None, doc=member.__doc__)
    function = getattr(source, name)
    if not callable(function):
        raise TypeError(f"{source.__name__}.{name} is neither a property nor a method")

    @functools.wraps(function)
    def method(obj: Any, *args: Any, **options: Any) -> Any:
        answer = getattr(holder(obj), name)(*args, **options)
        return answer if wrap is None else wrap(obj, answer)

    return method


def reads_through(
    source: type, names: Iterable[str], holder: Holder, wrap: Callable[[Any, Any], Any] | None = None
) -> Callable[[Class], Class]:
    """A class decorator: the class reads each of ``names`` through to ``holder(obj)``."""

    def decorate(cls: Class) -> Class:
        for name in names:
            member = read_through(source, name, holder, wrap)
            if not isinstance(member, property):
                member.__qualname__ = f"{cls.__qualname__}.{name}"
                member.__module__ = cls.__module__
            setattr(cls, name, member)
        return cls

    return decorate


def signature_of(
    original: Callable[Concatenate[Any, Keywords], Any],
) -> Callable[[Callable[Concatenate[Owner, ...], Answer]], Callable[Concatenate[Owner, Keywords], Answer]]:
    """A method that does its own work under ``original``'s name, with ``original``'s signature
    (the board's ``hint`` shows what it finds; it takes the game's ``hint``'s keywords), for
    ``help()`` and for a type checker alike; its answer is its own."""

    def decorate(method: Callable[Concatenate[Owner, ...], Answer]) -> Callable[Concatenate[Owner, Keywords], Answer]:
        method.__signature__ = inspect.signature(original)  # type: ignore[attr-defined]
        method.__wrapped__ = original  # type: ignore[attr-defined]  # where the signature's annotations are read
        return method

    return decorate
