"""Measuring the widget's boxes in Chromium, for the layout tests (test_board_layout.py): where the
board sits, and which elements of a part (the header, the bar, the dialog, the review) overflow
their box or overlap one another. Nothing here decides a rule of the game."""

from __future__ import annotations

# The board's top-left corner and size, relative to the widget's root (the notebook may scroll).
JS_BOARD_BOX = """(root) => {
  const r = root.getBoundingClientRect();
  const b = root.querySelector(".tp-board").getBoundingClientRect();
  return [b.left - r.left, b.top - r.top, b.width, b.height].map((v) => Math.round(v * 10) / 10);
}"""

# Every visible element of `part` (and `part` itself) against its parent and its siblings:
#  - "overflows": an element's box reaches past its parent's (by more than a pixel), unless the
#    parent scrolls or clips on purpose (overflow: auto/scroll: the element is reachable), or
#    the element is positioned out of the flow (absolute/fixed: a popover, a badge);
#  - "cut": an element whose own content is wider or taller than its box while it clips;
#  - "scrolls sideways": a scrolling box (the dialog's choices, the review's table) whose content
#    is wider than it;
#  - "overlaps": two siblings in the flow whose boxes cross by more than a pixel each way;
#  - text wider than its box ("ellipsis" elements included: none is meant to cut text).
# Each problem names the elements by class and text, so a failure reads on its own.
JS_PROBLEMS = """(part) => {
  const visible = (el) => {
    if (!(el instanceof HTMLElement)) return false;
    const s = getComputedStyle(el);
    if (s.display === "none" || s.visibility === "hidden") return false;
    if (el.classList.contains("tp-sr-only")) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const name = (el) => {
    const cls = [...el.classList].join(".") || el.tagName.toLowerCase();
    const text = (el.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 40);
    return text ? `${cls} "${text}"` : cls;
  };
  const inFlow = (el) => !["absolute", "fixed"].includes(getComputedStyle(el).position);
  const scrolls = (el) => {
    const s = getComputedStyle(el);
    return ["auto", "scroll"].includes(s.overflowX) || ["auto", "scroll"].includes(s.overflowY);
  };
  const problems = [];
  const all = [part, ...part.querySelectorAll("*")].filter(visible);
  for (const el of all) {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    const clips = s.overflowX !== "visible" || s.overflowY !== "visible";
    if (clips && !scrolls(el) && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
      const size = `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`;
      problems.push(`cut: ${name(el)} (content ${size})`);
    }
    // A scrolling box scrolls up and down; sideways, its content has run out of it.
    if (scrolls(el) && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`scrolls sideways: ${name(el)} (content ${el.scrollWidth} in ${el.clientWidth})`);
    }
    const parent = el.parentElement;
    if (el !== part && parent && visible(parent) && inFlow(el) && !scrolls(parent)) {
      const p = parent.getBoundingClientRect();
      const out = Math.max(p.left - r.left, r.right - p.right, p.top - r.top, r.bottom - p.bottom);
      if (out > 1) problems.push(`overflows by ${Math.round(out)}px: ${name(el)} in ${name(parent)}`);
    }
  }
  for (const parent of all) {
    const kids = [...parent.children].filter((k) => visible(k) && inFlow(k));
    for (let i = 0; i < kids.length; i++) {
      for (let j = i + 1; j < kids.length; j++) {
        const a = kids[i].getBoundingClientRect();
        const b = kids[j].getBoundingClientRect();
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 1 && y > 1) {
          problems.push(`overlap ${Math.round(x)}x${Math.round(y)}px: ${name(kids[i])} / ${name(kids[j])}`);
        }
      }
    }
  }
  return problems;
}"""

# The review's chart: every label inside the drawing and outside the plot's area where it must
# be (the axes' labels), and the lost mark clear of its dashed line and of the curve's points.
JS_CHART_PROBLEMS = """(svg) => {
  const problems = [];
  const box = svg.getBoundingClientRect();
  const meet = (a, b, pad = 0) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > -pad &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > -pad;
  const grid = [...svg.querySelectorAll(".tp-chart-grid")].map((g) => g.getBoundingClientRect());
  const plot = {
    left: Math.min(...grid.map((g) => g.left)),
    right: Math.max(...grid.map((g) => g.right)),
    top: Math.min(...grid.map((g) => g.top)),
    bottom: Math.max(...grid.map((g) => g.bottom)),
  };
  const inner = { left: plot.left + 0.5, right: plot.right - 0.5, top: plot.top + 0.5, bottom: plot.bottom - 0.5 };
  const marks = [...svg.querySelectorAll(".tp-chart-dot, .tp-chart-mistake")].map((m) => m.getBoundingClientRect());
  const lines = [...svg.querySelectorAll(".tp-chart-lost")].map((m) => m.getBoundingClientRect());
  for (const t of svg.querySelectorAll("text")) {
    const r = t.getBoundingClientRect();
    const what = `"${t.textContent}"`;
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
      problems.push(`label ${what} runs out of the chart`);
    }
    if (t.classList.contains("tp-chart-lost-label")) {
      if (lines.some((l) => meet(r, l))) problems.push(`label ${what} crosses its dashed line`);
      if (marks.some((m) => meet(r, m, 1))) problems.push(`label ${what} sits on the curve's points`);
    } else if (meet(r, inner)) {
      problems.push(`axis label ${what} is drawn inside the plot`);
    }
  }
  return problems;
}"""

