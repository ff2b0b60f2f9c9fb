import { test } from "node:test";
import assert from "node:assert/strict";
import widget from "../src/index.js";
import { STATES, dom, fakeModel, key, withSeq } from "./helpers.js";

function setup(state) {
  const { window, document, cell } = dom();
  const model = fakeModel(state);
  widget.render({ model, el: cell });
  const $ = (sel) => cell.querySelector(sel);
  const $$ = (sel) => [...cell.querySelectorAll(sel)];
  return { window, document, model, $, $$ };
}

const EMPTY = { played: null, finished: null, won: null, win_percent: null, win_streak: null, best_win_streak: null, best: null, recent: [], recent_text: "" };
const KNOWN = {
  kind: "known",
  title: "Games of ana, Easy",
  text: "",
  played: 5,
  finished: 4,
  won: 3,
  win_percent: 75,
  win_streak: 2,
  best_win_streak: 2,
  best: "won in 49 moves",
  recent: [
    { outcome: "blocked", cards_left: 7, text: "blocked" },
    { outcome: "abandoned", cards_left: 25, text: "left" },
    { outcome: "won", cards_left: 0, text: "won" },
  ],
  recent_text: "Recent games, oldest first: blocked, left, won",
};

test("the statistics view: opened from the Assists panel, its figures a definition list, its plot an image with words", () => {
  const { $, $$, model, window, document } = setup(withSeq(STATES.start, 1));
  $(".tp-assists-toggle").click();
  const open = $(".tp-statistics-open");
  assert.equal(open.textContent, "Statistics");
  open.click();
  assert.deepEqual(model.sent.at(-1), { type: "stats", open: true });
  assert.ok($(".tp-assists").hidden, "the Assists panel closes");
  model.push(withSeq(STATES.start, 2, { stats: { kind: "pending", title: KNOWN.title, text: "Reading the records…", ...EMPTY } }));
  const panel = $(".tp-statistics");
  assert.ok(!panel.hidden && panel.getAttribute("role") === "dialog");
  assert.equal(document.getElementById(panel.getAttribute("aria-labelledby")).textContent, "Statistics");
  assert.equal($(".tp-statistics-status").textContent, "Reading the records…");
  assert.equal(document.activeElement, $(".tp-statistics-close"), "the focus goes into the view");

  model.push(withSeq(STATES.start, 3, { stats: KNOWN }));
  assert.equal($(".tp-statistics-who").textContent, "Games of ana, Easy");
  assert.ok($(".tp-statistics-status").hidden, "nothing to say beside the figures");
  const figures = Object.fromEntries($$(".tp-statistics-figures > div").map((row) => [row.querySelector("dt").textContent, row.querySelector("dd").textContent]));
  assert.deepEqual(figures, {
    Played: "5",
    Finished: "4",
    Won: "3",
    "Won of those finished": "75%",
    "Wins in a row now": "2",
    "Most wins in a row": "2",
    "Your best on this game": "won in 49 moves",
  });
  const plot = $(".tp-statistics-plot");
  assert.equal(plot.getAttribute("role"), "img");
  assert.equal(plot.getAttribute("aria-label"), KNOWN.recent_text);
  const bars = [...plot.querySelectorAll("rect")];
  assert.deepEqual(bars.map((bar) => bar.getAttribute("class")), ["tp-statistics-bar tp-statistics-blocked", "tp-statistics-bar tp-statistics-abandoned", "tp-statistics-bar tp-statistics-won"]);
  assert.ok(Number(bars[0].getAttribute("height")) > Number(bars[1].getAttribute("height")), "21 cards cleared against 3");
  assert.equal(Number(bars[2].getAttribute("height")), 48, "a win: the whole height");

  key(window, $(".tp-statistics-close"), "Escape");
  assert.deepEqual(model.sent.at(-1), { type: "stats", open: false });
  model.push(withSeq(STATES.start, 4, { stats: null }));
  assert.ok(panel.hidden);
  assert.equal(document.activeElement, $(".tp-assists-toggle"), "the focus goes back to the Assists button");
  window.close();
});

test("the statistics view without records says why; the win percent is a whole one", () => {
  const { $, $$, window } = setup(withSeq(STATES.start, 1, { stats: { kind: "none", title: "Games of ana, Easy", text: "Records are not kept in the browser", ...EMPTY } }));
  assert.equal($(".tp-statistics-status").textContent, "Records are not kept in the browser");
  assert.equal($$(".tp-statistics-figures").length, 0, "no figures");
  window.close();
  const greek = setup(withSeq({ ...STATES.start, lang: "el" }, 1, { stats: { ...KNOWN, win_percent: 66.7, recent: [], recent_text: "No games recorded yet" } }));
  const percent = greek.$$(".tp-statistics-figures > div")[3].querySelector("dd").textContent;
  assert.equal(percent, "67%");
  assert.equal(greek.$(".tp-statistics-none").textContent, "No games recorded yet");
  assert.equal(greek.$$(".tp-statistics-plot").length, 0);
  greek.window.close();
});
