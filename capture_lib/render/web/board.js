// The live board of every game: one ES module that draws any game's scene (capture_lib.core.scene) and
// sends the player's moves. It knows no game: the scene says where every space and piece is, which marks
// of the game's key to draw, what each legal action is called and which clicks choose it. A move is built
// by clicks: each click narrows the actions whose clicks start with those made so far; the spaces a next
// click may choose are marked with the kind of their action, and an action is sent once its clicks are all
// made (after its button, where it has one). Mounted by anywidget in JupyterLab and Voila (one value,
// "values"), by the book's page loader over a stand-in model of the same shape (model.js), and by the
// static pages. Python puts ASSETS (the games' background pictures) in front of this file.

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "className") node.className = value;
    else if (key === "style" && typeof value === "object") {
      for (const [name, v] of Object.entries(value)) {
        if (name.startsWith("--")) node.style.setProperty(name, String(v)); else node.style[name] = v;
      }
    }
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function svgNode(tag, attrs = {}) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
function pretty(text) {
  if (!text || text.length < 2) return text || "";
  const suit = text[text.length - 1];
  return SUITS[suit] ? text.slice(0, -1) + SUITS[suit] : text;
}

const ARROW_GLYPHS = { N: "\u2191", E: "\u2192", S: "\u2193", W: "\u2190" };
const srOnly = (text) => h("span", { className: "cap-sr" }, text);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// ----- what a scene says ---------------------------------------------------------------------------------
// The scene's JSON leaves out every field at its default (Scene.to_json): a key entry's colour is black
// unless it says otherwise.
function keyOf(scene) {
  const out = {};
  for (const entry of scene.key || []) out[entry.key] = { colour: "black", glyph: "", ...entry };
  return out;
}

function byAt(list) {
  const out = {};
  for (const item of list || []) (out[item.at] = out[item.at] || []).push(item);
  return out;
}

// The clicks made so far, against the scene's actions: the actions still possible, the next clicks (each
// with the strongest kind of action it leads to), and the actions complete at this point.
const KIND_RANK = { "": 0, move: 1, hide: 1, place: 1, pick: 1, bash: 2, ranged: 3, shot: 3, capture: 4, attack: 4 };
const rank = (kind) => (kind ? KIND_RANK[kind] || 1 : 0);
function building(scene, picked) {
  const candidates = (scene.actions || []).filter((a) => {
    const clicks = a.clicks || [];
    return clicks.length >= picked.length && picked.every((c, i) => clicks[i] === c);
  });
  const next = {};
  const complete = [];
  for (const a of candidates) {
    const clicks = a.clicks || [];
    if (clicks.length === picked.length) complete.push(a);
    else {
      // A click wears its action's kind only as the action's last click (where the move ends, not the piece
      // that makes it); a click on the way is a next click without a kind.
      const target = clicks[picked.length];
      const kind = clicks.length === picked.length + 1 ? a.kind || "" : "";
      if (!(target in next) || rank(kind) > rank(next[target])) next[target] = kind;
    }
  }
  return { candidates, next, complete };
}

// What a screen reader hears of a space: its name, what stands on it, and the marks on it (a picked space with
// its place in the move, where the move numbers its clicks).
function spaceWords(space, pieces, marks, key, order, ways = "") {
  const name = space.label || space.id;
  const on = (pieces || []).map((p) => p.name || p.title).join("; ");
  const marked = (marks || []).map((m) => (key[m] ? key[m].name + (m === "select" && order ? ` ${order}` : "") : m)).filter(Boolean);
  return [`${name}: ${on || "empty"}`, space.name, marked.length ? marked.join(", ") : "", ways].filter(Boolean).join(", ");
}

// Which spaces each space of a map connects to, in words, by the look of the way (a link's tone, as the
// scene names them: a trail, a lesser way such as a dock or a door, a way over water): what the map's
// picture shows a sighted player. Only links whose ends are both on the board count.
const WAY_WORDS = { "": "trails to", dashed: "a lesser way to", water: "over water to" };
function waysOf(scene) {
  const byId = {};
  for (const s of scene.spaces || []) byId[s.id] = s;
  const ways = {};
  const add = (from, to, tone) => {
    const byTone = (ways[from] = ways[from] || {});
    (byTone[tone] = byTone[tone] || []).push(byId[to].label || to);
  };
  for (const link of scene.links || []) {
    if (!byId[link.a] || !byId[link.b]) continue;
    const tone = link.tone in WAY_WORDS ? link.tone : "";
    add(link.a, link.b, tone);
    add(link.b, link.a, tone);
  }
  const words = {};
  for (const [id, byTone] of Object.entries(ways)) {
    words[id] = Object.keys(WAY_WORDS).filter((tone) => byTone[tone]).map((tone) => `${WAY_WORDS[tone]} ${byTone[tone].join(", ")}`).join("; ");
  }
  return words;
}

// ----- drawing pieces and marks ----------------------------------------------------------------------------
function pieceNode(piece) {
  const classes = ["cap-piece", `cap-${piece.look}`];
  if (piece.owner !== undefined && piece.owner !== null) classes.push(`cap-seat${piece.owner}`);
  for (const tone of piece.tones || []) classes.push(`cap-${tone}`);
  const parts = [];
  if (piece.look === "tile") {
    for (const wall of piece.walls || []) parts.push(h("span", { className: `cap-wall cap-wall-${wall}` }));
    parts.push(h("span", { className: "cap-title" }, piece.title));
    // A phone's tile has room for a state's first three letters (the key and the square's words say it whole).
    for (const line of piece.lines || []) {
      parts.push(h("span", { className: "cap-line" }, h("span", { className: "cap-long" }, line),
        h("span", { className: "cap-short" }, line.slice(0, 3))));
    }
    if (piece.facing) parts.push(h("span", { className: "cap-facing" }, ARROW_GLYPHS[piece.facing] || ""));
    for (const badge of piece.badges || []) parts.push(h("span", { className: `cap-badge cap-badge-${badge.tone}` }, badge.text));
  } else if (piece.look === "card") {
    if (piece.tag) parts.push(h("span", { className: "cap-tag" }, piece.tag));
    // A back hides the face, unless the viewer is shown it ("known": the teaching view's face-down card).
    const tones = piece.tones || [];
    if (!tones.includes("back") || tones.includes("known")) parts.push(h("span", { className: "cap-face" }, pretty(piece.title)));
    for (const line of piece.lines || []) parts.push(h("span", { className: "cap-line" }, line));
  } else {
    parts.push(h("span", { className: "cap-title" }, piece.title));
    for (const badge of piece.badges || []) parts.push(h("span", { className: `cap-badge cap-badge-${badge.tone}` }, badge.text));
  }
  return h("span", { className: classes.join(" "), "aria-hidden": "true" }, parts);
}

function markNode(entry, glyph) {
  return h("span", { className: `cap-mark cap-look-${entry.look} cap-colour-${entry.colour}`, "data-glyph": glyph || entry.glyph || null,
    "aria-hidden": "true" });
}

// ----- the areas -----------------------------------------------------------------------------------------
function spaceBody(space, pieces, markEntries, order) {
  const tints = markEntries.filter((e) => e.look === "hatch" || e.look === "dots");
  const rings = markEntries.filter((e) => !(e.look === "hatch" || e.look === "dots"));
  return [...tints.map((e) => markNode(e)), ...(pieces || []).map(pieceNode), ...rings.map((e) => markNode(e, e.key === "select" ? order : "")),
    space.label ? h("span", { className: "cap-space-label", "aria-hidden": "true" }, space.label) : null];
}

