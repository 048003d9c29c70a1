// Command Capture's board: the 8x8 grid of unit cards, the selected unit's actions marked on the board,
// flip / turn / end / ready buttons, auras, blocked sides, clocks and scores.
// Appended to common.js (which provides h and the default export).

const FILES = "ABCDEFGH";
const SHORT = { Legionnaire: "LEG", Infantry: "INF", Cavalry: "CAV", Chariot: "CHA", Archer: "ARC",
  "Shield Maiden": "MAID", Siege: "SIEGE", Commander: "CMDR", Fortress: "FORT", Assassin: "ASSN" };
const ARROWS = { N: "\u2191", E: "\u2192", S: "\u2193", W: "\u2190" };
const MIRROR = { N: "S", S: "N", E: "W", W: "E", NE: "SW", SW: "NE", NW: "SE", SE: "NW" };
const MARK_NAMES = { "-": "move", x: "capture", "*": "shot", ">": "bash" };
const TWO_SQUARES = /^([A-H][1-8])([-x*>])([A-H][1-8])$/;

function neighbours(square) {
  const c = FILES.indexOf(square[0]);
  const r = Number(square[1]);
  const out = [];
  for (let dc = -1; dc <= 1; dc++) {
    for (let dr = -1; dr <= 1; dr++) {
      if ((dc || dr) && c + dc >= 0 && c + dc < 8 && r + dr >= 1 && r + dr <= 8) out.push(FILES[c + dc] + (r + dr));
    }
  }
  return out;
}

function ccStatus(view) {
  const [blue, red] = view.players;
  const civs = `${blue} (${view.civilizations[0]}) vs ${red} (${view.civilizations[1]})`;
  let text;
  if (view.over) text = view.winners.length ? `Game over: ${view.players[view.winners[0]]} wins` : "Game over: draw";
  else if (view.to_move === null || view.to_move < 0) text = "Set-up: chance places the Assassins";
  else if (view.phase === "setup") text = `Set-up: ${view.players[view.to_move]} places the Assassin and chooses states`;
  else {
    text = `Turn ${view.turn}: ${view.players[view.to_move]} to act`;
    if (view.follow_up) text += ` (the unit on ${view.follow_up} may take its extra action)`;
    else if (view.actions_left > 1) text += ` (${view.actions_left} actions)`;
  }
  const parts = [h("span", {}, civs), h("strong", {}, text)];
  if (view.timed) {
    const clock = view.clock;
    parts.push(h("span", { className: "cmc-clock" },
      `points ${view.scores[0]} \u2013 ${view.scores[1]} \u00b7 game ${Math.ceil(clock.game_seconds)} s \u00b7 turn ${Math.ceil(clock.turn_seconds)} s`
      + (clock.sudden_death ? " \u00b7 sudden death" : "")));
  }
  return h("div", { className: "cmc-status", role: "status" }, parts);
}

function unitCard(unit, flipped) {
  const facing = flipped ? MIRROR[unit.facing] : unit.facing;
  const blocks = (unit.blocks || []).map((d) => h("span", { className: `cmc-block cmc-b-${flipped ? MIRROR[d] : d}`,
    "aria-hidden": "true" }));
  const label = `${unit.owner === 0 ? "Blue" : "Red"} ${unit.kind}, ${unit.state}, facing ${unit.facing}`
    + (unit.lock ? `, locked ${unit.lock} turn(s)` : "") + (unit.hidden ? ", hidden Assassin" : "")
    + (unit.blocks && unit.blocks.length ? `, blocks ${unit.blocks.join(" ")}` : "");
  return h("span", { className: `cmc-unit cmc-seat${unit.owner}${unit.state === "Disabled" ? " cmc-disabled" : ""}`,
    title: label, "aria-label": label },
  blocks,
  h("span", { className: "cmc-kind" }, SHORT[unit.kind] || unit.kind),
  h("span", { className: "cmc-state" }, unit.state),
  unit.kind !== "Fortress" ? h("span", { className: "cmc-facing" }, ARROWS[facing]) : null,
  unit.lock ? h("span", { className: "cmc-lock", title: `state lock: no flip through turn ${unit.lock}` }, `L${unit.lock}`) : null,
  unit.hidden ? h("span", { className: "cmc-hidden" }, "hidden") : null);
}

// A square reachable in two ways shows the stronger mark, as the book's pictures do.
const MARK_RANK = ["move", "bash", "shot", "capture"];

function strongest(actions) {
  return actions.map((a) => MARK_NAMES[a[2]]).reduce((a, b) => (MARK_RANK.indexOf(b) > MARK_RANK.indexOf(a) ? b : a));
}

// The key to every mark the board can draw: a sample drawn with the board's own classes, and its name.
function legend(view) {
  const key = (className, label, ...inside) => h("li", {},
    h("span", { className: `cmc-key ${className}`, "aria-hidden": "true" }, ...inside),
    h("span", { className: "cmc-key-name" }, label));
  return h("ul", { className: "cmc-legend", "aria-label": "key to the marks" },
    key("cmc-mark cmc-selected", "selected unit"),
    key("cmc-mark cmc-target-move", "move"),
    key("cmc-mark cmc-target-capture", "capture"),
    key("cmc-mark cmc-target-shot", "shot"),
    key("cmc-mark cmc-target-bash", "Shield Bash"),
    view.follow_up ? key("cmc-mark cmc-follow", "extra action") : null,
    key("", "blocked side", h("span", { className: "cmc-key-wall" })),
    key("", "state lock", h("span", { className: "cmc-key-lock" }, "L")),
    key("cmc-key-facing", "facing", ARROWS.N),
    key("cmc-aura-command", "Command aura"),
    key("cmc-aura-fortify", "Fortify aura"));
}

