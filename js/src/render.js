// One view of the widget: builds its views once (header, board, control bar, New game
// dialog, the review after a game), then draws each snapshot into them; the keys and Python's messages come in here.

import { controlBar } from "./bar.js";
import { boardView } from "./board.js";
import { newGameDialog } from "./dialog.js";
import { goalsView } from "./goals.js";
import { headerView } from "./header.js";
import { SUPPRESS, h, isTextField, motion, randomId, setAttr, setProp, setText } from "./helpers.js";
import { keyCommand } from "./keys.js";
import { reviewPanel } from "./review.js";
import { statsView } from "./stats.js";
import { answers, flightOf, toViewModel, transitions, withFlight } from "./viewmodel.js";

// Python answers an intent within a fraction of a second; one unanswered this long means the kernel
// is busy (a cell runs) or gone (shut down, disconnected), and the view says so until an answer comes.
export const NO_ANSWER_MS = 4000;

/** @typedef {import("./helpers.js").ViewModel} ViewModel */
/** @typedef {import("./helpers.js").Target} Target */

/**
 * The part of anywidget's model that a view uses.
 * @typedef {object} Model
 * @property {(name: string) => any} get
 * @property {(event: string, fn: (...args: any[]) => void) => void} on
 * @property {(event: string, fn: (...args: any[]) => void) => void} off
 * @property {(content: Record<string, unknown>) => void} send
 */

/**
 * Render one view of the widget into `el`. Returns the cleanup function.
 * @param {{ model: Model, el: HTMLElement }} props
 */
