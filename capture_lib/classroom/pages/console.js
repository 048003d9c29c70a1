// The teacher's console (capture class, "/teacher#SECRET"): the class list and who is online, each student's
// progress per game, the live tables (their public boards), pairing by hand and automatically, ending tables,
// showing a position to everyone with who solved it, and the results as CSV. The secret comes in the link's
// fragment (never sent to the server in an address); the page keeps it for this tab only and takes it out of
// the address bar at once, so a projected screen never shows it.
import { ClassSocket, mountBoard } from "./class-socket.js";
import { h } from "./dom.js";

const main = document.getElementById("console-main");
const who = document.getElementById("class-who");
const link = document.getElementById("class-link");

function takeSecret() {
  const fromLink = location.hash.startsWith("#") ? decodeURIComponent(location.hash.slice(1)) : "";
  if (fromLink) {
    try { sessionStorage.setItem("capture-console", fromLink); } catch (err) { /* kept in memory only */ }
    history.replaceState(null, "", location.pathname);
    return fromLink;
  }
  try { return sessionStorage.getItem("capture-console") || ""; } catch (err) { return ""; }
}

// Redraw `container` with `draw()`, the keyboard's focus kept on the element of the same id (the console's
// parts are drawn again whenever the class changes: a teacher tabbing through them must not lose their place).
function keepFocus(container, draw) {
  const active = document.activeElement;
  const id = active && container.contains(active) ? active.id : null;
  draw();
  if (id) { const again = document.getElementById(id); if (again) again.focus(); }
}

const secret = takeSecret();
const view = { data: null, watched: new Map(), mine: null, notice: "", managing: null };
let socket = null;

// ----- the page's parts: made once (forms keep what the teacher typed), filled on every view -------------
const noticeEl = h("p", { className: "class-notice", role: "status", hidden: true });
const joinEl = h("section", { className: "class-panel console-join", "aria-label": "how students join" });
const studentsEl = h("div", { className: "console-scroll" });
const tablesEl = h("ul", { className: "console-tables" });
const watchEl = h("div");
const shownEl = h("div");
const pairingEl = h("div");
const showEl = h("div");
const boardEl = h("div", { className: "class-board", id: "teacher-board" });

function section(id, title, ...children) {
  return h("section", { className: "class-panel", "aria-labelledby": id }, h("h2", { id }, title), ...children);
}

function layout() {
  // The class list spans the page: a column for each game's progress, every one in view on a laptop.
  main.replaceChildren(noticeEl, joinEl, section("students-title", "Students", studentsEl),
    h("div", { className: "console-grid" },
      h("div", {},
        section("tables-title", "Tables", tablesEl, watchEl)),
      h("div", {},
        section("pairing-title", "Seat students at tables", pairingEl),
        section("shown-title", "Show a position to everyone", shownEl, showEl),
        section("board-title", "Your board", boardForm(), boardEl, shareForm()),
        section("results-title", "Results",
          h("p", {}, "One row per student and game: course levels and stars, exercises, table games, shown positions."),
          h("button", { type: "button", id: "results-csv", onclick: downloadResults }, "download the results (CSV)")))));
}

function say(text) {
  noticeEl.hidden = !text;
  noticeEl.textContent = text || "";
}

function send(message) {
  return socket.send(message).then((answer) => {
    if (answer.type === "refused") say(answer.text);
    else say("");
    return answer;
  });
}

const gameTitle = (slug) => ((view.data && view.data.games.find((g) => g.slug === slug)) || { title: slug }).title;

// ----- how to join, to project ----------------------------------------------------------------------------
function drawJoin() {
  const cls = view.data.class;
  joinEl.replaceChildren(
    h("span", {}, "Students open ", h("span", { className: "console-address" }, cls.address || location.origin)),
    h("span", {}, "and type the code ", h("span", { className: "console-code", id: "class-code" }, cls.code)));
  who.textContent = `class \u201c${cls.name}\u201d \u00b7 ${view.data.students.length} students, `
    + `${view.data.students.filter((s) => s.online).length} online`;
}

