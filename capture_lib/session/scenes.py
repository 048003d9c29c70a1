"""From the game to what its board draws: a seat's scene, a worked example's frames, what happened lately.

Every scene is built from what one seat may see (an observation, the table's view, or the teaching view),
by the game's own ``scene`` part (``capture_lib.games.<game>.scene``); nothing else of a state reaches a
page. These helpers are shared by the board session and the lessons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from capture_lib.core.chance import CHANCE
from capture_lib.core.description import Description
from capture_lib.core.protocol import Action, State
from capture_lib.core.scene import Arrow, KeyEntry

#: What happened, as a seat saw it: ``(view before, log line, view after, the seat that acted)``.
Recent = tuple[dict[str, Any], str, dict[str, Any], int | None]
#: The most lines of the log a scene tells of (a long turn: a roll, three moves, shots, a card).
MOST_RECENT = 16


def public_notation(state: State, view: dict[str, Any]) -> str:
    """The last action as the owner of ``view`` may read it.

    Observations keep a log with one line per action, hidden parts masked; without such a log the
    full notation is shown, which is only right for games with nothing hidden.
    """
    log = view.get("log")
    if isinstance(log, list) and len(log) == len(state.history) and log:
        return str(log[-1])
    return str(state.history[-1])


#: What a lesson adds to any game's key: the targets of a level, the arrows of its hint, and the solution's next
#: move, drawn once the learner asks for the solution (its arrow, and the spaces to click).
LESSON_KEY = (
    KeyEntry("target", "target", "what this level asks you to reach or take", "glow", "orange", "\u25ce"),
    KeyEntry("hint", "hint", "a way to the goal, drawn when you ask for a hint", "arrow", "sky"),
    KeyEntry("solution", "solution", "the solution's next move", "arrow", "green"),
    KeyEntry("step", "next step", "click here for the solution's next move", "glow", "green", "\u2192"),
)


def scene_json(description: Description, view: dict[str, Any], legal: Sequence[Action] = (),
               recent: Sequence[Recent] = (), marks: dict[str, str] | None = None,
               arrows: Sequence[tuple[str, ...]] = (), solution: Sequence[tuple[str, ...]] = ()) -> dict[str, Any]:
    """The game's scene of ``view`` as the page reads it (``Scene.to_json``); ``marks`` and ``arrows`` (routes
    of space ids) are a lesson's targets and hints, ``solution`` the routes of its solution's next move, whose
    entries it adds to the game's key."""
    extra = {}
    if marks:
        extra["marks"] = marks
    if arrows or solution:
        extra["arrows"] = (tuple(Arrow(tuple(route), "hint") for route in arrows)
                           + tuple(Arrow(tuple(route), "solution") for route in solution))
    scene = description.scene.scene(view, legal, recent, **extra)
    used = set((marks or {}).values()) | ({"hint"} if arrows else set()) | ({"solution"} if solution else set())
    have = {k.key for k in scene.key}
    added = tuple(k for k in LESSON_KEY if k.key in used and k.key not in have)
    if added:
        scene = replace(scene, key=scene.key + added)
    return scene.to_json()


def recent_lines(states: Sequence[State], view_of: Callable[[State], dict[str, Any]], seat: int | None
                 ) -> list[Recent]:
    """What happened since ``seat``'s most recent turn began (its own actions, then everybody else's),
    each line as ``view_of`` sees it, from consecutive ``states`` (one action apart).

    With no seat (the table's view), the last turns of everybody, at most ``MOST_RECENT`` lines.
    """
    start = max(0, len(states) - 1 - MOST_RECENT)
    if seat is not None:
        own = [i for i in range(len(states) - 1) if states[i].current_player == seat]
        if own:
            first = own[-1]
            # back to the first action of that turn: the seat acted in an unbroken run of actions
            while first > 0 and states[first - 1].current_player == seat:
                first -= 1
            start = max(start, first)
    out: list[Recent] = []
    before = view_of(states[start]) if start < len(states) - 1 else None
    for i in range(start, len(states) - 1):
        after = view_of(states[i + 1])
        log = after.get("log") or []
        if len(states[i + 1].history) != len(states[i].history) + 1 or not log:
            before = after
            continue  # not one action apart (a loaded game's start): nothing to tell
        actor = states[i].current_player
        out.append((before, str(log[-1]), after, None if actor == CHANCE else actor))
        before = after
    return out


