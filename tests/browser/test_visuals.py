"""What a reader sees: every text a board or stepper draws reads at WCAG AA (4.5:1) in light and dark mode, no
page of the built book scrolls sideways at 390 px, and every kind of Command Capture mark differs from the
seats' colours by its colour and by its shape.

The boards run in the shared page harness (tests/board_page.py); the book's pages are the session's one
build (tests/conftest.py), opened from the folder, as a reader can, so that no page starts its engine.
"""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("anywidget")

from capture_lib import load_game  # noqa: E402
from capture_lib.games.command_capture.scene import KEY, scene  # noqa: E402
from capture_lib.hosts.widget import BoardWidget  # noqa: E402
from capture_lib.render import look  # noqa: E402
from capture_lib.render.picture import to_svg  # noqa: E402
from tests.board_page import open_page  # noqa: E402

pytestmark = pytest.mark.browser

#: WCAG 2's AA contrast for body text.
AA = 4.5
#: The least CIE76 colour difference between a mark and a seat's colour (about 2.3 is just noticeable).
FAR = 25.0
SEATS = ("#0072B2", "#D55E00")

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


def boards():
    """One live board of each game, a worked example with a stepper, and a locked, blocking Command Capture."""
    cc = load_game("command-capture")
    example = BoardWidget.example(legion_state(), [("D4xD5", "the Legionnaire captures")])
    locked = cc.from_position("k6f/8/8/3i4/3L+#34/8/8/K6F b RE")  # a Defend Legionnaire: lock and blocked sides
    return [("command capture", BoardWidget(legion_state(), seat=0, mode="hotseat")),
            ("command capture example", example),
            ("command capture lock", BoardWidget(locked, seat=0, mode="hotseat")),
            ("medieval capture", BoardWidget("medieval-capture", seed=3, seat=0, mode="hotseat")),
            ("capture the commander", BoardWidget("capture-the-commander", seed=3, seat=0, mode="hotseat")),
            ("card commander", BoardWidget("card-commander", seed=3, seat=0, mode="hotseat"))]


def test_board_and_stepper_texts_read_at_aa_in_light_and_dark(browser, tmp_path):
    failures = []
    for name, board in boards():
        if board.mode == "hotseat":
            board._on_front_end_message(board, {"type": "ready"}, [])
        traits = {"legal": board.legal, "mode": board.mode} if not board.frames else {}
        page, errors = open_page(browser, tmp_path, board, **traits)
        if name == "command capture":
            page.get_by_role("button", name="D4", exact=True).click()
        if board.frames:
            page.get_by_role("button", name="next step").click()
            assert page.locator(".cap-step-action").inner_text() == "D4xD5"
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.evaluate(f"document.documentElement.dataset.theme = {json.dumps(scheme)}")
            texts = page.evaluate(TEXT_COLOURS, page.locator(".capture-board").element_handle())
            assert len(texts) > 5, f"{name}: no texts found"
            failures += [f"{name} ({scheme}): {t['text']!r} [{t['cls']}] {contrast(t['fg'], t['bg']):.2f}:1"
                         for t in texts if contrast(t["fg"], t["bg"]) < AA]
        assert errors == []
        page.close()
    assert not failures, "\n".join(failures)


#: Each kind of mark the live board draws, as a square's class or a legend key's, with its drawing.
MARK_STYLE = """(el) => {
  const after = getComputedStyle(el, "::after"), before = getComputedStyle(el, "::before");
  return { border: after.borderTopColor, style: after.borderTopStyle, width: after.borderTopWidth,
           glyph: before.content, fill: getComputedStyle(el).backgroundImage };
}"""


