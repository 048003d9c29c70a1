// The class on the book's pages: capture class adds this module to every page of the book it serves (and
// only there: the published book and capture serve never load it). It draws a thin bar with the class and a
// link back to the class page, keeps the student online for the teacher while they read, says when their
// table is ready or the teacher shows a position, and reports what they do on the page's boards: a course
// level won (with its stars) and an exercise tried, answered right or with its answer shown. On a play page
// it adds "a classmate" to the computer's levels, which takes the student to the class page to find one.
// It reads the boards the page loader lists (window.captureBoards) and the event each board fires after every
// answer from the engine ("capture-values"); it changes nothing in how a board plays.
import { ClassSocket } from "./class-socket.js";
import { JOINED, readJSON, sinceJoining } from "./progress.js";

const joined = readJSON(JOINED, null);
let socket = null;
const bar = document.createElement("nav");
bar.className = "class-book-bar";
bar.setAttribute("aria-label", "your class");
const news = document.createElement("span");
news.setAttribute("role", "status");

// The bar's own look (the book's theme styles the rest of the page).
const BAR_STYLE = `
.class-book-bar { position: relative; z-index: 1000; display: flex; flex-wrap: wrap; gap: 0.2em 1em; align-items: center;
  padding: 0.35em 1em; background: #0b3954; color: #fff; font: 0.95em/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.class-book-bar a { color: #fff; font-weight: 600; }
.class-book-bar a:focus-visible { outline: 3px solid #fff; outline-offset: 2px; }
.class-book-bar .class-book-news { background: #ffd166; color: #1d1d1d; border-radius: 6px; padding: 0.1em 0.5em; }
.class-book-bar .class-book-news a { color: #1d1d1d; }`;

function style() {
  const sheet = document.createElement("style");
  sheet.textContent = BAR_STYLE;
  document.head.append(sheet);
}

function a(href, text) {
  const node = document.createElement("a");
  node.href = href;
  node.textContent = text;
  return node;
}

function drawBar() {
  const parts = [];
  if (joined) {
    const who = document.createElement("span");
    who.textContent = `${joined.you.name} \u00b7 class ${joined.class.code}`;
    parts.push(who, a("/", "\u2039 back to the class page"), news);
  } else {
    const text = document.createElement("span");
    text.textContent = "This book is served for a class.";
    parts.push(text, a("/", "Join your class"));
  }
  bar.replaceChildren(...parts);
  if (!bar.isConnected) document.body.prepend(bar);
}

function tell(text, href) {
  news.className = text ? "class-book-news" : "";
  news.replaceChildren(...(text ? [document.createTextNode(`${text} `), a(href, "open it \u203a")] : []));
}

function onMessage(message) {
  if (message.type === "table") {
    const table = message.table;
    if (table.status === "playing") tell(`Your table is ready: ${table.title}.`, "/");
  } else if (message.type === "shown") {
    if (message.shown) tell("Your teacher shows everyone a position.", "/");
  } else if (message.type === "removed" || message.type === "unknown") {
    tell("", "/");
  }
}

// ----- what the page's boards report ----------------------------------------------------------------------
const exercises = new Map();  // board id -> {tried, right, revealed, sent}
let progressTimer = null;

function reportCourse() {
  // board.js keeps the stars as it draws (a frame later): read them once it has.
  clearTimeout(progressTimer);
  progressTimer = setTimeout(() => {
    const since = sinceJoining(joined);
    if (Object.keys(since).length) socket.send({ type: "progress", levels: since, before: false });
  }, 600);
}

function reportExercise(board, values) {
  const lesson = values.lesson || {};
  const recipe = board.recipe || {};
  const mark = exercises.get(board.root.id) || { tried: 0, right: 0, revealed: 0, sent: "" };
  if (["wrong", "right", "revealed"].includes(lesson.status)) mark.tried = 1;
  if (lesson.status === "revealed") mark.revealed = 1;
  if (lesson.finished && lesson.status === "right" && !mark.revealed) mark.right = 1;
  exercises.set(board.root.id, mark);
  const sent = `${mark.tried}${mark.right}${mark.revealed}`;
  if (mark.tried && sent !== mark.sent) {
    mark.sent = sent;
    socket.send({ type: "exercise", game: recipe.game, exercise: recipe.lesson, tried: mark.tried, right: mark.right,
      revealed: mark.revealed });
  }
}

// "a classmate" beside the computer's levels of a play board: choosing it goes to the class page to find one.
function offerClassmate(board) {
  const values = board.model.get("values") || {};
  if ((board.recipe || {}).kind !== "play" || values.mode !== "computer") return;
  if (!board.classmate) {
    board.classmate = true;
    const send = board.model.send;
    board.model.send = (message) => {
      if (message && message.type === "level" && message.level === "classmate") {
        location.href = `/?seek=${encodeURIComponent(values.game)}`;
        return undefined;
      }
      return send(message);
    };
  }
  const levels = values.levels || [];
  if (levels.length && !levels.some(([name]) => name === "classmate")) {
    board.model.apply({ levels: [...levels, ["classmate", "a classmate (on the class page)"]] });
  }
}

function onBoard(event) {
  const boards = window.captureBoards;
  const board = boards && boards.get(event.target.id);
  if (!board) return;
  const values = board.model.get("values") || {};
  const recipe = board.recipe || {};
  if (recipe.kind === "course" && values.lesson && values.lesson.status === "won") reportCourse();
  else if (recipe.kind === "lesson" && values.lesson) reportExercise(board, values);
  offerClassmate(board);
}

style();
if (document.body) drawBar();
else document.addEventListener("DOMContentLoaded", drawBar);
if (joined && joined.secret) {
  socket = new ClassSocket({ path: "/class/socket", hello: () => ({ type: "hello", secret: joined.secret, page: "book" }),
    onMessage, onState: () => {} });
  socket.start();
  // A board's event does not bubble; listening as it goes down the page catches every board's.
  document.addEventListener("capture-values", onBoard, true);
}
