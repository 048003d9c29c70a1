// How long the live book's engine takes to start inside Pyodide, per built book: Pyodide's own start (on
// the book's trimmed standard library), unpacking the book's wheel and importing the engine, and then
// opening each game's play board from the recipe its play page carries (the game's modules imported, the
// board's first values). Books are timed in turn, run after run, each first in every other run, so that
// each sees the same load; the medians are printed, then every run.
//
//   node bench/engine_start.mjs [--runs N] HTML [HTML ...]
//
// HTML: a built book's folder (_build/html; an older commit's, built the same way, to compare). Node.js's
// V8 stands in for a browser's engine here: bench_browsers.py times the same start in real browsers.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const PYODIDE = path.join(ROOT, "node_modules", "pyodide") + path.sep;

const args = process.argv.slice(2);
let runs = 3;
if (args[0] === "--runs") { runs = Number(args[1]); args.splice(0, 2); }
if (!args.length || !(runs > 0)) {
  console.error("usage: node bench/engine_start.mjs [--runs N] HTML [HTML ...]");
  process.exit(2);
}

// The book's engine folder (its wheel and trimmed standard library) and each play page's first recipe.
function book(html) {
  const engines = path.join(html, "_static", "capture", "engine");
  const folder = path.join(engines, readdirSync(engines)[0]);
  // Every game with a play page in this build.
  const games = readdirSync(path.join(html, "book")).filter((name) => existsSync(path.join(html, "book", name, "play.html")))
    .sort();
  const recipes = games.map((game) => {
    const page = readFileSync(path.join(html, "book", game, "play.html"), "utf8");
    const data = page.match(/<script[^>]*capture-board-data[^>]*>([\s\S]*?)<\/script>/);
    return [game, JSON.parse(data[1]).recipe];
  });
  return { folder, wheel: path.join(folder, readdirSync(folder).find((name) => name.endsWith(".whl"))), recipes };
}

// One start in a fresh Pyodide: milliseconds for each step.
async function start({ folder, wheel, recipes }) {
  const { loadPyodide } = await import(pathToFileURL(`${PYODIDE}pyodide.mjs`).href);
  const lock = JSON.parse(readFileSync(`${PYODIDE}pyodide-lock.json`, "utf8"));
  const times = {};
  let at = performance.now();
  const lap = (name) => { const now = performance.now(); times[name] = now - at; at = now; };
  const pyodide = await loadPyodide({ indexURL: PYODIDE, stdLibURL: path.join(folder, "python_stdlib.zip"), packages: [],
    lockFileContents: JSON.stringify({ info: lock.info, packages: {} }) });
  lap("pyodide");
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: site });
  pyodide.runPython("import json\nfrom capture_lib.session import from_recipe");
  lap("engine");
  for (const [game, recipe] of recipes) {
    pyodide.globals.set("recipe_json", JSON.stringify(recipe));
    pyodide.runPython("from_recipe(json.loads(recipe_json), seed=1).values()");
    lap(game);
  }
  return times;
}

const median = (values) => { const s = [...values].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const books = args.map((html) => [html, book(html)]);
const seen = new Map(args.map((html) => [html, []]));
for (let run = 0; run < runs; run += 1) {
  // Each book first in turn: a later start in the same process may find the runtime's code warm.
  const order = run % 2 ? [...books].reverse() : books;
  for (const [html, files] of order) seen.get(html).push(await start(files));
}
for (const [html, times] of seen) {
  const steps = Object.keys(times[0]).map((step) => `${step} ${(median(times.map((t) => t[step])) / 1000).toFixed(2)} s`);
  console.log(`${html}: median of ${runs}: ${steps.join(", ")}`);
  for (const t of times) console.log(`  ${Object.values(t).map((ms) => (ms / 1000).toFixed(2)).join(" ")}`);
}