// ----- students -------------------------------------------------------------------------------------------
function progressWords(p, game) {
  if (!p) return "\u2013";
  const levels = Object.keys(p.levels || {}).length;
  const stars = Object.values(p.levels || {}).reduce((a, b) => a + b, 0);
  const exercises = Object.values(p.exercises || {});
  const right = exercises.filter((e) => e[1]).length;
  const parts = [];
  if (levels) parts.push(`${levels}/${game.levels.length} levels \u2605${stars}`);
  const before = Object.keys(p.before || {}).length;
  if (before) parts.push(`(+${before} before)`);
  if (exercises.length) parts.push(`exercises ${right} right of ${exercises.length} tried`);
  if (p.finished || p.ended) parts.push(`games ${p.finished}${p.won ? `, ${p.won} won` : ""}`);
  if (p.solved) parts.push(`shown ${p.solved}/${p.shown} solved`);
  return parts.length ? parts.join(" \u00b7 ") : "\u2013";
}

function drawStudents() {
  const data = view.data;
  if (!data.students.length) {
    studentsEl.replaceChildren(h("p", { className: "console-muted" }, "Nobody has joined yet."));
    return;
  }
  const games = data.games;
  const row = (s) => {
    const where = s.table ? `table ${s.table}` : s.seeking ? `waiting: ${gameTitle(s.seeking.game)}` : "";
    return h("tr", { "data-student": s.id },
      h("th", { scope: "row" }, s.name),
      h("td", {}, h("span", { className: `class-dot ${s.online ? "class-online" : "class-offline"}`, "aria-hidden": "true" }),
        s.online ? "online" : "offline"),
      h("td", {}, where),
      games.map((g) => h("td", { className: "console-progress" }, progressWords((s.progress || {})[g.slug], g))),
      h("td", {}, h("details", { className: "console-manage", open: view.managing === s.id,
        ontoggle: (event) => { if (event.target.open) view.managing = s.id; else if (view.managing === s.id) view.managing = null; } },
      h("summary", { "aria-label": `manage ${s.name}`, id: `manage-${s.id}` }, "\u2026"),
        h("button", { type: "button", "aria-label": `rename ${s.name}`, onclick: () => {
          const name = prompt(`A new name for ${s.name}:`, s.name);
          if (name && name !== s.name) send({ type: "rename", student: s.id, name });
        } }, "rename"),
        h("button", { type: "button", "aria-label": `remove ${s.name}`, onclick: () => {
          if (confirm(`Take ${s.name} off the class list? Their table's game ends; their results stay in the CSV.`)) send({ type: "remove", student: s.id });
        } }, "remove"),
        h("button", { type: "button", "aria-label": `a new device for ${s.name}`, onclick: () => newDevice(s) }, "new device"))));
  };
  const active = document.activeElement;
  const focused = active && studentsEl.contains(active) ? active.id || (active.closest("[data-student]") && `manage-${active.closest("[data-student]").dataset.student}`) : null;
  studentsEl.replaceChildren(h("table", {},
    h("caption", { className: "cap-sr" }, "The class: each student, online or not, where they are, and their progress per game"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "name"), h("th", { scope: "col" }, "online"),
      h("th", { scope: "col" }, "now"), games.map((g) => h("th", { scope: "col" }, g.title)), h("th", { scope: "col" }, ""))),
    h("tbody", {}, data.students.map(row))));
  if (focused) { const again = document.getElementById(focused); if (again) again.focus(); }
}

async function newDevice(student) {
  if (!confirm(`Sign ${student.name} in on another device? The device they used stops working for the class.`)) return;
  const answer = await send({ type: "device", student: student.id });
  if (answer.type !== "ack") return;
}