function spaceClasses(space, pieces) {
  const classes = ["cap-space", `cap-shape-${space.shape || "square"}`];
  for (const tone of space.tones || []) classes.push(`cap-tone-${tone}`);
  // Several pieces share the space (a token, such as a Crown, sits in its corner and takes no room).
  if ((pieces || []).filter((p) => p.look !== "token").length > 1) classes.push("cap-crowd");
  return classes.join(" ");
}

function drawArea(area, scene, ctx) {
  const spaces = scene.spaces.filter((s) => s.area === area.id);
  if (area.layout === "grid") return drawGrid(area, spaces, scene, ctx);
  if (area.layout === "row") return drawRow(area, spaces, scene, ctx);
  return drawFree(area, spaces, scene, ctx);
}

function spaceControl(space, scene, ctx, attrs = {}) {
  const pieces = ctx.pieces[space.id] || [];
  const marks = ctx.marks[space.id] || [];
  const entries = marks.map((k) => ctx.key[k]).filter(Boolean);
  const clickable = ctx.clickable(space.id);
  const order = ctx.order[space.id] || "";
  const words = spaceWords(space, pieces, marks, ctx.key, order, ctx.ways[space.id]);
  // A click that sends one move at once carries its notation (for tests and tools; the page reads none).
  const sends = clickable ? ctx.sends(space.id) : null;
  const body = spaceBody(space, pieces, entries, order);
  const className = spaceClasses(space, pieces) + (clickable ? " cap-clickable" : "");
  if (!ctx.live) return h("span", { className, ...attrs, role: attrs.role || "img", "aria-label": words }, body);
  // ``data-picked``: a click of the move being built (its words say so; tests and tools read the attribute).
  return h("button", { type: "button", className, ...attrs, "data-space": space.id, "aria-disabled": clickable ? null : "true",
    "data-notation": sends, "data-picked": ctx.ui.picked.includes(space.id) ? "true" : null,
    onclick: () => ctx.click(space.id) }, srOnly(words), body);
}

function drawGrid(area, spaces, scene, ctx) {
  const rows = area.rows.length, cols = area.columns.length;
  const cells = {};
  for (const s of spaces) cells[`${s.row}/${s.col}`] = s;
  const rowNodes = [];
  // Every cell is placed on the grid by its row and column, so the overlay of arrows can lie over the cells.
  const at = (r, c) => ({ gridRow: String(r + 1), gridColumn: String(c + 2) });
  for (let r = 0; r < rows; r += 1) {
    const row = [h("span", { role: "rowheader", className: "cap-rank", style: at(r, -1) }, area.rows[r])];
    for (let c = 0; c < cols; c += 1) {
      const space = cells[`${r}/${c}`];
      if (!space) { row.push(h("span", { role: "gridcell", style: at(r, c) })); continue; }
      const tabbable = ctx.live && space.id === ctx.ui.focus;
      row.push(h("span", { role: "gridcell", className: "cap-cell", style: at(r, c) },
        spaceControl(space, scene, ctx, { tabindex: ctx.live ? (tabbable ? "0" : "-1") : null, role: ctx.live ? null : "img",
          "data-row": r, "data-col": c })));
    }
    rowNodes.push(h("div", { role: "row", className: "cap-grid-row" }, row));
  }
  const files = h("div", { className: "cap-grid-row cap-files", "aria-hidden": "true" },
    area.columns.map((name, c) => h("span", { className: "cap-file", style: at(rows, c) }, name)));
  const layer = overlay(area, scene, ctx);
  layer.style.gridRow = `1 / ${rows + 1}`;
  layer.style.gridColumn = `2 / ${cols + 2}`;
  const grid = h("div", { className: "cap-grid", role: "grid", "aria-label": area.title,
    style: { "--cap-cols": cols }, onkeydown: (event) => gridKeys(event, area, spaces, ctx) }, rowNodes, files, layer);
  return h("div", { className: "cap-area cap-area-grid", "data-area": area.id }, grid);
}

// Arrow keys walk a grid; the walked square keeps the keyboard (one square of a grid is in the tab order).
function gridKeys(event, area, spaces, ctx) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (!(event.key in moves) || !ctx.live) return;
  const at = spaces.find((s) => s.id === ctx.ui.focus) || spaces[0];
  const [dr, dc] = moves[event.key];
  const to = spaces.find((s) => s.row === at.row + dr && s.col === at.col + dc);
  if (!to) return;
  event.preventDefault();
  ctx.ui.focus = to.id;
  ctx.ui.refocus = to.id;
  ctx.redraw();
}

function drawRow(area, spaces, scene, ctx) {
  const items = spaces.map((space) => h("li", { className: "cap-slot" }, spaceControl(space, scene, ctx)));
  return h("div", { className: "cap-area cap-area-row", "data-area": area.id },
    area.title ? h("div", { className: "cap-area-title" }, area.title) : null,
    h("ul", { className: "cap-row", "aria-label": area.title || null }, items));
}

// A free area this wide or wider (Medieval Capture's map) is a map to zoom (see zoomable).
const ZOOM_FROM = 700;

function drawFree(area, spaces, scene, ctx) {
  // Placed by its centre, so that a space smaller than a finger grows around it (board.css: 24 px at the least).
  const place = (s) => ({ left: `${((s.x - area.x) / area.w) * 100}%`, top: `${((s.y - area.y) / area.h) * 100}%`,
    width: `${(s.w / area.w) * 100}%`, height: `${(s.h / area.h) * 100}%` });
  const nodes = spaces.map((space) => spaceControl(space, scene, ctx, { style: place(space), tabindex: ctx.live && !ctx.clickable(space.id) ? "-1" : null }));
  const stage = h("div", { className: "cap-free", style: { aspectRatio: `${area.w} / ${area.h}` } },
    background(area), overlay(area, scene, ctx), h("div", { className: "cap-free-spaces", role: "group", "aria-label": area.title || null }, nodes));
  // A free area smaller than a map is drawn near its own size (a scene unit a CSS pixel, as the SVG picture
  // draws it, growing to half as large again), so that several such areas share a row and wrap on a phone.
  const natural = area.w < ZOOM_FROM ? { flex: `1 1 ${area.w}px`, maxWidth: `${area.w * 1.5}px` } : null;
  return zoomable(h("div", { className: "cap-area cap-area-free", "data-area": area.id, style: natural },
    area.title ? h("div", { className: "cap-area-title" }, area.title) : null, stage), area, scene, ctx);
}

// The game's background picture of an area (Medieval Capture's map), parsed once and cloned per redraw.
const backgrounds = {};
function background(area) {
  if (!area.background) return null;
  if (!backgrounds[area.background]) {
    const source = (typeof ASSETS === "object" && ASSETS !== null && ASSETS[area.background]) || "";
    const template = document.createElement("template");
    template.innerHTML = `<svg class="cap-background" viewBox="${area.x} ${area.y} ${area.w} ${area.h}" aria-hidden="true">${source}</svg>`;
    backgrounds[area.background] = template.content.firstElementChild;
  }
  return backgrounds[area.background].cloneNode(true);
}

// One of the game's small pictures (a kind of space in the key), drawn in the box ``viewBox``: parsed once
// a page and cloned at each redraw of a key (about ten a key; a page's boards share them).
const pictures = {};
function assetPicture(name, viewBox) {
  const key = `${name} ${viewBox}`;
  if (!pictures[key]) {
    const source = (typeof ASSETS === "object" && ASSETS !== null && ASSETS[name]) || "";
    const template = document.createElement("template");
    template.innerHTML = `<svg viewBox="${viewBox}" aria-hidden="true">${source}</svg>`;
    pictures[key] = template.content.firstElementChild;
  }
  return pictures[key].cloneNode(true);
}

