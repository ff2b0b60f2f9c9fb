"""Pictures of the board: the shipped front end (``tripeaks_widget/static/``) draws a widget's synced
traits (``state``, the snapshot, and ``labels``) in Chromium, and the picture is taken there.

One :class:`Camera` is one browser and one page, reused for every picture: the bundle is loaded
once, each board is drawn afresh (with reduced motion, so nothing is caught mid-animation), and the
page may load nothing from the network. ``docs/screenshot.py`` takes README's picture with it, and
``tests/house/test_docs.py`` holds the live board it draws to the static picture Python draws of the same
snapshot (the tutorials' pictures, :mod:`tripeaks_widget.picture`).
"""

from __future__ import annotations

import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
STATIC = ROOT / "tripeaks_widget" / "static"
CHROMIUM = "/usr/bin/chromium"

# anywidget's model as the view uses it: the synced traits, change events, messages to Python.
LOAD = """async (source) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  window.tpWidget = (await import(url)).default;
}"""
DRAW = """async (traits) => {
  const el = document.getElementById("cell");
  if (window.tpCleanup) window.tpCleanup();
  el.replaceChildren();
  const model = {
    get: (name) => traits[name],
    set() {}, save_changes() {}, on() {}, off() {}, send() {},
  };
  window.tpCleanup = await window.tpWidget.render({ model, el });
}"""


class Camera:
    """``with Camera(width) as camera: camera.take(traits, path)``: boards drawn ``width`` CSS pixels wide."""

    def __init__(self, width: int = 900) -> None:
        self.width = width
        self.errors: list[str] = []

    def __enter__(self) -> Camera:
        from playwright.sync_api import sync_playwright

        if not pathlib.Path(CHROMIUM).exists():
            raise RuntimeError(f"the board's pictures are drawn in Chromium, expected at {CHROMIUM}")
        self._playwright = sync_playwright().start()
        try:
            self._browser = self._playwright.chromium.launch(executable_path=CHROMIUM)
            self.page = self._browser.new_page(
                viewport={"width": self.width + 20, "height": 700}, device_scale_factor=1, reduced_motion="reduce"
            )
            self.page.route("**/*", self._refuse_the_network)
            self.page.on("pageerror", lambda error: self.errors.append(str(error)))
            self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
            css = (STATIC / "widget.css").read_text(encoding="utf-8")
            self.page.set_content(
                f'<!doctype html><html><head><meta charset="utf-8"><style>{css}</style></head>'
                f'<body style="margin:0;background:#fff"><div id="cell" style="width:{self.width}px;padding:8px">'
                "</div></body></html>"
            )
            self.page.evaluate(LOAD, (STATIC / "widget.js").read_text(encoding="utf-8"))
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _refuse_the_network(self, route) -> None:
        url = route.request.url
        if url.startswith(("blob:", "data:", "about:")):
            route.continue_()
        else:
            self.errors.append(f"the board asked for {url}")
            route.abort()

    def draw(self, traits: dict) -> None:
        """Draw the board of ``traits`` (``state`` and ``labels``) on the page."""
        self.page.evaluate(DRAW, traits)
        self.page.wait_for_selector("#cell .tp-board")
        if self.errors:
            raise RuntimeError(f"the board did not draw cleanly: {self.errors}")

    def take(self, traits: dict, path: pathlib.Path) -> None:
        """Draw the board of ``traits`` and save its picture as a PNG at ``path``."""
        self.draw(traits)
        path.write_bytes(self.page.locator("#cell").screenshot(animations="disabled"))

    def __exit__(self, *exc) -> None:
        browser = getattr(self, "_browser", None)
        if browser is not None:
            browser.close()
        self._playwright.stop()