// ----- tables ---------------------------------------------------------------------------------------------
function drawTables() {
  const tables = view.data.tables;
  const items = tables.map((t) => {
    const seats = t.seats.map((seat) => `${seat.label}: ${seat.name}${seat.online ? "" : " (offline)"}`).join(", ");
    const state = t.status === "playing" ? (t.to_act !== null ? `${t.seats[t.to_act].name} to act` : "")
      : t.status === "over" ? `over: ${t.result}` : "ended";
    const watching = view.watched.has(t.id);
    return h("li", { "data-table": t.id }, h("div", { className: "console-row" },
      h("strong", {}, `Table ${t.id} \u00b7 ${t.title}`), h("span", {}, seats),
      h("span", { className: "console-muted" }, `${t.moves} move${t.moves === 1 ? "" : "s"} \u00b7 ${state}`),
      t.asking ? h("span", {}, `${t.asking.name} asks to take a move back`) : null,
      h("button", { type: "button", id: `watch-${t.id}`, "aria-pressed": watching ? "true" : "false", onclick: () => toggleWatch(t) },
        watching ? "stop watching" : "watch"),
      t.status === "over" && !t.revealed ? h("button", { type: "button", id: `reveal-${t.id}`, onclick: () => send({ type: "reveal", table: t.id }) }, "show the hands to everyone") : null,
      h("button", { type: "button", id: `end-${t.id}`, onclick: () => send({ type: "end", table: t.id }) }, t.status === "playing" ? "end this game" : "clear")));
  });
  tablesEl.replaceChildren(...(items.length ? items : [h("li", { className: "console-muted" }, "No tables yet: seat students below, or let them ask for a classmate.")]));
  if (tables.some((t) => t.status === "playing")) {
    tablesEl.append(h("li", {}, h("button", { type: "button", id: "end-all", onclick: () => {
      if (confirm("End every table's game?")) send({ type: "end_all" });
    } }, "end all tables")));
  }
  for (const id of [...view.watched.keys()]) if (!tables.some((t) => t.id === id)) unwatch(id);
}

function toggleWatch(table) {
  if (view.watched.has(table.id)) { unwatch(table.id); send({ type: "unwatch", table: table.id }); }
  else {
    const holder = h("div", { className: "class-board", "data-watch": table.id });
    const box = h("div", { className: "console-watch" }, h("h3", {}, `Table ${table.id}: ${table.title} (what everyone at the table sees)`), holder);
    view.watched.set(table.id, { box, holder, board: null, game: table.game });
    watchEl.append(box);
    send({ type: "watch", table: table.id });
  }
  drawTables();
}

function unwatch(id) {
  const watched = view.watched.get(id);
  if (!watched) return;
  if (watched.board) watched.board.then(({ destroy }) => destroy()).catch(() => {});
  watched.box.remove();
  view.watched.delete(id);
}

// ----- pairing --------------------------------------------------------------------------------------------
function gameChoices(id) {
  return h("select", { id }, view.data.games.flatMap((g) => g.players.map((n) =>
    h("option", { value: `${g.slug}/${n}` }, g.players.length > 1 ? `${g.title}, ${n} players` : g.title))));
}

function drawPairing() {
  if (!pairingEl.firstChild) {
    const game = gameChoices("pair-game");
    const auto = h("input", { type: "checkbox", id: "pair-auto", onchange: () => send({ type: "auto", on: auto.checked }) });
    const hand = h("fieldset", { className: "console-hand" }, h("legend", {}, "Seat by hand (tick the players in seat order)"));
    pairingEl.append(
      h("div", { className: "console-form" }, h("label", { for: "pair-game" }, "Game"), game),
      h("div", { className: "console-form" },
        h("button", { type: "button", className: "class-primary", id: "pair-all", onclick: () => {
          const [slug, players] = game.value.split("/");
          send({ type: "pair_all", game: slug, players: Number(players) });
        } }, "seat everyone who is free"),
        h("span", { className: "console-muted" }, "in random groups; anyone left over waits for the next")),
      hand,
      h("div", { className: "console-form" }, h("label", {}, auto, " seat students who ask for a classmate as soon as another asks for the same game")));
    pairingEl.hand = hand;
    pairingEl.auto = auto;
    pairingEl.game = game;
    pairingEl.order = [];
  }
  pairingEl.auto.checked = !!view.data.class.auto_pair;
  const free = view.data.students.filter((s) => !s.table || !view.data.tables.some((t) => t.id === s.table && t.status === "playing"));
  pairingEl.order = pairingEl.order.filter((id) => free.some((s) => s.id === id));
  const boxes = free.map((s) => h("label", { className: "console-pick" },
    h("input", { type: "checkbox", id: `pick-${s.id}`, value: s.id, checked: pairingEl.order.includes(s.id), onchange: (event) => {
      if (event.target.checked) pairingEl.order.push(s.id);
      else pairingEl.order = pairingEl.order.filter((id) => id !== s.id);
    } }), ` ${s.name}${s.online ? "" : " (offline)"} `));
  const legend = pairingEl.hand.querySelector("legend");
  pairingEl.hand.replaceChildren(legend, ...(boxes.length ? [...boxes, h("button", { type: "button", id: "pair-hand", onclick: () => {
    const [slug] = pairingEl.game.value.split("/");
    send({ type: "pair", game: slug, players: pairingEl.order.length, students: [...pairingEl.order] })
      .then((answer) => { if (answer.type === "ack") pairingEl.order = []; });
  } }, "seat the ticked students at a table of the chosen game")]
    : [h("span", { className: "console-muted" }, "Everyone is at a table.")]));
}

