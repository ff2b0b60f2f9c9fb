// The widget in the player's language: labels from the `labels` trait, cards
// named by the language's own names, lang and dir on the root, Hebrew laid out
// right to left around a left-to-right board. The fixtures are what Python
// makes (tests/test_widget_i18n.py keeps them up to date).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import widget from "../src/index.js";
import { keyCommand } from "../src/keys.js";
import { LABELS, labelsFor } from "../src/labels.js";
import { cardName, parseCard, toViewModel } from "../src/viewmodel.js";
import { STATES, dom, fakeModel, key, withSeq } from "./helpers.js";

const LANGS = JSON.parse(readFileSync(new URL("./fixtures/languages.json", import.meta.url), "utf8"));

function setup(lang, which = "start") {
  const { window, document, cell } = dom();
  const { labels } = LANGS[lang];
  const model = fakeModel(LANGS[lang][which], { labels });
  const cleanup = widget.render({ model, el: cell });
  const $ = (sel) => cell.querySelector(sel);
  const $$ = (sel) => [...cell.querySelectorAll(sel)];
  const slot = (n) => $(`[data-slot="${n}"]`);
  return { window, document, cell, model, cleanup, $, $$, slot, labels };
}

test("the fixtures hold every language, each with all the English keys and a name for every card", () => {
  assert.deepEqual(Object.keys(LANGS).sort(), ["el", "en", "he", "is"]);
  for (const [lang, { labels, start }] of Object.entries(LANGS)) {
    for (const key of Object.keys(LABELS)) assert.equal(typeof labels[key], "string", `${lang} ${key}`);
    assert.equal(start.lang, lang);
    assert.equal(labels["card_K♣"] !== undefined && labels["card_10♥"] !== undefined && labels["card_★"] !== undefined, true);
  }
  assert.deepEqual(LANGS.en.labels.undo, LABELS.undo);
});

test("labels come from the labels trait: buttons, stats, the stock and discard, the dialog", () => {
  const { $, labels, window } = setup("he");
  assert.equal($(".tp-undo").textContent, labels.undo);
  assert.equal($(".tp-undo").textContent, "ביטול מהלך");
  assert.equal($(".tp-hint").textContent, labels.hint);
  assert.equal($(".tp-new").textContent, labels.new_game);
  assert.equal($(".tp-assist-error-help .tp-switch-text").textContent, labels.error_help);
  assert.equal($(".tp-stat-score .tp-stat-label").textContent, labels.score);
  assert.equal($(".tp-stock").getAttribute("aria-label"), "קופת משיכה, 23 קלפים");
  assert.equal($(".tp-discard").getAttribute("aria-label"), "ערימת השלכה, אס תלתן");
  assert.equal($(".tp-board").getAttribute("aria-label"), labels.board);
  assert.equal($(".tp-dialog-title").textContent, labels.dialog_title);
  assert.equal($(".tp-rules").textContent, "קל");
  window.close();
});

test("cards are named with the language's own names (Icelandic names a card in one word)", () => {
  const is = setup("is");
  assert.equal(is.slot(20).getAttribute("aria-label"), "laufakóngur");
  assert.equal(is.slot(18).getAttribute("aria-label"), "spaðaþristur");
  assert.equal(is.slot(0).getAttribute("aria-label"), "hulið spil");
  assert.equal(is.$(".tp-discard").getAttribute("aria-label"), "Úrgangurinn, laufaás");
  is.window.close();
  const el = setup("el");
  assert.equal(el.slot(20).getAttribute("aria-label"), "ρήγας σπαθί");
  assert.equal(el.slot(24).getAttribute("aria-label"), "ρήγας καρό");
  el.window.close();
  const he = setup("he");
  assert.equal(he.slot(20).getAttribute("aria-label"), "מלך תלתן");
  assert.equal(he.slot(0).getAttribute("aria-label"), "קלף מוסתר");
  he.window.close();
  // Without a card_ name the English pattern is used; with one, the name wins.
  const card = parseCard("K♣");
  assert.equal(cardName(card, LABELS), "king of clubs");
  assert.equal(cardName(card, { ...LABELS, "card_K♣": "laufakóngur" }), "laufakóngur");
  assert.equal(cardName(parseCard("★"), { ...LABELS, "card_★": "jóker" }), "jóker");
});

