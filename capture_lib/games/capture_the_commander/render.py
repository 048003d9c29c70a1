"""Capture the Commander as an SVG picture, drawn from a view (an observation, or the teaching view).

Drawing from the view, never from the state, means a picture can only show what its viewer may see.
Each layout is drawn as it lies on the table: the far row on top, each row half over the next, the
Commander nearest its owner. The edge of each card shows its coverage.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from capture_lib.games.capture_the_commander.rules import layout as lay
from capture_lib.render import svg

CARD_W, CARD_H = 40, 56
PITCH = CARD_W + 4
STEP = 32
PANEL_W = 4 * PITCH + 24
PANEL_H = 4 * STEP + CARD_H + 62
TOP = 34

#: Where each slot's card lies in its panel (left, top), in card units worked out from the layout.
_X = {1: 0, 2: 1, 3: 2, 4: 3, 5: 0.5, 6: 1.5, 7: 2.5, 8: 0.5, 9: 1.5, 10: 2.5, 11: 1, 12: 2, 13: 1.5}
#: Paint order: the Commander first, the far row last, so that upper cards hide lower ones.
_PAINT = (13, 11, 12, 8, 9, 10, 5, 6, 7, 1, 2, 3, 4)

COVERAGE_EDGE = {"uncovered": svg.PALETTE["green"], "partial": svg.PALETTE["orange"],
                 "full": svg.PALETTE["muted"]}
COVERAGE_WORDS = {"uncovered": "fully uncovered: may attack or be attacked",
                  "partial": "partially covered: may be attacked", "full": "fully covered: safe"}


def slot_position(slot: int) -> tuple[float, float]:
    """The top-left corner of ``slot``'s card inside its panel."""
    return 12 + _X[slot] * PITCH, TOP + lay.ROW_OF[slot] * STEP


def _panel(body: list[str], view: dict[str, Any], seat: int, x0: float, y0: float,
           marks: set[tuple[int, int]]) -> None:
    entry = view["layouts"][seat]
    colour = svg.SEAT_COLOURS[seat]
    body.append(svg.rect(x0, y0, PANEL_W, PANEL_H, "#ffffff", colour, rx=8, width=2 if
                         view["to_act"] == seat else 1))
    title = entry["name"]
    if view.get("dealer") == seat:
        title += " (dealer)"
    body.append(svg.text(x0 + 10, y0 + 20, title, size=14, fill=svg.SEAT_INKS[seat], anchor="start", weight="bold"))
    status = "out" if entry["out"] else f"{entry['cards_left']} cards"
    if view["to_act"] == seat:
        status += ", to act"
    body.append(svg.text(x0 + PANEL_W - 10, y0 + 20, status, size=11, anchor="end"))
    if entry["out"]:
        body.append(svg.text(x0 + PANEL_W / 2, y0 + PANEL_H / 2, "eliminated", size=16,
                             fill=svg.INK_SOFT, weight="bold"))
        return
    cards = {c["slot"]: c for c in entry["cards"]}
    for slot in _PAINT:
        c = cards[slot]
        dx, dy = slot_position(slot)
        x, y = x0 + dx, y0 + dy
        if not c["present"]:
            body.append(svg.rect(x, y, CARD_W, CARD_H, "none", svg.PALETTE["muted"], rx=5, width=1,
                                 extra='stroke-dasharray="3 3"'))
            body.append(svg.text(x + CARD_W / 2, y + 14, str(slot), size=10, fill=svg.INK_SOFT))
            continue
        edge = COVERAGE_EDGE[c["coverage"]]
        known = c["known"]
        value = known or c.get("card")
        # A card shown in a battle lies face-down again but is remembered: drawn as a white face.
        # A value only the teaching view knows is written on the back, in italics.
        fill = "#ffffff" if known else svg.SEAT_INKS[seat]  # a back's white number must read
        body.append(svg.rect(x, y, CARD_W, CARD_H, fill, edge, rx=5, width=3))
        base = y + CARD_H - 8
        tag = "C" if slot == lay.COMMANDER else str(slot)
        ink = svg.PALETTE["ink"] if known else "#ffffff"
        body.append(svg.text(x + 4, base - 12, tag, size=9, fill=ink, anchor="start", weight="bold"))
        if value:
            red = svg.is_red_card(value)
            if known:
                body.append(svg.text(x + CARD_W / 2 + 3, base, svg.pretty_card(value), size=13,
                                     fill="#C0392B" if red else svg.PALETTE["ink"], weight="bold"))
            else:
                body.append(svg.text(x + CARD_W / 2 + 3, base, svg.pretty_card(value), size=12,
                                     fill="#ffffff", weight="normal").replace("<text ", '<text font-style="italic" '))
        if (seat, slot) in marks:
            body.append(svg.rect(x - 3, y - 3, CARD_W + 6, CARD_H + 6, "none", svg.PALETTE["yellow"], rx=7,
                                 width=3))


