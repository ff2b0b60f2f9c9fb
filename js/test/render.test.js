import { test } from "node:test";
import assert from "node:assert/strict";
import widget from "../src/index.js";
import * as viewmodel from "../src/viewmodel.js";
import { LAYOUTS } from "../src/dialog.js";
import { GREEK, STATES, dom, fakeModel, key, withSeq } from "./helpers.js";
import { NO_ANSWER_MS } from "../src/render.js";
import { LABELS } from "../src/labels.js";

function setup(state = STATES.start, traits = {}) {
  const { window, document, cell } = dom();
  const model = fakeModel(state, traits);
  const cleanup = widget.render({ model, el: cell });
  const $ = (sel) => cell.querySelector(sel);
  const $$ = (sel) => [...cell.querySelectorAll(sel)];
  const slot = (n) => $(`[data-slot="${n}"]`);
  return { window, document, cell, model, cleanup, $, $$, slot };
}

test("draws 28 slots, the stock, the discard, score, moves, rules and code", () => {
  const { $, $$, slot, window } = setup();
  assert.equal($$(".tp-slot").length, 28);
  assert.equal($$(".tp-slot.tp-hidden").length, 18);
  assert.equal($$(".tp-slot.tp-up").length, 10);
  assert.deepEqual($$(".tp-playable").map((e) => Number(e.dataset.slot)), [20, 22, 24]);
  assert.equal(slot(20).getAttribute("aria-label"), "king of clubs");
  assert.equal(slot(20).getAttribute("role"), "button");
  assert.equal(slot(0).getAttribute("aria-label"), "hidden card");
  assert.ok(slot(22).classList.contains("tp-red"), "2♦ is red");
  assert.ok(!slot(20).classList.contains("tp-red"));
  assert.equal(slot(20).querySelector(".tp-rank").dataset.rank, "K", "the stylesheet draws the rank");
  assert.equal(slot(20).textContent, "", "a card's only text is its name (aria-label)");
  assert.equal(slot(20).querySelectorAll("svg").length, 3, "corner suits and a centre pip");
  assert.equal($(".tp-stock").getAttribute("aria-label"), "stock, 23 cards");
  assert.equal($(".tp-stock-count").textContent, "23");
  assert.equal($(".tp-discard").getAttribute("aria-label"), "discard, ace of clubs");
  assert.equal($(".tp-stat-score .tp-stat-value").textContent, "500");
  assert.equal($(".tp-stat-moves .tp-stat-value").textContent, "0");
  assert.equal($(".tp-rules").textContent, "Easy");
  assert.equal($(".tp-code").textContent, "TP1-E-AAAAAAB");
  assert.ok($(".tp-undo").disabled, "nothing to undo yet");
  assert.equal($(".tp-assist-error-help").getAttribute("aria-checked"), "true");
  assert.ok($(".tp-banner").hidden);
  assert.ok($(".tp-dialog").hidden);
  // Cards are positioned by the geometry: the first bottom card at x 0, a peak top at 1.5.
  assert.equal(slot(18).style.getPropertyValue("--x"), "0");
  assert.equal(slot(0).style.getPropertyValue("--x"), "1.5");
  window.close();
});

// A peak of three cards: its top over the two below (a layout's table, as Python's look.table makes it).
const ONE_PEAK = {
  name: "One Peak", key: "ONE-PEAK", width: 3.02, height: 3.232, pile_top: 1.944, stock_x: 0, discard_x: 2.1,
  slots: [[1.05, 0], [0.55, 0.644], [1.55, 0.644]], depth: [1, 2, 2], order: [0, 1, 2],
};
const { table: _threePeaks, ...WITHOUT_TABLE } = STATES.start; // as the widget's state comes: its table apart
const ON_ONE_PEAK = { ...WITHOUT_TABLE, slots: ["?", "K♣", "2♦"], free: [1, 2], playable: [2], highlight: [] };

test("the board lays out the layout its table gives: each slot at its place, in reading order, the unit fit to it", () => {
  for (const [state, traits] of [[{ ...ON_ONE_PEAK, table: ONE_PEAK }, {}], [ON_ONE_PEAK, { table: ONE_PEAK }]]) {
    const { $, $$, slot, cell, window } = setup(state, traits);
    assert.deepEqual($$(".tp-slot").map((e) => Number(e.dataset.slot)), [0, 1, 2], "in the page in reading order");
    assert.deepEqual([0, 1, 2].map((n) => slot(n).style.getPropertyValue("--x")), ["1.05", "0.55", "1.55"]);
    assert.deepEqual([0, 1].map((n) => slot(n).style.getPropertyValue("--z")), ["1", "2"], "a cover lies over its card");
    assert.equal($(".tp-board").style.getPropertyValue("--bw"), "3.02");
    assert.equal(cell.querySelector(".tp-game").style.getPropertyValue("--tp-bw"), "3.02");
    assert.equal($(".tp-stock").style.getPropertyValue("--y"), "1.944");
    assert.equal($(".tp-discard").style.getPropertyValue("--x"), "2.1");
    assert.ok(Number($(".tp-discard").style.getPropertyValue("--z")) > 2, "the discard lies over every card");
    assert.deepEqual($$(".tp-playable").map((e) => Number(e.dataset.slot)), [2]);
    window.close();
  }
});

test("Diamond's snapshot draws its 25 slots where its table puts them, face up and face down as Python says", () => {
  const { $$, slot, window } = setup(STATES.diamond);
  const { table } = STATES.diamond;
  assert.equal($$(".tp-slot").length, 25);
  assert.deepEqual($$(".tp-slot").map((e) => Number(e.dataset.slot)), table.order);
  for (const [n, [x, y]] of table.slots.entries()) {
    assert.deepEqual([slot(n).style.getPropertyValue("--x"), slot(n).style.getPropertyValue("--y")], [String(x), String(y)]);
    const seen = STATES.diamond.slots[n];
    assert.equal(slot(n).classList.contains("tp-removed"), seen === null, `slot ${n}`);
    assert.equal(slot(n).classList.contains("tp-hidden"), seen === "?", `slot ${n}`);
  }
  window.close();
});

test("the New game dialog counts the layout's peak cards where it names them", () => {
  for (const [state, count] of [[STATES.start, 28], [STATES.diamond, 25]]) {
    const { $$, window } = setup(state);
    const tips = $$("[title]").map((e) => e.title).filter((tip) => tip.includes("peak cards are dealt face up"));
    assert.deepEqual(tips, [`All ${count} peak cards are dealt face up; a card is playable once no card covers it.`]);
    window.close();
  }
});

test("a new layout lays the board out again, and the keys go through its cards in reading order", () => {
  const { $$, slot, model, window } = setup({ ...ON_ONE_PEAK, seq: 1 }, { table: ONE_PEAK });
  slot(1).focus();
  model.setTrait("table", undefined); // back to Three Peaks (a snapshot without a table)
  model.push(withSeq(WITHOUT_TABLE, 2));
  assert.equal($$(".tp-slot").length, 28);
  assert.equal(slot(18).style.getPropertyValue("--x"), "0");
  const vm = viewmodel.toViewModel({ ...ON_ONE_PEAK, free: [2, 1], table: { ...ONE_PEAK, order: [0, 2, 1] } });
  assert.deepEqual(vm.targets, [2, 1, "stock"], "free cards in the table's order, then the stock");
  window.close();
});

test("the R7 description is put in a polite live region", () => {
  const { $, model, window } = setup();
  const live = $("[aria-live='polite']");
  assert.equal(live.textContent, STATES.start.description);
  assert.match(live.className, /tp-sr-only/);
  model.push(STATES.refused);
  assert.equal(live.textContent, `Must be one rank higher or lower ${STATES.refused.description}`);
  window.close();
});

