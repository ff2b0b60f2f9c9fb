// The engine and the solver in WebAssembly Python (Pyodide, as JupyterLite runs it), under Node.
// The package's Python files are copied into Pyodide's file system and imported as they are;
// the widget's Python side (anywidget, ipywidgets) is not loaded. Offline: the npm package
// ships Python and its standard library, and any attempt to reach the network fails the test.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import net from "node:net";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const PACKAGE = fileURLToPath(new URL("../../tripeaks_widget/", import.meta.url));
const SKIP = new Set(["__pycache__", "static"]); // bytecode of another Python; the front end

const network = [];
const refuse = (what) => {
  network.push(what);
  throw new Error(`network access attempted: ${what}`);
};
globalThis.fetch = (url) => refuse(`fetch ${url}`);
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  network.push(`connect ${JSON.stringify(args[0])}`);
  return connect.apply(this, args);
};

let pyodide;

/** Copy the package's files (Python sources, catalogs) into Pyodide's file system. */
function copyTree(source, target) {
  pyodide.FS.mkdirTree(target);
  for (const name of readdirSync(source)) {
    if (SKIP.has(name)) continue;
    const path = join(source, name);
    if (statSync(path).isDirectory()) copyTree(path, `${target}/${name}`);
    else pyodide.FS.writeFile(`${target}/${name}`, readFileSync(path));
  }
}

/** Run Python and return its last expression converted to JS (JSON through a string). */
function py(code) {
  return JSON.parse(pyodide.runPython(code));
}

before(async () => {
  pyodide = await loadPyodide();
  copyTree(PACKAGE, "/home/pyodide/site/tripeaks_widget");
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/site')");
});

test("the package imports in Pyodide without Jupyter", () => {
  const found = py(`
import json, sys, tripeaks_widget
json.dumps([sys.platform, tripeaks_widget.__file__, "anywidget" in sys.modules, "ipywidgets" in sys.modules])`);
  assert.deepEqual(found, ["emscripten", "/home/pyodide/site/tripeaks_widget/__init__.py", false, false]);
});

test("R6.4: TP1-E-AAAAAAB deals and plays its opening", () => {
  const state = py(`
import json
from tripeaks_widget import Game
g = Game("TP1-E-AAAAAAB")
start = [str(g.discard), g.stock_count, [str(card) for card in g.rows()[3]]]
for card in ("K♣", "A♠", "2♦"):
    g.play(card)
json.dumps(dict(start=start, turned=str(g.rows()[2][4]), score=g.score, moves=g.moves, status=g.status, discard=str(g.discard)))`);
  assert.deepEqual(state.start.slice(0, 2), ["A♣", 23]);
  assert.deepEqual(state.start[2], ["3♠", "5♠", "K♣", "4♠", "2♦", "A♠", "K♦", "8♥", "7♣", "9♠"]);
  assert.equal(state.turned, "7♠"); // row 3 card 4 turns face up
  assert.deepEqual([state.score, state.moves, state.status, state.discard], [497, 3, "playing", "2♦"]);
});

test("the solver: TP1-E-AAAAAAD can be won, TP1-C-AAAAAAD cannot, and each line replays", () => {
  const found = py(`
import json
from tripeaks_widget import Game
out = {}
for code in ("TP1-E-AAAAAAD", "TP1-C-AAAAAAD"):
    g = Game(code)
    s = g.solve()
    end = g.copy().replay(s.line)
    out[code] = dict(winnable=s.winnable, complete=s.complete, cards_left=s.cards_left, score=s.score,
                     status=end.status, end_score=end.score, end_left=sum(c is not None for r in end.rows() for c in r))
json.dumps(out)`);
  const easy = found["TP1-E-AAAAAAD"];
  const classic = found["TP1-C-AAAAAAD"];
  assert.deepEqual([easy.winnable, easy.complete, easy.cards_left, easy.status], [true, true, 0, "won"]);
  assert.equal(easy.end_score, easy.score);
  assert.deepEqual([classic.winnable, classic.complete], [false, true]);
  assert.ok(classic.cards_left > 0);
  assert.equal(classic.end_left, classic.cards_left);
  assert.equal(classic.end_score, classic.score);
  assert.notEqual(classic.status, "won");
});

test("nothing reached for the network", () => {
  assert.deepEqual(network, []);
});
