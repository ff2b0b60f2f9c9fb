// Bundle js/src into the files shipped in the Python package.
//   node build.mjs          write tripeaks_widget/static/widget.{js,css}, loader.js and class_board.{js,css}
//   node build.mjs --check  fail if the shipped files differ from a fresh build
import { readFile, mkdir, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, "..", "tripeaks_widget", "static");
const common = { bundle: true, write: false, logLevel: "warning", legalComments: "none", charset: "utf8" };
const targets = [
  { ...common, entryPoints: [join(here, "src", "index.js")], outfile: join(outDir, "widget.js"), format: "esm", target: "es2020" },
  // what each board's model carries: it loads widget.js and widget.css from the one model that holds them
  { ...common, entryPoints: [join(here, "src", "loader.js")], outfile: join(outDir, "loader.js"), format: "esm", target: "es2020" },
  { ...common, entryPoints: [join(here, "src", "widget.css")], outfile: join(outDir, "widget.css") },
  // the teacher's class board: a page of its own, with none of the board's code
  { ...common, entryPoints: [join(here, "src", "class_board.js")], outfile: join(outDir, "class_board.js"), format: "esm", target: "es2020" },
  { ...common, entryPoints: [join(here, "src", "class_board.css")], outfile: join(outDir, "class_board.css") },
];

const check = process.argv.includes("--check");
let stale = 0;
for (const options of targets) {
  const result = await esbuild.build(options);
  for (const file of result.outputFiles) {
    const name = relative(join(here, ".."), file.path);
    if (check) {
      const shipped = await readFile(file.path, "utf8").catch(() => null);
      if (shipped !== file.text) {
        stale += 1;
        console.error(`${name} is out of date: run "npm run build" in js/ and commit it`);
      }
    } else {
      await mkdir(dirname(file.path), { recursive: true });
      await writeFile(file.path, file.text);
      console.log(`wrote ${name} (${file.contents.length} bytes)`);
    }
  }
}
if (check) {
  if (stale) process.exit(1);
  console.log("shipped widget files match a fresh build");
}
