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
import { newGameDialog } from "./dialog.js";
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
  const newGame = newGameDialog(doc, uid, { on, send, root, fallbackFocus: () => (focus !== null ? targetEl(focus) : null) });

  // Message bar and controls, and the notices above them
  const controls = controlBar(doc, uid, { on, send, motion: moving, openDialog: newGame.open });

  const live = h(doc, "div", "tp-sr-only", { "aria-live": "polite", "aria-atomic": "true" });
  const keysHelp = h(doc, "div", "tp-sr-only", { id: `${uid}-keys` });
  board.setAttribute("aria-describedby", `${uid}-keys`);

  // Everything under the header; the New game dialog covers it (never the header), at the
  // widget's own height: it scrolls inside rather than make the notebook below it jump.
  const body = h(doc, "div", "tp-body");
  body.append(caption, table, controls.notices, controls.bar, newGame.dialog);
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

    newGame.update(next);

    const liveText = [next.message, ...next.notices.map((n) => n.text), next.description].filter(Boolean).join(" ");
    setText(live, liveText);

    // Roving focus: keep it on a free card or the stock.
    if (focus === null || !next.targets.includes(focus)) {
      const old = focus === null ? null : targetPosition(focus);
      focus = old ? nearestTarget(next.targets, old) : next.targets[0];
    }
    applyRoving(next);
    if (hadFocus && !newGame.isOpen() && doc.activeElement !== targetEl(focus)) targetEl(focus).focus();

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
  on(bannerNew, "click", newGame.open);

  on(root, "keydown", (event) => {
    // Nothing typed inside the widget may reach the notebook's shortcuts.
    event.stopPropagation();
    if (newGame.isOpen()) {
      newGame.keydown(event);
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
      newGame.open();
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
  model.on("msg:custom", newGame.reply);
  update(model.get("state") || {});

  return () => {
    abort.abort();
    model.off("change:state", onChange);
    model.off("change:labels", onChange);
    model.off("msg:custom", newGame.reply);
    if (resizer) resizer.disconnect();
    moving.stop();
    root.remove();
  };
}

