"""What a Command Capture board draws: the 8 by 8 squares, the unit cards, the marks of the key.

``scene(view, legal, recent)`` builds it from what a seat sees (an observation, or the teaching view: an
enemy's hidden Assassin is drawn as the infantry it poses as), the seat's legal actions and what happened
since the seat last acted. Blue's rows are at the bottom, except for Red, who sees the board turned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from capture_lib.core.protocol import Action as EngineAction
from capture_lib.core.scene import Action, Area, Arrow, Badge, KeyEntry, LastMove, Piece, Scene, SceneBuilder, Space
from capture_lib.games.command_capture.rules.actions import (
    ASSASSIN,
    BASH,
    CAPTURE,
    END,
    FLIP,
    MOVE,
    RANGED,
    READY,
    TURN,
    parse_action,
)
from capture_lib.games.command_capture.rules.units import KIND_NAMES, STATE_NAMES

FILES = "ABCDEFGH"
#: A square's size in scene units.
CELL = 64
#: Each kind's short name on its card.
SHORT = {"Legionnaire": "LEG", "Infantry": "INF", "Cavalry": "CAV", "Chariot": "CHA", "Archer": "ARC",
         "Shield Maiden": "MAID", "Siege": "SIEGE", "Commander": "CMDR", "Fortress": "FORT", "Assassin": "ASSN"}
#: Each kind's two states, by the kind's name.
STATES = {KIND_NAMES[kind]: names for kind, names in STATE_NAMES.items()}
FACING_WORDS = {"N": "towards row 8", "E": "towards file H", "S": "towards row 1", "W": "towards file A"}
_MIRROR = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}
#: The sides of a unit, clockwise from its front (a unit facing N: N, NE, E, ...): what the unit's own words call them.
_SIDE_NAMES = ("front", "front right", "right", "back right", "back", "back left", "left", "front left")
_COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

#: The key: every mark, arrow and piece feature this board can draw, named as every text names it.
KEY = (
    KeyEntry("select", "selected unit", "the unit you clicked; its actions are marked on the board", "double",
             "yellow"),
    KeyEntry("move", "move", "the unit may move to this square", "solid", "green", "\u25cf"),
    KeyEntry("capture", "capture", "the unit may move onto this enemy and capture it (melee)", "thick", "black",
             "\u2715"),
    KeyEntry("ranged", "shot", "the unit may shoot this enemy from where it stands", "dashed", "purple", "\u25ce"),
    KeyEntry("bash", "Shield Bash", "the Shield Maiden may push this enemy one square on", "dotted", "sky",
             "\u21d7"),
    KeyEntry("hide", "hiding place", "a square of your front row where your Assassin may hide", "solid", "green",
             "?"),
    KeyEntry("follow", "extra action", "this unit may still take its extra action this turn", "dashed", "yellow",
             "+"),
    KeyEntry("last", "last move", "what the other side did last: from where to where", "arrow", "orange", "\u25b8"),
    KeyEntry("blocked", "blocked side", "an enemy next to this side of the unit cannot capture it", "piece", "grey"),
    KeyEntry("lock", "state lock", "the unit may not flip again before the turn on its padlock", "piece", "yellow"),
    KeyEntry("facing", "facing", "the way the unit looks: its front", "piece", "black", "\u2191"),
    KeyEntry("hidden", "hidden Assassin", "your Assassin, which the other side sees as infantry (a ? on a phone)",
             "piece", "purple"),
    KeyEntry("command", "Command aura", "next to a Commander in Command State: a unit may take an extra action",
             "hatch", "sky"),
    KeyEntry("fortify", "Fortify aura", "next to a Commander in Fortify State: a unit cannot be captured",
             "dots", "green"),
)
#: The buttons of actions that no square's click makes: what the board writes on them, and what the pages call them.
END_BUTTON = "end the turn"
READY_BUTTON = "ready"
FLIP_BUTTON = "flip"
TURN_BUTTON = "face"


def how_to_play() -> str:
    """How to play on this game's board, in Markdown, naming each control (in bold) as the board writes it."""
    return ("How to play on this board: in the set-up, click a square of your front row to hide your Assassin "
            f"there, flip any unit you want to start in its other state, then press **{READY_BUTTON}**. On your "
            "turn, click one of your units: its moves, captures, shots and Shield Bash targets are marked on the "
            "board, each with its own shape (the key under the board names them), and its "
            f"**{FLIP_BUTTON}** and **{TURN_BUTTON}** buttons appear below it. Click a marked square to act. When "
            f"the Command aura allows an extra action, take it or press **{END_BUTTON}**.")


