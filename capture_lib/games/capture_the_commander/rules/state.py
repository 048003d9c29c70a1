"""Capture the Commander's position and rules.

Phases: ``draw`` (chance: the high-card draw for the first dealer), ``cut`` (chance), ``deal``
(chance, one card at a time), ``play`` (the player to act attacks), ``tie`` (the two players in a
tied battle pick adjacent cards, attacker first), ``over``.

Everything is plain immutable data: cards are numbers 0 to 51 (see ``actions``), each layout is a
tuple indexed by slot (index 0 unused, ``EMPTY`` where no card lies) with a bit mask of the slots
still holding a card, which is what coverage is computed from.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from capture_lib.core.chance import CHANCE
from capture_lib.core.protocol import Action, State
from capture_lib.games.capture_the_commander.rules import layout as lay
from capture_lib.games.capture_the_commander.rules.actions import (
    ATTACKS,
    CARD_NAMES,
    DEALS,
    DRAWS,
    MIN_CUT,
    SEAT_NAMES,
    Attack,
    Cut,
    Deal,
    Draw,
    Pick,
    card_words,
    parse_action,
    slot_name,
)

EMPTY = -1
HAND_SIZE = 13
DECK_SIZE = 52
_EMPTY_LAYOUT = (EMPTY,) * 14
_CUTS = tuple(Cut(k) for k in range(MIN_CUT, DECK_SIZE - MIN_CUT + 1))
_FRACTIONS = {k: Fraction(1, k) for k in range(1, DECK_SIZE + 1)}

# A battle in progress is a tuple: attacker, attacker's slot, defender, defender's slot, the slots
# each side has shown (frozensets, the fighting cards included), each side's last shown slot, the
# attacker's pick waiting for the defender's (or None), and the tie-break rounds shown so far as
# (attacker slot, attacker card, defender slot, defender card).
B_ATT, B_ASLOT, B_DEF, B_DSLOT, B_AUSED, B_DUSED, B_ALAST, B_DLAST, B_PENDING, B_ROUNDS = range(10)


def card_name(card: int) -> str:
    """The notation of card number ``card`` (``AS``)."""
    return CARD_NAMES[card]


def rank(card: int) -> int:
    """A card's rank, 0 (two) to 12 (ace); suits do not matter in this game."""
    return card % 13


