"""The Card Commander game: options, rulings and how a game starts."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from capture_lib.core.cards import Card
from capture_lib.core.protocol import Game
from capture_lib.games.card_commander.rules.actions import COMMANDERS, SEAT_NAMES, parse_action
from capture_lib.games.card_commander.rules.rulings import OPTIONS, RULINGS
from capture_lib.games.card_commander.rules.state import HAND_SIZE, CardCommanderState, sort_key


class CardCommanderGame(Game):
    """Card Commander: two players, three lanes, three rounds, Commander bonuses; win two rounds."""

    slug = "card-commander"
    title = "Card Commander"
    min_players = 2
    max_players = 2
    seat_names = SEAT_NAMES
    commanders = COMMANDERS
    options = OPTIONS
    rulings = RULINGS

    def _initial_state(self, seed: int, options: dict[str, Any]) -> CardCommanderState:
        return CardCommanderState.initial(self, seed, options)

    def setup(self, commanders: tuple[str, str], hands: tuple[Iterable[str], Iterable[str]],
              seed: int = 0, **options: Any) -> CardCommanderState:
        """A game whose Commanders are chosen and whose deal is fixed: the start of a book example.

        ``hands`` are the ten cards each (notation); the deal is played card by card through the
        rules, Blue first, so the result is an ordinary state with an ordinary history.
        """
        blue, red = ([Card.parse(c) if isinstance(c, str) else c for c in h] for h in hands)
        if len(blue) != HAND_SIZE or len(red) != HAND_SIZE:
            raise ValueError(f"each hand has {HAND_SIZE} cards (got {len(blue)} and {len(red)})")
        state = self.new_game(seed=seed, **options)
        state = state.play(f"commander {commanders[0]}").play(f"commander {commanders[1]}")
        for b, r in zip(blue, red, strict=True):
            state = state.play(f"deal {b}").play(f"deal {r}")
        return state

    def sample_state(self, observation: dict[str, Any], seat: int, rng: random.Random) -> CardCommanderState:
        """A complete state that agrees with ``observation`` (what ``seat`` sees), for search.

        The cards ``seat`` has not seen are shuffled with ``rng`` into the opponent's hand, the
        opponent's face-down lane cards and the undealt deck; a secret tie decision of the opponent
        is drawn as well. Used by information-set search, which must never read the true state.
        """
        obs = observation
        if obs.get("seat") != seat:
            raise ValueError(f"the observation is not seat {seat}'s")
        other = 1 - seat
        options = {o.name: o.default for o in self.options}
        options.update(obs.get("options", {}))
        state = CardCommanderState.initial(self, rng.randrange(2**31), options)
        cards = lambda labels: tuple(Card.parse(c) for c in labels)  # noqa: E731 - local shorthand
        seen: set[Card] = set(cards(obs["hands"][seat])) | set(cards(obs["discard"]))
        for lane in obs["lanes"]:
            seen |= {Card.parse(c) for c in lane["cards"] if c not in (None, "?")}
            seen |= {Card.parse(c) for c in lane["extras"] if c is not None}
        unseen = [c for c in state.deck if c not in seen]
        rng.shuffle(unseen)
        hidden_placed = [lane["cards"][other] == "?" for lane in obs["lanes"]]
        opponent_placed = tuple(unseen.pop() for flag in hidden_placed if flag)
        opponent_hand = tuple(unseen.pop() for _ in range(obs["hand_sizes"][other]))
        hands: list[tuple[Card, ...]] = [(), ()]
        hands[seat] = cards(obs["hands"][seat])
        hands[other] = opponent_hand
        placed: list[tuple[Card, ...] | None] = [None, None]
        for owner in (0, 1):
            labels = [lane["cards"][owner] for lane in obs["lanes"]]
            if owner == other and any(hidden_placed):
                placed[owner] = opponent_placed
            elif all(label is not None for label in labels):
                placed[owner] = cards(labels)
        state.phase = obs["phase"]
        state.commanders = tuple(obs["commanders"])
        state.deck = tuple(sorted(unseen, key=sort_key))
        state.hands = (tuple(sorted(hands[0], key=sort_key)),
                       tuple(sorted(hands[1], key=sort_key)))
        state.round = obs["round"]
        state.placed = (placed[0], placed[1])
        state.extras = tuple(tuple(Card.parse(lane["extras"][o]) if lane["extras"][o] else None
                                   for lane in obs["lanes"]) for o in (0, 1))
        state.extra_used = tuple(obs["extra_used"])
        state.lane_winners = tuple(lane["winner"] for lane in obs["lanes"])
        state.lane_how = tuple(lane["how"] for lane in obs["lanes"])
        state.tie_lane = obs["tie_lane"]
        state.score = tuple(obs["score"])
        state.discard = cards(obs["discard"])
        decisions: list[Any] = [None, None]
        for owner, decision in enumerate(obs["decisions"]):
            if decision is None:
                continue
            if decision == "decided":
                # The opponent's secret decision: an extra card from the sampled hand, or a pass.
                may = state.may_add_extra(owner) and state.hands[owner]
                decision = f"extra {rng.choice(state.hands[owner])}" if may and rng.random() < 0.5 else "pass"
            decisions[owner] = parse_action(decision)
        state.decisions = (decisions[0], decisions[1])
        state.rounds = tuple(dict(r) for r in obs["rounds"])
        return state

    def summarize(self, state: CardCommanderState) -> dict[str, Any]:
        """Facts of a finished game for the statistics chapter: Commanders, extra cards, coin-decided rounds."""
        coin_rounds = 0
        extra_lanes: list[dict[str, Any]] = []
        for record in state.rounds:
            winners, hows = record["lane_winners"], record["lane_how"]
            won = winners.count(record["winner"])
            # A coin decided the round if the winner took exactly two lanes, one of them by the coin.
            if won == 2 and any(w == record["winner"] and h == "coin" for w, h in zip(winners, hows, strict=True)):
                coin_rounds += 1
            for lane in range(3):
                for seat in (0, 1):
                    if record["extras"][seat][lane]:
                        extra_lanes.append({"seat": seat, "won_lane": winners[lane] == seat})
        return {"commanders": list(state.commanders), "score": list(state.score), "rounds": len(state.rounds),
                "coin_rounds": coin_rounds, "coin_lanes": sum(r["lane_how"].count("coin") for r in state.rounds),
                "extra_used": list(state.extra_used), "extra_lanes": extra_lanes}
