// The engine of the live book: one module Web Worker per page (Pyodide refuses classic workers).
// It loads Pyodide from the book's static files, unpacks the capture_lib wheel built with the book,
// and keeps one board controller per board of the page (capture_lib.session.from_recipe). The true
// state lives only here: the page receives the values the board's module reads, built from
// observations, exactly as a kernel sends them to JupyterLab.
//
// Messages from the page: {type: "start", runtime, engine, wheel} first, then {type: "open", id, recipe}
// and {type: "send", id, message}.
// Answers: {type: "ready", ms}, {type: "values", id, values, messages, ms}, {type: "failed", id, text}.

// Where the runtime (Pyodide) and the engine (capture_lib's wheel, the standard library trimmed to what it
// imports, compiled) are: the page loader names their folders, each named by a hash of its content, in
// its first message (not in this file's address: the service worker keeps this file under its own).
let configure;
const configured = new Promise((resolve) => { configure = resolve; });

const PYTHON = `
import json
from capture_lib.session import from_recipe

_boards = {}

def _out(values):
    values = dict(values)
    messages = values.pop("_messages", [])
    return json.dumps({"values": values, "messages": messages})

def capture_open(board_id, recipe_json, seed, notify):
    controller = from_recipe(json.loads(recipe_json), seed=seed)

    def listener(names):
        # Called while a message is still being handled (the computer is about to think): the page
        # says so at once and offers no move meanwhile.
        values = controller.values()
        notify(board_id, json.dumps({name: values[name] for name in names if name in values}))

    controller.listener = listener
    _boards[board_id] = controller
    return _out(controller.values())

def capture_send(board_id, message_json):
    return _out(_boards[board_id].handle(json.loads(message_json)))
`;

// A seed from the browser's secure source, for the fresh games the page starts (Python's own fresh
// seeds come from the same source: Pyodide's os.urandom is crypto.getRandomValues).
function secureSeed() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return BigInt(words[0]) * 4294967296n + BigInt(words[1]);  // 0 to 2**64 - 1, as the engine takes
}

// Values sent while a message is being handled (the computer is thinking); the final answer follows.
function notify(id, text) {
  self.postMessage({ type: "values", id, values: JSON.parse(text), messages: [], partial: true });
}

async function start({ runtime: pyodideFolder, engine: engineFolder, wheel: wheelName }) {
  const wheelURL = new URL(wheelName, engineFolder).href;
  const began = performance.now();
  const phases = {};  // milliseconds each step of the start took, for the bench (bench_live_book.py)
  const lap = (name, since) => { phases[name] = Math.round(performance.now() - since); return performance.now(); };
  let at = began;
  const { loadPyodide } = await import(`${pyodideFolder}pyodide.mjs`);
  at = lap("import", at);
  const [pyodide, wheel] = await Promise.all([
    loadPyodide({ indexURL: pyodideFolder, stdLibURL: new URL("python_stdlib.zip", engineFolder).href, packages: [] }),
    fetch(wheelURL).then((answer) => {
      if (!answer.ok) throw new Error(`the engine's wheel is missing (${answer.status})`);
      return answer.arrayBuffer();
    }),
  ]);
  at = lap("pyodide", at);
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  at = lap("wheel", at);
  // The kept games' folder is read from IndexedDB while the engine is imported: the browser reads the
  // database on its own threads, and nothing opens a kept game before the engine is ready.
  const saves = keepSaves(pyodide);
  pyodide.runPython(PYTHON);
  at = lap("engine", at);
  const persistent = await saves;
  lap("saves", at);
  return { pyodide, persistent, open: pyodide.globals.get("capture_open"), send: pyodide.globals.get("capture_send"),
    ms: performance.now() - began, phases };
}

// Games a board keeps (a save's claim, the game offered to resume after a reload: capture_lib's vault)
// go to a folder kept in this browser's IndexedDB for the book's address, so that a claim the page
// stored still names a game after a reload. Without IndexedDB (a private window may refuse it) they
// stay in the worker's memory for as long as the page is open.
const SAVES = "/home/pyodide/capture-saves";
async function keepSaves(pyodide) {
  pyodide.FS.mkdirTree(SAVES);
  pyodide.runPython(`import os; os.environ["CAPTURE_SAVES"] = ${JSON.stringify(SAVES)}`);
  try {
    pyodide.FS.mount(pyodide.FS.filesystems.IDBFS, {}, SAVES);
    await new Promise((resolve, reject) => pyodide.FS.syncfs(true, (err) => (err ? reject(err) : resolve())));
    return true;
  } catch (err) {
    return false;
  }
}

// One write-back at a time; changes made meanwhile are written by one more afterwards.
let syncing = false;
let dirty = false;
function persist(e) {
  if (!e.persistent) return;
  if (syncing) { dirty = true; return; }
  syncing = true;
  e.pyodide.FS.syncfs(false, () => {
    syncing = false;
    if (dirty) { dirty = false; persist(e); }
  });
}

const engine = configured.then(start);
engine.then((e) => self.postMessage({ type: "ready", ms: e.ms, phases: e.phases }),
  (err) => self.postMessage({ type: "failed", id: null, text: String(err && err.message || err) }));

// Messages are answered one at a time, in order: a board's next message meets its last answer's state.
let queue = Promise.resolve();
self.onmessage = (event) => {
  const data = event.data || {};
  if (data.type === "start") { configure(data); return; }
  queue = queue.then(async () => {
    let e;
    try { e = await engine; } catch (err) { return; }  // already reported
    const began = performance.now();
    try {
      let text;
      if (data.type === "open") text = e.open(data.id, JSON.stringify(data.recipe), secureSeed(), notify);
      else if (data.type === "send") text = e.send(data.id, JSON.stringify(data.message));
      else return;
      persist(e);
      const answer = JSON.parse(text);
      self.postMessage({ type: "values", id: data.id, values: answer.values, messages: answer.messages,
        ms: performance.now() - began, opened: data.type === "open" });
    } catch (err) {
      // A Python error's last line is its message; the traceback stays in the browser's console.
      const text = String(err && err.message || err).trim().split("\n").pop();
      console.error(err);
      self.postMessage({ type: "failed", id: data.id, text });
    }
  });
};
