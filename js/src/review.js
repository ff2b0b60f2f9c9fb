// The review after a game, over the board: the chance of winning over the moves as a small
// chart (mistakes crossed, the move after which the exact verdict turned to lost dashed), and
// every move in a table. Python makes the review; this draws it and sends "close".

import { SUPPRESS, h, setAttr, setProp, setText } from "./helpers.js";
import { MISTAKE_PERCENT } from "./facts.js";
import { fmt } from "./labels.js";

/** @typedef {import("./helpers.js").ViewModel} ViewModel */
/** @typedef {NonNullable<ViewModel["review"]>} Review */

const SVG = "http://www.w3.org/2000/svg";
const W = 560;
const H = 150;
// The plot's margins: the axes' labels live in them, outside the plot, and so does the lost mark
// (in the top margin, where the curve never goes: the top of the plot is 100 %).
const PAD = { left: 38, right: 12, top: 22, bottom: 24 };
const NOT_JUDGED = "—"; // a chance not judged within the budget

/**
 * @param {Document} doc
 * @param {string} name
 * @param {Record<string, string | number>} attrs
 */
function svg(doc, name, attrs = {}) {
  const el = doc.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

/**
 * The runs of consecutive judged points (indices), so that the chart leaves a gap where a
 * chance was not judged.
 * @param {Array<number | null>} values
 * @returns {number[][]}
 */
function judgedRuns(values) {
  /** @type {number[][]} */
  const runs = [];
  values.forEach((v, i) => {
    if (v === null) return;
    const last = runs.at(-1);
    if (last && last.at(-1) === i - 1) last.push(i);
    else runs.push([i]);
  });
  return runs;
}

/**
 * The chart of a review: the chance before each move and after the last, its 95% band.
 * @param {Document} doc
 * @param {Review} review
 * @param {Record<string, string>} L
 */
function chart(doc, review, L) {
  // The chance before each move and after the last; null where it was not judged within the budget.
  const chances = [...review.moves.map((m) => m.before), review.final];
  const n = Math.max(1, chances.length - 1);
  const x = (/** @type {number} */ i) => PAD.left + (i * (W - PAD.left - PAD.right)) / n;
  const y = (/** @type {number} */ v) => PAD.top + (1 - v) * (H - PAD.top - PAD.bottom);
  const pct = (/** @type {number} */ v) => fmt(L.percent, { n: Math.round(v * 100) });
  // The chart reads left to right in every language, as its x axis runs (widget.css sets its
  // direction, which the labels' anchors follow).
  const root = svg(doc, "svg", { viewBox: `0 0 ${W} ${H}`, class: "tp-review-chart", role: "img", "aria-label": L.review_chart });
  for (const v of [0, 0.5, 1]) {
    root.appendChild(svg(doc, "line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: "tp-chart-grid" }));
    const label = svg(doc, "text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end", class: "tp-chart-label" });
    label.textContent = pct(v);
    root.appendChild(label);
  }
  const lows = [...review.moves.map((m) => m.low), review.final];
  const highs = [...review.moves.map((m) => m.high), review.final];
  const runs = judgedRuns(chances);
  for (const run of runs) {
    const band = [...run.map((i) => `${x(i)},${y(highs[i] ?? 0)}`), ...run.map((i) => `${x(i)},${y(lows[i] ?? 0)}`).reverse()];
    root.appendChild(svg(doc, "polygon", { points: band.join(" "), class: "tp-chart-band" }));
  }
  if (review.lostAfter !== null) {
    const at = x(review.lostAfter);
    root.appendChild(svg(doc, "line", { x1: at, x2: at, y1: PAD.top, y2: H - PAD.bottom, class: "tp-chart-lost" }));
    // Beside the top of its dashed line, on the side with room.
    const after = at < W / 2;
    const mark = svg(doc, "text", {
      x: after ? at + 4 : at - 4,
      y: PAD.top - 8,
      "text-anchor": after ? "start" : "end",
      class: "tp-chart-label tp-chart-lost-label",
    });
    mark.textContent = L.review_lost_mark;
    root.appendChild(mark);
  }
  for (const run of runs) {
    root.appendChild(svg(doc, "polyline", { points: run.map((i) => `${x(i)},${y(chances[i] ?? 0)}`).join(" "), class: "tp-chart-line" }));
    for (const i of run) root.appendChild(svg(doc, "circle", { cx: x(i), cy: y(chances[i] ?? 0), r: 2.2, class: "tp-chart-dot" }));
  }
  for (const m of review.moves) {
    if (!m.mistake || m.after === null) continue;
    const cx = x(m.move);
    const cy = y(m.after);
    const s = 4.5;
    const cross = svg(doc, "path", { d: `M${cx - s},${cy - s}L${cx + s},${cy + s}M${cx - s},${cy + s}L${cx + s},${cy - s}`, class: "tp-chart-mistake" });
    root.appendChild(cross);
  }
  for (const i of [0, n]) {
    const tick = svg(doc, "text", { x: x(i), y: H - 6, "text-anchor": i ? "end" : "start", class: "tp-chart-label" });
    tick.textContent = String(i);
    root.appendChild(tick);
  }
  return root;
}

/**
 * Build the review panel once; `update` draws a view model into it.
 * @param {Document} doc
 * @param {string} uid the view's id prefix
 * @param {object} host
 * @param {import("./helpers.js").Listen} host.on
 * @param {import("./helpers.js").Send} host.send
 */
export function reviewPanel(doc, uid, { on, send }) {
  const panel = h(doc, "section", "tp-review", { "aria-labelledby": `${uid}-review-title`, [SUPPRESS]: "" });
  panel.hidden = true;
  const card = h(doc, "div", "tp-review-panel");
  const head = h(doc, "div", "tp-review-head");
  const title = h(doc, "h2", "tp-review-title", { id: `${uid}-review-title` });
  const close = h(doc, "button", "tp-button tp-review-close", { type: "button", [SUPPRESS]: "" });
  head.append(title, close);
  const status = h(doc, "div", "tp-review-status", { role: "status" });
  const body = h(doc, "div", "tp-review-body");
  card.append(head, status, body);
  panel.appendChild(card);
  on(close, "click", () => send({ type: "review", open: false }));

  return {
    panel,
    isOpen() {
      return !panel.hidden;
    },
    close() {
      send({ type: "review", open: false });
    },
    /** @param {ViewModel} next */
    update(next) {
      const L = next.labels;
      const review = next.review;
      const opening = Boolean(review) && panel.hidden;
      setProp(panel, "hidden", !review);
      if (!review) return;
      setText(title, L.review_title);
      setText(close, L.review_close);
      setAttr(panel, "data-kind", review.kind);
      setAttr(status, "aria-busy", review.kind === "pending" ? "true" : "false");
      const mistakes = review.moves.filter((m) => m.mistake).length;
      const verdict =
        review.lostAfter === null ? L.review_not_lost : review.lostAfter === 0 ? L.review_never : fmt(L.review_lost, { n: review.lostAfter });
      const said = review.kind === "known" ? `${fmt(L.review_mistakes, { n: mistakes })} · ${verdict}` : review.text;
      setText(status, said);
      const key = JSON.stringify([review, L.review_move, next.dir]);
      if (body.dataset.key !== key) {
        body.dataset.key = key;
        body.replaceChildren();
        if (review.kind === "known") {
          // What counts as a mistake, said where the mistakes are shown.
          const rule = h(doc, "p", "tp-review-rule", { text: fmt(L.review_mistake_rule, { n: MISTAKE_PERCENT }) });
          body.append(chart(doc, review, L), table(doc, review, L, next.dir), rule);
        }
      }
      if (opening) close.focus();
    },
  };
}

/**
 * The best move's cell: the card (or the draw's word) isolated in a <bdi>, so that in a
 * right-to-left table "2♦" keeps its rank before its suit beside the mark and the chance.
 * @param {Document} doc
 * @param {Review["moves"][number]} m
 * @param {string} best the best move as said
 * @param {string} chance
 */
function bestCell(doc, m, best, chance) {
  const cell = h(doc, "td", "tp-review-best");
  if (m.best === null) {
    cell.textContent = NOT_JUDGED;
    return cell;
  }
  // The move played was the best (no action had a better chance): a tick, and no second name or
  // chance for the same thing. A card name is isolated, so a right-to-left table keeps rank first.
  if (m.played_best) cell.textContent = "✓";
  else cell.append(h(doc, "bdi", "tp-review-card", { text: best }), ` (${chance})`);
  return cell;
}

/**
 * @param {Document} doc
 * @param {Review} review
 * @param {Record<string, string>} L
 * @param {string} dir the board's writing direction ("ltr" or "rtl")
 */
function table(doc, review, L, dir) {
  const pct = (/** @type {number | null} */ v) => (v === null ? NOT_JUDGED : fmt(L.percent, { n: Math.round(v * 100) }));
  // From before to after in the reading direction: the arrow points the way the line reads.
  const arrow = dir === "rtl" ? "←" : "→";
  const name = (/** @type {string} */ action) => (action === "draw" ? L.review_draw : action);
  const wrap = h(doc, "div", "tp-review-scroll");
  const el = h(doc, "table", "tp-review-table");
  const headRow = h(doc, "tr");
  for (const label of [L.review_move, L.review_action, fmt(L.review_chance, { arrow }), L.review_best]) headRow.appendChild(h(doc, "th", "", { scope: "col", text: label }));
  const thead = h(doc, "thead");
  thead.appendChild(headRow);
  const tbody = h(doc, "tbody");
  for (const m of review.moves) {
    const row = h(doc, "tr", m.mistake ? "tp-mistake" : "");
    const played = h(doc, "td", "tp-review-action", { dir: "ltr", text: name(m.action) });
    if (m.mistake) played.appendChild(h(doc, "span", "tp-mistake-badge", { text: L.review_mistake }));
    row.append(
      h(doc, "td", "tp-review-num", { text: String(m.move) }),
      played,
      h(doc, "td", "tp-review-chance", { text: `${pct(m.before)} ${arrow} ${pct(m.after)}` }),
      bestCell(doc, m, name(m.best ?? ""), pct(m.best_chance)),
    );
    if (review.lostAfter === m.move) row.classList.add("tp-lost-here");
    tbody.appendChild(row);
  }
  el.append(thead, tbody);
  wrap.appendChild(el);
  return wrap;
}
