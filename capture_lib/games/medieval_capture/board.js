// Capture: A Medieval Wargame's board: the map, the pieces and Crowns, the dice, the three moves of a
// turn with the reachable spaces of the chosen piece lit, cards in hand, the catapult, dungeons and
// reserves. Appended to common.js; Python puts the board's picture and geometry (MC_BOARD_SVG, MC_XY,
// MC_KIND, MC_TERRITORY) in front of this file.

// Red's pieces in a darker vermillion than its border, so that the white name on a piece reads at 4.5:1.
const MC_SIDE_COLOURS = { blue: "#0072B2", red: "#B34700" };
const MC_GOLD = "#E6B800";

function mcEsc(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function mcPiece(x, y, p, r) {
  const ring = p.knight ? `<circle cx="${x}" cy="${y}" r="${r + 4}" fill="none" stroke="${MC_GOLD}" stroke-width="3.5"/>` : "";
  const faded = p.moved ? ' fill-opacity="0.55"' : "";
  return `${ring}<circle cx="${x}" cy="${y}" r="${r}" fill="${MC_SIDE_COLOURS[p.side]}"${faded} stroke="#fff" stroke-width="2"/>`
    + `<text x="${x}" y="${y + 4}" font-size="${r >= 12 ? 10 : 8}" fill="#fff" text-anchor="middle" font-weight="bold">${mcEsc(p.id)}</text>`;
}

function mcCrown(x, y, s) {
  const pts = [[-10, 6], [-10, -4], [-5, 1], [0, -8], [5, 1], [10, -4], [10, 6]]
    .map(([a, b]) => `${x + a * s},${y + b * s}`).join(" ");
  return `<polygon points="${pts}" fill="${MC_GOLD}" stroke="#7A5C00" stroke-width="1.2"/>`;
}

function mcParseMove(action) {
  const words = action.split(" ");
  const path = words[1].split("-");
  return { piece: words[0], path, end: path[path.length - 1], rest: words.slice(2).join(" ") };
}

function mcIsMove(action) {
  return /^[BR]\d+ /.test(action);
}

// The catapult's firing spots: 1 (north) to 9 (south) behind the shooter's own back edge, one level with
// each row of rocks (catapult.SPOT_Y). On the picture they are drawn just inside the edge.
const MC_SPOTS = 9;
function mcSpotY(spot) { return 100 + 70 * (spot - 1); }
function mcSpotX(side) { return side === "blue" ? 14 : 1186; }
function mcNearestSpot(space) {
  const y = MC_XY[space] ? MC_XY[space][1] : 380;
  return Math.min(MC_SPOTS, Math.max(1, Math.round((y - 100) / 70) + 1));
}
function mcParseShot(action) {
  const words = action.split(" ");  // shoot from SPOT at SPACE
  return { spot: Number(words[2]), aim: words[4] };
}

function mcLastLanding(view) {
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0 && i >= log.length - 6; i -= 1) {
    if (log[i] === "end") return null;
    if (log[i].startsWith("land ")) return { space: log[i].split(" ")[1], text: log[i] };
  }
  return null;
}

function mcStatus(view) {
  if (view.over) {
    const who = view.winners.length ? view.players[view.winners[0] % 2] : "nobody";
    return `Game over: ${who} wins (Crowns captured: Blue ${view.crowns_captured[0]}, Red ${view.crowns_captured[1]})`;
  }
  const side = view.side[0].toUpperCase() + view.side.slice(1);
  const doing = { place: "places a piece", start: "may look, play a card, then rolls", roll: "rolls the dice",
    move: "moves (up to three different pieces) and shoots", land: "the boulder is in the air",
    kill: "chooses which knocked-over piece dies", draw: "draws a Treasure Card" }[view.phase] || view.phase;
  let text = `Turn ${view.turn} \u00b7 ${side} ${doing}`;
  if (view.phase === "move") text += ` \u00b7 ${view.moves_left} moves left, ${view.shots} shots`;
  if (view.card) text += ` \u00b7 card in play: ${view.card}`;
  return text;
}

