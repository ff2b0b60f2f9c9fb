// Where things sit on the table, in "units": one unit is a card width plus
// the gap beside it. Pure presentation: no rule of the game lives here. The
// places come from Python (the snapshot's `table`, made by
// tripeaks_widget/picture/look.py's `table`), which the static picture draws too.

import { CARD_H, CARD_W, TABLE } from "./facts.js";

export { CARD_H, CARD_W };

/** @typedef {import("./snapshot.js").Table} Table */

/**
 * One slot's place: its left and top edges, and its depth (a card lies over those it covers).
 * @typedef {object} Place
 * @property {number} x
 * @property {number} y
 * @property {number} z
 */

/**
 * The geometry of one layout, read from its table.
 * @typedef {object} Geometry
 * @property {string} key the layout's key
 * @property {string} sign what tells one table from another: the places, written out
 * @property {number} width the board's width, in units
 * @property {number} height its height
 * @property {Place[]} slots each slot's place
 * @property {number[]} order the slots in reading order: the keys' and the reader's
 * @property {Place} stock
 * @property {Place} discard
 */

/** @param {unknown} value */
function finite(value) {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * The geometry of a table; null when it is not one (the caller keeps the one it had).
 * @param {unknown} raw
 * @returns {Geometry | null}
 */
export function readTable(raw) {
  const t = /** @type {Partial<Table>} */ (raw && typeof raw === "object" ? raw : {});
  if (!Array.isArray(t.slots) || !t.slots.length || !finite(t.width) || !finite(t.height) || !finite(t.pile_top)) return null;
  if (!t.slots.every((s) => Array.isArray(s) && s.length === 2 && s.every(finite))) return null;
  const count = t.slots.length;
  const depth = Array.isArray(t.depth) && t.depth.length === count && t.depth.every(finite) ? t.depth : null;
  const slots = t.slots.map(([x, y], slot) => ({ x, y, z: depth ? depth[slot] : 1 }));
  const given = Array.isArray(t.order) ? t.order.filter((s) => Number.isInteger(s) && s >= 0 && s < count) : [];
  const order = new Set(given).size === count ? given : slots.map((_, slot) => slot);
  const deepest = Math.max(...slots.map((s) => s.z));
  const pileTop = /** @type {number} */ (t.pile_top);
  return {
    key: typeof t.key === "string" ? t.key : "",
    sign: JSON.stringify([t.width, t.height, t.pile_top, t.slots, depth, order]),
    width: /** @type {number} */ (t.width),
    height: /** @type {number} */ (t.height),
    slots,
    order,
    stock: { x: finite(t.stock_x) ? /** @type {number} */ (t.stock_x) : 0, y: pileTop, z: deepest + 1 },
    // above the peaks while a card flies in
    discard: { x: finite(t.discard_x) ? /** @type {number} */ (t.discard_x) : 0, y: pileTop, z: deepest + 2 },
  };
}

/** Three Peaks' geometry: the board's until a snapshot brings its table. */
export const THREE_PEAKS = /** @type {Geometry} */ (readTable(TABLE));

/**
 * Position of a focus target: a slot number or "stock".
 * @param {Geometry} geo
 * @param {number | "stock"} target
 * @returns {Place}
 */
export function targetPosition(geo, target) {
  if (target === "stock") return geo.stock;
  const place = geo.slots[target];
  if (!place) throw new RangeError(`no slot ${target}`);
  return place;
}

/**
 * Centre of a target, in units.
 * @param {Geometry} geo
 * @param {number | "stock"} target
 */
function centre(geo, target) {
  const p = targetPosition(geo, target);
  return { x: p.x + CARD_W / 2, y: p.y + CARD_H / 2 };
}

/**
 * The next focus target from `current` for an arrow key (or Home/End),
 * among `targets` (slot numbers and "stock"). Moves to the nearest target
 * in that direction, favouring the same line; stays put when none lies
 * that way. Home and End go to the leftmost and rightmost card.
 * @param {Geometry} geo
 * @param {Array<number | "stock">} targets
 * @param {number | "stock" | null | undefined} current
 * @param {string} key
 */
export function nextTarget(geo, targets, current, key) {
  if (!targets.length) return null;
  const cards = targets.filter((t) => t !== "stock");
  const ordered = (cards.length ? cards : targets).sort((a, b) => {
    const pa = centre(geo, a);
    const pb = centre(geo, b);
    return pa.x - pb.x || pa.y - pb.y;
  });
  if (key === "Home") return ordered[0];
  if (key === "End") return ordered[ordered.length - 1];
  if (current === null || current === undefined || !targets.includes(current)) {
    return ordered[0];
  }
  const from = centre(geo, current);
  let best = current;
  let bestCost = Infinity;
  for (const t of targets) {
    if (t === current) continue;
    const p = centre(geo, t);
    const dx = p.x - from.x;
    const dy = p.y - from.y;
    let along;
    let across;
    if (key === "ArrowRight") [along, across] = [dx, dy];
    else if (key === "ArrowLeft") [along, across] = [-dx, dy];
    else if (key === "ArrowDown") [along, across] = [dy, dx];
    else if (key === "ArrowUp") [along, across] = [-dy, dx];
    else return current;
    if (along <= 0.01) continue;
    // Sideways: stay in the row. Up and down: the nearest row first.
    const vertical = key === "ArrowUp" || key === "ArrowDown";
    const cost = vertical ? 3 * along + Math.abs(across) : along + 2.5 * Math.abs(across);
    if (cost < bestCost) {
      bestCost = cost;
      best = t;
    }
  }
  return best;
}

/**
 * The target nearest to a position (used when the focused card leaves).
 * @param {Geometry} geo
 * @param {Array<number | "stock">} targets
 * @param {{x: number, y: number}} position
 */
export function nearestTarget(geo, targets, position) {
  let best = null;
  let bestCost = Infinity;
  for (const t of targets) {
    const p = targetPosition(geo, t);
    const cost = Math.hypot(p.x - position.x, (p.y - position.y) * 1.5);
    if (cost < bestCost) {
      bestCost = cost;
      best = t;
    }
  }
  return best;
}