// Links (a map's trails) and arrows (the last move, a route being chosen) over an area, in its coordinates.
function overlay(area, scene, ctx) {
  const svg = svgNode("svg", { class: "cap-overlay", viewBox: `${area.x} ${area.y} ${area.w} ${area.h}`, "aria-hidden": "true",
    preserveAspectRatio: "none" });
  const at = {};
  for (const s of scene.spaces) if (s.area === area.id) at[s.id] = s;
  // A background picture draws its area's links itself (a map's trails).
  const pictured = area.background && typeof ASSETS === "object" && ASSETS !== null && ASSETS[area.background];
  for (const link of pictured ? [] : scene.links || []) {
    if (at[link.a] && at[link.b]) {
      svg.append(svgNode("line", { x1: at[link.a].x, y1: at[link.a].y, x2: at[link.b].x, y2: at[link.b].y, class: `cap-link cap-link-${link.tone || "trail"}` }));
    }
  }
  // An arrow's head stops at the edge of its last space, so the piece or mark there stays readable; on a
  // wide area (a map) the head grows with it, as its stroke keeps its width on the screen.
  const head = Math.max(1, area.w / 640);
  for (const arrow of ctx.arrows) {
    const spaces = arrow.path.filter((p) => at[p]).map((p) => at[p]);
    const entry = ctx.key[arrow.key];
    if (spaces.length >= 2 && entry) {
      const points = spaces.map((s) => [s.x, s.y]);
      const end = spaces[spaces.length - 1];
      const [x1, y1] = points[points.length - 2];
      const [x0, y0] = points[points.length - 1];
      const length = Math.hypot(x0 - x1, y0 - y1) || 1;
      const cut = Math.min(length / 2, Math.min(end.w, end.h) / 2);
      const [x2, y2] = [x0 - ((x0 - x1) / length) * cut, y0 - ((y0 - y1) / length) * cut];
      points[points.length - 1] = [x2, y2];
      svg.append(svgNode("polyline", { points: points.map((p) => p.join(",")).join(" "), class: `cap-arrow cap-colour-${entry.colour}` }));
      const angle = Math.atan2(y2 - y1, x2 - x1) * 180 / Math.PI;
      svg.append(svgNode("path", { d: "M-10,-7 L2,0 L-10,7 z", class: `cap-arrowhead cap-colour-${entry.colour}`,
        transform: `translate(${x2} ${y2}) rotate(${angle}) scale(${head})` }));
    }
  }
  return svg;
}

// A large map (Medieval Capture's) sits in a viewport that scrolls, at the zoom the reader picks; a phone
// starts at 1.5x or more, where a space is a finger's size. The zoom and the place looked at are kept
// between redraws; a scene may ask to open on a part of the map (its focus: a lesson's targets), and a new
// focus (the next level) opens there again.
const ZOOMS = [1, 1.5, 2, 3];
const onPhone = () => Boolean(window.matchMedia && window.matchMedia("(max-width: 600px)").matches);
function openingZoom(area, scene, phone) {
  // A focus opens at the largest zoom that shows all of it, centred on it; on a phone never below 1.5x (the
  // whole map there is an overview, see overview), elsewhere at least 1.5x around a focus and 1x without one.
  const [fx, fy, fw, fh] = scene.focus || [0, 0, area.w, area.h];
  const room = Math.min(area.w / fw, (phone ? 3 : area.h / fh));
  const fits = ZOOMS.filter((z) => z <= Math.max(1.5, room)).pop();
  return { zoom: scene.focus ? Math.max(fits, 1.5) : phone ? 2 : 1,
    scrollTo: scene.focus ? [(fx + fw / 2 - area.x) / area.w, (fy + fh / 2 - area.y) / area.h] : null };
}

// The whole map on a phone is an overview: its spaces are smaller than a finger, so a tap zooms in there
// (to 2x, centred on the tap) instead of choosing a space. A key's Enter still chooses (a click of no pointer).
function overview(viewport, ctx, zoomTo) {
  viewport.classList.add("cap-overview");
  viewport.addEventListener("click", (event) => {
    if (event.detail === 0) return;
    event.stopPropagation();
    event.preventDefault();
    const box = viewport.getBoundingClientRect();
    ctx.ui.scrollTo = [(event.clientX - box.left + viewport.scrollLeft) / viewport.scrollWidth,
      (event.clientY - box.top + viewport.scrollTop) / viewport.scrollHeight];
    zoomTo(2);
  }, true);
}

function zoomable(node, area, scene, ctx) {
  if (area.w < ZOOM_FROM) return node;
  const ui = ctx.ui;
  const phone = onPhone();
  const focus = JSON.stringify(scene.focus || null);
  if (ui.zoom === undefined || ui.zoomFocus !== focus) {
    ui.zoomFocus = focus;
    ({ zoom: ui.zoom, scrollTo: ui.scrollTo } = openingZoom(area, scene, phone));
    ui.scroll = null;
  }
  const inner = h("div", { className: "cap-zoomed", style: { width: `${ui.zoom * 100}%` } }, node);
  const viewport = h("div", { className: "cap-viewport", tabindex: ui.zoom > 1 ? "0" : null, role: ui.zoom > 1 ? "region" : null,
    "aria-label": ui.zoom > 1 ? "the map, zoomed in: scroll to look around" : null }, inner);
  viewport.addEventListener("scroll", () => { ui.scroll = [viewport.scrollLeft, viewport.scrollTop]; });
  // The place to look at is set once the map is laid out (a board drawn before it is on the page waits for it).
  const settle = (tries) => {
    if (!inner.isConnected || !inner.clientWidth) {
      if (tries > 0) requestAnimationFrame(() => settle(tries - 1));
      return;
    }
    if (ui.scrollTo) {
      viewport.scrollLeft = ui.scrollTo[0] * inner.clientWidth - viewport.clientWidth / 2;
      viewport.scrollTop = ui.scrollTo[1] * inner.clientHeight - viewport.clientHeight / 2;
      ui.scrollTo = null;
      ui.scroll = [viewport.scrollLeft, viewport.scrollTop];  // a redraw before the scroll event keeps the place
    } else if (ui.scroll) [viewport.scrollLeft, viewport.scrollTop] = ui.scroll;
  };
  queueMicrotask(() => settle(60));
  const index = ZOOMS.indexOf(ui.zoom);
  const zoomTo = (i) => {
    const level = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, i))];
    if (level === ui.zoom) return;
    const middle = [(viewport.scrollLeft + viewport.clientWidth / 2) / ui.zoom, (viewport.scrollTop + viewport.clientHeight / 2) / ui.zoom];
    ui.scroll = [Math.max(0, middle[0] * level - viewport.clientWidth / 2), Math.max(0, middle[1] * level - viewport.clientHeight / 2)];
    ui.zoom = level;
    ctx.redraw();
  };
  if (phone && ui.zoom === 1) overview(viewport, ctx, (level) => zoomTo(ZOOMS.indexOf(level)));
  const tools = h("div", { className: "cap-zoom", role: "group", "aria-label": "zoom the map" },
    h("button", { type: "button", disabled: index <= 0, onclick: () => zoomTo(index - 1) }, srOnly("zoom out"), h("span", { "aria-hidden": "true" }, "\u2212")),
    h("span", { className: "cap-zoom-level" }, `${ui.zoom}\u00d7`),
    h("button", { type: "button", disabled: index >= ZOOMS.length - 1, onclick: () => zoomTo(index + 1) }, srOnly("zoom in"), h("span", { "aria-hidden": "true" }, "+")),
    h("button", { type: "button", disabled: index === 0, onclick: () => zoomTo(0) }, "whole map"));
  return h("div", { className: "cap-map" }, tools, viewport);
}

