"""The board's picture for README.md and the site: ``python docs/screenshot.py``.

The shipped front end (``tripeaks_widget/static/widget.js`` and ``widget.css``) draws the board
from the state a real ``TriPeaks`` sends (game TP1-E-AAAAAAB under Easy, in English) in Chromium,
and the picture is taken there. Beside it, ``board.json`` records the digests of what it was made
from; ``tests/test_docs.py`` fails when they no longer match (the picture is stale: run this again).
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
STATIC = ROOT / "tripeaks_widget" / "static"
PICTURE = ROOT / "docs" / "_static" / "board.png"
SIDECAR = PICTURE.with_suffix(".json")
CODE = "TP1-E-AAAAAAB"
CHROMIUM = "/usr/bin/chromium"

# anywidget's model as the view uses it: the synced traits, change events, messages to Python.
RENDER = """async ([source, traits]) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const widget = (await import(url)).default;
  const model = {
    get: (name) => traits[name],
    set() {}, save_changes() {}, on() {}, off() {}, send() {},
  };
  const el = document.getElementById("cell");
  await widget.render({ model, el });
}"""


def traits() -> dict:
    """The synced traits of the board shown, as the kernel sends them to the front end."""
    sys.path.insert(0, str(ROOT))
    from tripeaks_widget import TriPeaks

    state = TriPeaks(CODE, records=False, lang="en").get_state()
    return {name: value for name, value in state.items() if name in ("state", "labels")}


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
    from playwright.sync_api import sync_playwright

    shown = traits()
    css = (STATIC / "widget.css").read_text(encoding="utf-8")
    page_html = (
        f'<!doctype html><html><head><meta charset="utf-8"><style>{css}</style></head>'
        '<body style="margin:0;background:#fff"><div id="cell" style="width:900px;padding:8px"></div></body></html>'
    )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            page = browser.new_page(viewport={"width": 920, "height": 700}, device_scale_factor=1)
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("console", lambda message: message.type == "error" and errors.append(message.text))
            page.set_content(page_html)
            page.evaluate(RENDER, [(STATIC / "widget.js").read_text(encoding="utf-8"), shown])
            page.wait_for_selector(".tp-board")
            if errors:
                raise RuntimeError(f"the board did not draw cleanly: {errors}")
            page.locator("#cell").screenshot(path=str(path))
        finally:
            browser.close()
    return digests(shown)


def main() -> int:
    made = take()
    SIDECAR.write_text(json.dumps(made, indent=2) + "\n", encoding="utf-8")
    print(f"{PICTURE.relative_to(ROOT)} and {SIDECAR.name}: the board of {CODE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