def test_every_command_capture_mark_differs_from_the_seats_on_the_live_board(browser, tmp_path):
    board = BoardWidget(legion_state(), seat=0, mode="hotseat")
    board._on_front_end_message(board, {"type": "ready"}, [])
    page, errors = open_page(browser, tmp_path, board, legal=board.legal, mode="hotseat")
    page.get_by_role("button", name="D4", exact=True).click()
    # The diagram shows the text's captures on C5, D5 and E5, and its moves.
    for square in ("C5", "D5", "E5"):
        square_button = page.get_by_role("button", name=re.compile(f"^{square}: "))
        assert "cmc-target-capture" in square_button.get_attribute("class")
    assert "cmc-target-move" in page.get_by_role("button", name=re.compile("^C4 empty: ")).get_attribute("class")
    drawings = {}
    for kind, selector in (("selected", ".cmc-square.cmc-selected"), ("move", ".cmc-square.cmc-target-move"),
                           ("capture", ".cmc-square.cmc-target-capture"), ("shot", ".cmc-key.cmc-target-shot"),
                           ("bash", ".cmc-key.cmc-target-bash")):
        drawn = page.locator(selector).first.evaluate(MARK_STYLE)
        assert distance(css_rgb(drawn["border"]), hex_rgb(SEATS[0])) > FAR, (kind, drawn)
        assert distance(css_rgb(drawn["border"]), hex_rgb(SEATS[1])) > FAR, (kind, drawn)
        drawings[kind] = (drawn["style"], drawn["glyph"], drawn["width"])
    assert len(set(drawings.values())) == len(drawings), f"two kinds of mark share a shape: {drawings}"
    # Blocked sides, locks, auras and facing arrows: their colours against the seats', and the key names each.
    others = page.evaluate("""() => ({
      wall: getComputedStyle(document.querySelector('.cmc-key-wall')).backgroundColor,
      lock: getComputedStyle(document.querySelector('.cmc-key-lock')).backgroundColor,
      facing: getComputedStyle(document.querySelector('.cmc-unit .cmc-facing')).color,
      command: getComputedStyle(document.querySelector('.cmc-square.cmc-aura-command')).backgroundImage,
      fortify: getComputedStyle(document.querySelector('.cmc-key.cmc-aura-fortify')).backgroundImage,
      key: [...document.querySelectorAll(".cmc-legend .cmc-key-name")].map((n) => n.textContent) })""")
    for kind in ("wall", "lock", "facing"):
        for seat in SEATS:
            assert distance(css_rgb(others[kind]), hex_rgb(seat)) > FAR, (kind, others[kind])
    assert "repeating-linear-gradient" in others["command"] and "radial-gradient" in others["fortify"]
    assert {"move", "capture", "shot", "Shield Bash", "blocked side", "state lock", "facing", "Command aura",
            "Fortify aura", "selected unit"} <= set(others["key"])
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


def test_no_page_of_the_book_scrolls_sideways_on_a_phone_and_every_text_reads_in_both_themes(browser, built_book):
    assert built_book["returncode"] == 0, built_book["log"][-2000:]
    html = built_book["html"]
    wide, faint = [], []
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    for path in sorted((html / "book").rglob("*.html")):
        page.emulate_media(color_scheme="light")
        page.goto(path.as_uri())
        page.wait_for_load_state("load")
        name = path.relative_to(html)
        width = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        if width[0] > width[1]:
            wide.append(f"{name}: {width[0]} px wide")
        for scheme in ("light", "dark"):  # the theme follows the reader's prefers-color-scheme, live
            page.emulate_media(color_scheme=scheme)
            page.wait_for_function(f"document.documentElement.dataset.theme === {json.dumps(scheme)}")
            texts = page.evaluate(TEXT_COLOURS, page.locator("body").element_handle())
            faint += [f"{name} ({scheme}): {t['text']!r} [{t['cls']}] {contrast(t['fg'], t['bg']):.2f}:1"
                      for t in texts if contrast(t["fg"], t["bg"]) < AA]
    context.close()
    assert not wide, "\n".join(wide)
    assert not faint, "\n".join(faint[:40])


def test_book_boards_and_steppers_read_at_aa_in_both_themes(browser, built_book):
    html = built_book["html"]
    failures = []
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
        page = context.new_page()
        page.goto((html / "book" / "command-capture" / "rules.html").as_uri())
        page.wait_for_selector(".capture-static-board.capture-board")
        page.evaluate(f"document.documentElement.dataset.theme = {json.dumps(scheme)}")
        board = page.locator(".capture-static-board.capture-board").filter(has=page.locator(".cap-stepper")).first
        board.get_by_role("button", name="next step").click()
        texts = page.evaluate(TEXT_COLOURS, board.element_handle())
        assert any(t["cls"] == "cap-step-action" for t in texts), "the stepper shows no notation"
        failures += [f"{scheme}: {t['text']!r} [{t['cls']}] {contrast(t['fg'], t['bg']):.2f}:1"
                     for t in texts if contrast(t["fg"], t["bg"]) < AA]
        context.close()
    assert not failures, "\n".join(failures)


def _on_a_phone(browser, tmp_path, board):
    """A 390 px touch screen showing ``board`` ready for hot-seat play: (its context, the page)."""
    board._on_front_end_message(board, {"type": "ready"}, [])
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page, _ = open_page(context, tmp_path, board, legal=board.legal, mode="hotseat")
    return context, page


