"""The widget under JupyterLab's dark theme: it follows the theme's colours."""

from __future__ import annotations

from helpers.labdriver import expect

JS_LUMINANCE = """(el) => {
  const parse = (c) => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = parse(c); return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; };
  const style = getComputedStyle(el);
  return lum(style.color);
}"""


def set_theme(nb, theme: str, light: bool) -> None:
    nb.command("apputils:change-theme", {"theme": theme})
    nb.page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{str(light).lower()}'")
    nb.page.wait_for_timeout(300)


def test_dark_theme(board_nb, shot):
    nb, board, _py = board_nb
    title = board.root.locator(".tp-title-text")
    light_text = title.evaluate(JS_LUMINANCE)
    try:
        set_theme(nb, "JupyterLab Dark", light=False)
        dark_text = title.evaluate(JS_LUMINANCE)
        assert light_text < 0.5 < dark_text, (light_text, dark_text)
        board.card("K♣").click()
        expect(board.discard).to_have_attribute("data-card", "K♣")
        board.card("3♠").click()
        expect(board.root.locator(".tp-message")).to_have_text("Must be one rank higher or lower")
        assert board.root.locator(".tp-message").evaluate(JS_LUMINANCE) > 0.5
        shot("11-dark", board.root)
        board.new_button.click()
        expect(board.dialog).to_be_visible()
        board.code_input.fill("nonsense")
        board.code_input.press("Enter")
        expect(board.dialog_error).not_to_be_empty()
        shot("12-dark-dialog", board.root)
    finally:
        set_theme(nb, "JupyterLab Light", light=True)
