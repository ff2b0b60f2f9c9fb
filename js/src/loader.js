// The module every board's model carries: a few lines that load the front end (its code and
// its styles) from the one widget model that holds them for the whole kernel, once a page.
// So a notebook saved with its widgets' state holds the front end once, not once a board.
// The front end itself is index.js, bundled to static/widget.js; tripeaks_widget/widget.py
// makes the model that holds it (FrontEnd) and names it in each board's `_front_end` trait.

/** @type {Map<string, Promise<any>>} the front end of each version, loaded once a page */
const loaded = new Map();
const PREFIX = "IPY_MODEL_";

/**
 * The front end named by a board's model: its holder's code imported, its styles added to the page.
 * @param {any} model anywidget's model of a board
 */
export function frontEnd(model) {
  const named = String(model.get("_front_end") || "");
  if (!named.startsWith(PREFIX) || !model.widget_manager) {
    return Promise.reject(new Error(`no front end named by this board (${JSON.stringify(named)})`));
  }
  return model.widget_manager.get_model(named.slice(PREFIX.length)).then((holder) => {
    const version = String(holder.get("version"));
    if (!loaded.has(version)) {
      const doc = globalThis.document;
      if (doc && !doc.querySelector(`style[data-tripeaks="${version}"]`)) {
        const style = doc.createElement("style");
        style.dataset.tripeaks = version;
        style.textContent = holder.get("css");
        doc.head.appendChild(style);
      }
      const url = URL.createObjectURL(new Blob([holder.get("esm")], { type: "text/javascript" }));
      loaded.set(version, import(/* webpackIgnore: true */ url).finally(() => URL.revokeObjectURL(url)));
    }
    return /** @type {Promise<any>} */ (loaded.get(version));
  });
}

export default {
  /** @param {{ model: any, el: HTMLElement }} view */
  async render({ model, el }) {
    try {
      const module = await frontEnd(model);
      return module.default.render({ model, el });
    } catch (error) {
      el.textContent = `The TriPeaks board could not load its front end: ${error}`;
      throw error;
    }
  },
};