test("clicks send intents: play a card, draw, undo, hint, error help", () => {
  const { $, slot, model, window } = setup(STATES.mid);
  slot(18).click();
  slot(0).click(); // a hidden card: Python answers "This card is blocked"
  slot(20).click(); // removed: nothing to send
  $(".tp-stock").click();
  $(".tp-undo").click();
  $(".tp-hint").click();
  $(".tp-assist-error-help").click();
  assert.deepEqual(model.sent, [
    { type: "play", slot: 18, card: "3♠" },
    { type: "play", slot: 0, card: "?" },
    { type: "draw" },
    { type: "undo" },
    { type: "hint" },
    { type: "error_help", value: false },
  ]);
  window.close();
});

test("an empty stock is drawn as an outline and sends nothing", () => {
  const { $, model, window } = setup(STATES.blocked);
  assert.ok($(".tp-stock").classList.contains("tp-empty"));
  assert.equal($(".tp-stock").getAttribute("aria-label"), "stock, empty");
  $(".tp-stock").click();
  assert.deepEqual(model.sent, []);
  window.close();
});

test("every key pressed in the widget stops there, and focusables suppress shortcuts", () => {
  const { cell, $, $$, slot, window, document } = setup();
  const seen = [];
  document.body.addEventListener("keydown", (e) => seen.push(e.key));
  key(window, slot(20), "b");
  key(window, $(".tp-undo"), "a");
  assert.deepEqual(seen, [], "keys inside the widget never reach the notebook");
  key(window, cell, "b");
  assert.deepEqual(seen, ["b"], "keys outside it do");
  const focusables = [...$$(".tp-slot"), $(".tp-stock"), ...$$("button"), ...$$("input")];
  for (const el of focusables) assert.ok(el.hasAttribute("data-lm-suppress-shortcuts"), el.className);
  assert.ok($(".tp-root").hasAttribute("data-lm-suppress-shortcuts"));
  window.close();
});

test("roving focus: one tab stop among free cards and the stock; arrows move it", () => {
  const { $, $$, slot, model, window, document } = setup();
  const stops = $$("[tabindex='0']").filter((e) => e.closest(".tp-board"));
  assert.equal(stops.length, 1);
  assert.equal(stops[0], slot(18));
  assert.equal(slot(0).getAttribute("tabindex"), null, "hidden cards are not focus targets");
  slot(18).focus();
  key(window, slot(18), "ArrowRight");
  assert.equal(document.activeElement, slot(19));
  assert.equal(slot(19).getAttribute("tabindex"), "0");
  assert.equal(slot(18).getAttribute("tabindex"), "-1");
  key(window, slot(19), "End");
  assert.equal(document.activeElement, slot(27));
  key(window, slot(27), "ArrowDown");
  assert.equal(document.activeElement, $(".tp-stock"));
  const enter = key(window, $(".tp-stock"), "Enter");
  assert.ok(enter.defaultPrevented);
  key(window, $(".tp-stock"), "ArrowUp");
  key(window, document.activeElement, " ");
  assert.equal(model.sent.length, 2);
  assert.deepEqual(model.sent[0], { type: "draw" });
  assert.equal(model.sent[1].type, "play");
  window.close();
});

test("keys: d draws, u and Ctrl+Z undo, h hints, n opens the dialog", () => {
  const { $, slot, model, window } = setup();
  slot(18).focus();
  key(window, slot(18), "d");
  key(window, slot(18), "u");
  key(window, slot(18), "z", { ctrlKey: true });
  key(window, slot(18), "h");
  key(window, slot(18), "Enter");
  assert.deepEqual(model.sent, [{ type: "draw" }, { type: "undo" }, { type: "undo" }, { type: "hint" }, { type: "play", slot: 18, card: "3♠" }]);
  key(window, slot(18), "n");
  assert.ok(!$(".tp-dialog").hidden);
  window.close();
});

test("when the focused card is played, focus moves to a nearby free card", () => {
  const { slot, model, window, document } = setup(withSeq(STATES.start, 1));
  slot(20).focus();
  key(window, slot(20), "Enter");
  model.push(withSeq(STATES.after1, 2));
  assert.notEqual(document.activeElement, slot(20));
  assert.ok([19, 21].includes(Number(document.activeElement.dataset.slot)));
  assert.equal(document.activeElement.getAttribute("tabindex"), "0");
  window.close();
});

test("a snapshot updates everything; highlights and the caption show", () => {
  const { $, slot, model, window } = setup();
  model.push(STATES.teach);
  assert.ok(slot(20).classList.contains("tp-removed"));
  assert.equal(slot(20).getAttribute("aria-hidden"), "true");
  assert.equal(slot(13).getAttribute("aria-label"), "7 of spades");
  assert.ok(slot(21).classList.contains("tp-highlight"));
  assert.ok($(".tp-stock").classList.contains("tp-highlight"));
  assert.ok(!$(".tp-caption").hidden);
  assert.match($(".tp-caption").textContent, /^Step 3/);
  assert.equal($(".tp-stat-score .tp-stat-value").textContent, String(STATES.teach.score));
  assert.ok(!$(".tp-undo").disabled);
  model.push(STATES.refused);
  assert.equal($(".tp-message").textContent, "Must be one rank higher or lower");
  assert.ok($(".tp-caption").hidden);
  window.close();
});

test("won and blocked show a banner with Undo and New game", () => {
  const { $, model, window } = setup(STATES.won);
  assert.ok(!$(".tp-banner").hidden);
  assert.equal($(".tp-banner-title").textContent, "You won!");
  model.push(STATES.blocked);
  assert.equal($(".tp-banner-title").textContent, "No more possible moves");
  assert.ok($(".tp-hint").disabled);
  $(".tp-banner .tp-button").click();
  assert.deepEqual(model.sent, [{ type: "undo" }]);
  $(".tp-banner .tp-primary").click();
  assert.ok(!$(".tp-dialog").hidden);
  model.push(STATES.start);
  assert.ok($(".tp-banner").hidden);
  window.close();
});

test("New game dialog: a bad code's reason shows inline and the dialog stays", () => {
  const { $, $$, model, window, document } = setup(STATES.start);
  $(".tp-new").click();
  assert.ok(!$(".tp-dialog").hidden);
  assert.ok($(".tp-dialog input[value='easy']").checked, "starts on the current rules");
  assert.equal(document.activeElement, $(".tp-code-input"), "ready to paste a code");
  $(".tp-dialog input[value='classic']").click();
  $(".tp-code-input").value = "  TP1-X-??? ";
  $(".tp-dialog form").requestSubmit();
  const request = model.sent.at(-1);
  assert.equal(request.type, "new_game");
  assert.equal(request.rules, "classic");
  assert.equal(request.code, "TP1-X-???");
  assert.ok(Number.isInteger(request.id));
  model.reply({ type: "reply", id: request.id + 1, ok: false, error: "someone else's" });
  assert.equal($(".tp-dialog-error").textContent, "", "another view's reply is ignored");
  model.reply({ type: "reply", id: request.id, ok: false, error: "expected a code like TP1-E-AAAAAAB" });
  assert.equal($(".tp-dialog-error").textContent, "expected a code like TP1-E-AAAAAAB");
  assert.equal($(".tp-code-input").getAttribute("aria-invalid"), "true");
  assert.ok(!$(".tp-dialog").hidden);
  assert.equal(document.activeElement, $(".tp-code-input"));
  // One Deal button: with the code cleared and no game number, a random deal; a good reply closes the dialog.
  assert.equal($$(".tp-dialog .tp-actions button").length, 2, "Deal and Cancel: two buttons, two actions");
  $(".tp-code-input").value = "";
  $(".tp-dialog form").requestSubmit();
  const random = model.sent.at(-1);
  assert.deepEqual({ ...random, id: 0 }, { type: "new_game", rules: "classic", game: null, code: "", id: 0, layout: "THREE-PEAKS" });
  assert.notEqual(random.id, request.id);
  model.reply({ type: "reply", id: random.id, ok: true, error: "" });
  assert.ok($(".tp-dialog").hidden);
  window.close();
});

