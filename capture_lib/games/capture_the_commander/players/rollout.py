"""Fast playouts of a two-player Capture the Commander hand, for the ``counter`` ceiling player.

The engine's states are built to be checked, logged and shown: every ``play`` copies the state,
asks why the action might be illegal and writes the log. A playout needs none of that, and the
``counter`` player (``counter.counter_player``) wants thousands of them a move. So this module plays
the rest of a hand on plain lists: every battle and tie-break as the rules (and the chosen options)
settle them, about four times faster than through the engine. It starts from a *determinized* state
(``mcts`` draws every face-down card from what the searching seat may see), and reads cards nobody
has seen only to settle battles, never to choose a move: both sides choose from the ranks shown.

- the searching seat plays the race policy (``search.attack_values``: the
  attack that best races the Commanders);
- the other seat chooses exactly as the rule-based player does (``rule.GAIN`` and ``LOSS``,
  the same tie-break picks): the counter player is built against that one opponent.

``tests/ai/test_ctc_rollout.py`` plays the same deals and the same choices through this module and
through the engine and checks they agree, battle by battle, under every option.
"""

from __future__ import annotations

import random
from typing import Any

from capture_lib.games.capture_the_commander.players.rule import GAIN, LOSS
from capture_lib.games.capture_the_commander.players.search import (
    _CAPTURE,
    _nearer,
    battle_chance,
    beat_chances,
    best_move,
)
from capture_lib.games.capture_the_commander.rules.layout import COMMANDER, SLOTS, adjacent, attackers, targets

#: Tie-break adjacency by option: slot -> adjacent slots.
_ADJACENT = {both: {s: adjacent(s, both) for s in SLOTS} for both in (True, False)}
#: The rule-based weighing of each slot: what taking it gains and what losing it costs.
_RULE_GAIN = (0.0,) + tuple(GAIN[s] for s in SLOTS)
_RULE_LOSS = (0.0,) + tuple(LOSS[s] for s in SLOTS)
#: A playout's longest run of battles (a hand has at most 25 battles that remove a card).
_MOST_BATTLES = 60


