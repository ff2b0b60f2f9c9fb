"""axe-core in a real Chromium: the serious and critical violations of a board's page, summed up."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # a plugin of every run: Playwright and nbformat load only where a browser test does
    from helpers.labdriver import Board

REQUIRED = os.environ.get("TRIPEAKS_E2E", "").strip().lower() == "required"
JS = pathlib.Path(__file__).resolve().parents[2] / "js"
AXE = JS / "node_modules" / "axe-core" / "axe.min.js"

JS_SETTLE = """() => Promise.race([
  Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => null))),
  new Promise((resolve) => setTimeout(resolve, 3000)),
])"""

# JupyterLab's <body> is 0 px high (its shell is positioned absolutely), and axe-core takes
# text that overflows a 0-high <body> for hidden: it would skip the colour-contrast check
# of every text in the page. The body is given the window's height for the audit alone.
JS_AXE = """async (root) => {
  const body = document.body;
  const height = body.style.height;
  body.style.height = "100vh";
  try {
    const result = await window.axe.run(root);
    const summary = (list) => list.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(" "), html: n.html.slice(0, 200),
                                   summary: (n.failureSummary || "").slice(0, 400) })),
    }));
    const checked = result.passes.concat(result.violations, result.incomplete)
      .filter((r) => r.id === "color-contrast").reduce((n, r) => n + r.nodes.length, 0);
    return { violations: summary(result.violations), incomplete: summary(result.incomplete),
             passes: result.passes.length, contrastChecked: checked };
  } finally {
    body.style.height = height;
  }
}"""


def settle(page) -> None:
    """Let the card animations finish (a half-faded card has no contrast to measure)."""
    page.mouse.move(0, 0)
    page.evaluate(JS_SETTLE)
    page.wait_for_timeout(50)


SERIOUS = ("serious", "critical")


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's script, from the front end's dev dependencies (``npm ci`` in js/ if missing)."""
    if not AXE.exists() and shutil.which("npm") and (JS / "package-lock.json").exists():
        done = subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"], cwd=JS, capture_output=True, text=True, timeout=600
        )
        if done.returncode != 0 and REQUIRED:
            pytest.fail(f"npm ci in js/ failed, so axe-core is missing:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    if not AXE.exists():
        reason = (
            f"axe-core is not installed ({AXE.relative_to(JS.parent)} is missing; run npm ci in js/, "
            "which needs Node.js and npm)"
        )
        if REQUIRED:
            pytest.fail(f"TRIPEAKS_E2E=required, but {reason}", pytrace=False)
        pytest.skip(f"accessibility audit skipped: {reason} (set TRIPEAKS_E2E=required to make this a failure)")
    return AXE.read_text(encoding="utf-8")


def inject_axe(page, source: str) -> None:
    """axe-core into the Lab page (once), set to check the contrast of short texts too: a card's
    rank ("K", "10") is one or two characters, which axe-core otherwise leaves undecided."""
    if not page.evaluate("() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.add_script_tag(content=source)
        page.wait_for_function("() => window.axe && typeof window.axe.run === 'function'")
        page.evaluate("""() => {
          const options = { ...window.axe._audit.checks["color-contrast"].options, ignoreLength: true };
          window.axe.configure({ checks: [{ id: "color-contrast", options }] });
        }""")


def audit(board: Board) -> dict:
    """axe-core's findings on the widget: violations, incomplete checks (what axe could not
    decide), how many rules passed, and how many texts had their contrast checked."""
    board.root.evaluate("(root) => root.scrollIntoView({ block: 'start' })")  # text off screen goes unchecked
    settle(board.root.page)
    found = board.root.evaluate(JS_AXE)
    assert found["contrastChecked"] >= 10, f"axe checked the contrast of only {found['contrastChecked']} texts"
    return found


def summarize(violations: list[dict]) -> str:
    return "\n".join(
        f"  [{v['impact']}] {v['id']}: {v['help']}\n"
        + "\n".join(f"      {n['target']}: {n['summary']}" for n in v["nodes"][:4])
        for v in violations
    )
