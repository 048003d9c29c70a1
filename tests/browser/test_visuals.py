"""What a reader sees: every kind of Command Capture mark differs from the seats' colours by its colour and by
its shape, in the engine's pictures and on the live board alike (both drawn from the scene's key); a stepper's
texts read at WCAG AA (4.5:1) in light and dark mode after a step; on a phone every board takes taps, fits its
width and writes no text smaller than 11 px.

Contrast everywhere else, names, roles and the keyboard are axe-core's and the keyboard games' (test_accessibility).
Boards run in the shared harness (tests/harness.py); the book's pages are the session's one build
(tests/conftest.py), opened from the folder, as a reader can, so that no page starts its engine.
"""

from __future__ import annotations

import json
import re

import pytest

from capture_lib import list_games, load_game
from capture_lib.games.command_capture.scene import KEY, scene
from capture_lib.render import look
from capture_lib.render.picture import to_svg
from capture_lib.session.board import BoardController
from tests.browser.drivers import TEXT_SIZES, draw_every_board
from tests.harness import serve

pytestmark = pytest.mark.browser

#: WCAG 2's AA contrast for body text.
AA = 4.5
#: The least CIE76 colour difference between a mark and a seat's colour (about 2.3 is just noticeable).
FAR = 25.0
#: The least size of a board's text on a phone (the issue's 7 px unit labels could not be read).
SMALLEST_PX = 11
SEATS = look.SEAT_COLOURS[:2]

#: For every element with text of its own inside ``root``: its text, its colour and the colour under it, both
#: with the opacity of the element and its ancestors applied (disabled controls are exempt under WCAG).
TEXT_COLOURS = """(root) => {
  const parse = (c) => {
    const m = c.match(/[\\d.]+/g) || [0, 0, 0, 0];
    return m.length === 3 ? [...m.map(Number), 1] : m.map(Number);
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const background = (el) => {
    const layers = [];
    for (let node = el; node; node = node.parentElement) {
      const c = parse(getComputedStyle(node).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let colour = [255, 255, 255, 1];
    if (!layers.length || layers[layers.length - 1][3] < 1) {
      colour = parse(getComputedStyle(document.body).backgroundColor);
    }
    if (colour[3] < 1) colour = [255, 255, 255, 1];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const out = [];
  for (const el of root.querySelectorAll("*")) {
    if (el.closest("svg, button:disabled, .cap-live, option, select")) continue;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
    if (!own) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") continue;
    let opacity = 1;
    for (let node = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    const under = background(el);
    const fg = parse(getComputedStyle(el).color);
    const seen = over([fg[0], fg[1], fg[2], fg[3] * opacity], under);
    out.push({ text: own.slice(0, 40), cls: el.className && String(el.className), fg: seen, bg: under });
  }
  return out;
}"""


def luminance(rgb) -> float:
    """WCAG's relative luminance of an sRGB colour given as 0-255 channels."""
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG's contrast ratio of two colours."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def lab(rgb) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb[:3])
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def distance(a, b) -> float:
    """The CIE76 difference of two colours."""
    return sum((x - y) ** 2 for x, y in zip(lab(a), lab(b), strict=True)) ** 0.5


def hex_rgb(text: str) -> tuple[int, int, int]:
    """``#D55E00`` -> (213, 94, 0)."""
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def css_rgb(text: str) -> tuple[float, ...]:
    """``rgb(1, 2, 3)`` -> (1, 2, 3)."""
    return tuple(float(x) for x in re.findall(r"[\d.]+", text)[:3])


def legion_state():
    """The rules chapter's Legionnaire: moves to C4, E4 and D3, captures on C5, D5 and E5."""
    return load_game("command-capture").from_position("k6f/8/8/2iii3/3L4/4L3/8/K6F b RE")


def ready(session: BoardController) -> BoardController:
    """A hot-seat session past its curtain, so its board takes moves."""
    if session.values()["curtain"]:
        session.handle({"type": "ready"})
    return session


