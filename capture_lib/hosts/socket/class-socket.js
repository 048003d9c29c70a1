// The class socket: the web board's second transport. The first is the page's own engine (../live/worker.js,
// Pyodide in a Web Worker); here the engine runs on the teacher's machine (capture class) and the board
// talks to it over one WebSocket. The board module is the book's own (capture_lib/render/web/board.js, served
// per game at /class/boards/GAME.js) over the same model (model.js's makeCaptureModel): only where its
// messages go differs. The server is the authority: it sends each device its own seat's values, built from
// what that seat may see, and the device sends messages, never a seat.
//
// ClassSocket keeps one socket open for a page: it says who the device is first (hello, with the secret its
// join gave it), numbers every message it sends, keeps each until the server answers it (ack or refused)
// and sends the unanswered ones again after a reconnect, in order; the server applies a message it has seen
// only once, so a move sent twice is played once and a move never answered is never lost. It reconnects by
// itself (a closed lid, a reload of the server, a lost network), sooner when the page comes back in sight
// or the network returns, and notices a dead connection by its own ping.

const PING_MS = 25000;
const PONG_MS = 10000;
const BACKOFF_MS = [300, 1000, 2000, 4000, 6000];
// Close codes after which the page must not reconnect: taken off the class, signed in elsewhere, unknown.
const FINAL = new Set([4000, 4003]);

export class ClassSocket {
  // path: the socket's address on this server ("/class/socket"); hello(): the first message; onMessage(m):
  // every message from the server but acks; onState(state, detail): "connecting", "open", "closed" (will
  // reconnect) or "gone" (will not: detail says why).
  constructor({ path, hello, onMessage, onState = () => {} }) {
    this.path = path;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onState = onState;
    this.page = Math.random().toString(36).slice(2, 10);
    this.count = 0;
    this.pending = new Map();  // id -> message, until the server answers it
    this.waiters = new Map();  // id -> resolve, for send()'s promise
    this.attempt = 0;
    this.socket = null;
    this.gone = false;
    this.timer = null;
    this.pingTimer = null;
    this.pongTimer = null;
    const again = () => { if (!this.gone && !this.isOpen()) this.reconnectNow(); };
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") again(); });
    window.addEventListener("online", again);
  }

  isOpen() { return !!this.socket && this.socket.readyState === WebSocket.OPEN; }

  start() {
    if (this.gone) return;
    clearTimeout(this.timer);
    this.onState("connecting");
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${this.path}`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      socket.send(JSON.stringify(this.hello()));
      for (const message of this.pending.values()) socket.send(JSON.stringify(message));  // in the order sent
      this.onState("open");
      this.ping();
    };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (err) { return; }
      clearTimeout(this.pongTimer);
      if (message.type === "pong") return;
      if ((message.type === "ack" || message.type === "refused") && message.id) {
        this.pending.delete(message.id);
        const resolve = this.waiters.get(message.id);
        this.waiters.delete(message.id);
        if (resolve) resolve(message);
        if (message.type === "ack") return;
      }
      this.onMessage(message);
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      clearTimeout(this.pingTimer);
      clearTimeout(this.pongTimer);
      if (FINAL.has(event.code)) {
        this.gone = true;
        this.onState("gone", event.reason || "the class server closed this page's connection");
        return;
      }
      this.onState("closed");
      const wait = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)] * (0.75 + Math.random() / 2);
      this.attempt += 1;
      this.timer = setTimeout(() => this.start(), wait);
    };
  }

  reconnectNow() {
    clearTimeout(this.timer);
    if (this.socket && this.socket.readyState === WebSocket.CONNECTING) return;
    this.start();
  }

  ping() {
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => {
      if (!this.isOpen()) return;
      this.socket.send(JSON.stringify({ type: "ping" }));
      this.pongTimer = setTimeout(() => { if (this.socket) this.socket.close(); }, PONG_MS);
      this.ping();
    }, PING_MS);
  }

  // Send a message (its id added); the promise resolves with the server's ack or refusal.
  send(message) {
    this.count += 1;
    const id = `${this.page}:${this.count}`;
    const sent = { ...message, id };
    this.pending.set(id, sent);
    if (this.isOpen()) this.socket.send(JSON.stringify(sent));
    return new Promise((resolve) => this.waiters.set(id, resolve));
  }

  close() {
    this.gone = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }
}

const styles = new Set();
function boardStyle(game) {
  if (styles.has(game)) return;
  styles.add(game);
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = `/class/boards/${game}.css`;
  document.head.append(link);
}

// Draw the book's board of `game` in `el` over a model whose messages go to `send` (the class socket); the
// model's apply(changed) takes the server's changed values. Returns {model, destroy}.
export async function mountBoard(el, game, values, send) {
  boardStyle(game);
  const module = await import(`/class/boards/${game}.js`);
  const model = makeCaptureModel(values, send);  // model.js, loaded by the page before this module
  el.replaceChildren();
  const destroy = module.default.render({ model, el }) || (() => {});
  return { model, destroy };
}
