// The Assists panel: a disclosure of the control bar with a switch for every assist (the glow on
// playable cards, error help, the Hint button, the verdict, the win chance), the hint's kind, the
// board's language, and the button that opens the statistics view. Every switch sends an intent;
// what is on comes back from Python in the snapshot.

import { LANGUAGES } from "./facts.js";
import { SUPPRESS, h, setAttr, setProp, setText } from "./helpers.js";

/** @typedef {import("./helpers.js").ViewModel} ViewModel */

/** The switches, in the panel's order: the intent each sends, its label, and its value in the view model. */
const SWITCHES = /** @type {const} */ ([
  ["show_playable", "assist_playable", "showPlayable"],
  ["error_help", "error_help", "errorHelp"],
  ["show_hints", "assist_hints", "showHints"],
  ["show_verdict", "assist_verdict", "showVerdict"],
  ["show_win_chance", "assist_win_chance", "showWinChance"],
]);
const HINT_KINDS = /** @type {const} */ ([
  ["fair", "hint_fair"],
  ["exact", "hint_exact"],
]);

/**
 * Build the Assists button and its panel once; `update` draws a view model into them.
 * @param {Document} doc
 * @param {string} uid the view's id prefix
 * @param {object} host
 * @param {import("./helpers.js").Listen} host.on
 * @param {import("./helpers.js").Send} host.send
 */
export function assistsPanel(doc, uid, { on, send }) {
  /** @type {ViewModel | null} */
  let vm = null;

  const button = h(doc, "button", "tp-button tp-assists-toggle", {
    type: "button",
    "aria-expanded": "false",
    "aria-controls": `${uid}-assists`,
    [SUPPRESS]: "",
  });
  const panel = h(doc, "div", "tp-assists", { id: `${uid}-assists`, role: "group", "aria-labelledby": `${uid}-assists-title` });
  panel.hidden = true;
  const title = h(doc, "div", "tp-assists-title", { id: `${uid}-assists-title` });
  panel.appendChild(title);

  /** @type {Array<{el: HTMLButtonElement, text: HTMLSpanElement, label: string, field: string}>} */
  const switches = [];
  for (const [name, label, field] of SWITCHES) {
    const el = h(doc, "button", `tp-switch tp-assist tp-assist-${name.replace(/_/g, "-")}`, {
      type: "button",
      role: "switch",
      "data-assist": name,
      [SUPPRESS]: "",
    });
    const track = h(doc, "span", "tp-switch-track", { "aria-hidden": "true" });
    track.appendChild(h(doc, "span", "tp-switch-thumb"));
    const text = h(doc, "span", "tp-switch-text");
    el.append(text, track);
    panel.appendChild(el);
    switches.push({ el, text, label, field });
    on(el, "click", () => send({ type: name, value: !(vm && /** @type {any} */ (vm)[field]) }));
  }

  const kinds = h(doc, "fieldset", "tp-hint-kind");
  const legend = h(doc, "legend", "tp-hint-kind-title");
  kinds.appendChild(legend);
  /** @type {Array<{input: HTMLInputElement, text: HTMLSpanElement, label: string}>} */
  const radios = [];
  for (const [value, label] of HINT_KINDS) {
    const wrap = h(doc, "label", "tp-segment", { "data-kind": value });
    const input = h(doc, "input", "", { type: "radio", name: `${uid}-hint-kind`, value, [SUPPRESS]: "" });
    const text = h(doc, "span", "tp-segment-text");
    wrap.append(input, text);
    kinds.appendChild(wrap);
    radios.push({ input, text, label });
    on(input, "change", () => {
      if (input.checked) send({ type: "hint_kind", value });
    });
  }
  panel.appendChild(kinds);

  // The language: each by its own name, which reads the same whatever the board speaks (and
  // is said in its own language by a screen reader). Python checks the choice, as `w.lang` does.
  const language = h(doc, "label", "tp-language");
  const languageText = h(doc, "span", "tp-language-text");
  const picker = h(doc, "select", "tp-language-picker", { [SUPPRESS]: "" });
  for (const { code, name } of LANGUAGES) {
    picker.appendChild(h(doc, "option", "", { value: code, lang: code, text: name }));
  }
  language.append(languageText, picker);
  panel.appendChild(language);
  on(picker, "change", () => send({ type: "lang", value: picker.value }));

  // The statistics view: opened over the board, and this panel closes.
  const statsButton = h(doc, "button", "tp-button tp-statistics-open", { type: "button", [SUPPRESS]: "" });
  panel.appendChild(statsButton);
  on(statsButton, "click", () => {
    show(false);
    button.focus(); // until the view opens and takes it
    send({ type: "stats", open: true });
  });

  /** @param {boolean} open */
  function show(open) {
    setProp(panel, "hidden", !open);
    // It opens above the buttons, over the board: never taller than the widget is above them (a
    // notebook's output clips what reaches out of it), it scrolls instead.
    const game = panel.closest(".tp-game");
    if (open && game && panel.parentElement) {
      const room = panel.parentElement.getBoundingClientRect().top - game.getBoundingClientRect().top - 8;
      panel.style.maxHeight = room > 0 ? `${Math.floor(room)}px` : "";
    }
    setAttr(button, "aria-expanded", open ? "true" : "false");
  }

  on(button, "click", () => {
    const open = panel.hidden;
    show(open);
    if (open && switches.length) switches[0].el.focus();
  });
  // A click anywhere else closes it, as a popover does.
  on(doc, "pointerdown", (event) => {
    const target = /** @type {Node | null} */ (event.target);
    if (!panel.hidden && !panel.contains(target) && !button.contains(target)) show(false);
  });

  return {
    button,
    panel,
    isOpen() {
      return !panel.hidden;
    },
    /** Close it; focus goes back to the Assists button (Escape). */
    close() {
      show(false);
      button.focus();
    },
    /** @param {ViewModel} next */
    update(next) {
      vm = next;
      const L = next.labels;
      setText(button, L.assists);
      setProp(button, "title", L.assists_tip);
      setText(title, L.assists);
      for (const { el, text, label, field } of switches) {
        setText(text, L[label]);
        setAttr(el, "aria-checked", /** @type {any} */ (next)[field] ? "true" : "false");
      }
      setText(legend, L.hint_kind);
      for (const { input, text, label } of radios) {
        setText(text, L[label]);
        setProp(input, "checked", input.value === next.hintKind);
        setProp(input, "disabled", !next.showHints);
      }
      setText(statsButton, L.stats);
      setProp(statsButton, "title", L.stats_tip);
      setText(languageText, L.language);
      setProp(picker, "value", next.lang);
    },
  };
}