#: Each mark drawn inside a space: its space, its key, its look and the colour of its ring.
MARKS = """(root) => [...root.querySelectorAll("[data-space] .cap-mark")].map((m) => ({
  at: m.closest("[data-space]").dataset.space,
  look: [...m.classList].find((c) => c.startsWith("cap-look-")).slice(9),
  colour: [...m.classList].find((c) => c.startsWith("cap-colour-")).slice(11),
  ring: getComputedStyle(m).getPropertyValue("--cap-mark").trim() || getComputedStyle(m).borderTopColor }))"""


def rgb_of(page, colour: str) -> tuple[float, ...]:
    """A CSS colour as the browser resolves it, as 0-255 channels."""
    resolved = page.evaluate("""(c) => { const e = document.createElement("span"); e.style.color = c;
      document.body.append(e); const out = getComputedStyle(e).color; e.remove(); return out; }""", colour)
    return css_rgb(resolved)


def test_the_live_board_marks_the_texts_squares_in_the_keys_colours_apart_from_the_seats(browser):
    with serve({"board": ready(BoardController(legion_state(), seat=0, mode="hotseat"))}) as url:
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(url)
        page.locator("[data-space='D4']").click()
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            marks = page.evaluate(MARKS, page.locator(".capture-board").element_handle())
            # The diagram shows the text's captures on C5, D5 and E5, and its moves to C4, E4 and D3.
            entry = {e.key: e for e in KEY}
            drawn = {(m["look"], m["colour"]): m for m in marks}
            where = {kind: {m["at"] for m in marks
                            if (m["look"], m["colour"]) == (entry[kind].look, entry[kind].colour)}
                     for kind in ("capture", "move")}
            captures, moves = where["capture"], where["move"]
            assert captures == {"C5", "D5", "E5"} and moves == {"C4", "E4", "D3"}, marks
            for (kind, colour), mark in drawn.items():
                for seat in SEATS:
                    assert distance(rgb_of(page, mark["ring"]), hex_rgb(seat)) > FAR, (scheme, kind, colour, mark)
        # The key names every kind of mark the board draws, in the scene's own words.
        names = [n.strip() for n in page.locator(".cap-key .cap-key-name").all_text_contents()]
        assert {entry["capture"].name, entry["move"].name} <= set(names), names
        assert errors == []
        page.close()


#: The marks of Command Capture's key drawn as a ring or a glow (not a tint, an arrow or a piece's own feature).
RINGED = ("solid", "thick", "dashed", "dotted", "double", "glow")


def test_every_command_capture_mark_differs_from_the_seats_in_the_engines_pictures():
    cc = load_game("command-capture")
    states = {"legion": (legion_state(), "D4"), "bash": (cc.from_position("k6f/8/8/2i5/3M+4/8/8/K6F b VE"), "D4"),
              "maiden": (cc.from_position("k6f/8/3i4/3M4/3M4/8/8/K6F b VE"), "D4")}
    scenes = {name: scene(state.observation(0), state.legal_actions(), select=square)
              for name, (state, square) in states.items()}
    pictures = {name: to_svg(drawn) for name, drawn in scenes.items()}
    # The Legionnaire's captures are marked on the three squares the text names, and nowhere else.
    assert {m.at for m in scenes["legion"].marks if m.key == "capture"} == {"C5", "D5", "E5"}
    shown = {m.key for drawn in scenes.values() for m in drawn.marks}
    assert {"select", "move", "capture", "ranged", "command"} <= shown, shown
    shapes = {}
    for entry in KEY:
        ring = look.COLOURS[entry.colour][0]
        if entry.look in RINGED:
            for seat in look.SEAT_COLOURS[:2]:
                assert distance(hex_rgb(ring), hex_rgb(seat)) > FAR, (entry.key, ring, seat)
            shapes[entry.key] = (entry.look, entry.glyph)
        if entry.key in shown and entry.look in RINGED:
            assert any(f'stroke="{ring}"' in picture for picture in pictures.values()), entry.key
    assert len(set(shapes.values())) == len(shapes), f"two kinds of mark share a shape: {shapes}"
    # Blocked sides and facing arrows are drawn in colours of their own too, and the key names what is shown.
    walls = re.findall(r'fill="(#[0-9A-Fa-f]{6})" stroke="#ffffff" stroke-width="1" ?/>', pictures["bash"])
    arrows = re.findall(r'<polygon points="[^"]*" fill="(#[0-9A-Fa-f]{6})"/>', pictures["bash"])
    assert walls and arrows
    for colour in walls + arrows:
        for seat in look.SEAT_COLOURS[:2]:
            assert distance(hex_rgb(colour), hex_rgb(seat)) > FAR, colour
    assert all(name in pictures["legion"] for name in (">capture<", ">move<", ">selected unit<", ">Command aura<"))
    assert ">shot<" in pictures["maiden"] and ">blocked side<" in pictures["bash"]


