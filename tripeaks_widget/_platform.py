"""What this Python can do, where every layer may ask."""

from __future__ import annotations

import sys


def threads_available() -> bool:
    """Whether this Python can start threads (not in Pyodide or WASI)."""
    return sys.platform not in ("emscripten", "wasi")
