// The board: the peaks, the stock and the discard, the caption above them and the won/blocked
// banner over them (Undo, Review, New game); roving focus among the free cards, and the cards' small animations.

import { fillFace } from "./cards.js";
import { CARD_H, CARD_W, THREE_PEAKS, nearestTarget, nextTarget, targetPosition } from "./geometry.js";
import { SUPPRESS, h, setAttr, setProp, setText } from "./helpers.js";

/** @typedef {import("./helpers.js").ViewModel} ViewModel */
/** @typedef {import("./helpers.js").Target} Target */
/** @typedef {import("./geometry.js").Geometry} Geometry */
/** @typedef {ReturnType<typeof import("./viewmodel.js").transitions>} Moves */

const FLY_MS = 240;
const TURN_MS = 260;
const DEAL_MS = 320;
const DEAL_STAGGER_MS = 14;
const SHAKE_MS = 280;
const PLAYABLE_LIFT = 0.07; // a playable card sits this many units higher (widget.css, .tp-playable)

/**
 * Build the board once; `update` draws a view model into it, `rove` keeps the roving focus,
 * and `fly`, `shake` and `deal` animate what changed.
 * @param {Document} doc
 * @param {string} uid the view's id prefix
 * @param {object} host
 * @param {typeof globalThis} host.win
 * @param {import("./helpers.js").Listen} host.on
 * @param {import("./helpers.js").Send} host.send
 * @param {import("./helpers.js").Motion} host.motion
 * @param {(target: Target) => void} host.activate play a card or draw, as the player asked
 * @param {() => void} host.openDialog
 * @param {(geometry: Geometry) => void} host.resize the board's size changed: the widget fits its unit to it
 */
export function boardView(doc, uid, { win, on, send, motion, activate, openDialog, resize }) {
  /** @type {ViewModel | null} */
  let vm = null; // last view model drawn
  /** @type {Target | null} */
  let focus = null; // roving focus target: slot number or "stock"
  const { animate } = motion;

  const caption = h(doc, "div", "tp-caption");
  caption.hidden = true;

  const table = h(doc, "div", "tp-table");
  // The cards scale to fit the cell (widget.css, --tp-u); only a cell too narrow for any board scrolls sideways.
  const scroller = h(doc, "div", "tp-scroll");
  // The peaks keep their geometry in every language: the board is always laid out left to right
  // (the Hebrew rules read its cards left to right too), while the rest follows the language.
  const board = h(doc, "div", "tp-board", { role: "group", dir: "ltr" });
  board.style.setProperty("--cw", String(CARD_W));
  board.style.setProperty("--ch", String(CARD_H));
  scroller.appendChild(board);
  table.appendChild(scroller);

  /** @type {Geometry} the layout drawn: the slots are made again when a snapshot brings another */
  let geo = THREE_PEAKS;
  /** @type {HTMLDivElement[]} by slot number; in the page in reading order, as the reader goes */
  let slotEls = [];

  const stock = h(doc, "div", "tp-card tp-stock", { role: "button", "data-target": "stock", [SUPPRESS]: "" });
  const stockCount = h(doc, "span", "tp-stock-count", { "aria-hidden": "true" });
  stock.append(h(doc, "span", "tp-back tp-back-under", { "aria-hidden": "true" }), h(doc, "span", "tp-back", { "aria-hidden": "true" }), stockCount);
  board.appendChild(stock);

  const discard = h(doc, "div", "tp-card tp-discard", { role: "img" });
  const discardFace = h(doc, "span", "tp-face", { "aria-hidden": "true" });
  // A drawn card in flight lies here face down until Python says which card it is.
  const discardBack = h(doc, "span", "tp-back", { "aria-hidden": "true" });
  discard.append(discardFace, discardBack);
  board.appendChild(discard);

  /**
   * Put an element at a place of the geometry.
   * @param {HTMLElement} el
   * @param {import("./geometry.js").Place} place
   */
  function place(el, { x, y, z }) {
    el.style.setProperty("--x", String(x));
    el.style.setProperty("--y", String(y));
    el.style.setProperty("--z", String(z));
  }

  /**
   * Lay the board out for a geometry: its size, a card for each slot where the layout puts it,
   * the stock and the discard.
   * @param {Geometry} next
   */
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

  // Won / blocked banner
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
  table.appendChild(banner);

  const keysHelp = h(doc, "div", "tp-sr-only", { id: `${uid}-keys` });
  board.setAttribute("aria-describedby", `${uid}-keys`);

  // One unit of the geometry in CSS pixels: the board's width over its width in units. A
  // ResizeObserver keeps it, so that an update never reads the layout to animate a card.
  let unitPx = 0;
  /** @type {ResizeObserver | null} */
  let resizer = null;

  /** Pixels per unit; read from the layout only before the first size has been observed. */
  function unit() {
    if (!unitPx) {
      const width = board.getBoundingClientRect().width;
      if (width > 0) unitPx = width / geo.width;
    }
    return unitPx;
  }

  /** @param {Target} target */
  function targetEl(target) {
    return target === "stock" ? stock : slotEls[target];
  }

  /**
   * @param {Target | null} target
   * @param {boolean} moveDomFocus
   */
  function setFocus(target, moveDomFocus) {
    focus = target;
    if (vm) applyRoving(vm);
    if (moveDomFocus && target !== null) targetEl(target).focus();
  }

  /** @param {ViewModel} v */
  function applyRoving(v) {
    const targets = new Set(v.targets);
    for (const [slot, card] of slotEls.entries()) {
      setAttr(card, "tabindex", targets.has(slot) ? (slot === focus ? "0" : "-1") : null);
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
    else if (t.dataset && t.dataset.slot !== undefined && vm && vm.targets.includes(Number(t.dataset.slot))) {
      focus = Number(t.dataset.slot);
    } else return;
    if (vm) applyRoving(vm);
  });

  return {
    caption,
    table,
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
      return board.contains(/** @type {Node | null} */ (node)) && node !== board;
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
        const face = /** @type {HTMLElement} */ (card.firstChild);
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
        const to = targetPosition(geo, moves.backToSlot);
        const dx = (geo.discard.x - to.x) * u;
        const dy = (geo.discard.y - to.y) * u;
        const face = /** @type {Element} */ (slotEls[moves.backToSlot].firstChild);
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
            { delay: vs.slot * DEAL_STAGGER_MS, fill: "backwards" },
          );
        }
      }
      for (const slot of moves.turned) {
        const card = slotEls[slot];
        const face = /** @type {Element} */ (card.firstChild);
        const back = /** @type {Element} */ (card.lastChild);
        animate(face, [{ transform: "perspective(40em) rotateY(90deg)" }, { transform: "none" }], TURN_MS);
        animate(back, [{ opacity: 1, transform: "none" }, { opacity: 1, transform: "perspective(40em) rotateY(-90deg)", offset: 0.5 }, { opacity: 0, transform: "perspective(40em) rotateY(-90deg)" }], TURN_MS);
      }
    },
  };
}
