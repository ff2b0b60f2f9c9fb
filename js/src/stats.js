// The statistics view, over the board: what the records know of the player under these rules
// (played, finished, won, the win percent, wins in a row, their best on this game) as a
// definition list, and their recent games as a small bar plot with its text alternative.
// Python reads the records and says the words; this draws them and sends "stats" open or closed.

import { SUPPRESS, h, setAttr, setProp, setText } from "./helpers.js";
import { fmt } from "./labels.js";

/** @typedef {import("./helpers.js").ViewModel} ViewModel */
/** @typedef {NonNullable<ViewModel["stats"]>} Stats */

const SVG = "http://www.w3.org/2000/svg";
const BAR = 16; // a bar's width and the gap after it, in the plot's units
const GAP = 6;
const H = 48;

/** The figures, in the list's order: the view model's field and its label. */
const FIGURES = /** @type {const} */ ([
  ["played", "stats_played"],
  ["finished", "stats_finished"],
  ["won", "stats_won"],
  ["winPercent", "stats_win_percent"],
  ["winStreak", "stats_win_streak"],
  ["bestWinStreak", "stats_best_win_streak"],
]);

/**
 * The recent games as bars, oldest on the left: a bar's height is the cards cleared from the
 * peaks (of `slots`, the layout's), a win's the whole height. Its text alternative says each game's outcome.
 * @param {Document} doc
 * @param {Stats} stats
 * @param {number} slots
 */
function plot(doc, stats, slots) {
  const width = Math.max(1, stats.recent.length) * (BAR + GAP) - GAP;
  const root = doc.createElementNS(SVG, "svg");
  for (const [key, value] of Object.entries({ viewBox: `0 0 ${width} ${H}`, class: "tp-statistics-plot", role: "img", "aria-label": stats.recentText })) {
    root.setAttribute(key, value);
  }
  stats.recent.forEach((game, i) => {
    const cleared = Math.max(0, Math.min(slots, slots - game.cards_left));
    const tall = Math.max(2, (cleared / slots) * H);
    const bar = doc.createElementNS(SVG, "rect");
    const attrs = { x: i * (BAR + GAP), y: H - tall, width: BAR, height: tall, rx: 2, class: `tp-statistics-bar tp-statistics-${game.outcome}` };
    for (const [key, value] of Object.entries(attrs)) bar.setAttribute(key, String(value));
    root.appendChild(bar);
  });
  return root;
}

/**
 * Build the statistics view once; `update` draws a view model into it.
 * @param {Document} doc
 * @param {string} uid the view's id prefix
 * @param {object} host
 * @param {import("./helpers.js").Listen} host.on
 * @param {import("./helpers.js").Send} host.send
 */
export function statsView(doc, uid, { on, send }) {
  const panel = h(doc, "section", "tp-statistics", { role: "dialog", "aria-labelledby": `${uid}-stats-title`, [SUPPRESS]: "" });
  panel.hidden = true;
  const card = h(doc, "div", "tp-statistics-panel");
  const head = h(doc, "div", "tp-statistics-head");
  const title = h(doc, "h2", "tp-statistics-title", { id: `${uid}-stats-title` });
  const close = h(doc, "button", "tp-button tp-statistics-close", { type: "button", [SUPPRESS]: "" });
  head.append(title, close);
  const who = h(doc, "p", "tp-statistics-who");
  const status = h(doc, "div", "tp-statistics-status", { role: "status" });
  const body = h(doc, "div", "tp-statistics-body");
  card.append(head, who, status, body);
  panel.appendChild(card);
  on(close, "click", () => send({ type: "stats", open: false }));

  return {
    panel,
    isOpen() {
      return !panel.hidden;
    },
    close() {
      send({ type: "stats", open: false });
    },
    /** @param {ViewModel} next */
    update(next) {
      const L = next.labels;
      const stats = next.stats;
      const opening = Boolean(stats) && panel.hidden;
      setProp(panel, "hidden", !stats);
      if (!stats) return;
      setText(title, L.stats_title);
      setText(close, L.stats_close);
      setText(who, stats.title);
      setAttr(panel, "data-kind", stats.kind);
      setAttr(status, "aria-busy", stats.kind === "pending" ? "true" : "false");
      setText(status, stats.text);
      setProp(status, "hidden", !stats.text);
      const key = JSON.stringify([stats, L.stats_played, next.lang, next.slots.length]);
      if (body.dataset.key !== key) {
        body.dataset.key = key;
        body.replaceChildren();
        if (stats.kind === "known") body.append(...figures(doc, stats, L, next.lang, next.slots.length));
      }
      if (opening) close.focus();
    },
  };
}

/**
 * The figures as a definition list, then the recent games under their heading.
 * @param {Document} doc
 * @param {Stats} stats
 * @param {Record<string, string>} L
 * @param {string} lang
 * @param {number} slots the layout's
 */
function figures(doc, stats, L, lang, slots) {
  const list = h(doc, "dl", "tp-statistics-figures");
  /** @param {string} label @param {string} value @param {string} name */
  const row = (label, value, name) => {
    const item = h(doc, "div", "tp-statistics-figure", { "data-figure": name });
    const dd = h(doc, "dd");
    // A figure isolated, so that a right-to-left list keeps "67%" as it is written.
    dd.appendChild(name === "best" ? doc.createTextNode(value) : h(doc, "bdi", "", { dir: "ltr", text: value }));
    item.append(h(doc, "dt", "", { text: label }), dd);
    list.appendChild(item);
  };
  const number = (/** @type {number | null} */ n) => (n === null ? "—" : n.toLocaleString(lang || undefined));
  for (const [field, label] of FIGURES) {
    const value = stats[field];
    // A whole percent, as the board says every percent (the figure itself has one decimal).
    row(L[label], field === "winPercent" && value !== null ? fmt(L.percent, { n: number(Math.round(value)) }) : number(value), field);
  }
  if (stats.best !== null) row(L.stats_best, stats.best, "best");
  const recent = h(doc, "div", "tp-statistics-recent");
  recent.appendChild(h(doc, "h3", "tp-statistics-recent-title", { text: L.stats_recent }));
  if (stats.recent.length) recent.appendChild(plot(doc, stats, slots));
  else recent.appendChild(h(doc, "p", "tp-statistics-none", { text: stats.recentText }));
  return [list, recent];
}
