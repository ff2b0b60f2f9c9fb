"""The board's picture for README.md and the site: ``python docs/screenshot.py``.

The shipped front end (``tripeaks_widget/static/widget.js`` and ``widget.css``) draws the board
from the state a real ``TriPeaks`` sends (game TP1-E-AAAAAAB under Easy, in English) in Chromium,
and the picture is taken there. Beside it, ``board.json`` records the digests of what it was made
from; ``tests/house/test_docs.py`` fails when they no longer match (the picture is stale: run this again).
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
import board_pictures  # noqa: E402  (the camera the browser test of the picture uses too)

STATIC = board_pictures.STATIC
CHROMIUM = board_pictures.CHROMIUM
PICTURE = ROOT / "docs" / "_static" / "board.png"
SIDECAR = PICTURE.with_suffix(".json")
CODE = "TP1-E-AAAAAAB"


def traits() -> dict:
    """The synced traits of the board shown, as the kernel sends them to the front end."""
    sys.path.insert(0, str(ROOT))
    from tripeaks_widget import TriPeaks

    state = TriPeaks(CODE, records=False, lang="en").get_state()
    return {name: value for name, value in state.items() if name in ("state", "labels", "table")}


def digests(shown: dict) -> dict:
    """What the picture is made from: the bundle, its styles and the traits shown."""
    text = json.dumps(shown, sort_keys=True, ensure_ascii=False)
    return {
        "code": CODE,
        "widget.js": hashlib.sha256((STATIC / "widget.js").read_bytes()).hexdigest(),
        "widget.css": hashlib.sha256((STATIC / "widget.css").read_bytes()).hexdigest(),
        "traits": hashlib.sha256(text.encode("utf-8")).hexdigest(),
    }


def take(path: pathlib.Path = PICTURE) -> dict:
    shown = traits()
    with board_pictures.Camera(900) as camera:
        camera.take(shown, path)
    return digests(shown)


def main() -> int:
    made = take()
    SIDECAR.write_text(json.dumps(made, indent=2) + "\n", encoding="utf-8")
    print(f"{PICTURE.relative_to(ROOT)} and {SIDECAR.name}: the board of {CODE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
