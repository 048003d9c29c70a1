"""Card Commander as an SVG picture, drawn from a view (an observation, or the teaching view).

Drawing from the view, never from the state, means a picture can only show what its viewer may see.
"""

from __future__ import annotations

from typing import Any

from capture_lib.games.card_commander.rules.state import BONUSES
from capture_lib.render import svg

WIDTH, HEIGHT = 720, 470
CARD_W, CARD_H = 44, 62
COMMANDER_LABELS = {"Karl": "K♦", "Joanne": "Q♠", "Jackson": "J♥"}


def bonus_text(commander: str) -> str:
    """The Commander's bonus in a few words: ``♦ +2, ♠ −2``."""
    signs = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    parts = [f"{signs[s]} {b:+d}".replace("-", "−") for s, b in BONUSES[commander].items() if b]
    return ", ".join(parts)


def _hand(body: list[str], cards: list[str] | None, count: int, y: float, colour: str) -> None:
    shown = cards if cards is not None else [None] * count
    x0 = WIDTH / 2 - (len(shown) * 34 + 10) / 2
    for i, label in enumerate(shown):
        body.append(svg.card(x0 + i * 34, y, svg.pretty_card(label) if label else None, CARD_W, CARD_H,
                             red_suit=bool(label) and svg.is_red_card(label), back=colour))


def _side(body: list[str], view: dict[str, Any], seat: int, y_hand: float, y_label: float) -> None:
    colour = svg.SEAT_COLOURS[seat]
    name = view["players"][seat]
    commander = view["commanders"][seat]
    label = f"{name}: {commander} ({bonus_text(commander)})" if commander else f"{name}: no Commander yet"
    body.append(svg.text(24, y_label, label, size=15, fill=svg.SEAT_INKS[seat], anchor="start", weight="bold"))
    body.append(svg.text(WIDTH - 24, y_label, f"rounds won: {view['score'][seat]}", size=15, fill=svg.SEAT_INKS[seat],
                         anchor="end", weight="bold"))
    if commander:
        body.append(svg.card(24, y_hand, COMMANDER_LABELS[commander], CARD_W, CARD_H,
                             red_suit=commander != "Joanne", edge=colour))
    _hand(body, view["hands"][seat], view["hand_sizes"][seat], y_hand, colour)


