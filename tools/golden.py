"""Maintainers' tool: the golden playthroughs, complete seeded games kept as text under ``tests/golden/``.

    python tools/golden.py regenerate [GAME ...]   play the games again and rewrite their files
    python tools/golden.py check [GAME ...]        replay the stored files and print every difference
    python tools/golden.py list                    the playthroughs each game keeps, with their sizes
    python tools/golden.py scenes [GAME ...]       rewrite what the boards draw at points of the kept games

A playthrough file holds one game: its slug, options and seed, then every action in order with what
it changed in each seat's observation (``observation(seat)`` for every seat, after every action),
the legal actions (or chance outcomes) at each step, and the result. ``tests/golden/test_golden.py``
replays the stored actions through the engine, writes the file again and fails on any difference, so
every change of the rules, of what a seat sees or of the notation shows up as a diff a reviewer can
read. When the change is meant, run ``regenerate`` for that game and commit the new files with it.

``tests/golden/scenes/<game>.txt`` keeps the scenes (what a board draws, ``capture_lib.core.scene``) of seat 0
at a few points of each option set's first kept game; the test fails with a diff when a board would draw
them otherwise, so a change of what a board draws shows up too.

``SPECS`` lists, for each registered game that keeps playthroughs, the option sets whose play differs and the
games kept for each (the ``GOLDEN`` of each game's ``golden`` part, ``capture_lib/games/<game>/golden.py``); a
game whose description has no such part keeps none, and is simply not listed. The games are played by the
seeded computer players (``random`` or ``rule``): only ``regenerate`` uses them, the test replays the stored
actions, so a change in a computer player never breaks a file.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import pathlib
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
#: Lists of legal actions (chance outcomes) longer than this are written as a count and a digest.
LIST_LIMIT = 40
OUTCOME_LIMIT = 12
#: A game that has not ended after this many actions is not kept (a playthrough is a whole game).
MOST_ACTIONS = 2500
#: The largest file ``regenerate`` writes: pick shorter games (other seeds or players) beyond it.
MOST_BYTES = 400_000


@dataclass(frozen=True)
class Spec:
    """One kept game: the file ``tests/golden/<slug>/<name>.txt``, its options, seed and players."""

    slug: str
    name: str
    seed: int
    players: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def path(self) -> pathlib.Path:
        """Where the playthrough is kept."""
        return GOLDEN / self.slug / f"{self.name}.txt"


def _specs_of(slug: str) -> tuple[Spec, ...]:
    """The kept games of ``slug``: its ``golden`` part's ``GOLDEN``, each option set's games (none for a game
    without that part)."""
    from capture_lib.games import describe

    part = describe(slug).golden
    sets = part.GOLDEN if part is not None else ()
    return tuple(Spec(slug, f"{label}-{seed}", seed, tuple(players), dict(options))
                 for label, options, games in sets for seed, players in games)


def specs() -> dict[str, tuple[Spec, ...]]:
    """The kept games of every registered game that keeps any, by slug (each game's ``golden`` part)."""
    from capture_lib.games import list_games

    found = {slug: _specs_of(slug) for slug in list_games()}
    return {slug: kept for slug, kept in found.items() if kept}


SPECS = specs()


# ----- the text of a playthrough ----------
def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _key_path(path: str, key: str) -> str:
    return f"{path}.{key}" if key.isidentifier() else f"{path}[{json.dumps(key)}]"


def changes(old: Any, new: Any, path: str = "") -> Iterator[str]:
    """Lines that turn ``old`` into ``new`` (JSON data): ``path = value``, ``path += [items]``, ``path deleted``.

    Dictionaries and lists of equal length are followed key by key and item by item, a list that only
    grew is written as the items added, and any other list as the items removed and inserted: a step
    shows exactly what changed, and nothing else.
    """
    if _dump(old) == _dump(new):
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                yield f"{_key_path(path, key)} deleted"
        for key, value in new.items():
            if key in old:
                yield from changes(old[key], value, _key_path(path, key))
            else:
                yield f"{_key_path(path, key)} = {_dump(value)}"
        return
    if isinstance(old, list) and isinstance(new, list) and old and new:
        if len(new) > len(old) and _dump(new[:len(old)]) == _dump(old):
            yield f"{path} += {_dump(new[len(old):])}"
            return
        if len(new) == len(old):
            for i, (a, b) in enumerate(zip(old, new, strict=True)):
                yield from changes(a, b, f"{path}[{i}]")
            return
        yield from _list_changes(old, new, path)
        return
    yield f"{path} = {_dump(new)}"


def _list_changes(old: list[Any], new: list[Any], path: str) -> Iterator[str]:
    """A list whose length changed: the items removed (by their old places) and added (by their new ones)."""
    matcher = difflib.SequenceMatcher(None, [_dump(x) for x in old], [_dump(x) for x in new], autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "delete":
            yield f"{path} removed [{i1}:{i2}] {_dump(old[i1:i2])}"
        elif op == "insert":
            yield f"{path} inserted [{j1}:{j2}] {_dump(new[j1:j2])}"
        elif op == "replace" and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                yield from changes(old[i1 + k], new[j1 + k], f"{path}[{j1 + k}]")
        elif op == "replace":
            yield f"{path} replaced [{i1}:{i2}] by [{j1}:{j2}] {_dump(new[j1:j2])}"


def _listing(entries: list[str], limit: int = LIST_LIMIT) -> str:
    if len(entries) <= limit:
        return f"{len(entries)}: " + " | ".join(entries)
    digest = hashlib.sha256("\n".join(entries).encode()).hexdigest()[:16]
    return f"{len(entries)} (sha256 {digest})"


def _choices(state: Any) -> str:
    from capture_lib.core.chance import CHANCE

    if state.current_player == CHANCE:
        return "outcomes " + _listing([f"{a} {p}" for a, p in state.chance_outcomes()], OUTCOME_LIMIT)
    return "legal " + _listing([str(a) for a in state.legal_actions()])


def _observations(state: Any) -> list[Any]:
    # Through JSON and back: what a seat sees must be plain JSON data, and tuples compare as lists.
    return [json.loads(json.dumps(state.observation(seat))) for seat in range(state.num_players)]


def _who(state: Any) -> str:
    from capture_lib.core.chance import CHANCE

    seat = state.current_player
    return "chance" if seat == CHANCE else f"seat {seat}"


def _seat_lines(per_seat: list[Iterator[str]]) -> list[str]:
    """Each seat's changed lines, prefixed by the seat; a seat that saw exactly what an earlier seat
    saw change is written ``<seat> as <earlier>`` (the views of a game without secrets often agree)."""
    lines: list[str] = []
    written: list[list[str]] = []
    for seat, found in enumerate(per_seat):
        mine = list(found)
        same = next((i for i, other in enumerate(written) if mine and other == mine), None)
        written.append(mine)
        lines += [f"{seat} as {same}"] if same is not None else [f"{seat} {line}" for line in mine]
    return lines


def header(spec: Spec) -> list[str]:
    """The lines that name the game of a playthrough file."""
    return [
        f"# Golden playthrough: replayed by tests/golden/test_golden.py; "
        f"rewrite with `python tools/golden.py regenerate {spec.slug}`.",
        f"game: {spec.slug}",
        f"name: {spec.name}",
        f"options: {_dump(spec.options)}",
        f"seed: {spec.seed}",
        f"players: {' '.join(spec.players)}",
    ]


def render(spec: Spec, actions: Sequence[str]) -> list[str]:
    """The playthrough of ``spec`` with ``actions`` played from its start, line by line.

    A stored action that the engine now refuses, or a game that ends before its last action, is
    written where it happens (``!!``), so the difference with the stored file shows it.
    """
    from capture_lib import load_game

    state = load_game(spec.slug).new_game(seed=spec.seed, **spec.options)
    seen = _observations(state)
    lines = header(spec) + [f"== start, {_who(state)} to act", _choices(state)]
    lines += _seat_lines([changes({}, obs) for obs in seen])
    for number, text in enumerate(actions, 1):
        if state.is_over:
            lines.append(f"!! the game is over before action {number} ({text})")
            return lines
        who = _who(state)
        try:
            state = state.play(text)
        except ValueError as err:
            lines.append(f"!! action {number}, {who}: {text} is refused: {err}")
            return lines
        lines.append(f"== {number} {who}: {state.history[-1]}")
        if not state.is_over:
            lines.append(f"{_who(state)} to act, {_choices(state)}")
        now = _observations(state)
        lines += _seat_lines([changes(old, new) for old, new in zip(seen, now, strict=True)])
        seen = now
    lines += ["== end", f"over: {_dump(state.is_over)}", f"winners: {_dump(list(state.winners))}",
              f"returns: {_dump(state.returns())}"]
    return lines


def read(path: pathlib.Path) -> tuple[Spec, list[str]]:
    """The spec and the actions stored in the playthrough file ``path``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    fields: dict[str, str] = {}
    for line in lines[1:6]:
        key, _, value = line.partition(": ")
        fields[key] = value
    missing = {"game", "name", "options", "seed", "players"} - set(fields)
    if missing:
        raise ValueError(f"{path}: not a playthrough file (no {', '.join(sorted(missing))} in its header)")
    spec = Spec(fields["game"], fields["name"], int(fields["seed"]), tuple(fields["players"].split()),
                json.loads(fields["options"]))
    actions = [line.partition(": ")[2] for line in lines if line.startswith("== ") and line[3:4].isdigit()]
    return spec, actions


def difference(path: pathlib.Path, context: int = 3, most: int = 80) -> str:
    """The unified diff between the stored file ``path`` and its replay today ('' when they agree)."""
    spec, actions = read(path)
    stored = path.read_text(encoding="utf-8").splitlines()
    replayed = render(spec, actions)
    if stored == replayed:
        return ""
    diff = list(difflib.unified_diff(stored, replayed, f"{path.name} (stored)", f"{path.name} (replayed today)",
                                     n=context, lineterm=""))
    cut = f"\n... {len(diff) - most} more diff lines" if len(diff) > most else ""
    return "\n".join(diff[:most]) + cut


# ----- what the boards draw: scene snapshots ----------
SCENES = GOLDEN / "scenes"
#: Where in a kept game a snapshot is taken, as fractions of its length.
SCENE_POINTS = (0.0, 0.6)
#: How many option sets of a game keep snapshots (the default rules first).
SCENE_SETS = 3


def scene_snapshots(slug: str) -> str:
    """What seat 0's board draws at a few points of the first kept game of each of ``slug``'s option sets:
    each scene as JSON (with its legal actions and last moves), one position a block, for a readable diff."""
    from capture_lib import describe
    from capture_lib.session.scenes import recent_lines, scene_json

    description = describe(slug)
    blocks = []
    seen: set[str] = set()
    for spec in SPECS.get(slug, ()):
        label = spec.name.rsplit("-", 1)[0]
        if label in seen or not spec.path.exists() or len(seen) >= SCENE_SETS:
            continue
        seen.add(label)
        _, actions = read(spec.path)
        state = description.game.new_game(seed=spec.seed, **spec.options)
        states = [state]
        for action in actions:
            states.append(states[-1].play(action))
        for point in SCENE_POINTS:
            index = round(point * (len(states) - 1))
            here = states[index]
            legal = here.legal_actions() if here.current_player == 0 else []
            recent = recent_lines(states[:index + 1], lambda s: s.observation(0), 0)
            scene = scene_json(description, here.observation(0), legal, recent)
            blocks.append(f"# {spec.name} after {index} actions\n" + json.dumps(scene, indent=1, sort_keys=True,
                                                                               ensure_ascii=False))
    return "\n".join(blocks) + "\n"


def scenes_path(slug: str) -> pathlib.Path:
    """Where ``slug``'s scene snapshots are kept."""
    return SCENES / f"{slug}.txt"


def scene_difference(slug: str, context: int = 3, most: int = 80) -> str:
    """The unified diff between ``slug``'s stored scene snapshots and today's ('' when they agree)."""
    path = scenes_path(slug)
    stored = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    today = scene_snapshots(slug).splitlines()
    if stored == today:
        return ""
    diff = list(difflib.unified_diff(stored, today, f"{path.name} (stored)", f"{path.name} (today)", n=context,
                                     lineterm=""))
    cut = f"\n... {len(diff) - most} more diff lines" if len(diff) > most else ""
    return "\n".join(diff[:most]) + cut


# ----- playing the games ----------
def play(spec: Spec) -> list[str]:
    """The actions of the game ``spec`` describes, played to its end by its seeded computer players."""
    from capture_lib import load_game
    from capture_lib.core.chance import CHANCE
    from capture_lib.search.levels import make_player

    state = load_game(spec.slug).new_game(seed=spec.seed, **spec.options)
    if len(spec.players) != state.num_players:
        raise ValueError(f"{spec.slug} {spec.name}: {len(spec.players)} players named for {state.num_players} seats")
    players = [make_player(name, timed=False) for name in spec.players]
    while not state.is_over:
        if len(state.history) >= MOST_ACTIONS:
            raise ValueError(f"{spec.slug} {spec.name}: not over after {MOST_ACTIONS} actions; pick another seed")
        seat = state.current_player
        state = state.play_chance() if seat == CHANCE else state.play(players[seat](state, seat))
    return [str(a) for a in state.history]


def regenerate(slug: str) -> list[pathlib.Path]:
    """Play ``slug``'s kept games again, rewrite their files and remove files no spec names."""
    folder = GOLDEN / slug
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for spec in SPECS[slug]:
        started = time.perf_counter()
        text = "\n".join(render(spec, play(spec))) + "\n"
        size = len(text.encode())
        if size > MOST_BYTES:
            raise ValueError(f"{spec.path.relative_to(ROOT)} would be {size:,} bytes (most {MOST_BYTES:,}): "
                             f"pick a shorter game in SPECS")
        spec.path.write_text(text, encoding="utf-8")
        written.append(spec.path)
        print(f"wrote {spec.path.relative_to(ROOT)}: {size:,} bytes ({time.perf_counter() - started:.1f} s)")
    for stale in sorted(set(folder.glob("*.txt")) - set(written)):
        stale.unlink()
        print(f"removed {stale.relative_to(ROOT)} (no spec names it)")
    return written


def main(argv: list[str]) -> int:
    """Run the command in ``argv`` (see the module's docstring)."""
    if not argv or argv[0] not in ("regenerate", "check", "list", "scenes"):
        print(__doc__)
        return 2
    if argv[0] == "scenes":
        SCENES.mkdir(parents=True, exist_ok=True)
        for slug in argv[1:] or sorted(SPECS):
            scenes_path(slug).write_text(scene_snapshots(slug), encoding="utf-8")
            print(f"wrote {scenes_path(slug).relative_to(ROOT)}")
        return 0
    command, games = argv[0], argv[1:] or sorted(SPECS)
    unknown = [g for g in games if g not in SPECS]
    if unknown:
        print(f"no golden playthroughs of {', '.join(unknown)}; the games that keep them (a golden part in their "
              f"description): {', '.join(sorted(SPECS))}")
        return 2
    failed = 0
    for slug in games:
        if command == "regenerate":
            regenerate(slug)
            continue
        for spec in SPECS[slug]:
            if command == "list":
                size = f"{spec.path.stat().st_size:,} bytes" if spec.path.exists() else "missing"
                print(f"{spec.path.relative_to(ROOT)}: {size}, seed {spec.seed}, {' v '.join(spec.players)}, "
                      f"options {_dump(spec.options)}")
                continue
            found = difference(spec.path) if spec.path.exists() else f"{spec.path} is missing: regenerate it"
            if found:
                failed += 1
                print(found)
    if command == "check":
        print("every playthrough replays exactly" if not failed else f"{failed} playthrough(s) differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
