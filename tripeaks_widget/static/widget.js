// src/facts.js
var VARIANTS = ["hogue-scoring", "joker", "open-peaks", "draw-when-stuck", "empty-discard"];
var PRESETS = { "app": { "rules": "easy", "variants": [] }, "site": { "rules": "easy", "variants": ["draw-when-stuck", "empty-discard"] } };
var LAYOUTS = ["THREE-PEAKS", "COLUMNS", "DIAMOND", "FOUR-PEAKS"];
var FIRST_GAME = 1;
var LAST_GAME = 5e4;
var CARD_W = 0.92;
var CARD_H = 1.288;
var TABLE = { "name": "Three Peaks", "key": "THREE-PEAKS", "width": 9.92, "height": 4.808, "slots": [[1.5, 0], [4.5, 0], [7.5, 0], [1, 0.644], [2, 0.644], [4, 0.644], [5, 0.644], [7, 0.644], [8, 0.644], [0.5, 1.288], [1.5, 1.288], [2.5, 1.288], [3.5, 1.288], [4.5, 1.288], [5.5, 1.288], [6.5, 1.288], [7.5, 1.288], [8.5, 1.288], [0, 1.932], [1, 1.932], [2, 1.932], [3, 1.932], [4, 1.932], [5, 1.932], [6, 1.932], [7, 1.932], [8, 1.932], [9, 1.932]], "depth": [1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], "order": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27], "pile_top": 3.52, "stock_x": 3.45, "discard_x": 5.55 };
var SUIT_SHAPES = { "hearts": [["path", { "d": "M50 90C22 68 5 51 5 31 5 15 16 6 29 6c9 0 17 5 21 14 4-9 12-14 21-14 13 0 24 9 24 25 0 20-17 37-45 59z" }]], "diamonds": [["path", { "d": "M50 3 86 50 50 97 14 50z" }]], "spades": [["path", { "d": "M50 4C40 22 7 38 7 61c0 14 10 23 22 23 8 0 14-4 18-10-1 9-5 16-12 22h30c-7-6-11-13-12-22 4 6 10 10 18 10 12 0 22-9 22-23C93 38 60 22 50 4z" }]], "joker": [["path", { "d": "M50 4 61 37H96L68 58 79 92 50 71 21 92 32 58 4 37H39z" }]], "clubs": [["circle", { "cx": "50", "cy": "27", "r": "21" }], ["circle", { "cx": "26", "cy": "58", "r": "21" }], ["circle", { "cx": "74", "cy": "58", "r": "21" }], ["circle", { "cx": "50", "cy": "52", "r": "12" }], ["path", { "d": "M46 58c0 17-4 28-12 38h32c-8-10-12-21-12-38z" }]] };
var SUITS = [{ "symbol": "♣", "key": "clubs", "ascii": "c", "color": "black" }, { "symbol": "♦", "key": "diamonds", "ascii": "d", "color": "red" }, { "symbol": "♥", "key": "hearts", "ascii": "h", "color": "red" }, { "symbol": "♠", "key": "spades", "ascii": "s", "color": "black" }];
var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
var JOKER = "★";
var JOKER_NAMES = ["★", "jk", "joker", "🃏"];
var LANGUAGES = [{ "code": "en", "name": "English" }, { "code": "el", "name": "Ελληνικά" }, { "code": "he", "name": "עברית" }, { "code": "is", "name": "Íslenska" }];
var MISTAKE_PERCENT = 10;

// src/helpers.js
var SUPPRESS = "data-lm-suppress-shortcuts";
function h(doc, tag, className, attrs = {}) {
  const el = doc.createElement(tag);
  if (className) el.className = className;
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") el.textContent = value;
    else el.setAttribute(name, value);
  }
  return el;
}
function randomId() {
  const c = globalThis.crypto;
  if (c && typeof c.getRandomValues === "function") {
    return c.getRandomValues(new Uint32Array(1))[0] & 2147483647;
  }
  return Math.floor(Math.random() * 2147483647);
}
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
function setAttr(el, name, value) {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) {
    el.setAttribute(name, value);
  }
}
function setProp(el, name, value) {
  if (el[name] !== value) el[name] = value;
}
function isTextField(el) {
  const node = (
    /** @type {HTMLElement | null} */
    el
  );
  return Boolean(
    node && (node.tagName === "INPUT" || node.tagName === "TEXTAREA" || node.tagName === "SELECT" || node.isContentEditable)
  );
}
function motion(win) {
  const running = /* @__PURE__ */ new Set();
  const reduceMotion = () => {
    try {
      return Boolean(win.matchMedia && win.matchMedia("(prefers-reduced-motion: reduce)").matches);
    } catch {
      return false;
    }
  };
  return {
    /**
     * @param {Element} target
     * @param {Keyframe[]} keyframes
     * @param {number} duration
     * @param {KeyframeAnimationOptions} [extra]
     */
    animate(target, keyframes, duration, extra = {}) {
      if (reduceMotion() || typeof target.animate !== "function") return;
      const anim = target.animate(keyframes, { duration, easing: "cubic-bezier(.2,.7,.3,1)", ...extra });
      running.add(anim);
      const done = () => running.delete(anim);
      anim.onfinish = done;
      anim.oncancel = done;
    },
    stop() {
      for (const anim of running) anim.cancel();
      running.clear();
    }
  };
}

// src/assists.js
var SWITCHES = (
  /** @type {const} */
  [
    ["show_playable", "assist_playable", "showPlayable"],
    ["error_help", "error_help", "errorHelp"],
    ["show_hints", "assist_hints", "showHints"],
    ["show_verdict", "assist_verdict", "showVerdict"],
    ["show_win_chance", "assist_win_chance", "showWinChance"]
  ]
);
var HINT_KINDS = (
  /** @type {const} */
  [
    ["fair", "hint_fair"],
    ["exact", "hint_exact"]
  ]
);
function assistsPanel(doc, uid, { on, send }) {
  let vm = null;
  const button = h(doc, "button", "tp-button tp-assists-toggle", {
    type: "button",
    "aria-expanded": "false",
    "aria-controls": `${uid}-assists`,
    [SUPPRESS]: ""
  });
  const panel = h(doc, "div", "tp-assists", { id: `${uid}-assists`, role: "group", "aria-labelledby": `${uid}-assists-title` });
  panel.hidden = true;
  const title = h(doc, "div", "tp-assists-title", { id: `${uid}-assists-title` });
  panel.appendChild(title);
  const switches = [];
  for (const [name, label, field] of SWITCHES) {
    const el = h(doc, "button", `tp-switch tp-assist tp-assist-${name.replace(/_/g, "-")}`, {
      type: "button",
      role: "switch",
      "data-assist": name,
      [SUPPRESS]: ""
    });
    const track = h(doc, "span", "tp-switch-track", { "aria-hidden": "true" });
    track.appendChild(h(doc, "span", "tp-switch-thumb"));
    const text = h(doc, "span", "tp-switch-text");
    el.append(text, track);
    panel.appendChild(el);
    switches.push({ el, text, label, field });
    on(el, "click", () => send({ type: name, value: !(vm && /** @type {any} */
    vm[field]) }));
  }
  const kinds = h(doc, "fieldset", "tp-hint-kind");
  const legend = h(doc, "legend", "tp-hint-kind-title");
  kinds.appendChild(legend);
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
  const language = h(doc, "label", "tp-language");
  const languageText = h(doc, "span", "tp-language-text");
  const picker = h(doc, "select", "tp-language-picker", { [SUPPRESS]: "" });
  for (const { code, name } of LANGUAGES) {
    picker.appendChild(h(doc, "option", "", { value: code, lang: code, text: name }));
  }
  language.append(languageText, picker);
  panel.appendChild(language);
  on(picker, "change", () => send({ type: "lang", value: picker.value }));
  const statsButton = h(doc, "button", "tp-button tp-statistics-open", { type: "button", [SUPPRESS]: "" });
  panel.appendChild(statsButton);
  on(statsButton, "click", () => {
    show(false);
    button.focus();
    send({ type: "stats", open: true });
  });
  function show(open) {
    setProp(panel, "hidden", !open);
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
  on(doc, "pointerdown", (event) => {
    const target = (
      /** @type {Node | null} */
      event.target
    );
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
        setAttr(
          el,
          "aria-checked",
          /** @type {any} */
          next[field] ? "true" : "false"
        );
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
    }
  };
}

// src/bar.js
function controlBar(doc, uid, { on, send, motion: motion2, openDialog }) {
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
    [SUPPRESS]: ""
  });
  const chanceButton = h(doc, "button", "tp-button tp-toggle tp-chance-toggle", {
    type: "button",
    "aria-pressed": "false",
    "aria-controls": `${uid}-chance`,
    [SUPPRESS]: ""
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
      motion2.animate(
        message,
        [
          { translate: "0", backgroundColor: "rgba(211, 47, 47, 0.22)" },
          { translate: "-3px", offset: 0.25 },
          { translate: "3px", offset: 0.5 },
          { translate: "0", offset: 0.75 },
          { translate: "0", backgroundColor: "rgba(211, 47, 47, 0)" }
        ],
        900
      );
    }
  };
}

