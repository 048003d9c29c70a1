// The engine of the live book: one module Web Worker per page (Pyodide refuses classic workers).
// It loads Pyodide from the book's static files, unpacks the capture_lib wheel built with the book,
// and keeps one board controller per board of the page (capture_lib.session.from_recipe). The true
// state lives only here: the page receives the values the board's module reads, built from
// observations, exactly as a kernel sends them to JupyterLab.
//
// Messages from the page: {type: "start", runtime, engine, wheel} first, then {type: "open", id, recipe}
// and {type: "send", id, message}.
// Answers: {type: "ready", ms}, {type: "values", id, values, messages, ms, wrote}, {type: "failed", id, text}
// ("wrote": the kept games this answer wrote to the browser's database, for the tests that count them).

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
    # How often the page's boards have written to the vault: the worker copies it to the database only then.
    keeps = sum(board.keeps for board in _boards.values())
    return json.dumps({"values": values, "messages": messages, "keeps": keeps})

def capture_open(board_id, recipe_json, seed, notify):
    controller = from_recipe(json.loads(recipe_json), seed=seed)
    # This engine dies with its page and hears no leaving: every action of the player is kept as it is made.
    controller.keeps_every_action = True

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
  // The kept games are read from IndexedDB while the engine is imported (the browser reads the database on
  // its own threads); the engine waits for them at most KEPT_WAIT_MS more (see keptGames).
  const saves = keptGames(pyodide);
  pyodide.runPython(PYTHON);
  at = lap("engine", at);
  await saves;
  lap("saves", at);
  return { pyodide, open: pyodide.globals.get("capture_open"), send: pyodide.globals.get("capture_send"),
    ms: performance.now() - began, phases };
}

// ---- The kept games (issue 40) ----------------------------------------------------------------------------
// Games a board keeps (the game offered to resume after a reload, a save's claim: capture_lib's vault) are
// files of a folder in the worker's memory, copied to this browser's IndexedDB for the book's address, so
// that a claim the page stored still names a game after a reload. Without IndexedDB (a private window may
// refuse it) they stay in the worker's memory for as long as the page is open.
//
// The database is opened for each read or write and closed at once, never held: a page the browser keeps
// for Back (the back-forward cache) is frozen with whatever it holds, and a connection or transaction it
// held there once kept every later page's engine from reading the database (WebKit: always; Firefox: at
// times), its boards on "Loading the engine" for good. A page that asks to change the database's version
// is never held up (versionchange closes the connection), and no wait is without end: the engine goes live
// after KEPT_WAIT_MS whatever the database does, with the kept games it has read so far.
const SAVES = "/home/pyodide/capture-saves";
const KEPT_DB = "capture-kept-games";
const KEPT_STORE = "files";
const KEPT_WAIT_MS = 3000;
// known: each kept game's text as the database holds it; keeps: the boards' count of writes to the vault at the
// last copy; writing: the copy under way; queued: the next one (one at most, it copies what is there when it
// starts); stuck: the database has not answered in time (answers then wait for it no more).
const kept = { known: new Map(), keeps: 0, writing: Promise.resolve(0), queued: null, stuck: false };

// Resolves as ``promise`` does, or with ``fallback`` after ``ms``, whichever comes first.
function within(promise, ms, fallback) {
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(fallback), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// The kept games' database, opened at whatever version it has (a version asked for could be refused as too old
// for good), upgraded only where it lacks its store.
function openKept(version) {
  return new Promise((resolve, reject) => {
    const request = version ? indexedDB.open(KEPT_DB, version) : indexedDB.open(KEPT_DB);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(KEPT_STORE)) request.result.createObjectStore(KEPT_STORE);
    };
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(KEPT_STORE)) {
        const next = db.version + 1;
        db.close();
        resolve(openKept(next));
        return;
      }
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("the kept games' database is held by another page"));
  });
}

