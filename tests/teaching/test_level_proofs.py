"""Every course level tells the truth: a proof for each, played through the engine.

For every level of every game's course that is played from a fixed position (not a whole game), the search of
``level_search`` walks every line of the learner's moves up to the level's par:

- answered as the level answers on the board, every line that reaches the goal made the level's point, as
  ``POINTS`` states it below in the game's own terms (the named capture happened, by the named unit), and the
  fewest moves that reach the goal are exactly the par;
- answered by every legal reply and every outcome of chance, where that tree is small (one move to make, one
  reply to it), or else by replies drawn at random on many lines, the same holds: no reply of the other side makes
  the level praise a move that did not make its point;
- a line that wins the game without reaching the goal is told so by the board ("you won the game, but not as this
  level asks"), never called a plain loss.

``POINTS`` is written from what the engine records (the log, the battles, the moves in notation), apart from the
courses' own goals, so a goal that reads a proxy ("the square is empty") fails here. A level without a point
fails too: every new level needs one.

The levels played as a whole game are checked by sampling: the goal is the rule's result (the learner won the
game), on many random lines against the level's own opponent, and the par is the number of moves of the solver's
winning line.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator

import pytest

from capture_lib import list_games
from capture_lib.core.cards import Card
from capture_lib.core.chance import CHANCE
from capture_lib.core.lessons import Level
from capture_lib.core.protocol import State
from capture_lib.session.course import course, games_with_a_course
from capture_lib.session.learn import CourseController
from tests.teaching.level_search import search

Point = Callable[[Level, State], bool]

#: Positions a proof may look at before it says it cannot finish (a level too big to prove is a defect too).
LIMIT = 60_000
#: The every-reply search runs where the learner has one move and the tree stays this small; elsewhere replies are
#: drawn at random, on ``SAMPLES`` searches with different draws.
EVERY_LIMIT = 3_000
SAMPLES = 2


def steps(level: Level, state: State) -> Iterator[tuple[State, str, State]]:
    """Every action since the level's start, replayed: ``(before, notation, after)``."""
    before = level.start
    for action in state.history[len(level.start.history):]:
        after = before.play(action)
        yield before, str(action), after
        before = after


def learner_moves(level: Level, state: State) -> list[str]:
    """The learner's own actions since the level's start, in notation."""
    return [line for before, line, _after in steps(level, state) if before.current_player == level.seat]


# ----- Card Commander ---------------------------------------------------------------------------------------
def _cc_log(state: State, seat: int, verb: str) -> list[list[str]]:
    return [full.split()[1:] for full, _masked, owner, _shown in state.log if owner == seat and full.split()[0] == verb]


def _card_values(state: State, seat: int) -> dict[str, int]:
    from capture_lib.games.card_commander.rules import card_value

    commander = state.commanders[seat]
    return {card: card_value(Card.parse(card), commander) for card in state.observation(seat)["hands"][seat]}


def _round(state: State, number: int) -> dict | None:
    return next((r for r in state.rounds if r["round"] == number), None)


def _left_is_worth_most(level: Level, state: State) -> bool:
    values = _card_values(level.opening()[0], 0)
    placed = _cc_log(state, 0, "place")
    return bool(placed) and values[placed[0][0]] == max(values.values())


def _two_best_and_the_worst(level: Level, state: State) -> bool:
    values = _card_values(level.opening()[0], 0)
    ranked = sorted(values, key=values.get)
    placed = _cc_log(state, 0, "place")
    won = _round(state, 1)
    return (bool(placed) and set(placed[0]) == {ranked[-1], ranked[-2], ranked[0]} and won is not None
            and won["winner"] == 0)


def _cheapest_extra_won_the_tie(level: Level, state: State) -> bool:
    values = _card_values(level.opening()[0], 0)
    cheapest = min((card for card, value in values.items() if value > 0), key=values.get)
    record = _round(state, 2)
    return (_cc_log(state, 0, "extra") == [[cheapest]] and record is not None and record["lane_how"][0] == "extra"
            and record["lane_winners"][0] == 0)


def _passed_and_kept_the_extra(level: Level, state: State) -> bool:
    first = _round(state, 1)
    return (learner_moves(level, state)[:1] == ["pass"] and first is not None and first["winner"] == 0
            and not state.extra_used[0])