// src/cards.js
var SVG_NS = "http://www.w3.org/2000/svg";
function suitIcon(doc, suit, className) {
  const svg2 = doc.createElementNS(SVG_NS, "svg");
  svg2.setAttribute("viewBox", "0 0 100 100");
  svg2.setAttribute("class", className);
  svg2.setAttribute("aria-hidden", "true");
  svg2.setAttribute("focusable", "false");
  for (const [tag, attrs] of SUIT_SHAPES[suit] || []) {
    const shape = doc.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attrs)) shape.setAttribute(name, value);
    svg2.appendChild(shape);
  }
  return svg2;
}
function span(doc, className, text) {
  const el = doc.createElement("span");
  el.className = className;
  if (text !== void 0) el.textContent = text;
  return el;
}
function rankGlyph(doc, className, rank) {
  const el = span(doc, className);
  el.dataset.rank = rank;
  return el;
}
function corner(doc, card, where) {
  const el = span(doc, `tp-corner tp-corner-${where}`);
  if (!card.joker) el.appendChild(rankGlyph(doc, "tp-rank", card.rank));
  el.appendChild(suitIcon(doc, card.suit, "tp-corner-suit"));
  return el;
}
function fillFace(doc, el, card, jokerText = "JOKER") {
  el.replaceChildren();
  if (card.joker) {
    el.appendChild(corner(doc, card, "tl"));
    const centre2 = span(doc, "tp-joker");
    centre2.appendChild(suitIcon(doc, "joker", "tp-pip tp-pip-joker"));
    centre2.appendChild(span(doc, "tp-joker-word", jokerText));
    el.appendChild(centre2);
    el.appendChild(corner(doc, card, "br"));
    return;
  }
  el.appendChild(corner(doc, card, "tl"));
  if (card.rank === "J" || card.rank === "Q" || card.rank === "K") {
    const court = span(doc, "tp-court");
    court.appendChild(rankGlyph(doc, "tp-court-rank", card.rank));
    court.appendChild(suitIcon(doc, card.suit, "tp-court-suit"));
    el.appendChild(court);
  } else {
    el.appendChild(suitIcon(doc, card.suit, card.rank === "A" ? "tp-pip tp-pip-ace" : "tp-pip"));
  }
  el.appendChild(corner(doc, card, "br"));
}

// src/geometry.js
function finite(value) {
  return typeof value === "number" && Number.isFinite(value);
}
function readTable(raw) {
  const t = (
    /** @type {Partial<Table>} */
    raw && typeof raw === "object" ? raw : {}
  );
  if (!Array.isArray(t.slots) || !t.slots.length || !finite(t.width) || !finite(t.height) || !finite(t.pile_top)) return null;
  if (!t.slots.every((s) => Array.isArray(s) && s.length === 2 && s.every(finite))) return null;
  const count = t.slots.length;
  const depth = Array.isArray(t.depth) && t.depth.length === count && t.depth.every(finite) ? t.depth : null;
  const slots = t.slots.map(([x, y], slot) => ({ x, y, z: depth ? depth[slot] : 1 }));
  const given = Array.isArray(t.order) ? t.order.filter((s) => Number.isInteger(s) && s >= 0 && s < count) : [];
  const order = new Set(given).size === count ? given : slots.map((_, slot) => slot);
  const deepest = Math.max(...slots.map((s) => s.z));
  const pileTop = (
    /** @type {number} */
    t.pile_top
  );
  return {
    key: typeof t.key === "string" ? t.key : "",
    sign: JSON.stringify([t.width, t.height, t.pile_top, t.slots, depth, order]),
    width: (
      /** @type {number} */
      t.width
    ),
    height: (
      /** @type {number} */
      t.height
    ),
    slots,
    order,
    stock: { x: finite(t.stock_x) ? (
      /** @type {number} */
      t.stock_x
    ) : 0, y: pileTop, z: deepest + 1 },
    // above the peaks while a card flies in
    discard: { x: finite(t.discard_x) ? (
      /** @type {number} */
      t.discard_x
    ) : 0, y: pileTop, z: deepest + 2 }
  };
}
var THREE_PEAKS = (
  /** @type {Geometry} */
  readTable(TABLE)
);
function targetPosition(geo, target) {
  if (target === "stock") return geo.stock;
  const place = geo.slots[target];
  if (!place) throw new RangeError(`no slot ${target}`);
  return place;
}
function centre(geo, target) {
  const p = targetPosition(geo, target);
  return { x: p.x + CARD_W / 2, y: p.y + CARD_H / 2 };
}
function nextTarget(geo, targets, current, key) {
  if (!targets.length) return null;
  const cards = targets.filter((t) => t !== "stock");
  const ordered = (cards.length ? cards : targets).sort((a, b) => {
    const pa = centre(geo, a);
    const pb = centre(geo, b);
    return pa.x - pb.x || pa.y - pb.y;
  });
  if (key === "Home") return ordered[0];
  if (key === "End") return ordered[ordered.length - 1];
  if (current === null || current === void 0 || !targets.includes(current)) {
    return ordered[0];
  }
  const from = centre(geo, current);
  let best = current;
  let bestCost = Infinity;
  for (const t of targets) {
    if (t === current) continue;
    const p = centre(geo, t);
    const dx = p.x - from.x;
    const dy = p.y - from.y;
    let along;
    let across;
    if (key === "ArrowRight") [along, across] = [dx, dy];
    else if (key === "ArrowLeft") [along, across] = [-dx, dy];
    else if (key === "ArrowDown") [along, across] = [dy, dx];
    else if (key === "ArrowUp") [along, across] = [-dy, dx];
    else return current;
    if (along <= 0.01) continue;
    const vertical = key === "ArrowUp" || key === "ArrowDown";
    const cost = vertical ? 3 * along + Math.abs(across) : along + 2.5 * Math.abs(across);
    if (cost < bestCost) {
      bestCost = cost;
      best = t;
    }
  }
  return best;
}
function nearestTarget(geo, targets, position) {
  let best = null;
  let bestCost = Infinity;
  for (const t of targets) {
    const p = targetPosition(geo, t);
    const cost = Math.hypot(p.x - position.x, (p.y - position.y) * 1.5);
    if (cost < bestCost) {
      bestCost = cost;
      best = t;
    }
  }
  return best;
}

