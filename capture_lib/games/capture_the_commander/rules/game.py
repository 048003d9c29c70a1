"""The Capture the Commander game: options, rulings, how a game starts, and positions from text."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from capture_lib.core.protocol import Game
from capture_lib.games.capture_the_commander.rules import layout as lay
from capture_lib.games.capture_the_commander.rules import position
from capture_lib.games.capture_the_commander.rules.actions import CARD_NAMES, SEAT_NAMES, Attack, Pick, card_number
from capture_lib.games.capture_the_commander.rules.rulings import OPTIONS, RULINGS
from capture_lib.games.capture_the_commander.rules.state import EMPTY, HAND_SIZE, CaptureTheCommanderState


class CaptureTheCommanderGame(Game):
    """Capture the Commander: 2 to 4 face-down layouts; capture every other player's Commander."""

    slug = "capture-the-commander"
    title = "Capture the Commander"
    min_players = 2
    max_players = 4
    options = OPTIONS
    rulings = RULINGS
    #: The seat names of the default (two-player) table; ``names_for`` gives any table's, ``state.names``
    #: a state's.
    seat_names = SEAT_NAMES[2]

    def names_for(self, players: int) -> tuple[str, ...]:
        """The seat names, clockwise from seat 0, for ``players`` players."""
        if players not in SEAT_NAMES:
            raise ValueError(f"Capture the Commander is for 2 to 4 players, not {players!r}")
        return SEAT_NAMES[players]

    def _initial_state(self, seed: int, options: dict[str, Any]) -> CaptureTheCommanderState:
        return CaptureTheCommanderState.initial(self, seed, options)

    def from_position(self, text: str, /, seed: int = 0, **options: Any) -> CaptureTheCommanderState:
        """A state read from position text (see ``position``); the number of players comes from it."""
        return position.read(self, text, seed, options)

    def deal(self, layouts: Sequence[Sequence[str]], dealer: int = 0, cut: int = 26, seed: int = 0,
             **options: Any) -> CaptureTheCommanderState:
        """A game whose first deal is fixed: ``layouts[seat]`` are that seat's cards for slots 1 to 13.

        The cut and every card are played as chance outcomes through the rules (the dealer is fixed
        with the ``first_dealer`` option), so the result has an ordinary history and replays exactly.
        """
        players = len(layouts)
        options = {**options, "players": players, "first_dealer": dealer}
        state = self.new_game(seed=seed, **options)
        cards = [[card_number(c) if isinstance(c, str) else c for c in row] for row in layouts]
        if any(len(row) != HAND_SIZE for row in cards):
            raise ValueError(f"each layout has {HAND_SIZE} cards, for slots 1 to 13")
        state = state.play(f"cut {cut}")
        for k in range(HAND_SIZE * players):
            seat = (dealer + 1 + k) % players
            state = state.play(f"deal {CARD_NAMES[cards[seat][k // players]]}")
        return state

    def summarize(self, state: CaptureTheCommanderState) -> dict[str, Any]:
        """Facts of a finished game for the statistics chapter: who attacked first, turns, ties, scores."""
        attacks = [a for a in state.history if isinstance(a, Attack)]
        return {"players": state.n, "first_player": state.seat_of_letter(attacks[0].attacker) if attacks else None,
                "turns": len(attacks), "picks": sum(isinstance(a, Pick) for a in state.history),
                "scores": list(state.scores), "hand_results": [list(w) for w in state.hand_results]}

    def sample_state(self, observation: dict[str, Any], seat: int, rng: random.Random
                     ) -> CaptureTheCommanderState:
        """A complete state that agrees with ``observation`` (what ``seat`` sees), for search.

        Every face-down card nobody has seen is drawn with ``rng`` from the cards not seen in play;
        the rest of them are the undealt deck or the cards set aside. A tie-break pick that ``seat``
        was not shown is drawn from the picker's adjacent cards. The true state is never read, so a
        search built on this cannot peek at hidden cards.
        """
        obs = observation
        if obs.get("seat") != seat:
            raise ValueError(f"the observation is not seat {seat}'s")
        n = len(obs["players"])
        options = {o.name: o.default for o in self.options}
        options.update(obs.get("options", {}))
        options["players"] = n
        state = CaptureTheCommanderState.initial(self, rng.randrange(2**31), {**options, "first_dealer": "draw"})
        state.options = options
        known: set[int] = {card_number(c) for c in obs["beaten"]}
        for entry in obs["layouts"]:
            known |= {card_number(c["known"]) for c in entry["cards"] if c["known"]}
        pool = [c for c in range(52) if c not in known]
        rng.shuffle(pool)
        layouts = []
        for entry in obs["layouts"]:
            row = [EMPTY] * 14
            for c in entry["cards"]:
                if c["present"]:
                    row[c["slot"]] = card_number(c["known"]) if c["known"] else pool.pop()
            layouts.append(tuple(row))
        state.layouts = tuple(layouts)
        state.masks = tuple(lay.mask_of(s for s in lay.SLOTS if row[s] != EMPTY) for row in layouts)
        state.out = tuple(entry["out"] for entry in obs["layouts"])
        state.phase = obs["phase"]
        state.dealer = obs["dealer"]
        state.drawing = tuple(obs["drawing"])
        state.draws = tuple((s, card_number(c)) for s, c in obs["draws"])
        state.draw_rounds = tuple(tuple((s, card_number(c)) for s, c in r) for r in obs["draw_rounds"])
        state.cut = obs["cut"]
        if state.phase == "deal":
            state.deck, state.set_aside = tuple(sorted(pool)), ()
        elif state.phase in ("draw", "cut"):
            state.deck, state.set_aside = tuple(range(52)), ()
        else:
            state.deck, state.set_aside = (), tuple(sorted(pool))
        state.beaten = tuple(card_number(c) for c in obs["beaten"])
        state.revealed = frozenset(known)
        state.hand = obs["hand"]
        state.scores = tuple(obs["scores"])
        state.hand_results = tuple(tuple(w) for w in obs["hand_results"])
        state.out_order = tuple(obs["eliminated"])
        state.battles = tuple(
            (b["attacker"], b["attacker_slot"], card_number(b["attacker_card"]), b["defender"],
             b["defender_slot"], card_number(b["defender_card"]),
             tuple((sa, card_number(x), sd, card_number(y)) for sa, x, sd, y in b["rounds"]),
             b["loser"], b["loser_slot"], tuple(b["eliminated"]))
            for b in obs["battles"])
        if state.phase in ("play", "tie") and obs["to_act"] is not None:
            state.turn = obs["to_act"]
        state.battle = None
        if obs["battle"] is not None:
            state.battle = self._sampled_battle(state, obs["battle"], rng)
            state.turn = obs["battle"]["attacker"]
        # The log as this seat saw it: a search replays from here and never shows it to anyone.
        state.log = tuple((entry, entry, None, True) for entry in obs["log"])
        return state

    @staticmethod
    def _sampled_battle(state: CaptureTheCommanderState, b: dict[str, Any], rng: random.Random) -> tuple:
        me, them = b["attacker"], b["defender"]
        rounds = tuple((sa, card_number(x), sd, card_number(y)) for sa, x, sd, y in b["rounds"])
        a_used = frozenset({b["attacker_slot"]} | {r[0] for r in rounds})
        d_used = frozenset({b["defender_slot"]} | {r[2] for r in rounds})
        a_last = rounds[-1][0] if rounds else b["attacker_slot"]
        d_last = rounds[-1][2] if rounds else b["defender_slot"]
        battle = (me, b["attacker_slot"], them, b["defender_slot"], a_used, d_used, a_last, d_last, None, rounds)
        if b["attacker_picked"]:
            pick = b["attacker_pick"]
            if pick is None:
                state.battle = battle
                pick = rng.choice(state.tie_candidates(me))
            battle = battle[:8] + (pick,) + battle[9:]
        return battle
