import { test } from "node:test";
import assert from "node:assert/strict";
import { PRESETS, VARIANTS, dealIntent, presetOf, readGameNumber, rulesText } from "../src/dialog.js";

test("rule sets as text, variants in code order", () => {
  assert.equal(rulesText("easy"), "easy");
  assert.equal(rulesText("classic", ["joker"]), "classic+joker");
  assert.equal(rulesText("easy", ["empty-discard", "hogue-scoring", "joker"]), "easy+hogue-scoring+joker+empty-discard");
  assert.equal(rulesText("anything", ["bogus"]), "easy", "unknown names are dropped");
  assert.equal(VARIANTS.length, 5);
});

test("presets: the app's and the second site's rules", () => {
  assert.equal(rulesText(PRESETS.app.rules, PRESETS.app.variants), "easy");
  assert.equal(rulesText(PRESETS.site.rules, PRESETS.site.variants), "easy+draw-when-stuck+empty-discard");
  assert.equal(presetOf("easy", []), "app");
  assert.equal(presetOf("easy", ["empty-discard", "draw-when-stuck"]), "site");
  assert.equal(presetOf("classic", ["empty-discard", "draw-when-stuck"]), null);
  assert.equal(presetOf("easy", ["joker"]), null);
});

test("game numbers: 1 to 50,000, else a reason", () => {
  assert.deepEqual(readGameNumber(""), { value: null });
  assert.deepEqual(readGameNumber("   "), { value: null });
  assert.deepEqual(readGameNumber(undefined), { value: null });
  assert.deepEqual(readGameNumber("123"), { value: 123 });
  assert.deepEqual(readGameNumber(" #42 "), { value: 42 });
  assert.deepEqual(readGameNumber("50,000"), { value: 50000 });
  assert.deepEqual(readGameNumber("12 345"), { value: 12345 });
  assert.deepEqual(readGameNumber("1"), { value: 1 });
  assert.deepEqual(readGameNumber("0"), { error: "game_range" });
  assert.deepEqual(readGameNumber("50001"), { error: "game_range" });
  assert.deepEqual(readGameNumber("99999999999999999999"), { error: "game_range" });
  for (const bad of ["abc", "12a", "1.5", "-1", "1e3", "0x10", "1,23", "١٢٣"]) {
    assert.deepEqual(readGameNumber(bad), { error: "game_nan" }, bad);
  }
});

test("the intent carries the whole choice; a code wins; with neither field, a random deal", () => {
  const choice = { rules: "classic", variants: ["joker"], game: "123", code: "" };
  assert.deepEqual(dealIntent(choice, 5), { intent: { type: "new_game", rules: "classic+joker", game: 123, code: "", id: 5 } });
  assert.deepEqual(dealIntent({ ...choice, game: "" }, 5).intent.game, null);
  assert.deepEqual(dealIntent({ ...choice, game: "x" }, 5), { error: "game_nan", field: "game" });
  assert.deepEqual(dealIntent({ ...choice, game: "x", code: " tp1-e-aaaaaab " }, 5).intent, {
    type: "new_game", rules: "classic+joker", game: null, code: "tp1-e-aaaaaab", id: 5,
  });
  assert.deepEqual(dealIntent({ ...choice, game: " ", code: "" }, 6).intent, {
    type: "new_game", rules: "classic+joker", game: null, code: "", id: 6,
  });
});

test("the layout, a built-in one's key, goes with a number or a random deal; a code names its own", () => {
  const choice = { layout: "DIAMOND", rules: "easy", variants: [], game: "7", code: "" };
  assert.equal(dealIntent(choice, 1).intent.layout, "DIAMOND");
  assert.equal(dealIntent({ ...choice, game: "" }, 2).intent.layout, "DIAMOND");
  assert.equal("layout" in dealIntent({ ...choice, code: "TP1-E-AAAAAAB" }, 3).intent, false);
  assert.equal("layout" in dealIntent({ ...choice, layout: "" }, 4).intent, false, "none chosen: the board's is kept");
});

test("winnable deals only: the intent carries it for a random deal, never with a code or a number", () => {
  const choice = { rules: "easy", variants: [], game: "", code: "", winnable: true };
  assert.deepEqual(dealIntent(choice, 1).intent, { type: "new_game", rules: "easy", game: null, code: "", id: 1, winnable: true });
  assert.equal("winnable" in dealIntent({ ...choice, game: "12" }, 3).intent, false, "a game number names its deal");
  assert.equal("winnable" in dealIntent({ ...choice, code: "TP1-E-AAAAAAB" }, 4).intent, false, "a code names its deal");
  assert.equal("winnable" in dealIntent({ ...choice, winnable: false }, 5).intent, false);
});