function mcTargets(view, ctx) {
  // Which spaces to light, and what a click on each would play.
  const ui = ctx.ui;
  const byEnd = new Map();
  const add = (space, action) => { if (!byEnd.has(space)) byEnd.set(space, []); byEnd.get(space).push(action); };
  if (view.phase === "place") {
    // The box says whether this piece is the Knight; when only one kind of placement is legal, it wins.
    const places = ctx.legal.filter((a) => a.startsWith("place "));
    const wanted = places.filter((a) => a.endsWith(" knight") === !!ui.knight);
    for (const a of (wanted.length ? wanted : places)) add(a.split(" ")[2], a);
  } else if (view.phase === "move" && ui.aiming) {
    // One shot per aim: from the chosen spot, or else from the spot level with the aim (the truest).
    for (const a of ctx.legal) {
      if (!a.startsWith("shoot ")) continue;
      const shot = mcParseShot(a);
      if (shot.spot === (ui.spot || mcNearestSpot(shot.aim))) add(shot.aim, a);
    }
  } else if (view.phase === "move" && ui.selected) {
    for (const a of ctx.legal) if (mcIsMove(a) && a.startsWith(ui.selected + " ")) add(mcParseMove(a).end, a);
  }
  return byEnd;
}

function mcMovable(ctx) {
  const pieces = new Set();
  for (const a of ctx.legal) if (mcIsMove(a)) pieces.add(a.split(" ")[0]);
  return [...pieces].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
}

function mcClickSpace(view, ctx, space) {
  const ui = ctx.ui;
  const targets = mcTargets(view, ctx);
  const here = targets.get(space);
  if (here && here.length === 1) { ui.selected = null; ui.aiming = false; ui.choices = null; ctx.send(here[0]); return; }
  if (here && here.length > 1) { ui.choices = here; ctx.redraw(); return; }
  if (view.phase === "move") {
    const mine = mcMovable(ctx).filter((id) => view.pieces.some((p) => p.id === id && p.where === space));
    if (mine.length) { ui.selected = mine[0]; ui.aiming = false; ui.choices = null; ctx.redraw(); }
  }
}

// The board picture never changes: parse it once and clone it for each redraw (parsing ~90 KB of SVG
// on every update made a frame take a quarter of a second); pieces and marks go on a layer above it.
let mcBoardTemplate = null;

function mcBoardLayer() {
  if (!mcBoardTemplate) {
    const template = document.createElement("template");
    template.innerHTML = `<svg class="mc-terrain" viewBox="0 0 1200 760" aria-hidden="true">${MC_BOARD_SVG}</svg>`;
    mcBoardTemplate = template.content.firstElementChild;
  }
  return mcBoardTemplate.cloneNode(true);
}