def _summary(view: dict[str, Any]) -> str:
    names = view["players"]
    if view["over"]:
        if view["winners"]:
            return "Game over: " + " and ".join(names[s] for s in view["winners"]) + " won."
        return "Game over: a draw."
    battle = view.get("battle")
    if battle:
        return (f"Tie: {names[battle['attacker']]} {battle['cards'][0]} against "
                f"{names[battle['defender']]} {battle['cards'][1]}; picking adjacent cards.")
    if view["battles"]:
        b = view["battles"][-1]
        text = (f"Last battle: {names[b['attacker']]} {b['attacker_slot']} ({b['attacker_card']}) against "
                f"{names[b['defender']]} {b['defender_slot']} ({b['defender_card']})")
        if b["rounds"]:
            text += f", {len(b['rounds'])} tie-break round(s)"
        if b["loser"] is not None:
            text += f": {names[b['loser']]} loses card {b['loser_slot']}"
        if b["eliminated"]:
            text += "; out: " + ", ".join(names[s] for s in b["eliminated"])
        return text + "."
    if view["phase"] in ("draw", "cut", "deal"):
        return f"Getting ready: {view['phase']}."
    return ""


def to_svg(view: dict[str, Any], caption: str = "", marks: Iterable[tuple[int, int]] = ()) -> str:
    """Every layout side by side, coverage on each card's edge, and a line about the last battle.

    ``marks`` are (seat, slot) pairs to ring in yellow, for examples.
    """
    n = len(view["players"])
    width = int(n * (PANEL_W + 12) + 12)
    height = int(PANEL_H + 96)
    body: list[str] = []
    marked = set(marks)
    for seat in range(n):
        _panel(body, view, seat, 12 + seat * (PANEL_W + 12), 12, marked)
    y = PANEL_H + 32
    body.append(svg.text(12, y, _summary(view), size=12, anchor="start"))
    legend = "edges: green = fully uncovered, orange = partially covered, grey = fully covered"
    body.append(svg.text(12, y + 18, legend, size=10, fill=svg.INK_SOFT, anchor="start"))
    body.append(svg.text(12, y + 34, "a white face = shown in a battle, remembered by the whole table", size=10,
                         fill=svg.INK_SOFT, anchor="start"))
    if view.get("teaching"):
        caption = caption or "teaching view: hidden values shown in italics"
    if caption:
        body.append(svg.text(width - 12, y + 52, caption, size=10, fill=svg.PALETTE["red"], anchor="end"))
    title = f"Capture the Commander, {n} players"
    return svg.document(width, height, body, title)


def layout_diagram() -> str:
    """One player's layout with every slot numbered, painted in order so upper cards hide lower ones."""
    body: list[str] = []
    for slot in _PAINT:
        dx, dy = slot_position(slot)
        x, y = 12 + dx, 12 + dy
        fill = svg.PALETTE["yellow"] if slot == lay.COMMANDER else "#ffffff"
        body.append(svg.rect(x, y, CARD_W, CARD_H, fill, svg.PALETTE["ink"], rx=5, width=1.5))
        label = "13 C" if slot == lay.COMMANDER else str(slot)
        # The number sits in the part of the card the cards above leave visible.
        body.append(svg.text(x + CARD_W / 2, y + CARD_H - 8, label, size=13, weight="bold"))
    body.append(svg.text(12 + 2 * PITCH, TOP + 4 * STEP + CARD_H + 30, "the owner sits here", size=11,
                         fill=svg.INK_SOFT))
    return svg.document(int(PANEL_W + 24), int(PANEL_H + 24), body, "The layout's slots, numbered")


_MARKS = {"uncovered": "+", "partial": "~", "full": "#"}
#: Where each slot is printed in the text layout: (line, column).
_TEXT_AT = {1: (0, 0), 2: (0, 8), 3: (0, 16), 4: (0, 24), 5: (1, 4), 6: (1, 12), 7: (1, 20), 8: (2, 4),
            9: (2, 12), 10: (2, 20), 11: (3, 8), 12: (3, 16), 13: (4, 12)}


def to_text(view: dict[str, Any]) -> str:
    """The table as plain text for a terminal: each layout in its rows, then the last battle.

    A card shows as ``slot:value`` with its coverage mark (``+`` fully uncovered, ``~`` partially
    covered, ``#`` fully covered); ``?`` is a value nobody has seen, ``.`` an empty slot.
    """
    lines: list[str] = []
    for seat, entry in enumerate(view["layouts"]):
        head = entry["name"]
        if view.get("dealer") == seat:
            head += " (dealer)"
        head += ": out" if entry["out"] else f": {entry['cards_left']} cards"
        if view["to_act"] == seat and not view["over"]:
            head += ", to act"
        lines.append(head)
        if entry["out"]:
            continue
        grid = [[" "] * 34 for _ in range(5)]
        for c in entry["cards"]:
            slot = c["slot"]
            tag = "C" if slot == lay.COMMANDER else str(slot)
            if c["present"]:
                value = c["known"] or c.get("card") or "?"
                cell = f"{tag}:{value}{_MARKS[c['coverage']]}"
            else:
                cell = f"{tag}:."
            row, col = _TEXT_AT[slot]
            grid[row][col:col + len(cell)] = list(cell)
        lines.extend("  " + "".join(r).rstrip() for r in grid)
    summary = _summary(view)
    if summary:
        lines.append(summary)
    if view["beaten"]:
        lines.append("beaten: " + " ".join(view["beaten"]))
    lines.append("marks: + fully uncovered, ~ partially covered, # fully covered; ? unseen")
    return "\n".join(lines)
