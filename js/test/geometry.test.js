import { test } from "node:test";
import assert from "node:assert/strict";
import { CARD_H, CARD_W, THREE_PEAKS, nearestTarget, nextTarget, readTable, targetPosition } from "../src/geometry.js";
import { TABLE } from "../src/facts.js";

const place = (slot) => targetPosition(THREE_PEAKS, slot);

test("Three Peaks' rows hold 3, 6, 9 and 10 slots, half a card apart (R1.2)", () => {
  const heights = [...new Set(THREE_PEAKS.slots.map((s) => s.y))].sort((a, b) => a - b);
  const counts = heights.map((y) => THREE_PEAKS.slots.filter((s) => s.y === y).length);
  assert.deepEqual(counts, [3, 6, 9, 10]);
  assert.ok(Math.abs(heights[1] - CARD_H / 2) < 1e-9);
  assert.throws(() => targetPosition(THREE_PEAKS, 28), RangeError);
  assert.deepEqual(THREE_PEAKS.order, [...Array(28).keys()], "read row by row from the peak tops");
});

test("the bottom row sits at whole units, row 3 half a card in, the board ten cards wide", () => {
  assert.deepEqual([18, 19, 27].map((s) => place(s).x), [0, 1, 9]);
  assert.deepEqual([9, 10, 17].map((s) => place(s).x), [0.5, 1.5, 8.5]);
  assert.deepEqual([0, 1, 2].map((s) => place(s).x), [1.5, 4.5, 7.5]);
  assert.ok(Math.abs(THREE_PEAKS.width - (9 + CARD_W)) < 1e-9);
});

test("a card covering others lies deeper, and the piles lie over every card", () => {
  assert.deepEqual([0, 3, 9, 18].map((s) => place(s).z), [1, 2, 3, 4]);
  assert.ok(THREE_PEAKS.stock.z > 4 && THREE_PEAKS.discard.z > THREE_PEAKS.stock.z);
});

test("cards keep their proportions and the piles sit below the peaks, inside the board", () => {
  assert.ok(Math.abs(CARD_H / CARD_W - 1.4) < 1e-9);
  const lowest = Math.max(...THREE_PEAKS.slots.map((s) => s.y));
  assert.ok(THREE_PEAKS.stock.y > lowest + CARD_H);
  assert.ok(Math.abs(THREE_PEAKS.stock.y + CARD_H - THREE_PEAKS.height) < 1e-9);
  assert.ok(THREE_PEAKS.stock.x > 0 && THREE_PEAKS.discard.x + CARD_W < THREE_PEAKS.width);
});

test("a table that is not one is refused whole, and a bad order is read as slot order", () => {
  for (const bad of [null, 3, {}, { ...TABLE, slots: [] }, { ...TABLE, width: "10" }, { ...TABLE, slots: [[0, 0, 1]] }]) {
    assert.equal(readTable(bad), null);
  }
  const two = readTable({ ...TABLE, slots: [[0, 0], [1, 0]], depth: [1], order: [1, 1] });
  assert.deepEqual(two.slots.map((s) => s.z), [1, 1], "a depth that does not fit is read as all alike");
  assert.deepEqual(two.order, [0, 1]);
  assert.notEqual(two.sign, THREE_PEAKS.sign);
});

test("arrow keys move to the nearest target that way", () => {
  const targets = [18, 19, 20, 11, "stock"];
  const next = (current, key) => nextTarget(THREE_PEAKS, [...targets], current, key);
  assert.equal(next(18, "ArrowRight"), 19);
  assert.equal(next(19, "ArrowLeft"), 18);
  assert.equal(next(18, "ArrowLeft"), 18, "stays at the edge");
  assert.equal(next(20, "ArrowUp"), 11);
  assert.equal(next(11, "ArrowDown"), 20);
  assert.equal(next(20, "ArrowDown"), "stock");
  assert.equal(next("stock", "ArrowUp"), 20);
  assert.equal(nextTarget(THREE_PEAKS, ["stock"], "stock", "Home"), "stock");
  assert.equal(next(19, "Home"), 18);
  assert.equal(next(19, "End"), 11);
  assert.equal(next(99, "ArrowRight"), 18, "an unknown start goes to the first");
  assert.equal(nextTarget(THREE_PEAKS, [], 3, "ArrowRight"), null);
});

test("nearest target to where a played card was", () => {
  assert.equal(nearestTarget(THREE_PEAKS, [18, 22, 27, "stock"], place(21)), 22);
  assert.equal(nearestTarget(THREE_PEAKS, ["stock"], place(0)), "stock");
});