export function render({ model, el }) {
  const doc = el.ownerDocument;
  const win = doc.defaultView || globalThis;
  const abort = new AbortController();
  /** @type {import("./helpers.js").Listen} */
  const on = (target, type, fn, opts = {}) => target.addEventListener(type, fn, { ...opts, signal: abort.signal });
  const uid = `tp${randomId().toString(36)}`;
  const moving = motion(win);

  /** @type {ViewModel | null} */
  let vm = null; // last view model drawn
  /** @type {{slot: number, seq: number} | null} */
  let tried = null; // the card this view last tried to play, to shake it if refused
  /** @type {import("./viewmodel.js").Flight | null} */
  let flight = null; // the move in flight, until Python answers it
  // Every intent carries a sequence number, which the snapshot that answers it names. A view
  // counts from a random start, so that two views of one widget do not take each other's answers.
  let sent = randomId();

  let awaited = 0; // the timer of this view's intents Python has not answered yet, if any …
  let awaitedFrom = 0; // … from this one on
  const expectAnswer = () => {
    awaited = win.setTimeout(() => setProp(unanswered, "hidden", false), NO_ANSWER_MS);
  };

  /** @type {import("./helpers.js").Send} */
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
      setProp(unanswered, "hidden", false); // the kernel's connection is closed: said at once
      return false;
    }
  };

  /**
   * Play a card or draw, as the player asked: a move the snapshot lets go ahead is drawn at
   * once, in flight, and Python's answer settles it.
   * @param {Target} target
   */
  function activate(target) {
    if (!vm) return;
    if (target === "stock" && vm.stock.empty) return;
    // A play names the card this view showed, so Python never plays another that took its place.
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

  // ---------- build ----------
  const root = h(doc, "div", "tp-root", { [SUPPRESS]: "" });
  const game = h(doc, "div", "tp-game");
  root.appendChild(game);

  const header = headerView(doc, uid);
  // The board's size in units sets the size of a unit (widget.css, --tp-u): a wider or taller layout's cards are smaller.
  const resize = (/** @type {import("./geometry.js").Geometry} */ geo) => {
    game.style.setProperty("--tp-bw", String(geo.width));
    game.style.setProperty("--tp-bh", String(geo.height));
  };
  const board = boardView(doc, uid, { win, on, send, motion: moving, activate, openDialog: () => newGame.open(), resize });
  const goals = goalsView(doc);
  // New game dialog: a code, or rules + variants + a game number (or a random deal).
  const newGame = newGameDialog(doc, uid, { on, send, root, fallbackFocus: board.focusTarget });
  // Message bar and controls, and the notices above them
  const controls = controlBar(doc, uid, { on, send, motion: moving, openDialog: newGame.open });
  const live = h(doc, "div", "tp-sr-only", { "aria-live": "polite", "aria-atomic": "true" });
  // What the view says while Python does not answer (NO_ANSWER_MS): a status, read out as it shows.
  const unanswered = h(doc, "p", "tp-unanswered", { role: "status" });
  const unansweredText = h(doc, "span", "tp-notice-text");
  unanswered.append(h(doc, "span", "tp-notice-icon", { "aria-hidden": "true" }), unansweredText);
  unanswered.hidden = true;
  // The review after a game, over the board.
  const review = reviewPanel(doc, uid, { on, send });
  board.table.appendChild(review.panel);
  // The statistics view, over the board too; it opens from the Assists panel.
  const stats = statsView(doc, uid, { on, send });
  board.table.appendChild(stats.panel);

  // Everything under the header; the New game dialog covers it (never the header), at the
  // widget's own height: it scrolls inside rather than make the notebook below it jump.
  const body = h(doc, "div", "tp-body");
  // What changes as the game is played comes under the buttons, which it would otherwise push
  // down: the status line (the message, the readouts) and the notices.
  controls.status.append(header.readouts);
  body.append(board.caption, goals.list, board.table, controls.bar, controls.status, unanswered, controls.notices, newGame.dialog);
  game.append(header.header, body, live, board.keysHelp);
  el.appendChild(root);
  board.observe();

  // ---------- update ----------
  /** @param {import("./snapshot.js").Snapshot} state */
  function update(state) {
    const snapshot = toViewModel(state, model.get("labels"), model.get("table"));
    if (flight && answers(snapshot, flight, sent)) flight = null;
    const next = withFlight(snapshot, flight);
    if (next === snapshot) flight = null; // answered, or the board changed under it
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
    // The status line takes room only while it says something: a message, or a readout.
    setProp(controls.status, "hidden", !controls.message.textContent && !header.readoutsShown());
    review.update(next);
    if (reviewHadFocus && !review.isOpen() && !board.reviewButton.closest("[hidden]")) board.reviewButton.focus();
    stats.update(next);
    if (statsHadFocus && !stats.isOpen()) controls.assists.button.focus(); // back where it was opened from
    newGame.update(next);

    const liveText = [next.message, ...next.notices.map((n) => n.text), next.description].filter(Boolean).join(" ");
    setText(live, liveText);

    board.rove(next, hadFocus && !newGame.isOpen());

    board.fly(moves);
    // Python's answer to the card tried (or, from a Python that numbers no intent, the next snapshot).
    if (tried !== null && prev && next.seq > prev.seq && (next.answered === null || next.answered >= tried.seq)) {
      if (next.errorHelp && next.message && next.slots[tried.slot].kind !== "removed") {
        // The refused card shakes, and the reason shakes with it, so the two read together.
        board.shake(tried.slot);
        controls.flash();
      }
      tried = null;
    }
    board.deal(moves, next);
    // Every intent Python handles, it answers with a snapshot naming it (or, from a Python that
    // numbers no intent, with the next snapshot): an answer to one of this view's ends the wait,
    // and a wait for those sent after it begins.
    setText(unansweredText, next.labels.no_answer);
    const mine = next.answered !== null && next.answered >= awaitedFrom && next.answered <= sent;
    if (awaited && (mine || (next.answered === null && prev !== null && next.seq > prev.seq))) {
      win.clearTimeout(awaited);
      awaited = 0;
      setProp(unanswered, "hidden", true);
      if (mine && /** @type {number} */ (next.answered) < sent) {
        awaitedFrom = /** @type {number} */ (next.answered) + 1;
        expectAnswer();
      }
    }
  }

  // ---------- keys ----------
  on(root, "keydown", (event) => {
    // Nothing typed inside the widget may reach the notebook's shortcuts.
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
      else if (command.intent.type === "play") activate(/** @type {number} */ (command.intent.slot));
      else send(command.intent);
    }
  });
  // Key-up and key-press are kept in too, for hosts that listen to them.
  on(root, "keyup", (event) => event.stopPropagation());
  on(root, "keypress", (event) => event.stopPropagation());

  const onChange = () => {
    const state = model.get("state") || {};
    update(state);
    newGame.reply(state.reply); // the answer to a request comes in the snapshot, its one channel
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