// ----- beside the board ---------------------------------------------------------------------------------------
function panelNode(panel) {
  const owner = panel.owner !== undefined && panel.owner !== null ? ` cap-seat${panel.owner}` : "";
  return h("section", { className: `cap-panel${owner}`, "aria-label": panel.title },
    h("strong", { className: "cap-panel-title" }, panel.title),
    (panel.lines || []).map((line) => h("span", { className: "cap-panel-line" }, line)),
    (panel.chips || []).length ? h("span", { className: "cap-chips" }, panel.chips.map((chip) =>
      h("span", { className: "cap-chip" }, srOnly(chip.name || chip.title), pieceNode(chip)))) : null);
}

function keyList(scene) {
  const entries = Object.values(keyOf(scene)).filter((k) => k.key !== "select");
  if (!entries.length) return null;
  const sample = (entry) => {
    if (entry.look === "piece") return h("span", { className: `cap-key-sample cap-key-piece cap-key-${entry.key}`, "aria-hidden": "true" }, entry.glyph || "");
    if (entry.look === "arrow") return h("span", { className: `cap-key-sample cap-key-arrow cap-colour-${entry.colour}`, "aria-hidden": "true" });
    if (entry.look === "space") return h("span", { className: `cap-key-sample cap-key-space cap-key-${entry.key}`, "aria-hidden": "true" }, assetPicture(`key-${entry.key}`, "-14 -14 28 28"));
    return h("span", { className: "cap-key-sample cap-space cap-tone-light", "aria-hidden": "true" }, markNode(entry));
  };
  return h("details", { className: "cap-key" }, h("summary", {}, "key to the marks"),
    h("ul", {}, entries.map((entry) => h("li", {}, sample(entry), h("span", { className: "cap-key-name" }, entry.name),
      h("span", { className: "cap-key-text" }, ` \u2013 ${entry.text}`)))));
}

function statusNode(scene) {
  const [main, ...rest] = scene.status || [];
  return h("div", { className: "cap-status" }, main ? h("strong", {}, main) : null, rest.map((line) => h("span", {}, line)));
}

function lastNode(scene, model) {
  const lines = (scene.last || []).map((m) => m.text).filter(Boolean);
  if (!lines.length) return null;
  return h("div", { className: "cap-last" }, h("span", { className: "cap-last-title" }, "Last: "), lines.slice(-6).join(" \u00b7 "));
}

// ----- the controls -------------------------------------------------------------------------------------------
function buildControls(scene, ctx) {
  const { next, complete, candidates } = ctx.build;
  const out = [];
  const picked = ctx.ui.picked;
  const send = (a) => { ctx.ui.picked = []; ctx.ui.choosing = null; ctx.send(a.notation); };
  if (ctx.ui.choosing) {
    out.push(h("div", { className: "cap-choice", role: "group", "aria-label": "choose the move" }, h("span", {}, "Which one? "),
      ctx.ui.choosing.map((a) => h("button", { type: "button", "data-notation": a.notation, onclick: () => send(a) },
        a.label || a.notation)),
      h("button", { type: "button", onclick: () => { ctx.ui.choosing = null; ctx.ui.picked = []; ctx.redraw(); } }, "cancel")));
  }
  const buttons = complete.filter((a) => a.button);
  if (buttons.length) {
    out.push(h("div", { className: "cap-actions" }, buttons.map((a) =>
      h("button", { type: "button", "data-notation": a.notation, title: a.label || null, onclick: () => send(a) },
        a.button))));
  }
  if (picked.length) {
    out.push(h("button", { type: "button", className: "cap-clear", onclick: () => { ctx.ui.picked = []; ctx.redraw(); } },
      "clear the selection"));
  }
  const hints = scene.hints || [];
  const hint = hints[Math.min(picked.length, hints.length - 1)];
  if (hint && ctx.live && candidates.length) out.unshift(h("div", { className: "cap-hint" }, hint));
  return out;
}

function clickSpace(scene, ctx, id) {
  const ui = ctx.ui;
  ui.focus = id;
  const at = ui.picked.indexOf(id);
  if (at >= 0) { ui.picked = ui.picked.slice(0, at); ui.choosing = null; ctx.redraw(); return; }
  const picked = [...ui.picked, id];
  const { candidates, complete } = building(scene, picked);
  if (!candidates.length) {
    // Not a next click of the move being built: start a new one from here, if anything starts here.
    const fresh = building(scene, [id]);
    if (fresh.candidates.length) { ui.picked = [id]; ui.choosing = null; ctx.redraw(); return; }
    ui.picked = []; ui.choosing = null; ctx.redraw();
    return;
  }
  const plain = complete.filter((a) => !a.button);
  const longer = candidates.length > complete.length;
  if (plain.length === 1 && !longer && complete.length === 1) { ui.picked = []; ctx.send(plain[0].notation); return; }
  if (plain.length > 1 && !longer) { ui.picked = picked; ui.choosing = plain; ctx.redraw(); return; }
  ui.picked = picked;
  ui.choosing = null;
  ctx.redraw();
}

function levelChooser(model, values) {
  const levels = values.levels || [];
  if (values.mode !== "computer" || !values.level || !levels.length || lessonOf(values)) return null;
  return h("label", { className: "cap-level" }, "computer: ",
    h("select", { onchange: (event) => model.send({ type: "level", level: event.target.value }) },
      levels.map(([name, label]) => h("option", { value: name, selected: name === values.level }, label))));
}

function optionsForm(model, values, ctx) {
  const options = values.options || [];
  if (!options.length) return null;
  const chosen = ctx.ui.options || Object.fromEntries(options.map((o) => [o.name, o.value]));
  ctx.ui.options = chosen;
  const fields = options.map((o) => h("label", { className: "cap-option" }, `${o.label}: `,
    h("select", { onchange: (event) => { chosen[o.name] = o.choices[Number(event.target.value)][0]; } },
      o.choices.map(([value, label], i) => h("option", { value: String(i), selected: JSON.stringify(value) === JSON.stringify(chosen[o.name]) }, label)))));
  const start = () => {
    if (values.under_way) { ctx.ui.confirmNew = { type: "new", options: { ...chosen } }; ctx.redraw(); }
    else model.send({ type: "new", options: { ...chosen } });
  };
  return h("details", { className: "cap-options", open: ctx.ui.optionsOpen ? true : null,
    ontoggle: (event) => { ctx.ui.optionsOpen = event.target.open; } },
  h("summary", {}, "choose the game"), h("div", { className: "cap-option-fields" }, fields,
    h("button", { type: "button", onclick: start }, "start this game")));
}

// A board's lesson, or null: a board with none carries an empty object (a value is never missing).
function lessonOf(values) {
  const lesson = values.lesson;
  return lesson && Object.keys(lesson).length ? lesson : null;
}

// Boards waiting to be drawn again, drawn one a frame: where every board of a page changes at once (the
// engine ready and opening each), drawing all of them in one animation frame would hold the page (taps,
// scrolling) for as long as all of them take; one board a frame lets the browser answer in between.
const waiting = [];
let drawing = false;
function drawSoon(draw) {
  if (waiting.includes(draw)) return;
  waiting.push(draw);
  if (!drawing) { drawing = true; requestAnimationFrame(drawNext); }
}
function drawNext() {
  const draw = waiting.shift();
  if (draw) draw();
  if (waiting.length) setTimeout(() => requestAnimationFrame(drawNext), 0);
  else drawing = false;
}

function storage() {
  try { return window.localStorage; } catch (err) { return null; }  // storage may be switched off
}

