// Where things sit on the table, in "units": one unit is a card width plus
// the gap beside it. Pure presentation: no rule of the game lives here.

import { CARD_H, CARD_W, DISCARD_X, PILE_GAP, ROW_STARTS, ROW_STEP, SLOT_COUNT, SLOT_X, STOCK_X } from "./facts.js";

export { CARD_H, CARD_W, DISCARD_X, ROW_STARTS, ROW_STEP, SLOT_COUNT, STOCK_X };

// The board's size, from the facts (tripeaks_widget/picture/look.py and the engine's layout).
export const BOARD_W = 10 - (1 - CARD_W); // the bottom row spans 10 cards
export const PILE_TOP = 3 * ROW_STEP + CARD_H + PILE_GAP;
export const BOARD_H = PILE_TOP + CARD_H;

/** Row of a slot: 0 = peak tops, 3 = bottom row. */
export function slotRow(slot) {
  if (!Number.isInteger(slot) || slot < 0 || slot >= SLOT_COUNT) {
    throw new RangeError(`no slot ${slot}`);
  }
  let row = 0;
  while (slot >= ROW_STARTS[row + 1]) row += 1;
  return row;
}

/** Left edge of a slot's card, in units. */
export function slotX(slot) {
  slotRow(slot); // a RangeError for no slot
  return SLOT_X[slot];
}

/** Position of a slot: left/top in units and its row (for stacking). */
export function slotPosition(slot) {
  const row = slotRow(slot);
  return { x: slotX(slot), y: row * ROW_STEP, row };
}

export const STOCK_POSITION = { x: STOCK_X, y: PILE_TOP, row: 4 };
export const DISCARD_POSITION = { x: DISCARD_X, y: PILE_TOP, row: 4 };

/** Position of a focus target: a slot number or "stock". */
export function targetPosition(target) {
  return target === "stock" ? STOCK_POSITION : slotPosition(target);
}

/** Centre of a target, in units. */
function centre(target) {
  const p = targetPosition(target);
  return { x: p.x + CARD_W / 2, y: p.y + CARD_H / 2 };
}

/**
 * The next focus target from `current` for an arrow key (or Home/End),
 * among `targets` (slot numbers and "stock"). Moves to the nearest target
 * in that direction, favouring the same line; stays put when none lies
 * that way. Home and End go to the leftmost and rightmost card.
 */
export function nextTarget(targets, current, key) {
  if (!targets.length) return null;
  const cards = targets.filter((t) => t !== "stock");
  const ordered = (cards.length ? cards : targets).sort((a, b) => {
    const pa = centre(a);
    const pb = centre(b);
    return pa.x - pb.x || pa.y - pb.y;
  });
  if (key === "Home") return ordered[0];
  if (key === "End") return ordered[ordered.length - 1];
  if (current === null || current === undefined || !targets.includes(current)) {
    return ordered[0];
  }
  const from = centre(current);
  let best = current;
  let bestCost = Infinity;
  for (const t of targets) {
    if (t === current) continue;
    const p = centre(t);
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

/** The target nearest to a position (used when the focused card leaves). */
export function nearestTarget(targets, position) {
  let best = null;
  let bestCost = Infinity;
  for (const t of targets) {
    const p = targetPosition(t);
    const cost = Math.hypot(p.x - position.x, (p.y - position.y) * 1.5);
    if (cost < bestCost) {
      bestCost = cost;
      best = t;
    }
  }
  return best;
}
