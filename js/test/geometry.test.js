import { test } from "node:test";
import assert from "node:assert/strict";
import {
  CARD_H, CARD_W, ROW_STEP, SLOT_COUNT, STOCK_POSITION, nearestTarget, nextTarget, slotPosition, slotRow, slotX,
} from "../src/geometry.js";

test("rows hold 3, 6, 9 and 10 slots (R1.2)", () => {
  const counts = [0, 0, 0, 0];
  for (let s = 0; s < SLOT_COUNT; s += 1) counts[slotRow(s)] += 1;
  assert.deepEqual(counts, [3, 6, 9, 10]);
  assert.throws(() => slotRow(28), RangeError);
  assert.throws(() => slotRow(-1), RangeError);
});

test("bottom row sits at whole units, row 3 half a card in", () => {
  assert.deepEqual([18, 19, 27].map(slotX), [0, 1, 9]);
  assert.deepEqual([9, 10, 17].map(slotX), [0.5, 1.5, 8.5]);
  assert.deepEqual([3, 4, 5, 6, 7, 8].map(slotX), [1, 2, 4, 5, 7, 8]);
  assert.deepEqual([0, 1, 2].map(slotX), [1.5, 4.5, 7.5]);
});

// R1.3: every card of rows 1-3 lies centred between the two cards that cover it.
test("each covered card is centred over its two covering cards (R1.3)", () => {
  const covers = [];
  for (let p = 0; p < 3; p += 1) covers.push([p, 3 + 2 * p, 3 + 2 * p + 1]);
  for (let j = 0; j < 6; j += 1) {
    const p = Math.floor(j / 2);
    const k = j % 2;
    covers.push([3 + j, 9 + 3 * p + k, 9 + 3 * p + k + 1]);
  }
  for (let i = 0; i < 9; i += 1) covers.push([9 + i, 18 + i, 18 + i + 1]);
  for (const [slot, a, b] of covers) {
    assert.equal(slotX(slot), (slotX(a) + slotX(b)) / 2, `slot ${slot}`);
    assert.equal(slotRow(a), slotRow(slot) + 1);
    const top = slotPosition(slot).y;
    assert.ok(slotPosition(a).y > top && slotPosition(a).y < top + CARD_H, "rows overlap");
  }
});

test("cards keep their proportions and the stock sits below the peaks", () => {
  assert.ok(Math.abs(CARD_H / CARD_W - 1.4) < 1e-9);
  assert.ok(STOCK_POSITION.y > 3 * ROW_STEP + CARD_H);
});

test("arrow keys move to the nearest target that way", () => {
  const targets = [18, 19, 20, 11, "stock"];
  assert.equal(nextTarget(targets, 18, "ArrowRight"), 19);
  assert.equal(nextTarget(targets, 19, "ArrowLeft"), 18);
  assert.equal(nextTarget(targets, 18, "ArrowLeft"), 18, "stays at the edge");
  assert.equal(nextTarget(targets, 20, "ArrowUp"), 11);
  assert.equal(nextTarget(targets, 11, "ArrowDown"), 20);
  assert.equal(nextTarget(targets, 20, "ArrowDown"), "stock");
  assert.equal(nextTarget(targets, "stock", "ArrowUp"), 20);
  assert.equal(nextTarget(["stock"], "stock", "Home"), "stock");
  assert.equal(nextTarget(targets, 19, "Home"), 18);
  assert.equal(nextTarget(targets, 19, "End"), 11);
  assert.equal(nextTarget(targets, 99, "ArrowRight"), 18, "an unknown start goes to the first");
  assert.equal(nextTarget([], 3, "ArrowRight"), null);
});

test("nearest target to where a played card was", () => {
  assert.equal(nearestTarget([18, 22, 27, "stock"], slotPosition(21)), 22);
  assert.equal(nearestTarget(["stock"], slotPosition(0)), "stock");
});