CARD_COMMANDER: dict[str, Point] = {
    "commander": lambda level, s: _cc_log(s, 0, "commander") == [["Karl"]],
    "second-choice": lambda level, s: _cc_log(s, 1, "commander") == [["Jackson"]],
    "value": _left_is_worth_most,
    "two-lanes": _two_best_and_the_worst,
    "extra-card": _cheapest_extra_won_the_tie,
    "pass": _passed_and_kept_the_extra,
    "win-the-game": lambda level, s: s.is_over and s.winners == (0,) and len(s.rounds) == 2,
}


# ----- Capture the Commander ---------------------------------------------------------------------------------
def _north_attacked(slot: int, defender: int = 1, from_slots: tuple[int, ...] = tuple(range(1, 14))) -> Point:
    return lambda level, s: any(b[0] == 0 and b[3] == defender and b[4] == slot and b[1] in from_slots
                                for b in s.battles)


def _north_beat(card: str) -> Point:
    from capture_lib.games.capture_the_commander.rules.actions import card_number

    number = card_number(card)
    return lambda level, s: any(b[0] == 0 and b[7] != 0 and b[5] == number for b in s.battles)


def _tie_won_by_the_seen_ace(level: Level, s: State) -> bool:
    from capture_lib.games.capture_the_commander.rules.actions import card_number

    return learner_moves(level, s)[:1] == ["pick N2"] and card_number("7H") in s.beaten


def _west_out_by_north(level: Level, s: State) -> bool:
    return any(b[0] == 0 and 3 in b[9] for b in s.battles) and not s.out[0]


CAPTURE_THE_COMMANDER: dict[str, Point] = {
    "first-attack": _north_attacked(1, from_slots=(1, 2, 3, 4)),
    "partial": _north_attacked(5),
    "straight-under": _north_attacked(8),
    "sure-win": _north_beat("KC"),
    "tie-break": _tie_won_by_the_seen_ace,
    "run-out": lambda level, s: s.is_over and s.winners == (0,) and s.out[1],
    "dig": lambda level, s: _north_attacked(11)(level, s) and s.is_over and s.winners == (0,)
    and any(b[0] == 0 and b[4] == 13 and b[7] == 1 for b in s.battles),
    "guard": _north_beat("KH"),
    "four-players": _west_out_by_north,
    "match": lambda level, s: s.hand == 2 and s.scores[0] > 0 and learner_moves(level, s)[0].endswith("xS13"),
}


# ----- Command Capture ---------------------------------------------------------------------------------------
def _units(state: State) -> dict[str, dict]:
    return {u["square"]: u for u in state.view(None, everything=True)["units"]}


def _acts(level: Level, s: State, mark: str, by: str, target: str | None = None,
          check: Callable[[dict, dict, str, str, State, State], bool] | None = None) -> bool:
    """Whether a Blue ``by`` took an action written ``A<mark>B`` (``x`` melee, ``*`` shot, ``>`` bash, ``-`` move) on
    a Red ``target`` (or onto any square), and ``check(unit, target unit, from, to, before, after)`` holds."""
    for before, line, after in steps(level, s):
        if len(line) != 5 or line[2] != mark or before.current_player != 0:
            continue
        here = _units(before)
        unit, aimed = here.get(line[:2]), here.get(line[3:])
        if unit is None or unit["owner"] != 0 or unit["kind"] != by:
            continue
        if target is not None and (aimed is None or aimed["owner"] != 1 or aimed["kind"] != target):
            continue
        if check is None or check(unit, aimed, line[:2], line[3:], before, after):
            return True
    return False


def _on_row(unit, aimed, frm, to, before, after) -> bool:
    return frm[1] == to[1]


def _l_shaped(unit, aimed, frm, to, before, after) -> bool:
    steps_across = sorted((abs(ord(frm[0]) - ord(to[0])), abs(int(frm[1]) - int(to[1]))))
    return unit["state"] == "Charge" and steps_across == [1, 2]


def _still_there(unit, aimed, frm, to, before, after) -> bool:
    return sum(u["owner"] == 1 for u in _units(after).values()) == sum(u["owner"] == 1 for u in _units(before).values())