test("lang and dir are set on the widget's root; the board stays left to right", () => {
  for (const lang of ["en", "el", "he", "is"]) {
    const { $, window } = setup(lang);
    const root = $(".tp-root");
    assert.equal(root.getAttribute("lang"), lang);
    assert.equal(root.getAttribute("dir"), lang === "he" ? "rtl" : "ltr");
    assert.equal($(".tp-board").getAttribute("dir"), "ltr");
    assert.equal($(".tp-code").getAttribute("dir"), "ltr");
    assert.equal($(".tp-code-input").getAttribute("dir"), "ltr");
    window.close();
  }
});

test("the message line and the live region speak the language", () => {
  const { $, model, window } = setup("he");
  const live = $("[aria-live='polite']");
  assert.equal(live.textContent, LANGS.he.start.description);
  assert.match(live.textContent, /^קופת משיכה: 23 קלפים; ערימת השלכה: אס תלתן\./);
  model.push(LANGS.he.refused);
  assert.equal($(".tp-message").textContent, "הדרגה חייבת להיות גבוהה או נמוכה באחת");
  assert.equal(live.textContent, `${LANGS.he.refused.message} ${LANGS.he.refused.description}`);
  window.close();
});

test("a new language arrives as new labels and a snapshot: everything follows", () => {
  const { $, slot, model, window } = setup("en");
  assert.equal($(".tp-undo").textContent, "Undo");
  assert.equal($(".tp-root").getAttribute("dir"), "ltr");
  // The kernel sends the labels and the state together; either order renders right.
  model.setTrait("labels", LANGS.he.labels);
  model.push(withSeq(LANGS.he.start, 50));
  assert.equal($(".tp-undo").textContent, "ביטול מהלך");
  assert.equal(slot(20).getAttribute("aria-label"), "מלך תלתן");
  assert.equal($(".tp-root").getAttribute("lang"), "he");
  assert.equal($(".tp-root").getAttribute("dir"), "rtl");
  model.push(withSeq(LANGS.is.start, 51));
  model.setTrait("labels", LANGS.is.labels);
  assert.equal($(".tp-undo").textContent, "Afturkalla");
  assert.equal(slot(20).getAttribute("aria-label"), "laufakóngur");
  assert.equal($(".tp-root").getAttribute("dir"), "ltr");
  window.close();
});

test("a key missing from the trait falls back to English; state.labels still overrides", () => {
  const partial = { ...LANGS.el.labels };
  delete partial.hint;
  const table = labelsFor({ labels: { undo: "Πίσω" } }, partial);
  assert.equal(table.hint, LABELS.hint);
  assert.equal(table.undo, "Πίσω");
  assert.equal(table.new_game, "Νέα παρτίδα");
  assert.equal(labelsFor({}, { undo: "", hint: 3 }).undo, "Undo", "only non-empty strings count");
  assert.equal(labelsFor({}, null), LABELS);
  // A snapshot without lang (an older kernel): no lang attribute, left to right.
  const { lang: _lang, dir: _dir, ...older } = STATES.start;
  const vm = toViewModel(older);
  assert.equal(vm.lang, "");
  assert.equal(vm.dir, "ltr");
  assert.equal(toViewModel({ ...STATES.start, lang: "he\" onload=", dir: "sideways" }).lang, "");
});

test("letter keys work in Greek and Hebrew keyboard layouts too", () => {
  const press = (k, code, extra = {}) => keyCommand({ key: k, code, ...extra }, 20);
  assert.deepEqual(press("ג", "KeyD"), { kind: "intent", intent: { type: "draw" } }); // Hebrew layout, D key
  assert.deepEqual(press("θ", "KeyU"), { kind: "intent", intent: { type: "undo" } }); // Greek layout, U key
  assert.deepEqual(press("η", "KeyH"), { kind: "intent", intent: { type: "hint" } });
  assert.deepEqual(press("מ", "KeyN"), { kind: "dialog" });
  assert.deepEqual(press("ζ", "KeyZ", { ctrlKey: true }), { kind: "intent", intent: { type: "undo" } });
  assert.equal(press("ð", "Semicolon"), null, "an Icelandic letter of its own is no command");
  assert.equal(press("ש", "KeyA"), null);
  assert.deepEqual(press("d", "KeyD"), { kind: "intent", intent: { type: "draw" } });
  const { slot, model, window } = setup("he");
  slot(20).focus();
  key(window, slot(20), "ג", { code: "KeyD" });
  assert.deepEqual(model.sent, [{ type: "draw" }]);
  window.close();
});

