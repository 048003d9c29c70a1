"""Card Commander's position and rules."""

from __future__ import annotations

import copy
from fractions import Fraction
from itertools import permutations
from typing import Any

from capture_lib.core.cards import Card
from capture_lib.core.chance import CHANCE
from capture_lib.core.protocol import Action, State
from capture_lib.games.card_commander.rules.actions import (
    COMMANDERS,
    LANES,
    SEAT_NAMES,
    ChooseCommander,
    Coin,
    Deal,
    Extra,
    Pass,
    Place,
    parse_action,
)

HAND_SIZE = 10
ROUNDS = 3
CARDS_PER_ROUND = 3

#: Each Commander's bonus: suit -> change to that card's value.
BONUSES: dict[str, dict[str, int]] = {
    "Karl": {"D": +2, "S": -2, "H": 0, "C": 0},
    "Joanne": {"S": +2, "D": -2, "H": 0, "C": 0},
    "Jackson": {"H": +1, "D": +1, "S": -1, "C": -1},
}

#: The face card that stands for each Commander.
COMMANDER_CARDS = {"Karl": Card("K", "D"), "Joanne": Card("Q", "S"), "Jackson": Card("J", "H")}


def card_value(card: Card, commander: str | None) -> int:
    """A card's value in battle: its number plus its owner's Commander bonus."""
    bonus = BONUSES[commander][card.suit] if commander else 0
    return card.pips + bonus


def number_cards(aces: bool) -> tuple[Card, ...]:
    """The cards shuffled for the game, in a fixed order: 2 to 10 of each suit, and the Aces if used."""
    ranks = ("A",) * aces + ("2", "3", "4", "5", "6", "7", "8", "9", "10")
    return tuple(Card(r, s) for s in "SHDC" for r in ranks)


