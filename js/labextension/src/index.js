// A board shown by tripeaks_widget is published as the live widget view with its picture beside it,
// and metadata naming the picture's types (tripeaks_widget/shown.py). JupyterLab and Notebook 7 draw
// the widget view whenever the notebook is trusted; where its model is gone (the notebook saved
// without widget state and opened again) @jupyter-widgets/jupyterlab-manager's renderer says
// "Error displaying widget: model not found". This plugin wraps that renderer, in each notebook, so
// that an output carrying the mark shows its picture until, and unless, the live view comes. Any
// other output, of any other library, is left to the renderer as it is.
import { INotebookTracker } from "@jupyterlab/notebook";

const WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
const MARK = "tripeaks_widget"; // the output's metadata: {"tripeaks_widget": {"fallback": [mime types]}}
const wrapped = new WeakSet(); // the factories this plugin made

/** The picture a marked output carries, as a URL for an <img>; null for any other output. */
function pictureOf(model) {
  for (const mime of model.metadata?.[MARK]?.fallback ?? []) {
    const value = model.data[mime];
    const data = Array.isArray(value) ? value.join("") : value;
    if (typeof data !== "string") continue;
    return mime === "image/svg+xml" ? `data:image/svg+xml,${encodeURIComponent(data)}` : `data:${mime};base64,${data}`;
  }
  return null;
}

/** Show the picture in the renderer's node, in place of its text ("Loading widget...", or the error). */
function showPicture(renderer, src, model) {
  const image = document.createElement("img");
  image.src = src;
  image.alt = String(model.data["text/plain"] ?? "");
  image.className = "tripeaks-saved-picture";
  image.style.maxWidth = "100%"; // as JupyterLab's own image outputs: scaled down to the cell's width
  renderer.node.replaceChildren(image);
}

/** The widget view's renderer, made to show a marked output's picture while it has no view to show. */
function withPicture(renderer) {
  const render = renderer.renderModel.bind(renderer);
  // An own property, not a subclass: the renderer stays the one the widget manager made (and finds
  // again to give it the manager), and its own re-render once the manager restores calls this too.
  renderer.renderModel = async (model) => {
    const src = pictureOf(model);
    const rendering = render(model);
    if (src === null) return rendering;
    showPicture(renderer, src, model); // until the manager answers: the view, or no model
    await rendering;
    // no view in it (ipywidgets' renderer is a Panel: its view is its one child), and not closed
    if (renderer.widgets?.length === 0 && !renderer.isHidden) showPicture(renderer, src, model);
  };
  return renderer;
}

/** Wrap the notebook's widget-view factory, unless it is ours already (or there is none). */
function wrap(rendermime) {
  const factory = rendermime.getFactory(WIDGET_VIEW);
  if (!factory || wrapped.has(factory)) return;
  const ours = { ...factory, createRenderer: (options) => withPicture(factory.createRenderer(options)) };
  wrapped.add(ours);
  rendermime.addFactory(ours, rendermime.getRank(WIDGET_VIEW));
}

/** A notebook's factory is wrapped when it opens, and again once the widget manager has replaced it
 * with one bound to the manager (which it does as soon as the kernel's session is ready). */
async function watch(panel) {
  const rendermime = panel.content.rendermime;
  wrap(rendermime);
  try {
    await panel.sessionContext.ready;
  } catch {
    return; // closed before its session was ready
  }
  await new Promise((resolve) => setTimeout(resolve, 0)); // after the manager's own handler of `ready`
  if (!panel.isDisposed) wrap(rendermime);
}

export default {
  id: "tripeaks-widget:saved-picture",
  description: "A TriPeaks board whose widget model is gone shows its saved picture.",
  autoStart: true,
  optional: [INotebookTracker], // a host with no notebooks of its own (Voila, say): nothing to do
  activate: (app, tracker) => {
    if (!tracker) return;
    tracker.forEach(watch);
    tracker.widgetAdded.connect((_, panel) => watch(panel));
  },
};