// src/board.js
var FLY_MS = 240;
var TURN_MS = 260;
var DEAL_MS = 320;
var DEAL_STAGGER_MS = 14;
var SHAKE_MS = 280;
var PLAYABLE_LIFT = 0.07;
function boardView(doc, uid, { win, on, send, motion: motion2, activate, openDialog, resize }) {
  let vm = null;
  let focus = null;
  const { animate } = motion2;
  const caption = h(doc, "div", "tp-caption");
  caption.hidden = true;
  const table2 = h(doc, "div", "tp-table");
  const scroller = h(doc, "div", "tp-scroll");
  const board = h(doc, "div", "tp-board", { role: "group", dir: "ltr" });
  board.style.setProperty("--cw", String(CARD_W));
  board.style.setProperty("--ch", String(CARD_H));
  scroller.appendChild(board);
  table2.appendChild(scroller);
  let geo = THREE_PEAKS;
  let slotEls = [];
  const stock = h(doc, "div", "tp-card tp-stock", { role: "button", "data-target": "stock", [SUPPRESS]: "" });
  const stockCount = h(doc, "span", "tp-stock-count", { "aria-hidden": "true" });
  stock.append(h(doc, "span", "tp-back tp-back-under", { "aria-hidden": "true" }), h(doc, "span", "tp-back", { "aria-hidden": "true" }), stockCount);
  board.appendChild(stock);
  const discard = h(doc, "div", "tp-card tp-discard", { role: "img" });
  const discardFace = h(doc, "span", "tp-face", { "aria-hidden": "true" });
  const discardBack = h(doc, "span", "tp-back", { "aria-hidden": "true" });
  discard.append(discardFace, discardBack);
  board.appendChild(discard);
  function place(el, { x, y, z }) {
    el.style.setProperty("--x", String(x));
    el.style.setProperty("--y", String(y));
    el.style.setProperty("--z", String(z));
  }
  function layOut(next) {
    geo = next;
    board.style.setProperty("--bw", String(next.width));
    board.style.setProperty("--bh", String(next.height));
    for (const el of slotEls) el.remove();
    slotEls = next.slots.map((pos, slot) => {
      const card = h(doc, "div", "tp-card tp-slot", { "data-slot": String(slot), [SUPPRESS]: "" });
      place(card, pos);
      card.append(h(doc, "span", "tp-face", { "aria-hidden": "true" }), h(doc, "span", "tp-back", { "aria-hidden": "true" }));
      return card;
    });
    stock.before(...next.order.map((slot) => slotEls[slot]));
    place(stock, next.stock);
    place(discard, next.discard);
    if (focus !== null && focus !== "stock") focus = null;
    unitPx = 0;
    resize(next);
  }
  const banner = h(doc, "div", "tp-banner", { role: "group", "aria-labelledby": `${uid}-banner-title` });
  banner.hidden = true;
  const bannerPanel = h(doc, "div", "tp-banner-panel");
  const bannerTitle = h(doc, "div", "tp-banner-title", { id: `${uid}-banner-title` });
  const bannerDetail = h(doc, "div", "tp-banner-detail");
  const bannerAssisted = h(doc, "div", "tp-banner-assisted");
  const bannerActions = h(doc, "div", "tp-actions");
  const bannerUndo = h(doc, "button", "tp-button", { type: "button", [SUPPRESS]: "" });
  const bannerNew = h(doc, "button", "tp-button tp-primary", { type: "button", [SUPPRESS]: "" });
  const bannerReview = h(doc, "button", "tp-button tp-review-open", { type: "button", [SUPPRESS]: "" });
  bannerActions.append(bannerUndo, bannerReview, bannerNew);
  bannerPanel.append(bannerTitle, bannerDetail, bannerAssisted, bannerActions);
  banner.appendChild(bannerPanel);
  table2.appendChild(banner);
  const keysHelp = h(doc, "div", "tp-sr-only", { id: `${uid}-keys` });
  board.setAttribute("aria-describedby", `${uid}-keys`);
  let unitPx = 0;
  let resizer = null;
  function unit() {
    if (!unitPx) {
      const width = board.getBoundingClientRect().width;
      if (width > 0) unitPx = width / geo.width;
    }
    return unitPx;
  }
  function targetEl(target) {
    return target === "stock" ? stock : slotEls[target];
  }
  function setFocus(target, moveDomFocus) {
    focus = target;
    if (vm) applyRoving(vm);
    if (moveDomFocus && target !== null) targetEl(target).focus();
  }
  function applyRoving(v) {
    const targets = new Set(v.targets);
    for (const [slot, card] of slotEls.entries()) {
      setAttr(card, "tabindex", targets.has(slot) ? slot === focus ? "0" : "-1" : null);
    }
    setAttr(stock, "tabindex", focus === "stock" ? "0" : "-1");
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
  on(bannerReview, "click", () => send({ type: "review", open: true }));
  on(board, "focusin", (event) => {
    const t = event.target;
    if (t === stock) focus = "stock";
    else if (t.dataset && t.dataset.slot !== void 0 && vm && vm.targets.includes(Number(t.dataset.slot))) {
      focus = Number(t.dataset.slot);
    } else return;
    if (vm) applyRoving(vm);
  });
  return {
    caption,
    table: table2,
    keysHelp,
    reviewButton: bannerReview,
    /** Start keeping the size of a unit (once the board is in the page). */
    observe() {
      if (typeof win.ResizeObserver !== "function") return;
      resizer = new win.ResizeObserver((entries) => {
        const box = entries.length ? entries[entries.length - 1].contentRect : null;
        if (box && box.width > 0) unitPx = box.width / geo.width;
      });
      resizer.observe(board);
    },
    disconnect() {
      if (resizer) resizer.disconnect();
    },
    /** Whether the keyboard focus is on the board. */
    hasFocus() {
      const active = doc.activeElement;
      return Boolean(active && board.contains(active));
    },
    /**
     * Whether `node` is one of the board's cards (where the keys act on the roving target).
     * @param {EventTarget | null} node
     */
    holds(node) {
      return board.contains(
        /** @type {Node | null} */
        node
      ) && node !== board;
    },
    /** The roving focus target: a free card's slot or "stock". */
    focused() {
      return focus;
    },
    /** Where focus goes back to when nothing else can take it: the roving target. */
    focusTarget() {
      return focus !== null ? targetEl(focus) : null;
    },
    /**
     * Move the focus to the next target in an arrow key's direction.
     * @param {string} key
     */
    moveFocus(key) {
      if (vm) setFocus(nextTarget(geo, vm.targets, focus, key), true);
    },
    /** @param {ViewModel} next */
    update(next) {
      if (next.geometry.sign !== geo.sign || !slotEls.length) layOut(next.geometry);
      vm = next;
      const L = next.labels;
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
        cls.toggle("tp-playable", vs.playable && next.showPlayable);
        cls.toggle("tp-highlight", vs.highlighted);
        const key = vs.card ? vs.card.text : "";
        const face = (
          /** @type {HTMLElement} */
          card.firstChild
        );
        if (card.dataset.card !== key) {
          card.dataset.card = key;
          if (vs.card) fillFace(doc, face, vs.card, L.joker_face);
          else face.replaceChildren();
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
      discard.classList.toggle("tp-drawing", next.flying === "stock");
      const dKey = next.discard.card ? next.discard.card.text : "";
      discard.classList.toggle("tp-empty", !next.discard.card);
      discard.classList.toggle("tp-red", Boolean(next.discard.card && next.discard.card.color === "red"));
      setAttr(discard, "aria-label", next.discard.label);
      if (discard.dataset.card !== dKey) {
        discard.dataset.card = dKey;
        if (next.discard.card) fillFace(doc, discardFace, next.discard.card, L.joker_face);
        else discardFace.replaceChildren();
      }
      if (next.overlay && !next.review) {
        setProp(banner, "hidden", false);
        setAttr(banner, "data-kind", next.overlay.kind);
        setText(bannerTitle, next.overlay.title);
        setText(bannerDetail, next.overlay.detail);
        setText(bannerAssisted, next.overlay.assisted);
        setProp(bannerAssisted, "hidden", !next.overlay.assisted);
        setText(bannerUndo, L.undo);
        setProp(bannerUndo, "disabled", !next.canUndo);
        setText(bannerNew, L.new_game);
        setText(bannerReview, L.review);
        setProp(bannerReview, "title", L.review_tip);
      } else {
        setProp(banner, "hidden", true);
      }
    },
    /**
     * Roving focus: keep it on a free card or the stock, and on the board if it was there.
     * @param {ViewModel} next
     * @param {boolean} keepFocus
     */
    rove(next, keepFocus) {
      if (focus === null || !next.targets.includes(focus)) {
        const old = focus === null ? null : targetPosition(geo, focus);
        focus = old ? nearestTarget(geo, next.targets, old) : next.targets[0];
      }
      applyRoving(next);
      if (keepFocus && doc.activeElement !== targetEl(focus)) targetEl(focus).focus();
    },
    // Quick transitions. Where a card flies from comes from the geometry (units) and the
    // observed size of a unit: no layout is read here, so an update forces none.
    /**
     * A played or drawn card flies to the discard; an undone play flies back to its slot.
     * @param {Moves} moves
     */
    fly(moves) {
      if (moves.shown) {
        animate(discardFace, [{ transform: "perspective(40em) rotateY(90deg)" }, { transform: "none" }], TURN_MS);
      }
      if (moves.toDiscardFrom !== null) {
        const u = unit();
        const origin = targetPosition(geo, moves.toDiscardFrom);
        const lift = moves.toDiscardFrom === "stock" || !(vm && vm.showPlayable) ? 0 : PLAYABLE_LIFT;
        const dx = (origin.x - geo.discard.x) * u;
        const dy = (origin.y - lift - geo.discard.y) * u;
        const frames = moves.toDiscardFrom === "stock" ? [
          { transform: `translate(${dx}px, ${dy}px) scaleX(0.05)` },
          { transform: `translate(${dx * 0.4}px, ${dy * 0.4}px) scaleX(1)`, offset: 0.45 },
          { transform: "none" }
        ] : [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }];
        animate(discardFace, frames, FLY_MS);
      }
      if (moves.backToSlot !== null) {
        const u = unit();
        const to = targetPosition(geo, moves.backToSlot);
        const dx = (geo.discard.x - to.x) * u;
        const dy = (geo.discard.y - to.y) * u;
        const face = (
          /** @type {Element} */
          slotEls[moves.backToSlot].firstChild
        );
        animate(face, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], FLY_MS);
      }
    },
    /**
     * A move goes ahead of Python's answer: the played card flies to the discard, face up; a
     * drawn one face down, since the front end does not know it yet.
     * @param {Target} from
     */
    launch(from) {
      const u = unit();
      const origin = targetPosition(geo, from);
      const lift = from === "stock" || !(vm && vm.showPlayable) ? 0 : PLAYABLE_LIFT;
      const dx = (origin.x - geo.discard.x) * u;
      const dy = (origin.y - lift - geo.discard.y) * u;
      animate(from === "stock" ? discardBack : discardFace, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], FLY_MS);
    },
    /**
     * A refused card shakes.
     * @param {number} slot
     */
    shake(slot) {
      const d = `${Math.max(2, Math.round(CARD_W * unit() * 0.06))}px`;
      const frames = [{ translate: "0" }, { translate: `-${d}` }, { translate: d }, { translate: `-${d}` }, { translate: "0" }];
      animate(slotEls[slot], frames, SHAKE_MS);
    },
    /**
     * A new deal: the peak cards fly out of the stock, top row first. Cards turned face up turn.
     * @param {Moves} moves
     * @param {ViewModel} next
     */
    deal(moves, next) {
      if (moves.dealt) {
        const u = unit();
        for (const vs of next.slots) {
          if (vs.kind === "removed") continue;
          const dx = (geo.stock.x - vs.x) * u;
          const dy = (geo.stock.y - vs.y) * u;
          animate(
            slotEls[vs.slot],
            [{ transform: `translate(${dx}px, ${dy}px)`, opacity: 0.4 }, { transform: "none", opacity: 1 }],
            DEAL_MS,
            { delay: vs.slot * DEAL_STAGGER_MS, fill: "backwards" }
          );
        }
      }
      for (const slot of moves.turned) {
        const card = slotEls[slot];
        const face = (
          /** @type {Element} */
          card.firstChild
        );
        const back = (
          /** @type {Element} */
          card.lastChild
        );
        animate(face, [{ transform: "perspective(40em) rotateY(90deg)" }, { transform: "none" }], TURN_MS);
        animate(back, [{ opacity: 1, transform: "none" }, { opacity: 1, transform: "perspective(40em) rotateY(-90deg)", offset: 0.5 }, { opacity: 0, transform: "perspective(40em) rotateY(-90deg)" }], TURN_MS);
      }
    }
  };
}

