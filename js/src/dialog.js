// The New game dialog: a code, or a layout + rules + variants + a game number (or a random deal).
// Its choices -> the new_game intent (pure functions first, then the dialog's DOM).
// Python checks every field again; this only spares a round trip for a
// game number that cannot be right, and says why next to the field.

// The variants, the presets, the built-in layouts and the numbered series come from Python (facts.js).
import { FIRST_GAME, LAST_GAME, LAYOUTS, PRESETS, VARIANTS } from "./facts.js";
import { SUPPRESS, h, randomId, setProp, setText } from "./helpers.js";
import { fmt } from "./labels.js";

export { FIRST_GAME, LAST_GAME, LAYOUTS, PRESETS, VARIANTS };

/** A rule set as text: "classic", "easy+joker+open-peaks" (variants in code order). */
export function rulesText(rules, variants = []) {
  const chosen = VARIANTS.filter((v) => variants.includes(v));
  return [rules === "classic" ? "classic" : "easy", ...chosen].join("+");
}

/** The preset that these choices make, or null. */
export function presetOf(rules, variants = []) {
  const text = rulesText(rules, variants);
  for (const [name, preset] of Object.entries(PRESETS)) {
    if (rulesText(preset.rules, preset.variants) === text) return name;
  }
  return null;
}

/**
 * Read the game number field: {value: null} when empty, {value: n} for a
 * number of the series, else {error: "game_nan" | "game_range"} (label keys).
 * Digit groups may be written with commas or spaces ("12,345"); "#123" is read as 123.
 */
