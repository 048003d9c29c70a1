// Times a game's computer moves inside Pyodide, the in-browser Python of the live book.
// Run by bench/bench_command_capture_players.py --browser and bench/bench_medieval_capture_players.py --browser:
//   node bench/pyodide_move_times.mjs ROOT COUNT [MODULE]
// Loads the pinned Pyodide from ROOT/node_modules/pyodide, mounts the checkout read-only at /repo and
// prints MODULE.move_times(COUNT) as one JSON line (MODULE: a bench script's name, by default
// bench_command_capture_players; everything else it prints goes to stderr).
import path from "node:path";
import { pathToFileURL } from "node:url";

const [root, count, module = "bench_command_capture_players"] = process.argv.slice(2);
if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(module)) throw new Error(`not a module name: ${module}`);
const indexURL = path.join(root, "node_modules", "pyodide") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, stdout: (line) => console.error(line) });
pyodide.FS.mkdir("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/repo");
const figures = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/repo")
sys.path.insert(0, "/repo/bench")
from ${module} import move_times
json.dumps(move_times(${Number(count)}))
`);
console.log(figures);