// src/labels.js
var LABELS = {
  title: "TriPeaks",
  board: "TriPeaks board",
  score: "Score",
  moves: "Moves",
  game_code: "Game",
  rules_easy: "Easy",
  rules_classic: "Classic",
  rules_easy_long: "King and ace connected",
  rules_classic_long: "King and ace separate",
  undo: "Undo",
  no_answer: "Python has not answered: its kernel is busy, or has stopped. Wait, or restart the kernel and run the cell again.",
  undo_tip: "Take back the last move (U)",
  hint: "Hint",
  hint_tip: "Show a move worth playing (H)",
  restart: "Restart",
  restart_tip: "Deal this game again from the start (R)",
  new_game: "New game",
  new_game_tip: "Deal a new game: by number, by code, or at random (N)",
  error_help: "Error help",
  verdict: "Winnable?",
  verdict_tip: "After every move, say whether the game can still be won (the solver sees the hidden cards)",
  win_chance: "Win chance",
  win_chance_tip: "After every move, show the chance of winning from the cards you can see (no hidden card is looked at)",
  assists: "Assists",
  assists_tip: "Switch the help on the board on or off",
  assist_playable: "Glow on playable cards",
  assist_hints: "Hint button",
  assist_verdict: "Winnable? (sees the hidden cards)",
  assist_win_chance: "Win chance (from the cards you see)",
  hint_kind: "Hints",
  hint_fair: "Fair: from the cards you see",
  hint_exact: "Exact: sees the hidden cards",
  language: "Language",
  percent: "{n}%",
  review: "Review",
  review_tip: "Go through the game move by move: the chance of winning from the cards you could see, and the mistakes",
  review_title: "Review of the game",
  review_close: "Close",
  review_move: "Move",
  review_action: "Played",
  review_chance: "Chance before {arrow} after",
  review_best: "Best move",
  review_mistake: "mistake",
  review_mistakes: "Mistakes: {n}",
  stats: "Statistics",
  stats_tip: "What the records know of your games under these rules: played, won, wins in a row, your best on this game",
  stats_title: "Statistics",
  stats_close: "Close",
  stats_played: "Played",
  stats_finished: "Finished",
  stats_won: "Won",
  stats_win_percent: "Won of those finished",
  stats_win_streak: "Wins in a row now",
  stats_best_win_streak: "Most wins in a row",
  stats_best: "Your best on this game",
  stats_recent: "Recent games",
  goals: "Goals",
  goals_met: "Met",
  review_mistake_rule: "A mistake gives away at least {n}% of the chance of winning against the best move.",
  review_draw: "draw",
  review_chart: "The chance of winning over the moves; crosses mark mistakes",
  review_lost: "The exact verdict, which sees the hidden cards: lost after move {n}",
  review_never: "The exact verdict, which sees the hidden cards: the deal could not be won",
  review_not_lost: "The exact verdict, which sees the hidden cards: never lost",
  review_lost_mark: "lost",
  stock: "stock, {cards}",
  discard: "discard, {card}",
  discard_empty: "discard, empty",
  hidden_card: "hidden card",
  card_name: "{rank} of {suit}",
  rank_A: "ace",
  rank_J: "jack",
  rank_Q: "queen",
  rank_K: "king",
  suit_clubs: "clubs",
  suit_diamonds: "diamonds",
  suit_hearts: "hearts",
  suit_spades: "spades",
  joker: "joker",
  joker_face: "JOKER",
  "variant_hogue-scoring": "Hogue scoring",
  variant_joker: "Joker",
  "variant_open-peaks": "Open peaks",
  "variant_draw-when-stuck": "Draw when stuck",
  "variant_empty-discard": "Empty discard",
  won_title: "You won!",
  won_detail: "Final score {score} in {moves} moves.",
  won_detail_undone: "Final score {score} in {moves} moves ({kept} not undone).",
  blocked_title: "No more possible moves",
  blocked_detail: "{n} cards left in the peaks. Undo to try another way, or deal again.",
  blocked_detail_one: "1 card left in the peaks. Undo to try another way, or deal again.",
  blocked_moves: "Score {score} in {moves} moves.",
  blocked_moves_undone: "Score {score} in {moves} moves ({kept} not undone).",
  ended_assisted: "Played with assists: it sets no record.",
  assisted: "Assisted",
  assisted_tip: "This game had an assist (Hint, Winnable?, Win chance, or an analysis from Python): it sets no record",
  unassisted: "Unassisted",
  unassisted_tip: "No assist so far in this game (Hint, Winnable?, Win chance, an analysis from Python)",
  scripted: "Scripted",
  scripted_tip: "A move of this game was made from Python, not by hand on the board: it is recorded as scripted, apart from the games played by hand",
  game_number: "Game {n}",
  game_number_long: "Numbered game {n}: your records of it are kept",
  game_number_unrecorded: "Numbered game {n}: records are not kept here",
  dialog_title: "New game",
  dialog_rules: "Rules",
  dialog_layout: "Layout",
  dialog_code: "Game code",
  dialog_code_hint: "A code deals its own cards, rules and variants.",
  dialog_or: "or choose",
  dialog_presets: "Presets",
  preset_app: "Standard",
  preset_app_long: "Easy with no variant: draw whenever you like",
  preset_site: "Free start",
  preset_site_long: "Easy, and the discard starts empty, so any free card goes first; draw only when stuck",
  dialog_variants: "Variants",
  "option_hogue-scoring": "Hogue scoring",
  "option_hogue-scoring_long": "Runs score more; a draw costs 5.",
  "option_hogue-scoring_tip": "Robert Hogue's traditional scoring: each removal scores the length of the current run, a draw costs 5 and ends the run, emptied peaks pay 15, 15 and 30. The score starts at 0 and may go below it.",
  option_joker: "Joker",
  option_joker_long: "A wild card that fits any rank.",
  option_joker_tip: "A joker joins the deck (24 cards in the stock): it may go on any card, and any card on it.",
  "option_open-peaks": "Open peaks",
  "option_open-peaks_long": "Every peak card is face up from the start.",
  "option_open-peaks_tip": "All {n} peak cards are dealt face up; a card is playable once no card covers it.",
  "option_draw-when-stuck": "Draw only when stuck",
  "option_draw-when-stuck_long": "No drawing while a card fits.",
  "option_draw-when-stuck_tip": "The traditional rule: drawing is allowed only when no peak card fits the discard.",
  "option_empty-discard": "Empty discard at start",
  "option_empty-discard_long": "Any free card may go first.",
  "option_empty-discard_tip": "The discard starts empty; the card that would have started it tops the stock.",
  dialog_game: "Game number",
  dialog_game_placeholder: "1–50,000",
  dialog_game_hint: "Numbered games keep your records. Leave it empty for a random deal.",
  game_nan: "Not a game number: type a whole number from 1 to 50,000.",
  game_range: "Game numbers run from 1 to 50,000.",
  dialog_winnable: "Winnable deals only",
  dialog_winnable_tip: "Random deals are checked by the solver first: only a deal that can be won is dealt.",
  dialog_deal: "Deal",
  dialog_leave: "Dealing gives up the game in progress (a numbered game is recorded as abandoned). Cancel keeps it.",
  dialog_cancel: "Cancel",
  dialog_waiting: "Dealing…",
  notice_first_win: "First win",
  notice_first_met: "First to meet the class's challenge",
  notice_goal: "Goal met",
  notice_record: "New record",
  notice_best_so_far: "Best so far",
  notice_error: "Records",
  keys_help: "Arrow keys move between free cards and the stock; Enter plays or draws; D draws; U undoes; H hints; N starts a new game; R restarts this one."
};
function labelsFor(state, language) {
  const layers = [language, state && state.labels].filter((t) => t && typeof t === "object" && !Array.isArray(t));
  if (!layers.length) return LABELS;
  const out = { ...LABELS };
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (typeof value === "string" && value) out[key] = value;
    }
  }
  return out;
}
function fmt(template, values = {}) {
  return String(template).replace(
    /\{(\w+)\}/g,
    (whole, name) => Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole
  );
}