function actionsFor(legal, square) {
  const out = { targets: {}, flip: null, turns: [] };
  for (const a of legal) {
    const m = TWO_SQUARES.exec(a);
    if (m && m[1] === square) (out.targets[m[3]] = out.targets[m[3]] || []).push(a);
    else if (a === `flip ${square}`) out.flip = a;
    else if (a.startsWith(`turn ${square} `)) out.turns.push(a);
  }
  return out;
}

function drawBoard(view, ctx) {
  const flipped = view.seat === 1;
  const bySquare = {};
  for (const u of view.units) bySquare[u.square] = u;
  const legal = ctx.legal;
  const ui = ctx.ui;
  if (ui.logLength !== view.log.length) { ui.sel = null; ui.choice = null; ui.logLength = view.log.length; }
  const placements = new Set(legal.filter((a) => a.startsWith("assassin ")).map((a) => a.split(" ")[1]));
  const mine = (sq) => legal.some((a) => a.startsWith(sq) || a === `flip ${sq}` || a.startsWith(`turn ${sq} `));
  const sel = ui.sel && mine(ui.sel) ? ui.sel : null;
  const acts = sel ? actionsFor(legal, sel) : { targets: {}, flip: null, turns: [] };
  const aura = {};
  for (const u of view.units) {
    if (u.kind === "Commander") for (const n of neighbours(u.square)) aura[n] = u.state === "Command" ? "command" : "fortify";
  }
  const rows = flipped ? [1, 2, 3, 4, 5, 6, 7, 8] : [8, 7, 6, 5, 4, 3, 2, 1];
  const cols = flipped ? [...FILES].reverse() : [...FILES];
  const cells = [];
  for (const r of rows) {
    cells.push(h("span", { className: "cmc-rank" }, r));
    for (const f of cols) {
      const sq = f + r;
      const unit = bySquare[sq];
      const targetActs = acts.targets[sq];
      const classes = ["cmc-square", (FILES.indexOf(f) + r) % 2 ? "cmc-light" : "cmc-dark"];
      if (aura[sq]) classes.push(`cmc-aura-${aura[sq]}`);
      if (sq === sel) classes.push("cmc-mark", "cmc-selected");
      if (targetActs) classes.push("cmc-mark", `cmc-target-${strongest(targetActs)}`);
      else if (placements.has(sq)) classes.push("cmc-mark", "cmc-target-move");
      if (view.follow_up === sq && sq !== sel) classes.push("cmc-mark", "cmc-follow");
      const label = `${sq}${unit ? "" : " empty"}${targetActs ? ": " + targetActs.join(" or ") : ""}`;
      cells.push(h("button", { type: "button", className: [...new Set(classes)].join(" "), "aria-label": label,
        disabled: !ctx.live,
        onclick: () => {
          if (!ctx.live) return;
          if (placements.has(sq)) { ctx.send(`assassin ${sq}`); return; }
          if (targetActs) {
            if (targetActs.length === 1) ctx.send(targetActs[0]);
            else { ui.choice = targetActs; ctx.redraw(); }
            return;
          }
          ui.sel = mine(sq) && sq !== sel ? sq : null;
          ui.choice = null;
          ctx.redraw();
        } }, unit ? unitCard(unit, flipped) : null));
    }
  }
  cells.push(h("span", {}));
  for (const f of cols) cells.push(h("span", { className: "cmc-file" }, f));
  const buttons = [];
  if (ui.choice) {
    buttons.push(h("span", {}, "Choose: "));
    for (const a of ui.choice) buttons.push(h("button", { type: "button", onclick: () => ctx.send(a) }, `${MARK_NAMES[a[2]]} ${a}`));
  }
  if (acts.flip) buttons.push(h("button", { type: "button", onclick: () => ctx.send(acts.flip) }, `flip ${sel}`));
  for (const t of acts.turns) buttons.push(h("button", { type: "button", onclick: () => ctx.send(t) }, `face ${t.split(" ")[2]}`));
  if (legal.includes("end")) buttons.push(h("button", { type: "button", onclick: () => ctx.send("end") }, "end turn"));
  if (legal.includes("ready")) buttons.push(h("button", { type: "button", className: "cap-primary", onclick: () => ctx.send("ready") }, "ready"));
  let hint = "";
  if (ctx.live && legal.length) {
    if (placements.size) hint = "Click a square of your front row to hide your Assassin there.";
    else if (legal.includes("ready")) hint = "Click a unit and flip it to choose its starting state, then press ready.";
    else if (!sel) hint = "Click one of your units to see what it can do.";
    else hint = "Click a marked square to act there (the key below names each mark).";
  }
  return h("div", { className: "cmc-board" },
    ccStatus(view),
    h("div", { className: "cmc-grid", role: "grid", "aria-label": "the board" }, cells),
    legend(view),
    hint ? h("div", { className: "cmc-hint" }, hint) : null,
    buttons.length ? h("div", { className: "cmc-actions" }, buttons) : null);
}