// ----- showing a position to everyone ---------------------------------------------------------------------
function drawShowForm() {
  if (showEl.firstChild) return;
  const games = view.data.games;
  const game = h("select", { id: "show-game" }, games.map((g) => h("option", { value: g.slug }, g.title)));
  const what = h("select", { id: "show-what" });
  const fill = () => {
    const g = games.find((x) => x.slug === game.value);
    what.replaceChildren(
      h("optgroup", { label: "course levels" }, g.levels.map(([key, title]) => h("option", { value: `level/${key}` }, title))),
      h("optgroup", { label: "exercises" }, g.exercises.map(([key, title]) => h("option", { value: `exercise/${key}` }, title))));
  };
  game.addEventListener("change", fill);
  fill();
  showEl.append(h("div", { className: "console-form" },
    h("label", { for: "show-game" }, "Game"), game, h("label", { for: "show-what" }, "From the book"), what,
    h("button", { type: "button", className: "class-primary", id: "show-book", onclick: () => {
      const [kind, key] = what.value.split(/\/(.*)/s);
      send({ type: "show", game: game.value, kind, spec: kind === "level" ? { level: key } : { exercise: key } });
    } }, "show this to everyone")));
}

function drawShown() {
  const shown = view.data.shown;
  if (!shown) {
    shownEl.replaceChildren(h("p", { className: "console-muted" }, "Nothing is shown now. Choose a course level or an exercise, or set up a position on your board."));
    return;
  }
  const states = shown.students || {};
  const solved = view.data.students.filter((s) => (states[s.id] || {}).status === "solved");
  const rows = view.data.students.map((s) => {
    const st = states[s.id] || { status: "not tried yet", tries: 0 };
    const words = st.status === "solved" ? `solved${st.stars ? ` ${"\u2605".repeat(st.stars)}` : ""}` : st.status;
    return h("li", {}, h("span", { className: st.status === "solved" ? "console-solved" : "" }, `${s.name}: ${words}`),
      st.tries ? h("span", { className: "console-muted" }, ` (${st.tries} tr${st.tries === 1 ? "y" : "ies"})`) : null);
  });
  shownEl.replaceChildren(h("p", {}, h("strong", {}, `Shown: ${shown.title}`), ` \u00b7 ${solved.length} of ${view.data.students.length} solved it`),
    h("ul", { className: "console-solvers", "aria-label": "who solved it" }, rows),
    h("button", { type: "button", id: "unshow", onclick: () => send({ type: "unshow" }) }, "stop showing it"));
}

// ----- the teacher's own board ----------------------------------------------------------------------------
function boardForm() {
  const form = h("div", { className: "console-form" });
  form.id = "board-form";
  return form;
}

function drawBoardForm() {
  const form = document.getElementById("board-form");
  if (!form || form.firstChild) return;
  const game = h("select", { id: "board-game" }, view.data.games.map((g) => h("option", { value: g.slug }, g.title)));
  form.append(h("label", { for: "board-game" }, "Game"), game,
    h("button", { type: "button", id: "board-open", onclick: () => send({ type: "board", open: game.value }) }, "open a new game on your board"),
    h("span", { className: "console-muted" }, "Every card and piece is face up on your board; you play both sides."));
}