# A field and its error line wholly in view inside the dialog's scrolling choices.
JS_IN_VIEW = """(input) => {
  const field = input.closest(".tp-field");
  const scroller = input.closest(".tp-dialog-fields");
  const box = scroller.getBoundingClientRect();
  const problems = [];
  for (const el of [input, ...field.querySelectorAll(".tp-field-error")]) {
    const r = el.getBoundingClientRect();
    if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
      problems.push(`${el.className} is ${Math.round(Math.max(box.top - r.top, r.bottom - box.bottom))}px out of view`);
    }
  }
  return problems;
}"""

# The text a sighted player sees: what is drawn, less what is only for screen readers.
JS_VISIBLE_TEXT = """(root) => {
  const out = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(".tp-sr-only") || !el.checkVisibility({ visibilityProperty: true })) continue;
    if (node.textContent.trim()) out.push(node.textContent.trim());
  }
  return out.join("\\n");
}"""

# The control bar's buttons, each by its class and its box relative to the widget's root: a row
# that moves or wraps shows here.
JS_BUTTON_ROW = """(root) => {
  const r = root.getBoundingClientRect();
  return [...root.querySelectorAll(".tp-controls > button")].filter((b) => b.checkVisibility()).map((b) => {
    const box = b.getBoundingClientRect();
    const name = [...b.classList].find((c) => c !== "tp-button" && c !== "tp-toggle");
    return [name, ...[box.left - r.left, box.top - r.top, box.width, box.height].map((v) => Math.round(v))];
  });
}"""

# Bands higher than `least` pixels between the widget's top and its table where nothing is drawn:
# no text, no button, no line kept for the message. Each is [top, bottom] relative to the root.
JS_EMPTY_BANDS = """(root, least) => {
  // Bands of the widget, top to bottom, where nothing is drawn: room kept for what is not shown.
  const r = root.getBoundingClientRect();
  const drawn = [];
  for (const el of root.querySelectorAll("*")) {
    if (el.closest(".tp-sr-only, .tp-dialog") || !el.checkVisibility({ visibilityProperty: true })) continue;
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const thing = el.matches("button, input, select, svg, .tp-logo, .tp-table, .tp-gauge");
    const box = el.getBoundingClientRect();
    if ((text || thing) && box.height > 0) drawn.push([box.top, box.bottom]);
  }
  drawn.sort((a, b) => a[0] - b[0]);
  const bands = [];
  let reached = r.top;
  for (const [top, bottom] of drawn) {
    if (top - reached > least) bands.push([reached - r.top, top - r.top].map(Math.round));
    reached = Math.max(reached, bottom);
  }
  if (r.bottom - reached > least) bands.push([reached - r.top, r.bottom - r.top].map(Math.round));
  return bands;
}"""


JS_DIALOG_FIT = """(root) => {
  // What keeps the open New game dialog from fitting over the board: it reaches past the table,
  // it covers a button of the bar, or its fields scroll.
  const box = (el) => el.getBoundingClientRect();
  const panel = box(root.querySelector(".tp-dialog-panel"));
  const table = box(root.querySelector(".tp-table"));
  const fields = root.querySelector(".tp-dialog-fields");
  const found = [];
  if (panel.top < table.top - 1 || panel.bottom > table.bottom + 1)
    found.push(
      `the dialog (${Math.round(panel.top)}-${Math.round(panel.bottom)}) is not within ` +
        `the table (${Math.round(table.top)}-${Math.round(table.bottom)})`,
    );
  for (const button of root.querySelectorAll(".tp-bar button")) {
    const b = box(button);
    if (b.height && b.top < panel.bottom && b.bottom > panel.top && b.left < panel.right && b.right > panel.left)
      found.push(`it covers the button ${JSON.stringify(button.textContent)}`);
  }
  if (fields.scrollHeight > fields.clientHeight + 1)
    found.push(`its fields scroll: ${fields.scrollHeight}px in ${fields.clientHeight}px`);
  return found;
}"""

JS_MESSAGE_PLACE = """(root) => {
  // Where the message line is: its parent's class and its box, against the widget's top.
  // (its start edge: the right one in a right-to-left language).
  const message = root.querySelector(".tp-message");
  const r = root.getBoundingClientRect(), m = message.getBoundingClientRect();
  const start = getComputedStyle(message).direction === "rtl" ? r.right - m.right : m.left - r.left;
  return [message.parentElement.className, Math.round(m.top - r.top), Math.round(start)];
}"""