test("New game dialog: Escape and Cancel close it; keys typed in it stay in it", () => {
  const { $, $$, model, window, document } = setup();
  const seen = [];
  document.body.addEventListener("keydown", (e) => seen.push(e.key));
  $(".tp-new").click();
  key(window, $(".tp-code-input"), "d");
  key(window, $(".tp-code-input"), "u");
  assert.deepEqual(model.sent, [], "letters typed into the code field are text");
  key(window, $(".tp-code-input"), "Escape");
  assert.ok($(".tp-dialog").hidden);
  $(".tp-new").click();
  $$(".tp-dialog .tp-button").at(-1).click();
  assert.ok($(".tp-dialog").hidden);
  assert.deepEqual(seen, []);
  window.close();
});

test("two views of one model stay in sync; two widgets stay apart", () => {
  const { window, document } = dom();
  const a = document.createElement("div");
  const b = document.createElement("div");
  const c = document.createElement("div");
  document.body.append(a, b, c);
  const model = fakeModel(STATES.start);
  const other = fakeModel(STATES.blocked);
  widget.render({ model, el: a });
  widget.render({ model, el: b });
  widget.render({ model: other, el: c });
  model.push(STATES.teach);
  for (const el of [a, b]) {
    assert.ok(el.querySelector("[data-slot='20']").classList.contains("tp-removed"));
    assert.match(el.querySelector(".tp-caption").textContent, /^Step 3/);
  }
  assert.equal(c.querySelector(".tp-banner-title").textContent, "No more possible moves");
  // Dialog ids are unique per view, so labels point at their own inputs.
  const ids = [a, b].map((el) => el.querySelector(".tp-code-input").id);
  assert.notEqual(ids[0], ids[1]);
  window.close();
});

test("cleanup removes the listeners and the DOM", () => {
  const { cell, model, cleanup, window } = setup();
  assert.equal(model.listenerCount(), 3); // the state (its answers too), the labels, the table
  cleanup();
  assert.equal(model.listenerCount(), 0);
  assert.equal(cell.children.length, 0);
  model.push(STATES.teach); // nothing left to update, nothing thrown
  window.close();
});

test("labels from the state replace the English ones", () => {
  const labels = { undo: "Deshacer", rank_K: "rey", suit_clubs: "tréboles", card_name: "{rank} de {suit}" };
  const { $, slot, window } = setup({ ...STATES.start, labels }, { labels: undefined });
  assert.equal($(".tp-undo").textContent, "Deshacer");
  assert.equal(slot(20).getAttribute("aria-label"), "rey de tréboles");
  window.close();
});

test("a joker is drawn with its star and word; an empty discard as an outline", () => {
  const slots = [...STATES.start.slots];
  slots[19] = "★";
  const { $, slot, window } = setup({ ...STATES.start, slots, discard: null, variants: ["joker"] });
  assert.equal(slot(19).getAttribute("aria-label"), "joker");
  assert.equal(slot(19).querySelector(".tp-joker-word").textContent, "JOKER");
  assert.ok($(".tp-discard").classList.contains("tp-empty"));
  assert.equal($(".tp-discard").getAttribute("aria-label"), "discard, empty");
  assert.equal($(".tp-rules").textContent, "Easy · Joker");
  window.close();
});

function spyAnimations(elements) {
  const calls = [];
  for (const el of elements) {
    el.animate = (frames, options) => {
      calls.push({ el, frames, options });
      return { cancel() {}, set onfinish(f) {}, set oncancel(f) {} };
    };
  }
  return calls;
}