class CardCommanderState(State):
    """A Card Commander position: commanders, hands, lanes, tie decisions and the score.

    Phases: ``commander`` (Blue then Red choose), ``deal`` (chance, 20 cards alternately),
    ``place`` (Blue then Red place three cards face down), ``tie`` (players decide on the extra card
    for the tied lane being settled), ``coin`` (chance), ``over``.
    """

    phase: str
    commanders: tuple[str | None, str | None]
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    round: int
    placed: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    extras: tuple[tuple[Card | None, ...], tuple[Card | None, ...]]
    extra_used: tuple[bool, bool]
    decisions: tuple[object, object]
    lane_winners: tuple[int | None, ...]
    lane_how: tuple[str | None, ...]
    tie_lane: int | None
    score: tuple[int, int]
    discard: tuple[Card, ...]
    rounds: tuple[dict[str, Any], ...]
    log: tuple[tuple[str, str, int | None, bool], ...]

    # ----- construction ----------------------------------------------------------------------------
    @classmethod
    def initial(cls, game: Any, seed: int, options: dict[str, Any]) -> CardCommanderState:
        """The state before the Commanders are chosen."""
        s = cls(game, seed, options)
        s.phase = "commander"
        s.commanders = (None, None)
        s.deck = number_cards(options["aces"])
        s.hands = ((), ())
        s.round = 1
        s.placed = (None, None)
        s.extras = ((None,) * 3, (None,) * 3)
        s.extra_used = (False, False)
        s.decisions = (None, None)
        s.lane_winners = (None, None, None)
        s.lane_how = (None, None, None)
        s.tie_lane = None
        s.score = (0, 0)
        s.discard = ()
        s.rounds = ()
        s.log = ()
        return s

    _FIELDS = ("phase", "commanders", "deck", "hands", "round", "placed", "extras", "extra_used",
               "decisions", "lane_winners", "lane_how", "tie_lane", "score", "discard", "rounds", "log")

    def _key(self) -> tuple:
        # Round records are dicts (they go straight into observations): compare them by their text.
        return tuple(repr(getattr(self, name)) for name in self._FIELDS)

    def parse_action(self, text: str) -> Action:
        """Read an action's notation (see ``actions``)."""
        return parse_action(text)

    # ----- whose turn ---------------------------------------------------------------------------------
    def _current_player(self) -> int | None:
        if self.phase == "commander":
            return 0 if self.commanders[0] is None else 1
        if self.phase in ("deal", "coin"):
            return CHANCE
        if self.phase == "place":
            return 0 if self.placed[0] is None else 1
        if self.phase == "tie":
            return 0 if self.decisions[0] is None else 1
        return None

    def may_add_extra(self, seat: int) -> bool:
        """Whether ``seat`` may still add the extra card: once a game, keeping 3 cards a round to come."""
        rounds_after = ROUNDS - self.round
        return not self.extra_used[seat] and len(self.hands[seat]) - 1 >= CARDS_PER_ROUND * rounds_after

    # ----- legal actions -------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        seat = self._current_player()
        if self.phase == "commander":
            taken = () if self.options["same_commander"] else tuple(c for c in self.commanders if c)
            return [ChooseCommander(name) for name in COMMANDERS if name not in taken]
        if seat == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        if self.phase == "place":
            return [Place(trio) for trio in permutations(self.hands[seat], 3)]
        if self.phase == "tie":
            return [Pass()] + [Extra(card) for card in self.hands[seat]]
        return []

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase == "deal":
            p = Fraction(1, len(self.deck))
            return [(Deal(card), p) for card in self.deck]
        if self.phase == "coin":
            return [(Coin(0), Fraction(1, 2)), (Coin(1), Fraction(1, 2))]
        return []

    def _why_illegal(self, action: Action) -> str | None:
        seat = self._current_player()
        if isinstance(action, (Deal, Coin)):
            if seat != CHANCE:
                return "only chance deals cards and flips the coin, and no chance event is pending"
            if isinstance(action, Deal) and self.phase != "deal":
                return "no card is being dealt now"
            if isinstance(action, Coin) and self.phase != "coin":
                return "no coin is being flipped now"
            if isinstance(action, Deal) and action.card not in self.deck:
                return f"{action.card} is not in the deck (already dealt, or not in play)"
            return None
        if seat == CHANCE:
            return f"chance must act first ({'deal the cards' if self.phase == 'deal' else 'flip the coin'})"
        who = SEAT_NAMES[seat]
        if isinstance(action, ChooseCommander):
            if self.phase != "commander":
                return "Commanders are chosen only at the start of the game"
            if not self.options["same_commander"] and action.name in self.commanders:
                return (f"{action.name} is already taken: there is one of each Commander card "
                        "(unless the table has agreed to share Commanders)")
            return None
        if isinstance(action, Place):
            if self.phase != "place":
                return f"cards are placed at the start of a round, but it is the {self.phase} phase"
            if len(set(action.cards)) != 3:
                return "each lane gets a different card"
            missing = [str(c) for c in action.cards if c not in self.hands[seat]]
            if missing:
                return f"{who} does not hold {', '.join(missing)}"
            return None
        if isinstance(action, (Extra, Pass)):
            if self.phase != "tie":
                return "the extra card may only be added to a tied lane"
            if isinstance(action, Extra):
                if not self.may_add_extra(seat):
                    return (f"{who} may not add an extra card: it is allowed once a game, keeping three "
                            "cards for each round to come")
                if action.card not in self.hands[seat]:
                    return f"{who} does not hold {action.card}"
            return None
        return f"{action} is not a Card Commander action"

    # ----- applying actions ------------------------------------------------------------------------------
    def _logged(self, full: str, masked: str, owner: int | None, revealed: bool) -> None:
        self.log = self.log + ((full, masked, owner, revealed),)

    def _apply(self, action: Action) -> None:
        seat = self._current_player()
        if isinstance(action, ChooseCommander):
            commanders = list(self.commanders)
            commanders[seat] = action.name
            self.commanders = (commanders[0], commanders[1])
            self._logged(str(action), str(action), seat, True)
            if seat == 1:
                self.phase = "deal"
        elif isinstance(action, Deal):
            # Cards go out one at a time, Blue first: the receiver is fixed by how many were dealt.
            receiver = (len(self.hands[0]) + len(self.hands[1])) % 2
            self.deck = tuple(c for c in self.deck if c != action.card)
            hands = list(self.hands)
            hands[receiver] = tuple(sorted(hands[receiver] + (action.card,), key=sort_key))
            self.hands = (hands[0], hands[1])
            self._logged(str(action), "deal ?", receiver, False)
            if len(self.hands[1]) == HAND_SIZE:
                self.phase = "place"
        elif isinstance(action, Place):
            placed = list(self.placed)
            placed[seat] = action.cards
            self.placed = (placed[0], placed[1])
            self.hands = _without(self.hands, seat, action.cards)
            self._logged(str(action), "place ? ? ?", seat, False)
            if seat == 1:
                self._reveal_placements()
                self._settle_lanes()
        elif isinstance(action, (Extra, Pass)):
            decisions = list(self.decisions)
            decisions[seat] = action
            self.decisions = (decisions[0], decisions[1])
            self._logged(str(action), "decide ?", seat, False)
            self._skip_ineligible()
            if self.decisions[1] is not None:
                self._reveal_decisions()
        elif isinstance(action, Coin):
            self._logged(str(action), str(action), None, True)
            self._decide_lane(self.tie_lane, action.seat, "coin")
            self.tie_lane = None
            self._settle_lanes()

    def _reveal_placements(self) -> None:
        self.log = tuple((full, masked, owner, True) if full.startswith("place") else (full, masked, owner, r)
                         for full, masked, owner, r in self.log)

    def lane_value(self, seat: int, lane: int) -> int:
        """The value of ``seat``'s cards in ``lane``: the placed card plus any extra card, with bonuses."""
        commander = self.commanders[seat]
        total = card_value(self.placed[seat][lane], commander)
        extra = self.extras[seat][lane]
        if extra is not None:
            total += card_value(extra, commander if self.options["extra_card_bonus"] else None)
        return total

    def _decide_lane(self, lane: int, winner: int, how: str) -> None:
        winners, hows = list(self.lane_winners), list(self.lane_how)
        winners[lane], hows[lane] = winner, how
        self.lane_winners, self.lane_how = tuple(winners), tuple(hows)

    def _settle_lanes(self) -> None:
        """Decide every lane that can be decided; stop at the first tie that needs players or chance."""
        for lane in range(3):
            if self.lane_winners[lane] is not None:
                continue
            blue, red = self.lane_value(0, lane), self.lane_value(1, lane)
            if blue != red:
                self._decide_lane(lane, 0 if blue > red else 1, "higher")
                continue
            self.tie_lane = lane
            self.decisions = (None, None)
            self.phase = "tie"
            self._skip_ineligible()
            if self.decisions[1] is not None:
                self._reveal_decisions()
            return
        self._finish_round()

    def _skip_ineligible(self) -> None:
        """A player who may not add the extra card has nothing to decide: record a pass for them."""
        decisions = list(self.decisions)
        for seat in (0, 1):
            if decisions[seat] is None and not self.may_add_extra(seat):
                decisions[seat] = Pass()
            if decisions[seat] is None:
                break
        self.decisions = (decisions[0], decisions[1])

    def _reveal_decisions(self) -> None:
        lane = self.tie_lane
        extras = [list(self.extras[0]), list(self.extras[1])]
        used = list(self.extra_used)
        for seat, decision in enumerate(self.decisions):
            if isinstance(decision, Extra):
                extras[seat][lane] = decision.card
                used[seat] = True
                self.hands = _without(self.hands, seat, (decision.card,))
        self.extras = (tuple(extras[0]), tuple(extras[1]))
        self.extra_used = (used[0], used[1])
        self.log = tuple((f, m, o, True) if m == "decide ?" else (f, m, o, r) for f, m, o, r in self.log)
        self.decisions = (None, None)
        blue, red = self.lane_value(0, lane), self.lane_value(1, lane)
        if blue != red:
            self._decide_lane(lane, 0 if blue > red else 1, "extra")
            self.tie_lane = None
            self._settle_lanes()
        else:
            self.phase = "coin"

    def _finish_round(self) -> None:
        lanes_won = [self.lane_winners.count(0), self.lane_winners.count(1)]
        winner = 0 if lanes_won[0] > lanes_won[1] else 1
        score = list(self.score)
        score[winner] += 1
        self.score = (score[0], score[1])
        used_cards = self.placed[0] + self.placed[1] + tuple(
            c for c in self.extras[0] + self.extras[1] if c is not None)
        self.discard = self.discard + used_cards
        self.rounds = self.rounds + ({
            "round": self.round,
            "placed": [[str(c) for c in self.placed[0]], [str(c) for c in self.placed[1]]],
            "extras": [[str(c) if c else None for c in self.extras[0]],
                       [str(c) if c else None for c in self.extras[1]]],
            "values": [[self.lane_value(s, lane) for lane in range(3)] for s in (0, 1)],
            "lane_winners": list(self.lane_winners),
            "lane_how": list(self.lane_how),
            "winner": winner,
        },)
        self.placed = (None, None)
        self.extras = ((None,) * 3, (None,) * 3)
        self.lane_winners = (None, None, None)
        self.lane_how = (None, None, None)
        decided = max(self.score) >= 2 and not self.options["play_all_rounds"]
        if decided or self.round == ROUNDS:
            self.phase = "over"
        else:
            self.round += 1
            self.phase = "place"

    # ----- results -----------------------------------------------------------------------------------------
    def _winners(self) -> tuple[int, ...]:
        return (0,) if self.score[0] > self.score[1] else (1,)

    def _end_reason(self) -> str:
        win = self._winners()[0]
        won, lost = self.score[win], self.score[1 - win]
        if len(self.rounds) < ROUNDS:
            return f"{SEAT_NAMES[win]} has won two rounds, so the third round is not needed."
        return f"All three rounds are played: {SEAT_NAMES[win]} won {won} rounds to {lost}."

    # ----- what a seat may see -----------------------------------------------------------------------------
    def _shown(self) -> Any:
        """Every card placed or added that the table has seen, and the tie decisions it has seen."""
        table = self.view(None)
        cards = [c for lane in table["lanes"] for c in (*lane["cards"], *lane["extras"]) if c not in (None, "?")]
        return (tuple(cards), tuple(table["decisions"]), len(self.rounds))

    def _observation(self, seat: int) -> dict[str, Any]:
        return self.view(seat)

    def view(self, seat: int | None, everything: bool = False) -> dict[str, Any]:
        """What ``seat`` sees; ``seat=None`` sees only what is public, ``everything=True`` every card."""

        def shown(owner: int, visible_to_all: bool) -> bool:
            return everything or visible_to_all or owner == seat

        both_placed = self.placed[1] is not None
        lanes = []
        for lane in range(3):
            entry: dict[str, Any] = {"name": LANES[lane], "cards": [], "extras": [], "values": [None, None],
                                     "winner": self.lane_winners[lane], "how": self.lane_how[lane]}
            for owner in (0, 1):
                placed = self.placed[owner]
                if placed is None:
                    entry["cards"].append(None)
                else:
                    entry["cards"].append(str(placed[lane]) if shown(owner, both_placed) else "?")
                extra = self.extras[owner][lane]
                entry["extras"].append(str(extra) if extra is not None else None)
                if both_placed:
                    entry["values"][owner] = self.lane_value(owner, lane)
            lanes.append(entry)
        decisions = []
        for owner in (0, 1):
            d = self.decisions[owner]
            decisions.append(None if d is None else (str(d) if shown(owner, False) else "decided"))
        hands = [[str(c) for c in self.hands[o]] if shown(o, False) else None for o in (0, 1)]
        hand_values = [[card_value(c, self.commanders[o]) for c in self.hands[o]] if shown(o, False) else None
                       for o in (0, 1)]
        return {
            "game": self.game.slug,
            "seat": seat,
            "options": dict(self.options),
            "everything": everything,
            "players": list(SEAT_NAMES),
            "phase": self.phase,
            "to_act": self._current_player(),
            "round": self.round,
            "score": list(self.score),
            "commanders": list(self.commanders),
            "hands": hands,
            "hand_values": hand_values,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "lanes": lanes,
            "tie_lane": self.tie_lane,
            "decisions": decisions,
            "extra_used": list(self.extra_used),
            "may_add_extra": [self.may_add_extra(o) for o in (0, 1)],
            "rounds": copy.deepcopy(list(self.rounds)),
            "discard": [str(c) for c in self.discard],
            "log": [full if (everything or revealed or owner == seat) else masked
                    for full, masked, owner, revealed in self.log],
            "over": self.phase == "over",
            "winners": list(self.winners),
        }


    def __repr__(self) -> str:
        if self.phase == "over":
            where = f"over, {SEAT_NAMES[self.winners[0]]} wins {self.score[0]}-{self.score[1]}"
        else:
            where = f"round {self.round}, {self.phase}, score {self.score[0]}-{self.score[1]}"
        return f"<card-commander: {where}, {len(self.history)} actions>"


def sort_key(card: Card) -> tuple[int, int]:
    """The order of cards in a hand: by suit (spades, hearts, diamonds, clubs), then by number."""
    return ("SHDC".index(card.suit), card.pips)


def _without(hands: tuple, seat: int, cards: tuple[Card, ...]) -> tuple:
    lst = list(hands)
    lst[seat] = tuple(c for c in lst[seat] if c not in cards)
    return (lst[0], lst[1])
