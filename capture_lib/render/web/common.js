// The chrome every board shares: worked-example stepping, the message line, typed notation,
// undo (with the reason when it is off) / new game (asking first) / save / load, the "pass the
// screen" curtain and the move log. Each game's module is appended
// to this file and defines drawBoard(view, ctx); the two together form one self-contained ES module,
// mounted by anywidget in JupyterLab and by the static host in the book.

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "className") node.className = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SUIT_SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

function prettyCard(label) {
  if (!label || label.length < 2) return label;
  const suit = label[label.length - 1];
  return SUIT_SYMBOLS[suit] ? label.slice(0, -1) + SUIT_SYMBOLS[suit] : label;
}

function isRedCard(label) {
  return !!label && (label.endsWith("H") || label.endsWith("D"));
}

// unit names what one frame is: a "step" of an example, a "picture" of a lesson (a question, then its answer).
function stepper(frames, index, go, unit = "step") {
  const last = frames.length - 1;
  const frame = frames[index];
  const button = (label, text, target, disabled) =>
    h("button", { type: "button", className: "cap-step", "aria-label": label, disabled, onclick: () => go(target) }, text);
  return h("div", { className: "cap-stepper" },
    h("div", { className: "cap-step-buttons" },
      button("first step", "\u00AB first", 0, index === 0),
      button("previous step", "\u2039 back", Math.max(0, index - 1), index === 0),
      button("next step", "forward \u203A", Math.min(last, index + 1), index === last),
      button("last step", "last \u00BB", last, index === last)),
    h("div", { className: "cap-step-caption", "aria-live": "polite" },
      // An example's step 0 is its start; a lesson's pictures are counted from 1.
      h("span", { className: "cap-step-count" }, unit === "picture" ? `picture ${index + 1} of ${last + 1}` : `${unit} ${index} of ${last}`),
      frame.action ? h("code", { className: "cap-step-action" }, frame.action) : null,
      h("span", { className: "cap-step-note" }, frame.note || "")));
}

function controls(model, ctx) {
  const input = h("input", { type: "text", className: "cap-notation", placeholder: "type a move in notation",
    "aria-label": "move in notation", spellcheck: "false" });
  // Every update from the engine redraws the board: what the player is typing lives in ui, not in
  // the input element, so an update that arrives mid-word (a saved game's claim, the computer's
  // thinking) neither loses the text nor sends an empty move.
  input.value = ctx.ui.notation || "";
  input.addEventListener("input", () => { ctx.ui.notation = input.value; });
  const submit = () => {
    const text = input.value.trim();
    ctx.ui.notation = "";
    if (text) model.send({ type: "play", action: text });
  };
  input.addEventListener("keydown", (event) => { if (event.key === "Enter") submit(); });
  const level = model.get("level");
  const chooser = model.get("mode") === "computer" && level && !ctx.lesson
    ? h("label", { className: "cap-level" }, "computer: ",
      h("select", { "aria-label": "the computer's level",
        onchange: (event) => model.send({ type: "level", level: event.target.value }) },
      LEVELS.map((name) => h("option", { value: name, selected: name === level }, levelLabel(name)))))
    : null;
  const undoNote = model.get("undo_note") || "";
  const undo = h("button", { type: "button", className: "cap-undo", disabled: !model.get("can_undo"),
    title: undoNote || "take back your last move", "aria-describedby": undoNote ? "cap-undo-why" : null,
    onclick: () => model.send({ type: "undo" }) }, "undo");
  // New game in the middle of a game asks first: the game in progress would be lost.
  const newGame = h("button", { type: "button", className: "cap-new",
    onclick: () => {
      if (model.get("under_way")) { ctx.ui.confirmNew = true; ctx.redraw(); } else model.send({ type: "new" });
    } }, "new game");
  return [
    h("div", { className: "cap-controls" },
      input,
      h("button", { type: "button", onclick: submit }, "play"),
      ctx.lesson ? null : [undo, newGame, saveButton(model), loadButton(model, ctx)],  // a lesson has its own (lesson.js)
      chooser),
    !ctx.lesson && undoNote && !model.get("curtain")
      ? h("div", { className: "cap-undo-why", id: "cap-undo-why" }, `Undo is off: ${undoNote}.`) : null,
    !ctx.lesson && ctx.ui.confirmNew ? confirmNew(model, ctx) : null,
    ctx.lesson || model.get("teaching") ? null : resumeOffer(model, ctx),
  ];
}