// Each board keeps its own game (a claim on it, which this browser keeps) under a key of its page and its
// place on the page; a reload offers to resume that board's game, and nothing but the player's own
// choice (a new game, a loaded game, a game's end) throws the kept game away. The place is the book's
// board id (named by its content, the same on every visit), or the id a page gives the board's own element,
// or in a notebook host (Voila, JupyterLab) the board's cell and its place among that cell's outputs; else
// (a host that names neither) its game and its order among the page's boards drawn so far. A name comes
// first because that order depends on which board the host draws first: two boards of one game drawn the
// other way round would take each other's place.
// Found once a board is on its page, then kept: a board's place never changes, and the page-order fallback
// would otherwise read the whole document on every draw.
const resumeKeys = new WeakMap();
function resumeKey(el, values) {
  if (resumeKeys.has(el)) return resumeKeys.get(el);
  const book = el.closest && el.closest(".capture-static-board[id]");
  const place = book ? book.id
    : el.id ? `#${el.id}`
    : notebookPlace(el) || `${values.game || "board"}:${[...document.querySelectorAll(".capture-board")].indexOf(el)}`;
  const key = `capture-resume:${location.pathname}:${place}`;
  resumeKeys.set(el, key);
  return key;
}

// The board's cell, by the notebook's own cell id where the host writes it as the cell's id (Voila:
// "cell-id=...") or else by the cell's place in the notebook as JupyterLab numbers it, and the board's
// output's place in that cell; null where the host names no cell.
function notebookPlace(el) {
  const cell = el.closest && el.closest(".jp-Cell");
  const output = cell && el.closest(".jp-OutputArea-output");
  const name = cell && (cell.id || (cell.dataset.windowedListIndex ? `cell-${cell.dataset.windowedListIndex}` : ""));
  if (!output || !name) return null;
  return `${name}:${[...cell.querySelectorAll(".jp-OutputArea-output")].indexOf(output)}`;
}

// The claim is written to the browser's storage only when the board's claim changed (the board kept its game),
// not at every draw; once the board has dropped the game it kept (a game over, a new game, another loaded) the
// claim is removed, so that a finished game is never offered again.
function keepResume(el, values, ui) {
  const store = storage();
  if (!store || lessonOf(values) || !el.isConnected) return;  // a board not yet on its page has no place
  const resume = values.resume || "";
  const now = resume || (values.scene && values.scene.over ? "over" : "");
  if (ui.keptResume === now) return;
  const before = ui.keptResume;
  ui.keptResume = now;
  try {
    if (resume) store.setItem(resumeKey(el, values), resume);
    else if (now === "over" || before) store.removeItem(resumeKey(el, values));
  } catch (err) { /* storage full: the game goes on, unkept */ }
}