#: How strongly each kind of action marks its square: where two actions end on one square the stronger shows.
_RANK = {"move": 0, "hide": 0, "bash": 1, "ranged": 2, "capture": 3}


def square_centre(square: str, turned: bool) -> tuple[float, float]:
    """The centre of ``square`` in scene units (``turned``: Red's view, row 1 at the top)."""
    col, row = FILES.index(square[0]), int(square[1]) - 1
    if turned:
        col = 7 - col
    y_index = row if turned else 7 - row
    return col * CELL + CELL // 2, y_index * CELL + CELL // 2


def _neighbours(square: str) -> list[str]:
    col, row = FILES.index(square[0]), int(square[1])
    return [f"{FILES[col + dc]}{row + dr}" for dc in (-1, 0, 1) for dr in (-1, 0, 1)
            if (dc or dr) and 0 <= col + dc < 8 and 1 <= row + dr <= 8]


def _owner_words(owner: int, viewer: int | None, players: Sequence[str]) -> str:
    return "your" if viewer is not None and owner == viewer else f"{players[owner]}'s"


def unit_sides(unit: dict[str, Any]) -> list[str]:
    """The sides the unit blocks, named from where it faces (a Red unit facing row 1 blocks its "front left" on the
    board's south-east): the view gives them as the board's compass directions."""
    turn = "NESW".index(unit["facing"]) * 2
    return [_SIDE_NAMES[side] for side in sorted((_COMPASS.index(d) - turn) % 8 for d in unit.get("blocks", ()))]


def flips_again_on(unit: dict[str, Any], turn: int) -> int:
    """The turn on which a unit under the State Lock may flip again, as the engine says it: the view's ``lock`` counts
    the turns the lock still holds, this one included, and the unit's owner plays every other turn (Blue the odd
    ones)."""
    free = turn + unit["lock"]
    if free % 2 != (1 if unit["owner"] == 0 else 0):
        free += 1
    return free


def unit_words(unit: dict[str, Any], viewer: int | None, players: Sequence[str], turn: int = 1) -> str:
    """A unit as a screen reader hears it ("Blue's Legionnaire, Attack, facing towards row 8"); ``turn`` is the turn
    being played, for the State Lock's turn."""
    words = [f"{_owner_words(unit['owner'], viewer, players)} {unit['kind']}", unit["state"]]
    if unit["kind"] != "Fortress":
        words.append(f"facing {FACING_WORDS[unit['facing']]}")
    if unit.get("blocks"):
        words.append("blocks its " + ", ".join(unit_sides(unit)))
    if unit.get("lock"):
        words.append(f"State Lock: may flip again on turn {flips_again_on(unit, turn)}")
    if unit.get("hidden"):
        words.append("your hidden Assassin" if unit["owner"] == viewer else "a hidden Assassin")
    return ", ".join(words)