function mcMap(view, ctx) {
  const targets = mcTargets(view, ctx);
  const parts = [];
  for (const space of targets.keys()) {
    const [x, y] = MC_XY[space];
    parts.push(`<circle cx="${x}" cy="${y}" r="21" fill="${MC_GOLD}" fill-opacity="0.35" stroke="${MC_GOLD}" stroke-width="3"/>`);
  }
  const landing = mcLastLanding(view);
  if (landing && MC_XY[landing.space]) {
    const [x, y] = MC_XY[landing.space];
    parts.push(`<circle cx="${x}" cy="${y}" r="70" fill="none" stroke="#C0392B" stroke-width="2" stroke-dasharray="6 4"/>`);
  }
  for (const c of view.crowns) {
    if (c.where !== "captured" && !c.carried_by && MC_XY[c.where]) parts.push(mcCrown(MC_XY[c.where][0], MC_XY[c.where][1] - 20, 0.9));
  }
  // The catapult: its firing spots while aiming, and the boulder's flight while it is in the air.
  if (view.phase === "move" && ctx.ui.aiming) {
    const x = mcSpotX(view.side);
    for (let spot = 1; spot <= MC_SPOTS; spot += 1) {
      const chosen = ctx.ui.spot === spot;
      parts.push(`<g class="mc-spot" data-spot="${spot}"><rect x="${x - 12}" y="${mcSpotY(spot) - 12}" width="24" height="24" rx="4" fill="${chosen ? MC_GOLD : "#fff"}" stroke="#111" stroke-width="${chosen ? 3 : 1.5}"/><text x="${x}" y="${mcSpotY(spot) + 5}" font-size="13" text-anchor="middle" font-weight="bold">${spot}</text><title>fire from spot ${spot}</title></g>`);
    }
  }
  if (view.phase === "land" && view.aim && view.spot && MC_XY[view.aim]) {
    const [ax, ay] = MC_XY[view.aim];
    parts.push(`<line x1="${mcSpotX(view.side)}" y1="${mcSpotY(view.spot)}" x2="${ax}" y2="${ay}" stroke="#111" stroke-width="2" stroke-dasharray="8 6"/>`);
  }
  const cathedral = view.pieces.filter((p) => p.where === "c");
  for (const p of view.pieces) {
    if (p.where === "c" || !MC_XY[p.where]) continue;
    const [x, y] = MC_XY[p.where];
    parts.push(mcPiece(x, y, p, 13));
    if (ctx.ui.selected === p.id) parts.push(`<circle cx="${x}" cy="${y}" r="19" fill="none" stroke="#111" stroke-width="3" stroke-dasharray="4 3"/>`);
  }
  const [cx, cy] = MC_XY.c;
  cathedral.forEach((p, k) => {
    const row = Math.floor(k / 4);
    const width = Math.min(cathedral.length - row * 4, 4);
    parts.push(mcPiece(cx + ((k % 4) - (width - 1) / 2) * 20, cy - 6 + row * 20, p, 9));
  });
  for (const c of view.crowns) {
    if (c.carried_by && MC_XY[c.where]) parts.push(mcCrown(MC_XY[c.where][0] + 13, MC_XY[c.where][1] - 14, 0.6));
  }
  // Invisible hit areas over every space, so a click anywhere near a space selects it.
  for (const [space, [x, y]] of Object.entries(MC_XY)) {
    if (MC_KIND[space] === "boat") continue;
    // Spaces lie 65 or more apart: a radius of 24 leaves a gap between hit areas and makes a larger target.
    const radius = space === "c" ? 36 : MC_KIND[space] === "dungeon" ? 28 : 24;
    parts.push(`<circle class="mc-hit" data-space="${space}" cx="${x}" cy="${y}" r="${radius}" fill="transparent"><title>${space}</title></circle>`);
  }
  const holder = h("div", { className: "mc-map" });
  holder.innerHTML = `<svg class="mc-pieces" viewBox="0 0 1200 760" role="img" aria-label="the board">${parts.join("")}</svg>`;
  holder.prepend(mcBoardLayer());
  holder.addEventListener("click", (event) => {
    const spot = event.target.closest ? event.target.closest("[data-spot]") : null;
    if (spot && ctx.live) { ctx.ui.spot = Number(spot.getAttribute("data-spot")); ctx.redraw(); return; }
    const hit = event.target.closest ? event.target.closest("[data-space]") : null;
    if (hit && ctx.live) mcClickSpace(view, ctx, hit.getAttribute("data-space"));
  });
  return mcZoomed(holder, ctx);
}

// Zoom and pan: the map sits in a viewport that scrolls (drag with a finger, or the scroll bars), at the
// width the reader picks. A phone starts at twice its width, where a space is a finger's size; the zoom and the
// place looked at are kept between redraws.
const MC_ZOOMS = [1, 1.5, 2, 3];

