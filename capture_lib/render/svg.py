"""Small SVG helpers and the shared palette, so every game's pictures look alike.

The palette is Okabe and Ito's, which readers with the common colour-vision deficiencies can tell apart.
Text is always escaped; ids are never random (pictures stay identical between runs).
"""

from __future__ import annotations

from html import escape

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
    "felt": "#2F6B4F",
    "muted": "#8A8A8A",
}

#: The colour of each seat, in seat order (two-player games use the first two).
SEAT_COLOURS = (PALETTE["blue"], PALETTE["red"], PALETTE["green"], PALETTE["purple"])
#: Darker shades of the seats' colours for text, and for a fill under white text: each reads at 4.5:1 (WCAG AA)
#: on white or the paper, where vermillion, green and purple themselves do not.
SEAT_INKS = ("#0072B2", "#B34700", "#007A59", "#A5477B")
#: Grey for secondary text (labels, captions): 4.5:1 on the paper, where ``muted`` (for lines) is 3.3:1.
INK_SOFT = "#5E5E5E"

FONT = "font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\""


def text(x: float, y: float, content: str, size: int = 14, fill: str = PALETTE["ink"],
         anchor: str = "middle", weight: str = "normal") -> str:
    """A text element, escaped."""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" {FONT}>{escape(content)}</text>')


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", rx: float = 0,
         width: float = 1, extra: str = "") -> str:
    """A rectangle."""
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width:g}" {extra}/>')


def card(x: float, y: float, label: str | None, w: float = 44, h: float = 62,
         red_suit: bool = False, edge: str = PALETTE["ink"], back: str = PALETTE["blue"],
         note: str = "") -> str:
    """A playing card at (x, y): face up when ``label`` is given, else its back in ``back``."""
    if label is None:
        return (rect(x, y, w, h, back, edge, rx=5, width=1.5)
                + rect(x + 4, y + 4, w - 8, h - 8, "none", "#ffffff", rx=3, width=1,
                       extra='stroke-opacity="0.6"'))
    colour = "#C0392B" if red_suit else PALETTE["ink"]
    parts = [rect(x, y, w, h, "#ffffff", edge, rx=5, width=1.5),
             text(x + w / 2, y + h / 2 + 6, label, size=17, fill=colour, weight="bold")]
    if note:
        parts.append(text(x + w / 2, y + h - 6, note, size=10, fill=PALETTE["ink"]))
    return "".join(parts)


def document(width: int, height: int, body: list[str], title: str, background: str = PALETTE["paper"]) -> str:
    """A complete SVG document with an accessible title."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}" role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
            + rect(0, 0, width, height, background) + "".join(body) + "</svg>")


def is_red_card(label: str) -> bool:
    """Whether a card's notation (``10D``, ``QH``) names a red suit."""
    return label[-1:] in ("H", "D")


def pretty_card(label: str) -> str:
    """``10D`` -> ``10♦``; other text unchanged."""
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    if len(label) >= 2 and label[-1] in symbols:
        return label[:-1] + symbols[label[-1]]
    return label