// src/dialog.js
function rulesText(rules, variants = []) {
  const chosen = VARIANTS.filter((v) => variants.includes(v));
  return [rules === "classic" ? "classic" : "easy", ...chosen].join("+");
}
function presetOf(rules, variants = []) {
  const text = rulesText(rules, variants);
  for (const [name, preset] of Object.entries(PRESETS)) {
    if (rulesText(preset.rules, preset.variants) === text) return name;
  }
  return null;
}
function readGameNumber(text) {
  const raw = String(text ?? "").trim().replace(/^#\s*/, "");
  if (!raw) return { value: null };
  if (!/^\d+$/.test(raw) && !/^\d{1,3}([,\s\u202f\u00a0]\d{3})+$/.test(raw)) return { error: "game_nan" };
  const value = Number(raw.replace(/[^\d]/g, ""));
  if (!Number.isSafeInteger(value) || value < FIRST_GAME || value > LAST_GAME) return { error: "game_range" };
  return { value };
}
function dealIntent(choice, id) {
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
function newGameDialog(doc, uid, { on, send, root, fallbackFocus }) {
  let vm = null;
  let pendingId = null;
  let dialogOpen = false;
  let dialogReturn = null;
  const dialog = h(doc, "div", "tp-dialog", { role: "dialog", "aria-modal": "true", "aria-labelledby": `${uid}-dialog-title` });
  dialog.hidden = true;
  const form = h(doc, "form", "tp-dialog-panel", { novalidate: "" });
  const dialogTitle = h(doc, "div", "tp-dialog-title", { id: `${uid}-dialog-title` });
  function textField(name, attrs, errorClass) {
    const id = `${uid}-${name}`;
    const field = h(doc, "div", `tp-field tp-field-${name}`);
    const label = h(doc, "label", "tp-field-label", { for: id });
    const input = h(doc, "input", `tp-${name}-input`, {
      id,
      type: "text",
      ...attrs,
      "aria-describedby": `${id}-hint ${id}-error`,
      [SUPPRESS]: ""
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
  const layoutId = `${uid}-layout`;
  const layoutField = h(doc, "div", "tp-field tp-field-layout");
  const layoutLabel = h(doc, "label", "tp-field-label", { for: layoutId });
  const layoutSelect = h(doc, "select", "tp-layout-select", { id: layoutId, name: layoutId, [SUPPRESS]: "" });
  const layoutOptions = {};
  for (const key of ["", ...LAYOUTS]) {
    const option = (
      /** @type {HTMLOptionElement} */
      h(doc, "option", "", { value: key })
    );
    layoutSelect.appendChild(option);
    layoutOptions[key] = option;
  }
  layoutField.append(layoutLabel, layoutSelect);
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
  const winnableLabel = h(doc, "label", "tp-winnable");
  const winnableInput = h(doc, "input", "", {
    type: "checkbox",
    name: `${uid}-winnable`,
    "aria-describedby": `${uid}-deal-error`,
    [SUPPRESS]: ""
  });
  const winnableText = h(doc, "span", "tp-winnable-text");
  winnableLabel.append(winnableInput, winnableText);
  const dealError = h(doc, "div", "tp-field-error tp-deal-error", { id: `${uid}-deal-error`, role: "alert" });
  const leaving = h(doc, "div", "tp-dialog-leave", { id: `${uid}-leave`, role: "note" });
  leaving.hidden = true;
  const dialogActions = h(doc, "div", "tp-actions");
  const dealButton = h(doc, "button", "tp-button tp-primary", { type: "submit", "aria-describedby": `${uid}-leave`, [SUPPRESS]: "" });
  const cancelButton = h(doc, "button", "tp-button", { type: "button", [SUPPRESS]: "" });
  dialogActions.append(winnableLabel, dealButton, cancelButton);
  const fields = h(doc, "div", "tp-dialog-fields");
  const orRow = h(doc, "div", "tp-dialog-or-row");
  orRow.append(orLine, layoutField);
  fields.append(codeField, orRow, choose);
  form.append(dialogTitle, fields, dealError, leaving, dialogActions);
  dialog.appendChild(form);
  function chosenVariants() {
    return VARIANTS.filter((v) => variantInputs[v].checked);
  }
  function showChoice(rulesName, variants) {
    ruleInputs.easy.checked = rulesName !== "classic";
    ruleInputs.classic.checked = rulesName === "classic";
    for (const v of VARIANTS) variantInputs[v].checked = variants.includes(v);
    syncPresets();
  }
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
    fieldset.disabled = given;
    variantSet.disabled = given;
    layoutSelect.disabled = given;
    gameInput.disabled = given;
    for (const button of Object.values(presetButtons)) button.disabled = given;
    winnableInput.disabled = given;
    if (given && gameError.textContent) {
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
    const [input, line] = field === "game" ? [gameInput, gameError] : field === "winnable" ? [winnableInput, dealError] : [codeInput, codeError];
    setText(line, text);
    if (input.type === "text") input.setAttribute("aria-invalid", "true");
    input.focus({ preventScroll: true });
    if (input.type === "text" && typeof input.select === "function") input.select();
    reveal(
      /** @type {HTMLElement} */
      input.closest(".tp-field") || line
    );
  }
  function reveal(el) {
    if (!fields.contains(el) || typeof el.getBoundingClientRect !== "function") return;
    const box = fields.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (r.bottom > box.bottom && r.height <= box.height) fields.scrollTop += r.bottom - box.bottom;
    else if (r.top < box.top || r.height > box.height) fields.scrollTop -= box.top - r.top;
  }
  function fitOverTheBoard() {
    const body = dialog.parentElement;
    const table2 = root.querySelector(".tp-table");
    const view = doc.defaultView;
    if (!body || !table2 || !view || view.getComputedStyle(body).position === "static") {
      dialog.style.bottom = "";
      return;
    }
    const below = body.getBoundingClientRect().bottom - table2.getBoundingClientRect().bottom;
    dialog.style.bottom = below > 0 ? `${Math.floor(below)}px` : "";
  }
  function openDialog() {
    if (dialogOpen) return;
    dialogOpen = true;
    dialogReturn = /** @type {HTMLElement | null} */
    doc.activeElement;
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
        winnable: winnableInput.checked
      },
      id
    );
    if (made.error) {
      showError(made.field, vm && vm.labels[made.error] || made.error);
      return;
    }
    pendingId = id;
    setBusy(true);
    send(made.intent);
  }
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
  function dialogKeys(event) {
    if (event.key === "Escape") {
      event.preventDefault();
      closeDialog();
    } else if (event.key === "Tab") {
      const controls = (
        /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>} */
        dialog.querySelectorAll("input, select, button")
      );
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
      if (dialogOpen) fitOverTheBoard();
    },
    open: openDialog,
    isOpen: () => dialogOpen,
    /** Escape closes; Tab keeps focus inside the dialog. */
    keydown: dialogKeys,
    reply: onReply
  };
}

// src/goals.js
function goalsView(doc) {
  const list = h(doc, "ul", "tp-goals");
  list.hidden = true;
  return {
    list,
    /** @param {ViewModel} next */
    update(next) {
      const goals = next.goals;
      list.hidden = goals.length === 0;
      const streak = next.streak;
      setAttr(list, "aria-label", next.labels.goals);
      const key = JSON.stringify([goals, streak, next.labels.goals_met]);
      if (list.dataset.key === key) return;
      list.dataset.key = key;
      list.replaceChildren();
      for (const goal of goals) {
        const item = h(doc, "li", "tp-goal", { "data-met": String(goal.met), "data-source": goal.source });
        const mark = h(doc, "span", "tp-goal-mark", { "aria-hidden": "true", text: goal.stars ? "★".repeat(goal.stars) : "◎" });
        const text = h(doc, "span", "tp-goal-text", { text: goal.text });
        const said = goal.best ?? (goal.met ? next.labels.goals_met : goal.progress);
        const progress = h(doc, "span", "tp-goal-progress", { text: said });
        const bar = h(doc, "span", "tp-goal-bar", { "aria-hidden": "true" });
        bar.style.setProperty("--done", String(goal.target > 0 ? Math.min(1, goal.done / goal.target) : goal.met ? 1 : 0));
        item.append(mark, text, progress, bar);
        list.appendChild(item);
      }
      if (streak && goals.length) {
        const item = h(doc, "li", "tp-goal tp-streak", { "data-current": String(streak.current) });
        item.append(
          h(doc, "span", "tp-goal-mark", { "aria-hidden": "true", text: "◆" }),
          h(doc, "span", "tp-goal-text", { text: streak.text }),
          h(doc, "span", "tp-goal-progress", { text: streak.best })
        );
        list.appendChild(item);
      }
    }
  };
}

// src/header.js
function headerView(doc, uid) {
  const header = h(doc, "div", "tp-header");
  const title = h(doc, "div", "tp-title");
  const logo = h(doc, "span", "tp-logo", { "aria-hidden": "true" });
  const titleText = h(doc, "span", "tp-title-text");
  title.append(logo, titleText);
  const rules = h(doc, "span", "tp-rules");
  const code = h(doc, "span", "tp-code", { dir: "ltr" });
  const number2 = h(doc, "span", "tp-number");
  number2.hidden = true;
  const assisted = h(doc, "span", "tp-assisted");
  const assistedYes = h(doc, "span", "", { "data-when": "true" });
  const assistedNo = h(doc, "span", "", { "data-when": "false" });
  assisted.append(assistedNo, assistedYes);
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
  const verdictLine = h(doc, "div", "tp-verdict", { role: "status", id: `${uid}-verdict` });
  verdictLine.hidden = true;
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
  meta.append(rules, number2, code, scripted, assisted);
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
      setProp(number2, "hidden", next.number === null);
      setText(number2, next.numberLabel);
      if (next.number !== null) setProp(number2, "title", next.numberLong);
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
        setProp(chanceLine, "title", chance.detail);
      }
    }
  };
}

// src/keys.js
var ARROWS = /* @__PURE__ */ new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);
var LATIN = /^[a-z]$/i;
var LETTER = /^\p{L}$/u;
function letterOf(event) {
  const key = event.key;
  if (typeof key !== "string" || key.length !== 1) return key;
  if (LATIN.test(key) || !LETTER.test(key)) return key.toLowerCase();
  const code = typeof event.code === "string" ? /^Key([A-Z])$/.exec(event.code) : null;
  return code ? code[1].toLowerCase() : key.toLowerCase();
}
function keyCommand(event, focus) {
  const key = event.key;
  const ctrl = Boolean(event.ctrlKey || event.metaKey);
  if (event.altKey) return null;
  if (ctrl) {
    if (!event.shiftKey && letterOf(event) === "z") return { kind: "intent", intent: { type: "undo" } };
    return null;
  }
  if (ARROWS.has(key)) return { kind: "focus", key };
  if (key === "Enter" || key === " " || key === "Spacebar") {
    if (focus === "stock") return { kind: "intent", intent: { type: "draw" } };
    if (Number.isInteger(focus)) return { kind: "intent", intent: { type: "play", slot: focus } };
    return null;
  }
  switch (letterOf(event)) {
    case "d":
      return { kind: "intent", intent: { type: "draw" } };
    case "u":
      return { kind: "intent", intent: { type: "undo" } };
    case "h":
      return { kind: "intent", intent: { type: "hint" } };
    case "n":
      return { kind: "dialog" };
    case "r":
      return { kind: "intent", intent: { type: "restart" } };
    default:
      return null;
  }
}

// src/review.js
var SVG = "http://www.w3.org/2000/svg";
var W = 560;
var H = 150;
var PAD = { left: 38, right: 12, top: 22, bottom: 24 };
var NOT_JUDGED = "—";
function svg(doc, name, attrs = {}) {
  const el = doc.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}