def _gone_off(unit, aimed, frm, to, before, after) -> bool:
    return not _still_there(unit, aimed, frm, to, before, after)


def _jumped(level: Level, s: State) -> bool:
    def over(unit, aimed, frm, to, before, after) -> bool:
        if abs(int(frm[1]) - int(to[1])) + abs(ord(frm[0]) - ord(to[0])) != 2 or frm[0] != to[0] and frm[1] != to[1]:
            return False
        middle = chr((ord(frm[0]) + ord(to[0])) // 2) + str((int(frm[1]) + int(to[1])) // 2)
        return middle in _units(before)
    return _units(s).get("B5", {}).get("kind") == "Cavalry" and _acts(level, s, "-", "Cavalry", check=over)


def _turned_then_took(level: Level, s: State) -> bool:
    lines = learner_moves(level, s)
    turned = next((i for i, line in enumerate(lines) if line.startswith("turn ")), None)
    return turned is not None and _acts(level, s, "x", "Legionnaire", "Infantry")


def _flipped_and_shot_in_one_turn(level: Level, s: State) -> bool:
    flipped = set()
    for before, line, _after in steps(level, s):
        if line.startswith("flip ") and before.current_player == 0:
            flipped.add((before.turn, line[5:]))
        if "*" in line and before.current_player == 0 and (before.turn, line[:2]) in flipped:
            return _units(before)[line[3:]]["kind"] == "Infantry"
    return False


def _held_through_reds_turn(level: Level, s: State) -> bool:
    red_turn = [before for before, _line, _after in steps(level, s) if before.current_player == 1]
    fortified = all(_units(b).get("D3", {}).get("kind") == "Legionnaire"
                    and _units(b).get("C2", {}).get("state") == "Fortify" for b in red_turn)
    moved = any(line.startswith("D3") or line == "turn D3" for line in learner_moves(level, s))
    return bool(red_turn) and fortified and not moved and _units(s).get("D3", {}).get("owner") == 0


def _won(level: Level, s: State) -> bool:
    return s.is_over and s.winners == (0,)


def _stormed(level: Level, s: State) -> bool:
    def disabled(unit, aimed, frm, to, before, after) -> bool:
        return _units(after)[to]["state"] == "Disabled"

    def entered(unit, aimed, frm, to, before, after) -> bool:
        return aimed is not None and aimed["kind"] == "Fortress" and aimed["state"] == "Disabled" and after.is_over

    blue = sum(u["owner"] == 0 for u in _units(level.start).values())
    return (_acts(level, s, "*", "Siege", "Fortress", disabled) and _won(level, s)
            and sum(u["owner"] == 0 for u in _units(s).values()) == blue
            and any(_acts(level, s, "-", kind, check=entered) for kind in ("Cavalry", "Commander", "Siege")))


COMMAND_CAPTURE: dict[str, Point] = {
    "hide": lambda level, s: any(line.startswith("assassin ") for line in learner_moves(level, s))
    and s.phase == "play",
    "starting-state": lambda level, s: "flip C1" in learner_moves(level, s) and s.phase == "play"
    and _units(s)["C1"]["state"] == "Volley",
    "march": lambda level, s: _units(s).get("D5", {}).get("kind") == "Legionnaire" and _units(s)["D5"]["owner"] == 0,
    "side-step": lambda level, s: _acts(level, s, "-", "Legionnaire", check=lambda u, a, f, t, b, after: t == "C3"
                                        and f[1] == t[1]),
    "jump": _jumped,
    "capture": lambda level, s: _acts(level, s, "x", "Legionnaire", "Infantry"),
    "sideways": lambda level, s: _acts(level, s, "x", "Cavalry", "Infantry", _on_row),
    "charge": lambda level, s: _acts(level, s, "x", "Cavalry", "Chariot", _l_shaped),
    "turn": _turned_then_took,
    "shoot": lambda level, s: _acts(level, s, "*", "Archer", "Infantry"),
    "blocked": lambda level, s: _acts(level, s, "x", "Commander", "Legionnaire",
                                      lambda u, a, f, t, b, after: f == "D6"),
    "siege": lambda level, s: _acts(level, s, "*", "Siege", "Legionnaire"),
    "aura": _flipped_and_shot_in_one_turn,
    "fortify": _held_through_reds_turn,
    "commander": lambda level, s: _won(level, s) and _acts(level, s, "x", "Legionnaire", "Commander"),
    "assassin": lambda level, s: _won(level, s) and _acts(level, s, "x", "Assassin", "Commander"),
    "fortress-shoots": lambda level, s: _acts(level, s, "*", "Fortress", "Chariot"),
    "storm": _stormed,
    "egypt-infantry": lambda level, s: _won(level, s) and _acts(level, s, "-", "Infantry", "Fortress"),
    "egypt-chariot": lambda level, s: _acts(level, s, "x", "Chariot", "Legionnaire", _on_row),
    "maiden": lambda level, s: _acts(level, s, "*", "Shield Maiden", "Infantry",
                                     lambda u, a, f, t, b, after: (f, t) == ("D3", "D5")),
    "bash": lambda level, s: _acts(level, s, ">", "Shield Maiden", "Infantry", _still_there),
    "bash-limits": lambda level, s: _acts(level, s, ">", "Shield Maiden", "Infantry", _gone_off),
    "sudden-death": lambda level, s: _won(level, s) and any(
        before.sudden_death and before.current_player == 0 and any(mark in line for mark in "x*>")
        for before, line, _after in steps(level, s)),
    "two-actions": lambda level, s: _won(level, s) and len({b.turn for b, _l, _a in steps(level, s)
                                                             if b.current_player == 0}) == 1
    and _acts(level, s, "x", "Legionnaire", "Commander"),
}


# ----- Capture: A Medieval Wargame -------------------------------------------------------------------------
def _log(level: Level, s: State) -> list[str]:
    """Blue's log of the level's lines (its own words: "land r37 (...)", "draw ?" for Red's cards)."""
    return s.observation(0)["log"][len(level.start.history):]


def _piece(s: State, name: str) -> dict:
    return next(p for p in s.observation(0)["pieces"] if p["id"] == name)


def _moved_to(name: str, space: str, how: Callable[[str], bool] = lambda line: True) -> Point:
    return lambda level, s: any(line.startswith(f"{name} ") and line.split()[1].endswith(f"-{space}") and how(line)
                                for line in _log(level, s))


def _on(*spaces: str) -> Point:
    return lambda level, s: set(spaces) <= {p["where"] for p in s.observation(0)["pieces"] if p["side"] == "blue"}


def _played(card: str) -> Callable[[Level, State], bool]:
    return lambda level, s: any(line.startswith(f"play {card}") for line in _log(level, s))


def _before_roll(card: str) -> Point:
    def point(level: Level, s: State) -> bool:
        lines = _log(level, s)
        played = next((i for i, line in enumerate(lines) if line.startswith(f"play {card}")), None)
        rolled = next((i for i, line in enumerate(lines) if line == "roll" or line.startswith("roll ")), len(lines))
        return played is not None and played < rolled
    return point


def _prisoner_taken_by(name: str, enemy: str) -> Point:
    return lambda level, s: _piece(s, enemy)["where"] == "prisoner" and any(
        line.startswith(f"{name} ") for line in _log(level, s))


def _treasure(space: str) -> bool:
    from capture_lib.games.medieval_capture.rules.board import BOARD

    return BOARD.kind[BOARD.ids.index(space)] == "treasure"


def _drew(level: Level, s: State) -> bool:
    return any(line.startswith("draw ") for line in _log(level, s)) and len(s.observation(0)["hand"]) > 0


MEDIEVAL: dict[str, Point] = {
    "roads": _on("b43", "b38", "b49"),
    "knight": lambda level, s: "place B6 b38 knight" in _log(level, s) or any(
        line.endswith(" b38 knight") for line in _log(level, s)),
    "look": lambda level, s: _log(level, s)[:1] == ["look B3"]
    and any(line.startswith("roll") for line in _log(level, s)),
    "die": _moved_to("B2", "r30"),
    "three": lambda level, s: _on("b43", "b38", "b49")(level, s) and len(
        [line for line in _log(level, s) if line[:1] == "B"]) == 3,
    "make-way": lambda level, s: [line.split()[0] for line in _log(level, s) if line[:1] == "B"][:2] == ["B2", "B1"]
    and _piece(s, "B1")["where"] == "b35",
    "river": _moved_to("B1", "r22", lambda line: "b32-b47-r47-r32" in line),
    "lake": _moved_to("B1", "b6", lambda line: "b26-b14-b5" in line),
    "cathedral": _moved_to("B1", "b34", lambda line: line.split()[1].startswith("c-")),
    "capture": _prisoner_taken_by("B1", "R1"),
    "abroad": lambda level, s: _prisoner_taken_by("B1", "R1")(level, s) and _piece(s, "R2")["where"] == "r34",
    "kill": lambda level, s: _piece(s, "R1")["where"] == "dead" and any(
        line.startswith("B3 ") and line.endswith(" kill") for line in _log(level, s)),
    "rescue": lambda level, s: any(line.startswith("B1 ") and line.endswith("free B8") for line in _log(level, s)),
    "take": lambda level, s: any(line.startswith("B1 ") and line.endswith("take r2") for line in _log(level, s)),
    "home": lambda level, s: s.is_over and s.winners == (0,) and any(" take r8" in line for line in _log(level, s)),
    "guard": lambda level, s: _piece(s, "R1")["where"] == "prisoner" and any(
        line.startswith("B2 ") and line.endswith("-b5") for line in _log(level, s)),
    "caught": lambda level, s: _piece(s, "R1")["where"] == "prisoner" and any(
        c["home"] == "b5" and c["where"] == "b6" for c in s.observation(0)["crowns"]),
    "treasure": _drew,
    "new-deck": lambda level, s: "reshuffle" in _log(level, s) and _drew(level, s),
    "card": lambda level, s: _before_roll("CAPTURE!")(level, s) and _prisoner_taken_by("B1", "R4")(level, s),
    "ambush": lambda level, s: _before_roll("AMBUSH!")(level, s) and _piece(s, "R4")["where"] == "dead" and any(
        line.startswith("B1 ") and line.endswith(" kill") for line in _log(level, s)),
    "ransom": lambda level, s: _played("RANSOM B8")(level, s) and _piece(s, "B8")["where"] == "c",
    "recruit": lambda level, s: _played("RECRUIT B8")(level, s) and _piece(s, "B8")["where"] == "c",
    "reserve": lambda level, s: _piece(s, "B9")["where"] == "c" and any(
        line.startswith("B1 ") for line in _log(level, s)),
    "fire": lambda level, s: any("the shooter chooses who dies among" in line for line in _log(level, s))
    and "kill R2" in _log(level, s),
    "near-home": lambda level, s: _piece(s, "R1")["where"] == "dead" and not any(
        line.startswith("land b") for line in _log(level, s)),
    "six-shot": lambda level, s: _piece(s, "R1")["where"] == "dead" and any(
        line.startswith("shoot ") for line in _log(level, s)),
    "stop-to-draw": lambda level, s: _drew(level, s) and any(
        line.startswith("B1 ") and _treasure(line.split()[1].split("-")[-1]) for line in _log(level, s)),
    "teams": lambda level, s: _piece(s, "R1")["where"] == "prisoner" and any(
        line.startswith("B1 ") for line in _log(level, s)),
}

POINTS: dict[str, dict[str, Point]] = {
    "card-commander": CARD_COMMANDER,
    "capture-the-commander": CAPTURE_THE_COMMANDER,
    "command-capture": COMMAND_CAPTURE,
    "medieval-capture": MEDIEVAL,
}

FIXED = [(slug, level) for slug in games_with_a_course() for level in course(slug).levels if level.solver is None]
WHOLE = [(slug, level) for slug in games_with_a_course() for level in course(slug).levels if level.solver is not None]


def _id(item: tuple[str, Level]) -> str:
    return f"{item[0]}:{item[1].key}"


def _point(slug: str, level: Level) -> Callable[[State], bool]:
    made = POINTS[slug][level.key]
    return lambda state: made(level, state)


def test_every_game_with_a_course_has_the_points_of_all_its_levels():
    assert set(games_with_a_course()) <= set(list_games())
    for slug in games_with_a_course():
        fixed = {level.key for level in course(slug).levels if level.solver is None}
        assert set(POINTS.get(slug, {})) == fixed, f"{slug}: every level needs its point stated here, and only those"


@pytest.mark.parametrize("item", FIXED, ids=_id)
def test_the_levels_own_replies_praise_only_the_point_and_its_par_is_the_least(item):
    slug, level = item
    found = search(level, _point(slug, level), "level", limit=LIMIT)
    assert not found.unmade, f"{_id(item)}: these lines reach the goal without making its point: {found.unmade[:5]}"
    assert found.shortest == level.par, f"{_id(item)}: the fewest moves to the goal: {found.shortest}, par {level.par}"
    assert tuple(level.solution) in {line for line, _state in found.wins}
    for line in found.won_otherwise:
        board = CourseController(course(slug), level.key)
        for move in line:
            board.handle({"type": "play", "action": move})
        feedback = board.values()["lesson"]["feedback"]
        assert "you won the game, but not as this level asks" in feedback, (line, feedback)


def _every_reply_fits(level: Level) -> bool:
    """Whether a one-move level's every-reply tree is small: after each first move of the learner, the other side
    answers with one action (no chance, no second action) and the learner's moves times those replies stay within
    ``EVERY_LIMIT``."""
    if level.par != 1 or level.free:  # a free action (ready, end) after the move would lead into more replies
        return False
    start, _ = level.opening()
    size = 0
    for move in start.legal_actions():
        played = start.play(move)
        if played.is_over or played.current_player == level.seat:
            size += 1
            continue
        if played.current_player == CHANCE:
            return False
        for reply in played.legal_actions():
            answered = played.play(reply)
            if not answered.is_over and answered.current_player != level.seat:
                return False
            size += 1
            if size > EVERY_LIMIT:
                return False
    return True


@pytest.mark.parametrize("item", FIXED, ids=_id)
def test_no_reply_of_the_other_side_makes_a_level_praise_a_move_that_missed_its_point(item):
    slug, level = item
    point = _point(slug, level)
    if _every_reply_fits(level):
        found = search(level, point, "every", limit=EVERY_LIMIT * 2)
        assert not found.unmade, f"{_id(item)}: {found.unmade[:5]}"
        return
    for seed in range(SAMPLES):
        found = search(level, point, ("sample", seed), limit=LIMIT)
        assert not found.unmade, f"{_id(item)} (replies drawn with seed {seed}): {found.unmade[:5]}"


@pytest.mark.parametrize("item", WHOLE, ids=_id)
def test_a_whole_games_goal_is_winning_it_and_its_par_is_the_solvers_line(item):
    slug, level = item
    moves = level.solved()
    assert level.moves_in(moves) == level.par, f"{_id(item)}: the solver wins in {level.moves_in(moves)} moves"
    rng = random.Random(slug)
    state, replied = level.opening()
    for _ in range(40):  # random play by the learner against the level's own opponent: the goal is the result
        assert level.done(state) == (state.is_over and level.seat in state.winners)
        if state.is_over:
            state, replied = level.opening()
            continue
        state, replied = level.answered(state.play(rng.choice(state.legal_actions())), replied)


def test_the_proof_catches_a_goal_that_reads_a_proxy():
    """The defect these proofs exist for: a goal that asks whether the target square is empty praises a move after
    which Red's reply walked the target away (Command Capture's "The Cavalry strikes sideways" did)."""
    level = course("command-capture").level("sideways")
    empty = lambda state: "B4" not in _units(state) or _units(state)["B4"]["owner"] == 0  # noqa: E731
    proxy = dataclasses.replace(level, done=empty)
    found = search(proxy, _point("command-capture", level), "level", limit=LIMIT)
    assert found.unmade and ("D4xB4",) not in found.unmade


@pytest.mark.parametrize("slug", games_with_a_course())
def test_every_rule_of_the_index_is_practised_by_a_course_level(slug):
    from capture_lib.bookkit.rules_index import rules_index

    named = {key for level in course(slug).levels for key in level.rules}
    assert [rule.key for rule in rules_index(slug) if rule.key not in named] == []
    assert named <= {rule.key for rule in rules_index(slug)}
