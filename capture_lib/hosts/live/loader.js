// The live book's page loader (a classic script Sphinx adds to every page; it acts only where boards are).
// The book's build puts capture_lib/render/web/model.js (makeCaptureModel, the model every board gets) in front.
// Each board's place holds the engine's picture, the names of its module and stylesheet, and a JSON script
// with its values (the precomputed frames) and its recipe. The loader loads each module and stylesheet
// once per page from the book's static files, mounts every board over a small model at once (the frames
// step without any engine), and, when the page is served over http, starts one module Web Worker that
// runs capture_lib in Pyodide (worker.js): play pages, courses and exercises go live as soon as it is
// ready, and every worked example offers "try it from here". Opened from a folder (file://) the browser
// allows no worker, so the page keeps its frames and its one-line note says how to get the live book.
(() => {
  const script = document.currentScript;
  const base = new URL("../../", script.src);  // the book's _static/capture/ (this file is in live/HASH/)
  const served = location.protocol === "http:" || location.protocol === "https:";
  document.documentElement.classList.add(served ? "capture-served" : "capture-folder");

  const modules = new Map();  // module name -> Promise of the imported module
  function loadModule(name) {
    if (!modules.has(name)) {
      modules.set(name, new Promise((resolve, reject) => {
        // A classic script registers the module's text: it loads from file:// too, where import() of a
        // file would be refused; the text is then imported from a blob URL.
        const tag = document.createElement("script");
        tag.src = new URL(`boards/${name}.js`, base).href;
        tag.onload = () => {
          const source = (self.captureBoardModules || {})[name];
          if (typeof source !== "string") { reject(new Error(`board module ${name} is missing`)); return; }
          const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
          import(url).then(resolve, reject).finally(() => URL.revokeObjectURL(url));
        };
        tag.onerror = () => reject(new Error(`board module ${name} could not be loaded`));
        document.head.append(tag);
      }));
    }
    return modules.get(name);
  }

  const styles = new Set();
  function loadStyle(name) {
    if (!name || styles.has(name)) return;
    styles.add(name);
    // The book's build links each board's stylesheet in the page's head (the picture is sized at first paint).
    if (document.querySelector(`link[data-capture-board-style="${name}"]`)) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL(`boards/${name}.css`, base).href;
    document.head.append(link);
  }

  const boards = new Map();  // board id -> {root, model, recipe, kind, status, live, sent}
  window.captureBoards = boards;  // for the browser tests and the bench: what each board sent and holds
  let worker = null;
  let engineWanted = false;
  let engineReady = false;

  function say(board, text, kind = "info", button = null) {
    board.status.className = `capture-live-status capture-live-${kind}`;
    board.status.replaceChildren(document.createTextNode(text));
    if (button) board.status.append(" ", button);
  }

  function post(message) { worker.postMessage(message); }

  function open(board) {
    board.opening = true;
    say(board, board.kind === "example" ? "setting up the position\u2026" : "starting the board\u2026", "loading");
    post({ type: "open", id: board.root.id, recipe: board.recipe });
  }

  function tryButton(board) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "capture-try";
    button.textContent = "try it from here";
    button.addEventListener("click", () => open(board));
    return button;
  }

  function onEngine(event) {
    const data = event.data || {};
    if (data.type === "ready") {
      engineReady = true;
      // writes: the kept games written to the browser's database so far; keeps: how often the page's boards
      // kept their games (the tests count both: a write only for a keep).
      window.captureEngine = { readyMs: data.ms, phases: data.phases, writes: 0, keeps: 0 };
      keepOffline();
      for (const board of boards.values()) {
        if (board.kind === "example") say(board, "The engine is ready: continue from the last step with any legal move.", "ready", tryButton(board));
        else open(board);
      }
      return;
    }
    const board = data.id ? boards.get(data.id) : null;
    if (data.type === "failed") {
      const text = `The engine stopped: ${data.text}. This board shows its pictures only.`;
      if (board) {
        board.failure = data.text;
        board.answers = (board.answers || 0) + 1;
        say(board, text, "error");
      }
      else for (const each of boards.values()) say(each, text, "error");
      return;
    }
    if (data.type !== "values" || !board) return;
    const values = data.values || {};
    if (data.partial) { board.model.apply(values); return; }  // the computer is thinking: no move meanwhile
    if (data.opened) {
      board.live = true;
      board.opening = false;
      say(board, board.kind === "example" ? "Live: you play on from the example's position." : "Live: the engine runs in this page.", "live");
      board.liveAt = performance.now();  // since the navigation began: the bench's time to a live board
      board.root.classList.add("capture-live");
    }
    board.answers = (board.answers || 0) + 1;
    window.captureEngine.writes += data.wrote || 0;
    if (typeof data.keeps === "number") window.captureEngine.keeps = data.keeps;
    // A board rebuilt live steps through no frames: it plays on (unless the engine sends frames itself).
    board.model.apply({ thinking: false, ...(data.opened ? { frames: [] } : {}), ...values });
    for (const message of data.messages || []) board.model.custom(message);
    board.root.dispatchEvent(new CustomEvent("capture-values", { detail: { ms: data.ms, opened: !!data.opened } }));
  }

  function sendFrom(board, message) {
    if (!board.live) return;  // frames only: nothing answers a board that is not live
    board.sent.push(message);
    post({ type: "send", id: board.root.id, message });
  }

  function startEngine() {
    worker = new Worker(new URL("worker.js", script.src).href, { type: "module" });
    worker.postMessage(engineFolders());
    worker.onmessage = onEngine;
    worker.onerror = (event) => {
      for (const board of boards.values()) say(board, `The engine could not start (${event.message || "worker error"}). The boards show their pictures only.`, "error");
    };
    sayWhileSlow();
  }

  // A board never says "Loading the engine" without end: where the engine is not ready after STILL_LOADING_MS
  // (a slow phone, a slow link), each board waiting for it says so, and that its pictures work meanwhile.
  const STILL_LOADING_MS = 30000;
  function sayWhileSlow() {
    setTimeout(() => {
      if (engineReady) return;
      for (const board of boards.values()) {
        if (board.status.classList.contains("capture-live-loading") && !board.failure) {
          say(board, "Still loading the engine (slow on this device or network); the board's pictures work meanwhile.", "loading");
        }
      }
    }, STILL_LOADING_MS);
  }

  async function mount(root) {
    const data = document.querySelector(`script.capture-board-data[data-board="${root.id}"]`);
    if (!data) return;
    const { model: values, recipe } = JSON.parse(data.textContent);
    const lesson = values.lesson && Object.keys(values.lesson).length;  // a board with none carries {}
    const kind = lesson ? "lesson" : (values.frames || []).length ? "example" : "play";
    const status = statusLine(root);
    const board = { root, recipe, kind, status, live: false, sent: [] };
    board.model = makeCaptureModel(values, (message) => sendFrom(board, message));  // model.js, put in front
    loadStyle(root.dataset.captureStyle);
    const module = await loadModule(root.dataset.captureModule);
    await yieldToPage();  // each board is drawn in a task of its own
    root.replaceChildren();
    module.default.render({ model: board.model, el: root });
    if (recipe && engineWanted) {
      boards.set(root.id, board);
      if (!status.isConnected) root.before(status);
      if (engineReady) {
        if (kind === "example") say(board, "The engine is ready.", "ready", tryButton(board));
        else open(board);
      } else say(board, "Loading the engine\u2026", "loading");  // one line on a phone: the line held for it
    }
  }

  function start() {
    const places = [...document.querySelectorAll(".capture-static-board[data-capture-module]")];
    if (!places.length) return;
    const live = places.some((root) => {
      const data = document.querySelector(`script.capture-board-data[data-board="${root.id}"]`);
      return data && JSON.parse(data.textContent).recipe;
    });
    engineWanted = live && canRunEngine();
    // No engine here (a page opened from a folder): no board will say how its engine is doing.
    if (!engineWanted) for (const held of document.querySelectorAll(".capture-live-status:empty")) held.remove();
    const [near, far] = bySight(places);
    const mounted = near.map(mountOnce);
    if (engineWanted) afterFirstPaint(Promise.all(mounted)).then(startEngine);
    mountWhenNear(far);
  }

  // ---- Loading fast (issue 26): where the engine comes from, when it starts, what is kept offline. ----
  // The build names the runtime's, the engine's and the service worker's addresses on this script
  // (book/_ext/templates/layout.html); each folder is named by a hash of its content.
  const runtime = script.dataset.captureRuntime || "";
  const engineFolder = script.dataset.captureEngine || "";
  const wheel = script.dataset.captureWheel || "";
  const serviceWorker = script.dataset.captureServiceWorker || "";

  function canRunEngine() {
    return served && typeof Worker !== "undefined" && !!runtime && !!engineFolder && !!wheel;
  }

  // The worker's first message: where its runtime (Pyodide) and its engine folder (capture_lib's wheel and
  // the trimmed standard library) are, and the wheel's name.
  function engineFolders() {
    return { type: "start", runtime: new URL(runtime, base).href, engine: new URL(engineFolder, base).href, wheel };
  }

  // ---- Drawing only the boards a reader comes near (issue 40) ----
  // A board further than a screen from the reader's view keeps the build's picture of it (sized at first
  // paint, so nothing moves) until the reader comes within a screen of it: drawing every board of a page at
  // once held a phone's page for up to a second (Command Capture's play page, four boards), and the engine
  // then built each board's game too. The engine opens a board once it is drawn.
  const NEAR = 1;  // screens

  // The places within NEAR screens of the view, the nearest first (a reader sees the first board drawn
  // first), and the others.
  function bySight(places) {
    const away = (root) => {
      const box = root.getBoundingClientRect();
      return Math.max(0, box.top - window.innerHeight, -box.bottom);
    };
    const sorted = places.map((root, i) => [away(root), i, root]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const near = (distance) => distance <= NEAR * window.innerHeight || typeof IntersectionObserver === "undefined";
    return [sorted.filter((e) => near(e[0])).map((e) => e[2]), sorted.filter((e) => !near(e[0])).map((e) => e[2])];
  }

  const mounting = new Map();  // place -> Promise of its board drawn
  function mountOnce(root) {
    if (!mounting.has(root)) {
      mounting.set(root, mount(root).catch((err) => {
        console.error(err);
        root.setAttribute("data-capture-error", String(err.message || err));
      }));
    }
    return mounting.get(root);
  }

  // Draws each of ``places`` when it comes within NEAR screens of the view, or when the keyboard reaches it
  // (its picture takes the focus while undrawn: Tab would otherwise pass a board that has no control yet).
  function mountWhenNear(places) {
    if (!places.length) return;
    const watcher = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        watcher.unobserve(entry.target);
        drawPlace(entry.target);
      }
    }, { rootMargin: `${NEAR * 100}% 0px` });
    for (const root of places) {
      root.tabIndex = 0;
      root.addEventListener("focus", () => {
        watcher.unobserve(root);
        mountOnce(root).then(() => {
          const first = root.querySelector("button:not([disabled]), [tabindex='0'], input, select, summary");
          if (first && document.activeElement === root) first.focus();
          root.removeAttribute("tabindex");
        });
      }, { once: true });
      watcher.observe(root);
    }
  }

  function drawPlace(root) {
    return mountOnce(root).then(() => { if (document.activeElement !== root) root.removeAttribute("tabindex"); });
  }

  // The board's status line: the one the page already holds just above the board, if any (its room then
  // taken before the first paint, so its words come without moving the page), else a new one.
  function statusLine(root) {
    const held = root.previousElementSibling;
    const status = held && held.classList.contains("capture-live-status") ? held : document.createElement("p");
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    return status;
  }

  // Resolves in a later task: drawing every board of a page in one go holds the page (taps, scrolling) for
  // as long as all of them take; one board a task lets the browser answer the reader in between.
  function yieldToPage() {
    return new Promise((resolve) => setTimeout(resolve, 0));
  }

  // Resolves once the boards are drawn and the browser has painted them: the engine's downloads and the
  // compiling of its runtime (seconds of a phone's processor) then never hold up the page's first picture.
  // A page in a background tab paints nothing, so a short timer stands in for the frame there.
  function afterFirstPaint(drawn) {
    return drawn.then(() => new Promise((resolve) => {
      const timer = setTimeout(resolve, 300);
      requestAnimationFrame(() => setTimeout(() => { clearTimeout(timer); resolve(); }, 0));
    }));
  }

  // The service worker (the build's capture-sw.js, from service-worker.js) keeps the runtime, the engine,
  // the boards' files and the pages read, so a second visit downloads none of them and a page read
  // before opens live without a network. Registered once the engine is ready, so that what it keeps comes
  // from the browser's cache. Browsers allow it on https and on this machine (127.0.0.1), not on a plain
  // http address on the school's network: there the browser's cache keeps the files (capture serve marks
  // them immutable), and nothing works offline.
  function keepOffline() {
    if (!serviceWorker || !("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.register(new URL(serviceWorker, location.href).href)
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const here = `${location.origin}/`;
        const used = performance.getEntriesByType("resource").map((entry) => entry.name);
        const urls = [location.href.split("#")[0], ...used].filter((url) => url.startsWith(here));
        registration.active.postMessage({ type: "keep", urls });
        window.captureOffline = true;  // for the browser tests and the bench
      })
      .catch((err) => console.warn(`The book could not be kept for offline reading: ${err.message || err}`));
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