def test_a_whole_medieval_move_by_touch_on_a_phone(browser, tmp_path):
    from tests.medieval_capture.helpers import pos

    context, page = _on_a_phone(browser, tmp_path, BoardWidget(pos(dice=(2, 3)), seat=0, mode="hotseat"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # A phone opens the map zoomed in, scrollable inside its frame; a space is then a finger's size (WCAG's
    # 24 px at least) where the whole map would leave it 12 px.
    assert page.locator(".mc-zoom-level").inner_text() == "2\u00d7"
    target = page.locator(".mc-hit[data-space='b19']")
    box = target.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24, box
    page.locator(".mc-hit[data-space='b10']").tap()  # Blue's B1 stands on b10
    assert page.locator(".mc-map circle[fill-opacity='0.35']").count() == 3
    page.locator(".mc-hit[data-space='b19']").tap()
    assert page.evaluate("window.sent") == [{"type": "play", "action": "B1 b10-b15-b19"}]
    # Zooming out shows the whole map again, and zooming in once more keeps the place looked at.
    page.get_by_role("button", name="show the whole map").tap()
    assert page.locator(".mc-zoom-level").inner_text() == "1\u00d7"
    assert page.evaluate("(() => { const v = document.querySelector('.mc-viewport'); "
                         "return v.scrollWidth <= v.clientWidth + 1; })()")
    context.close()


def test_command_capture_takes_taps_on_a_phone(browser, tmp_path):
    context, page = _on_a_phone(browser, tmp_path, BoardWidget(legion_state(), seat=0, mode="hotseat"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Every tile's name and state fit in its card at this width (nothing clipped: "Command", not "omman").
    clipped = page.evaluate("""[...document.querySelectorAll('.cmc-state, .cmc-kind')].filter((e) => {
      const card = e.closest('.cmc-unit'), box = card.getBoundingClientRect(), text = e.getBoundingClientRect();
      const left = box.left + card.clientLeft, right = left + card.clientWidth;  // inside the card's border
      return text.left < left - 0.5 || text.right > right + 0.5;
    }).map((e) => e.textContent)""")
    assert clipped == []
    page.get_by_role("button", name="D4", exact=True).tap()
    page.get_by_role("button", name=re.compile("^C4 empty: ")).tap()
    assert page.evaluate("window.sent") == [{"type": "play", "action": "D4-C4"}]
    context.close()


def tab_to(page, name: str, limit: int = 120) -> None:
    """Press Tab until the focused control's accessible name (its aria-label, else its text) starts with ``name``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate("(() => { const e = document.activeElement; "
                                "return (e.getAttribute('aria-label') || e.textContent || '').trim(); })()")
        if focused.startswith(name):
            return
    raise AssertionError(f"no control named {name!r} within {limit} presses of Tab")


def test_each_board_plays_from_the_keyboard_alone_and_tells_a_screen_reader(browser, tmp_path):
    from tests.medieval_capture.helpers import pos

    cases = [  # a board, then the controls reached with Tab and pressed with Enter or Space, then what it sends
        (BoardWidget("card-commander", seed=3, seat=0, mode="hotseat"), [("Karl", "Enter")], "commander Karl"),
        (BoardWidget(legion_state(), seat=0, mode="hotseat"), [("D4", "Enter"), ("C4 empty", " ")], "D4-C4"),
        (BoardWidget("capture-the-commander", seed=3, seat=0, mode="hotseat"),
         [("North card 1,", "Enter"), ("South card 1,", "Enter")], "N1xS1"),
        (BoardWidget(pos(dice=(2, 3)), seat=0, mode="hotseat"), [("B1", "Enter"), ("space b19", " ")],
         "B1 b10-b15-b19"),
    ]
    for board, keys, action in cases:
        board._on_front_end_message(board, {"type": "ready"}, [])
        page, errors = open_page(browser, tmp_path, board, legal=board.legal, mode="hotseat")
        page.set_default_timeout(5000)
        for name, key in keys:
            tab_to(page, name)
            page.keyboard.press(key)
        assert page.evaluate("window.sent") == [{"type": "play", "action": action}], board.game_slug
        # The screen reader's line says whose turn it is, from the board's own status line.
        assert "Blue" in page.locator(".cap-live").inner_text() or "North" in page.locator(".cap-live").inner_text()
        assert page.locator(".cap-live").get_attribute("aria-live") == "polite"
        assert errors == []
        page.close()
    # After a move, the line names it: a worked example's step stands in for the kernel's next view.
    page, errors = open_page(browser, tmp_path, BoardWidget.example(legion_state(), [("D4xD5", "")]))
    region = page.locator(".cap-live")
    page.get_by_role("button", name="next step").click()
    assert region.inner_text().startswith("Last move: D4xD5.") and "to act" in region.inner_text()
    assert errors == []
    page.close()
