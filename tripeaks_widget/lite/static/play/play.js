// @ts-check
// The play-only page: the notebook's own front end (widget.js) draws a board whose Python runs in
// a worker (worker.js: Pyodide and this package, nothing of Jupyter). The front end is handed the
// part of anywidget's model it uses: the `state` and `labels` the worker posts, their change
// events, and `send`, which posts a request back. tripeaks_widget/play_page.py is the other end.

// The front end is fetched while the worker starts Python (below).
const frontEnd = import("./widget.js");
const settings = JSON.parse(/** @type {HTMLElement} */ (document.getElementById("tripeaks-settings")).textContent || "{}");
const query = new URLSearchParams(location.search);
const status = /** @type {HTMLElement} */ (document.getElementById("play-status"));
const day = /** @type {HTMLButtonElement} */ (document.getElementById("game-of-the-day"));
const place = /** @type {HTMLElement} */ (document.getElementById("board"));

/** The language asked for by the link, the site, then the browser; else English. @param {Array<string | null>} tags */
function language(tags) {
  const codes = tags.map((tag) => (tag || "").toLowerCase().split(/[-_]/)[0]);
  return codes.find((code) => code in settings.words) || "en";
}

/** The page's own words, in the board's language. @param {string} lang */
function say(lang) {
  const words = settings.words[lang] || settings.words.en;
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === "he" ? "rtl" : "ltr";
  day.textContent = words.game_of_the_day;
  day.title = words.game_of_the_day_tip;
  return words;
}

let lang = language([query.get("lang"), settings.lang, ...navigator.languages]);
let words = say(lang);
status.textContent = words.starting;
document.body.dataset.forbid = settings.hidden.join(" ");

/** @type {Record<string, any>} */
const traits = {};
/** @type {Map<string, Set<(...args: any[]) => void>>} */
const listeners = new Map();
performance.mark("tripeaks:page");
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
const model = {
  /** @param {string} name */
  get: (name) => traits[name],
  /** @param {string} event @param {(...args: any[]) => void} fn */
  on(event, fn) {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event)?.add(fn);
  },
  /** @param {string} event @param {(...args: any[]) => void} fn */
  off: (event, fn) => listeners.get(event)?.delete(fn),
  /** @param {Record<string, unknown>} content */
  send: (content) => worker.postMessage({ intent: JSON.stringify(content) }),
};

/** @param {string} name @param {any} value */
function set(name, value) {
  traits[name] = value;
  for (const fn of listeners.get(`change:${name}`) || []) fn();
}

/**
 * The worker's steps (the runtime started, the wheel unpacked, the package imported, the board
 * dealt) as marks of the page's own performance timeline, "tripeaks:<step>".
 * @param {Record<string, number>} marks @param {number} origin the worker's timeOrigin
 */
function timeline(marks, origin) {
  for (const [name, at] of Object.entries(marks)) {
    performance.mark(`tripeaks:${name}`, { startTime: origin - performance.timeOrigin + at });
  }
}

/** @param {string} kind @param {string} text */
function tell(kind, text) {
  status.dataset.kind = kind;
  status.textContent = text;
}

worker.onmessage = ({ data }) => {
  const message = JSON.parse(data);
  if (message.marks) return timeline(message.marks, message.origin);
  if (message.failed) return tell("error", words.not_started.replace("{error}", message.failed));
  day.disabled = false;
  if (message.error) return tell("error", message.error); // a game asked for could not be dealt
  const first = traits.state === undefined;
  // what went wrong is said until another game is dealt
  if (!first && status.dataset.kind === "error" && message.state.code !== traits.state.code) tell("", "");
  if (message.labels) traits.labels = message.labels;
  set("state", message.state);
  if (message.state.lang !== lang) words = say((lang = message.state.lang));
  if (first) draw();
};

async function draw() {
  const widget = (await frontEnd).default;
  if (status.dataset.kind !== "error") tell("", "");
  widget.render({ model, el: place });
  performance.mark("tripeaks:drawn");
  day.hidden = false;
}
worker.onerror = (event) => tell("error", words.not_started.replace("{error}", event.message || "the worker stopped"));
day.addEventListener("click", () => {
  if (status.dataset.kind === "error") tell("", "");
  day.disabled = true; // until the worker answers: the day's goals take it a moment
  worker.postMessage({ day: true });
});
worker.postMessage({
  start: {
    assists: settings.assists,
    lang,
    game: query.get("game"),
    layout: query.get("layout"),
    wheel: settings.wheel,
    pyodide: settings.pyodide,
  },
});
