// The student's class page (capture class, "/"): join with the class code and a name, then the table the
// teacher or the class's pairing seats you at (the book's board for your seat, over the class socket), the
// position your teacher shows to everyone, a classmate to play, and the book's pages with your progress.
// The device keeps its secret in this browser (localStorage "capture-class"), so a reload, a closed lid or a
// lost network brings back the same seat and game. Progress the browser had before joining is sent only if
// the student says yes; progress made since is sent as it is made (by this page and the book's pages).
import { ClassSocket, mountBoard } from "./class-socket.js";
import { h } from "./dom.js";
import { JOINED as KEY, beforeKey, courseProgress, levelCount as count, readJSON, sinceJoining, storage, writeJSON } from "./progress.js";

const main = document.getElementById("class-main");
const who = document.getElementById("class-who");
const link = document.getElementById("class-link");

const state = { joined: readJSON(KEY, null), welcome: null, table: null, tableBoard: null, tableId: null,
  shown: null, shownBoard: null, shownId: null, seeking: null, notice: "", socket: null };

function say(text) { state.notice = text; render(); }

// ----- joining ---------------------------------------------------------------------------------------------
function joinForm() {
  const code = new URLSearchParams(location.search).get("code") || "";
  const error = h("p", { className: "class-error", role: "alert", id: "join-error" });
  const form = h("form", { className: "class-join", "aria-describedby": "join-error", onsubmit: async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    error.textContent = "";
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      const answer = await fetch("/class/join", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code: data.get("code"), name: data.get("name") }) });
      const body = await answer.json();
      if (!answer.ok) { error.textContent = body.error || "the class could not be joined"; return; }
      const joined = { secret: body.secret, you: body.you, class: body.class };
      writeJSON(KEY, joined);
      writeJSON(beforeKey(joined), courseProgress());  // what this browser had won before joining
      state.joined = joined;
      connect();
    } catch (err) {
      error.textContent = "the class server did not answer: check the address with your teacher";
    } finally {
      button.disabled = false;
    }
  } },
  h("h1", {}, "Join your class"),
  h("p", {}, "Type the class code your teacher shows, and your name as your teacher knows you."),
  h("label", {}, "Class code ", h("input", { name: "code", required: true, autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", maxlength: "12", value: code, className: "class-code-input" })),
  h("label", {}, "Your name ", h("input", { name: "name", required: true, autocomplete: "given-name", maxlength: "30" })),
  h("button", { type: "submit", className: "class-primary" }, "join"),
  error);
  return form;
}

// ----- the socket ------------------------------------------------------------------------------------------
function connect() {
  if (state.socket) state.socket.close();
  const socket = new ClassSocket({
    path: "/class/socket",
    hello: () => ({ type: "hello", secret: state.joined.secret, page: "class" }),
    onMessage: onMessage,
    onState: (status, detail) => {
      link.textContent = status === "open" ? "connected" : status === "gone" ? "" : "reconnecting\u2026";
      link.className = `class-link class-link-${status}`;
      if (status === "gone" && state.joined) { state.notice = `The class page stopped: ${detail}.`; render(); }
    },
  });
  state.socket = socket;
  socket.start();
  render();
}

function send(message) { return state.socket.send(message); }

async function onMessage(message) {
  switch (message.type) {
    case "welcome":
      state.welcome = message;
      state.joined = { ...state.joined, you: message.you, class: message.class };
      writeJSON(KEY, state.joined);
      // A device signed in again (a new device's link) keeps what it had won as "before": nothing from before
      // the class reaches the teacher without the student's yes.
      if (readJSON(beforeKey(state.joined), null) === null) writeJSON(beforeKey(state.joined), courseProgress());
      state.seeking = message.seeking;
      reportProgress();
      render();
      break;
    case "unknown":
      forget("This device is not in the class any more (the class may have been started again): join it again.");
      break;
    case "removed":
      forget("Your teacher took you off the class list.");
      break;
    case "renamed":
      state.joined.you.name = message.name;
      writeJSON(KEY, state.joined);
      render();
      break;
    case "table":
      state.table = message.table;
      render();
      break;
    case "left":
      if (state.tableId === message.table) dropTable();
      if (message.status === "ended") state.notice = "Your teacher ended the game at your table.";
      render();
      break;
    case "seeking":
      state.seeking = message.seeking;
      render();
      break;
    case "shown":
      if (!message.shown || (state.shown && state.shown.id !== message.shown.id)) dropShown();
      state.shown = message.shown;
      render();
      break;
    case "values":
      if (message.table) { state.table = message.table; render(); }  // the table's state comes with its values
      if (message.board === "table") await tableValues(message);
      else if (message.board === "level") await shownValues(message);
      break;
    case "record":
      download(message.filename, message.text);
      break;
    case "refused":
      say(message.text);
      break;
    default:
      break;
  }
}

function forget(text) {
  const store = storage();
  try { if (store) store.removeItem(KEY); } catch (err) { /* nothing kept */ }
  if (state.socket) state.socket.close();
  Object.assign(state, { joined: null, welcome: null, table: null, shown: null, seeking: null, socket: null });
  dropTable();
  dropShown();
  state.notice = text;
  render();
}

function reportProgress() {
  const joined = state.joined;
  const since = sinceJoining(joined);
  if (count(since)) send({ type: "progress", levels: since, before: false });
}

window.addEventListener("storage", (event) => {
  if (event.key && event.key.startsWith("capture-course:") && state.welcome) reportProgress();
});

// ----- the boards ------------------------------------------------------------------------------------------
async function tableValues(message) {
  if (state.tableId !== message.id || !state.tableBoard) {
    const table = state.table;
    dropTable();
    state.table = table;
    state.tableId = message.id;
    const holder = tableHolder();
    const game = (state.table && state.table.id === message.id && state.table.game) || message.values.game;
    state.tableBoard = mountBoard(holder, game, message.values,
      (inner) => send({ type: "board", table: message.id, message: inner }));
    render();
    return;
  }
  const { model } = await state.tableBoard;
  if (message.full) model.set("values", message.values);
  else model.apply(message.values);
}

async function shownValues(message) {
  if (state.shownId !== message.id || !state.shownBoard) {
    dropShown();
    state.shownId = message.id;
    state.shownBoard = mountBoard(shownHolder(), message.values.game, message.values,
      (inner) => send({ type: "level", message: inner }));
    render();
    return;
  }
  const { model } = await state.shownBoard;
  if (message.full) model.set("values", message.values);
  else model.apply(message.values);
}

// The boards' places never leave the page while their boards live: moving a board would take the keyboard's
// focus (and a screen reader's place) away from it after every move.
const tableEl = h("div", { className: "class-board", id: "table-board" });
const shownEl = h("div", { className: "class-board", id: "shown-board" });
function tableHolder() { return tableEl; }
function shownHolder() { return shownEl; }
function dropTable() {
  if (state.tableBoard) state.tableBoard.then(({ destroy }) => destroy()).catch(() => {});
  state.tableBoard = null;
  state.tableId = null;
  tableEl.replaceChildren();
  state.table = null;
}
function dropShown() {
  if (state.shownBoard) state.shownBoard.then(({ destroy }) => destroy()).catch(() => {});
  state.shownBoard = null;
  state.shownId = null;
  shownEl.replaceChildren();
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const anchor = h("a", { href: url, download: name, style: "display:none" });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ----- drawing the page ------------------------------------------------------------------------------------
function gameTitle(slug) {
  const games = (state.welcome && state.welcome.games) || [];
  return (games.find((g) => g.slug === slug) || { title: slug }).title;
}

function consentPanel() {
  const welcome = state.welcome;
  if (!welcome || welcome.shared_before !== null) return null;
  const before = readJSON(beforeKey(state.joined), {});
  const levels = count(before);
  if (!levels) return null;
  const answer = async (yes) => {
    await send({ type: "share", yes });
    if (yes) await send({ type: "progress", levels: before, before: true });
    welcome.shared_before = yes;
    render();
  };
  return h("section", { className: "class-panel class-consent", "aria-labelledby": "consent-title" },
    h("h2", { id: "consent-title" }, "Your progress from before"),
    h("p", {}, `This browser won ${levels} course level${levels === 1 ? "" : "s"} before you joined the class. `
      + "Your teacher sees them only if you say so; what you do from now on is shared with your teacher."),
    h("button", { type: "button", className: "class-primary", onclick: () => answer(true) }, "share them with my teacher"),
    h("button", { type: "button", onclick: () => answer(false) }, "keep them to myself"));
}

// The table's section: its seats, whose turn it is, a request to take a move back, the board, the end's buttons.
const tableSection = h("section", { className: "class-panel class-table", "aria-labelledby": "table-title", hidden: true });
const tableParts = { title: h("h2", { id: "table-title" }), seats: h("ul", { className: "class-seats" }),
  turn: h("p", { className: "class-turn", role: "status" }), ask: h("div"), actions: h("div", { className: "class-actions" }) };
tableSection.append(tableParts.title, tableParts.seats, tableParts.turn, tableParts.ask, tableEl, tableParts.actions);

function drawTable() {
  const table = state.table;
  tableSection.hidden = !table;
  if (!table) return;
  const mine = table.seat;
  tableParts.title.textContent = `Your table: ${table.title}`;
  tableParts.seats.replaceChildren(...table.seats.map((seat, i) => h("li", {},
    h("span", { className: `class-dot ${seat.online ? "class-online" : "class-offline"}`, "aria-hidden": "true" }),
    `${seat.label}: ${seat.name}${i === mine ? " (you)" : ""}`,
    h("span", { className: "cap-sr" }, seat.online ? ", online" : ", offline"))));
  let line = "";
  if (table.status === "ended") line = "Your teacher ended this game.";
  else if (table.status === "over") line = `Game over: ${table.result}`;
  else if (table.to_act === mine) line = "Your turn.";
  else if (table.to_act !== null) line = `${table.seats[table.to_act].name}'s turn (${table.seats[table.to_act].label}).`;
  if (tableParts.turn.textContent !== line) tableParts.turn.textContent = line;
  const asking = table.asking;
  if (asking && !asking.yours && !asking.answered && table.status === "playing") {
    tableParts.ask.replaceChildren(h("div", { className: "class-ask", role: "alertdialog", "aria-labelledby": "ask-text" },
      h("p", { id: "ask-text" }, `${asking.name} asks to take back their last move. Do you agree?`),
      h("button", { type: "button", id: "ask-yes", className: "class-primary", onclick: () => send({ type: "answer", table: table.id, what: "undo", yes: true }) }, "yes, take it back"),
      h("button", { type: "button", id: "ask-no", onclick: () => send({ type: "answer", table: table.id, what: "undo", yes: false }) }, "no, the move stands")));
  } else if (asking && asking.yours) {
    tableParts.ask.replaceChildren(h("p", { className: "class-waiting", role: "status" }, "Waiting for the other players to agree to take your move back\u2026"));
  } else {
    tableParts.ask.replaceChildren();
  }
  if (table.status !== "playing") {
    const again = table.rematch.includes(mine);
    tableParts.actions.replaceChildren(
      table.can_save ? h("button", { type: "button", id: "table-record", onclick: () => send({ type: "record", table: table.id }) }, "save the game as a record") : "",
      table.status === "over" ? h("button", { type: "button", id: "table-again", className: again ? "" : "class-primary", disabled: again,
        onclick: () => send({ type: "rematch", table: table.id }) }, again ? "waiting for the others to play again\u2026" : "play again") : "",
      h("button", { type: "button", id: "table-leave", onclick: () => send({ type: "leave", table: table.id }) }, "leave the table"));
  } else {
    tableParts.actions.replaceChildren();
  }
}

const shownSection = h("section", { className: "class-panel class-shown", "aria-labelledby": "shown-title", hidden: true });
const shownLine = h("p", { className: "class-shown-title", role: "status" });
shownSection.append(h("h2", { id: "shown-title" }, "Your teacher shows everyone a position"), shownLine, shownEl);

function drawShown() {
  const shown = state.shown;
  shownSection.hidden = !shown;
  if (!shown) return;
  const words = { solved: "Solved!", "shown the answer": "You saw the answer." };
  const line = shown.title + (words[shown.state.status] ? ` \u00b7 ${words[shown.state.status]}` : "");
  if (shownLine.textContent !== line) shownLine.textContent = line;
}

function lobbyPanel() {
  const games = (state.welcome && state.welcome.games) || [];
  const busy = state.table && state.table.status === "playing";
  if (busy) return null;
  if (state.seeking) {
    return h("section", { className: "class-panel", "aria-labelledby": "lobby-title" },
      h("h2", { id: "lobby-title" }, "Play a classmate"),
      h("p", { role: "status" }, `Waiting for a classmate to play ${gameTitle(state.seeking.game)}`
        + `${state.seeking.players > 2 ? ` (${state.seeking.players} players)` : ""}\u2026 Your teacher may seat you too.`),
      h("button", { type: "button", onclick: () => send({ type: "unseek" }) }, "stop waiting"));
  }
  const wanted = new URLSearchParams(location.search).get("seek");
  const choices = games.flatMap((g) => g.players.map((n) => ({ value: `${g.slug}/${n}`, label: g.players.length > 1 ? `${g.title}, ${n} players` : g.title })));
  const chosen = state.lobbyChoice || (wanted ? `${wanted}/2` : "");
  const select = h("select", { id: "lobby-game", onchange: () => { state.lobbyChoice = select.value; } },
    choices.map((c) => h("option", { value: c.value, selected: c.value === chosen }, c.label)));
  return h("section", { className: "class-panel", "aria-labelledby": "lobby-title" },
    h("h2", { id: "lobby-title" }, "Play a classmate"),
    h("p", {}, "Each of you plays on your own device; each device shows only its own player's cards and pieces."),
    h("label", { for: "lobby-game" }, "Game "), select,
    h("button", { type: "button", className: "class-primary", onclick: () => {
      const [game, players] = select.value.split("/");
      send({ type: "seek", game, players: Number(players) });
    } }, "find me a classmate"));
}

function bookPanel() {
  const welcome = state.welcome;
  if (!welcome || !welcome.book) return null;
  const progress = courseProgress();
  return h("section", { className: "class-panel", "aria-labelledby": "book-title" },
    h("h2", { id: "book-title" }, "The book"),
    h("p", {}, "Courses and exercises you do in the book count for your teacher too."),
    h("ul", { className: "class-book" }, welcome.games.map((g) => {
      const won = Object.keys(progress[g.slug] || {}).length;
      return h("li", {}, h("strong", {}, g.title), " ",
        h("a", { href: `/book/${g.slug}/course.html` }, "course"), won ? ` (${won} level${won === 1 ? "" : "s"} won)` : "", " \u00b7 ",
        h("a", { href: `/book/${g.slug}/exercises.html` }, "exercises"), " \u00b7 ",
        h("a", { href: `/book/${g.slug}/play.html` }, "play the computer"));
    })),
    h("p", {}, h("a", { href: "/index.html" }, "the book's front page")));
}

const noticeEl = h("div");
const consentEl = h("div");
const lobbyEl = h("div");
const bookEl = h("div");
const layout = [noticeEl, consentEl, shownSection, tableSection, lobbyEl, bookEl];

// Redraw what changed around the boards; the boards draw themselves from their models.
function swap(holder, node) {
  const active = document.activeElement;
  const keep = active && holder.contains(active) ? active.id : null;
  holder.replaceChildren(...(node ? [node] : []));
  if (keep) { const again = document.getElementById(keep); if (again) again.focus(); }
}

function render() {
  if (!state.joined) {
    who.textContent = "";
    main.replaceChildren(...[state.notice ? h("p", { className: "class-notice", role: "status" }, state.notice) : null, joinForm()].filter(Boolean));
    return;
  }
  who.textContent = `${state.joined.you.name} \u00b7 class ${state.joined.class.code}`;
  if (!state.welcome) {
    main.replaceChildren(h("p", { className: "class-loading" }, "Connecting to the class\u2026"));
    return;
  }
  if (main.firstElementChild !== noticeEl) main.replaceChildren(...layout);
  swap(noticeEl, state.notice ? h("p", { className: "class-notice", role: "status" }, state.notice,
    " ", h("button", { type: "button", id: "notice-ok", onclick: () => { state.notice = ""; render(); } }, "ok")) : null);
  swap(consentEl, consentPanel());
  drawShown();
  // The table's parts are drawn again after every move: the keyboard's focus stays on the same button.
  const active = document.activeElement;
  const keep = active && tableSection.contains(active) && !tableEl.contains(active) ? active.id : null;
  drawTable();
  if (keep) { const again = document.getElementById(keep); if (again && again !== document.activeElement) again.focus(); }
  swap(lobbyEl, lobbyPanel());
  swap(bookEl, bookPanel());
}

// A link the teacher's console made for a student's new device: "#device=SECRET" signs this browser in.
if (location.hash.startsWith("#device=")) {
  const given = decodeURIComponent(location.hash.slice("#device=".length));
  history.replaceState(null, "", location.pathname + location.search);
  if (given) {
    state.joined = { secret: given, you: { id: 0, name: "" }, class: { code: "", name: "" } };
    writeJSON(KEY, state.joined);
  }
}
if (state.joined && state.joined.secret) connect();
else render();