def _piece(unit: dict[str, Any], turned: bool, viewer: int | None, players: Sequence[str], turn: int = 1) -> Piece:
    facing = _MIRROR[unit["facing"]] if turned else unit["facing"]
    walls = tuple(_MIRROR[d] if turned else d for d in unit.get("blocks", ()))
    badges = []
    if unit.get("lock"):
        free = flips_again_on(unit, turn)
        badges.append(Badge(f"\U0001f512{free}", "lock", f"State Lock: may flip again on turn {free}"))
    if unit.get("hidden"):
        badges.append(Badge("hidden", "hidden", "hidden Assassin"))
    letter = unit["letter"] if unit["owner"] == 0 else unit["letter"].lower()
    token = letter + unit.get("mark", "") + {"N": "^", "E": ">", "S": "v", "W": "<"}[unit["facing"]]
    token += ("*" if unit.get("hidden") else "") + (f"#{unit['lock']}" if unit.get("lock") else "")
    return Piece(id=f"unit:{unit['square']}", at=unit["square"], look="tile", title=SHORT[unit["kind"]],
                 owner=unit["owner"], lines=(unit["state"],),
                 facing="" if unit["kind"] == "Fortress" else facing, walls=walls, badges=tuple(badges),
                 tones=("disabled",) if unit["state"] == "Disabled" else (),
                 name=unit_words(unit, viewer, players, turn), token=token)


def _other_state(unit: dict[str, Any]) -> str:
    """The state a flip turns the unit to; a hidden Assassin flips its disguise, the infantry's Attack or Defend."""
    first, second = ("Attack", "Defend") if unit.get("hidden") else STATES.get(unit["kind"], ("", ""))
    return second if unit["state"] == first else first


def action_record(action: EngineAction, units: dict[str, dict[str, Any]], viewer: int | None,
                  players: Sequence[str]) -> Action | None:
    """The board's record of one legal action (``None`` for what the board reports itself, a wait)."""
    text = str(action)
    kind = getattr(action, "kind", "")
    if kind in (MOVE, CAPTURE, RANGED, BASH):
        a, b = text[:2], text[3:]
        target = units.get(b)
        what = f"{_owner_words(target['owner'], viewer, players)} {target['kind']} on {b}" if target else b
        label = {MOVE: f"move to {b}", CAPTURE: f"capture {what}", RANGED: f"shoot {what}",
                 BASH: f"Shield Bash {what}"}[kind]
        return Action(text, clicks=(a, b), kind=kind, label=label)
    if kind == FLIP:
        square = text.split()[1]
        unit = units.get(square)
        becomes = f" to {_other_state(unit)}" if unit else ""
        return Action(text, clicks=(square,), button=f"{FLIP_BUTTON}{becomes}",
                      label=f"flip the unit on {square}{becomes}")
    if kind == TURN:
        _, square, facing = text.split()
        arrow = {"N": "\u2191", "E": "\u2192", "S": "\u2193", "W": "\u2190"}
        shown = _MIRROR[facing] if viewer == 1 else facing
        return Action(text, clicks=(square,), button=f"{TURN_BUTTON} {arrow[shown]}",
                      label=f"turn the unit on {square} to face {FACING_WORDS[facing]}")
    if kind == ASSASSIN:
        square = text.split()[1]
        return Action(text, clicks=(square,), kind="hide", label=f"hide your Assassin on {square}")
    if kind == END:
        return Action(text, button=END_BUTTON, label="end the turn without the extra action")
    if kind == READY:
        return Action(text, button=READY_BUTTON, label="the set-up is done")
    return None


