import { readFileSync } from "node:fs";
import { Window } from "happy-dom";

export const STATES = JSON.parse(readFileSync(new URL("./fixtures/states.json", import.meta.url), "utf8"));
/** The English label table as the widget's `labels` trait carries it (Python's plural forms included). */
const LANGUAGES = JSON.parse(readFileSync(new URL("./fixtures/languages.json", import.meta.url), "utf8"));
export const ENGLISH = LANGUAGES.en.labels;
export const GREEK = LANGUAGES.el.labels;

/** A stand-in for the anywidget model: get/on/off/send, plus helpers to drive it.
 *  `traits` are the other synced traits (`labels` is the English table unless given). */
export function fakeModel(state, traits = {}) {
  const handlers = new Map();
  return {
    state,
    traits: { labels: ENGLISH, ...traits },
    sent: [], // the intents sent, without their sequence numbers
    seqs: [], // those numbers, in the same order
    get(name) {
      return name === "state" ? this.state : this.traits[name];
    },
    /** Change another trait as the kernel would, and notify the views. */
    setTrait(name, value) {
      this.traits[name] = value;
      for (const fn of handlers.get(`change:${name}`) || []) fn();
    },
    on(event, fn) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event).add(fn);
    },
    off(event, fn) {
      handlers.get(event)?.delete(fn);
    },
    send(message) {
      const { seq, ...intent } = message;
      this.sent.push(intent);
      this.seqs.push(seq);
    },
    /** Replace the state as the kernel would, and notify the views. */
    push(next) {
      this.state = next;
      for (const fn of handlers.get("change:state") || []) fn();
    },
    /** Python's answer to a request, as it comes: in the next snapshot's `reply`. */
    reply(content) {
      this.push({ ...this.state, seq: (this.state.seq || 0) + 1, reply: content });
    },
    listenerCount() {
      let n = 0;
      for (const set of handlers.values()) n += set.size;
      return n;
    },
  };
}

/** A fresh DOM with a notebook-like output cell. */
export function dom() {
  const window = new Window({ url: "http://localhost/" });
  const document = window.document;
  const cell = document.createElement("div");
  document.body.appendChild(cell);
  return { window, document, cell };
}

export function key(window, target, keyName, extra = {}) {
  const event = new window.KeyboardEvent("keydown", { key: keyName, bubbles: true, cancelable: true, ...extra });
  target.dispatchEvent(event);
  return event;
}

export function withSeq(state, seq, changes = {}) {
  return { ...state, ...changes, seq };
}