function mcZoomed(holder, ctx) {
  const ui = ctx.ui;
  if (ui.zoom === undefined) ui.zoom = window.matchMedia && window.matchMedia("(max-width: 600px)").matches ? 2 : 1;
  holder.style.width = `${ui.zoom * 100}%`;
  const viewport = h("div", { className: "mc-viewport", tabindex: ui.zoom > 1 ? "0" : null,
    "aria-label": ui.zoom > 1 ? "the map, zoomed: scroll or drag to look around" : null }, holder);
  viewport.addEventListener("scroll", () => { ui.scroll = [viewport.scrollLeft, viewport.scrollTop]; });
  const at = ui.scroll || null;
  if (at) queueMicrotask(() => { viewport.scrollLeft = at[0]; viewport.scrollTop = at[1]; });
  const zoomTo = (index) => {
    const level = MC_ZOOMS[Math.max(0, Math.min(MC_ZOOMS.length - 1, index))];
    if (level === ui.zoom) return;
    // keep the middle of what is shown in the middle
    const middle = [(viewport.scrollLeft + viewport.clientWidth / 2) / ui.zoom, (viewport.scrollTop + viewport.clientHeight / 2) / ui.zoom];
    ui.scroll = [Math.max(0, middle[0] * level - viewport.clientWidth / 2), Math.max(0, middle[1] * level - viewport.clientHeight / 2)];
    ui.zoom = level;
    ctx.redraw();
  };
  const index = MC_ZOOMS.indexOf(ui.zoom);
  const tools = h("div", { className: "mc-zoom", role: "group", "aria-label": "zoom the map" },
    h("button", { type: "button", "aria-label": "zoom out", disabled: index <= 0, onclick: () => zoomTo(index - 1) }, "\u2212"),
    h("span", { className: "mc-zoom-level" }, `${ui.zoom}\u00d7`),
    h("button", { type: "button", "aria-label": "zoom in", disabled: index >= MC_ZOOMS.length - 1, onclick: () => zoomTo(index + 1) }, "+"),
    h("button", { type: "button", "aria-label": "show the whole map", disabled: index === 0, onclick: () => zoomTo(0) }, "whole map"));
  return h("div", { className: "mc-map-area" }, tools, viewport);
}

function mcArmy(view, side) {
  const pieces = view.pieces.filter((p) => p.side === side);
  const list = (where) => pieces.filter((p) => p.where === where).map((p) => p.id + (p.knight ? "\u2605" : ""));
  const onBoard = pieces.filter((p) => !["reserve", "dead", "prisoner"].includes(p.where)).length;
  const crowns = view.crowns_captured[side === "blue" ? 0 : 1];
  const hand = view.hands ? view.hands[side === "blue" ? 0 : 1] : null;
  const handSize = view.hand_sizes[side === "blue" ? 0 : 1];
  return h("div", { className: `mc-army mc-${side}` },
    h("strong", {}, side === "blue" ? "Blue" : "Red"),
    h("span", {}, ` \u00b7 ${onBoard} on the board`),
    h("span", {}, ` \u00b7 reserve: ${list("reserve").join(" ") || "none"}`),
    h("span", {}, ` \u00b7 in the enemy dungeon: ${list("prisoner").join(" ") || "none"}`),
    h("span", {}, ` \u00b7 dead: ${list("dead").join(" ") || "none"}`),
    h("span", {}, ` \u00b7 cards: ${hand ? (hand.join(", ") || "none") : handSize}`),
    h("span", { className: "mc-crowns", "aria-label": `${crowns} Crowns captured` }, ` \u00b7 Crowns captured: ${"\u265B".repeat(crowns) || "0"}`));
}

function mcDice(view) {
  const dice = view.dice || {};
  return h("div", { className: "mc-dice", "aria-label": "the dice" },
    h("span", { className: "mc-die mc-white", title: "white die: pieces at home and in the Cathedral" }, dice.white ?? "\u2013"),
    h("span", { className: "mc-die mc-black", title: "black die: pieces in enemy territory" }, dice.black ?? "\u2013"));
}

