"""What a Trap Race board draws: the track as a row of squares, the pawns, the traps a seat may see."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from capture_lib.core.protocol import Action as EngineAction
from capture_lib.core.scene import Action, Area, Arrow, KeyEntry, LastMove, Piece, Scene, SceneBuilder, Space

CELL = 64
KEY = (
    KeyEntry("select", "selected square", "the square you clicked", "double", "yellow"),
    KeyEntry("trap", "hiding place", "a square where your trap may hide", "solid", "green", "?"),
    KeyEntry("own", "your trap", "your hidden trap: the other pawn goes back if it steps here", "dashed", "sky", "T"),
    KeyEntry("sprung", "sprung trap", "a trap that has caught a pawn: it is spent", "dotted", "grey", "\u2715"),
    KeyEntry("last", "last move", "how far the other pawn stepped", "arrow", "orange"),
)


def scene(view: dict[str, Any], legal: Sequence[EngineAction] = (), recent: Sequence[tuple] = (), *,
          select: str | None = None, marks: dict[str, str] | None = None, arrows: Sequence[Arrow] = (),
          focus: tuple[float, float, float, float] | None = None) -> Scene:
    """The scene of ``view`` (see ``capture_lib.core.scene.SCENE_ARGUMENTS``)."""
    size, seat, players = view["track"], view["seat"], view["players"]
    b = SceneBuilder(view["game"], size * CELL, CELL)
    b.areas.append(Area("track", "the track", "grid", 0, 0, size * CELL, CELL,
                        columns=tuple(str(n) for n in range(1, size + 1)), rows=("",)))
    for n in range(1, size + 1):
        what = "start" if n == 1 else "home" if n == size else ""
        b.spaces.append(Space(f"s{n}", "track", (n - 1) * CELL + CELL // 2, CELL // 2, CELL, CELL, name=what,
                              tones=("light" if n % 2 else "dark",), row=0, col=n - 1))
    for owner, square in enumerate(view["pawns"]):
        b.pieces.append(Piece(f"pawn:{owner}", f"s{square}", "disc", players[owner][0], owner=owner,
                              name=f"{'your' if owner == seat else players[owner] + chr(39) + 's'} pawn",
                              token=players[owner][0]))
    for trap in view["traps"]:
        if trap is not None:
            b.mark(f"s{trap}", "sprung" if trap in view["shown"] else "own")
    for record in legal:
        text = str(record)
        if text.startswith("trap"):
            square = text.split()[1]
            b.actions.append(Action(text, clicks=(square,), kind="trap", label=f"hide your trap on {square}"))
        elif text == "step":
            b.actions.append(Action(text, button=f"step {view['roll']}", label=f"step {view['roll']} forward"))
        elif text == "wait":
            b.actions.append(Action(text, button="wait", label="stay where you are"))
    for before, line, after, actor in recent:
        who = "chance" if actor is None else players[actor]
        if line.startswith("roll"):
            b.last.append(LastMove(actor, f"the die shows {line.split()[1]}"))
        elif line == "step":
            a, z = f"s{before['pawns'][actor]}", f"s{after['pawns'][actor]}"
            caught = len(after["shown"]) > len(before["shown"])
            where = " onto a trap and goes back to the start" if caught else f" to square {after['pawns'][actor]}"
            b.last.append(LastMove(actor, f"{who} steps{where}", (a, z), (a, z)))
            if a != z and actor != seat:
                b.arrows.append(Arrow((a, z), "last"))
        else:
            b.last.append(LastMove(actor, f"{who} {'hides a trap' if line.startswith('trap') else 'waits'}"))
    for square, key in (marks or {}).items():
        b.mark(square, key)
    if select:
        b.mark(select, "select")
    b.arrows.extend(arrows)
    if view["over"]:
        status = f"Game over: {players[view['winners'][0]]} wins"
    elif view["to_act"] is None or view["to_act"] < 0:
        status = "The die is rolled"
    elif not all(view["traps_placed"]):
        status = f"{players[view['to_act']]} hides a trap"
    else:
        status = f"{players[view['to_act']]} rolled {view['roll']}: step or wait"
    hints = ("Click a square to hide your trap there.",) if any(str(a).startswith("trap") for a in legal) else ()
    return b.build(KEY, (status,), hints=hints, seat=seat, over=view["over"], focus=focus)


def how_to_play() -> str:
    """How to play on a Trap Race board, in Markdown, each control in bold as the board writes it."""
    return ("How to play on this board: click a square to hide your trap there; then, each turn, press **step** "
            "to move your pawn the die's number of squares forward, or **wait** to stay.")