def example_frames(description: Description, start: State, steps: Sequence[tuple[str, str]],
                   view_of: Callable[[State], dict[str, Any]]) -> list[dict[str, Any]]:
    """Frames of a worked example: the start, then one frame per ``(action, note)`` step.

    Each frame holds only the scene of ``view_of(state)`` (what the example's viewer may see, with what
    the step did marked), the action as that viewer may read it (a hidden card shows as ``?``) and a
    one-line note on the rule at work. Chance events in ``steps`` are ordinary actions.
    """
    state = start
    before = view_of(state)
    frames = [{"scene": scene_json(description, before), "action": "", "note": "the starting position"}]
    for action, note in steps:
        mover = state.current_player
        state = state.play(action)
        seen = view_of(state)
        line = public_notation(state, seen)
        recent = [(before, line, seen, None if mover == CHANCE else mover)]
        frames.append({"scene": scene_json(description, seen, (), recent), "action": line, "note": note})
        before = seen
    focus = example_focus([frame["scene"] for frame in frames])
    if focus is not None:
        for frame in frames:
            frame["scene"]["focus"] = focus
    return frames


#: The most of a board's width a worked example may span and still open zoomed on where it happens.
FOCUS_SHARE = 0.6


def focus_on(scene: dict[str, Any], named: Sequence[str], share: float = 1.0) -> list[float] | None:
    """The scene's ``focus`` on the spaces ``named`` (ids; other words are left out): the box around them, one
    space wide around it, for a page to open a large map there; ``None`` if none is a space or the box spans more
    than ``share`` of the board's width."""
    at = {space["id"]: space for space in scene.get("spaces", [])}
    boxes = [at[name] for name in named if name in at]
    if not boxes:
        return None
    pad = max(max(b["w"], b["h"]) for b in boxes)
    width, height = scene["width"], scene["height"]
    x0 = max(0.0, min(b["x"] - b["w"] / 2 for b in boxes) - pad)
    y0 = max(0.0, min(b["y"] - b["h"] / 2 for b in boxes) - pad)
    x1 = min(width, max(b["x"] + b["w"] / 2 for b in boxes) + pad)
    y1 = min(height, max(b["y"] + b["h"] / 2 for b in boxes) + pad)
    if x1 - x0 > share * width:
        return None
    return [round(x0, 1), round(y0, 1), round(x1 - x0, 1), round(y1 - y0, 1)]


def example_focus(scenes: Sequence[dict[str, Any]]) -> list[float] | None:
    """Where a worked example happens, as a scene's ``focus``: the box around every space its steps name
    (their last moves' spaces and routes), two spaces wide around them, when that is a small part of a wide
    board (a map, which the page then opens zoomed there); ``None`` otherwise."""
    at: dict[str, dict[str, Any]] = {}
    named: list[str] = []
    for scene in scenes:
        at.update((space["id"], space) for space in scene.get("spaces", []))
        for last in scene.get("last", []):
            named += [*last.get("spaces", []), *last.get("route", [])]
    boxes = [at[name] for name in named if name in at]
    if not boxes or not scenes:
        return None
    pad = 2 * max(max(b["w"], b["h"]) for b in boxes)
    width, height = scenes[0]["width"], scenes[0]["height"]
    x0 = max(0.0, min(b["x"] - b["w"] / 2 for b in boxes) - pad)
    y0 = max(0.0, min(b["y"] - b["h"] / 2 for b in boxes) - pad)
    x1 = min(width, max(b["x"] + b["w"] / 2 for b in boxes) + pad)
    y1 = min(height, max(b["y"] + b["h"] / 2 for b in boxes) + pad)
    if x1 - x0 > FOCUS_SHARE * width:
        return None
    return [round(x0, 1), round(y0, 1), round(x1 - x0, 1), round(y1 - y0, 1)]