function mcActions(view, ctx) {
  const ui = ctx.ui;
  const legal = ctx.legal;
  if (!legal.length) return null;
  const button = (label, action, extra = {}) => h("button", { type: "button", onclick: () => { ui.choices = null; ctx.send(action); }, ...extra }, label);
  const rows = [];
  if (ui.choices && ui.choices.length) {
    rows.push(h("div", {}, h("span", {}, "Which move? "), ui.choices.map((a) => button(a, a))));
  }
  if (view.phase === "place") {
    const next = legal[0].split(" ")[1];
    rows.push(h("div", {}, h("span", {}, `Click a lit rock to place ${next}. `),
      h("label", {}, h("input", { type: "checkbox", checked: ui.knight ? true : undefined,
        onchange: (event) => { ui.knight = event.target.checked; ctx.redraw(); } }), " this piece is my Knight")));
  } else if (view.phase === "start") {
    rows.push(h("div", {}, legal.filter((a) => a.startsWith("play ")).map((a) => button(a, a)),
      button("roll the dice", "roll", { className: "cap-primary" })));
    const looks = legal.filter((a) => a.startsWith("look "));
    if (looks.length) rows.push(h("div", { className: "mc-small" }, "look under: ", looks.map((a) => button(a.split(" ")[1], a))));
  } else if (view.phase === "move") {
    const movable = mcMovable(ctx);
    rows.push(h("div", {}, h("span", {}, movable.length ? "Move a piece: click it (or here), then a lit space. " : "No piece can move. "),
      movable.map((id) => h("button", { type: "button", className: ui.selected === id ? "mc-chosen" : "",
        onclick: () => { ui.selected = ui.selected === id ? null : id; ui.aiming = false; ui.choices = null; ctx.redraw(); } }, id))));
    const extra = [];
    let spotRow = null;
    if (legal.some((a) => a.startsWith("shoot "))) {
      extra.push(h("button", { type: "button", className: ui.aiming ? "mc-chosen" : "",
        onclick: () => { ui.aiming = !ui.aiming; ui.selected = null; ctx.redraw(); } },
      ui.aiming ? "aiming: click an enemy rock" : "aim the catapult"));
      if (ui.aiming) {
        // Where along the back edge the catapult stands: level with the aim unless a spot is chosen.
        const spots = [h("button", { type: "button", className: ui.spot ? "" : "mc-chosen",
          onclick: () => { ui.spot = null; ctx.redraw(); } }, "level with the aim")];
        for (let spot = 1; spot <= MC_SPOTS; spot += 1) {
          spots.push(h("button", { type: "button", className: ui.spot === spot ? "mc-chosen" : "",
            "aria-label": `fire from spot ${spot}`, onclick: () => { ui.spot = spot; ctx.redraw(); } }, String(spot)));
        }
        spotRow = h("div", { className: "mc-small mc-spots" }, "fire from (1 north to 9 south, behind your back edge): ", spots);
      }
    }
    if (legal.includes("reroll")) extra.push(button("roll again (REROLL)", "reroll"));
    extra.push(button("end the turn", "end", { className: "cap-primary" }));
    rows.push(h("div", {}, extra));
    if (spotRow) rows.push(spotRow);
  } else if (view.phase === "kill") {
    rows.push(h("div", {}, "The boulder knocked several pieces over. Which one dies? ", legal.map((a) => button(a, a))));
  }
  // The lit spaces as buttons too, so the board can be played with the keyboard alone.
  const lit = [...mcTargets(view, ctx).keys()];
  if (lit.length && ctx.live) {
    const go = lit.map((space) => h("button", { type: "button", className: "mc-space-button",
      "aria-label": `space ${space}`, onclick: () => mcClickSpace(view, ctx, space) }, space));
    rows.push(lit.length > 12
      ? h("details", { className: "mc-small" }, h("summary", {}, `the ${lit.length} lit spaces as buttons`), go)
      : h("div", { className: "mc-small" }, "lit spaces: ", go));
  }
  return h("div", { className: "mc-actions" }, rows);
}

function drawBoard(view, ctx) {
  const ui = ctx.ui;
  if (ui.turnKey !== `${view.turn}/${view.phase}/${(view.log || []).length}`) {
    if (view.phase !== "move" || ui.turn !== view.turn) { ui.selected = null; ui.aiming = false; ui.spot = null; }
    ui.choices = null;
    ui.turnKey = `${view.turn}/${view.phase}/${(view.log || []).length}`;
    ui.turn = view.turn;
  }
  const landing = mcLastLanding(view);
  return h("div", { className: "mc-board" },
    h("div", { className: "mc-top" }, mcDice(view), h("div", { className: "mc-status", role: "status" }, mcStatus(view))),
    mcMap(view, ctx),
    landing ? h("div", { className: "mc-landing" }, `the boulder: ${landing.text}`) : null,
    mcArmy(view, "blue"),
    mcArmy(view, "red"),
    mcActions(view, ctx));
}
