"""The Command Capture game: options, rulings, how a game starts and how a position is read."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from capture_lib.core.protocol import Game
from capture_lib.games.command_capture.rules.position import read_position
from capture_lib.games.command_capture.rules.rulings import OPTIONS, RULINGS
from capture_lib.games.command_capture.rules.state import PLAY, SETUP, CommandCaptureState, front_row
from capture_lib.games.command_capture.rules.units import (
    ASN,
    CIVS,
    CMD,
    FACING_LETTERS,
    FOR,
    INFANTRY,
    KIND_LETTERS,
    KIND_NAMES,
    SEAT_NAMES,
    parse_square,
)


class CommandCaptureGame(Game):
    """Command Capture: an 8x8 board, two civilizations, units with two states; take the Commander."""

    slug = "command-capture"
    title = "Command Capture"
    min_players = 2
    max_players = 2
    seat_names = SEAT_NAMES
    options = OPTIONS
    rulings = RULINGS

    def _initial_state(self, seed: int, options: dict[str, Any]) -> CommandCaptureState:
        return CommandCaptureState.initial(self, seed, options)

    def from_position(self, text: str, /, seed: int = 0, **options: Any) -> CommandCaptureState:
        """A state read from position text (see ``position``); the text fixes civilizations and Timed Mode.

        Options that the text decides (``blue``, ``red``, ``timed``) may be given only if they agree.
        """
        parsed = read_position(text)
        resolved = self.resolve_options(options)
        decided = {"blue": CIVS[parsed["civs"][0]], "red": CIVS[parsed["civs"][1]], "timed": parsed["timed"]}
        for name, value in decided.items():
            if name in options and options[name] != value:
                raise ValueError(f"option {name}={options[name]!r} disagrees with the position text ({value!r})")
            resolved[name] = value
        extra = {k: parsed[k] for k in ("scores", "game_ms", "turn_ms") if k in parsed}
        return CommandCaptureState.make(
            self, seed, resolved, parsed["board"], parsed["civs"], to_move=parsed["to_move"],
            turn=parsed["turn"], actions_left=parsed["actions_left"], follow=parsed["follow"],
            acted=parsed["acted"], result=parsed["result"], start=text.strip(), done=parsed["done"], **extra)

    def quick_start(self, blue_assassin: str = "D2", red_assassin: str = "E7", seed: int = 0,
                    **options: Any) -> CommandCaptureState:
        """A quick-start game with both Assassins' squares fixed (the chance events played as given)."""
        state = self.new_game(seed=seed, setup="quick", **options)
        return state.play(f"assassin {blue_assassin}").play(f"assassin {red_assassin}")

    def summarize(self, state: CommandCaptureState) -> dict[str, Any]:
        """Facts of a finished game for the statistics chapter: how it ended and every unit captured.

        ``ended``: ``commander`` (a Commander was taken), ``fortress`` (a Disabled Fortress was
        entered), ``points`` (Timed Mode's clock), ``turn limit`` or ``unfinished``. ``captures``:
        ``[turn, owner, kind]`` for each unit lost (Fortresses disabled are ``Fortress``), in order.
        """
        captures: list[list[Any]] = []
        walker = (self.from_position(state.start, seed=state.seed, **state.options) if state.start
                  else self.new_game(seed=state.seed, **state.options))

        def census(board: tuple) -> Counter:
            return Counter((u[0], KIND_NAMES[u[1]] if u[1] != FOR or u[2] == 0 else "Disabled")
                           for u in board if u is not None)

        for action in state.history:
            after = walker.play(action)
            if walker.phase == PLAY:
                # Units only leave the board by capture; a Fortress is "lost" when it is disabled.
                for (owner, kind), n in (census(walker.board) - census(after.board)).items():
                    captures += [[walker.turn, owner, kind]] * n
            walker = after
        if not state.is_over:
            ended = "unfinished"
        elif not state.winners:
            ended = "turn limit"
        elif not any(u is not None and u[1] == CMD and u[0] != state.winners[0] for u in state.board):
            ended = "commander"
        elif state.timed and state.game_ms == 0:
            ended = "points"
        else:
            ended = "fortress"
        return {"civilizations": [CIVS[c] for c in state.civs], "turns": state.turn, "ended": ended,
                "captures": captures}

    def sample_state(self, observation: dict[str, Any], seat: int, rng: random.Random) -> CommandCaptureState:
        """A complete state that agrees with ``observation`` (what ``seat`` sees), for search.

        The one hidden fact is which enemy unit is the Assassin while it is hidden. Every enemy unit
        that looks like infantry is equally likely, and so is every such unit already captured (a
        hidden Assassin can be taken without anybody learning it): in that case none on the board
        is. A revealed Assassin, on the board or captured, is public. The position is rebuilt from
        the observation alone; the state's history is empty.
        """
        obs = observation
        if obs.get("seat") != seat:
            raise ValueError(f"the observation is not seat {seat}'s")
        base = self._public_state(obs)
        other = 1 - seat
        if other in obs["assassins_revealed"]:
            return base
        board = list(base.board)
        infantry = INFANTRY[base.civs[other]]
        if obs["phase"] == SETUP and not (other == 0 and base.to_move == 1):
            return base  # the enemy has not placed its Assassin yet: the set-up will
        looks_alike = [sq for sq, u in enumerate(board) if u is not None and u[0] == other and u[1] == infantry]
        gone = max(0, len(front_row(other)) - len(looks_alike))
        pick = rng.randrange(len(looks_alike) + gone)
        if pick < len(looks_alike):
            sq = looks_alike[pick]
            u = board[sq]
            board[sq] = (other, ASN, u[2], u[3], u[4])
            base = base._copy()
            base.board = tuple(board)
        return base

    _cached_view: tuple[dict, CommandCaptureState] | None = None

    def _public_state(self, obs: dict[str, Any]) -> CommandCaptureState:
        """The position ``obs`` shows, every unit as it looks (a hidden enemy Assassin as infantry).

        The search asks for many samples of one observation, so the last one is kept.
        """
        cached = self._cached_view
        if cached is not None and cached[0] is obs:
            return cached[1]
        options = self.resolve_options(obs["options"])
        civs = (CIVS.index(options["blue"]), CIVS.index(options["red"]))
        turn = obs["turn"]
        board: list = [None] * 64
        for entry in obs["units"]:
            kind = KIND_LETTERS.index(entry["letter"])
            state = 2 if entry["mark"] == "!" else 1 if entry["mark"] == "+" else 0
            lock = turn + entry["lock"] - 1 if entry["lock"] else 0
            board[parse_square(entry["square"])] = (entry["owner"], kind, state,
                                                    FACING_LETTERS.index(entry["facing"]), lock)
        over = obs["over"]
        phase = SETUP if obs["phase"] == SETUP else PLAY
        to_move = obs["mover"]
        follow = None
        if obs["follow_up"] is not None:
            follow = (parse_square(obs["follow_up"]), obs["follow_class"])
        extra: dict[str, Any] = {}
        if obs["timed"]:
            extra = {"scores": tuple(int(2 * p) for p in obs["scores"]),
                     "game_ms": round(obs["clock"]["game_seconds"] * 1000),
                     "turn_ms": round(obs["clock"]["turn_seconds"] * 1000)}
        state = CommandCaptureState.make(
            self, 0, options, tuple(board), civs, phase=phase, to_move=to_move, turn=turn,
            actions_left=obs["actions_left"], follow=follow, acted=obs["acted"],
            result=tuple(obs["winners"]) if over else None,
            done=frozenset((parse_square(q), c) for q, c in obs["done_this_turn"]), **extra)
        if phase == SETUP:
            state.setup_placed = obs["setup"]["placed"]
            state.setup_flipped = frozenset(parse_square(q) for q in obs["setup"]["flipped"])
        state.revealed = frozenset(obs["assassins_revealed"])
        self._cached_view = (obs, state)
        return state