def display_lanes(view: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
    """The lanes to draw: this round's, or the last round's result until a card is placed again."""
    current = view["lanes"]
    if view["rounds"] and all(c is None for entry in current for c in entry["cards"]):
        last = view["rounds"][-1]
        lanes = [{"name": entry["name"], "cards": [last["placed"][0][i], last["placed"][1][i]],
                  "extras": [last["extras"][0][i], last["extras"][1][i]],
                  "values": [last["values"][0][i], last["values"][1][i]],
                  "winner": last["lane_winners"][i], "how": last["lane_how"][i]} for i, entry in enumerate(current)]
        winner = view["players"][last["winner"]]
        return lanes, f"round {last['round']} result: {winner} wins the round"
    return current, f"round {view['round']}"


def to_svg(view: dict[str, Any], caption: str = "") -> str:
    """The table: Red's side on top, the three lanes, Blue's side below, score and round."""
    body: list[str] = []
    body.append(svg.rect(0, 118, WIDTH, 226, svg.PALETTE["felt"]))
    _side(body, view, 1, 42, 26)
    _side(body, view, 0, 370, 458)
    lane_w = 200
    lanes, lanes_label = display_lanes(view)
    current_lanes = view["lanes"]
    body.append(svg.text(WIDTH / 2, 334, lanes_label, size=12, fill="#ffffff"))
    for lane, entry in enumerate(lanes):
        x = 60 + lane * (lane_w + 20)
        winner = entry["winner"]
        body.append(svg.rect(x, 126, lane_w, 210, "none", "#ffffff", rx=10, width=1,
                             extra='stroke-opacity="0.5"'))
        body.append(svg.text(x + lane_w / 2, 144, f"{entry['name']} lane", size=13, fill="#ffffff"))
        for seat, y in ((1, 152), (0, 256)):
            label = entry["cards"][seat]
            colour = svg.SEAT_COLOURS[seat]
            edge = svg.PALETTE["yellow"] if winner == seat else colour
            cx = x + lane_w / 2 - CARD_W / 2
            if label is None:
                body.append(svg.rect(cx, y, CARD_W, CARD_H, "none", "#ffffff", rx=5,
                                     extra='stroke-dasharray="4 3" stroke-opacity="0.6"'))
            else:
                face = None if label == "?" else svg.pretty_card(label)
                body.append(svg.card(cx, y, face, CARD_W, CARD_H, red_suit=svg.is_red_card(label),
                                     edge=edge, back=colour))
            extra = entry["extras"][seat]
            if extra:
                body.append(svg.card(cx + CARD_W + 6, y + 8, svg.pretty_card(extra), 36, 50,
                                     red_suit=svg.is_red_card(extra), edge=edge))
            value = entry["values"][seat]
            if value is not None:
                body.append(svg.text(cx - 10, y + CARD_H / 2 + 6, str(value), size=18, fill="#ffffff",
                                     anchor="end", weight="bold"))
        if winner is not None:
            how = {"higher": "higher card", "extra": "extra card", "coin": "coin flip"}[entry["how"]]
            body.append(svg.text(x + lane_w / 2, 236, f"{view['players'][winner]} wins ({how})", size=12,
                                 fill=svg.PALETTE["yellow"], weight="bold"))
        elif view["tie_lane"] == lane and lanes is current_lanes:
            body.append(svg.text(x + lane_w / 2, 236, "tied!", size=13, fill=svg.PALETTE["yellow"],
                                 weight="bold"))
    status = f"Round {view['round']} of 3"
    if view["over"]:
        status = f"Game over: {view['players'][view['winners'][0]]} wins"
    body.append(svg.text(WIDTH / 2, 26, status, size=15, weight="bold"))
    if caption:
        body.append(svg.text(WIDTH / 2, 112, caption, size=11, fill=svg.INK_SOFT))
    title = f"Card Commander, {status}, score Blue {view['score'][0]} Red {view['score'][1]}"
    return svg.document(WIDTH, HEIGHT, body, title)


def to_text(view: dict[str, Any]) -> str:
    """The table as plain text for the terminal game, from the same view as the picture."""
    from capture_lib.core.cards import Card

    def pretty(label: str | None) -> str:
        if label is None:
            return "--"
        return "??" if label == "?" else Card.parse(label).pretty

    lines = []
    names = view["players"]
    for seat in (1, 0):
        commander = view["commanders"][seat]
        head = f"{names[seat]}: {commander} ({bonus_text(commander)})" if commander else f"{names[seat]}: -"
        lines.append(f"{head}   rounds won: {view['score'][seat]}")
        hand = view["hands"][seat]
        if hand is not None:
            values = view["hand_values"][seat]
            lines.append("  hand: " + "  ".join(f"{pretty(c)}={v}" for c, v in zip(hand, values, strict=True)))
        else:
            lines.append(f"  hand: {view['hand_sizes'][seat]} cards, face down")
    lanes, label = display_lanes(view)
    lines.append(f"-- {label} --")
    for entry in lanes:
        cells = []
        for seat in (0, 1):
            card = pretty(entry["cards"][seat])
            extra = f"+{pretty(entry['extras'][seat])}" if entry["extras"][seat] else ""
            value = entry["values"][seat]
            cells.append(f"{names[seat]} {card}{extra}" + (f" ({value})" if value is not None else ""))
        result = ""
        if entry["winner"] is not None:
            result = f" -> {names[entry['winner']]} ({entry['how']})"
        lines.append(f"  {entry['name']:>6}: {cells[0]:<18} vs {cells[1]:<18}{result}")
    return "\n".join(lines)
