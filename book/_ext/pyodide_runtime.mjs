// Runs the live book's engine in Pyodide under Node.js, for the book's build (engine_runtime.py).
//
//   node pyodide_runtime.mjs measure JOB.json   what the engine imports, and the standard library compiled
//   node pyodide_runtime.mjs verify JOB.json    the book's boards driven on a trimmed standard library
//
// JOB.json: {pyodide: the npm package's folder, stdlib: a python_stdlib.zip (absent: the package's own),
// wheel: capture_lib's browser wheel, program: Python source to run, out: a folder of this machine}.
// The program runs after the wheel is unpacked into site-packages; the folder `out` is mounted at /out
// for it; its last expression (a JSON text) is printed on the last line of stdout.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [mode, jobFile] = process.argv.slice(2);
if (!["measure", "verify"].includes(mode) || !jobFile) {
  console.error("usage: node pyodide_runtime.mjs measure|verify JOB.json");
  process.exit(2);
}
const job = JSON.parse(readFileSync(jobFile, "utf8"));
async function main() {
  const folder = job.pyodide.endsWith("/") ? job.pyodide : `${job.pyodide}/`;
  const { loadPyodide } = await import(pathToFileURL(`${folder}pyodide.mjs`).href);
  const began = performance.now();
  const pyodide = await loadPyodide({
    indexURL: folder,
    packages: [],
    ...(job.stdlib ? { stdLibURL: job.stdlib } : {}),
    // Nothing the engine loads comes from the package index: an empty lock, as the worker passes.
    lockFileContents: JSON.stringify({ info: JSON.parse(readFileSync(`${folder}pyodide-lock.json`, "utf8")).info, packages: {} }),
    stdout: (line) => console.error(line),
    stderr: (line) => console.error(line),
  });
  const loadMs = performance.now() - began;
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(new Uint8Array(readFileSync(job.wheel)), "wheel", { extractDir: sitePackages });
  pyodide.FS.mkdirTree("/out");
  pyodide.mountNodeFS("/out", job.out);
  const result = pyodide.runPython(job.program);
  console.log(JSON.stringify({ loadMs, result: JSON.parse(result) }));
}

// On failure, the error's message alone (a Python error's carries its traceback): Node would print the
// whole minified runtime around the line that threw.
main().catch((err) => {
  console.error(String((err && err.message) || err));
  process.exit(1);
});
