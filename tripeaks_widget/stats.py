"""Deprecated: the survey is :mod:`tripeaks_widget.survey` (``python -m tripeaks_widget.survey``).

This name goes in a later release. It was the survey's until 0.1.0, when it was renamed so that
``stats`` means one thing: a player's statistics (``Records.stats``, the board's). Every
name read here is the survey's, with a ``DeprecationWarning``.
"""

from __future__ import annotations

import warnings
from typing import Any

from . import survey

_MOVED = (
    "tripeaks_widget.stats is now tripeaks_widget.survey (python -m tripeaks_widget.survey); "
    "the old name goes in a later release"
)


def __getattr__(name: str) -> Any:
    if name.startswith("__"):  # what tools probe for (__all__, __path__ …): this module has none
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(_MOVED, DeprecationWarning, stacklevel=2)
    return getattr(survey, name)


if __name__ == "__main__":
    warnings.warn(_MOVED, DeprecationWarning, stacklevel=1)
    raise SystemExit(survey.main())
