// The control bar: the buttons (undo, hint, the toggles of the verdict and the win chance,
// restart, new game) and the Assists panel; under it the status line, which starts with the
// message; and the records' notices under that.

import { assistsPanel } from "./assists.js";
import { SUPPRESS, h, setAttr, setProp, setText } from "./helpers.js";

/** @typedef {import("./helpers.js").ViewModel} ViewModel */

/**
 * Build the bar once; `update` draws a view model into it.
 * @param {Document} doc
 * @param {string} uid the view's id prefix (the verdict line is `${uid}-verdict`, the win chance `${uid}-chance`)
 * @param {object} host
 * @param {import("./helpers.js").Listen} host.on
 * @param {import("./helpers.js").Send} host.send
 * @param {import("./helpers.js").Motion} host.motion
 * @param {() => void} host.openDialog
 */
export function controlBar(doc, uid, { on, send, motion, openDialog }) {
  /** @type {ViewModel | null} */
  let vm = null;

  const bar = h(doc, "div", "tp-bar");
  const status = h(doc, "div", "tp-status");
  const message = h(doc, "div", "tp-message");
  const buttons = h(doc, "div", "tp-controls");
  const undoButton = h(doc, "button", "tp-button tp-undo", { type: "button", [SUPPRESS]: "" });
  const hintButton = h(doc, "button", "tp-button tp-hint", { type: "button", [SUPPRESS]: "" });
  const verdictButton = h(doc, "button", "tp-button tp-toggle tp-verdict-toggle", {
    type: "button",
    "aria-pressed": "false",
    "aria-controls": `${uid}-verdict`,
    [SUPPRESS]: "",
  });
  const chanceButton = h(doc, "button", "tp-button tp-toggle tp-chance-toggle", {
    type: "button",
    "aria-pressed": "false",
    "aria-controls": `${uid}-chance`,
    [SUPPRESS]: "",
  });
  const restartButton = h(doc, "button", "tp-button tp-restart", { type: "button", [SUPPRESS]: "" });
  const newButton = h(doc, "button", "tp-button tp-new", { type: "button", [SUPPRESS]: "" });
  const assists = assistsPanel(doc, uid, { on, send });
  buttons.append(undoButton, hintButton, verdictButton, chanceButton, restartButton, newButton, assists.button);
  bar.append(buttons, assists.panel);
  status.append(message);

  const notices = h(doc, "ul", "tp-notices");
  notices.hidden = true;

  on(undoButton, "click", () => send({ type: "undo" }));
  on(hintButton, "click", () => send({ type: "hint" }));
  on(verdictButton, "click", () => send({ type: "show_verdict", value: !(vm && vm.showVerdict) }));
  on(chanceButton, "click", () => send({ type: "show_win_chance", value: !(vm && vm.showWinChance) }));
  on(restartButton, "click", () => send({ type: "restart" }));
  on(newButton, "click", openDialog);

  /**
   * @param {ViewModel["notices"]} list
   * @param {Record<string, string>} L
   */
  function renderNotices(list, L) {
    const key = JSON.stringify(list);
    if (notices.dataset.key === key) return;
    notices.dataset.key = key;
    notices.replaceChildren();
    for (const item of list) {
      const li = h(doc, "li", "tp-notice", { "data-kind": item.kind });
      const icon = h(doc, "span", "tp-notice-icon", { "aria-hidden": "true" });
      if (L[`notice_${item.kind}`]) icon.title = L[`notice_${item.kind}`];
      li.append(icon, h(doc, "span", "tp-notice-text", { text: item.text }));
      notices.appendChild(li);
    }
    notices.hidden = list.length === 0;
  }

  return {
    notices,
    bar,
    status,
    message,
    assists,
    /** @param {ViewModel} next */
    update(next) {
      vm = next;
      const L = next.labels;
      // The banner says how the game ended; the message line does not say it again.
      const said = next.message === next.ending ? "" : next.message;
      setText(message, said);
      message.classList.toggle("tp-message-empty", !said);
      renderNotices(next.notices, L);
      setText(undoButton, L.undo);
      setProp(undoButton, "title", L.undo_tip);
      setProp(undoButton, "disabled", !next.canUndo);
      setText(hintButton, L.hint);
      setProp(hintButton, "title", L.hint_tip);
      setProp(hintButton, "hidden", !next.showHints);
      setProp(hintButton, "disabled", next.status !== "playing");
      setText(verdictButton, L.verdict);
      setProp(verdictButton, "title", L.verdict_tip);
      setAttr(verdictButton, "aria-pressed", next.showVerdict ? "true" : "false");
      setText(chanceButton, L.win_chance);
      setProp(chanceButton, "title", L.win_chance_tip);
      setAttr(chanceButton, "aria-pressed", next.showWinChance ? "true" : "false");
      setText(restartButton, L.restart);
      setProp(restartButton, "title", L.restart_tip);
      setProp(restartButton, "disabled", next.moves === 0);
      setText(newButton, L.new_game);
      setProp(newButton, "title", L.new_game_tip);
      assists.update(next);
    },
    /** The reason a card was refused flashes and shakes with it, so the two read together. */
    flash() {
      motion.animate(
        message,
        [
          { translate: "0", backgroundColor: "rgba(211, 47, 47, 0.22)" },
          { translate: "-3px", offset: 0.25 },
          { translate: "3px", offset: 0.5 },
          { translate: "0", offset: 0.75 },
          { translate: "0", backgroundColor: "rgba(211, 47, 47, 0)" },
        ],
        900,
      );
    },
  };
}