// A live board keeps its game after every move and sends a claim on it (resume); the page keeps the claim
// in the browser's storage, one per game, number of players and mode, and offers it on a fresh board
// of the same kind after a reload.
function resumeKey(model) {
  const view = model.get("view") || {};
  return view.game ? `capture-resume:${view.game}:${(view.players || []).length}:${model.get("mode")}` : null;
}

function storage() {
  try { return window.localStorage; } catch (err) { return null; }  // storage may be switched off
}

function keepResume(model) {
  const key = resumeKey(model), store = storage();
  if (!key || !store) return;
  const claim = model.get("resume");
  try { if (claim) store.setItem(key, claim); else store.removeItem(key); } catch (err) { /* storage full */ }
}

function resumeOffer(model, ctx) {
  const key = resumeKey(model), store = storage();
  if (!key || !store || model.get("under_way") || model.get("resume") || ctx.ui.resumeDismissed) return null;
  let claim = null;
  try { claim = JSON.parse(store.getItem(key) || "null"); } catch (err) { claim = null; }
  if (!claim || typeof claim.actions !== "number") return null;
  const text = store.getItem(key);
  return h("div", { className: "cap-confirm cap-resume", role: "region", "aria-label": "resume a game" },
    h("p", {}, "This browser kept a game in progress on a board like this one. Resume it?"),
    h("button", { type: "button", className: "cap-primary", onclick: () => model.send({ type: "load", text }) },
      "resume the kept game"),
    h("button", { type: "button", onclick: () => { ctx.ui.resumeDismissed = true; ctx.redraw(); } }, "not now"));
}

function confirmNew(model, ctx) {
  const done = (send) => { ctx.ui.confirmNew = false; if (send) model.send({ type: "new" }); ctx.redraw(); };
  return h("div", { className: "cap-confirm", role: "alertdialog", "aria-label": "start a new game?" },
    h("p", {}, "Start a new game? The game on the board is lost unless you save it first."),
    h("button", { type: "button", className: "cap-primary", onclick: () => done(true) }, "start a new game"),
    h("button", { type: "button", onclick: () => done(false) }, "keep playing"));
}

