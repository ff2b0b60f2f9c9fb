// The header: the title, which game this is (rules, number, code), the score and the moves; and
// the readouts of the assists (the solver's verdict and the win chance), shown while the player
// has them switched on and the game is being played, which the view puts on the status line
// under the buttons (render.js), so that nothing above the board changes as the game is played.

import { h, setAttr, setProp, setText } from "./helpers.js";
import { fmt } from "./labels.js";

/** @typedef {import("./helpers.js").ViewModel} ViewModel */

/**
 * Build the header once; `update` draws a view model into it.
 * @param {Document} doc
 * @param {string} uid the view's id prefix: the verdict line is `${uid}-verdict`, which the bar's toggle controls
 */
export function headerView(doc, uid) {
  const header = h(doc, "div", "tp-header");
  const title = h(doc, "div", "tp-title");
  const logo = h(doc, "span", "tp-logo", { "aria-hidden": "true" });
  const titleText = h(doc, "span", "tp-title-text");
  title.append(logo, titleText);
  const rules = h(doc, "span", "tp-rules");
  const code = h(doc, "span", "tp-code", { dir: "ltr" }); // a code reads left to right in any language
  const number = h(doc, "span", "tp-number");
  number.hidden = true;
  // Whether the game in progress is still unassisted (Python's word): quiet, beside the game's name.
  // Both words sit in one cell and the one not meant is invisible, so the line is as wide either
  // way and the header never wraps differently when an assist is first used.
  const assisted = h(doc, "span", "tp-assisted");
  const assistedYes = h(doc, "span", "", { "data-when": "true" });
  const assistedNo = h(doc, "span", "", { "data-when": "false" });
  assisted.append(assistedNo, assistedYes);
  // "Scripted" once a move was made from Python: in the same quiet words, beside "Unassisted". It
  // keeps its place while invisible, so the header never wraps differently at the first such move.
  const scripted = h(doc, "span", "tp-scripted");
  const stats = h(doc, "div", "tp-stats");
  const scoreBox = h(doc, "div", "tp-stat tp-stat-score");
  const scoreLabel = h(doc, "span", "tp-stat-label");
  const scoreValue = h(doc, "span", "tp-stat-value");
  scoreBox.append(scoreLabel, scoreValue);
  const movesBox = h(doc, "div", "tp-stat tp-stat-moves");
  const movesLabel = h(doc, "span", "tp-stat-label");
  const movesValue = h(doc, "span", "tp-stat-value");
  movesBox.append(movesLabel, movesValue);
  // The solver's verdict ("Still winnable"), while the player has it switched on: a status of the game.
  const verdictLine = h(doc, "div", "tp-verdict", { role: "status", id: `${uid}-verdict` });
  verdictLine.hidden = true;
  // The chance of winning from what the player sees ("Win chance 82%"), with a small gauge.
  const chanceLine = h(doc, "div", "tp-chance", { role: "status", id: `${uid}-chance` });
  chanceLine.hidden = true;
  const chanceText = h(doc, "span", "tp-chance-text");
  const gauge = h(doc, "span", "tp-gauge", { "aria-hidden": "true" });
  const gaugeBand = h(doc, "span", "tp-gauge-band");
  const gaugeFill = h(doc, "span", "tp-gauge-fill");
  gauge.append(gaugeBand, gaugeFill);
  chanceLine.append(gauge, chanceText);
  stats.append(scoreBox, movesBox);
  const readouts = h(doc, "div", "tp-readouts");
  readouts.append(verdictLine, chanceLine);
  const meta = h(doc, "div", "tp-meta");
  meta.append(rules, number, code, scripted, assisted);
  header.append(title, meta, stats);

  return {
    header,
    readouts,
    /** Whether a readout is shown (the last snapshot drawn). */
    readoutsShown() {
      return !verdictLine.hidden || !chanceLine.hidden;
    },
    /** @param {ViewModel} next */
    update(next) {
      const L = next.labels;
      setText(titleText, L.title);
      setText(rules, next.rulesLabel);
      setProp(rules, "title", next.rulesLong);
      setAttr(rules, "data-rules", next.rules);
      setText(code, next.code);
      setProp(code, "title", L.game_code);
      setProp(number, "hidden", next.number === null);
      setText(number, next.numberLabel);
      if (next.number !== null) setProp(number, "title", next.numberLong);
      setText(assistedYes, L.assisted);
      setText(assistedNo, L.unassisted);
      setProp(assisted, "title", next.assistedLong);
      setAttr(assisted, "data-assisted", String(next.assisted));
      setAttr(scripted, "data-scripted", String(next.scripted));
      setText(scripted, L.scripted);
      setProp(scripted, "title", L.scripted_tip);
      setText(scoreLabel, L.score);
      setText(scoreValue, String(next.score));
      setText(movesLabel, L.moves);
      setText(movesValue, String(next.moves));
      // A readout is about a game still in play: once it has ended, the banner says how.
      const playing = next.status === "playing";
      setProp(verdictLine, "hidden", !next.verdict || !playing);
      if (next.verdict) {
        setAttr(verdictLine, "data-kind", next.verdict.kind);
        setText(verdictLine, next.verdict.text);
        setAttr(verdictLine, "aria-busy", next.verdict.kind === "pending" ? "true" : "false");
      }
      const chance = next.winChance;
      setProp(chanceLine, "hidden", !chance || !playing);
      if (chance) {
        setAttr(chanceLine, "data-kind", chance.kind);
        setText(chanceText, chance.text);
        setAttr(chanceLine, "aria-busy", chance.kind === "pending" ? "true" : "false");
        const known = chance.kind === "known" && chance.value !== null;
        gaugeFill.style.setProperty("--v", known ? String(chance.value) : "0");
        gaugeBand.style.setProperty("--lo", known ? String(chance.low ?? chance.value) : "0");
        gaugeBand.style.setProperty("--hi", known ? String(chance.high ?? chance.value) : "0");
        // What the value is made of comes with it, from the same chance: the two never disagree.
        setProp(chanceLine, "title", chance.detail);
      }
    },
  };
}