class Hand:
    """A two-player hand in play, as plain lists: ranks by seat and slot, what is shown, who is to attack.

    ``result`` is ``None`` while the hand goes on, then seat 0's share: 1, 0, or 0.5 when drawn.
    """

    __slots__ = ("rank", "shown", "mask", "unseen", "turn", "result", "adjacent", "by_last", "tie_card",
                 "run_out_layout")

    def __init__(self, world: Any) -> None:
        """The hand of ``world`` (a two-player state in the play phase, every card dealt)."""
        revealed = world.revealed
        self.rank = [[c % 13 if c >= 0 else -1 for c in row] for row in world.layouts]
        self.shown = [[c >= 0 and c in revealed for c in row] for row in world.layouts]
        self.mask = list(world.masks)
        unseen = [4] * 13
        for card in revealed:
            unseen[card % 13] -= 1
        self.unseen = unseen
        self.turn = world.turn
        self.result: float | None = None
        options = world.options
        self.adjacent = _ADJACENT[options["adjacency"] == "both-ways"]
        self.by_last = options["tie_anchor"] == "last-card"
        self.tie_card = options["tie_loser"] == "tie-card"
        self.run_out_layout = options["run_out"] == "layout"

    def _show(self, seat: int, slot: int) -> None:
        if not self.shown[seat][slot]:
            self.shown[seat][slot] = True
            self.unseen[self.rank[seat][slot]] -= 1

    def _lose(self, seat: int, slot: int) -> None:
        self.mask[seat] &= ~(1 << slot)
        if slot == COMMANDER:
            self.result = float(seat)  # seat 0 out: 0 for seat 0; seat 1 out: 1

    def pick(self, seat: int, anchor: int, used: set[int], rng: random.Random) -> int | None:
        """``seat``'s tie-break card, as both computer players pick (``None``: no adjacent card is left).

        Its highest shown card if a ten or better, else any card but the Commander.
        """
        mask = self.mask[seat]
        candidates = [s for s in self.adjacent[anchor] if mask >> s & 1 and s not in used]
        if not candidates:
            return None
        ranks, shown = self.rank[seat], self.shown[seat]
        known = [(ranks[s], s) for s in candidates if shown[s]]
        if known:
            best, slot = max(known)
            if best >= 8:
                return slot
        safe = [s for s in candidates if s != COMMANDER]
        return rng.choice(safe or candidates)

    def battle(self, a: int, d: int, rng: random.Random) -> None:
        """The player to act attacks with slot ``a`` the other's slot ``d``; the tie-break, if any, included."""
        me = self.turn
        them = 1 - me
        self.turn = them
        self._show(me, a)
        self._show(them, d)
        ra, rd = self.rank[me][a], self.rank[them][d]
        if ra != rd:
            if ra > rd:
                self._lose(them, d)
            else:
                self._lose(me, a)
            return
        used = ({a}, {d})
        last = [a, d]
        while True:
            anchor_a, anchor_d = (last[0], last[1]) if self.by_last else (a, d)
            pa = self.pick(me, anchor_a, used[0], rng)
            pd = self.pick(them, anchor_d, used[1], rng)
            if pa is None or pd is None:
                self._run_out(me, them, pa is None, pd is None)
                return
            self._show(me, pa)
            self._show(them, pd)
            used[0].add(pa)
            used[1].add(pd)
            last = [pa, pd]
            x, y = self.rank[me][pa], self.rank[them][pd]
            if x != y:
                if x > y:
                    self._lose_tie(them, d, pd)
                else:
                    self._lose_tie(me, a, pa)
                return

    def _lose_tie(self, seat: int, fought: int, tie: int) -> None:
        # A Commander on the losing side is beaten whichever card the tie_loser option removes.
        self._lose(seat, COMMANDER if COMMANDER in (fought, tie) else tie if self.tie_card else fought)

    def _run_out(self, me: int, them: int, me_stuck: bool, them_stuck: bool) -> None:
        if self.run_out_layout:
            left_me, left_them = self.mask[me].bit_count(), self.mask[them].bit_count()
            me_stuck, them_stuck = left_me <= left_them, left_them <= left_me
        self.result = 0.5 if me_stuck and them_stuck else float(me) if me_stuck else float(them)

    def best_attack(self, racing: bool, rng: random.Random) -> tuple[int, int]:
        """The player to act's attack: by the race (``racing``) or by the rule-based weighing."""
        me = self.turn
        them = 1 - me
        beats = beat_chances(self.unseen)
        if racing:
            gains, losses = _nearer(self.mask[them]), _nearer(self.mask[me])
            capture = _CAPTURE
        else:
            gains, losses, capture = _RULE_GAIN, _RULE_LOSS, None
        mine, my_shown = self.rank[me], self.shown[me]
        theirs, their_shown = self.rank[them], self.shown[them]
        best, choice = -1e18, []
        for a in attackers(self.mask[me]):
            loss = capture if capture is not None and a == COMMANDER else losses[a]
            for d in targets(self.mask[them]):
                p = battle_chance(mine[a] if my_shown[a] else None, theirs[d] if their_shown[d] else None, beats)
                gain = capture if capture is not None and d == COMMANDER else gains[d]
                value = p * gain - (1.0 - p) * loss
                if value > best + 1e-9:
                    best, choice = value, [(a, d)]
                elif value > best - 1e-9:
                    choice.append((a, d))
        return rng.choice(choice)

    def play_out(self, seat: int, rng: random.Random) -> float:
        """Play the hand to its end, ``seat`` racing and the other weighing; returns seat 0's share."""
        for _ in range(_MOST_BATTLES):
            if self.result is not None:
                return self.result
            a, d = self.best_attack(self.turn == seat, rng)
            self.battle(a, d, rng)
        return 0.5 if self.result is None else self.result


def rollout(world: Any, seat: int, rng: random.Random) -> list[float] | None:
    """Each seat's result of ``world``'s hand played out fast (see the module), or ``None`` where it cannot.

    A tie-break waiting for picks is first settled through the engine, each side picking as the
    race policy does (``search.best_move``). ``None`` (the search then plays
    on through the engine) for more than two players, and once the hand is over.
    """
    if world.n != 2:
        return None
    while world.phase == "tie":
        world = world.play(best_move(world, rng))
    if world.phase != "play":
        return None
    share = Hand(world).play_out(seat, rng)
    return [2.0 * share - 1.0, 1.0 - 2.0 * share]