export function readGameNumber(text) {
  const raw = String(text ?? "").trim().replace(/^#\s*/, "");
  if (!raw) return { value: null };
  if (!/^\d+$/.test(raw) && !/^\d{1,3}([,\s\u202f\u00a0]\d{3})+$/.test(raw)) return { error: "game_nan" };
  const value = Number(raw.replace(/[^\d]/g, ""));
  if (!Number.isSafeInteger(value) || value < FIRST_GAME || value > LAST_GAME) return { error: "game_range" };
  return { value };
}

/**
 * The intent for a choice made in the dialog: its one Deal button deals the code if one is
 * given, else the game number, else a random deal under the chosen rules.
 *   choice: {layout, rules, variants, game (field text), code (field text), winnable}
 * Returns {intent} or {error, field} when the game number cannot be right.
 * A pasted code wins: it carries its own rules and variants, so the game
 * number is then not read at all.
 * "Winnable deals only" is for random deals: the intent carries it (winnable: true) only then.
 * The layout, a built-in one's key, goes with a number or a random deal (a code names its own);
 * none ("") keeps the board's.
 */
export function dealIntent(choice, id) {
  const rules = rulesText(choice.rules, choice.variants || []);
  const code = String(choice.code ?? "").trim();
  let game = null;
  if (!code) {
    const read = readGameNumber(choice.game);
    if (read.error) return { error: read.error, field: "game" };
    game = read.value;
  }
  const intent = { type: "new_game", rules, game, code, id };
  if (choice.winnable && !code && game === null) intent.winnable = true;
  if (choice.layout && !code) intent.layout = choice.layout;
  return { intent };
}

/** @typedef {import("./helpers.js").ViewModel} ViewModel */

/**
 * The dialog itself: built once, hidden until `open`. Its choices become a new_game intent
 * (`dealIntent`); Python's reply (`reply`) closes it or says what was wrong.
 * @param {Document} doc
 * @param {string} uid the view's id prefix
 * @param {object} host
 * @param {import("./helpers.js").Listen} host.on
 * @param {import("./helpers.js").Send} host.send
 * @param {HTMLElement} host.root the widget's root, marked while the dialog is open
 * @param {() => HTMLElement | null} host.fallbackFocus where focus goes back when what opened the dialog is gone
 */
export function newGameDialog(doc, uid, { on, send, root, fallbackFocus }) {
  /** @type {ViewModel | null} */
  let vm = null;
  /** @type {number | null} */
  let pendingId = null; // id of this view's new_game request
  let dialogOpen = false;
  /** @type {HTMLElement | null} */
  let dialogReturn = null;

  const dialog = h(doc, "div", "tp-dialog", { role: "dialog", "aria-modal": "true", "aria-labelledby": `${uid}-dialog-title` });
  dialog.hidden = true;
  const form = h(doc, "form", "tp-dialog-panel", { novalidate: "" });
  const dialogTitle = h(doc, "div", "tp-dialog-title", { id: `${uid}-dialog-title` });

  /**
   * A labelled text field with a hint and an error line: ids `${uid}-${name}`, `-hint`, `-error`.
   * @param {string} name
   * @param {Record<string, string>} attrs the input's own attributes
   * @param {string} errorClass
   */
  function textField(name, attrs, errorClass) {
    const id = `${uid}-${name}`;
    const field = h(doc, "div", `tp-field tp-field-${name}`);
    const label = h(doc, "label", "tp-field-label", { for: id });
    const input = h(doc, "input", `tp-${name}-input`, {
      id,
      type: "text",
      ...attrs,
      "aria-describedby": `${id}-hint ${id}-error`,
      [SUPPRESS]: "",
    });
    const hint = h(doc, "div", "tp-dialog-hint", { id: `${id}-hint` });
    const error = h(doc, "div", errorClass, { id: `${id}-error`, role: "alert" });
    field.append(label, input, hint, error);
    return { field, label, input, hint, error };
  }

  const codeAttrs = { autocomplete: "off", spellcheck: "false", placeholder: "TP1-E-AAAAAAB", dir: "ltr" };
  const { field: codeField, label: codeLabel, input: codeInput, hint: codeHint, error: codeError } = textField("code", codeAttrs, "tp-dialog-error");

  const orLine = h(doc, "div", "tp-dialog-or", { "aria-hidden": "true" });
  const orText = h(doc, "span", "tp-dialog-or-text");
  orLine.appendChild(orText);

  // The layouts: the built-in ones by name, and the board's own when it is none of them (its
  // value "" keeps it).
  const layoutId = `${uid}-layout`;
  const layoutField = h(doc, "div", "tp-field tp-field-layout");
  const layoutLabel = h(doc, "label", "tp-field-label", { for: layoutId });
  const layoutSelect = h(doc, "select", "tp-layout-select", { id: layoutId, name: layoutId, [SUPPRESS]: "" });
  /** @type {Record<string, HTMLOptionElement>} */
  const layoutOptions = {};
  for (const key of ["", ...LAYOUTS]) {
    const option = /** @type {HTMLOptionElement} */ (h(doc, "option", "", { value: key }));
    layoutSelect.appendChild(option);
    layoutOptions[key] = option;
  }
  layoutField.append(layoutLabel, layoutSelect);

  const choose = h(doc, "div", "tp-choose");
  const presetRow = h(doc, "div", "tp-presets", { role: "group", "aria-labelledby": `${uid}-presets` });
  const presetLabel = h(doc, "span", "tp-field-label", { id: `${uid}-presets` });
  presetRow.appendChild(presetLabel);
  /** @type {Record<string, HTMLButtonElement>} */
  const presetButtons = {};
  for (const name of Object.keys(PRESETS)) {
    const button = h(doc, "button", "tp-chip", { type: "button", "data-preset": name, "aria-pressed": "false", [SUPPRESS]: "" });
    presetRow.appendChild(button);
    presetButtons[name] = button;
  }

  const fieldset = h(doc, "fieldset", "tp-rules-choice");
  const legend = h(doc, "legend", "tp-field-label");
  fieldset.appendChild(legend);
  /** @type {Record<string, HTMLInputElement>} */
  const ruleInputs = {};
  /** @type {Record<string, { name: HTMLElement, long: HTMLElement }>} */
  const ruleTexts = {};
  for (const value of ["easy", "classic"]) {
    const label = h(doc, "label", "tp-radio");
    const input = h(doc, "input", "", { type: "radio", name: `${uid}-rules`, value, [SUPPRESS]: "" });
    const text = h(doc, "span", "tp-radio-text");
    const name = h(doc, "span", "tp-radio-name");
    const long = h(doc, "span", "tp-radio-long");
    text.append(name, long);
    label.append(input, text);
    fieldset.appendChild(label);
    ruleInputs[value] = input;
    ruleTexts[value] = { name, long };
  }

  const variantSet = h(doc, "fieldset", "tp-variants");
  const variantLegend = h(doc, "legend", "tp-field-label");
  variantSet.appendChild(variantLegend);
  /** @type {Record<string, HTMLInputElement>} */
  const variantInputs = {};
  /** @type {Record<string, { label: HTMLElement, name: HTMLElement, long: HTMLElement }>} */
  const variantTexts = {};
  for (const value of VARIANTS) {
    const label = h(doc, "label", "tp-check", { "data-variant": value });
    const input = h(doc, "input", "", { type: "checkbox", name: `${uid}-variants`, value, "aria-describedby": `${uid}-v-${value}`, [SUPPRESS]: "" });
    const text = h(doc, "span", "tp-check-text");
    const name = h(doc, "span", "tp-check-name");
    // Its description is read with it and shown as its tooltip: the variants take a line or two.
    const long = h(doc, "span", "tp-check-long tp-sr-only", { id: `${uid}-v-${value}` });
    text.append(name, long);
    label.append(input, text);
    variantSet.appendChild(label);
    variantInputs[value] = input;
    variantTexts[value] = { label, name, long };
  }

  const gameAttrs = { inputmode: "numeric", autocomplete: "off", spellcheck: "false" };
  const { field: gameField, label: gameLabel, input: gameInput, hint: gameHint, error: gameError } = textField("game", gameAttrs, "tp-field-error tp-game-error");

  choose.append(presetRow, fieldset, variantSet, gameField);

  // Random deals only among those the solver proves winnable.
  const winnableLabel = h(doc, "label", "tp-winnable");
  const winnableInput = h(doc, "input", "", {
    type: "checkbox",
    name: `${uid}-winnable`,
    "aria-describedby": `${uid}-deal-error`,
    [SUPPRESS]: "",
  });
  const winnableText = h(doc, "span", "tp-winnable-text");
  winnableLabel.append(winnableInput, winnableText);
  const dealError = h(doc, "div", "tp-field-error tp-deal-error", { id: `${uid}-deal-error`, role: "alert" });

  // A game in progress is given up by a new deal: the dialog says so before Deal is pressed, and
  // Cancel keeps it. (A numbered game left unfinished goes to the records as abandoned.)
  const leaving = h(doc, "div", "tp-dialog-leave", { id: `${uid}-leave`, role: "note" });
  leaving.hidden = true;
  const dialogActions = h(doc, "div", "tp-actions");
  // One button deals: the code, else the game number, else a random deal ("Leave it empty for a
  // random deal", the number's hint says).
  const dealButton = h(doc, "button", "tp-button tp-primary", { type: "submit", "aria-describedby": `${uid}-leave`, [SUPPRESS]: "" });
  const cancelButton = h(doc, "button", "tp-button", { type: "button", [SUPPRESS]: "" });
  dialogActions.append(winnableLabel, dealButton, cancelButton);
  // The title and the buttons stay in view; the choices between them scroll when the widget is short.
  const fields = h(doc, "div", "tp-dialog-fields");
  // "or choose" and the layout share a line: the choices start with the layout.
  const orRow = h(doc, "div", "tp-dialog-or-row");
  orRow.append(orLine, layoutField);
  fields.append(codeField, orRow, choose);
  form.append(dialogTitle, fields, dealError, leaving, dialogActions);
  dialog.appendChild(form);

  function chosenVariants() {
    return VARIANTS.filter((v) => variantInputs[v].checked);
  }

  /**
   * @param {string} rulesName
   * @param {string[]} variants
   */
  function showChoice(rulesName, variants) {
    ruleInputs.easy.checked = rulesName !== "classic";
    ruleInputs.classic.checked = rulesName === "classic";
    for (const v of VARIANTS) variantInputs[v].checked = variants.includes(v);
    syncPresets();
  }

  /** The board's layout chosen: a built-in one by its key, another as "" (kept). */
  function showLayout() {
    const own = vm && LAYOUTS.includes(vm.layout) ? vm.layout : "";
    layoutOptions[""].hidden = own !== "";
    layoutSelect.value = own;
  }

  function syncPresets() {
    const preset = presetOf(ruleInputs.classic.checked ? "classic" : "easy", chosenVariants());
    for (const [name, button] of Object.entries(presetButtons)) {
      button.setAttribute("aria-pressed", name === preset ? "true" : "false");
    }
  }

  function syncCodeGiven() {
    const given = codeInput.value.trim() !== "";
    form.classList.toggle("tp-code-given", given);
    // A code carries its own rules, variants and deal: the other choices are set aside.
    fieldset.disabled = given;
    variantSet.disabled = given;
    layoutSelect.disabled = given;
    gameInput.disabled = given;
    for (const button of Object.values(presetButtons)) button.disabled = given;
    winnableInput.disabled = given;
    if (given && gameError.textContent) {
      // A code wins: what was wrong with the number no longer matters.
      setText(gameError, "");
      gameInput.removeAttribute("aria-invalid");
    }
  }

  function clearErrors() {
    setText(codeError, "");
    setText(gameError, "");
    setText(dealError, "");
    codeInput.removeAttribute("aria-invalid");
    gameInput.removeAttribute("aria-invalid");
  }

  /**
   * @param {string} field "game", "winnable" or "code"
   * @param {string} text
   */
  function showError(field, text) {
    const [input, line] =
      field === "game" ? [gameInput, gameError] : field === "winnable" ? [winnableInput, dealError] : [codeInput, codeError];
    setText(line, text);
    if (input.type === "text") input.setAttribute("aria-invalid", "true");
    input.focus({ preventScroll: true });
    if (input.type === "text" && typeof input.select === "function") input.select();
    reveal(/** @type {HTMLElement} */ (input.closest(".tp-field") || line));
  }

  /**
   * Scroll the dialog's choices so that the whole of `el` (a field, its error line under it) is
   * in view between the title and the buttons; only the choices scroll, never the page.
   * @param {HTMLElement} el
   */
  function reveal(el) {
    if (!fields.contains(el) || typeof el.getBoundingClientRect !== "function") return;
    const box = fields.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (r.bottom > box.bottom && r.height <= box.height) fields.scrollTop += r.bottom - box.bottom;
    else if (r.top < box.top || r.height > box.height) fields.scrollTop -= box.top - r.top;
  }

  /** In a wide widget it covers what is above the buttons, not the buttons; in a narrow one (its
   * body not positioned: widget.css) all of the widget. */
  function fitOverTheBoard() {
    const body = dialog.parentElement;
    const table = root.querySelector(".tp-table");
    const view = doc.defaultView;
    if (!body || !table || !view || view.getComputedStyle(body).position === "static") {
      dialog.style.bottom = "";
      return;
    }
    const below = body.getBoundingClientRect().bottom - table.getBoundingClientRect().bottom;
    dialog.style.bottom = below > 0 ? `${Math.floor(below)}px` : "";
  }

  function openDialog() {
    if (dialogOpen) return;
    dialogOpen = true;
    dialogReturn = /** @type {HTMLElement | null} */ (doc.activeElement);
    pendingId = null;
    codeInput.value = "";
    gameInput.value = "";
    clearErrors();
    showChoice(vm ? vm.rules : "easy", vm ? vm.variants : []);
    showLayout();
    syncCodeGiven();
    dialog.hidden = false;
    fitOverTheBoard();
    root.classList.add("tp-dialog-open");
    setBusy(false);
    fields.scrollTop = 0;
    codeInput.focus();
  }

  function closeDialog() {
    if (!dialogOpen) return;
    dialogOpen = false;
    pendingId = null;
    dialog.hidden = true;
    root.classList.remove("tp-dialog-open");
    const back = dialogReturn && root.contains(dialogReturn) && !dialogReturn.hidden ? dialogReturn : fallbackFocus();
    dialogReturn = null;
    if (back) back.focus();
  }

  /** @param {boolean} busy */
  function setBusy(busy) {
    dealButton.disabled = busy;
    if (vm) setText(dealButton, busy ? vm.labels.dialog_waiting : vm.labels.dialog_deal);
  }

  function requestDeal() {
    clearErrors();
    const id = randomId();
    const made = dealIntent(
      {
        layout: layoutSelect.value,
        rules: ruleInputs.classic.checked ? "classic" : "easy",
        variants: chosenVariants(),
        game: gameInput.value,
        code: codeInput.value,
        winnable: winnableInput.checked,
      },
      id,
    );
    if (made.error) {
      showError(made.field, (vm && vm.labels[made.error]) || made.error);
      return;
    }
    pendingId = id;
    setBusy(true);
    send(made.intent);
  }

  /**
   * Python's answer to this view's new_game request, as the snapshot carries it: close, or say
   * what was wrong.
   * @param {any} msg
   */
  function onReply(msg) {
    if (!msg || typeof msg !== "object" || msg.type !== "reply") return;
    if (pendingId === null || msg.id !== pendingId) return;
    pendingId = null;
    setBusy(false);
    if (msg.ok) closeDialog();
    else showError(msg.field === "game" || msg.field === "winnable" ? msg.field : "code", String(msg.error || ""));
  }

  on(form, "submit", (event) => {
    event.preventDefault();
    requestDeal();
  });
  on(codeInput, "input", syncCodeGiven);
  on(gameInput, "input", () => {
    if (!gameError.textContent) return;
    setText(gameError, "");
    gameInput.removeAttribute("aria-invalid");
  });
  on(form, "change", (event) => {
    if (event.target && (event.target.type === "radio" || event.target.type === "checkbox")) syncPresets();
  });
  for (const [name, button] of Object.entries(presetButtons)) {
    on(button, "click", () => showChoice(PRESETS[name].rules, PRESETS[name].variants));
  }
  on(cancelButton, "click", closeDialog);

  /** @param {KeyboardEvent} event */
  function dialogKeys(event) {
    if (event.key === "Escape") {
      event.preventDefault();
      closeDialog();
    } else if (event.key === "Tab") {
      const controls = /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>} */ (dialog.querySelectorAll("input, select, button"));
      const items = [...controls].filter((x) => !x.disabled && !(x.type === "radio" && !x.checked));
      if (!items.length) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && doc.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && doc.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  return {
    dialog,
    /** @param {ViewModel} next */
    update(next) {
      vm = next;
      const L = next.labels;
      setText(dialogTitle, L.dialog_title);
      setText(legend, L.dialog_rules);
      for (const value of ["easy", "classic"]) {
        setText(ruleTexts[value].name, L[`rules_${value}`]);
        setText(ruleTexts[value].long, L[`rules_${value}_long`]);
      }
      setText(layoutLabel, L.dialog_layout);
      for (const key of LAYOUTS) setText(layoutOptions[key], L[`layout_${key}`] || key);
      setText(layoutOptions[""], next.layoutName || next.layout);
      if (!dialogOpen) showLayout();
      setText(codeLabel, L.dialog_code);
      setText(codeHint, L.dialog_code_hint);
      setText(orText, L.dialog_or);
      setText(presetLabel, L.dialog_presets);
      for (const [name, button] of Object.entries(presetButtons)) {
        setText(button, L[`preset_${name}`] || name);
        setProp(button, "title", L[`preset_${name}_long`] || "");
      }
      setText(variantLegend, L.dialog_variants);
      for (const value of VARIANTS) {
        const t = variantTexts[value];
        setText(t.name, L[`option_${value}`] || value);
        setText(t.long, L[`option_${value}_long`] || "");
        // A tip may count the peak cards: the layout's ({n}), which a new deal keeps.
        setProp(t.label, "title", fmt(L[`option_${value}_tip`] || L[`option_${value}_long`] || "", { n: next.slots.length }));
      }
      setText(gameLabel, L.dialog_game);
      setProp(gameInput, "placeholder", L.dialog_game_placeholder);
      setText(gameHint, L.dialog_game_hint);
      setText(dealButton, pendingId !== null ? L.dialog_waiting : L.dialog_deal);
      setText(leaving, L.dialog_leave);
      setProp(leaving, "hidden", !(next.status === "playing" && next.moves > 0));
      setText(cancelButton, L.dialog_cancel);
      setText(winnableText, L.dialog_winnable);
      setProp(winnableLabel, "title", L.dialog_winnable_tip);
      if (dialogOpen) fitOverTheBoard(); // a longer message or another language moves the buttons
    },
    open: openDialog,
    isOpen: () => dialogOpen,
    /** Escape closes; Tab keeps focus inside the dialog. */
    keydown: dialogKeys,
    reply: onReply,
  };
}