function resumeOffer(el, model, values, ctx) {
  const store = storage();
  if (!store || values.under_way || values.resume || ctx.ui.resumeDismissed || lessonOf(values) || values.teaching
      || !el.isConnected || (values.scene && values.scene.over)) return null;
  const key = resumeKey(el, values);
  const text = store.getItem(key);
  let claim = null;
  try { claim = JSON.parse(text || "null"); } catch (err) { claim = null; }
  if (!claim || typeof claim.actions !== "number" || claim.game !== values.game) return null;
  return h("div", { className: "cap-confirm cap-resume", role: "region", "aria-label": "resume your game" },
    h("p", {}, `This board kept your game in progress (${plural(claim.actions, "action", "actions")} played). Resume it?`),
    h("button", { type: "button", className: "cap-primary", onclick: () => model.send({ type: "load", text }) }, "resume the game"),
    h("button", { type: "button", onclick: () => { ctx.ui.resumeDismissed = true; ctx.redraw(); } }, "not now"));
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

function fileControls(model, values, ctx) {
  if (!values.controls || !values.controls.save) return [];
  const picker = h("input", { type: "file", accept: ".json,.txt,application/json,text/plain", className: "cap-load-file",
    onchange: async (event) => {
      const file = event.target.files && event.target.files[0];
      event.target.value = "";
      if (!file) return;
      if (file.size > MAX_SAVE_BYTES) { ctx.ui.localMessage = "that file is too long to be a saved game"; ctx.redraw(); return; }
      model.send({ type: "load", text: await file.text() });
    } });
  return [h("button", { type: "button", className: "cap-save", onclick: () => model.send({ type: "save" }) }, "save"),
    h("label", { className: "cap-load" }, picker, h("span", { className: "cap-load-label" }, "load")),
    values.controls.export ? h("button", { type: "button", className: "cap-export", onclick: () => { ctx.ui.confirmExport = true; ctx.redraw(); } }, "export the whole game") : null];
}

function confirmBox(text, yes, no, ctx) {
  return h("div", { className: "cap-confirm", role: "alertdialog", "aria-label": text },
    h("p", {}, text),
    h("button", { type: "button", className: "cap-primary", onclick: yes[1] }, yes[0]),
    h("button", { type: "button", onclick: no[1] }, no[0]));
}

function controls(el, model, values, ctx) {
  const c = values.controls || {};
  const input = h("input", { type: "text", className: "cap-notation", placeholder: "or type a move in notation", spellcheck: "false",
    "aria-label": "or type a move in notation" });
  input.value = ctx.ui.notation || "";
  input.addEventListener("input", () => { ctx.ui.notation = input.value; });
  const submit = () => {
    const text = input.value.trim();
    if (!text) { ctx.ui.localMessage = "Type a move first, in the notation the chapter teaches, or click the board."; ctx.redraw(); return; }
    ctx.ui.notation = "";
    model.send({ type: "play", action: text });
  };
  input.addEventListener("keydown", (event) => { if (event.key === "Enter") submit(); });
  const undoNote = values.undo_note || "";
  const undoWhy = undoNote && !values.curtain && c.undo ? h("div", { className: "cap-undo-why", id: `${ctx.uid}-undo-why` }, `Undo is off: ${undoNote}.`) : null;
  const row = [input, h("button", { type: "button", onclick: submit }, "play")];
  if (c.undo) {
    row.push(h("button", { type: "button", className: "cap-undo", disabled: !values.can_undo,
      "aria-describedby": undoWhy ? `${ctx.uid}-undo-why` : null, onclick: () => model.send({ type: "undo" }) }, "undo"));
  }
  if (c.new) {
    row.push(h("button", { type: "button", className: "cap-new",
      onclick: () => { if (values.under_way) { ctx.ui.confirmNew = { type: "new" }; ctx.redraw(); } else model.send({ type: "new" }); } }, "new game"));
  }
  row.push(...fileControls(model, values, ctx), levelChooser(model, values));
  const out = [h("div", { className: "cap-controls" }, row), undoWhy];
  if (c.new) out.push(optionsForm(model, values, ctx));
  if (ctx.ui.confirmNew) {
    const message = ctx.ui.confirmNew;
    const done = (send) => { ctx.ui.confirmNew = null; if (send) model.send({ ...message, confirm: true }); ctx.redraw(); };
    out.push(confirmBox("Start a new game? The game on the board is lost unless you save it first.",
      ["start a new game", () => done(true)], ["keep playing", () => done(false)], ctx));
  }
  if (ctx.ui.confirmExport) {
    const done = (send) => { ctx.ui.confirmExport = false; if (send) model.send({ type: "export" }); ctx.redraw(); };
    out.push(confirmBox("The whole game shows every hidden card and piece, the computer's too: export it only to go on "
      + "with it elsewhere, not to read it during the game.", ["export it", () => done(true)], ["cancel", () => done(false)], ctx));
  }
  if (c.save) out.push(resumeOffer(el, model, values, ctx));
  return out;
}

// ----- worked examples and lessons -----------------------------------------------------------------------
function stepper(frames, index, go, unit) {
  const last = frames.length - 1;
  const frame = frames[index];
  const button = (text, target, disabled) => h("button", { type: "button", className: "cap-step", disabled, onclick: () => go(target) }, text);
  return h("div", { className: "cap-stepper" },
    h("div", { className: "cap-step-buttons" },
      button("\u00ab first", 0, index === 0), button(`\u2039 previous ${unit}`, Math.max(0, index - 1), index === 0),
      button(`next ${unit} \u203a`, Math.min(last, index + 1), index === last), button("last \u00bb", last, index === last)),
    h("div", { className: "cap-step-caption", "aria-live": "polite" },
      h("span", { className: "cap-step-count" }, unit === "picture" ? `picture ${index + 1} of ${last + 1}` : `step ${index} of ${last}`),
      frame.action ? h("code", { className: "cap-step-action" }, frame.action) : null,
      h("span", { className: "cap-step-note" }, frame.note || "")));
}

function lessonButton(model, label, command, extra = {}) {
  return h("button", { type: "button", className: `cap-lesson-do-${command} ${extra.className || ""}`, disabled: extra.disabled,
    onclick: () => model.send({ type: "lesson", do: command }) }, label);
}

function stars(n, of = 3) {
  const shown = Math.max(0, Math.min(of, Math.floor(Number(n)) || 0));
  return h("span", { className: "cap-stars" }, srOnly(`${shown} of ${of} stars`),
    h("span", { "aria-hidden": "true" }, "\u2605".repeat(shown) + "\u2606".repeat(of - shown)));
}

// A course's progress in this browser: the best stars (1, 2 or 3) won on each level, by game. The store may hold
// anything (another version of the book wrote it, or a curious student did): only a plain object's levels with
// 1 to 3 stars are read, the rest is left out with one note in the console, and nothing is lost: before new
// stars are written over a value read only in part, that value is kept as it was, under the key with ":unread".
const PROGRESS_NOTED = new Set();
function readProgress(text) {
  let parsed;
  try { parsed = JSON.parse(text || "{}"); } catch (err) { parsed = undefined; }
  const progress = {};
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return { progress, whole: false };
  let whole = true;
  for (const [level, won] of Object.entries(parsed)) {
    if (won === 1 || won === 2 || won === 3) progress[level] = won;
    else whole = false;
  }
  return { progress, whole };
}

function storedProgress(game) {
  const store = storage();
  const key = `capture-course:${game}`;
  let text = null;
  try { text = store ? store.getItem(key) : null; } catch (err) { text = null; }
  const { progress, whole } = readProgress(text);
  if (text !== null && !whole && !PROGRESS_NOTED.has(key)) {
    PROGRESS_NOTED.add(key);
    console.warn(`The course progress this browser keeps for ${game} is not as this book writes it: the levels it `
      + "could read are shown, and the rest is kept as it was.");
  }
  return { store, key, text, progress, whole };
}

function courseProgress(game) {
  return storedProgress(game).progress;
}

function keepProgress(lesson) {
  if (lesson.kind !== "course" || lesson.status !== "won" || !lesson.stars) return;
  const { store, key, text, progress, whole } = storedProgress(lesson.game);
  if (!store || (progress[lesson.level] || 0) >= lesson.stars) return;
  progress[lesson.level] = lesson.stars;
  try {
    if (text !== null && !whole && store.getItem(`${key}:unread`) === null) store.setItem(`${key}:unread`, text);
    store.setItem(key, JSON.stringify(progress));
  } catch (err) { /* storage full or switched off: the stars are shown, not kept */ }
}

// A course opened again goes on at the first level this browser has not won yet (once a page, and only from
// the course's first level untouched: a learner who chose a level stays there).
function resumeCourse(model, ui, lesson) {
  if (ui.resumedCourse || !lesson || lesson.kind !== "course" || lesson.static) return;
  ui.resumedCourse = true;
  if (lesson.index !== 0 || lesson.moves) return;
  const progress = courseProgress(lesson.game);
  const keys = (lesson.stages || []).flatMap(([, levels]) => levels.map(([key]) => key));
  const next = keys.find((key) => !progress[key]);
  if (keys.some((key) => progress[key]) && next && next !== lesson.level) model.send({ type: "lesson", do: "level", key: next });
}

// The course above the board: its level map (folded on a phone, where it would push the board off the screen),
// the level, its goal and the move counter. What the learner does and is told comes under the board
// (courseVerdict), where the eye is after a move.
function coursePanel(model, lesson, ui) {
  const progress = courseProgress(lesson.game);
  const map = h("nav", { className: "cap-course-map", "aria-label": "the course's levels" },
    (lesson.stages || []).map(([stage, levels]) => h("div", { className: "cap-course-stage" },
      h("span", { className: "cap-course-stage-title" }, stage),
      h("span", { className: "cap-course-levels" }, levels.map(([key, title]) => {
        const won = progress[key] || 0;
        return h("button", { type: "button", className: `cap-course-level${key === lesson.level ? " cap-current" : ""}`,
          "aria-current": key === lesson.level ? "step" : null, onclick: () => model.send({ type: "lesson", do: "level", key }) },
        title, won ? h("span", { className: "cap-stars", "aria-hidden": "true" }, ` ${"\u2605".repeat(won)}`) : null,
        won ? srOnly(`, ${plural(won, "star", "stars")} won`) : null);
      })))));
  if (ui.mapOpen === undefined) ui.mapOpen = !(window.matchMedia && window.matchMedia("(max-width: 600px)").matches);
  const won = Object.keys(progress).length;
  const folded = h("details", { className: "cap-course-levels-all", open: ui.mapOpen ? true : null,
    ontoggle: (event) => { ui.mapOpen = event.target.open; } },
  h("summary", {}, `all ${plural(lesson.count, "level", "levels")}` + (won ? ` (${won} won in this browser)` : "")), map);
  return h("div", { className: `cap-lesson cap-course cap-lesson-is-${lesson.status}` },
    h("div", { className: "cap-lesson-title" }, lesson.course), folded,
    h("div", { className: "cap-lesson-step" }, `Level ${lesson.index + 1} of ${lesson.count} \u00b7 ${lesson.stage}: ${lesson.title}`),
    h("p", { className: "cap-lesson-goal" }, h("strong", {}, "Goal: "), lesson.goal),
    h("p", { className: "cap-lesson-par" }, lesson.counter));
}

// Under the board: what the level says of the learner's play (the verdict after a move, the solution's next
// step, the hint), the stars, and the buttons. A new verdict is scrolled into view.
function courseVerdict(model, lesson) {
  const playing = lesson.status === "try";
  const parts = [];
  if (lesson.feedback) {
    const tone = lesson.status === "won" ? "right" : lesson.status === "lost" ? "wrong" : "revealed";
    parts.push(h("p", { className: `cap-lesson-feedback cap-lesson-${tone}`, role: "status" }, lesson.feedback));
  }
  if (lesson.hint && playing) parts.push(h("p", { className: "cap-lesson-feedback cap-lesson-hinted" }, `Hint: ${lesson.hint}`));
  if (lesson.stars) parts.push(h("p", { className: "cap-lesson-score" }, "Your score: ", stars(lesson.stars)));
  if (lesson.finished) parts.push(h("p", { className: "cap-lesson-done", role: "status" }, "Well done: that was the course's last level."));
  parts.push(h("div", { className: "cap-lesson-buttons" },
    playing && !lesson.hint ? lessonButton(model, "hint", "hint") : null,
    playing && !lesson.answer ? lessonButton(model, "show the solution", "answer") : null,
    lessonButton(model, "try again", "again"),
    lesson.next ? lessonButton(model, "next level \u203a", "next", { className: lesson.status === "won" ? "cap-primary" : "" }) : null));
  return h("div", { className: `cap-lesson cap-course-verdict cap-lesson-is-${lesson.status}` }, parts);
}

function isCourse(lesson, live) {
  return Boolean(lesson) && lesson.kind === "course" && !lesson.static && live;
}

// Once a level is won or lost, its verdict is brought into view (on a phone it may lie under the map).
function showVerdict(el, lesson, ui) {
  const said = `${lesson.level}/${lesson.status}`;
  if (ui.verdictShown === said) return;
  ui.verdictShown = said;
  const verdict = el.querySelector(".cap-course-verdict");
  if (verdict && lesson.status !== "try" && verdict.scrollIntoView) verdict.scrollIntoView({ block: "nearest" });
}

function lessonPanel(model, lesson, live, ui) {
  if (isCourse(lesson, live)) return coursePanel(model, lesson, ui);
  if (lesson.static || !live) {
    return h("div", { className: "cap-lesson cap-lesson-static" },
      h("div", { className: "cap-lesson-title" }, lesson.title || ""),
      lesson.goal ? h("p", {}, lesson.goal) : lesson.intro ? h("p", {}, lesson.intro) : null,
      h("p", { className: "cap-lesson-note" }, lesson.answers
        ? `${plural(lesson.count, "step", "steps")}, each shown in two pictures: its question, then its answer (step forward to see it). Open this page live to make the moves yourself.`
        : `${plural(lesson.count, "step", "steps")}, each shown as its question. Open this page live (served, in JupyterLab or Voila) to make the moves and check them.`));
  }
  const answered = lesson.status === "right" || lesson.status === "revealed";
  const parts = [h("div", { className: "cap-lesson-title" },
    lesson.count > 1 ? `${lesson.title} \u00b7 step ${lesson.index + 1} of ${lesson.count}` : lesson.title)];
  if (lesson.goal) parts.push(h("p", { className: "cap-lesson-goal" }, h("strong", {}, "Goal: "), lesson.goal));
  if (lesson.step && lesson.count > 1) parts.push(h("div", { className: "cap-lesson-step" }, lesson.step));
  parts.push(h("p", { className: "cap-lesson-prompt" }, lesson.prompt));
  if (lesson.par) {
    parts.push(h("p", { className: "cap-lesson-par" },
      `Moves: ${lesson.moves || 0} (par ${lesson.par})`, lesson.targets ? ` \u00b7 targets left: ${lesson.targets}` : ""));
  }
  if (lesson.feedback) parts.push(h("p", { className: `cap-lesson-feedback cap-lesson-${lesson.status}`, role: "status" }, lesson.feedback));
  if (lesson.hint && !answered && lesson.status !== "wrong") parts.push(h("p", { className: "cap-lesson-feedback cap-lesson-hinted", role: "status" }, `Hint: ${lesson.hint}`));
  if (lesson.answer) parts.push(h("p", { className: "cap-lesson-answer" }, "Answer: ", h("code", {}, lesson.answer)));
  if (lesson.stars !== undefined && lesson.stars !== null && answered) parts.push(h("p", { className: "cap-lesson-score" }, "Your score: ", stars(lesson.stars)));
  if (lesson.finished) parts.push(h("p", { className: "cap-lesson-done", role: "status" }, lesson.count > 1 ? "Well done: that was the last step." : "Done."));
  parts.push(h("div", { className: "cap-lesson-buttons" },
    answered ? null : lessonButton(model, "hint", "hint"),
    answered ? null : lessonButton(model, "show the answer", "answer"),
    lessonButton(model, "try again", "again"),
    lesson.index > 0 ? lessonButton(model, "\u2039 previous step", "back") : null,
    answered && !lesson.last ? lessonButton(model, "next step \u203a", "next", { className: "cap-primary" }) : null,
    lesson.finished && lesson.next ? h("a", { className: "cap-next-level", href: lesson.next }, "next level \u203a") : null));
  return h("div", { className: `cap-lesson cap-lesson-is-${lesson.status}` }, parts);
}

// ----- the whole board -----------------------------------------------------------------------------------------
// What the board's live region says after a draw: the message under the board (a move refused, the move just
// played), the computer thinking, the last moves and the first status line. The region is the board's one, made
// once and kept through every redraw, so that a screen reader hears each message once, as it comes.
function spoken(scene, message, thinking) {
  const said = [message, thinking ? "The computer is thinking" : "", (scene.last || []).slice(-3).map((m) => m.text).join(". "),
    (scene.status || [])[0] || ""].map((text) => text.replace(/[.\s]+$/, "")).filter(Boolean);
  return said.join(". ") + (said.length ? "." : "");
}

// Sets the live region's words where they changed, and where ``again`` (an answer came) says the same words
// once more: emptied, then set in the next frame, so that a screen reader hears a repeated refusal too.
function announce(region, text, again) {
  if (region.textContent !== text) { region.textContent = text; return; }
  if (!again || !text) return;
  region.textContent = "";
  requestAnimationFrame(() => { if (!region.textContent) region.textContent = text; });
}

// ----- the keyboard's focus through a redraw (issue 40) ---------------------------------------------------------
// A redraw replaces every control of the board. The control that had the focus is named before (a space by its
// id, an action by its notation, a text field, or a control by its kind and words), found again after, and
// focused; where it is gone (the roll button once rolled, a choice once made), the focus goes to a control in
// its place (the same group's first), else the space the keyboard walks from, else the board's status line:
// never to the page, which would send a keyboard player back to its top.
const FOCUSABLE = "button:not([disabled]), input, select, summary, [tabindex]:not([tabindex='-1'])";

function focusedControl(el, ui) {
  const active = document.activeElement;
  if (ui.refocus) { const space = ui.refocus; ui.refocus = null; return { space }; }
  if (!active || active === el || !el.contains(active)) return null;
  const group = active.closest(".cap-actions, .cap-choice, .cap-controls, .cap-lesson-buttons, .cap-stepper, .cap-zoom, "
    + ".cap-confirm, .cap-options, .cap-course-map, .cap-key, .cap-log, .cap-stage");
  return { space: active.dataset.space || null, notation: active.dataset.notation || null, tag: active.tagName,
    className: active.className, text: active.textContent, group: group ? group.className.split(" ")[0] : null,
    typing: active.classList.contains("cap-notation"), caret: active.selectionStart };
}

function restoreFocus(el, was) {
  if (!was) return;
  const find = (selector) => el.querySelector(selector);
  let target = was.space ? find(`[data-space="${CSS.escape(was.space)}"]`) : null;
  if (!target && was.notation) target = find(`[data-notation="${CSS.escape(was.notation)}"]`);
  if (!target && was.typing) target = find("input.cap-notation");
  if (!target && was.tag) {
    const same = [...el.querySelectorAll(was.tag)].filter((e) => e.className === was.className);
    target = same.find((e) => e.textContent === was.text) || (same.length === 1 ? same[0] : null);
  }
  const exact = !!target;
  if (!target && was.group) target = find(`.${CSS.escape(was.group)} :is(${FOCUSABLE})`);
  if (!target) target = find("button[data-space]:not([aria-disabled='true']), .cap-actions button, .cap-choice button");
  if (!target || target.disabled) {
    target = find(".cap-status");
    if (target) target.tabIndex = -1;
  }
  if (!target) return;
  target.focus({ preventScroll: exact });
  if (was.typing && target.matches("input.cap-notation")) {
    const at = Math.min(was.caret ?? target.value.length, target.value.length);
    target.setSelectionRange(at, at);
  }
}

// The board's folding parts (the move log, the key) stay open or closed through a redraw, as the player left them.
function openDetails(el) {
  return new Set([...el.querySelectorAll("details[open]")].map((d) => d.className));
}

function reopenDetails(el, opened) {
  for (const details of el.querySelectorAll("details")) if (opened.has(details.className)) details.open = true;
}

let boards = 0;

export default {
  render({ model, el }) {
    el.classList.add("capture-board");
    boards += 1;
    const uid = `cap-${boards}`;
    let frameIndex = 0;
    const ui = { picked: [], focus: null };
    const region = h("div", { className: "cap-sr", "aria-live": "polite", "aria-atomic": "true" });
    el.append(region);
    let lastLog = null;
    const draw = () => {
      const values = model.get("values") || {};
      const frames = values.frames || [];
      const stepping = frames.length > 0;
      if (frameIndex >= frames.length) frameIndex = 0;
      const scene = stepping ? frames[frameIndex].scene : values.scene;
      if (!scene) return;
      const live = !stepping && values.mode !== "static" && values.mode !== "view";
      keepResume(el, values, ui);  // before the controls are drawn: a finished game's claim is gone by then
      const actions = live && !values.curtain && !values.thinking ? scene.actions || [] : [];
      const playable = { ...scene, actions };
      const logKey = (scene.status || []).join("|") + (scene.last || []).map((m) => m.text).join("|") + actions.length;
      if (logKey !== lastLog) { ui.picked = []; ui.choosing = null; lastLog = logKey; }
      const build = building(playable, ui.picked);
      const key = keyOf(scene);
      const marks = {};
      const addMark = (at, k) => { (marks[at] = marks[at] || []).includes(k) || marks[at].push(k); };
      for (const m of scene.marks || []) addMark(m.at, m.key);
      for (const at of ui.picked) addMark(at, "select");
      // The next clicks of a move being built wear their action's mark; the first clicks of a move (a unit
      // to choose) are marked only when they are the move's kind (a hiding place), not as every own unit.
      for (const [at, kind] of Object.entries(build.next)) {
        if (kind && key[kind]) addMark(at, kind);
        else if (ui.picked.length) addMark(at, "select-next");
      }
      const arrows = [...(scene.arrows || [])];
      if (ui.choosing) for (const a of ui.choosing) if ((a.route || []).length > 1) arrows.push({ path: a.route, key: a.kind || "last" });
      if (!key["select-next"]) key["select-next"] = { key: "select-next", name: "a next click", look: "dashed", colour: "yellow", glyph: "" };
      // Where a move takes more than two clicks (cards for three lanes, a route), the picked spaces are numbered.
      const order = {};
      if (build.candidates.some((a) => (a.clicks || []).length > 2)) ui.picked.forEach((at, i) => { order[at] = String(i + 1); });
      const ctx = { model, ui, uid, live, key, marks, arrows, build, order, pieces: byAt(scene.pieces), redraw: draw,
        ways: waysOf(scene),
        clickable: (id) => id in build.next || ui.picked.includes(id),
        sends: (id) => {
          if (ui.picked.includes(id)) return null;
          const after = building(playable, [...ui.picked, id]);
          return after.complete.length === 1 && after.candidates.length === 1 && !after.complete[0].button
            ? after.complete[0].notation : null;
        },
        click: (id) => clickSpace(playable, ctx, id),
        send: (action) => { model.send({ type: "play", action }); } };
      if (ui.focus === null || !scene.spaces.some((s) => s.id === ui.focus)) ui.focus = (scene.spaces[0] || {}).id || null;
      const parts = [];
      const lesson = lessonOf(values);
      if (lesson) parts.push(lessonPanel(model, lesson, live, ui));
      if (values.teaching) parts.push(h("div", { className: "cap-teaching", role: "note" }, "Teaching view: every hidden card and piece is shown. Turn it off for a real game."));
      const curtain = live ? values.curtain : "";
      if (curtain) {
        parts.push(h("div", { className: "cap-curtain" },
          h("p", {}, `Hand the screen to ${curtain}. The other players look away.`),
          h("button", { type: "button", className: "cap-primary", onclick: () => model.send({ type: "ready" }) }, `I am ${curtain}: show my side`)));
      }
      parts.push(statusNode(scene));
      parts.push(h("div", { className: "cap-stage" }, scene.areas.map((area) => drawArea(area, playable, ctx))));
      if (isCourse(lesson, live)) parts.push(courseVerdict(model, lesson));
      if ((scene.panels || []).length) parts.push(h("div", { className: "cap-panels" }, scene.panels.map(panelNode)));
      parts.push(lastNode(scene, model));
      if (live) parts.push(...buildControls(playable, ctx));
      parts.push(keyList(scene));
      if (stepping && frames.length > 1) {
        parts.push(stepper(frames, frameIndex, (i) => { frameIndex = i; draw(); }, lesson ? "picture" : "step"));
      } else if (live) {
        if (values.thinking) parts.push(h("div", { className: "cap-message" }, "The computer is thinking\u2026"));
        if (ui.localMessage) {
          parts.push(h("div", { className: "cap-message cap-error" }, ui.localMessage));
        } else if (values.message) {
          parts.push(h("div", { className: `cap-message cap-${values.message_kind || "info"}` }, values.message));
        }
        parts.push(...controls(el, model, values, ctx));
        const log = values.log || [];
        parts.push(h("details", { className: "cap-log" }, h("summary", {}, `move log (${plural(log.length, "line", "lines")})`),
          h("ol", {}, log.map((line) => h("li", {}, h("code", {}, line))))));
      }
      const focused = focusedControl(el, ui);
      const opened = openDetails(el);
      for (const child of [...el.childNodes]) if (child !== region) child.remove();
      // The page's own classes stay (the book's place for a board, "capture-live" once the engine runs).
      for (const name of [...el.classList]) if (name.startsWith("cap-game-")) el.classList.remove(name);
      el.classList.add("capture-board", `cap-game-${scene.game}`);
      region.before(...parts.filter(Boolean));
      reopenDetails(el, opened);
      restoreFocus(el, focused);
      const local = live ? ui.localMessage || "" : "";
      ui.localMessage = "";
      announce(region, spoken(scene, local || (live ? values.message || "" : ""), live && values.thinking), answered || !!local);
      answered = false;
      if (lesson) keepProgress(lesson);
      if (lesson && live) resumeCourse(model, ui, lesson);
      if (isCourse(lesson, live)) showVerdict(el, lesson, ui);
    };
    // Whether the values changed since the last draw (an answer came): the live region then says its message,
    // even where it is the same words as before (the same move refused twice).
    let answered = false;
    // The claim is kept as the answer comes, not at its draw a frame later: a reload in between loses nothing.
    const schedule = () => { answered = true; keepResume(el, model.get("values") || {}, ui); drawSoon(draw); };
    model.on("change:values", schedule);
    const custom = (message) => {
      if (message && message.type === "save" && typeof message.text === "string") download(message.filename, message.text);
    };
    model.on("msg:custom", custom);
    // A game is kept at the end of every turn; in the middle of one, when the page hides (a phone locked,
    // a tab closed), so that a reload offers it.
    const hidden = () => { if (document.visibilityState === "hidden" && (model.get("values") || {}).under_way) model.send({ type: "keep" }); };
    document.addEventListener("visibilitychange", hidden);
    draw();
    // A notebook host may draw a board before it puts it on the page: once it is there, draw it again, so
    // that it finds its place and the game it kept there.
    const placed = () => { if (el.isConnected) draw(); else requestAnimationFrame(placed); };
    if (!el.isConnected) requestAnimationFrame(placed);
    return () => {
      model.off("change:values", schedule);
      model.off("msg:custom", custom);
      document.removeEventListener("visibilitychange", hidden);
    };
  },
};
