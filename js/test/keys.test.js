import { test } from "node:test";
import assert from "node:assert/strict";
import { keyCommand } from "../src/keys.js";

const k = (key, extra = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...extra });

test("Enter and Space play the focused card or draw from the stock", () => {
  assert.deepEqual(keyCommand(k("Enter"), 20), { kind: "intent", intent: { type: "play", slot: 20 } });
  assert.deepEqual(keyCommand(k(" "), 0), { kind: "intent", intent: { type: "play", slot: 0 } });
  assert.deepEqual(keyCommand(k("Enter"), "stock"), { kind: "intent", intent: { type: "draw" } });
  assert.equal(keyCommand(k("Enter"), null), null);
});

test("letter keys: d draws, u undoes, h hints, n opens New game", () => {
  assert.deepEqual(keyCommand(k("d"), null), { kind: "intent", intent: { type: "draw" } });
  assert.deepEqual(keyCommand(k("D"), 3), { kind: "intent", intent: { type: "draw" } });
  assert.deepEqual(keyCommand(k("u"), null), { kind: "intent", intent: { type: "undo" } });
  assert.deepEqual(keyCommand(k("h"), null), { kind: "intent", intent: { type: "hint" } });
  assert.deepEqual(keyCommand(k("n"), null), { kind: "dialog" });
  assert.equal(keyCommand(k("b"), null), null);
  assert.equal(keyCommand(k("Escape"), null), null);
});

test("Ctrl+Z and Cmd+Z undo; other chords are left alone", () => {
  assert.deepEqual(keyCommand(k("z", { ctrlKey: true }), null), { kind: "intent", intent: { type: "undo" } });
  assert.deepEqual(keyCommand(k("z", { metaKey: true }), null), { kind: "intent", intent: { type: "undo" } });
  assert.equal(keyCommand(k("z", { ctrlKey: true, shiftKey: true }), null), null);
  assert.equal(keyCommand(k("d", { ctrlKey: true }), null), null);
  assert.equal(keyCommand(k("d", { altKey: true }), null), null);
});

test("arrows, Home and End move the focus", () => {
  for (const name of ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]) {
    assert.deepEqual(keyCommand(k(name), 18), { kind: "focus", key: name });
  }
});
