"""A scene: what a board draws, declared once per game and drawn by one renderer per medium.

A game's ``scene`` part turns what a seat sees (an observation, or the teaching view) into a ``Scene``:
the spaces of the board with their coordinates, the pieces and cards on them, the marks of the game's
key, the last move of each side, the status lines and panels, and the legal actions as records (the
notation, the clicks that choose it, its kind and its words). Three renderers draw every game's scene:
SVG in Python (``capture_lib.render.picture``: the book's pictures and printed sheets), the DOM in one shared
ES module (``capture_lib/render/web/board.js``: every live board), and text (``capture_lib.render.text``:
the terminal). A renderer knows no game: no rule, rule table or game wording lives in it, and the page
never parses notation.

Coordinates are in scene units: an area's spaces have a centre ``(x, y)`` and a size ``(w, h)``. How an
area lays out its spaces on a page is its ``layout``:

- ``grid``: rows and columns (``Space.row``/``col``), such as Command Capture's squares; the DOM
  draws a grid whose rows and cells a screen reader can walk;
- ``free``: every space where its coordinates put it (Medieval Capture's map, a card layout), over the
  game's background picture where it has one;
- ``row``: a row of slots that wraps on a narrow screen (a hand of cards, a lane).

Pieces stand on spaces. A piece has a ``look`` from a small shared vocabulary (``LOOKS``): a ``tile``
(a square card with a title bar, lines, a facing arrow, walls on blocked sides and badges), a ``disc``
(a round piece with its name), a ``card`` (a playing card: face or back, a corner tag, a value), a
``token`` (a small glyph, such as a Crown). Marks and arrows name an entry of the game's key
(``KeyEntry``), which also says how it looks (``MARK_LOOKS``); the key under a board and the names in
the book's text come from the same entries.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field
from typing import Any

#: What every game's ``scene`` function takes, beside the view: ``legal`` (the viewer's legal actions, as the
#: engine's values: none for a picture), ``recent`` (what happened since the viewer's last turn began, as
#: ``(view before, log line, view after, actor)``), and, for pictures, ``select`` (a space whose actions to
#: mark, as a click shows them; needs ``legal``), ``marks`` (space id -> key), ``arrows`` (``Arrow`` values)
#: and ``focus`` (where to open zoomed). ``scene(view, legal, recent, select=..., marks=..., arrows=...,
#: focus=...) -> Scene``.
SCENE_ARGUMENTS = ("view", "legal", "recent", "select", "marks", "arrows", "focus")

#: The looks a piece may have (see the module's docstring).
LOOKS = ("tile", "disc", "card", "token")
#: The looks a mark may have: a ring (``solid``, ``thick``, ``dashed``, ``dotted`` or ``double``), a tint
#: of the whole space (``hatch``: stripes, ``dots``), a glow behind a card (``glow``), or a flag in the
#: corner only (``flag``). Each mark also has a glyph in its corner, so no two marks differ by colour alone.
MARK_LOOKS = ("solid", "thick", "dashed", "dotted", "double", "hatch", "dots", "glow", "flag")
#: The colours a key may use, by name (the renderers own the values: Okabe and Ito's palette).
COLOURS = ("blue", "vermillion", "green", "purple", "sky", "yellow", "orange", "black", "grey")
#: The three layouts of an area (see the module's docstring).
LAYOUTS = ("grid", "free", "row")


@dataclass(frozen=True)
class KeyEntry:
    """One entry of a game's key: a mark, an arrow or a feature of a piece, its name and what it means.

    ``look`` is one of ``MARK_LOOKS`` (or ``arrow`` for an arrow, ``piece`` for what a piece itself shows,
    such as a blocked side, ``space`` for a kind of space of the game's background picture, whose sample is
    the game's asset ``key-<key>``, drawn in a box of 28 units around 0,0), ``colour`` one of ``COLOURS``
    and ``glyph`` the sign in the corner. ``name`` is
    what every text calls it ("capture"), ``text`` a sentence on what it means.
    """

    key: str
    name: str
    text: str
    look: str
    colour: str = "black"
    glyph: str = ""


@dataclass(frozen=True)
class Area:
    """A part of the board: the squares, the map, one player's layout or hand, the lanes."""

    id: str
    title: str
    layout: str
    x: float
    y: float
    w: float
    h: float
    #: The game's background picture of this area (an SVG fragment in scene units), named in ``Scene.assets``.
    background: str = ""
    #: Where a grid's row and column names go ("A".."H", "8".."1"), in drawing order.
    columns: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()


@dataclass(frozen=True)
class Space:
    """A place on the board: a square, a space of the map, a card slot."""

    id: str
    area: str
    x: float
    y: float
    w: float
    h: float
    #: ``square``, ``rock`` (a round space), ``slot`` (a card's place), ``hidden`` (nothing drawn)
    shape: str = "square"
    #: Drawn on the space (a space's name on the map); "" for none.
    label: str = ""
    #: What a screen reader hears of the space beyond its name and what stands on it (a river, a home space);
    #: the renderers say the space's ``label`` (or id) and the names of the pieces on it themselves.
    name: str = ""
    #: Classes of its look: a square's ``light``/``dark``, a map space's terrain, a seat's territory.
    #: ``kind-K``: the space is of the kind the key's entry ``K`` (of look ``space``) names, whose glyph the
    #: text renderer writes before the space's label (a Knight space ``♞15``).
    #: ``minor``: its label shows only where there is room for every label (a map zoomed in, as the game's
    #: stylesheet says) or while the space is marked; a picture leaves it out unless the space is marked.
    tones: tuple[str, ...] = ()
    #: A grid's row and column (from 0, in drawing order).
    row: int = -1
    col: int = -1


@dataclass(frozen=True)
class Badge:
    """A small sign on a piece (a State Lock and its turn, "hidden")."""

    text: str
    tone: str = ""
    name: str = ""


@dataclass(frozen=True)
class Piece:
    """A piece, unit or card on a space.

    ``title`` is its main text (a unit's kind, a card's face, a piece's name); ``lines`` the small lines
    under it (a state); ``facing`` an arrow (``N``, ``E``, ``S``, ``W``, as drawn); ``walls`` the sides
    drawn blocked (``N`` ... ``NW``); ``owner`` the seat whose colour it wears (``None``: no seat's);
    ``tones`` classes of its look (``disabled``, ``back``, ``red``, ``faded``, ``ringed``, ``known``: with
    ``back``, a face-down card whose face the view is shown, as the teaching view shows it).
    """

    id: str
    at: str
    look: str
    title: str
    owner: int | None = None
    lines: tuple[str, ...] = ()
    facing: str = ""
    walls: tuple[str, ...] = ()
    badges: tuple[Badge, ...] = ()
    tones: tuple[str, ...] = ()
    #: A corner tag (a card slot's number).
    tag: str = ""
    #: What a screen reader hears.
    name: str = ""
    #: The piece in the terminal's few characters (``i+v#2``, ``B3``, ``7H``).
    token: str = ""


@dataclass(frozen=True)
class Mark:
    """A mark of the key on a space (``key`` names a ``KeyEntry``)."""

    at: str
    key: str


@dataclass(frozen=True)
class Arrow:
    """An arrow along spaces (a move, a route, a shot), of a key's entry (``key``)."""

    path: tuple[str, ...]
    key: str


@dataclass(frozen=True)
class Link:
    """A line drawn between two spaces (a trail of the map); ``tone`` is its look: ``trail`` (the default,
    written ""), ``dashed`` (a lesser way: a dock, a door) or ``water`` (a way across water).

    Where the area has a background picture, the picture already draws its links: the SVG picture and the
    page leave them out there, and only the text renderer, which has no picture, draws them.
    """

    a: str
    b: str
    tone: str = ""


@dataclass(frozen=True)
class Panel:
    """Facts beside the board: a side's army, hand, score or dice, as a title, lines and small cards.

    ``owner`` is the seat it belongs to (its colour); ``chips`` are small pieces shown in the panel
    (cards in hand, beaten cards), each a ``Piece`` whose ``at`` is the panel's id.
    """

    id: str
    title: str
    lines: tuple[str, ...] = ()
    owner: int | None = None
    chips: tuple[Piece, ...] = ()


@dataclass(frozen=True)
class Action:
    """A legal action as the board offers it.

    ``notation`` is what is played (and what a player may type); ``clicks`` the ids of the spaces or
    pieces clicked in turn to choose it; ``button`` the words of the button that sends it, after its
    clicks (an action without clicks is a button of its own, such as "end the turn"); ``kind`` the key
    entry its last click is marked with; ``label`` the action in words (for a choice between actions
    that end on the same click, and for screen readers); ``route`` the spaces it passes (drawn as the
    move is built).
    """

    notation: str
    clicks: tuple[str, ...] = ()
    button: str = ""
    kind: str = ""
    label: str = ""
    route: tuple[str, ...] = ()


@dataclass(frozen=True)
class LastMove:
    """What a side did last, said in words and marked on the board (spaces, or the route of an arrow)."""

    seat: int | None
    text: str
    spaces: tuple[str, ...] = ()
    route: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scene:
    """Everything a board draws for one view (see the module's docstring)."""

    game: str
    width: float
    height: float
    areas: tuple[Area, ...]
    spaces: tuple[Space, ...]
    pieces: tuple[Piece, ...] = ()
    links: tuple[Link, ...] = ()
    marks: tuple[Mark, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    key: tuple[KeyEntry, ...] = ()
    #: The status lines, the first the main one ("Turn 3: Blue to act").
    status: tuple[str, ...] = ()
    #: How the pieces' tokens read (``Piece.token``), a sentence each: for the text renderer, the one medium
    #: that draws a piece as its token ("L^ a Blue Legionnaire facing row 8; small letters are Red's").
    token_key: tuple[str, ...] = ()
    panels: tuple[Panel, ...] = ()
    actions: tuple[Action, ...] = ()
    last: tuple[LastMove, ...] = ()
    #: What to say before each click of a move being built (index: clicks made so far).
    hints: tuple[str, ...] = ()
    #: The seat whose eyes the scene shows (``None``: the whole table).
    seat: int | None = None
    #: Where the picture opens zoomed, as ``(x, y, w, h)`` (an example about one corner of a map).
    focus: tuple[float, float, float, float] | None = None
    #: Assets named by areas (``Area.background``), drawn by the renderers but sent once per page.
    assets: tuple[str, ...] = ()
    over: bool = False

    def to_json(self) -> dict[str, Any]:
        """The scene as JSON-ready data (what the page's renderer reads), leaving out every field at its
        default (an empty list, "", ``None``), which the renderers assume: a page holds many scenes."""
        return _compact(self)

    def space(self, space_id: str) -> Space:
        """The space called ``space_id`` (``KeyError`` if the scene has none)."""
        for space in self.spaces:
            if space.id == space_id:
                return space
        raise KeyError(space_id)

    def used_keys(self) -> set[str]:
        """The key entries this scene draws: its marks, arrows, actions' kinds and what pieces show."""
        used = {m.key for m in self.marks} | {a.key for a in self.arrows} | {a.kind for a in self.actions if a.kind}
        return used


_DEFAULTS: dict[type, tuple[tuple[str, Any], ...]] = {}
_NO_DEFAULT = object()
_PLAIN = (str, int, float, bool, type(None))


def _defaults(cls: type) -> tuple[tuple[str, Any], ...]:
    """Each field of a scene's dataclass with its default (``_NO_DEFAULT`` where it has none), made once."""
    found = _DEFAULTS.get(cls)
    if found is None:
        found = tuple((name, spec.default if spec.default is not MISSING else
                       spec.default_factory() if spec.default_factory is not MISSING else _NO_DEFAULT)
                      for name, spec in cls.__dataclass_fields__.items())
        _DEFAULTS[cls] = found
    return found


def _compact(value: Any) -> Any:
    # A scene holds hundreds of small records and a page gets one on every move: this walk is kept lean.
    kind = type(value)
    if kind is tuple or kind is list:
        return [v if type(v) in _PLAIN else _compact(v) for v in value]
    if hasattr(kind, "__dataclass_fields__"):
        out = {}
        for name, default in _defaults(kind):
            item = getattr(value, name)
            if default is not _NO_DEFAULT and item == default:
                continue
            out[name] = item if type(item) in _PLAIN else _compact(item)
        return out
    return value


def _filled(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with every field of ``cls`` it leaves out at its default (the inverse of ``_compact``)."""
    out = {}
    for name, spec in cls.__dataclass_fields__.items():
        if name in data:
            out[name] = data[name]
        elif spec.default is not MISSING:
            out[name] = spec.default
        elif spec.default_factory is not MISSING:
            out[name] = spec.default_factory()
        else:
            raise KeyError(f"a scene's {cls.__name__} lacks {name!r}")
    return out


def from_json(data: dict[str, Any]) -> Scene:
    """A scene from ``Scene.to_json`` (for tests and for renderers that get JSON)."""
    def piece(d: dict[str, Any]) -> Piece:
        d = _filled(Piece, d)
        return Piece(**{**d, "lines": tuple(d["lines"]), "walls": tuple(d["walls"]), "tones": tuple(d["tones"]),
                        "badges": tuple(Badge(**b) for b in d["badges"])})

    data = _filled(Scene, data)

    def each(cls: type, items: Any, **convert: Any) -> tuple:
        made = []
        for item in items:
            item = _filled(cls, item)
            made.append(cls(**{**item, **{k: f(item[k]) for k, f in convert.items()}}))
        return tuple(made)

    return Scene(
        game=data["game"], width=data["width"], height=data["height"],
        areas=each(Area, data["areas"], columns=tuple, rows=tuple),
        spaces=each(Space, data["spaces"], tones=tuple),
        pieces=tuple(piece(p) for p in data["pieces"]),
        links=each(Link, data["links"]),
        marks=each(Mark, data["marks"]),
        arrows=each(Arrow, data["arrows"], path=tuple),
        key=each(KeyEntry, data["key"]),
        status=tuple(data["status"]), token_key=tuple(data["token_key"]),
        panels=each(Panel, data["panels"], lines=tuple, chips=lambda cs: tuple(piece(c) for c in cs)),
        actions=each(Action, data["actions"], clicks=tuple, route=tuple),
        last=each(LastMove, data["last"], spaces=tuple, route=tuple),
        hints=tuple(data["hints"]), seat=data["seat"],
        focus=tuple(data["focus"]) if data["focus"] is not None else None,
        assets=tuple(data["assets"]), over=data["over"])


@dataclass
class SceneBuilder:
    """Collects a scene's parts while a game's ``scene`` function walks its view; ``build`` makes the scene."""

    game: str
    width: float
    height: float
    areas: list[Area] = field(default_factory=list)
    spaces: list[Space] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    panels: list[Panel] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    last: list[LastMove] = field(default_factory=list)

    def mark(self, at: str, key: str) -> None:
        """Put the mark ``key`` on the space ``at`` (once)."""
        mark = Mark(at, key)
        if mark not in self.marks:
            self.marks.append(mark)

    def build(self, key: tuple[KeyEntry, ...], status: tuple[str, ...], **extra: Any) -> Scene:
        """The scene, with only the key entries it draws (plus ``extra["always"]``, kept in any case)."""
        always = set(extra.pop("always", ()))
        scene = Scene(game=self.game, width=self.width, height=self.height, areas=tuple(self.areas),
                      spaces=tuple(self.spaces), pieces=tuple(self.pieces), links=tuple(self.links),
                      marks=tuple(self.marks), arrows=tuple(self.arrows), key=key, status=status,
                      panels=tuple(self.panels), actions=tuple(self.actions), last=tuple(self.last), **extra)
        used = scene.used_keys() | always
        return Scene(**{**scene.__dict__, "key": tuple(k for k in key if k.key in used)})
