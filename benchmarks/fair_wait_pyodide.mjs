// benchmarks/fair_wait.py in Pyodide, the browser's Python, under Node: the same figures, the
// pure-Python build as the play page and the class site run it (wall seconds: Pyodide has no
// process clock). Pyodide is the front end's dev dependency (cd js && npm ci):
//
//     node benchmarks/fair_wait_pyodide.mjs --games 1-3 --rules easy,classic
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(resolve(repo, "js/node_modules/pyodide/pyodide.mjs"));
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.globals.set("args", pyodide.toPy(process.argv.slice(2)));
await pyodide.runPythonAsync(`
import os, runpy, sys
os.environ["TRIPEAKS_PURE_PYTHON"] = "1"
sys.argv = ["benchmarks/fair_wait.py", *args]
runpy.run_path("/repo/benchmarks/fair_wait.py", run_name="__main__")
`);