class CaptureTheCommanderState(State):
    """A Capture the Commander position: the dealer, every layout, the battle in progress, the score."""

    n: int
    phase: str
    dealer: int | None
    drawing: tuple[int, ...]
    draws: tuple[tuple[int, int], ...]
    draw_rounds: tuple[tuple[tuple[int, int], ...], ...]
    cut: int | None
    deck: tuple[int, ...]
    layouts: tuple[tuple[int, ...], ...]
    masks: tuple[int, ...]
    out: tuple[bool, ...]
    out_order: tuple[int, ...]
    turn: int
    battle: tuple | None
    beaten: tuple[int, ...]
    set_aside: tuple[int, ...]
    revealed: frozenset[int]
    battles: tuple[tuple, ...]
    hand: int
    scores: tuple[int, ...]
    hand_results: tuple[tuple[int, ...], ...]
    log: tuple[tuple[str, str, int | None, bool], ...]

    _FIELDS = ("n", "phase", "dealer", "drawing", "draws", "draw_rounds", "cut", "deck", "layouts", "masks",
               "out", "out_order", "turn", "battle", "beaten", "set_aside", "revealed", "battles", "hand",
               "scores", "hand_results", "log")

    # ----- construction ----------
    @classmethod
    def initial(cls, game: Any, seed: int, options: dict[str, Any]) -> CaptureTheCommanderState:
        """The state before the first dealer is chosen (or before the cut, with a fixed first dealer)."""
        s = cls(game, seed, options)
        n = options["players"]
        s.n = n
        s.phase = "draw"
        s.dealer = None
        s.drawing = tuple(range(n))
        s.draws = ()
        s.draw_rounds = ()
        s.cut = None
        s.deck = tuple(range(DECK_SIZE))
        s._clear_hand()
        s.turn = 0
        s.hand = 1
        s.scores = (0,) * n
        s.hand_results = ()
        s.log = ()
        first = options["first_dealer"]
        if first != "draw":
            if first >= n:
                raise ValueError(f"first_dealer {first} is not a seat: with {n} players seats are 0 to {n - 1}")
            s.dealer = first
            s.drawing = ()
            s.phase = "cut"
        return s

    def _clear_hand(self) -> None:
        n = self.n
        self.layouts = (_EMPTY_LAYOUT,) * n
        self.masks = (0,) * n
        self.out = (False,) * n
        self.out_order = ()
        self.battle = None
        self.beaten = ()
        self.set_aside = ()
        self.revealed = frozenset()
        self.battles = ()

    def parse_action(self, text: str) -> Action:
        """Read an action's notation (see ``actions``)."""
        return parse_action(text)

    # ----- names ----------
    @property
    def num_players(self) -> int:
        """How many seats are at the table."""
        return self.n

    @property
    def names(self) -> tuple[str, ...]:
        """The seat names, clockwise from seat 0."""
        return SEAT_NAMES[self.n]

    def letter(self, seat: int) -> str:
        """The notation letter of ``seat``."""
        return SEAT_NAMES[self.n][seat][0]

    def seat_of_letter(self, letter: str) -> int | None:
        """The seat whose name starts with ``letter``, or ``None`` if nobody at this table."""
        for seat, name in enumerate(SEAT_NAMES[self.n]):
            if name[0] == letter:
                return seat
        return None

    # ----- queries used by rules, pictures and tests ----------
    def coverage(self, seat: int, slot: int) -> int:
        """The coverage (``layout.UNCOVERED``, ``PARTIAL`` or ``FULL``) of ``seat``'s card in ``slot``."""
        return lay.coverage(self.masks[seat], slot)

    def cards_left(self, seat: int) -> int:
        """How many cards remain in ``seat``'s layout."""
        return self.masks[seat].bit_count()

    def alive(self) -> tuple[int, ...]:
        """The seats still in this hand."""
        return tuple(s for s in range(self.n) if not self.out[s])

    def tie_candidates(self, seat: int) -> tuple[int, ...]:
        """The slots ``seat`` may show next in the tie-break in progress (empty if none is)."""
        b = self.battle
        if b is None:
            return ()
        if seat == b[B_ATT]:
            return self._candidates(seat, b[B_ALAST] if self._by_last() else b[B_ASLOT], b[B_AUSED])
        if seat == b[B_DEF]:
            return self._candidates(seat, b[B_DLAST] if self._by_last() else b[B_DSLOT], b[B_DUSED])
        return ()

    def _by_last(self) -> bool:
        return self.options["tie_anchor"] == "last-card"

    def _candidates(self, seat: int, anchor: int, used: frozenset[int]) -> tuple[int, ...]:
        mask = self.masks[seat]
        both = self.options["adjacency"] == "both-ways"
        return tuple(s for s in lay.adjacent(anchor, both) if mask >> s & 1 and s not in used)

    def card_at(self, seat: int, slot: int) -> int | None:
        """The card number in ``seat``'s ``slot`` (hidden information: for the engine and teaching view)."""
        card = self.layouts[seat][slot]
        return None if card == EMPTY else card

    def card_text(self, seat: int, slot: int) -> str | None:
        """The notation of the card in ``seat``'s ``slot`` (``QD``), or ``None``: hidden information."""
        card = self.layouts[seat][slot]
        return None if card == EMPTY else card_name(card)

    # ----- whose turn ----------
    def _current_player(self) -> int | None:
        phase = self.phase
        if phase == "play":
            return self.turn
        if phase == "tie":
            b = self.battle
            return b[B_ATT] if b[B_PENDING] is None else b[B_DEF]
        if phase == "over":
            return None
        return CHANCE

    # ----- legal actions ----------
    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "play":
            me = self.turn
            mine = lay.attackers(self.masks[me])
            letter = self.letter(me)
            found: list[Action] = []
            for other in range(self.n):
                if other == me or self.out[other]:
                    continue
                theirs = lay.targets(self.masks[other])
                other_letter = self.letter(other)
                found.extend(ATTACKS[letter, a, other_letter, d] for a in mine for d in theirs)
            return found
        if phase == "tie":
            seat = self._current_player()
            letter = self.letter(seat)
            return [Pick(letter, s) for s in self.tie_candidates(seat)]
        return [a for a, _ in self._chance_outcomes()]

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        phase = self.phase
        if phase == "deal":
            p = _FRACTIONS[len(self.deck)]
            return [(DEALS[c], p) for c in self.deck]
        if phase == "cut":
            p = Fraction(1, len(_CUTS))
            return [(c, p) for c in _CUTS]
        if phase == "draw":
            drawn = {c for _, c in self.draws}
            p = _FRACTIONS[DECK_SIZE - len(drawn)]
            letter = self.letter(self.drawing[len(self.draws)])
            return [(DRAWS[letter, c], p) for c in range(DECK_SIZE) if c not in drawn]
        return []

    def _why_illegal(self, action: Action) -> str | None:
        phase = self.phase
        if isinstance(action, (Draw, Cut, Deal)):
            return self._why_chance_illegal(action)
        if phase in ("draw", "cut", "deal"):
            doing = {"draw": "draw for the first dealer", "cut": "cut the deck", "deal": "deal the cards"}
            return f"chance must act first ({doing[phase]})"
        if isinstance(action, Attack):
            return self._why_attack_illegal(action)
        if isinstance(action, Pick):
            return self._why_pick_illegal(action)
        return f"{action} is not a Capture the Commander action"

    def _why_chance_illegal(self, action: Action) -> str | None:
        if self._current_player() != CHANCE:
            return "only chance draws, cuts and deals, and no chance event is pending"
        if isinstance(action, Draw):
            if self.phase != "draw":
                return "nobody is drawing for the first dealer now"
            drawer = self.drawing[len(self.draws)]
            if action.player != self.letter(drawer):
                return f"{self.names[drawer]} draws next"
            if any(c == action.card for _, c in self.draws):
                return f"{card_name(action.card)} has already been drawn"
            return None
        if isinstance(action, Cut):
            if self.phase != "cut":
                return "the deck is not being cut now"
            if not MIN_CUT <= action.count <= DECK_SIZE - MIN_CUT:
                return f"a cut lifts {MIN_CUT} to {DECK_SIZE - MIN_CUT} cards, leaving at least {MIN_CUT}"
            return None
        if self.phase != "deal":
            return "no card is being dealt now"
        if action.card not in self.deck:
            return f"{card_name(action.card)} has already been dealt"
        return None

    def _seat_named(self, letter: str) -> int | str:
        seat = self.seat_of_letter(letter)
        if seat is None:
            letters = ", ".join(name[0] for name in self.names)
            return f"there is no player {letter} at this table (players: {letters})"
        return seat

    def _why_attack_illegal(self, action: Attack) -> str | None:
        me = self._seat_named(action.attacker)
        if isinstance(me, str):
            return me
        if self.out[me]:
            return f"{self.names[me]} has been eliminated and takes no more turns"
        if self.phase == "tie":
            return "a tie-break is being settled: pick an adjacent card"
        if me != self.turn:
            return f"it is {self.names[self.turn]}'s turn, not {self.names[me]}'s"
        them = self._seat_named(action.defender)
        if isinstance(them, str):
            return them
        if them == me:
            return "a player may not attack their own layout"
        if self.out[them]:
            return f"{self.names[them]} has been eliminated: their cards are out of play"
        a, d = action.attacker_slot, action.defender_slot
        if not self.masks[me] >> a & 1:
            return f"{self.names[me]} has no card in slot {slot_name(a)}"
        if not self.masks[them] >> d & 1:
            return f"{self.names[them]} has no card in slot {slot_name(d)}"
        cov = lay.coverage(self.masks[me], a)
        if cov != lay.UNCOVERED:
            word = "partially" if cov == lay.PARTIAL else "fully"
            return f"{card_words(self.names[me], a)} is {word} covered: only a fully uncovered card may attack"
        if lay.coverage(self.masks[them], d) == lay.FULL:
            return f"{card_words(self.names[them], d)} is fully covered and cannot be attacked"
        return None

    def _why_pick_illegal(self, action: Pick) -> str | None:
        seat = self._seat_named(action.player)
        if isinstance(seat, str):
            return seat
        if self.out[seat]:
            return f"{self.names[seat]} has been eliminated and takes no more part"
        if self.phase != "tie":
            return "no tie-break is being settled: cards are picked only after a tied battle"
        b = self.battle
        if seat not in (b[B_ATT], b[B_DEF]):
            return f"{self.names[seat]} is not in the tied battle"
        to_pick = self._current_player()
        if seat != to_pick:
            return f"it is {self.names[to_pick]}'s turn to pick (the attacker picks first, then the defender)"
        s = action.slot
        if not self.masks[seat] >> s & 1:
            return f"{self.names[seat]} has no card in slot {slot_name(s)}"
        if s not in self.tie_candidates(seat):
            used = b[B_AUSED] if seat == b[B_ATT] else b[B_DUSED]
            if s in used:
                return f"{card_words(self.names[seat], s)} has already been shown in this battle"
            return f"{card_words(self.names[seat], s)} is not adjacent to the card it must be next to"
        return None

    # ----- applying actions ----------
    def _logged(self, full: str, masked: str, owner: int | None, revealed: bool) -> None:
        self.log = self.log + ((full, masked, owner, revealed),)

    def _apply(self, action: Action) -> None:
        kind = type(action)
        if kind is Deal:
            self._apply_deal(action.card)
        elif kind is Attack:
            self._apply_attack(action)
        elif kind is Pick:
            self._apply_pick(action)
        elif kind is Cut:
            self.cut = action.count
            self.phase = "deal"
            self._logged(str(action), str(action), None, True)
        elif kind is Draw:
            self._apply_draw(action)

    def _apply_draw(self, action: Draw) -> None:
        self._logged(str(action), str(action), None, True)
        seat = self.drawing[len(self.draws)]
        self.draws = self.draws + ((seat, action.card),)
        if len(self.draws) < len(self.drawing):
            return
        self.draw_rounds = self.draw_rounds + (self.draws,)
        best = max(rank(c) for _, c in self.draws)
        top = tuple(s for s, c in self.draws if rank(c) == best)
        if len(top) == 1:
            self.dealer = top[0]
            self.drawing = ()
            self.phase = "cut"
        else:
            # Suits do not rank: the tied players put their cards back and draw again.
            self.drawing = top
        self.draws = ()

    def _apply_deal(self, card: int) -> None:
        n = self.n
        dealt = DECK_SIZE - len(self.deck)
        seat = (self.dealer + 1 + dealt) % n
        slot = dealt // n + 1
        deck = self.deck
        i = deck.index(card)
        self.deck = deck[:i] + deck[i + 1:]
        row = list(self.layouts[seat])
        row[slot] = card
        layouts = list(self.layouts)
        layouts[seat] = tuple(row)
        self.layouts = tuple(layouts)
        masks = list(self.masks)
        masks[seat] |= 1 << slot
        self.masks = tuple(masks)
        self._logged(f"deal {card_name(card)}", "deal ?", None, False)
        if dealt + 1 == HAND_SIZE * n:
            self.set_aside = tuple(sorted(self.deck))
            self.deck = ()
            self.phase = "play"
            self.turn = (self.dealer + 1) % n

    def _apply_attack(self, action: Attack) -> None:
        me = self.turn
        them = self.seat_of_letter(action.defender)
        a, d = action.attacker_slot, action.defender_slot
        ca, cd = self.layouts[me][a], self.layouts[them][d]
        self.revealed = self.revealed | {ca, cd}
        self._logged(str(action), str(action), None, True)
        ra, rd = rank(ca), rank(cd)
        if ra != rd:
            loser, slot = (them, d) if ra > rd else (me, a)
            gone = self._beat(loser, slot)
            self._record(me, a, ca, them, d, cd, (), loser, slot, gone)
            self._end_battle(me)
            return
        self.battle = (me, a, them, d, frozenset((a,)), frozenset((d,)), a, d, None, ())
        self._continue_tie()

    def _apply_pick(self, action: Pick) -> None:
        b = self.battle
        seat = self._current_player()
        if b[B_PENDING] is None:
            # The attacker's pick stays secret from the others until the defender has picked too.
            self._logged(str(action), f"pick {action.player}?", seat, False)
            self.battle = b[:B_PENDING] + (action.slot,) + b[B_PENDING + 1:]
            return
        self.log = self.log[:-1] + ((self.log[-1][0], self.log[-1][1], self.log[-1][2], True),)
        self._logged(str(action), str(action), seat, True)
        me, them = b[B_ATT], b[B_DEF]
        fought = (self.layouts[me][b[B_ASLOT]], self.layouts[them][b[B_DSLOT]])
        sa, sd = b[B_PENDING], action.slot
        ca, cd = self.layouts[me][sa], self.layouts[them][sd]
        self.revealed = self.revealed | {ca, cd}
        rounds = b[B_ROUNDS] + ((sa, ca, sd, cd),)
        ra, rd = rank(ca), rank(cd)
        if ra != rd:
            loser = them if ra > rd else me
            fought_slot, tie_slot = (b[B_DSLOT], sd) if loser == them else (b[B_ASLOT], sa)
            slot = fought_slot if self.options["tie_loser"] == "battle-card" else tie_slot
            if lay.COMMANDER in (fought_slot, tie_slot):
                # A Commander on the losing side, as the card that fought or as the tie-break card
                # that lost, is beaten by another card: its player is out whichever card would leave.
                slot = lay.COMMANDER
            gone = self._beat(loser, slot)
            self._record(me, b[B_ASLOT], fought[0], them, b[B_DSLOT], fought[1], rounds, loser, slot, gone)
            self.battle = None
            self._end_battle(me)
            return
        self.battle = (me, b[B_ASLOT], them, b[B_DSLOT], b[B_AUSED] | {sa}, b[B_DUSED] | {sd}, sa, sd, None,
                       rounds)
        self._continue_tie()

    def _continue_tie(self) -> None:
        """After a tie: ask for picks, or settle the battle if either side has no adjacent card left."""
        b = self.battle
        me, them = b[B_ATT], b[B_DEF]
        mine, theirs = self.tie_candidates(me), self.tie_candidates(them)
        if mine and theirs:
            self.phase = "tie"
            return
        fought = (self.layouts[me][b[B_ASLOT]], self.layouts[them][b[B_DSLOT]])
        if self.options["run_out"] == "layout":
            left_me, left_them = self.cards_left(me), self.cards_left(them)
            losers = (me, them) if left_me == left_them else ((me,) if left_me < left_them else (them,))
        else:
            # Whoever has no adjacent card left goes, whatever the layouts hold; both, if both ran out.
            losers = tuple(s for s, c in ((me, mine), (them, theirs)) if not c)
        for seat in losers:
            self._eliminate(seat)
        self._record(me, b[B_ASLOT], fought[0], them, b[B_DSLOT], fought[1], b[B_ROUNDS], None, None, losers)
        self.battle = None
        self._end_battle(me)

    def _beat(self, seat: int, slot: int) -> tuple[int, ...]:
        """Remove ``seat``'s beaten card in ``slot``; a beaten Commander eliminates. Returns who went out."""
        card = self.layouts[seat][slot]
        self.beaten = self.beaten + (card,)
        self._set_layout(seat, slot, EMPTY)
        if slot == lay.COMMANDER:
            self._eliminate(seat)
            return (seat,)
        return ()

    def _set_layout(self, seat: int, slot: int, card: int) -> None:
        row = list(self.layouts[seat])
        row[slot] = card
        layouts = list(self.layouts)
        layouts[seat] = tuple(row)
        self.layouts = tuple(layouts)
        masks = list(self.masks)
        if card == EMPTY:
            masks[seat] &= ~(1 << slot)
        else:
            masks[seat] |= 1 << slot
        self.masks = tuple(masks)

    def _eliminate(self, seat: int) -> None:
        rest = tuple(c for c in self.layouts[seat] if c != EMPTY)
        self.set_aside = tuple(sorted(self.set_aside + rest))
        layouts, masks, out = list(self.layouts), list(self.masks), list(self.out)
        layouts[seat], masks[seat], out[seat] = _EMPTY_LAYOUT, 0, True
        self.layouts, self.masks, self.out = tuple(layouts), tuple(masks), tuple(out)
        self.out_order = self.out_order + (seat,)

    def _record(self, me: int, a: int, ca: int, them: int, d: int, cd: int, rounds: tuple,
                loser: int | None, loser_slot: int | None, gone: tuple[int, ...]) -> None:
        """Keep the public record of a finished battle (every value in it was shown to the table)."""
        self.battles = self.battles + ((me, a, ca, them, d, cd, rounds, loser, loser_slot, gone),)

    def _end_battle(self, attacker: int) -> None:
        self.phase = "play"
        alive = self.alive()
        if len(alive) > 1:
            n = self.n
            nxt = (attacker + 1) % n
            while self.out[nxt]:
                nxt = (nxt + 1) % n
            self.turn = nxt
            return
        self._finish_hand(alive)

    def _finish_hand(self, alive: tuple[int, ...]) -> None:
        if alive:
            winners = alive
            points = 2
        else:
            # Nobody left: the players eliminated together in the last battle share the hand.
            last = self.battles[-1][9]
            winners = tuple(sorted(last))
            points = 1
        scores = list(self.scores)
        for seat in winners:
            scores[seat] += points
        self.scores = tuple(scores)
        self.hand_results = self.hand_results + (winners,)
        if self.hand < self.options["hands"]:
            self.hand += 1
            self.dealer = (self.dealer + 1) % self.n
            self.cut = None
            self.deck = tuple(range(DECK_SIZE))
            self._clear_hand()
            self.phase = "cut"
        else:
            self.phase = "over"

    # ----- results ----------
    def _winners(self) -> tuple[int, ...]:
        best = max(self.scores)
        top = tuple(s for s in range(self.n) if self.scores[s] == best)
        return () if len(top) == self.n else top

    def _end_reason(self) -> str:
        hands = len(self.hand_results)
        played = "the one hand is played" if hands == 1 else f"all {hands} hands are played"
        points = ", ".join(f"{self.names[s]} {self.scores[s]}" for s in range(self.n))
        top = self._winners()
        if not top:
            return f"The game ends when {played}, and every player has the same points ({points})."
        who = " and ".join(self.names[s] for s in top)
        most = "share the most points" if len(top) > 1 else "has the most points"
        return f"The game ends when {played}: {who} {most} ({points})."

    # ----- what a seat may see ----------
    def _shown(self) -> Any:
        """Every card shown in a battle so far (face-down cards are this game's only secrets)."""
        return self.revealed

    def _observation(self, seat: int) -> dict[str, Any]:
        return self.view(seat)

    def view(self, seat: int | None, everything: bool = False) -> dict[str, Any]:
        """What ``seat`` sees; ``seat=None``: what the whole table sees (a spectator).

        ``everything=True`` is the teaching view: it adds every card's value and any secret pick.
        """
        teaching = everything
        names = self.names
        layouts = []
        for owner in range(self.n):
            mask = self.masks[owner]
            table = lay.coverage_table(mask)
            cards = []
            for slot in lay.SLOTS:
                card = self.layouts[owner][slot]
                present = card != EMPTY
                entry: dict[str, Any] = {
                    "slot": slot,
                    "present": present,
                    "coverage": lay.COVERAGE_NAMES[table[slot]] if present else None,
                    # Public memory: a card shown in a battle was seen by everyone.
                    "known": card_name(card) if present and card in self.revealed else None,
                }
                if teaching:
                    entry["card"] = card_name(card) if present else None
                cards.append(entry)
            layouts.append({"seat": owner, "name": names[owner], "letter": names[owner][0],
                            "out": self.out[owner], "cards_left": mask.bit_count(), "cards": cards})
        battle = None
        if self.battle is not None:
            b = self.battle
            pending = b[B_PENDING]
            battle = {
                "attacker": b[B_ATT], "attacker_slot": b[B_ASLOT],
                "defender": b[B_DEF], "defender_slot": b[B_DSLOT],
                "cards": [card_name(self.layouts[b[B_ATT]][b[B_ASLOT]]),
                          card_name(self.layouts[b[B_DEF]][b[B_DSLOT]])],
                "rounds": [[sa, card_name(ca), sd, card_name(cd)] for sa, ca, sd, cd in b[B_ROUNDS]],
                "attacker_picked": pending is not None,
                "attacker_pick": pending if pending is not None and (teaching or seat == b[B_ATT]) else None,
                "candidates": {str(s): list(self.tie_candidates(s)) for s in (b[B_ATT], b[B_DEF])},
            }
        to_act = self._current_player()
        return {
            "game": self.game.slug,
            "seat": seat,
            "players": list(names),
            "phase": self.phase,
            "to_act": to_act,
            "dealer": self.dealer,
            "hand": self.hand,
            "hands": self.options["hands"],
            "scores": list(self.scores),
            "hand_results": [list(w) for w in self.hand_results],
            "drawing": list(self.drawing),
            "draws": [[s, card_name(c)] for s, c in self.draws],
            "draw_rounds": [[[s, card_name(c)] for s, c in r] for r in self.draw_rounds],
            "cut": self.cut,
            "deck_count": len(self.deck),
            "layouts": layouts,
            "eliminated": [s for s in range(self.n) if self.out[s]],
            "battle": battle,
            "battles": [self._battle_view(r) for r in self.battles],
            "beaten": [card_name(c) for c in self.beaten],
            "set_aside_count": len(self.set_aside),
            "log": [full if (teaching or revealed or (owner is not None and owner == seat)) else masked
                    for full, masked, owner, revealed in self.log],
            "legal": [str(a) for a in self.legal_actions()] if to_act is not None and to_act >= 0 and (
                teaching or to_act == seat) else [],
            "options": dict(self.options),
            "over": self.phase == "over",
            "winners": list(self.winners),
            "teaching": teaching,
        }

    def _battle_view(self, r: tuple) -> dict[str, Any]:
        me, a, ca, them, d, cd, rounds, loser, loser_slot, gone = r
        return {
            "attacker": me, "attacker_slot": a, "attacker_card": card_name(ca),
            "defender": them, "defender_slot": d, "defender_card": card_name(cd),
            "rounds": [[sa, card_name(x), sd, card_name(y)] for sa, x, sd, y in rounds],
            "loser": loser, "loser_slot": loser_slot, "eliminated": list(gone),
        }


    def __repr__(self) -> str:
        if self.phase == "over":
            where = "over, " + (", ".join(self.names[s] for s in self.winners) + " won" if self.winners
                                else "drawn")
        else:
            where = f"hand {self.hand}, {self.phase}"
            if self.phase in ("play", "tie"):
                where += f", {self.names[self._current_player()]} to act"
        return f"<capture-the-commander {self.n} players: {where}, {len(self.history)} actions>"