function judgedRuns(values) {
  const runs = [];
  values.forEach((v, i) => {
    if (v === null) return;
    const last = runs.at(-1);
    if (last && last.at(-1) === i - 1) last.push(i);
    else runs.push([i]);
  });
  return runs;
}
function chart(doc, review, L) {
  const chances = [...review.moves.map((m) => m.before), review.final];
  const n = Math.max(1, chances.length - 1);
  const x = (i) => PAD.left + i * (W - PAD.left - PAD.right) / n;
  const y = (v) => PAD.top + (1 - v) * (H - PAD.top - PAD.bottom);
  const pct = (v) => fmt(L.percent, { n: Math.round(v * 100) });
  const root = svg(doc, "svg", { viewBox: `0 0 ${W} ${H}`, class: "tp-review-chart", role: "img", "aria-label": L.review_chart });
  for (const v of [0, 0.5, 1]) {
    root.appendChild(svg(doc, "line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: "tp-chart-grid" }));
    const label = svg(doc, "text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end", class: "tp-chart-label" });
    label.textContent = pct(v);
    root.appendChild(label);
  }
  const lows = [...review.moves.map((m) => m.low), review.final];
  const highs = [...review.moves.map((m) => m.high), review.final];
  const runs = judgedRuns(chances);
  for (const run of runs) {
    const band = [...run.map((i) => `${x(i)},${y(highs[i] ?? 0)}`), ...run.map((i) => `${x(i)},${y(lows[i] ?? 0)}`).reverse()];
    root.appendChild(svg(doc, "polygon", { points: band.join(" "), class: "tp-chart-band" }));
  }
  if (review.lostAfter !== null) {
    const at = x(review.lostAfter);
    root.appendChild(svg(doc, "line", { x1: at, x2: at, y1: PAD.top, y2: H - PAD.bottom, class: "tp-chart-lost" }));
    const after = at < W / 2;
    const mark = svg(doc, "text", {
      x: after ? at + 4 : at - 4,
      y: PAD.top - 8,
      "text-anchor": after ? "start" : "end",
      class: "tp-chart-label tp-chart-lost-label"
    });
    mark.textContent = L.review_lost_mark;
    root.appendChild(mark);
  }
  for (const run of runs) {
    root.appendChild(svg(doc, "polyline", { points: run.map((i) => `${x(i)},${y(chances[i] ?? 0)}`).join(" "), class: "tp-chart-line" }));
    for (const i of run) root.appendChild(svg(doc, "circle", { cx: x(i), cy: y(chances[i] ?? 0), r: 2.2, class: "tp-chart-dot" }));
  }
  for (const m of review.moves) {
    if (!m.mistake || m.after === null) continue;
    const cx = x(m.move);
    const cy = y(m.after);
    const s = 4.5;
    const cross = svg(doc, "path", { d: `M${cx - s},${cy - s}L${cx + s},${cy + s}M${cx - s},${cy + s}L${cx + s},${cy - s}`, class: "tp-chart-mistake" });
    root.appendChild(cross);
  }
  for (const i of [0, n]) {
    const tick = svg(doc, "text", { x: x(i), y: H - 6, "text-anchor": i ? "end" : "start", class: "tp-chart-label" });
    tick.textContent = String(i);
    root.appendChild(tick);
  }
  return root;
}
function reviewPanel(doc, uid, { on, send }) {
  const panel = h(doc, "section", "tp-review", { "aria-labelledby": `${uid}-review-title`, [SUPPRESS]: "" });
  panel.hidden = true;
  const card = h(doc, "div", "tp-review-panel");
  const head = h(doc, "div", "tp-review-head");
  const title = h(doc, "h2", "tp-review-title", { id: `${uid}-review-title` });
  const close = h(doc, "button", "tp-button tp-review-close", { type: "button", [SUPPRESS]: "" });
  head.append(title, close);
  const status = h(doc, "div", "tp-review-status", { role: "status" });
  const body = h(doc, "div", "tp-review-body");
  card.append(head, status, body);
  panel.appendChild(card);
  on(close, "click", () => send({ type: "review", open: false }));
  return {
    panel,
    isOpen() {
      return !panel.hidden;
    },
    close() {
      send({ type: "review", open: false });
    },
    /** @param {ViewModel} next */
    update(next) {
      const L = next.labels;
      const review = next.review;
      const opening = Boolean(review) && panel.hidden;
      setProp(panel, "hidden", !review);
      if (!review) return;
      setText(title, L.review_title);
      setText(close, L.review_close);
      setAttr(panel, "data-kind", review.kind);
      setAttr(status, "aria-busy", review.kind === "pending" ? "true" : "false");
      const mistakes = review.moves.filter((m) => m.mistake).length;
      const verdict = review.lostAfter === null ? L.review_not_lost : review.lostAfter === 0 ? L.review_never : fmt(L.review_lost, { n: review.lostAfter });
      const said = review.kind === "known" ? `${fmt(L.review_mistakes, { n: mistakes })} · ${verdict}` : review.text;
      setText(status, said);
      const key = JSON.stringify([review, L.review_move, next.dir]);
      if (body.dataset.key !== key) {
        body.dataset.key = key;
        body.replaceChildren();
        if (review.kind === "known") {
          const rule = h(doc, "p", "tp-review-rule", { text: fmt(L.review_mistake_rule, { n: MISTAKE_PERCENT }) });
          body.append(chart(doc, review, L), table(doc, review, L, next.dir), rule);
        }
      }
      if (opening) close.focus();
    }
  };
}
function bestCell(doc, m, best, chance) {
  const cell = h(doc, "td", "tp-review-best");
  if (m.best === null) {
    cell.textContent = NOT_JUDGED;
    return cell;
  }
  if (m.played_best) cell.textContent = "✓";
  else cell.append(h(doc, "bdi", "tp-review-card", { text: best }), ` (${chance})`);
  return cell;
}
function table(doc, review, L, dir) {
  const pct = (v) => v === null ? NOT_JUDGED : fmt(L.percent, { n: Math.round(v * 100) });
  const arrow = dir === "rtl" ? "←" : "→";
  const name = (action) => action === "draw" ? L.review_draw : action;
  const wrap = h(doc, "div", "tp-review-scroll");
  const el = h(doc, "table", "tp-review-table");
  const headRow = h(doc, "tr");
  for (const label of [L.review_move, L.review_action, fmt(L.review_chance, { arrow }), L.review_best]) headRow.appendChild(h(doc, "th", "", { scope: "col", text: label }));
  const thead = h(doc, "thead");
  thead.appendChild(headRow);
  const tbody = h(doc, "tbody");
  for (const m of review.moves) {
    const row = h(doc, "tr", m.mistake ? "tp-mistake" : "");
    const played = h(doc, "td", "tp-review-action", { dir: "ltr", text: name(m.action) });
    if (m.mistake) played.appendChild(h(doc, "span", "tp-mistake-badge", { text: L.review_mistake }));
    row.append(
      h(doc, "td", "tp-review-num", { text: String(m.move) }),
      played,
      h(doc, "td", "tp-review-chance", { text: `${pct(m.before)} ${arrow} ${pct(m.after)}` }),
      bestCell(doc, m, name(m.best ?? ""), pct(m.best_chance))
    );
    if (review.lostAfter === m.move) row.classList.add("tp-lost-here");
    tbody.appendChild(row);
  }
  el.append(thead, tbody);
  wrap.appendChild(el);
  return wrap;
}

// src/stats.js
var SVG2 = "http://www.w3.org/2000/svg";
var BAR = 16;
var GAP = 6;
var H2 = 48;
var FIGURES = (
  /** @type {const} */
  [
    ["played", "stats_played"],
    ["finished", "stats_finished"],
    ["won", "stats_won"],
    ["winPercent", "stats_win_percent"],
    ["winStreak", "stats_win_streak"],
    ["bestWinStreak", "stats_best_win_streak"]
  ]
);
function plot(doc, stats, slots) {
  const width = Math.max(1, stats.recent.length) * (BAR + GAP) - GAP;
  const root = doc.createElementNS(SVG2, "svg");
  for (const [key, value] of Object.entries({ viewBox: `0 0 ${width} ${H2}`, class: "tp-statistics-plot", role: "img", "aria-label": stats.recentText })) {
    root.setAttribute(key, value);
  }
  stats.recent.forEach((game, i) => {
    const cleared = Math.max(0, Math.min(slots, slots - game.cards_left));
    const tall = Math.max(2, cleared / slots * H2);
    const bar = doc.createElementNS(SVG2, "rect");
    const attrs = { x: i * (BAR + GAP), y: H2 - tall, width: BAR, height: tall, rx: 2, class: `tp-statistics-bar tp-statistics-${game.outcome}` };
    for (const [key, value] of Object.entries(attrs)) bar.setAttribute(key, String(value));
    root.appendChild(bar);
  });
  return root;
}
function statsView(doc, uid, { on, send }) {
  const panel = h(doc, "section", "tp-statistics", { role: "dialog", "aria-labelledby": `${uid}-stats-title`, [SUPPRESS]: "" });
  panel.hidden = true;
  const card = h(doc, "div", "tp-statistics-panel");
  const head = h(doc, "div", "tp-statistics-head");
  const title = h(doc, "h2", "tp-statistics-title", { id: `${uid}-stats-title` });
  const close = h(doc, "button", "tp-button tp-statistics-close", { type: "button", [SUPPRESS]: "" });
  head.append(title, close);
  const who = h(doc, "p", "tp-statistics-who");
  const status = h(doc, "div", "tp-statistics-status", { role: "status" });
  const body = h(doc, "div", "tp-statistics-body");
  card.append(head, who, status, body);
  panel.appendChild(card);
  on(close, "click", () => send({ type: "stats", open: false }));
  return {
    panel,
    isOpen() {
      return !panel.hidden;
    },
    close() {
      send({ type: "stats", open: false });
    },
    /** @param {ViewModel} next */
    update(next) {
      const L = next.labels;
      const stats = next.stats;
      const opening = Boolean(stats) && panel.hidden;
      setProp(panel, "hidden", !stats);
      if (!stats) return;
      setText(title, L.stats_title);
      setText(close, L.stats_close);
      setText(who, stats.title);
      setAttr(panel, "data-kind", stats.kind);
      setAttr(status, "aria-busy", stats.kind === "pending" ? "true" : "false");
      setText(status, stats.text);
      setProp(status, "hidden", !stats.text);
      const key = JSON.stringify([stats, L.stats_played, next.lang, next.slots.length]);
      if (body.dataset.key !== key) {
        body.dataset.key = key;
        body.replaceChildren();
        if (stats.kind === "known") body.append(...figures(doc, stats, L, next.lang, next.slots.length));
      }
      if (opening) close.focus();
    }
  };
}
function figures(doc, stats, L, lang, slots) {
  const list = h(doc, "dl", "tp-statistics-figures");
  const row = (label, value, name) => {
    const item = h(doc, "div", "tp-statistics-figure", { "data-figure": name });
    const dd = h(doc, "dd");
    dd.appendChild(name === "best" ? doc.createTextNode(value) : h(doc, "bdi", "", { dir: "ltr", text: value }));
    item.append(h(doc, "dt", "", { text: label }), dd);
    list.appendChild(item);
  };
  const number2 = (n) => n === null ? "—" : n.toLocaleString(lang || void 0);
  for (const [field, label] of FIGURES) {
    const value = stats[field];
    row(L[label], field === "winPercent" && value !== null ? fmt(L.percent, { n: number2(Math.round(value)) }) : number2(value), field);
  }
  if (stats.best !== null) row(L.stats_best, stats.best, "best");
  const recent = h(doc, "div", "tp-statistics-recent");
  recent.appendChild(h(doc, "h3", "tp-statistics-recent-title", { text: L.stats_recent }));
  if (stats.recent.length) recent.appendChild(plot(doc, stats, slots));
  else recent.appendChild(h(doc, "p", "tp-statistics-none", { text: stats.recentText }));
  return [list, recent];
}

// src/viewmodel.js
var SUITS2 = {};
for (const { symbol, key, ascii, color } of SUITS) {
  SUITS2[symbol] = SUITS2[ascii] = { key, symbol, color };
}
var JOKERS = new Set(JOKER_NAMES.map((name) => name.toLowerCase()));
var RANK_SET = new Set(RANKS);
function parseCard(text) {
  if (typeof text !== "string") return null;
  if (JOKERS.has(text.trim().toLowerCase())) {
    return { rank: JOKER, suit: "joker", symbol: JOKER, color: "red", text: JOKER, joker: true };
  }
  if (text.length < 2) return null;
  const suitChar = text.slice(-1);
  const suit = SUITS2[suitChar] || SUITS2[suitChar.toLowerCase()];
  let rank = text.slice(0, -1).toUpperCase();
  if (rank === "T") rank = "10";
  if (!suit || !RANK_SET.has(rank)) return null;
  return { rank, suit: suit.key, symbol: suit.symbol, color: suit.color, text: rank + suit.symbol };
}
function cardName(card, labels) {
  const whole = labels[`card_${card.text}`];
  if (typeof whole === "string" && whole) return whole;
  if (card.joker) return labels.joker;
  const rank = labels[`rank_${card.rank}`] || card.rank;
  const suit = labels[`suit_${card.suit}`] || card.suit;
  return fmt(labels.card_name, { rank, suit });
}
function asSet(list) {
  return new Set(Array.isArray(list) ? list : []);
}
function number(value, fallback = 0) {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}
function directionOf(state) {
  return state && state.dir === "rtl" ? "rtl" : "ltr";
}
function toViewModel(state, language, table2) {
  const s = state && typeof state === "object" ? state : {};
  const labels = labelsFor(s, language);
  const free = asSet(s.free);
  const playable = asSet(s.playable);
  const highlight = asSet(s.highlight);
  const rawSlots = Array.isArray(s.slots) ? s.slots : [];
  const geometry = readTable(s.table) || readTable(table2) || THREE_PEAKS;
  const slots = [];
  for (const [slot, pos] of geometry.slots.entries()) {
    const raw = rawSlots[slot] === void 0 ? null : rawSlots[slot];
    const base = { slot, x: pos.x, y: pos.y, z: pos.z, highlighted: highlight.has(slot) };
    if (raw === null) {
      slots.push({ ...base, kind: "removed", card: null, free: false, playable: false, label: "" });
    } else if (raw === "?") {
      slots.push({ ...base, kind: "hidden", card: null, free: false, playable: false, label: labels.hidden_card });
    } else {
      const card = parseCard(raw);
      slots.push({
        ...base,
        kind: card ? "face" : "hidden",
        card,
        free: free.has(slot),
        playable: playable.has(slot),
        label: card ? cardName(card, labels) : labels.hidden_card
      });
    }
  }
  const stockCount = Math.max(0, Math.floor(number(s.stock)));
  const stockLabel = fmt(labels.stock, { cards: labels[`stock_cards_${stockCount}`] || String(stockCount) });
  const discardCard = parseCard(s.discard);
  const discardLabel = discardCard ? fmt(labels.discard, { card: cardName(discardCard, labels) }) : labels.discard_empty;
  const rules = s.rules === "classic" ? "classic" : "easy";
  const variants = Array.isArray(s.variants) ? s.variants.filter((v2) => typeof v2 === "string") : [];
  const variantLabels = variants.map((v2) => labels[`variant_${v2}`] || v2);
  const status = s.status === "won" || s.status === "blocked" ? s.status : "playing";
  const score = number(s.score);
  const moves = number(s.moves);
  let overlay = null;
  const movesKept = number(s.moves_kept, moves);
  const assisted = s.assisted === true;
  const undone = movesKept !== moves;
  const counts = { score, moves, kept: movesKept };
  const ending = typeof s.ending === "string" ? s.ending : "";
  if (status === "won") {
    const detail = fmt(undone ? labels.won_detail_undone : labels.won_detail, counts);
    overlay = { kind: "won", title: ending || labels.won_title, detail, assisted: assisted ? labels.ended_assisted : "" };
  } else if (status === "blocked") {
    const left = slots.filter((c2) => c2.kind !== "removed").length;
    const said = fmt(undone ? labels.blocked_moves_undone : labels.blocked_moves, counts);
    overlay = {
      kind: "blocked",
      title: ending || labels.blocked_title,
      detail: `${said} ${left === 1 ? labels.blocked_detail_one : fmt(labels.blocked_detail, { n: left })}`,
      assisted: assisted ? labels.ended_assisted : ""
    };
  }
  const notices = [];
  for (const item of Array.isArray(s.notices) ? s.notices : []) {
    if (typeof item === "string" && item) notices.push({ kind: "info", text: item });
    else if (item && typeof item === "object" && typeof item.text === "string" && item.text) {
      notices.push({ kind: typeof item.kind === "string" ? item.kind : "info", text: item.text });
    }
  }
  const gameNumber = Number.isInteger(s.number) && s.number > 0 ? s.number : null;
  const goals = (Array.isArray(s.goals) ? s.goals : []).filter((g) => g && typeof g === "object" && typeof g.text === "string").map((g) => ({
    text: g.text,
    progress: typeof g.progress === "string" ? g.progress : "",
    done: number(g.done),
    target: number(g.target),
    met: g.met === true,
    stars: Number.isInteger(g.stars) && g.stars > 0 ? (
      /** @type {number} */
      g.stars
    ) : null,
    source: g.source === "day" || g.source === "class" ? g.source : "set",
    best: typeof g.best === "string" && g.best ? g.best : null
  }));
  const v = s.verdict && typeof s.verdict === "object" ? s.verdict : null;
  const verdict = s.show_verdict && v && typeof v.text === "string" && v.text ? { kind: typeof v.kind === "string" ? v.kind : "unknown", move: Number.isInteger(v.move) ? v.move : null, text: v.text } : null;
  const c = s.win_chance && typeof s.win_chance === "object" ? s.win_chance : null;
  const winChance = s.show_win_chance && c && typeof c.text === "string" && c.text ? {
    kind: c.kind === "known" || c.kind === "error" ? c.kind : "pending",
    text: c.text,
    value: typeof c.value === "number" ? c.value : null,
    low: typeof c.low === "number" ? c.low : null,
    high: typeof c.high === "number" ? c.high : null,
    samples: Number.isInteger(c.samples) ? c.samples : null,
    exact: Boolean(c.exact),
    detail: typeof c.detail === "string" ? c.detail : ""
  } : null;
  const r = s.review && typeof s.review === "object" ? s.review : null;
  const review = r ? {
    kind: r.kind === "known" || r.kind === "error" ? r.kind : "pending",
    text: typeof r.text === "string" ? r.text : "",
    moves: Array.isArray(r.moves) ? r.moves.filter((m) => m && typeof m === "object" && Number.isInteger(m.move)) : [],
    final: typeof r.final === "number" ? r.final : null,
    lostAfter: Number.isInteger(r.lost_after) ? r.lost_after : null
  } : null;
  const t = s.stats && typeof s.stats === "object" ? s.stats : null;
  const figure = (v2) => typeof v2 === "number" && Number.isFinite(v2) ? v2 : null;
  const stats = t ? {
    kind: t.kind === "known" || t.kind === "error" || t.kind === "none" ? t.kind : "pending",
    title: typeof t.title === "string" ? t.title : "",
    text: typeof t.text === "string" ? t.text : "",
    played: figure(t.played),
    finished: figure(t.finished),
    won: figure(t.won),
    winPercent: figure(t.win_percent),
    winStreak: figure(t.win_streak),
    bestWinStreak: figure(t.best_win_streak),
    best: typeof t.best === "string" ? t.best : null,
    recent: Array.isArray(t.recent) ? t.recent.filter((g) => g && typeof g === "object" && typeof g.outcome === "string" && Number.isInteger(g.cards_left)) : [],
    recentText: typeof t.recent_text === "string" ? t.recent_text : ""
  } : null;
  const targets = geometry.order.filter((slot) => slots[slot].free && slots[slot].kind === "face");
  targets.push("stock");
  const k = s.streak && typeof s.streak === "object" ? s.streak : null;
  const streak = k && typeof k.text === "string" ? { current: number(k.current), text: k.text, best: typeof k.best_text === "string" ? k.best_text : "" } : null;
  return {
    labels,
    lang: typeof s.lang === "string" && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(s.lang) ? s.lang : "",
    dir: directionOf(s),
    seq: number(s.seq, -1),
    answered: Number.isInteger(s.answered) ? (
      /** @type {number} */
      s.answered
    ) : null,
    geometry,
    slots,
    goals,
    streak,
    stock: { count: stockCount, empty: stockCount === 0, label: stockLabel, highlighted: highlight.has("stock") },
    discard: { card: discardCard, label: discardLabel },
    score,
    moves,
    movesKept,
    code: typeof s.code === "string" ? s.code : "",
    number: gameNumber,
    numberLabel: gameNumber === null ? "" : fmt(labels.game_number, { n: gameNumber }),
    // What the badge's tooltip says of records: kept only where the board has a store.
    numberLong: gameNumber === null ? "" : fmt(s.records === false ? labels.game_number_unrecorded : labels.game_number_long, { n: gameNumber }),
    notices,
    rules,
    rulesLabel: [labels[`rules_${rules}`], ...variantLabels].join(" · "),
    rulesLong: [labels[`rules_${rules}_long`], ...variantLabels].join(", "),
    variants,
    // The game's layout by its key (the New game dialog's choice starts there) and its name.
    layout: typeof s.layout === "string" ? s.layout : "",
    layoutName: typeof s.layout_name === "string" ? s.layout_name : "",
    status,
    assisted,
    assistedLong: assisted ? labels.assisted_tip : labels.unassisted_tip,
    // A move made from Python: the game is recorded as scripted, which the header says as plainly.
    scripted: s.scripted === true,
    message: typeof s.message === "string" ? s.message : "",
    ending,
    caption: typeof s.caption === "string" ? s.caption : "",
    canUndo: Boolean(s.can_undo),
    errorHelp: s.error_help !== false,
    showVerdict: Boolean(s.show_verdict),
    verdict,
    showWinChance: Boolean(s.show_win_chance),
    winChance,
    showPlayable: s.show_playable !== false,
    showHints: s.show_hints !== false,
    hintKind: s.hint_kind === "exact" ? "exact" : "fair",
    review,
    stats,
    description: typeof s.description === "string" ? s.description : "",
    last: s.last && typeof s.last === "object" ? s.last : null,
    overlay,
    targets,
    /** @type {Target | null} where the move in flight left from (withFlight): a slot, or the stock face down */
    flying: null
  };
}
function flightOf(vm, target, seq) {
  if (vm.status !== "playing" || vm.flying !== null) return null;
  if (target === "stock") return vm.stock.empty ? null : { seq, from: "stock", card: "" };
  const at = vm.slots[target];
  return at && at.playable && at.card ? { seq, from: target, card: at.card.text } : null;
}
function answers(vm, flight, last) {
  return vm.answered !== null && vm.answered >= flight.seq && vm.answered <= last;
}
function withFlight(vm, flight) {
  if (!flight) return vm;
  const dim = (s) => s.playable ? { ...s, playable: false } : s;
  if (flight.from === "stock") {
    return vm.stock.empty ? vm : { ...vm, slots: vm.slots.map(dim), flying: "stock" };
  }
  const at = vm.slots[flight.from];
  if (!at || at.kind !== "face" || !at.card || at.card.text !== flight.card) return vm;
  const slots = vm.slots.map(
    (s) => s === at ? { ...s, kind: "removed", card: null, free: false, playable: false, label: "" } : dim(s)
  );
  const label = fmt(vm.labels.discard, { card: at.label });
  return { ...vm, slots, targets: vm.targets.filter((t) => t !== at.slot), discard: { card: at.card, label }, flying: at.slot };
}
function transitions(prev, next) {
  const out = { turned: [], toDiscardFrom: null, backToSlot: null, dealt: false, shown: false };
  if (!prev || !next || next.seq <= prev.seq) return out;
  if (next.code !== prev.code || next.moves === 0 && !next.last && (prev.moves > 0 || prev.last)) {
    out.dealt = true;
    return out;
  }
  for (let i = 0; i < next.slots.length; i += 1) {
    if (prev.slots[i].kind === "hidden" && next.slots[i].kind === "face") out.turned.push(i);
  }
  const last = next.last;
  if (prev.flying !== null && next.flying === null) {
    if (prev.flying === "stock") out.shown = Boolean(last && last.action === "draw" && prev.stock.count > next.stock.count);
    else if (next.slots[prev.flying]?.kind !== "removed") out.backToSlot = prev.flying;
    return out;
  }
  if (!last) return out;
  if (last.action === "play" && Number.isInteger(last.slot) && prev.slots[last.slot]?.kind === "face" && next.slots[last.slot]?.kind === "removed") {
    out.toDiscardFrom = last.slot;
  } else if (last.action === "draw" && prev.stock.count > next.stock.count) {
    out.toDiscardFrom = "stock";
  } else if (last.action === "undo" && last.undone && last.undone.action === "play" && Number.isInteger(last.undone.slot)) {
    if (prev.slots[last.undone.slot]?.kind === "removed" && next.slots[last.undone.slot]?.kind !== "removed") {
      out.backToSlot = last.undone.slot;
    }
  }
  if (last.action === "undo") out.turned = [];
  return out;
}

// src/render.js
var NO_ANSWER_MS = 4e3;
function render({ model, el }) {
  const doc = el.ownerDocument;
  const win = doc.defaultView || globalThis;
  const abort = new AbortController();
  const on = (target, type, fn, opts = {}) => target.addEventListener(type, fn, { ...opts, signal: abort.signal });
  const uid = `tp${randomId().toString(36)}`;
  const moving = motion(win);
  let vm = null;
  let tried = null;
  let flight = null;
  let sent = randomId();
  let awaited = 0;
  let awaitedFrom = 0;
  const expectAnswer = () => {
    awaited = win.setTimeout(() => setProp(unanswered, "hidden", false), NO_ANSWER_MS);
  };
  const send = (intent) => {
    sent += 1;
    if (!awaited) {
      awaitedFrom = sent;
      expectAnswer();
    }
    try {
      model.send({ ...intent, seq: sent });
      return true;
    } catch {
      setProp(unanswered, "hidden", false);
      return false;
    }
  };
  function activate(target) {
    if (!vm) return;
    if (target === "stock" && vm.stock.empty) return;
    const shown = target === "stock" ? null : vm.slots[target];
    if (!send(shown ? { type: "play", slot: target, card: shown.card ? shown.card.text : "?" } : { type: "draw" })) return;
    if (target !== "stock") tried = { slot: target, seq: sent };
    const ahead = flightOf(vm, target, sent);
    if (ahead) {
      flight = ahead;
      update(model.get("state") || {});
      board.launch(ahead.from);
    }
  }
  const root = h(doc, "div", "tp-root", { [SUPPRESS]: "" });
  const game = h(doc, "div", "tp-game");
  root.appendChild(game);
  const header = headerView(doc, uid);
  const resize = (geo) => {
    game.style.setProperty("--tp-bw", String(geo.width));
    game.style.setProperty("--tp-bh", String(geo.height));
  };
  const board = boardView(doc, uid, { win, on, send, motion: moving, activate, openDialog: () => newGame.open(), resize });
  const goals = goalsView(doc);
  const newGame = newGameDialog(doc, uid, { on, send, root, fallbackFocus: board.focusTarget });
  const controls = controlBar(doc, uid, { on, send, motion: moving, openDialog: newGame.open });
  const live = h(doc, "div", "tp-sr-only", { "aria-live": "polite", "aria-atomic": "true" });
  const unanswered = h(doc, "p", "tp-unanswered", { role: "status" });
  const unansweredText = h(doc, "span", "tp-notice-text");
  unanswered.append(h(doc, "span", "tp-notice-icon", { "aria-hidden": "true" }), unansweredText);
  unanswered.hidden = true;
  const review = reviewPanel(doc, uid, { on, send });
  board.table.appendChild(review.panel);
  const stats = statsView(doc, uid, { on, send });
  board.table.appendChild(stats.panel);
  const body = h(doc, "div", "tp-body");
  controls.status.append(header.readouts);
  body.append(board.caption, goals.list, board.table, controls.bar, controls.status, unanswered, controls.notices, newGame.dialog);
  game.append(header.header, body, live, board.keysHelp);
  el.appendChild(root);
  board.observe();
  function update(state) {
    const snapshot = toViewModel(state, model.get("labels"), model.get("table"));
    if (flight && answers(snapshot, flight, sent)) flight = null;
    const next = withFlight(snapshot, flight);
    if (next === snapshot) flight = null;
    const prev = vm;
    const moves = transitions(prev, next);
    const hadFocus = board.hasFocus();
    const reviewHadFocus = review.panel.contains(doc.activeElement);
    const statsHadFocus = stats.panel.contains(doc.activeElement);
    vm = next;
    setAttr(root, "data-status", next.status);
    setAttr(root, "lang", next.lang || null);
    setAttr(root, "dir", next.dir);
    header.update(next);
    goals.update(next);
    board.update(next);
    controls.update(next);
    setProp(controls.status, "hidden", !controls.message.textContent && !header.readoutsShown());
    review.update(next);
    if (reviewHadFocus && !review.isOpen() && !board.reviewButton.closest("[hidden]")) board.reviewButton.focus();
    stats.update(next);
    if (statsHadFocus && !stats.isOpen()) controls.assists.button.focus();
    newGame.update(next);
    const liveText = [next.message, ...next.notices.map((n) => n.text), next.description].filter(Boolean).join(" ");
    setText(live, liveText);
    board.rove(next, hadFocus && !newGame.isOpen());
    board.fly(moves);
    if (tried !== null && prev && next.seq > prev.seq && (next.answered === null || next.answered >= tried.seq)) {
      if (next.errorHelp && next.message && next.slots[tried.slot].kind !== "removed") {
        board.shake(tried.slot);
        controls.flash();
      }
      tried = null;
    }
    board.deal(moves, next);
    setText(unansweredText, next.labels.no_answer);
    const mine = next.answered !== null && next.answered >= awaitedFrom && next.answered <= sent;
    if (awaited && (mine || next.answered === null && prev !== null && next.seq > prev.seq)) {
      win.clearTimeout(awaited);
      awaited = 0;
      setProp(unanswered, "hidden", true);
      if (mine && /** @type {number} */
      next.answered < sent) {
        awaitedFrom = /** @type {number} */
        next.answered + 1;
        expectAnswer();
      }
    }
  }
  on(root, "keydown", (event) => {
    event.stopPropagation();
    if (newGame.isOpen()) {
      newGame.keydown(event);
      return;
    }
    if (event.key === "Escape" && controls.assists.isOpen()) {
      event.preventDefault();
      controls.assists.close();
      return;
    }
    if (event.key === "Escape" && stats.isOpen()) {
      event.preventDefault();
      stats.close();
      return;
    }
    if (event.key === "Escape" && review.isOpen()) {
      event.preventDefault();
      review.close();
      return;
    }
    if (isTextField(event.target)) return;
    const onTarget = board.holds(event.target);
    const command = keyCommand(event, onTarget ? board.focused() : null);
    if (!command) return;
    if (command.kind === "focus") {
      if (!onTarget || !vm) return;
      event.preventDefault();
      board.moveFocus(command.key);
    } else if (command.kind === "dialog") {
      event.preventDefault();
      newGame.open();
    } else if (command.kind === "intent") {
      event.preventDefault();
      if (command.intent.type === "hint" && vm && !vm.showHints) return;
      if (command.intent.type === "draw") activate("stock");
      else if (command.intent.type === "play") activate(
        /** @type {number} */
        command.intent.slot
      );
      else send(command.intent);
    }
  });
  on(root, "keyup", (event) => event.stopPropagation());
  on(root, "keypress", (event) => event.stopPropagation());
  const onChange = () => {
    const state = model.get("state") || {};
    update(state);
    newGame.reply(state.reply);
  };
  model.on("change:state", onChange);
  model.on("change:labels", onChange);
  model.on("change:table", onChange);
  update(model.get("state") || {});
  return () => {
    abort.abort();
    win.clearTimeout(awaited);
    model.off("change:state", onChange);
    model.off("change:labels", onChange);
    model.off("change:table", onChange);
    board.disconnect();
    moving.stop();
    root.remove();
  };
}

// src/index.js
var index_default = { render };
export {
  index_default as default
};