@pytest.mark.generic
@pytest.mark.parametrize("slug", list_games())
def test_a_phone_taps_a_move_on_every_board_which_fits_its_width_in_readable_text(browser, slug):
    # A board of each registered game as a phone shows it, at its start, against the computer.
    session = BoardController(slug, seed=3, seat=0, level="random")
    with serve({"board": session}) as url:
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(url)
        page.locator(".capture-board .cap-status").first.wait_for()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
        small = [t for t in page.evaluate(TEXT_SIZES, page.locator(".capture-board").element_handle())
                 if t["px"] < SMALLEST_PX]
        assert not small, f"{slug}: text under {SMALLEST_PX} px on a phone: {small[:8]}"
        # Every space a finger may come to tap is 24 px or more each way, whether it takes a tap now or later in
        # the game (Medieval's boat spaces once were 17.5 by 14).
        taps = page.evaluate("""() => [...document.querySelectorAll('.capture-board .cap-space[data-space]')]
            .map((e) => [e.dataset.space, e.getBoundingClientRect()])
            .filter(([, r]) => r.width < 23.5 || r.height < 23.5).map(([id, r]) => `${id} ${r.width}x${r.height}`)""")
        assert taps == [], f"{slug}: tap targets under 24 px on a phone: {taps[:8]}"
        # The first move the scene offers, by taps on its spaces, then on its button where the taps leave a
        # choice (a piece placed as itself or as the hidden Knight) or the move takes no space.
        offered = session.values()["scene"]["actions"]
        action, before = offered[0], len(session.values()["log"])
        for space in action.get("clicks") or []:
            page.locator(f"[data-space={json.dumps(space)}]").tap()
        if [a.get("clicks") for a in offered].count(action.get("clicks")) > 1 or not action.get("clicks"):
            page.locator(f"button[data-notation={json.dumps(action['notation'])}]").tap()
        page.wait_for_function(f"window.captureBoards.board.get('log').length > {before}")
        assert session.values()["log"][before] == action["notation"]
        assert errors == []
        context.close()


def test_book_boards_and_steppers_read_at_aa_in_both_themes(browser, built_book):
    html = built_book["html"]
    failures = []
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
        page = context.new_page()
        page.goto((html / "book" / "command-capture" / "rules.html").as_uri())
        draw_every_board(page)  # the loader draws a board out of sight only when the reader comes near
        page.evaluate(f"document.documentElement.dataset.theme = {json.dumps(scheme)}")
        board = page.locator(".capture-static-board.capture-board").filter(has=page.locator(".cap-stepper")).first
        board.get_by_role("button", name=re.compile("^next step")).click()
        texts = page.evaluate(TEXT_COLOURS, board.element_handle())
        assert any(t["cls"] == "cap-step-action" for t in texts), "the stepper shows no notation"
        failures += [f"{scheme}: {t['text']!r} [{t['cls']}] {contrast(t['fg'], t['bg']):.2f}:1"
                     for t in texts if contrast(t["fg"], t["bg"]) < AA]
        context.close()
    assert not failures, "\n".join(failures)
