"""How scenes look, in one place for every medium: colours, the tones of spaces and the looks of marks.

The SVG renderer (``capture_lib.render.picture``) reads these tables; the page's stylesheet for marks,
tones and seats is generated from the same tables (``stylesheet``), so a live board and a printed picture
cannot disagree on a colour. The palette is Okabe and Ito's, which readers with the common colour-vision
deficiencies can tell apart; every mark also differs by its shape and its corner glyph.
"""

from __future__ import annotations

#: Okabe and Ito's palette, and the ink and paper of every picture.
PALETTE = {
    "blue": "#0072B2",
    "red": "#D55E00",
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "purple": "#CC79A7",
    "ink": "#222222",
    "paper": "#FBFAF5",
}
#: The colour of each seat, in seat order (two-player games use the first two).
SEAT_COLOURS = (PALETTE["blue"], PALETTE["red"], PALETTE["green"], PALETTE["purple"])
#: Darker shades of the seats' colours for text, and for a fill under white text: each reads at 4.5:1 (WCAG AA)
#: on white or the paper, where vermillion, green and purple themselves do not.
SEAT_INKS = ("#0072B2", "#B34700", "#007A59", "#A5477B")
#: Grey for secondary text (labels, captions): 4.5:1 on the paper.
INK_SOFT = "#5E5E5E"
#: The font of every picture's text.
FONT = "font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\""

#: A key's colours by name (``capture_lib.core.scene.COLOURS``): the ring's colour, and a darker shade for
#: the glyph on white (which must read at 4.5:1).
COLOURS = {
    "blue": (PALETTE["blue"], "#0072B2"),
    "vermillion": (PALETTE["red"], "#B34700"),
    "green": (PALETTE["green"], "#007A59"),
    "purple": (PALETTE["purple"], "#8E3A6B"),
    "sky": (PALETTE["sky"], "#1F6F9E"),
    "yellow": (PALETTE["yellow"], "#222222"),
    "orange": (PALETTE["orange"], "#8A5A00"),
    "black": ("#000000", "#000000"),
    "grey": ("#5A5A5A", "#444444"),
}
#: The fill of each tone of space, shared by every game that uses it.
TONES = {
    "light": "#EFE6D2",
    "dark": "#C9B68F",
    "slot": "#FFFFFF",
    "felt": "#E4EFE8",
    "rock": "#F4F1E8",
    "home-0": "#D8E8F3",
    "home-1": "#F6DCCB",
    "neutral": "#E9E3F2",
    "water": "#CFE3F1",
    "dungeon": "#D9D4CB",
}
#: The width of a ring by look (scene units), and its dash pattern.
RINGS = {"solid": (4, ""), "thick": (6, ""), "dashed": (4, "9 5"), "dotted": (4, "2 4"), "double": (6, "")}
#: What ink goes on white, and softer ink for labels.
INK = PALETTE["ink"]
SOFT = INK_SOFT


def seat_colour(seat: int | None) -> str:
    """A seat's colour (for an edge or a disc); grey for no seat."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat is not None else "#5A5A5A"


def seat_ink(seat: int | None) -> str:
    """A seat's darker colour, under white text (4.5:1)."""
    return SEAT_INKS[seat % len(SEAT_INKS)] if seat is not None else "#444444"


def stylesheet() -> str:
    """The page's rules for seats, tones and marks, from the tables above (``capture_lib/render/web``)."""
    rules = []
    for seat in range(len(SEAT_COLOURS)):
        rules.append(f".cap-seat{seat} {{ --cap-seat: {seat_colour(seat)}; --cap-seat-ink: {seat_ink(seat)}; }}")
    for tone, fill in TONES.items():
        rules.append(f".cap-tone-{tone} {{ --cap-fill: {fill}; }}")
    for name, (ring, glyph) in COLOURS.items():
        rules.append(f".cap-colour-{name} {{ --cap-mark: {ring}; --cap-glyph: {glyph}; }}")
    for look, (width, dash) in RINGS.items():
        style = "dashed" if dash.startswith("9") else "dotted" if dash else ("double" if look == "double" else "solid")
        rules.append(f".cap-look-{look} {{ --cap-ring-width: {width / 16:.3g}em; --cap-ring-style: {style}; }}")
    return "\n".join(rules) + "\n"