test("quick transitions: the played card flies to the discard, a refused card shakes", () => {
  const { $, slot, model, window } = setup(withSeq(STATES.start, 1));
  const calls = spyAnimations([$(".tp-discard .tp-face"), slot(18)]);
  slot(20).click();
  model.push(withSeq(STATES.after1, 2));
  assert.equal(calls.length, 1);
  assert.equal(calls[0].el, $(".tp-discard .tp-face"));
  assert.match(calls[0].frames[0].transform, /^translate\(/);
  slot(18).click(); // 3♠ on K♣: refused
  model.push(withSeq(STATES.after1, 3, { message: "Must be one rank higher or lower" }));
  assert.equal(calls.length, 2);
  assert.equal(calls[1].el, slot(18));
  assert.ok("translate" in calls[1].frames[1]);
  window.close();
});

test("a playable card goes to the discard at once, before Python answers; the answer settles it", () => {
  const { $, slot, model, window } = setup(withSeq(STATES.start, 1));
  slot(20).click();
  assert.deepEqual(model.sent, [{ type: "play", slot: 20, card: "K♣" }]);
  const seq = model.seqs[0];
  assert.ok(Number.isInteger(seq));
  assert.equal($(".tp-discard").dataset.card, "K♣", "on the discard without a snapshot");
  assert.ok(slot(20).classList.contains("tp-removed"));
  assert.equal($(".tp-stat-score .tp-stat-value").textContent, "500", "the score waits for Python");
  // A snapshot that does not answer it (a search's result) keeps the card in flight.
  model.push(withSeq(STATES.start, 2, { answered: seq - 1 }));
  assert.equal($(".tp-discard").dataset.card, "K♣");
  model.push(withSeq(STATES.after1, 3, { answered: seq }));
  assert.equal($(".tp-discard").dataset.card, "K♣");
  assert.equal($(".tp-stat-score .tp-stat-value").textContent, "499");
  window.close();
});

test("a card Python refuses goes back; a draw goes face down until Python names the card", () => {
  const { $, slot, model, window } = setup(withSeq(STATES.start, 1));
  const calls = spyAnimations([$(".tp-discard .tp-face"), slot(20).querySelector(".tp-face")]);
  slot(20).click();
  assert.equal($(".tp-discard").dataset.card, "K♣");
  // A script changed the board meanwhile, and Python refused the play.
  model.push(withSeq(STATES.start, 2, { answered: model.seqs[0], message: "Must be one rank higher or lower" }));
  assert.equal($(".tp-discard").dataset.card, "A♣");
  assert.ok(!slot(20).classList.contains("tp-removed"));
  assert.equal(calls.at(-1).el, slot(20).querySelector(".tp-face"), "it flies home");
  $(".tp-stock").click();
  assert.ok($(".tp-discard").classList.contains("tp-drawing"), "face down on the discard");
  assert.equal($(".tp-discard").dataset.card, "A♣", "the drawn card is not known yet");
  assert.equal($(".tp-stock-count").textContent, "23");
  model.push(withSeq(STATES.start, 3, { stock: 22, discard: "9♣", answered: model.seqs[1], last: { action: "draw", card: "9♣" } }));
  assert.ok(!$(".tp-discard").classList.contains("tp-drawing"));
  assert.equal($(".tp-discard").dataset.card, "9♣");
  window.close();
});

test("reduced motion: no animation at all", () => {
  const { window, document, cell } = dom();
  window.matchMedia = (query) => ({ matches: query.includes("reduce"), addEventListener() {}, removeEventListener() {} });
  const model = fakeModel(withSeq(STATES.start, 1));
  widget.render({ model, el: cell });
  const calls = spyAnimations([cell.querySelector(".tp-discard .tp-face")]);
  cell.querySelector("[data-slot='20']").click();
  model.push(withSeq(STATES.after1, 2));
  assert.equal(calls.length, 0);
  assert.equal(document.querySelector(".tp-discard").getAttribute("aria-label"), "discard, king of clubs");
  window.close();
});

// ---------- the New game dialog's rule choices, game number, and the records' notices ----------

function openDialog(t) {
  t.$(".tp-new").click();
  assert.ok(!t.$(".tp-dialog").hidden);
}

test("New game dialog: rule set, variant checkboxes and a game number make the intent", () => {
  const t = setup(STATES.start);
  const { $, $$, model, window } = t;
  openDialog(t);
  const boxes = $$(".tp-variants input[type=checkbox]");
  assert.deepEqual(boxes.map((b) => b.value), ["hogue-scoring", "joker", "open-peaks", "draw-when-stuck", "empty-discard"]);
  assert.deepEqual($$(".tp-check-name").map((e) => e.textContent), [
    "Hogue scoring", "Joker", "Open peaks", "Draw only when stuck", "Empty discard at start",
  ]);
  for (const label of $$(".tp-check")) {
    assert.ok(label.title.length > 20, "each option has a tooltip");
    assert.ok(label.querySelector(".tp-check-long").textContent.length > 10, "and a one-line explanation");
    const input = label.querySelector("input");
    assert.equal(input.getAttribute("aria-describedby"), label.querySelector(".tp-check-long").id);
    assert.ok(input.hasAttribute("data-lm-suppress-shortcuts"));
  }
  assert.ok(boxes.every((b) => !b.checked), "the current game has no variant");
  $(".tp-dialog input[value='classic']").click();
  $(".tp-dialog input[value='joker']").click();
  $(".tp-dialog input[value='open-peaks']").click();
  $(".tp-game-input").value = " 123 ";
  $(".tp-dialog form").requestSubmit();
  const request = model.sent.at(-1);
  assert.deepEqual({ ...request, id: 0 }, { type: "new_game", rules: "classic+joker+open-peaks", game: 123, code: "", id: 0, layout: "THREE-PEAKS" });
  assert.ok($(".tp-dialog button[type=submit]").disabled, "waiting for Python's reply");
  model.reply({ type: "reply", id: request.id, ok: true, error: "" });
  assert.ok($(".tp-dialog").hidden);
  window.close();
});

test("New game dialog: a labelled list of the built-in layouts by name, on the board's, sends the one chosen", () => {
  const t = setup(STATES.diamond, { labels: GREEK });
  const { $, $$, model, window } = t;
  openDialog(t);
  const select = $(".tp-dialog select");
  assert.equal($(`label[for="${select.id}"]`).textContent, GREEK.dialog_layout, "its label names it for the reader");
  const shown = $$(".tp-dialog select option").filter((o) => !o.hidden);
  assert.deepEqual(shown.map((o) => o.value), LAYOUTS, "every built-in layout, in Python's order");
  assert.deepEqual(shown.map((o) => o.textContent), LAYOUTS.map((k) => GREEK[`layout_${k}`]));
  assert.ok(shown.every((o) => o.textContent && !LAYOUTS.includes(o.textContent)), "by name, translated, not by key");
  assert.equal(select.value, "DIAMOND", "the board's layout to start with");
  select.value = "COLUMNS";
  $(".tp-dialog form").requestSubmit();
  assert.deepEqual({ ...model.sent.at(-1), id: 0 }, { type: "new_game", rules: "easy", game: null, code: "", id: 0, layout: "COLUMNS" });
  model.reply({ type: "reply", id: model.sent.at(-1).id, ok: true, error: "" });
  openDialog(t);
  $(".tp-code-input").value = "TP1-E-AAAAAAB";
  $(".tp-code-input").dispatchEvent(new window.Event("input"));
  assert.ok(select.disabled, "a code names its own layout");
  $(".tp-dialog form").requestSubmit();
  assert.equal("layout" in model.sent.at(-1), false);
  window.close();
});

test("New game dialog: the Standard and Free start presets set the choices, and show which one they match", () => {
  const t = setup(STATES.start);
  const { $, model, window } = t;
  openDialog(t);
  const app = $(".tp-chip[data-preset='app']");
  const site = $(".tp-chip[data-preset='site']");
  assert.equal(app.textContent, "Standard");
  assert.equal(site.textContent, "Free start");
  assert.match(site.title, /the discard starts empty, .*draw only when stuck/);
  assert.equal(app.getAttribute("aria-pressed"), "true", "Easy without variants is the app's rule set");
  site.click();
  assert.equal(site.getAttribute("aria-pressed"), "true");
  assert.equal(app.getAttribute("aria-pressed"), "false");
  assert.ok($(".tp-dialog input[value='easy']").checked);
  assert.ok($(".tp-dialog input[value='draw-when-stuck']").checked);
  assert.ok($(".tp-dialog input[value='empty-discard']").checked);
  assert.ok(!$(".tp-dialog input[value='joker']").checked);
  $(".tp-dialog form").requestSubmit(); // no code, no game number: a random deal
  assert.equal(model.sent.at(-1).rules, "easy+draw-when-stuck+empty-discard");
  assert.equal(model.sent.at(-1).game, null);
  // A change by hand leaves the preset.
  $(".tp-dialog input[value='joker']").click();
  assert.equal(site.getAttribute("aria-pressed"), "false");
  app.click();
  assert.ok([...t.$$(".tp-variants input")].every((b) => !b.checked));
  window.close();
});

test("New game dialog: it opens on the current rule set and variants", () => {
  const t = setup({ ...STATES.start, rules: "classic", variants: ["joker", "empty-discard"] });
  const { $, $$, window } = t;
  openDialog(t);
  assert.ok($(".tp-dialog input[value='classic']").checked);
  assert.deepEqual($$(".tp-variants input").filter((b) => b.checked).map((b) => b.value), ["joker", "empty-discard"]);
  window.close();
});

test("New game dialog: a game number out of range or not a number says why inline, and nothing is sent", () => {
  const t = setup(STATES.start);
  const { $, model, window, document } = t;
  openDialog(t);
  for (const [text, reason] of [
    ["0", /run from 1 to 50,000/],
    ["50001", /run from 1 to 50,000/],
    ["abc", /Not a game number/],
    ["12.5", /Not a game number/],
    ["-3", /Not a game number/],
  ]) {
    $(".tp-game-input").value = text;
    $(".tp-dialog form").requestSubmit();
    assert.match($(".tp-game-error").textContent, reason, text);
    assert.equal($(".tp-game-input").getAttribute("aria-invalid"), "true");
    assert.equal(document.activeElement, $(".tp-game-input"));
    assert.equal($(".tp-dialog-error").textContent, "", "the code's error line stays clear");
  }
  assert.deepEqual(model.sent, []);
  assert.ok(!$(".tp-dialog").hidden);
  // Typing again clears the reason; digit groups are fine.
  $(".tp-game-input").value = "50,000";
  $(".tp-game-input").dispatchEvent(new window.Event("input", { bubbles: true }));
  assert.equal($(".tp-game-error").textContent, "");
  $(".tp-dialog form").requestSubmit();
  assert.equal(model.sent.at(-1).game, 50000);
  window.close();
});

test("New game dialog: a pasted code wins over the number and the rule choices", () => {
  const t = setup(STATES.start);
  const { $, model, window } = t;
  openDialog(t);
  $(".tp-game-input").value = "nonsense";
  $(".tp-dialog form").requestSubmit();
  assert.match($(".tp-game-error").textContent, /Not a game number/);
  assert.equal(model.sent.length, 0);
  $(".tp-dialog input[value='joker']").click();
  $(".tp-code-input").value = " TP1-C-AAAAAAD-J ";
  $(".tp-code-input").dispatchEvent(new window.Event("input", { bubbles: true }));
  assert.ok($(".tp-dialog form").classList.contains("tp-code-given"), "the other choices are shown as set aside");
  assert.equal($(".tp-game-error").textContent, "", "the number's reason no longer matters");
  $(".tp-dialog form").requestSubmit();
  const request = model.sent.at(-1);
  assert.deepEqual({ ...request, id: 0 }, { type: "new_game", rules: "easy+joker", game: null, code: "TP1-C-AAAAAAD-J", id: 0 });
  window.close();
});

test("New game dialog: Python's reason for a game number shows by that field", () => {
  const t = setup(STATES.start);
  const { $, model, window } = t;
  openDialog(t);
  $(".tp-game-input").value = "7";
  $(".tp-dialog form").requestSubmit();
  const request = model.sent.at(-1);
  model.reply({ type: "reply", id: request.id, ok: false, error: "Game numbers run from 1 to 50,000; got 7", field: "game" });
  assert.equal($(".tp-game-error").textContent, "Game numbers run from 1 to 50,000; got 7");
  assert.equal($(".tp-dialog-error").textContent, "");
  assert.ok(!$(".tp-dialog button[type=submit]").disabled, "ready to try again");
  window.close();
});

test("New game dialog: Tab stays inside it, through the presets, options and fields", () => {
  const t = setup(STATES.start);
  const { $, window, document } = t;
  openDialog(t);
  const cancel = [...t.$$(".tp-dialog .tp-actions .tp-button")].at(-1);
  cancel.focus();
  key(window, cancel, "Tab");
  assert.equal(document.activeElement, $(".tp-code-input"), "from the last control back to the first");
  key(window, $(".tp-code-input"), "Tab", { shiftKey: true });
  assert.equal(document.activeElement, cancel);
  window.close();
});

test("notices from the records show under the board, apart from the message, until the next snapshot drops them", () => {
  const { $, $$, model, window } = setup(STATES.start);
  assert.ok($(".tp-notices").hidden);
  const won = {
    ...STATES.won,
    number: 123,
    message: "You won!",
    notices: [{ kind: "first_win", text: "First win of game 123 (Easy): won in 47 moves." }],
  };
  model.push(won);
  assert.ok(!$(".tp-notices").hidden);
  assert.deepEqual($$(".tp-notice").map((n) => [n.dataset.kind, n.textContent]), [
    ["first_win", "First win of game 123 (Easy): won in 47 moves."],
  ]);
  assert.equal($(".tp-banner-title").textContent, "You won!", "the banner says how the game ended");
  assert.equal($(".tp-message").textContent, "", "and the message line does not say it again");
  assert.match($("[aria-live='polite']").textContent, /You won! .*First win of game 123/);
  assert.equal($(".tp-number").textContent, "Game 123");
  assert.ok(!$(".tp-number").hidden);
  // Plain texts work too (the store could not be opened).
  model.push({ ...STATES.start, notices: ["records.sqlite3: not an SQLite database"] });
  assert.deepEqual($$(".tp-notice").map((n) => n.dataset.kind), ["info"]);
  model.push({ ...STATES.start, notices: [{ kind: "error", text: "Records cannot be kept" }, 7, null, { kind: "x" }] });
  assert.deepEqual($$(".tp-notice").map((n) => n.textContent), ["Records cannot be kept"], "junk is skipped");
  model.push({ ...STATES.start, notices: [], number: null });
  assert.ok($(".tp-notices").hidden);
  assert.equal($$(".tp-notice").length, 0);
  assert.ok($(".tp-number").hidden, "no number outside the series");
  window.close();
});

test("variants on the board: a Hogue score below zero, open peaks face up", () => {
  const slots = STATES.start.slots.map((c, i) => (i < 18 ? ["Q♥", "2♣", "9♦"][i % 3] : c));
  const { $, slot, window } = setup({ ...STATES.start, slots, free: [18, 19, 20, 21, 22, 23, 24, 25, 26, 27], score: -7, variants: ["hogue-scoring", "open-peaks"] });
  assert.equal($(".tp-stat-score .tp-stat-value").textContent, "-7");
  assert.ok(slot(0).classList.contains("tp-up"));
  assert.ok(!slot(0).classList.contains("tp-free"), "face up yet covered");
  assert.equal(slot(0).getAttribute("role"), "img");
  assert.equal($(".tp-rules").textContent, "Easy · Hogue scoring · Open peaks");
  window.close();
});

// ---------- the solver in play: the verdict, winnable deals, and updates that read no layout ----------

test("the verdict shows beside the score while switched on; the Winnable? button switches it", () => {
  const { $, model, window } = setup(withSeq(STATES.start, 1));
  const button = $(".tp-verdict-toggle");
  const line = $(".tp-verdict");
  assert.equal(button.textContent, "Winnable?");
  assert.equal(button.getAttribute("aria-pressed"), "false");
  assert.equal(button.getAttribute("aria-controls"), line.id);
  assert.ok(button.title.length > 20, "the button says what it does");
  assert.ok(line.hidden);
  assert.ok(line.closest(".tp-readouts"), "on the readouts' line of the header, under the score and the moves");
  button.click();
  assert.deepEqual(model.sent.at(-1), { type: "show_verdict", value: true });
  model.push(withSeq(STATES.start, 2, { show_verdict: true, verdict: { kind: "pending", move: null, text: "Checking…" } }));
  assert.equal(button.getAttribute("aria-pressed"), "true");
  assert.ok(!line.hidden);
  assert.equal(line.textContent, "Checking…");
  assert.equal(line.dataset.kind, "pending");
  assert.equal(line.getAttribute("aria-busy"), "true");
  assert.equal(line.getAttribute("role"), "status");
  model.push(withSeq(STATES.start, 3, { show_verdict: true, verdict: { kind: "winnable", move: null, text: "Still winnable" } }));
  assert.equal(line.textContent, "Still winnable");
  assert.equal(line.dataset.kind, "winnable");
  assert.equal(line.getAttribute("aria-busy"), "false");
  const lost = { kind: "lost", move: 12, text: "No longer winnable since move 12" };
  model.push(withSeq(STATES.mid, 4, { show_verdict: true, verdict: lost }));
  assert.equal(line.textContent, "No longer winnable since move 12");
  assert.equal(line.dataset.kind, "lost");
  button.click();
  assert.deepEqual(model.sent.at(-1), { type: "show_verdict", value: false });
  model.push(withSeq(STATES.mid, 5, { show_verdict: false, verdict: null }));
  assert.ok(line.hidden);
  assert.equal(button.getAttribute("aria-pressed"), "false");
  window.close();
});

test("the verdict's view model: only while switched on, and only with a text", () => {
  const { toViewModel } = viewmodel;
  const lost = { kind: "lost", move: 3, text: "No longer winnable since move 3" };
  assert.deepEqual(toViewModel({ ...STATES.start, show_verdict: true, verdict: lost }).verdict, lost);
  assert.equal(toViewModel({ ...STATES.start, show_verdict: false, verdict: lost }).verdict, null);
  assert.equal(toViewModel({ ...STATES.start, show_verdict: true, verdict: { kind: "lost" } }).verdict, null);
  assert.deepEqual(toViewModel({ ...STATES.start, show_verdict: true, verdict: { text: "?" } }).verdict, { kind: "unknown", move: null, text: "?" });
  assert.equal(toViewModel(STATES.start).showVerdict, false);
});

test("New game dialog: Winnable deals only goes with a random deal, and its failure shows by it", () => {
  const t = setup(STATES.start);
  const { $, model, window, document } = t;
  openDialog(t);
  const box = $(".tp-winnable input");
  assert.equal($(".tp-winnable").textContent, "Winnable deals only");
  assert.ok($(".tp-winnable").title.length > 20);
  assert.ok(!box.checked && !box.disabled);
  box.click();
  $(".tp-dialog form").requestSubmit(); // Deal, with neither a code nor a game number: a random deal
  const request = model.sent.at(-1);
  assert.deepEqual({ ...request, id: 0 }, { type: "new_game", rules: "easy", game: null, code: "", id: 0, winnable: true, layout: "THREE-PEAKS" });
  model.reply({ type: "reply", id: request.id, ok: false, error: "No winnable deal was found within the time limit. Try again.", field: "winnable" });
  assert.equal($(".tp-deal-error").textContent, "No winnable deal was found within the time limit. Try again.");
  assert.equal(box.getAttribute("aria-describedby"), $(".tp-deal-error").id);
  assert.equal(document.activeElement, box);
  assert.equal($(".tp-code-input").getAttribute("aria-invalid"), null, "the code field did nothing wrong");
  // Deal again; a code sets the box aside.
  $(".tp-dialog form").requestSubmit();
  assert.equal(model.sent.at(-1).winnable, true);
  assert.equal($(".tp-deal-error").textContent, "", "a new request clears the old reason");
  $(".tp-code-input").value = "TP1-E-AAAAAAB";
  $(".tp-code-input").dispatchEvent(new window.Event("input", { bubbles: true }));
  assert.ok(box.disabled);
  $(".tp-dialog form").requestSubmit();
  assert.equal("winnable" in model.sent.at(-1), false);
  model.reply({ type: "reply", id: model.sent.at(-1).id, ok: true, error: "" });
  assert.ok($(".tp-dialog").hidden);
  openDialog(t);
  assert.ok(box.checked && !box.disabled, "the box keeps the player's choice; a fresh dialog has no code");
  window.close();
});

test("an update reads no layout: flights come from the geometry and the observed size of a unit", () => {
  const { window, document, cell } = dom();
  const observers = [];
  window.ResizeObserver = class {
    constructor(callback) {
      this.callback = callback;
      this.observed = [];
      observers.push(this);
    }
    observe(el) {
      this.observed.push(el);
    }
    disconnect() {
      this.disconnected = true;
    }
  };
  const model = fakeModel(withSeq(STATES.start, 1));
  const cleanup = widget.render({ model, el: cell });
  const board = cell.querySelector(".tp-board");
  assert.equal(observers.length, 1);
  assert.deepEqual(observers[0].observed, [board]);
  observers[0].callback([{ target: board, contentRect: { width: 9.92 * 50, height: 300 } }]); // 50 px a unit
  const discardFace = cell.querySelector(".tp-discard .tp-face");
  const calls = spyAnimations([discardFace, cell.querySelector("[data-slot='18']"), cell.querySelector(".tp-message")]);
  let reads = 0;
  const rect = window.Element.prototype.getBoundingClientRect;
  window.Element.prototype.getBoundingClientRect = function () {
    reads += 1;
    return rect.call(this);
  };
  try {
    cell.querySelector("[data-slot='20']").click(); // K♣: slot 20 at x 2, y 3 rows down; the discard at 5.55
    model.push(withSeq(STATES.after1, 2));
    cell.querySelector("[data-slot='18']").click(); // refused: the card and the message shake
    model.push(withSeq(STATES.after1, 3, { message: "Must be one rank higher or lower" }));
  } finally {
    window.Element.prototype.getBoundingClientRect = rect;
  }
  assert.equal(reads, 0, "no layout read in an update");
  const [fly, shake, flash] = calls;
  const dx = (2 - 5.55) * 50;
  const dy = (3 * 0.92 * 1.4 * 0.5 - 0.07 - (3 * 0.92 * 1.4 * 0.5 + 0.92 * 1.4 + 0.3)) * 50;
  const [x, y] = /translate\(([-\d.e]+)px, ([-\d.e]+)px\)/.exec(fly.frames[0].transform).slice(1).map(Number);
  assert.ok(Math.abs(x - dx) < 0.01 && Math.abs(y - dy) < 0.01, `${x}, ${y} vs ${dx}, ${dy}`);
  assert.equal(shake.el, cell.querySelector("[data-slot='18']"));
  assert.equal(shake.frames[1].translate, `-${Math.round(0.92 * 50 * 0.06)}px`);
  assert.equal(flash.el, cell.querySelector(".tp-message"), "the reason moves with the card it is about");
  cleanup();
  assert.ok(observers[0].disconnected);
  window.close();
});

test("the dialog covers the body under the header, never the header, and never grows the widget", () => {
  const { $, window } = setup(STATES.start);
  const body = $(".tp-body");
  assert.ok(body.contains($(".tp-dialog")) && body.contains($(".tp-table")) && body.contains($(".tp-bar")));
  assert.ok(!body.contains($(".tp-header")));
  $(".tp-new").click();
  assert.equal($(".tp-game").style.minHeight, "", "no height is set on the widget");
  assert.ok($(".tp-scroll").contains($(".tp-board")), "a narrow board scrolls in its own box");
  window.close();
});

// ---------- fair play: the win chance, and every assist switchable ----------

test("the win chance shows beside the verdict while switched on; its button switches it", () => {
  const { $, model, window } = setup(withSeq(STATES.start, 1));
  const button = $(".tp-chance-toggle");
  const line = $(".tp-chance");
  assert.equal(button.textContent, "Win chance");
  assert.equal(button.getAttribute("aria-pressed"), "false");
  assert.equal(button.getAttribute("aria-controls"), line.id);
  assert.ok(line.hidden && line.closest(".tp-readouts"));
  button.click();
  assert.deepEqual(model.sent.at(-1), { type: "show_win_chance", value: true });
  const pending = { kind: "pending", value: null, low: null, high: null, samples: null, exact: false, text: "Win chance …" };
  model.push(withSeq(STATES.start, 2, { show_win_chance: true, win_chance: pending }));
  assert.equal(button.getAttribute("aria-pressed"), "true");
  assert.ok(!line.hidden);
  assert.equal(line.textContent, "Win chance …");
  assert.equal(line.getAttribute("aria-busy"), "true");
  const detail = "95 % interval 69–90 %, from 50 deals of the unseen cards";
  const known = { kind: "known", value: 0.82, low: 0.69, high: 0.9, samples: 50, exact: false, text: "Win chance 82 %", detail };
  model.push(withSeq(STATES.start, 3, { show_win_chance: true, win_chance: known }));
  assert.equal(line.textContent, "Win chance 82 %");
  assert.equal(line.dataset.kind, "known");
  assert.equal(line.getAttribute("aria-busy"), "false");
  assert.equal($(".tp-gauge-fill").style.getPropertyValue("--v"), "0.82");
  assert.equal(line.title, detail, "the tooltip is Python's, from the same chance as the value");
  model.push(withSeq(STATES.start, 4, { show_win_chance: false, win_chance: null }));
  assert.ok(line.hidden);
  window.close();
});

test("the Assists panel: a disclosure with a switch for every assist and the hint's kind", () => {
  const { $, $$, model, window, document } = setup(withSeq(STATES.start, 1));
  const toggle = $(".tp-assists-toggle");
  const panel = $(".tp-assists");
  assert.equal(toggle.textContent, "Assists");
  assert.equal(toggle.getAttribute("aria-expanded"), "false");
  assert.equal(toggle.getAttribute("aria-controls"), panel.id);
  assert.ok(panel.hidden);
  toggle.click();
  assert.ok(!panel.hidden && toggle.getAttribute("aria-expanded") === "true");
  const switches = $$(".tp-assists [role='switch']");
  assert.equal(document.activeElement, switches[0], "focus goes into the panel");
  assert.deepEqual(switches.map((s) => s.dataset.assist), ["show_playable", "error_help", "show_hints", "show_verdict", "show_win_chance"]);
  assert.deepEqual(switches.map((s) => s.getAttribute("aria-checked")), ["true", "true", "true", "false", "false"]);
  for (const s of switches) s.click();
  assert.deepEqual(model.sent, [
    { type: "show_playable", value: false },
    { type: "error_help", value: false },
    { type: "show_hints", value: false },
    { type: "show_verdict", value: true },
    { type: "show_win_chance", value: true },
  ]);
  const exact = $(".tp-segment[data-kind='exact'] input");
  assert.ok($(".tp-segment[data-kind='fair'] input").checked && !exact.checked);
  exact.click();
  assert.deepEqual(model.sent.at(-1), { type: "hint_kind", value: "exact" });
  // The bare game comes back from Python: no glow, no Hint button.
  model.push(withSeq(STATES.start, 2, { show_playable: false, show_hints: false, error_help: false, hint_kind: "exact" }));
  assert.equal($$(".tp-playable").length, 0, "no card glows");
  assert.ok($(".tp-hint").hidden);
  assert.ok(exact.checked && exact.disabled, "no hint: its kind waits");
  assert.equal($(".tp-assist-show-playable").getAttribute("aria-checked"), "false");
  const sent = model.sent.length;
  key(window, $(".tp-board"), "h");
  assert.equal(model.sent.length, sent, "the H key asks for no hint either");
  // Escape closes it and gives the focus back to the toggle.
  switches[2].focus();
  key(window, switches[2], "Escape");
  assert.ok(panel.hidden);
  assert.equal(document.activeElement, toggle);
  window.close();
});

test("a review move not judged within the budget: dashes in the table, a gap in the chart", () => {
  const { $, $$, model, window } = setup(withSeq(STATES.blocked, 1));
  const judged = (move, before) => ({ move, action: "draw", before, low: before - 0.1, high: before + 0.1, after: before, best: "draw", best_chance: before, mistake: false });
  const unjudged = { move: 2, action: "K♣", before: null, low: null, high: null, after: null, best: null, best_chance: null, mistake: false };
  const moves = [judged(1, 0.5), unjudged, judged(3, 0.4), judged(4, 0.3)];
  model.push(withSeq(STATES.blocked, 2, { review: { kind: "known", text: "", moves, final: 0, lost_after: null } }));
  const rows = $$(".tp-review-table tbody tr");
  assert.deepEqual([...rows[1].children].map((td) => td.textContent), ["2", "K♣", "— → —", "—"]);
  const chart = $(".tp-review-chart");
  assert.equal(chart.querySelectorAll(".tp-chart-dot").length, 4, "every judged point: before moves 1, 3 and 4, and the final");
  assert.equal(chart.querySelectorAll(".tp-chart-line").length, 2, "the line breaks where move 2 was not judged");
  assert.equal(chart.querySelectorAll(".tp-chart-band").length, 2);
  assert.ok(!chart.innerHTML.includes("NaN"));
  window.close();
});

test("the review after a game: the banner's Review button, a chart and a table of the moves", () => {
  const { $, $$, model, window, document } = setup(withSeq(STATES.blocked, 1));
  const open = $(".tp-review-open");
  assert.ok(!$(".tp-banner").hidden);
  assert.equal(open.textContent, "Review");
  open.click();
  assert.deepEqual(model.sent.at(-1), { type: "review", open: true });
  model.push(withSeq(STATES.blocked, 2, { review: { kind: "pending", text: "Reviewing the game…", moves: [], final: null, lost_after: null } }));
  const panel = $(".tp-review");
  assert.ok(!panel.hidden && $(".tp-banner").hidden, "the review takes the banner's place");
  assert.equal($(".tp-review-status").textContent, "Reviewing the game…");
  assert.equal(document.activeElement, $(".tp-review-close"));
  const row = (move, action, before, after, best, best_chance, mistake) => ({
    move, action, before, low: before - 0.1, high: before + 0.05, after, best, best_chance, mistake, played_best: after >= best_chance,
  });
  const moves = [row(1, "K♣", 0.6, 0.6, "K♣", 0.6, false), row(2, "draw", 0.6, 0.2, "2♦", 0.55, true), row(3, "draw", 0.2, 0, "6♦", 0, false)];
  model.push(withSeq(STATES.blocked, 3, { review: { kind: "known", text: "", moves, final: 0, lost_after: 2 } }));
  assert.equal($(".tp-review-status").textContent, "Mistakes: 1 · The exact verdict, which sees the hidden cards: lost after move 2");
  const rows = $$(".tp-review-table tbody tr");
  const chart = $(".tp-review-chart");
  assert.equal(rows.length, 3);
  assert.deepEqual([...rows[1].children].map((td) => td.textContent), ["2", "drawmistake", "60% → 20%", "2♦ (55%)"]);
  assert.ok(rows[1].classList.contains("tp-mistake") && rows[1].classList.contains("tp-lost-here"));
  assert.equal(rows[0].children[3].textContent, "✓", "the move played was the best: a tick, not its chance again");
  assert.equal(rows[2].children[3].textContent, "✓", "another move only as good is no better");
  assert.equal($$(".tp-review-table th")[2].textContent, "Chance before → after");
  const lostMark = chart.querySelector(".tp-chart-lost-label");
  assert.ok(Number(lostMark.getAttribute("y")) < 22, "the lost mark sits above the plot, off the curve");
  assert.equal(chart.getAttribute("role"), "img");
  assert.equal(chart.querySelectorAll(".tp-chart-dot").length, 4, "before each move, and after the last");
  assert.equal(chart.querySelectorAll(".tp-chart-mistake").length, 1);
  assert.equal(chart.querySelectorAll(".tp-chart-lost").length, 1);
  key(window, $(".tp-review-close"), "Escape");
  assert.deepEqual(model.sent.at(-1), { type: "review", open: false });
  model.push(withSeq(STATES.blocked, 4, { review: null }));
  assert.ok(panel.hidden && !$(".tp-banner").hidden);
  assert.equal(document.activeElement, open, "the focus goes back to the Review button");
  window.close();
});

test("a finished game says its end once: the banner, not the message line, not the readouts", () => {
  const readouts = {
    show_verdict: true,
    verdict: { kind: "winnable", move: null, text: "Still winnable" },
    show_win_chance: true,
    win_chance: { kind: "known", value: 1, low: 1, high: 1, samples: 1, exact: true, text: "Win chance 100 %", detail: "" },
  };
  const t = setup(withSeq(STATES.mid, 2, readouts));
  assert.ok(!t.$(".tp-verdict").hidden && !t.$(".tp-chance").hidden, "shown while the game is played");
  t.model.push(withSeq(STATES.won, 3, { ...readouts, verdict: { kind: "won", move: null, text: "You won!" } }));
  assert.equal(t.$(".tp-banner-title").textContent, "You won!");
  assert.equal(t.$(".tp-message").textContent, "", "the banner says it; the message line does not again");
  assert.ok(t.$(".tp-verdict").hidden && t.$(".tp-chance").hidden, "the readouts go with the game");
  assert.equal(t.$(".tp-banner-detail").textContent, "Final score 754 in 46 moves.");
  // After undos the banner names both counts: the Moves counter, and the moves the review numbers.
  t.model.push(withSeq(STATES.won, 4, { moves: 48, moves_kept: 46 }));
  assert.equal(t.$(".tp-banner-detail").textContent, "Final score 754 in 48 moves (46 not undone).");
  // A refusal after the end is not the ending: the message line says it.
  t.model.push(withSeq(STATES.blocked, 5, { message: "Must be one rank higher or lower" }));
  assert.equal(t.$(".tp-message").textContent, "Must be one rank higher or lower");
  assert.equal(t.$(".tp-banner-title").textContent, "No more possible moves");
  t.window.close();
});

test("New game dialog: a game in progress is named as given up before Deal is pressed", () => {
  const t = setup(STATES.start);
  openDialog(t);
  const note = t.$(".tp-dialog-leave");
  assert.ok(note.hidden, "nothing to give up before the first move");
  t.$(".tp-dialog .tp-actions .tp-button:not(.tp-primary)").click(); // Cancel
  t.model.push(withSeq(STATES.mid, 5));
  openDialog(t);
  assert.ok(!note.hidden);
  assert.match(note.textContent, /gives up the game in progress.*Cancel keeps it/);
  assert.equal(t.$(".tp-dialog .tp-primary").getAttribute("aria-describedby"), note.id, "Deal says what it gives up");
  t.window.close();
});

test("the review in Hebrew: before → after reads right to left, its arrow pointing the way it reads", () => {
  const labels = { review_chance: "סיכוי לפני {arrow} אחרי", percent: "{n}%" };
  const t = setup(withSeq({ ...STATES.blocked, lang: "he", dir: "rtl", labels }, 1));
  const moves = [{ move: 1, action: "draw", before: 0.4, low: 0.3, high: 0.5, after: 0.48, best: "draw", best_chance: 0.48, mistake: false, played_best: true }];
  t.model.push(withSeq({ ...STATES.blocked, lang: "he", dir: "rtl", labels }, 2, { review: { kind: "known", text: "", moves, final: 0.48, lost_after: null } }));
  assert.equal(t.$(".tp-review-chance").textContent, "40% ← 48%", "before first, so on the right; the arrow points left, to after");
  assert.equal(t.$$(".tp-review-table th")[2].textContent, "סיכוי לפני ← אחרי");
  assert.equal(t.$(".tp-review-best").textContent, "✓");
  t.window.close();
});

test("the language picker lists the languages by their own names and sends the choice", () => {
  const { $, $$, model, window } = setup(STATES.start);
  const picker = $(".tp-language-picker");
  assert.deepEqual($$(".tp-language-picker option").map((o) => o.textContent), ["English", "Ελληνικά", "עברית", "Íslenska"]);
  assert.deepEqual($$(".tp-language-picker option").map((o) => o.getAttribute("lang")), ["en", "el", "he", "is"]);
  assert.equal($(".tp-language").textContent.startsWith("Language"), true, "the picker is named by its label");
  assert.equal(picker.value, "en");
  picker.value = "el";
  picker.dispatchEvent(new window.Event("change", { bubbles: true }));
  assert.deepEqual(model.sent, [{ type: "lang", value: "el" }]);
  model.push({ ...STATES.start, lang: "is" });
  assert.equal(picker.value, "is", "the language comes back from Python");
  window.close();
});

test("the message line has one place, the status line under the buttons, with the readouts after it while they are on", () => {
  const { $, model, window } = setup(STATES.refused);
  const status = $(".tp-status");
  assert.equal($(".tp-message").parentElement, status);
  assert.equal(status.previousElementSibling, $(".tp-bar"), "under the buttons");
  assert.equal($(".tp-message").textContent, "Must be one rank higher or lower");
  assert.ok(!$(".tp-header").contains($(".tp-readouts")), "nothing of the header changes as the game is played");
  const on = { show_verdict: true, verdict: { kind: "winnable", move: null, text: "Still winnable" } };
  model.push({ ...STATES.refused, ...on });
  assert.equal($(".tp-message").parentElement, status);
  assert.equal($(".tp-readouts").parentElement, status);
  assert.equal($(".tp-message").nextElementSibling, $(".tp-readouts"), "the message first, then the readouts");
  assert.equal($(".tp-verdict").hidden, false);
  model.push(STATES.refused);
  assert.equal($(".tp-message").parentElement, status);
  assert.equal($(".tp-verdict").hidden, true);
  assert.equal(status.hidden, false);
  model.push({ ...STATES.refused, message: "" });
  assert.equal(status.hidden, true, "nothing to say: the status line takes no room");
  model.push({ ...STATES.refused, message: "", ...on });
  assert.equal(status.hidden, false, "a readout alone shows it");
  window.close();
});

test("the banner says an assisted game is one, and the header says whether the game in progress is unassisted", () => {
  const t = setup(withSeq(STATES.mid, 1));
  // The word meant is the one whose data-when matches (the other is kept, invisible, for its width).
  const said = () => t.$(`.tp-assisted > [data-when="${t.$(".tp-assisted").dataset.assisted}"]`).textContent;
  assert.equal(t.$(".tp-assisted").dataset.assisted, "false");
  assert.equal(said(), "Unassisted");
  t.model.push(withSeq(STATES.mid, 2, { assisted: true }));
  assert.equal(t.$(".tp-assisted").dataset.assisted, "true");
  assert.equal(said(), "Assisted");
  t.model.push(withSeq(STATES.won, 3, { assisted: true }));
  assert.equal(t.$(".tp-banner-assisted").textContent, "Played with assists: it sets no record.");
  assert.ok(!t.$(".tp-banner-assisted").hidden);
  t.model.push(withSeq(STATES.won, 4, { assisted: false }));
  assert.ok(t.$(".tp-banner-assisted").hidden);
  t.model.push(withSeq(STATES.blocked, 5, { assisted: false, moves: 48, moves_kept: 46 }));
  assert.match(t.$(".tp-banner-detail").textContent, /^Score \d+ in 48 moves \(46 not undone\)\. /);
  t.window.close();
});

test("the Restart button and the R key deal the same game again once a move is made", () => {
  const { $, slot, model, window } = setup(STATES.mid);
  const restart = /** @type {HTMLButtonElement} */ ($(".tp-restart"));
  assert.equal(restart.textContent, "Restart");
  assert.equal(restart.disabled, false);
  restart.click();
  slot(18).focus();
  key(window, slot(18), "r");
  assert.deepEqual(model.sent, [{ type: "restart" }, { type: "restart" }]);
  model.push(STATES.start); // no move yet: nothing to restart
  assert.equal(restart.disabled, true);
  window.close();
});

test("the header says Scripted once a move was made from Python, beside Unassisted and as plainly", () => {
  const t = setup(withSeq(STATES.mid, 1, { scripted: false }));
  const scripted = t.$(".tp-scripted");
  assert.equal(scripted.dataset.scripted, "false", "invisible, its place kept");
  t.model.push(withSeq(STATES.mid, 2, { scripted: true }));
  assert.equal(scripted.dataset.scripted, "true");
  assert.equal(scripted.textContent, "Scripted");
  assert.match(scripted.title, /recorded as scripted/);
  assert.equal(scripted.parentElement, t.$(".tp-assisted").parentElement, "in the header's line, beside it");
  t.model.push(withSeq(STATES.mid, 3, { scripted: false }));
  assert.equal(scripted.dataset.scripted, "false");
  t.window.close();
});

test("an intent Python does not answer in time (a busy or stopped kernel) is said, until an answer comes", () => {
  const { window, cell } = dom();
  const waits = new Map(); // the view's waits for an answer, run when the test says (its other timers run as ever)
  const [realSet, realClear] = [window.setTimeout.bind(window), window.clearTimeout.bind(window)];
  let made = 0;
  window.setTimeout = (fn, ms, ...rest) => {
    if (ms !== NO_ANSWER_MS) return realSet(fn, ms, ...rest);
    made -= 1;
    waits.set(made, fn);
    return made;
  };
  window.clearTimeout = (id) => (waits.has(id) ? waits.delete(id) : realClear(id));
  const elapse = () => [...waits.values()].forEach((fn) => fn());
  const model = fakeModel(withSeq(STATES.start, 1));
  widget.render({ model, el: cell });
  const note = cell.querySelector(".tp-unanswered");
  assert.ok(note.hidden, "nothing to say before a click");
  cell.querySelector('[data-slot="20"]').click();
  assert.equal(waits.size, 1);
  assert.ok(note.hidden, "not before its time");
  elapse();
  assert.ok(!note.hidden);
  assert.equal(note.getAttribute("role"), "status");
  assert.equal(note.textContent, LABELS.no_answer);
  // A snapshot that answers no intent of this view (a search's result) keeps it said.
  model.push(withSeq(STATES.start, 2, { answered: model.seqs[0] - 1 }));
  assert.ok(!note.hidden);
  model.push(withSeq(STATES.after1, 3, { answered: model.seqs[0] }));
  assert.ok(note.hidden, "the answer came: the kernel is back");
  assert.equal(waits.size, 0, "and nothing waits");
  // Two clicks, the first answered: the wait goes on for the second.
  cell.querySelector(".tp-stock").click();
  cell.querySelector(".tp-undo").click();
  model.push(withSeq(STATES.after1, 4, { answered: model.seqs[1] }));
  assert.equal(waits.size, 1, "waiting for the second");
  model.setTrait("labels", GREEK);
  elapse();
  assert.ok(!note.hidden);
  assert.equal(note.textContent, GREEK.no_answer, "in the board's language");
  window.close();
});

test("a click once the kernel's connection is closed is said at once, and nothing moves", () => {
  const { $, slot, model, window } = setup(withSeq(STATES.start, 1));
  model.send = () => {
    throw new Error("Cannot send");
  };
  slot(20).click();
  assert.ok(!$(".tp-unanswered").hidden);
  assert.equal($(".tp-unanswered").textContent, LABELS.no_answer);
  assert.equal($(".tp-discard").dataset.card, "A♣", "no card in flight that Python will never answer");
  assert.ok(!slot(20).classList.contains("tp-removed"));
  window.close();
});