def _last(before: dict[str, Any] | None, line: str, after: dict[str, Any], actor: int | None,
          viewer: int | None) -> LastMove | None:
    """What one action of the log did, in words, with the squares it touched."""
    players = after["players"]
    who = "chance" if actor is None or actor < 0 else players[actor]
    if line.startswith("assassin"):
        return LastMove(actor, f"{who} hides an Assassin" + ("" if line.endswith("?") else f" on {line.split()[1]}"))
    if line == "ready":
        return LastMove(actor, f"{who} is ready")
    if line == "end":
        return LastMove(actor, f"{who} ends the turn")
    if line.startswith("wait"):
        return None  # the clocks, shown in the status line
    try:
        action = parse_action(line)
    except ValueError:
        return LastMove(actor, f"{who}: {line}")
    was = {u["square"]: u for u in (before or {}).get("units", [])}
    now = {u["square"]: u for u in after["units"]}
    text = str(action)
    if action.kind in (MOVE, CAPTURE, RANGED, BASH):
        a, b = text[:2], text[3:]
        mover, target = was.get(a), was.get(b)
        name = f"{_owner_words(target['owner'], viewer, players)} {target['kind']}" if target else "the unit"
        if action.kind == MOVE:
            words = f"moves from {a} to {b}"
        elif action.kind == CAPTURE:
            lost = now.get(a) is None and now.get(b) is not None and now[b]["owner"] == (target or {}).get("owner")
            words = f"attacks {name} on {b} and loses the attacker" if lost else f"takes {name} on {b}"
        elif action.kind == RANGED:
            words = f"shoots {name} on {b}"
        else:
            pushed = next((sq for sq, u in now.items() if target and u["owner"] == target["owner"]
                           and u["kind"] == target["kind"] and sq not in was), None)
            words = f"pushes {name} from {b} to {pushed}" if pushed else f"bashes {name} off the board"
        unit = f" ({mover['kind']})" if mover else ""
        return LastMove(actor, f"{who}: {text}{unit} {words}", spaces=(a, b), route=(a, b))
    square = text.split()[1]
    unit = now.get(square)
    if action.kind == FLIP:
        return LastMove(actor, f"{who}: {text}: the {unit['kind'] if unit else 'unit'} is now "
                               f"{unit['state'] if unit else 'flipped'}", spaces=(square,))
    if action.kind == TURN:
        return LastMove(actor, f"{who}: {text}: the {unit['kind'] if unit else 'unit'} turns to face "
                               f"{FACING_WORDS[text.split()[2]]}", spaces=(square,))
    return LastMove(actor, f"{who}: {text}")


def status_lines(view: dict[str, Any]) -> tuple[str, ...]:
    """The status lines: whose turn and what they may do; the armies; the clocks and points in Timed Mode."""
    players = view["players"]
    if view["over"]:
        main = f"Game over: {players[view['winners'][0]]} wins" if view["winners"] else "Game over: a draw"
    elif view["to_move"] is None or view["to_move"] < 0:
        main = "Set-up: chance places the Assassins"
    elif view["phase"] == "setup":
        main = f"Set-up: {players[view['to_move']]} hides the Assassin and chooses starting states"
    else:
        main = f"Turn {view['turn']}: {players[view['to_move']]} to act"
        if view.get("follow_up"):
            main += f" (the unit on {view['follow_up']} may take its extra action)"
        elif view.get("actions_left", 0) > 1:
            main += f" ({view['actions_left']} actions)"
    civs = view["civilizations"]
    lines = [main, f"{players[0]} ({civs[0]}) against {players[1]} ({civs[1]})"]
    if view.get("timed"):
        clock = view["clock"]
        points = " \u2013 ".join(f"{s:g}" for s in view["scores"])
        lines.append(f"points {points} \u00b7 game clock {clock['game_seconds']:g} s \u00b7 turn timer "
                     f"{clock['turn_seconds']:g} s" + (" \u00b7 sudden death" if clock["sudden_death"] else ""))
    return tuple(lines)


def token_key(view: dict[str, Any]) -> tuple[str, ...]:
    """How a unit's token reads in a terminal (``i+v#2``), naming each kind on the board by its letter."""
    kinds: dict[str, str] = {}
    for unit in view["units"]:
        kinds.setdefault(unit["letter"], unit["kind"])
    letters = ", ".join(f"{letter} {name}" for letter, name in sorted(kinds.items()))
    players = view["players"]
    return (f"A unit is its kind's letter ({letters}): a capital is {players[0]}'s, a small letter "
            f"{players[1]}'s. Then + its second state (! a revealed Assassin), its facing ^ (towards row 8), "
            "> (towards file H), v (towards row 1) or < (towards file A), * your hidden Assassin, #n a State Lock "
            "for n more turns: i+v#2 is a small-letter Infantry in its second state, facing row 1, that may not "
            "flip for 2 more turns.",)


