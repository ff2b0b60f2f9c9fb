// src/loader.js
var loaded = /* @__PURE__ */ new Map();
var PREFIX = "IPY_MODEL_";
function frontEnd(model) {
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
      loaded.set(version, import(
        /* webpackIgnore: true */
        url
      ).finally(() => URL.revokeObjectURL(url)));
    }
    return (
      /** @type {Promise<any>} */
      loaded.get(version)
    );
  });
}
var loader_default = {
  /** @param {{ model: any, el: HTMLElement }} view */
  async render({ model, el }) {
    try {
      const module = await frontEnd(model);
      return module.default.render({ model, el });
    } catch (error) {
      el.textContent = `The TriPeaks board could not load its front end: ${error}`;
      throw error;
    }
  }
};
export {
  loader_default as default,
  frontEnd
};