// Runs ``work(store)`` in one transaction of the kept games' store; resolves once it is complete, the
// connection closed.
async function keptTransaction(mode, work) {
  const db = await openKept();
  try {
    return await new Promise((resolve, reject) => {
      const transaction = db.transaction(KEPT_STORE, mode);
      const result = work(transaction.objectStore(KEPT_STORE));
      transaction.oncomplete = () => resolve(result);
      transaction.onerror = transaction.onabort = () => reject(transaction.error || new Error("aborted"));
      if (transaction.commit) transaction.commit();
    });
  } finally {
    db.close();
  }
}

// Reads the kept games into the vault's folder; resolves whether they are kept in the browser's database,
// after KEPT_WAIT_MS at most (a read that answers later still fills the folder).
async function keptGames(pyodide) {
  pyodide.FS.mkdirTree(SAVES);
  pyodide.runPython(`import os; os.environ["CAPTURE_SAVES"] = ${JSON.stringify(SAVES)}`);
  if (typeof indexedDB === "undefined") return false;
  const read = keptTransaction("readonly", (store) => ({ keys: store.getAllKeys(), texts: store.getAll() }))
    .then(({ keys, texts }) => {
      keys.result.forEach((name, i) => {
        const path = `${SAVES}/${name}`;
        const text = texts.result[i];
        if (typeof name !== "string" || name.includes("/") || typeof text !== "string") return;
        kept.known.set(name, text);
        if (!pyodide.FS.analyzePath(path).exists) pyodide.FS.writeFile(path, text);
      });
      return true;
    }, (err) => { console.warn(`The kept games could not be read: ${err.message || err}`); return false; });
  const answered = await within(read, KEPT_WAIT_MS, null);
  if (answered === null) {
    console.warn("The kept games' database did not answer: the boards go live without them for now.");
    kept.stuck = true;
    read.then((ok) => { kept.stuck = !ok; });
  }
  return !!answered;
}

// After an answer whose boards kept or forgot a game (``keeps`` moved on), the vault's files that changed go to
// the database. Resolves with the number written once they are, or with 0 after KEPT_WAIT_MS (at once while the
// database does not answer): an answer never waits longer.
function persist(e, keeps) {
  if (keeps === kept.keeps || typeof indexedDB === "undefined") return Promise.resolve(0);
  kept.keeps = keeps;
  if (!kept.queued) {
    kept.queued = kept.writing.then(() => { kept.queued = null; return writeChanges(e.pyodide); });
    kept.writing = kept.queued;
  }
  if (kept.stuck) return Promise.resolve(0);
  return within(kept.queued, KEPT_WAIT_MS, null).then((wrote) => {
    if (wrote !== null) return wrote;
    kept.stuck = true;
    return 0;
  });
}

// Copies the vault's files that differ from the database's (and removes those gone) in one transaction; the
// number of files written, 0 where nothing changed or the database refused.
async function writeChanges(pyodide) {
  const files = new Map();
  for (const name of pyodide.FS.readdir(SAVES)) {
    if (name !== "." && name !== "..") files.set(name, pyodide.FS.readFile(`${SAVES}/${name}`, { encoding: "utf8" }));
  }
  const changes = new Map([...files].filter(([name, text]) => kept.known.get(name) !== text));
  for (const name of kept.known.keys()) if (!files.has(name)) changes.set(name, null);
  if (!changes.size) return 0;
  try {
    await keptTransaction("readwrite", (store) => {
      for (const [name, text] of changes) (text === null ? store.delete(name) : store.put(text, name));
    });
  } catch (err) {
    console.warn(`A kept game could not be written: ${err.message || err}`);
    return 0;
  }
  for (const [name, text] of changes) (text === null ? kept.known.delete(name) : kept.known.set(name, text));
  kept.stuck = false;
  return changes.size;
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
      const answer = JSON.parse(text);
      // What the board kept is in the database before the page shows the move: a reload finds it there.
      const wrote = await persist(e, answer.keeps);
      self.postMessage({ type: "values", id: data.id, values: answer.values, messages: answer.messages,
        ms: performance.now() - began, opened: data.type === "open", wrote, keeps: answer.keeps });
    } catch (err) {
      // A Python error's last line is its message; the traceback stays in the browser's console.
      const text = String(err && err.message || err).trim().split("\n").pop();
      console.error(err);
      self.postMessage({ type: "failed", id: data.id, text });
    }
  });
};