function shareForm() {
  const goal = h("input", { id: "share-goal", size: "40", maxlength: "300", placeholder: "Find the move that wins the battle" });
  const hint = h("input", { id: "share-hint", size: "40", maxlength: "300", placeholder: "Which of your cards beats theirs?" });
  return h("div", { className: "console-share" },
    h("p", {}, "Play on your board the move you want the class to find, then show the position before it: each student gets that position on their own board (seeing only their side) and must find your move."),
    h("div", { className: "console-form" }, h("label", { for: "share-goal" }, "What to find"), goal),
    h("div", { className: "console-form" }, h("label", { for: "share-hint" }, "A hint (optional)"), hint),
    h("button", { type: "button", id: "share-position", onclick: () => {
      if (!view.mine) { say("Open your board first."); return; }
      send({ type: "show", game: view.mine.game, kind: "position", spec: { goal: goal.value, hint: hint.value } });
    } }, "show the position before my last move to everyone"));
}

// ----- messages -------------------------------------------------------------------------------------------
async function onMessage(message) {
  switch (message.type) {
    case "class": {
      const first = !view.data;
      view.data = message;
      if (first) layout();
      drawJoin();
      drawStudents();
      keepFocus(tablesEl, drawTables);
      keepFocus(pairingEl, drawPairing);
      drawShowForm();
      keepFocus(shownEl, drawShown);
      drawBoardForm();
      break;
    }
    case "table": {
      const watched = view.watched.get(message.table.id);
      if (watched) watched.game = message.table.game;
      break;
    }
    case "values": {
      if (message.board === "table") {
        const watched = view.watched.get(message.id);
        if (!watched) break;
        if (message.table) watched.game = message.table.game;
        if (!watched.board) watched.board = mountBoard(watched.holder, watched.game, message.values, () => {});
        else { const { model } = await watched.board; if (message.full) model.set("values", message.values); else model.apply(message.values); }
      } else if (message.board === "mine") {
        if (!view.mine || message.full) {
          if (view.mine) (await view.mine.board).destroy();
          view.mine = { game: message.values.game, board: mountBoard(boardEl, message.values.game, message.values,
            (inner) => send({ type: "board", message: inner })) };
        } else { const { model } = await view.mine.board; model.apply(message.values); }
      }
      break;
    }
    case "teacher-board":
      break;
    case "board-file":
      download(message.filename, message.text);
      break;
    case "device": {
      const student = (view.data.students.find((s) => s.id === message.student) || { name: "the student" }).name;
      const address = `${(view.data.class.address || location.origin + "/").replace(/\/$/, "")}/#device=${encodeURIComponent(message.secret)}`;
      say(`Open this address on ${student}'s new device (it signs them in there): ${address}`);
      break;
    }
    case "refused":
      say(message.text);
      break;
    default:
      break;
  }
}

function download(name, text, type = "text/plain") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = h("a", { href: url, download: name, style: "display:none" });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function downloadResults() {
  const answer = await fetch("/class/teacher/results.csv", { headers: { Authorization: `Bearer ${secret}` } });
  if (!answer.ok) { say("The results could not be downloaded."); return; }
  const name = (answer.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
  download(name ? name[1] : "class-results.csv", await answer.text(), "text/csv");
}

if (!secret) {
  main.replaceChildren(h("p", { className: "class-notice" }, "This page is the teacher's console: open it with the link capture class printed (it ends with # and the teacher's secret)."));
} else {
  socket = new ClassSocket({ path: "/class/teacher/socket", hello: () => ({ type: "hello", secret }), onMessage,
    onState: (state, detail) => {
      link.textContent = state === "open" ? "connected" : state === "gone" ? `stopped: ${detail}` : "reconnecting\u2026";
      link.className = `class-link class-link-${state}`;
      if (state === "gone") {
        main.replaceChildren(h("p", { className: "class-notice" }, "The class server did not recognise this console's link: open the link capture class printed."));
      }
    } });
  socket.start();
}
