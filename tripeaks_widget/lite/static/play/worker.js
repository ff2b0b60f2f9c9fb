// @ts-check
// The play-only page's Python: Pyodide (the site's runtime) with this package's wheel alone, and
// one PlayPage (tripeaks_widget/play_page.py) that posts the board's snapshots to the page and
// takes its requests. The wheel is fetched while the runtime starts. The player's records are
// a records file in the browser's own storage (IndexedDB), written at once and saved soon after.
const RECORDS = "/records"; // where the records file and its spool live
/** @type {any} */
let page = null;
/** @type {any} */
let FS = null; // Pyodide's file system, once it runs
/** @type {ReturnType<typeof setTimeout> | null} */
let saving = null;
/** @type {any[]} */
const early = []; // requests that came before the board

/** The records, from memory to the browser's storage: soon after a change, once for a burst. */
function save() {
  if (!FS || saving) return;
  saving = setTimeout(() => {
    saving = null;
    FS.syncfs(false, (/** @type {any} */ error) => error && console.warn("the records were not saved", error));
  }, 300);
}

/** @param {string} text */
const post = (text) => {
  self.postMessage(text);
  save(); // a snapshot may follow a result written
};
/** @type {Record<string, number>} */
const marks = {}; // when each step of the start was done, on this worker's clock (the page makes them marks of its own)
/** @param {string} name */
const mark = (name) => (marks[name] = performance.now());

/** @param {{assists: string[], lang: string, game: string | null, layout: string | null, wheel: string, pyodide: string}} start */
async function begin({ assists, lang, game, layout, wheel, pyodide: runtime }) {
  const base = new URL(runtime, self.location.href).href;
  const bytes = fetch(new URL(wheel, self.location.href)).then((response) => {
    if (!response.ok) throw new Error(`${wheel}: ${response.status} ${response.statusText}`);
    return response.arrayBuffer();
  });
  const { loadPyodide } = await import(`${base}pyodide.mjs`);
  const py = await loadPyodide({ indexURL: base });
  mark("runtime");
  const stored = openRecords(py.FS);
  const sitePackages = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  py.unpackArchive(await bytes, "wheel", { extractDir: sitePackages });
  mark("unpacked");
  const { PlayPage } = py.pyimport("tripeaks_widget.play_page");
  mark("imported");
  const records = (await stored) ? `${RECORDS}/records.sqlite3` : null;
  page = PlayPage.callKwargs(post, { assists: py.toPy(assists), lang, game, records, layout });
  mark("dealt");
  self.postMessage(JSON.stringify({ marks, origin: performance.timeOrigin }));
  for (const data of early.splice(0)) handle(data);
}

/** The browser's stored records, mounted and read in; false where the browser keeps none here
 * (a private window may refuse IndexedDB): then the page plays without records.
 * @param {any} fs @returns {Promise<boolean>} */
function openRecords(fs) {
  return new Promise((resolve) => {
    try {
      fs.mkdirTree(RECORDS);
      fs.mount(fs.filesystems.IDBFS, {}, RECORDS);
    } catch (error) {
      console.warn("no records in this browser", error);
      resolve(false);
      return;
    }
    fs.syncfs(true, (/** @type {any} */ error) => {
      if (error) console.warn("no records in this browser", error);
      else FS = fs;
      resolve(!error);
    });
  });
}

/** @param {any} data */
function handle(data) {
  try {
    if (data.intent) page.receive(data.intent);
    else if (data.day) page.of_the_day();
  } catch (error) {
    post(JSON.stringify({ error: lastLine(error) })); // the board stays as it was
  }
}

/** The last line of an error (a Python error's is its type and message, after the traceback). @param {any} error */
function lastLine(error) {
  const said = String(error && error.message ? error.message : error).trim().split("\n");
  return said[said.length - 1];
}

self.onmessage = ({ data }) => {
  if (data.start) {
    begin(data.start).catch((error) => post(JSON.stringify({ failed: lastLine(error) })));
  } else if (page) {
    handle(data);
  } else {
    early.push(data);
  }
};