// Save: Python answers {type: "save"} with the file's text (a whole game's record, or a claim on a game kept
// on the machine that runs the board: see vault.py); the page offers it as a download.
function saveButton(model) {
  return h("button", { type: "button", className: "cap-save", title: "save this game to a file",
    onclick: () => model.send({ type: "save" }) }, "save");
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: name.endsWith(".json") ? "application/json" : "text/plain" }));
  const link = h("a", { href: url, download: name, style: "display:none" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const MAX_SAVE_BYTES = 1000000;

function loadButton(model, ctx) {
  const picker = h("input", { type: "file", accept: ".json,.txt,application/json,text/plain", className: "cap-load-file",
    "aria-label": "load a saved game from a file",
    onchange: async (event) => {
      const file = event.target.files && event.target.files[0];
      event.target.value = "";
      if (!file) return;
      if (file.size > MAX_SAVE_BYTES) {
        ctx.ui.localMessage = "that file is too long to be a saved game";
        ctx.redraw();
        return;
      }
      model.send({ type: "load", text: await file.text() });
    } });
  return h("label", { className: "cap-load" }, picker, h("span", { className: "cap-load-label" }, "load"));
}

const LEVELS = ["random", "rule", "easy", "medium", "hard"];

// What the chooser says of a level: its Elo rating from the stored round robin ("hard · about 1700").
// Python puts LEVEL_LABELS in front of the module (capture_lib.search.level_ratings.level_labels, from the JSON shipped
// in the package), so JupyterLab, Voila and the static book show the same words; a bare name otherwise.
function levelLabel(name) {
  return (typeof LEVEL_LABELS === "object" && LEVEL_LABELS !== null && LEVEL_LABELS[name]) || name;
}

// What a screen reader hears after each change: the last move and the board's status line (whose turn it is).
// The region stays in the page between redraws (a region made anew is not announced).
const STATUS_LINES = ".cmc-status, .mc-status, .ctc-status, .cc-status";

function announce(region, el, view) {
  const items = (view.log || []).filter((line) => !line.startsWith("deal"));
  const status = el.querySelector(STATUS_LINES);
  const text = [items.length ? `Last move: ${items[items.length - 1]}.` : "",
    status ? status.textContent.trim() : ""].filter(Boolean).join(" ");
  if (region.textContent !== text) region.textContent = text;
}

function logList(view) {
  const items = (view.log || []).filter((line) => !line.startsWith("deal"));
  return h("details", { className: "cap-log" },
    h("summary", {}, `move log (${items.length})`),
    h("ol", {}, items.map((line) => h("li", {}, h("code", {}, line)))));
}

export default {
  render({ model, el }) {
    el.classList.add("capture-board");
    let frameIndex = 0;
    const ui = {};
    const region = h("div", { className: "cap-live", "aria-live": "polite", "aria-atomic": "true" });
    el.append(region);
    const draw = () => {
      const frames = model.get("frames") || [];
      const stepping = frames.length > 0;
      if (frameIndex >= frames.length) frameIndex = 0;
      const view = stepping ? frames[frameIndex].view : model.get("view");
      const live = !stepping && model.get("mode") !== "static";
      const legal = live ? model.get("legal") || [] : [];
      const ctx = { model, view, legal, live, ui, redraw: draw,
        send: (action) => { model.send({ type: "play", action }); } };
      const parts = [];
      // Tutorials and exercises: lesson.js, appended to the module, draws the lesson panel.
      ctx.lesson = typeof drawLesson === "function" && model.get("lesson") ? model.get("lesson") : null;
      if (ctx.lesson) parts.push(drawLesson(model, ctx));
      if (model.get("teaching")) {
        parts.push(h("div", { className: "cap-teaching", role: "note" },
          "Teaching view: every hidden card is shown. Turn it off for a real game."));
      }
      const curtain = live ? model.get("curtain") : "";
      if (curtain) {
        parts.push(h("div", { className: "cap-curtain" },
          h("p", {}, `Hand the screen to ${curtain}. The other player looks away.`),
          h("button", { type: "button", className: "cap-primary", onclick: () => model.send({ type: "ready" }) },
            `I am ${curtain}: show my cards`)));
      }
      parts.push(drawBoard(view, ctx));
      if (stepping && frames.length > 1) {
        parts.push(stepper(frames, frameIndex, (i) => { frameIndex = i; draw(); }, ctx.lesson ? "picture" : "step"));
      } else if (live) {
        const message = model.get("message");
        if (model.get("thinking")) parts.push(h("div", { className: "cap-message" }, "the computer is thinking\u2026"));
        if (ui.localMessage) {
          parts.push(h("div", { className: "cap-message cap-error", role: "status" }, ui.localMessage));
          ui.localMessage = "";
        } else if (message) {
          parts.push(h("div", { className: `cap-message cap-${model.get("message_kind")}`, role: "status" }, message));
        }
        parts.push(...controls(model, ctx).filter(Boolean));
        parts.push(logList(view));
      }
      const typing = document.activeElement && el.contains(document.activeElement)
        && document.activeElement.classList.contains("cap-notation");
      for (const child of [...el.childNodes]) if (child !== region) child.remove();
      region.before(...parts);
      if (typing) {  // the redrawn field keeps the keyboard, the caret at the end of the text
        const field = el.querySelector("input.cap-notation");
        if (field) { field.focus(); field.setSelectionRange(field.value.length, field.value.length); }
      }
      announce(region, el, view);
    };
    const events = ["view", "legal", "frames", "message", "message_kind", "curtain", "can_undo", "teaching",
      "thinking", "lesson", "level", "undo_note", "under_way", "resume"];
    // One update from Python changes several values; redraw once per frame, not once per value.
    let queued = false;
    const schedule = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; draw(); });
    };
    for (const name of events) model.on(`change:${name}`, schedule);
    const keep = () => keepResume(model);
    model.on("change:resume", keep);
    const custom = (message) => {
      if (message && message.type === "save" && typeof message.text === "string") download(message.filename, message.text);
    };
    model.on("msg:custom", custom);
    draw();
    return () => {
      for (const name of events) model.off(`change:${name}`, schedule);
      model.off("msg:custom", custom);
      model.off("change:resume", keep);
    };
  },
};
