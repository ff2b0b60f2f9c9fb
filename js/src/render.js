// The DOM side: builds the widget once per view, then updates it from each
// snapshot. Every bit of per-view state lives in the closure of `render`.

import { controlBar } from "./bar.js";
import { fillFace } from "./cards.js";
import {
  BOARD_H,
  BOARD_W,
  CARD_H,
  CARD_W,
  DISCARD_POSITION,
  STOCK_POSITION,
  nearestTarget,
  nextTarget,
  slotPosition,
  targetPosition,
} from "./geometry.js";
import { PRESETS, VARIANTS, dealIntent, presetOf } from "./dialog.js";
import { SUPPRESS, h, isTextField, motion, randomId, setAttr, setProp, setText } from "./helpers.js";
import { keyCommand } from "./keys.js";
import { fmt } from "./labels.js";
import { toViewModel, transitions } from "./viewmodel.js";

const FLY_MS = 240;
const TURN_MS = 260;
const DEAL_MS = 320;
const DEAL_STAGGER_MS = 14;
const SHAKE_MS = 280;
const PLAYABLE_LIFT = 0.07; // a playable card sits this many units higher (widget.css, .tp-playable)

/**
 * Render one view of the widget into `el`. Returns the cleanup function.
 */
export function render({ model, el }) {
  const doc = el.ownerDocument;
  const win = doc.defaultView || globalThis;
  const abort = new AbortController();
  const on = (target, type, fn, opts = {}) => target.addEventListener(type, fn, { ...opts, signal: abort.signal });
  const uid = `tp${randomId().toString(36)}`;
  const moving = motion(win);

  let vm = null; // last view model drawn
  let focus = null; // roving focus target: slot number or "stock"
  let pendingId = null; // id of this view's new_game request
  let dialogOpen = false;
  let dialogReturn = null;
  let triedSlot = null; // the card this view last tried to play, to shake it if refused

  const send = (intent) => model.send(intent);

  // ---------- build ----------
  const root = h(doc, "div", "tp-root", { [SUPPRESS]: "" });
  const game = h(doc, "div", "tp-game");
  root.appendChild(game);

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

  const caption = h(doc, "div", "tp-caption");
  caption.hidden = true;

  const table = h(doc, "div", "tp-table");
  // Cards never shrink below a playable size: in a narrow cell the board scrolls sideways.
  const scroller = h(doc, "div", "tp-scroll");
  // The peaks keep their geometry in every language: the board is always laid out left to right
  // (the Hebrew rules read its cards left to right too), while the rest follows the language.
  const board = h(doc, "div", "tp-board", { role: "group", dir: "ltr" });
  board.style.setProperty("--bw", String(BOARD_W));
  board.style.setProperty("--bh", String(BOARD_H));
  board.style.setProperty("--cw", String(CARD_W));
  board.style.setProperty("--ch", String(CARD_H));
  scroller.appendChild(board);
  table.appendChild(scroller);

  const slotEls = [];
  for (let slot = 0; slot < 28; slot += 1) {
    const pos = slotPosition(slot);
    const card = h(doc, "div", "tp-card tp-slot", { "data-slot": String(slot), [SUPPRESS]: "" });
    card.style.setProperty("--x", String(pos.x));
    card.style.setProperty("--y", String(pos.y));
    card.style.setProperty("--z", String(pos.row + 1));
    const face = h(doc, "span", "tp-face", { "aria-hidden": "true" });
    const back = h(doc, "span", "tp-back", { "aria-hidden": "true" });
    card.append(face, back);
    board.appendChild(card);
    slotEls.push(card);
  }

  const stock = h(doc, "div", "tp-card tp-stock", { role: "button", "data-target": "stock", [SUPPRESS]: "" });
  const stockPos = targetPosition("stock");
  stock.style.setProperty("--x", String(stockPos.x));
  stock.style.setProperty("--y", String(stockPos.y));
  stock.style.setProperty("--z", "5");
  const stockCount = h(doc, "span", "tp-stock-count", { "aria-hidden": "true" });
  stock.append(h(doc, "span", "tp-back tp-back-under", { "aria-hidden": "true" }), h(doc, "span", "tp-back", { "aria-hidden": "true" }), stockCount);
  board.appendChild(stock);

  const discard = h(doc, "div", "tp-card tp-discard", { role: "img" });
  discard.style.setProperty("--x", String(DISCARD_POSITION.x));
  discard.style.setProperty("--y", String(DISCARD_POSITION.y));
  discard.style.setProperty("--z", "6"); // above the peaks while a card flies in
  const discardFace = h(doc, "span", "tp-face", { "aria-hidden": "true" });
  discard.appendChild(discardFace);
  board.appendChild(discard);

  // Won / blocked banner
  const banner = h(doc, "div", "tp-banner", { role: "group", "aria-labelledby": `${uid}-banner-title` });
  banner.hidden = true;
  const bannerPanel = h(doc, "div", "tp-banner-panel");
  const bannerTitle = h(doc, "div", "tp-banner-title", { id: `${uid}-banner-title` });
  const bannerDetail = h(doc, "div", "tp-banner-detail");
  const bannerActions = h(doc, "div", "tp-actions");
  const bannerUndo = h(doc, "button", "tp-button", { type: "button", [SUPPRESS]: "" });
  const bannerNew = h(doc, "button", "tp-button tp-primary", { type: "button", [SUPPRESS]: "" });
  bannerActions.append(bannerUndo, bannerNew);
  bannerPanel.append(bannerTitle, bannerDetail, bannerActions);
  banner.appendChild(bannerPanel);
  table.appendChild(banner);

  // New game dialog: a code, or rules + variants + a game number (or a random deal).
  const dialog = h(doc, "div", "tp-dialog", { role: "dialog", "aria-modal": "true", "aria-labelledby": `${uid}-dialog-title` });
  dialog.hidden = true;
  const form = h(doc, "form", "tp-dialog-panel", { novalidate: "" });
  const dialogTitle = h(doc, "div", "tp-dialog-title", { id: `${uid}-dialog-title` });

  const codeField = h(doc, "div", "tp-field tp-field-code");
  const codeLabel = h(doc, "label", "tp-field-label", { for: `${uid}-code` });
  const codeInput = h(doc, "input", "tp-code-input", {
    id: `${uid}-code`,
    type: "text",
    autocomplete: "off",
    spellcheck: "false",
    placeholder: "TP1-E-AAAAAAB",
    dir: "ltr",
    "aria-describedby": `${uid}-code-hint ${uid}-code-error`,
    [SUPPRESS]: "",
  });
  const codeHint = h(doc, "div", "tp-dialog-hint", { id: `${uid}-code-hint` });
  const codeError = h(doc, "div", "tp-dialog-error", { id: `${uid}-code-error`, role: "alert" });
  codeField.append(codeLabel, codeInput, codeHint, codeError);

  const orLine = h(doc, "div", "tp-dialog-or", { "aria-hidden": "true" });
  const orText = h(doc, "span", "tp-dialog-or-text");
  orLine.appendChild(orText);

  const choose = h(doc, "div", "tp-choose");
  const presetRow = h(doc, "div", "tp-presets", { role: "group", "aria-labelledby": `${uid}-presets` });
  const presetLabel = h(doc, "span", "tp-field-label", { id: `${uid}-presets` });
  presetRow.appendChild(presetLabel);
  const presetButtons = {};
  for (const name of Object.keys(PRESETS)) {
    const button = h(doc, "button", "tp-chip", { type: "button", "data-preset": name, "aria-pressed": "false", [SUPPRESS]: "" });
    presetRow.appendChild(button);
    presetButtons[name] = button;
  }

  const fieldset = h(doc, "fieldset", "tp-rules-choice");
  const legend = h(doc, "legend", "tp-field-label");
  fieldset.appendChild(legend);
  const ruleInputs = {};
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
  const variantInputs = {};
  const variantTexts = {};
  for (const value of VARIANTS) {
    const label = h(doc, "label", "tp-check", { "data-variant": value });
    const input = h(doc, "input", "", { type: "checkbox", name: `${uid}-variants`, value, "aria-describedby": `${uid}-v-${value}`, [SUPPRESS]: "" });
    const text = h(doc, "span", "tp-check-text");
    const name = h(doc, "span", "tp-check-name");
    const long = h(doc, "span", "tp-check-long", { id: `${uid}-v-${value}` });
    text.append(name, long);
    label.append(input, text);
    variantSet.appendChild(label);
    variantInputs[value] = input;
    variantTexts[value] = { label, name, long };
  }

  const gameField = h(doc, "div", "tp-field tp-field-game");
  const gameLabel = h(doc, "label", "tp-field-label", { for: `${uid}-game` });
  const gameInput = h(doc, "input", "tp-game-input", {
    id: `${uid}-game`,
    type: "text",
    inputmode: "numeric",
    autocomplete: "off",
    spellcheck: "false",
    "aria-describedby": `${uid}-game-hint ${uid}-game-error`,
    [SUPPRESS]: "",
  });
  const gameHint = h(doc, "div", "tp-dialog-hint", { id: `${uid}-game-hint` });
  const gameError = h(doc, "div", "tp-field-error tp-game-error", { id: `${uid}-game-error`, role: "alert" });
  gameField.append(gameLabel, gameInput, gameHint, gameError);

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

  const dialogActions = h(doc, "div", "tp-actions");
  const dealButton = h(doc, "button", "tp-button tp-primary", { type: "submit", [SUPPRESS]: "" });
  const randomButton = h(doc, "button", "tp-button", { type: "button", [SUPPRESS]: "" });
  const cancelButton = h(doc, "button", "tp-button", { type: "button", [SUPPRESS]: "" });
  dialogActions.append(winnableLabel, dealButton, randomButton, cancelButton);
  // The title and the buttons stay in view; the choices between them scroll when the widget is short.
  const fields = h(doc, "div", "tp-dialog-fields");
  fields.append(codeField, orLine, choose);
  form.append(dialogTitle, fields, dealError, dialogActions);
  dialog.appendChild(form);

  // Message bar and controls, and the notices above them
  const controls = controlBar(doc, uid, { on, send, motion: moving, openDialog });

  const live = h(doc, "div", "tp-sr-only", { "aria-live": "polite", "aria-atomic": "true" });
  const keysHelp = h(doc, "div", "tp-sr-only", { id: `${uid}-keys` });
  board.setAttribute("aria-describedby", `${uid}-keys`);

  // Everything under the header; the New game dialog covers it (never the header), at the
  // widget's own height: it scrolls inside rather than make the notebook below it jump.
  const body = h(doc, "div", "tp-body");
  body.append(caption, table, controls.notices, controls.bar, dialog);
  game.append(header, body, live, keysHelp);
  el.appendChild(root);

  // One unit of the geometry in CSS pixels: the board's width over its width in units. A
  // ResizeObserver keeps it, so that an update never reads the layout to animate a card.
  let unitPx = 0;
  let resizer = null;
  if (typeof win.ResizeObserver === "function") {
    resizer = new win.ResizeObserver((entries) => {
      const box = entries.length ? entries[entries.length - 1].contentRect : null;
      if (box && box.width > 0) unitPx = box.width / BOARD_W;
    });
    resizer.observe(board);
  }

  // ---------- helpers ----------
  const { animate } = moving;

  /** Pixels per unit; read from the layout only before the first size has been observed. */
  function unit() {
    if (!unitPx) {
      const width = board.getBoundingClientRect().width;
      if (width > 0) unitPx = width / BOARD_W;
    }
    return unitPx;
  }

  function targetEl(target) {
    return target === "stock" ? stock : slotEls[target];
  }

  function focusInBoard() {
    const active = doc.activeElement;
    return Boolean(active && board.contains(active));
  }

  function setFocus(target, moveDomFocus) {
    focus = target;
    if (vm) applyRoving(vm);
    if (moveDomFocus && target !== null) targetEl(target).focus();
  }

  function applyRoving(v) {
    const targets = new Set(v.targets);
    for (const [slot, card] of slotEls.entries()) {
      setAttr(card, "tabindex", targets.has(slot) ? (slot === focus ? "0" : "-1") : null);
    }
    setAttr(stock, "tabindex", focus === "stock" ? "0" : "-1");
  }

  // ---------- update ----------
  function update(state) {
    const next = toViewModel(state, model.get("labels"));
    const prev = vm;
    const moves = transitions(prev, next);
    const hadFocus = focusInBoard();
    vm = next;
    const L = next.labels;

    setAttr(root, "data-status", next.status);
    setAttr(root, "lang", next.lang || null);
    setAttr(root, "dir", next.dir);
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
    setText(caption, next.caption);
    setProp(caption, "hidden", !next.caption);
    setAttr(board, "aria-label", L.board);
    setText(keysHelp, L.keys_help);

    for (const vs of next.slots) {
      const card = slotEls[vs.slot];
      const cls = card.classList;
      cls.toggle("tp-removed", vs.kind === "removed");
      cls.toggle("tp-hidden", vs.kind === "hidden");
      cls.toggle("tp-up", vs.kind === "face");
      cls.toggle("tp-red", Boolean(vs.card && vs.card.color === "red"));
      cls.toggle("tp-free", vs.free);
      cls.toggle("tp-playable", vs.playable);
      cls.toggle("tp-highlight", vs.highlighted);
      const key = vs.card ? vs.card.text : "";
      if (card.dataset.card !== key) {
        card.dataset.card = key;
        if (vs.card) fillFace(doc, card.firstChild, vs.card, L.joker_face);
        else card.firstChild.replaceChildren();
      }
      const gone = vs.kind === "removed";
      setAttr(card, "role", gone ? null : vs.free ? "button" : "img");
      setAttr(card, "aria-label", gone ? null : vs.label);
      setAttr(card, "aria-hidden", gone ? "true" : null);
    }

    stock.classList.toggle("tp-empty", next.stock.empty);
    stock.classList.toggle("tp-highlight", next.stock.highlighted);
    stock.classList.toggle("tp-thin", next.stock.count === 1);
    setAttr(stock, "aria-label", next.stock.label);
    setAttr(stock, "aria-disabled", next.stock.empty ? "true" : "false");
    setText(stockCount, String(next.stock.count));

    const dKey = next.discard.card ? next.discard.card.text : "";
    discard.classList.toggle("tp-empty", !next.discard.card);
    discard.classList.toggle("tp-red", Boolean(next.discard.card && next.discard.card.color === "red"));
    setAttr(discard, "aria-label", next.discard.label);
    if (discard.dataset.card !== dKey) {
      discard.dataset.card = dKey;
      if (next.discard.card) fillFace(doc, discardFace, next.discard.card, L.joker_face);
      else discardFace.replaceChildren();
    }

    setProp(verdictLine, "hidden", !next.verdict);
    if (next.verdict) {
      setAttr(verdictLine, "data-kind", next.verdict.kind);
      setText(verdictLine, next.verdict.text);
      setAttr(verdictLine, "aria-busy", next.verdict.kind === "pending" ? "true" : "false");
    }

    controls.update(next);

    if (next.overlay) {
      setProp(banner, "hidden", false);
      setAttr(banner, "data-kind", next.overlay.kind);
      setText(bannerTitle, next.overlay.title);
      setText(bannerDetail, next.overlay.detail);
      setText(bannerUndo, L.undo);
      setProp(bannerUndo, "disabled", !next.canUndo);
      setText(bannerNew, L.new_game);
    } else {
      setProp(banner, "hidden", true);
    }

    setText(dialogTitle, L.dialog_title);
    setText(legend, L.dialog_rules);
    for (const value of ["easy", "classic"]) {
      setText(ruleTexts[value].name, L[`rules_${value}`]);
      setText(ruleTexts[value].long, L[`rules_${value}_long`]);
    }
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
      setProp(t.label, "title", L[`option_${value}_tip`] || "");
    }
    setText(gameLabel, L.dialog_game);
    setProp(gameInput, "placeholder", L.dialog_game_placeholder);
    setText(gameHint, L.dialog_game_hint);
    setText(dealButton, pendingId !== null ? L.dialog_waiting : L.dialog_deal);
    setText(randomButton, L.dialog_random);
    setText(cancelButton, L.dialog_cancel);
    setText(winnableText, L.dialog_winnable);
    setProp(winnableLabel, "title", L.dialog_winnable_tip);

    const liveText = [next.message, ...next.notices.map((n) => n.text), next.description].filter(Boolean).join(" ");
    setText(live, liveText);

    // Roving focus: keep it on a free card or the stock.
    if (focus === null || !next.targets.includes(focus)) {
      const old = focus === null ? null : targetPosition(focus);
      focus = old ? nearestTarget(next.targets, old) : next.targets[0];
    }
    applyRoving(next);
    if (hadFocus && !dialogOpen && doc.activeElement !== targetEl(focus)) targetEl(focus).focus();

    // Quick transitions. Where a card flies from comes from the geometry (units) and the
    // observed size of a unit: no layout is read here, so an update forces none.
    if (moves.toDiscardFrom !== null) {
      const u = unit();
      const origin = targetPosition(moves.toDiscardFrom);
      const lift = moves.toDiscardFrom === "stock" ? 0 : PLAYABLE_LIFT;
      const dx = (origin.x - DISCARD_POSITION.x) * u;
      const dy = (origin.y - lift - DISCARD_POSITION.y) * u;
      const frames =
        moves.toDiscardFrom === "stock"
          ? [
              { transform: `translate(${dx}px, ${dy}px) scaleX(0.05)` },
              { transform: `translate(${dx * 0.4}px, ${dy * 0.4}px) scaleX(1)`, offset: 0.45 },
              { transform: "none" },
            ]
          : [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }];
      animate(discardFace, frames, FLY_MS);
    }
    if (moves.backToSlot !== null) {
      const u = unit();
      const to = slotPosition(moves.backToSlot);
      const dx = (DISCARD_POSITION.x - to.x) * u;
      const dy = (DISCARD_POSITION.y - to.y) * u;
      animate(slotEls[moves.backToSlot].firstChild, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], FLY_MS);
    }
    if (triedSlot !== null && prev && next.seq > prev.seq) {
      const tried = next.slots[triedSlot];
      if (next.errorHelp && next.message && tried.kind !== "removed") {
        // The refused card shakes, and the reason shakes with it, so the two read together.
        const d = `${Math.max(2, Math.round(CARD_W * unit() * 0.06))}px`;
        const shake = [{ translate: "0" }, { translate: `-${d}` }, { translate: d }, { translate: `-${d}` }, { translate: "0" }];
        animate(slotEls[triedSlot], shake, SHAKE_MS);
        controls.flash();
      }
      triedSlot = null;
    }
    if (moves.dealt) {
      // Deal: the peak cards fly out of the stock, top row first.
      const u = unit();
      for (const vs of next.slots) {
        if (vs.kind === "removed") continue;
        const dx = (STOCK_POSITION.x - vs.x) * u;
        const dy = (STOCK_POSITION.y - vs.y) * u;
        animate(
          slotEls[vs.slot],
          [{ transform: `translate(${dx}px, ${dy}px)`, opacity: 0.4 }, { transform: "none", opacity: 1 }],
          DEAL_MS,
          { delay: vs.slot * DEAL_STAGGER_MS, fill: "backwards" },
        );
      }
    }
    for (const slot of moves.turned) {
      const card = slotEls[slot];
      animate(card.firstChild, [{ transform: "perspective(40em) rotateY(90deg)" }, { transform: "none" }], TURN_MS);
      animate(card.lastChild, [{ opacity: 1, transform: "none" }, { opacity: 1, transform: "perspective(40em) rotateY(-90deg)", offset: 0.5 }, { opacity: 0, transform: "perspective(40em) rotateY(-90deg)" }], TURN_MS);
    }
  }

  // ---------- dialog ----------
  function chosenVariants() {
    return VARIANTS.filter((v) => variantInputs[v].checked);
  }

  function showChoice(rulesName, variants) {
    ruleInputs.easy.checked = rulesName !== "classic";
    ruleInputs.classic.checked = rulesName === "classic";
    for (const v of VARIANTS) variantInputs[v].checked = variants.includes(v);
    syncPresets();
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

  function showError(field, text) {
    const [input, line] =
      field === "game" ? [gameInput, gameError] : field === "winnable" ? [winnableInput, dealError] : [codeInput, codeError];
    setText(line, text);
    if (input.type === "text") input.setAttribute("aria-invalid", "true");
    input.focus();
    if (input.type === "text" && typeof input.select === "function") input.select();
  }

  function openDialog() {
    if (dialogOpen) return;
    dialogOpen = true;
    dialogReturn = doc.activeElement;
    pendingId = null;
    codeInput.value = "";
    gameInput.value = "";
    clearErrors();
    showChoice(vm ? vm.rules : "easy", vm ? vm.variants : []);
    syncCodeGiven();
    dialog.hidden = false;
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
    const back = dialogReturn && root.contains(dialogReturn) && !dialogReturn.hidden ? dialogReturn : focus !== null ? targetEl(focus) : null;
    dialogReturn = null;
    if (back) back.focus();
  }

  function setBusy(busy) {
    dealButton.disabled = busy;
    randomButton.disabled = busy;
    if (vm) setText(dealButton, busy ? vm.labels.dialog_waiting : vm.labels.dialog_deal);
  }

  function requestDeal(random) {
    clearErrors();
    const id = randomId();
    const made = dealIntent(
      {
        rules: ruleInputs.classic.checked ? "classic" : "easy",
        variants: chosenVariants(),
        game: gameInput.value,
        code: codeInput.value,
        random,
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

  function onCustom(msg) {
    if (!msg || typeof msg !== "object" || msg.type !== "reply") return;
    if (pendingId === null || msg.id !== pendingId) return;
    pendingId = null;
    setBusy(false);
    if (msg.ok) closeDialog();
    else showError(msg.field === "game" || msg.field === "winnable" ? msg.field : "code", String(msg.error || ""));
  }

  // ---------- events ----------
  function activate(target) {
    if (!vm) return;
    if (target === "stock") {
      if (!vm.stock.empty) send({ type: "draw" });
    } else {
      triedSlot = target;
      send({ type: "play", slot: target });
    }
  }

  on(board, "click", (event) => {
    const card = event.target.closest && event.target.closest(".tp-slot, .tp-stock");
    if (!card || !board.contains(card)) return;
    if (card === stock) {
      setFocus("stock", false);
      activate("stock");
      return;
    }
    const slot = Number(card.dataset.slot);
    if (!vm || vm.slots[slot].kind === "removed") return;
    if (vm.targets.includes(slot)) setFocus(slot, false);
    activate(slot);
  });
  on(bannerUndo, "click", () => send({ type: "undo" }));
  on(bannerNew, "click", openDialog);
  on(form, "submit", (event) => {
    event.preventDefault();
    requestDeal(false);
  });
  on(randomButton, "click", () => requestDeal(true));
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

  function dialogKeys(event) {
    if (event.key === "Escape") {
      event.preventDefault();
      closeDialog();
    } else if (event.key === "Tab") {
      const items = [.../** @type {NodeListOf<HTMLInputElement | HTMLButtonElement>} */ (dialog.querySelectorAll("input, button"))].filter(
        (x) => !x.disabled && !(x.type === "radio" && !x.checked),
      );
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

  on(root, "keydown", (event) => {
    // Nothing typed inside the widget may reach the notebook's shortcuts.
    event.stopPropagation();
    if (dialogOpen) {
      dialogKeys(event);
      return;
    }
    if (isTextField(event.target)) return;
    const onTarget = board.contains(event.target) && event.target !== board;
    const command = keyCommand(event, onTarget ? focus : null);
    if (!command) return;
    if (command.kind === "focus") {
      if (!onTarget || !vm) return;
      event.preventDefault();
      setFocus(nextTarget(vm.targets, focus, command.key), true);
    } else if (command.kind === "dialog") {
      event.preventDefault();
      openDialog();
    } else if (command.kind === "intent") {
      event.preventDefault();
      if (command.intent.type === "draw" && vm && vm.stock.empty) return;
      if (command.intent.type === "play") triedSlot = command.intent.slot;
      send(command.intent);
    }
  });
  // Key-up and key-press are kept in too, for hosts that listen to them.
  on(root, "keyup", (event) => event.stopPropagation());
  on(root, "keypress", (event) => event.stopPropagation());
  on(board, "focusin", (event) => {
    const t = event.target;
    if (t === stock) focus = "stock";
    else if (t.dataset && t.dataset.slot !== undefined && vm && vm.targets.includes(Number(t.dataset.slot))) {
      focus = Number(t.dataset.slot);
    } else return;
    if (vm) applyRoving(vm);
  });

  const onChange = () => update(model.get("state") || {});
  model.on("change:state", onChange);
  model.on("change:labels", onChange);
  model.on("msg:custom", onCustom);
  update(model.get("state") || {});

  return () => {
    abort.abort();
    model.off("change:state", onChange);
    model.off("change:labels", onChange);
    model.off("msg:custom", onCustom);
    if (resizer) resizer.disconnect();
    moving.stop();
    root.remove();
  };
}

