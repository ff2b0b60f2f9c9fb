// Small DOM helpers shared by the views: build an element, write only what changed, animate.

/** @typedef {ReturnType<typeof import("./viewmodel.js").toViewModel>} ViewModel */
/** @typedef {number | "stock"} Target a free card's slot, or the stock */
/** @typedef {(intent: Record<string, unknown>) => boolean} Send whether the intent could be sent */
/** @typedef {(target: EventTarget, type: string, fn: (event: any) => void, opts?: AddEventListenerOptions) => void} Listen */

/** Marks an element whose keys the host (JupyterLab) must not take as shortcuts. */
export const SUPPRESS = "data-lm-suppress-shortcuts";

/**
 * A new element with a class and attributes (`text` sets its text).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {Document} doc
 * @param {K} tag
 * @param {string} [className]
 * @param {Record<string, string>} [attrs]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(doc, tag, className, attrs = {}) {
  const el = doc.createElement(tag);
  if (className) el.className = className;
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") el.textContent = value;
    else el.setAttribute(name, value);
  }
  return el;
}

/** A random id of 31 bits: for element ids, and to match a reply to its request. */
export function randomId() {
  const c = globalThis.crypto;
  if (c && typeof c.getRandomValues === "function") {
    return c.getRandomValues(new Uint32Array(1))[0] & 0x7fffffff;
  }
  return Math.floor(Math.random() * 0x7fffffff);
}

/**
 * @param {Node} el
 * @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Set an attribute only when it changes (null removes it): an update that changes nothing
 * writes nothing, so it queues no mutation and invalidates no style.
 * @param {Element} el
 * @param {string} name
 * @param {string | null} value
 */
export function setAttr(el, name, value) {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) {
    el.setAttribute(name, value);
  }
}

/**
 * The same for a property that reflects an attribute (title, hidden, disabled).
 * @template {object} T
 * @template {keyof T} K
 * @param {T} el
 * @param {K} name
 * @param {T[K]} value
 */
export function setProp(el, name, value) {
  if (el[name] !== value) el[name] = value;
}

/** @param {EventTarget | null} el */
export function isTextField(el) {
  const node = /** @type {HTMLElement | null} */ (el);
  return Boolean(
    node && (node.tagName === "INPUT" || node.tagName === "TEXTAREA" || node.tagName === "SELECT" || node.isContentEditable),
  );
}

/**
 * The view's animations: none when the reader asks for reduced motion; `stop` cancels
 * whatever still runs (when the view goes away).
 * @param {Window | typeof globalThis} win
 */
export function motion(win) {
  /** @type {Set<Animation>} */
  const running = new Set();
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
    },
  };
}

/** @typedef {ReturnType<typeof motion>} Motion */