test("a pasted code sets the other choices aside: disabled, so out of the Tab order, until it is cleared", () => {
  const { $, $$, window } = setup("he");
  $(".tp-new").click();
  const choices = () => [...$$(".tp-dialog fieldset"), ...$$(".tp-chip"), $(".tp-game-input")];
  assert.ok(choices().every((el) => !el.disabled));
  $(".tp-code-input").value = "TP1-C-AAAAAAD";
  $(".tp-code-input").dispatchEvent(new window.Event("input", { bubbles: true }));
  assert.ok(choices().every((el) => el.disabled), "the rules, variants, presets and game number are set aside");
  $(".tp-code-input").value = " ";
  $(".tp-code-input").dispatchEvent(new window.Event("input", { bubbles: true }));
  assert.ok(choices().every((el) => !el.disabled));
  window.close();
});

test("cards carry no text of their own: the rank is drawn from data-rank, the name is the label", () => {
  const { slot, $, window } = setup("el");
  for (const n of [18, 20, 24]) {
    assert.equal(slot(n).textContent, "");
    assert.ok(slot(n).getAttribute("aria-label").length > 3);
  }
  assert.deepEqual([...slot(20).querySelectorAll("[data-rank]")].map((e) => e.dataset.rank), ["K", "K", "K"]);
  assert.equal($(".tp-discard").textContent, "");
  window.close();
});

test("Undo, Hint and New game carry a tooltip in every language", () => {
  for (const lang of ["en", "el", "he", "is"]) {
    const { $, labels, window } = setup(lang);
    for (const [button, key] of [[".tp-undo", "undo_tip"], [".tp-hint", "hint_tip"], [".tp-new", "new_game_tip"]]) {
      assert.equal($(button).title, labels[key], `${lang} ${button}`);
      if (lang !== "en") assert.notEqual($(button).title, LANGS.en.labels[key], `${lang} ${button} is translated`);
    }
    window.close();
  }
});

test("the stock's name counts in the language's plural forms, as the board in words does", () => {
  const { $, model, window } = setup("he");
  const said = (stock) => {
    model.push(withSeq({ ...LANGS.he.start, stock }, stock + 100));
    return $(".tp-stock").getAttribute("aria-label");
  };
  assert.equal(said(2), "קופת משיכה, שני קלפים");
  assert.equal(said(1), "קופת משיכה, קלף אחד");
  assert.equal(said(0), "קופת משיכה, ריקה");
  assert.equal(said(21), "קופת משיכה, 21 קלפים");
  assert.ok(LANGS.he.start.description.startsWith("קופת משיכה: 23 קלפים;"));
  window.close();
});

test("the review's best move isolates its card, so Hebrew keeps the rank before the suit", () => {
  const { $$, model, window } = setup("he");
  const row = (move, action, best) => ({
    move, action, before: 0.6, low: 0.5, high: 0.7, after: 0.6, best, best_chance: 0.6, mistake: false, played_best: action === best,
  });
  const moves = [row(1, "K♣", "K♣"), row(2, "draw", "2♦"), row(3, "2♦", "draw")];
  model.push(withSeq({ ...LANGS.he.start, status: "blocked" }, 200, { review: { kind: "known", text: "", moves, final: 0, lost_after: null } }));
  const best = $$(".tp-review-table tbody tr").map((tr) => tr.children[3]);
  assert.deepEqual(best.map((td) => td.querySelector("bdi")?.textContent), [undefined, "2♦", LANGS.he.labels.review_draw]);
  assert.equal(best[0].textContent, "✓"); // the best move played: said once, by its tick
  assert.equal(best[1].textContent, "2♦ (60%)");
  window.close();
});