def _hints(view: dict[str, Any], records: list[Action]) -> tuple[str, ...]:
    if not records:
        return ()
    if any(r.kind == "hide" for r in records):
        return ("Click a square of your front row to hide your Assassin there.",)
    if any(r.notation == "ready" for r in records):
        return ("Click a unit and flip it to choose its starting state, then press ready.",
                "Flip this unit, or click another.")
    return ("Click one of your units to see what it can do.",
            "Click a marked square to act there, or a button below (the key names each mark).")


def scene(view: dict[str, Any], legal: Sequence[EngineAction] = (), recent: Sequence[tuple] = (), *,
          select: str | None = None, marks: dict[str, str] | None = None, arrows: Sequence[Arrow] = (),
          focus: tuple[float, float, float, float] | None = None) -> Scene:
    """The scene of ``view`` (see the module's docstring and ``capture_lib.core.scene.SCENE_ARGUMENTS``).

    ``legal`` are the viewer's legal actions (none for a picture); ``recent`` is what happened since the
    viewer last acted, as ``(view before, log line, view after, actor)``; ``select`` marks what the unit on
    that square may do (as a click on it shows on a live board), ``marks`` puts marks of the key on squares,
    ``arrows`` draws arrows, ``focus`` is where the picture opens zoomed.
    """
    seat = view.get("seat")
    turned = seat == 1
    players = view["players"]
    builder = SceneBuilder("command-capture", 8 * CELL, 8 * CELL)
    files = list(reversed(FILES)) if turned else list(FILES)
    ranks = [str(r) for r in (range(1, 9) if turned else range(8, 0, -1))]
    builder.areas.append(Area("board", "the board", "grid", 0, 0, 8 * CELL, 8 * CELL, columns=tuple(files),
                              rows=tuple(ranks)))
    units = {u["square"]: u for u in view["units"]}
    for r, rank in enumerate(ranks):
        for c, file in enumerate(files):
            square = file + rank
            x, y = square_centre(square, turned)
            light = (FILES.index(file) + int(rank)) % 2 == 1
            builder.spaces.append(Space(square, "board", x, y, CELL, CELL, "square",
                                        tones=("light" if light else "dark",), row=r, col=c))
    always = set()
    for unit in view["units"]:
        builder.pieces.append(_piece(unit, turned, seat, players, view.get("turn", 1)))
        if unit["kind"] == "Commander":
            aura = "command" if unit["state"] == "Command" else "fortify"
            for square in _neighbours(unit["square"]):
                builder.mark(square, aura)
        if unit.get("blocks"):
            always.add("blocked")
        if unit.get("lock"):
            always.add("lock")
        if unit.get("hidden"):
            always.add("hidden")
        if unit["kind"] != "Fortress":
            always.add("facing")
    if view.get("follow_up"):
        builder.mark(view["follow_up"], "follow")
    records = [r for r in (action_record(a, units, seat, players) for a in legal) if r is not None]
    builder.actions.extend(records)
    if select is not None:
        builder.mark(select, "select")
        best: dict[str, str] = {}
        for record in records:
            if len(record.clicks) == 2 and record.clicks[0] == select:
                target = record.clicks[1]
                if _RANK.get(record.kind, -1) > _RANK.get(best.get(target, ""), -1):
                    best[target] = record.kind
        for target, kind in best.items():
            builder.mark(target, kind)
    for square, key in (marks or {}).items():
        builder.mark(square, key)
    builder.arrows.extend(arrows)
    for before, line, after, actor in recent:
        last = _last(before, line, after, actor, seat)
        if last is not None:
            builder.last.append(last)
            if len(last.route) == 2:
                builder.arrows.append(Arrow(last.route, "last"))
    return builder.build(KEY, status_lines(view), hints=_hints(view, records), seat=seat, over=view["over"],
                         focus=focus, token_key=token_key(view), always=always | {"select"} if records else always)
