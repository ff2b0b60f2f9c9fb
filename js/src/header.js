// The header: the title, which game this is (rules, number, code), and its status (the
// solver's verdict while the player has it switched on, the score, the moves).

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
  const stats = h(doc, "div", "tp-stats");
  const scoreBox = h(doc, "div", "tp-stat tp-stat-score");
  const scoreLabel = h(doc, "span", "tp-stat-label");
  const scoreValue = h(doc, "span", "tp-stat-value");
  scoreBox.append(scoreLabel, scoreValue);
  const movesBox = h(doc, "div", "tp-stat tp-stat-moves");
  const movesLabel = h(doc, "span", "tp-stat-label");
  const movesValue = h(doc, "span", "tp-stat-value");
  movesBox.append(movesLabel, movesValue);
  // The solver's verdict ("Still winnable"), while the player has it switched on: a status of
  // the game, beside the score and the moves.
  const verdictLine = h(doc, "div", "tp-verdict", { role: "status", id: `${uid}-verdict` });
  verdictLine.hidden = true;
  stats.append(verdictLine, scoreBox, movesBox);
  const meta = h(doc, "div", "tp-meta");
  meta.append(rules, number, code);
  header.append(title, meta, stats);

  return {
    header,
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
      if (next.number !== null) setProp(number, "title", fmt(L.game_number_long, { n: next.number }));
      setText(scoreLabel, L.score);
      setText(scoreValue, String(next.score));
      setText(movesLabel, L.moves);
      setText(movesValue, String(next.moves));
      setProp(verdictLine, "hidden", !next.verdict);
      if (next.verdict) {
        setAttr(verdictLine, "data-kind", next.verdict.kind);
        setText(verdictLine, next.verdict.text);
        setAttr(verdictLine, "aria-busy", next.verdict.kind === "pending" ? "true" : "false");
      }
    },
  };
}
