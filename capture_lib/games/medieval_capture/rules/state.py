"""Capture: A Medieval Wargame's position and rules.

The position is plain immutable data: one location per piece (a space index, or reserve, dead,
prisoner), one location per Crown, hands and deck as counts, and the facts of the turn in progress.
Spaces are indices into ``board.BOARD``; pieces are 0..9 (Blue B1..B10) and 10..19 (Red R1..R10).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from itertools import repeat
from operator import is_
from typing import Any, NamedTuple

from capture_lib.core.chance import CHANCE
from capture_lib.core.protocol import Action, State
from capture_lib.games.medieval_capture.rules.actions import (
    PIECES_PER_SIDE,
    SIDE_NAMES,
    Dice,
    Draw,
    End,
    Kill,
    Land,
    Look,
    Move,
    Place,
    PlayCard,
    Reroll,
    Roll,
    Shoot,
    parse_action,
    piece_name,
)
from capture_lib.games.medieval_capture.rules.board import BOARD, ROCK_KINDS
from capture_lib.games.medieval_capture.rules.catapult import OFF, SPOTS, cached_landing, cached_reach
from capture_lib.games.medieval_capture.rules.trails import (
    ADJ,
    CATHEDRAL,
    DUNGEON_SPACE,
    IS_BOAT,
    IS_DUNGEON,
    KNIGHT_SPACES_FOR,
    NOT_ROCK,
    ROCK,
    TERR,
    TREASURE_FOR,
    TREE_LIMIT,
    made_move,
    quiet_moves,
    reach_mask,
    trail_tree,
)
from capture_lib.games.medieval_capture.rules.treasure import BY_CODE, CODES, card_name, deck_for

RESERVE, DEAD, PRISON = -1, -2, -3
#: A Crown's location: a space index while it lies on the board, CARRY + piece while carried, TAKEN once captured.
CARRY, TAKEN = 1000, -1
NO_SPACE = -1

KIND = BOARD.kind
DUNGEON = BOARD.dungeon
CROWN_HOME = BOARD.crowns[0] + BOARD.crowns[1]  # crowns 0-2 are Blue's, 3-5 Red's
IS_ROCK = tuple(k in ROCK_KINDS for k in KIND)
IS_TREASURE = tuple(k == "treasure" for k in KIND)
IS_KNIGHT_SPACE = tuple(k == "knight" for k in KIND)
NEIGHBOURS = tuple(frozenset(BOARD.neighbours(i)) for i in range(len(KIND)))
PHASES = ("place", "start", "roll", "move", "land", "kill", "draw", "over")


class Chance(Fraction):
    """A probability in a shared chance table: a ``Fraction`` like any other (equal, hashed, printed and
    added alike), whose float is worked out once. Whoever samples an outcome converts every
    probability to float each time (``core.chance.pick_outcome``, the simulator, the bench), and
    ``Fraction``'s own conversion costs several calls: a roll has up to 120 outcomes."""

    __slots__ = ("_float",)

    def __new__(cls, numerator: int, denominator: int) -> Chance:
        """``Fraction(numerator, denominator)``, with its float."""
        self = super().__new__(cls, numerator, denominator)
        self._float = numerator / denominator
        return self

    def __float__(self) -> float:
        return self._float

    def __repr__(self) -> str:
        return f"Fraction({self.numerator}, {self.denominator})"


@cache
def dice_table(black_sides: int) -> tuple[tuple[tuple[Dice, Fraction], ...], frozenset[int]]:
    """Every roll of the white die and a ``black_sides`` black die with its probability, made once and
    shared by all states, with the ids of those outcome objects (to know one handed out by a state)."""
    p = Chance(1, 6 * black_sides)
    outcomes = tuple((Dice(w, b), p) for w in range(1, 7) for b in range(1, black_sides + 1))
    return outcomes, frozenset(id(a) for a, _ in outcomes)


@cache
def landing_table(side: int, spot: int, aim: int, spread: str
                  ) -> tuple[tuple[tuple[Land, Fraction], ...], frozenset[int]]:
    """``cached_landing`` as ``Land`` outcomes made once, with their ids (as ``dice_table``)."""
    outcomes = tuple((Land(s), Chance(p.numerator, p.denominator)) for s, p in cached_landing(side, spot, aim, spread))
    return outcomes, frozenset(id(a) for a, _ in outcomes)


@lru_cache(maxsize=4096)  # a game's decks are few, but a long simulation meets many
def draw_table(deck: tuple[int, ...]) -> tuple[tuple[tuple[Draw, Fraction], ...], frozenset[int]]:
    """The draw from a deck of these counts (one per card code), as ``dice_table``."""
    total = sum(deck)
    outcomes = tuple((Draw(code), Chance(n, total)) for code, n in zip(CODES, deck, strict=True) if n)
    return outcomes, frozenset(id(a) for a, _ in outcomes)


#: The shots each side may fire (from every spot at every rock in enemy territory), made once: a
#: position with a shot lists hundreds of them.
SHOTS = tuple(tuple(Shoot(spot, s) for spot in range(1, SPOTS + 1)
                    for s in range(len(KIND)) if IS_ROCK[s] and TERR[s] == 1 - side) for side in (0, 1))
#: The actions without a choice of piece or space, and looking under or killing each piece, made once.
END, ROLL, REROLL = End(), Roll(), Reroll()
LOOKS = tuple(Look(p) for p in range(2 * PIECES_PER_SIDE))
KILLS = tuple(Kill(p) for p in range(2 * PIECES_PER_SIDE))
#: ``PLACINGS[piece][space]``: placing ``piece`` on ``space``, as a plain piece and as the Knight.
PLACINGS = tuple(tuple((Place(p, s), Place(p, s, True)) for s in range(len(KIND)))
                 for p in range(2 * PIECES_PER_SIDE))


def side_of(piece: int) -> int:
    """0 for a Blue piece, 1 for a Red one."""
    return piece // PIECES_PER_SIDE


def crown_side(crown: int) -> int:
    """The side a Crown belongs to (whose territory it defends)."""
    return crown // 3


_reach = cached_reach


class Config:
    """The options turned into the plain values the rules use, shared by every state of a game."""

    __slots__ = ("black_sides", "river_free", "shot_rolls", "shots_per_roll", "spread", "start_pieces",
                 "recruit_dead", "knight_dead", "knight_spaces", "forced_knight", "forced_treasure",
                 "crowns_to_win", "crown_returns", "players", "catapults_off", "moves_seen")

    #: How many pieces' move lists a game remembers (``moves_seen``) before it starts afresh: the
    #: useful ones are those of the last turns, and a game kept alive keeps them (cleared at its end).
    MOVES_KEPT = 512

    def __init__(self, options: dict[str, Any]) -> None:
        self.black_sides = options["black_die"]
        self.river_free = options["river_distance"] == "free"
        rolls = options["catapult_rolls"]
        self.catapults_off = rolls == "off"
        self.shot_rolls = frozenset() if rolls in ("off", "none") else frozenset(int(n) for n in rolls.split("-"))
        self.shots_per_roll = options["catapult_shots"]
        self.spread = options["catapult_spread"]
        self.start_pieces = (options["blue_pieces"], options["red_pieces"])
        self.recruit_dead = options["killed_return"] in ("recruit", "both")
        self.knight_dead = options["killed_return"] in ("knight-spaces", "both")
        self.knight_spaces = options["knight_spaces"] == "reserves"
        # The text's two suggestions, each on its own: Knight spaces, treasure spaces, or both.
        self.forced_knight = options["forced_stops"] in ("knight-spaces", "both")
        self.forced_treasure = options["forced_stops"] in ("treasure-spaces", "both")
        self.crowns_to_win = options["crowns_to_win"]
        self.crown_returns = options["crown_returns"]
        self.players = options["players"]
        #: The move lists of pieces already searched in this game, by everything the search reads (see
        #: ``MedievalCaptureState._piece_moves``): a piece that nothing near it changed moves as before.
        self.moves_seen: dict[tuple, list[Action]] = {}

    def __getstate__(self) -> dict[str, Any]:
        # A pickled game leaves the remembered moves behind (they are only a shortcut).
        return {name: getattr(self, name) for name in self.__slots__ if name != "moves_seen"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.moves_seen = {}


class SideContext(NamedTuple):
    """What every move of one side needs to know, found once for all its pieces (``_side_context``)."""

    #: The enemy Crowns lying on the board: space -> Crown.
    lying: dict[int, int]
    #: The spaces of the side's own lying Crowns (no move of its ends on one).
    own_lying: set[int]
    #: The side's pieces held in the enemy dungeon (a rescue frees one).
    prisoners: list[int]
    #: The capture card that counts this turn (CAPTURE! or AMBUSH!, not yet spent), if any.
    card: str | None
    #: ``lying`` and ``own_lying`` as bits, for the search's one test of a path's mask.
    lying_mask: int
    own_mask: int
    #: The side's pieces that carry a Crown: piece -> Crown.
    carried: dict[int, int]


class MoveResult:
    """What a legal move does: checked once, then applied or compared with other paths."""

    __slots__ = ("end", "victim", "kill", "free", "drop_crown", "picked", "taken", "draws", "recruits")

    def __init__(self) -> None:
        self.end = NO_SPACE
        self.victim = -1
        self.kill = False
        self.free = -1
        self.drop_crown = -1
        self.picked = -1
        self.taken = -1
        self.draws = 0
        self.recruits = 0

    def key(self) -> tuple:
        """Moves with equal keys have the same result."""
        return (self.end, self.victim, self.kill, self.free, self.drop_crown, self.picked, self.taken,
                self.draws, self.recruits)


class MedievalCaptureState(State):
    """A position of Capture: A Medieval Wargame.

    Phases: ``place`` (set-up, Blue then Red), ``start`` (the optional look and card), ``roll`` (chance:
    the dice), ``move`` (moves and shots, then ``end``), ``land`` (chance: where the boulder lands),
    ``kill`` (the shooter picks the piece that dies), ``draw`` (chance: Treasure Cards), ``over``.
    """

    phase: str
    side: int
    role: int
    loc: tuple[int, ...]
    knight: tuple[int, int]
    crowns: tuple[int, ...]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    dice: tuple[int, int] | None
    moved: frozenset[int]
    waiting: frozenset[int]
    shots: int
    fired: int
    card: str | None
    card_spent: bool
    looked: bool
    reroll_ok: bool
    draws: int
    spot: int
    aim: int
    choices: tuple[int, ...]
    winner: int | None
    turn: int
    log: tuple[tuple[str, str, int], ...]
    cfg: Config

    _FIELDS = ("phase", "side", "role", "loc", "knight", "crowns", "hands", "deck", "discard", "dice", "moved",
               "waiting", "shots", "fired", "card", "card_spent", "looked", "reroll_ok", "draws", "spot", "aim",
               "choices", "winner", "turn")

    # ----- construction ------------------------------------------------------------------------------
    @classmethod
    def initial(cls, game: Any, seed: int, options: dict[str, Any], start: str | None = None
                ) -> MedievalCaptureState:
        """The state before Blue places its first piece."""
        s = cls(game, seed, options, start)
        s.cfg = Config(options)
        s.phase = "place"
        s.side = 0
        s.role = 0
        s.loc = (RESERVE,) * (2 * PIECES_PER_SIDE)
        s.knight = (-1, -1)
        s.crowns = CROWN_HOME
        s.hands = ((), ())
        s.deck = deck_for(options)
        s.discard = (0,) * len(CODES)
        s.dice = None
        s.moved = frozenset()
        s.waiting = frozenset()
        s.shots = 0
        s.fired = 0
        s.card = None
        s.card_spent = False
        s.looked = False
        s.reroll_ok = False
        s.draws = 0
        s.spot = 0
        s.aim = NO_SPACE
        s.choices = ()
        s.winner = None
        s.turn = 0
        s.log = ()
        return s

    def parse_action(self, text: str) -> Action:
        """Read an action's notation (see ``actions``)."""
        return parse_action(text)

    @property
    def num_players(self) -> int:
        """Two seats, or four when two teams of two play."""
        return self.cfg.players

    # ----- small queries ----------------------------------------------------------------------------------
    def seat_for(self, side: int, role: int = 0) -> int:
        """The seat that plays ``side``'s pieces at home (role 0) or abroad (role 1, four players)."""
        return side + 2 * role if self.cfg.players == 4 else side

    def occupant(self, space: int) -> int:
        """The piece on ``space`` (-1 if none; the first of several in the Cathedral)."""
        for p, where in enumerate(self.loc):
            if where == space:
                return p
        return -1

    def _occupancy(self) -> list[int]:
        occ = [-1] * len(KIND)
        for p, where in enumerate(self.loc):
            if where >= 0:
                occ[where] = p
        return occ

    def pieces_of(self, side: int) -> range:
        """The piece numbers of a side."""
        return range(side * PIECES_PER_SIDE, (side + 1) * PIECES_PER_SIDE)

    def crowns_captured(self, side: int) -> int:
        """How many enemy Crowns ``side`` has captured."""
        enemy = 1 - side
        return sum(1 for c in range(3 * enemy, 3 * enemy + 3) if self.crowns[c] == TAKEN)

    def carried_by(self, piece: int) -> int:
        """The Crown ``piece`` carries, or -1."""
        code = CARRY + piece
        for c, where in enumerate(self.crowns):
            if where == code:
                return c
        return -1

    def crown_at(self, space: int) -> int:
        """The Crown lying on ``space`` (not carried), or -1."""
        for c, where in enumerate(self.crowns):
            if where == space:
                return c
        return -1

    def die_for(self, piece: int) -> tuple[int, str]:
        """The most spaces ``piece`` may move this turn and the die that says so."""
        white, black = self.dice or (0, 0)
        if self.card == "horses":
            return max(white, black), "higher"
        terr = TERR[self.loc[piece]]
        if terr == side_of(piece):
            return white, "white"
        if terr == -1:
            return max(white, black), "higher"
        return black, "black"

    def max_moves(self) -> int:
        """How many different pieces may move this turn."""
        return 4 if self.card == "march" else 3

    def recruitable(self, side: int, by_card: bool) -> list[int]:
        """Pieces that a RECRUIT card (``by_card``) or a Knight space may bring in, in order of preference."""
        reserves = [p for p in self.pieces_of(side) if self.loc[p] == RESERVE]
        out = reserves[:1]
        if (self.cfg.recruit_dead if by_card else self.cfg.knight_dead):
            dead = [p for p in self.pieces_of(side) if self.loc[p] == DEAD]
            out += dead if by_card else ([] if out else dead[:1])
        return out

    def prisoners(self, side: int) -> list[int]:
        """``side``'s pieces held in the enemy dungeon."""
        loc = self.loc
        return [p for p in range(side * PIECES_PER_SIDE, (side + 1) * PIECES_PER_SIDE) if loc[p] == PRISON]

    def _mover_role_ok(self, piece: int) -> bool:
        if self.cfg.players != 4:
            return True
        abroad = TERR[self.loc[piece]] == 1 - side_of(piece)
        return abroad == (self.role == 1)

    # ----- whose turn ---------------------------------------------------------------------------------
    def _current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase in ("roll", "land", "draw"):
            return CHANCE
        return self.seat_for(self.side, self.role)

    def _winners(self) -> tuple[int, ...]:
        if self.winner is None:
            return ()
        if self.cfg.players == 4:
            return (self.winner, self.winner + 2)
        return (self.winner,)

    def _end_reason(self) -> str:
        win = self.winner
        if win is None:  # pragma: no cover - every end of this game names a winning side
            return "The game is over."
        crowns = self.crowns_captured(win)
        if crowns >= self.cfg.crowns_to_win:
            return f"{SIDE_NAMES[win]} captured {crowns} of {SIDE_NAMES[1 - win]}'s Crowns."
        return f"{SIDE_NAMES[1 - win]} has no pieces left on the board and no card to bring one back."

    # ----- chance -------------------------------------------------------------------------------------------
    def _chance_table(self) -> tuple[tuple[tuple[Action, Fraction], ...], frozenset[int]]:
        """The pending chance event's outcomes and their ids (see ``dice_table``); empty if none."""
        if self.phase == "roll":
            return dice_table(self.cfg.black_sides)
        if self.phase == "land":
            return landing_table(self.side, self.spot, self.aim, self.cfg.spread)
        if self.phase == "draw":
            return draw_table(self.deck)
        return (), frozenset()

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return list(self._chance_table()[0])

    # ----- legal actions ------------------------------------------------------------------------------------
    def after(self, action: Action) -> MedievalCaptureState:
        """The state after ``action``, one of this state's own legal actions or chance outcomes: ``play``
        without the check that it is legal, for a search that plays only the actions it was given
        (python-chess's ``push`` checks nothing either). Anything else gives a wrong state."""
        new = self._copy()
        new.history = self.history + (action,)
        new._apply(action)
        return new

    def _legal_actions(self) -> list[Action]:
        return self._find_legal()

    def _find_legal(self, plain: bool = False) -> list[Action]:
        """The legal actions; ``plain=True`` searches every move step by step (``_moves_for_plain``),
        remembering nothing: the reference for the tests of the fast path."""
        if self._current_player() == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        side = self.side
        if self.phase == "place":
            return self._placements()
        if self.phase == "start":
            out: list[Action] = []
            if self.role == 0:
                if not self.looked and self.card is None:
                    out += [LOOKS[p] for p in self.pieces_of(side) if self.loc[p] >= 0]
                if self.card is None:
                    out += self._card_plays()
                out.append(ROLL)
            return out
        if self.phase == "kill":
            return [KILLS[p] for p in self.choices]
        if self.phase == "move":
            out = [END]
            if self.reroll_ok and not self.moved and not self.fired and self.role == 0:
                out.append(REROLL)
            if self.shots and self.role == 0:
                out += SHOTS[side]
            if len(self.moved) < self.max_moves():
                out += self._side_moves(side, plain)
            return out
        return []

    def _placements(self) -> list[Action]:
        side = self.side
        placed = sum(1 for p in self.pieces_of(side) if self.loc[p] >= 0)
        piece = side * PIECES_PER_SIDE + placed
        left = self.cfg.start_pieces[side] - placed
        occ = self._occupancy()
        out: list[Action] = []
        placings = PLACINGS[piece]
        for s in range(len(KIND)):
            if IS_ROCK[s] and KIND[s] != "crown" and TERR[s] == side and occ[s] < 0:
                if left > 1 or self.knight[side] >= 0:
                    out.append(placings[s][0])
                if self.knight[side] < 0:
                    out.append(placings[s][1])
        return out

    def _card_plays(self) -> list[Action]:
        side = self.side
        out: list[Action] = []
        for code in sorted(set(self.hands[side])):
            if code == "ransom":
                out += [PlayCard(code, p) for p in self.prisoners(side)]
            elif code == "recruit":
                out += [PlayCard(code, p) for p in self.recruitable(side, by_card=True)]
            elif code == "catapult" and self.cfg.catapults_off:
                continue
            else:
                out.append(PlayCard(code))
        return out

    def _side_context(self, side: int) -> SideContext:
        """What every move of ``side`` needs to know (``SideContext``), found once for all its pieces."""
        enemy = 1 - side
        lying: dict[int, int] = {}
        own_lying = set()
        carried: dict[int, int] = {}
        lying_mask = own_mask = 0
        for c, where in enumerate(self.crowns):
            if 0 <= where < CARRY:
                if c // 3 == enemy:  # crown_side
                    lying.setdefault(where, c)
                    lying_mask |= 1 << where
                else:
                    own_lying.add(where)
                    own_mask |= 1 << where
            elif where >= CARRY and (where - CARRY) // PIECES_PER_SIDE == side:
                carried.setdefault(where - CARRY, c)
        counted_card = self.card if self.card in ("capture", "ambush") and not self.card_spent else None
        return SideContext(lying, own_lying, self.prisoners(side), counted_card, lying_mask, own_mask, carried)

    def _move_context(self, piece: int, common: SideContext | None = None) -> tuple:
        """Facts about ``piece`` that every path it could take needs (computed once per piece);
        ``common`` is its side's ``_side_context`` when the caller has it already."""
        side = side_of(piece)
        c = common or self._side_context(side)
        return (side, 1 - side, c.carried.get(piece, -1), c.lying, c.own_lying, c.prisoners,
                self.knight[side] == piece, c.card)

    def _side_moves(self, side: int, plain: bool = False) -> list[Action]:
        """The moves of every piece ``side`` may still move this turn, piece by piece (``plain``: see
        ``_find_legal``)."""
        occ = self._occupancy()
        loc, moved, waiting = self.loc, self.moved, self.waiting
        movable = [p for p in self.pieces_of(side)
                   if loc[p] >= 0 and p not in moved and p not in waiting and self._mover_role_ok(p)]
        if plain:
            return [move for p in movable for move in self._moves_for_plain(p, occ)]
        common = self._side_context(side)
        held, facts = self._memory_facts(common)
        out: list[Action] = []
        for p in movable:
            out += self._piece_moves(p, occ, common, held, facts)
        return out

    def _memory_facts(self, common: tuple) -> tuple[list[int], tuple]:
        """What a remembered move list is looked up by, beyond the piece (``_memory_key``): the spaces
        held by each side, as bits, and the Crowns with the side's prisoners and capture card
        (``common`` is the side's ``_side_context``)."""
        held = [0, 0]
        for p, where in enumerate(self.loc):
            if where >= 0:
                held[p // PIECES_PER_SIDE] |= 1 << where
        return held, (self.crowns, tuple(common.prisoners), common.card)

    def _memory_key(self, piece: int, held: list[int], facts: tuple) -> tuple:
        """The key of ``piece``'s moves in the game's memory (``Config.moves_seen``): the search reads
        only the pieces on the spaces the die could reach (``reach_mask``), the Crowns, the side's
        prisoners and card, whether the piece is the Knight, and the game's options, so equal keys
        give the same moves."""
        start = self.loc[piece]
        limit, _ = self.die_for(piece)
        side = piece // PIECES_PER_SIDE
        near = reach_mask(start, self.cfg.river_free, limit)
        return piece, start, limit, held[side] & near, held[1 - side] & near, self.knight[side] == piece, facts

    def _piece_moves(self, piece: int, occ: list[int], common: tuple, held: list[int], facts: tuple
                     ) -> list[Action]:
        """``_moves_for``, remembered for the game (see ``_memory_key``)."""
        key = self._memory_key(piece, held, facts)
        seen = self.cfg.moves_seen
        moves = seen.get(key)
        if moves is None:
            if len(seen) >= Config.MOVES_KEPT:
                seen.clear()
            moves = seen[key] = self._moves_for(piece, occ, common, key[2])
        return moves

    def _moves_for(self, piece: int, occ: list[int], common: SideContext | None = None,
                   limit: int | None = None) -> list[Action]:
        """One move for each different result of moving ``piece`` (see the ``move-listing`` ruling).

        The search of ``_moves_for_plain``, read from the start space's ``trails.trail_tree``: the paths,
        their costs and what a quiet move along each earns are known in advance, so the walk only skips
        the paths that a piece blocks or the die does not reach, checks in full only the moves that end
        on an enemy piece or a dungeon or move a Crown, and hands out the moves made along each path
        before (``trails.quiet_moves``).
        ``tests/medieval_capture/test_fast_path.py`` checks that both give the same moves in the same
        order. ``limit``: the piece's die (``die_for``), when the caller has it.
        """
        if limit is None:
            limit = self.die_for(piece)[0]
        if limit > TREE_LIMIT:
            return self._moves_for_plain(piece, occ)
        cfg = self.cfg
        side = piece // PIECES_PER_SIDE
        start = self.loc[piece]
        options = (cfg.river_free, cfg.forced_treasure, cfg.forced_knight, cfg.knight_spaces)
        tree = trail_tree(start, side, *options)
        made = quiet_moves(start, side, *options)
        slot = piece % PIECES_PER_SIDE
        if common is None:
            common = self._side_context(side)
        ctx = self._move_context(piece, common)
        carrying, own_lying, card = ctx[2] >= 0, ctx[4], ctx[7]
        lying_mask, own_mask = common.lying_mask, common.own_mask
        # The ends that need more than the quiet-move check: not a rock, a Crown on the way, any end
        # of a carrier.
        special = -1 if carrying else NOT_ROCK | lying_mask | own_mask
        has_prisoners = bool(ctx[5])
        best: dict[tuple, Move] = {}
        add_endings, crown_endings = self._add_endings, self._crown_endings
        i, n = 0, len(tree)
        while i < n:
            node, least, skip, ends = tree[i]
            # The search goes on from no space a piece stands on (but the mover's own start), nor
            # where the die takes it no further: skip every path through such a space.
            if least > limit or (i and occ[node] >= 0 and node != CATHEDRAL):
                i = skip
                continue
            i += 1
            for nxt, total, path, mask, kind, quiet, last_out, number in ends:
                if total > limit:
                    continue
                if mask & special:
                    if kind == ROCK and occ[nxt] >= 0:
                        if occ[nxt] // PIECES_PER_SIDE != side and (TERR[nxt] == side or card is not None):
                            add_endings(piece, path, bool(mask & lying_mask), occ, ctx, best, made, number + slot)
                        continue
                    if kind == DUNGEON_SPACE:
                        if has_prisoners:  # a rescue
                            add_endings(piece, path, bool(mask & lying_mask), occ, ctx, best, made, number + slot)
                        continue
                    if nxt in own_lying:
                        continue  # a piece may not end its move on its own Crown
                    if carrying or mask & lying_mask:
                        crown_endings(piece, path, mask & lying_mask, ctx, quiet, last_out, best, made,
                                      number + slot)
                        continue
                elif occ[nxt] >= 0:
                    # A move may end on an enemy piece (a capture), never on a piece of its own, and
                    # captures only at home unless a capture card counts (``_outcome`` refuses the rest).
                    if occ[nxt] // PIECES_PER_SIDE != side and (TERR[nxt] == side or card is not None):
                        add_endings(piece, path, False, occ, ctx, best, made, number + slot)
                    continue
                # The common case, a quiet move to a free space: only the rewards on the way differ.
                old = best.get(quiet)
                if old is None or len(old.path) > len(path):
                    move = made.get(number + slot)
                    if move is None:
                        move = made_move(made, number + slot, piece, path, False, False, None, None)
                    best[quiet] = move
        return list(best.values())

    def _crown_endings(self, piece: int, path: tuple[int, ...], touched: int, ctx: tuple,
                       quiet: int, last_out: int, best: dict, made: dict, name: int) -> None:
        """``_add_endings`` for a move to a free space (no capture, no rescue, not onto its own Crown)
        that carries a Crown or passes enemy Crowns (``touched``: the bits of their spaces on ``path``),
        worked out here rather than by ``_outcome`` for each way to end it: the same results, kept in
        the same order. From the path's ``trail_tree`` end: ``quiet``, the quiet key (``quiet_parts``:
        end, draws, recruits), the rewards of the move made without a Crown, and ``last_out``, the last
        index of the path outside the enemy's territory (0 if none).

        The ways, in ``_add_endings``' order: a carrier keeps its Crown (no rewards: it moves with the
        Crown from the start, which is captured if the path leaves the Crown's territory); then,
        dropping the carried Crown if any, the move without a Crown and one taking each enemy Crown on
        the path, in path order (rewards only before the Crown is picked up, none for a forced stop).
        The moves come from ``made`` (``quiet_moves``) by the path's ``name`` there, and are kept there."""
        carrying, lying = ctx[2], ctx[3]
        end, draws, recruits = quiet >> 8, quiet >> 4 & 15, quiet & 15  # quiet_parts, inlined
        length = len(path)
        drop, dropped = False, -1
        if carrying >= 0:  # it keeps the Crown
            key = (end, -1, False, -1, -1, -1, carrying if last_out else -1, 0, 0)
            old = best.get(key)
            if old is None or len(old.path) > length:
                best[key] = made_move(made, name, piece, path, False, False, None, None)
            drop, dropped = True, carrying
        key = (end, -1, False, -1, dropped, -1, -1, draws, recruits)  # it moves without a Crown
        old = best.get(key)
        if old is None or len(old.path) > length:
            best[key] = made_move(made, name, piece, path, False, drop, None, None)
        if not touched:
            return
        if touched & (touched - 1) == 0:  # one Crown on the way (the common case): its space is the bit
            space = touched.bit_length() - 1
            takes = ((path.index(space), space, lying[space]),)
        else:
            takes = sorted((path.index(space), space, crown) for space, crown in lying.items()
                           if touched >> space & 1)
        cfg = self.cfg
        side = ctx[0]
        for at, take, crown in takes:  # it takes a Crown on the way
            # Rewards before the pick-up: none if the whole path earns none. A path never crosses a space
            # twice, so the spaces it shares with a set are counted by their intersection.
            got = len(TREASURE_FOR[side].intersection(path[1:at])) if draws and not cfg.forced_treasure else 0
            recruited = (len(KNIGHT_SPACES_FOR[side].intersection(path[1:at]))
                         if recruits and cfg.knight_spaces and not cfg.forced_knight else 0)
            key = (end, -1, False, -1, dropped, crown, crown if last_out >= max(1, at) else -1, got, recruited)
            old = best.get(key)
            if old is None or len(old.path) > length:
                best[key] = made_move(made, name, piece, path, False, drop, None, take)

    def _moves_for_plain(self, piece: int, occ: list[int]) -> list[Action]:
        """``_moves_for`` searched step by step along the trails: the plain reference that the tree walk
        must agree with, and the search for moves longer than ``TREE_LIMIT``."""
        limit, _ = self.die_for(piece)
        adj = ADJ[self.cfg.river_free]
        ctx = self._move_context(piece)
        side, carrying = ctx[0], ctx[2] >= 0
        best: dict[tuple, Move] = {}

        own_lying, lying = ctx[4], ctx[3]
        treasure = TREASURE_FOR[side]
        knight_spaces = KNIGHT_SPACES_FOR[side] if self.cfg.knight_spaces else frozenset()
        forced_t, forced_k = self.cfg.forced_treasure, self.cfg.forced_knight

        def consider(path: tuple[int, ...], touched: bool, draws: int, recruits: int) -> None:
            end = path[-1]
            if not carrying and not touched and (occ[end] < 0 or end == CATHEDRAL) and not IS_DUNGEON[end]:
                # The common case, a quiet move to a free space: only the rewards on the way differ.
                if end in own_lying:
                    return
                key = (end, (end in treasure) if forced_t else draws, (end in knight_spaces) if forced_k else recruits)
                old = best.get(key)
                if old is None or len(old.path) > len(path):
                    best[key] = Move(piece, path)
                return
            self._add_endings(piece, path, touched, occ, ctx, best)

        # Depth-first over simple paths, carrying the rewards met so far and whether a Crown lies on the way.
        start = self.loc[piece]
        stack = [(start, (start,), 1 << start, 0, start in lying, 0, 0)]
        while stack:
            node, path, seen, cost, touched, draws, recruits = stack.pop()
            for nxt, step in adj[node]:
                if seen >> nxt & 1:
                    continue
                total = cost + step
                if total > limit:
                    continue
                new_path = path + (nxt,)
                now_touched = touched or nxt in lying
                now_draws = draws + (nxt in treasure)
                now_recruits = recruits + (nxt in knight_spaces)
                if IS_DUNGEON[nxt] or (occ[nxt] >= 0 and nxt != CATHEDRAL):
                    # a dungeon or an occupied space can only end a move
                    consider(new_path, now_touched, now_draws, now_recruits)
                    continue
                if not IS_BOAT[nxt]:
                    consider(new_path, now_touched, now_draws, now_recruits)
                stack.append((nxt, new_path, seen | (1 << nxt), total, now_touched, now_draws, now_recruits))
        return list(best.values())

    def _add_endings(self, piece: int, path: tuple[int, ...], touched: bool, occ: list[int], ctx: tuple,
                     best: dict[tuple, Move], made: dict | None = None, name: int = 0) -> None:
        """Keep in ``best`` (result key -> the move with the shortest path) every legal way to end a move on
        ``path`` other than a quiet one: a capture or a kill, a rescue, a Crown carried, dropped or taken.
        ``made``: where the tree search keeps its moves (``quiet_moves``), the path's by ``name``; the
        plain search passes none and makes each move afresh."""
        end = path[-1]
        side, carrying, lying, prisoners = ctx[0], ctx[2] >= 0, ctx[3], ctx[5]
        drops = (False, True) if carrying else (False,)
        if IS_DUNGEON[end]:
            variants = [(False, False, p) for p in prisoners]
        else:
            target = occ[end]
            if target >= 0 and end != CATHEDRAL and side_of(target) != side:
                variants = [(k, d, None) for k in (False, True) for d in drops]
            else:
                variants = [(False, d, None) for d in drops]
        # Each enemy Crown on the way may be taken, or all passed by (the crown-pickup ruling).
        takes = (None,) + tuple(s for s in path if s in lying) if touched else (None,)
        outcome = self._outcome
        for kill, drop, free in variants:
            for take in takes:
                result = outcome(piece, path, kill, drop, free, occ, ctx, take)
                if result.__class__ is str:
                    continue
                key = result.key()
                old = best.get(key)
                if old is None or len(old.path) > len(path):
                    best[key] = (Move.generated(piece, path, kill, drop, free, take) if made is None
                                 else made_move(made, name, piece, path, kill, drop, free, take))

    # ----- checking actions ---------------------------------------------------------------------------------
    def _path_error(self, piece: int, path: tuple[int, ...], occ: list[int]) -> str | None:
        """Why ``path`` is not a path ``piece`` may take this turn (joined, no repeats, die, blocking)."""
        start = path[0]
        if start != self.loc[piece]:
            return f"{piece_name(piece)} stands on {BOARD.ids[self.loc[piece]]}; a path starts where the piece is"
        if len(path) < 2:
            return "a move covers at least one space"
        limit, die = self.die_for(piece)
        adj = ADJ[self.cfg.river_free]
        cost = 0
        seen = {start}
        for a, b in zip(path, path[1:], strict=False):
            if b not in NEIGHBOURS[a]:
                return f"{BOARD.ids[a]} and {BOARD.ids[b]} are not joined by a trail, a dock or water"
            if b in seen:
                return f"a move may not cross the same space twice ({BOARD.ids[b]})"
            seen.add(b)
            cost += next(c for j, c in adj[a] if j == b)
        if cost > limit:
            where = {"white": "in its home territory, so it moves with the white die",
                     "black": "in enemy territory, so it moves with the black die",
                     "higher": "free to use the higher die"}[die]
            return f"{piece_name(piece)} starts the turn {where}: at most {limit} spaces, not {cost}"
        for s in path[1:-1]:
            if IS_DUNGEON[s]:
                return "a dungeon can only be the last space of a rescue, never crossed"
            if occ[s] >= 0 and s != CATHEDRAL:
                return f"a piece may not move over or around another piece ({BOARD.ids[s]} is taken)"
        if IS_BOAT[path[-1]]:
            return "a move may not end on a boat"
        return None

    def _outcome(self, piece: int, path: tuple[int, ...], kill: bool, drop: bool, free: int | None,
                 occ: list[int], ctx: tuple, take: int | None = None) -> MoveResult | str:
        """The result of a path that ``_path_error`` accepts, or the rule its ending breaks."""
        side, enemy, carrying, lying, own_lying, prisoners, is_knight, card = ctx
        end = path[-1]
        res = MoveResult()
        res.end = end
        if drop:
            if carrying < 0:
                return f"{piece_name(piece)} carries no Crown to drop"
            res.drop_crown = carrying
            carrying = -1
        # Where on the path the piece starts moving with a Crown: at once if it carries one (and keeps
        # it), at the taken Crown's space if it takes one, never otherwise.
        with_crown = 0 if carrying >= 0 else len(path)
        if take is not None:
            if carrying >= 0:
                return ("a piece carries one Crown at a time and takes one Crown a move: drop the Crown it "
                        "carries first (drop)")
            if take not in path:
                return f"take names a space of the move's path, and {BOARD.ids[take]} is not on it"
            if take not in lying:
                if take in own_lying:
                    return "players never move their own Crowns"
                return f"no enemy Crown lies on {BOARD.ids[take]} to take"
            with_crown = path.index(take)
            carrying = res.picked = lying[take]
        carried_any = carrying >= 0
        target = occ[end] if end != CATHEDRAL else -1
        capture_end = target >= 0 and side_of(target) == enemy
        if carrying >= 0:
            for s in path[max(1, with_crown):]:
                if TERR[s] != enemy:
                    res.taken = carrying  # the Crown left its home territory: captured on this step
                    break
        if IS_DUNGEON[end]:
            if end != DUNGEON[enemy]:
                return "nobody may enter their own dungeon"
            if carried_any:
                return "a piece moving with a Crown can do nothing else: no rescue"
            if free is None or free not in prisoners:
                names = " ".join(piece_name(p) for p in prisoners) or "none"
                return f"a rescue must name one of your prisoners in that dungeon (free PIECE); prisoners: {names}"
            res.free = free
        elif free is not None:
            return "free names a prisoner, and only a move onto the enemy dungeon frees one"
        if target >= 0 and not capture_end:
            return f"{BOARD.ids[end]} already holds your piece {piece_name(target)}"
        if capture_end:
            if carried_any:
                return "a piece moving with a Crown can do nothing else: no capture"
            if TERR[end] == side:
                if kill and not is_knight:
                    return "only the Knight kills the pieces it captures at home"
            elif card == "capture":
                if kill and not is_knight:
                    return "only the Knight kills the pieces it captures, even with CAPTURE!"
            elif card == "ambush":
                if not kill:
                    return "AMBUSH! kills the enemy piece: write the move with kill"
            else:
                return ("a piece may not move onto an enemy piece in enemy territory: captures happen only "
                        "at home (unless a CAPTURE! or AMBUSH! card allows one)")
            res.victim = target
            res.kill = kill
        elif kill:
            return "kill needs an enemy piece to capture on the last space"
        elif end in own_lying:
            return "a piece may not end its move on its own Crown"
        # Rewards come from the spaces crossed before the piece moves with a Crown, none after; a forced
        # stop counts only the last space, so nothing for a move that ends with a Crown.
        free_steps = path[1:with_crown]
        stop = () if carried_any else (end,)
        res.draws = sum(1 for s in (stop if self.cfg.forced_treasure else free_steps) if s in TREASURE_FOR[side])
        if self.cfg.knight_spaces:
            res.recruits = sum(1 for s in (stop if self.cfg.forced_knight else free_steps)
                               if s in KNIGHT_SPACES_FOR[side])
        return res

    def _check_path(self, piece: int, path: tuple[int, ...], kill: bool, drop: bool, free: int | None,
                    occ: list[int], take: int | None = None) -> MoveResult | str:
        """The result of moving ``piece`` along ``path``, or the rule that forbids it."""
        why = self._path_error(piece, path, occ)
        if why is not None:
            return why
        return self._outcome(piece, path, kill, drop, free, occ, self._move_context(piece), take)

    def _why_illegal(self, action: Action) -> str | None:
        seat = self._current_player()
        if isinstance(action, (Dice, Land, Draw)):
            if seat != CHANCE:
                return "that is a chance event, and none is pending"
            outcomes, ids = self._chance_table()
            if id(action) in ids:  # one of the outcome objects this state hands out
                return None
            if not any(action == outcome for outcome, _ in outcomes):
                what = {"roll": "the dice", "land": "the boulder", "draw": "the draw"}[self.phase]
                return f"{action} is not a possible outcome of {what} now"
            return None
        if seat == CHANCE:
            what = {"roll": "roll the dice", "land": "land the boulder", "draw": "draw the card"}[self.phase]
            return f"chance must act first ({what})"
        side = self.side
        who = SIDE_NAMES[side]
        if isinstance(action, Place):
            if self.phase != "place":
                return "pieces are placed only at the start of the game"
            return self._why_place(action)
        if isinstance(action, (Look, PlayCard, Roll)):
            if self.phase != "start":
                return "looking, playing a card and rolling happen at the start of a turn, before any move"
            if self.role != 0:
                return "the home partner looks, plays the card and rolls"
            if isinstance(action, Roll):
                return None
            if isinstance(action, Look):
                if self.looked:
                    return "only one look a turn"
                if self.card is not None:
                    return "the look comes before the Treasure Card"
                if side_of(action.piece) != side or self.loc[action.piece] < 0:
                    return f"{who} may look only under one of their own pieces on the board"
                return None
            return self._why_card(action)
        if isinstance(action, Kill):
            if self.phase != "kill":
                return "kill chooses a piece knocked over by a boulder, and no choice is pending"
            if action.piece not in self.choices:
                return "choose one of " + " ".join(piece_name(p) for p in self.choices)
            return None
        if self.phase != "move":
            if self.phase == "place":
                return "the game has not started: pieces are still being placed"
            if self.phase == "kill":
                return "first choose which knocked-over piece dies (kill PIECE)"
            return "roll the dice first"
        if isinstance(action, End):
            return None
        if isinstance(action, Reroll):
            if not self.reroll_ok:
                return "rolling again needs a REROLL card played this turn"
            if self.moved or self.fired:
                return "the roll may be repeated only before any move or shot"
            return None
        if isinstance(action, Shoot):
            if self.role != 0:
                return "the home partner fires the catapult"
            if not self.shots:
                return "no catapult shot this turn (the white die gives one on " + \
                    (", ".join(str(n) for n in sorted(self.cfg.shot_rolls)) or "no number") + ")"
            if not 1 <= action.spot <= SPOTS:
                return f"the catapult fires from one of the spots 1 to {SPOTS} behind your own back edge"
            if not (0 <= action.aim < len(KIND) and IS_ROCK[action.aim] and TERR[action.aim] == 1 - side):
                return "the catapult aims at a rock in enemy territory"
            return None
        if isinstance(action, Move):
            return self._why_move(action)
        return f"{action} is not a Capture action"

    def _why_place(self, action: Place) -> str | None:
        side = self.side
        placed = sum(1 for p in self.pieces_of(side) if self.loc[p] >= 0)
        piece = side * PIECES_PER_SIDE + placed
        if action.piece != piece:
            return f"{SIDE_NAMES[side]} places {piece_name(piece)} next"
        s = action.space
        if TERR[s] != side or not IS_ROCK[s]:
            return f"pieces start on a rock of their own ({SIDE_NAMES[side].lower()}) territory"
        if KIND[s] == "crown":
            return "a piece may not start on its own Crown"
        if self.occupant(s) >= 0:
            return f"{BOARD.ids[s]} already holds a piece"
        if action.knight and self.knight[side] >= 0:
            return "the Knight is already placed"
        if not action.knight and self.knight[side] < 0 and placed + 1 == self.cfg.start_pieces[side]:
            return "the last piece placed must be the Knight, since none has been placed yet"
        return None

    def _why_card(self, action: PlayCard) -> str | None:
        side = self.side
        code = action.card
        if self.card is not None:
            return "only one Treasure Card a turn"
        if code not in self.hands[side]:
            return f"{SIDE_NAMES[side]} holds no {card_name(code)} card"
        if BY_CODE[code].names_piece:
            if action.piece is None:
                return f"{card_name(code)} names the piece it brings (play {card_name(code)} PIECE)"
            if code == "ransom" and action.piece not in self.prisoners(side):
                return f"{piece_name(action.piece)} is not one of your prisoners in the enemy dungeon"
            if code == "recruit" and action.piece not in self.recruitable(side, by_card=True):
                allowed = " ".join(piece_name(p) for p in self.recruitable(side, by_card=True)) or "none"
                return f"RECRUIT brings a reserve (lowest number first) or, by option, a killed piece: {allowed}"
        elif action.piece is not None:
            return f"{card_name(code)} names no piece"
        if code == "catapult" and self.cfg.catapults_off:
            return "catapults are off in this game"
        return None

    def _why_move(self, action: Move) -> str | None:
        piece = action.piece
        side = self.side
        if side_of(piece) != side:
            return f"{piece_name(piece)} is not {SIDE_NAMES[side]}'s piece"
        if self.loc[piece] < 0:
            where = {RESERVE: "in reserve", DEAD: "dead", PRISON: "a prisoner"}[self.loc[piece]]
            return f"{piece_name(piece)} is {where}, not on the board"
        if piece in self.moved:
            return f"{piece_name(piece)} has already moved this turn: each move is a different piece"
        if len(self.moved) >= self.max_moves():
            return f"a turn moves at most {self.max_moves()} different pieces"
        if piece in self.waiting:
            return f"{piece_name(piece)} arrived in the Cathedral this turn and moves from the next turn"
        if not self._mover_role_ok(piece):
            return ("with four players the home partner moves pieces at home and in the Cathedral, the "
                    "abroad partner pieces in enemy territory")
        # A move object listed for this piece in this very position (the game remembers its list by
        # everything the list depends on) needs no path check again; an equal move made elsewhere,
        # or read from its notation, is checked in full.
        held, facts = self._memory_facts(self._side_context(side))
        listed = self.cfg.moves_seen.get(self._memory_key(piece, held, facts))
        if listed is not None and any(map(is_, listed, repeat(action))):
            return None
        result = self._check_path(piece, action.path, action.kill, action.drop, action.free, self._occupancy(),
                                  action.take)
        return result if isinstance(result, str) else None

    # ----- applying actions ---------------------------------------------------------------------------------
    def _logged(self, full: str, public: str | None = None, side: int | None = None) -> None:
        self.log = self.log + ((full, public if public is not None else full,
                                self.side if side is None else side),)

    def _apply(self, action: Action) -> None:
        if isinstance(action, Place):
            self._apply_place(action)
        elif isinstance(action, Look):
            self.looked = True
            self._logged(str(action), action.public())
        elif isinstance(action, PlayCard):
            self._apply_card(action)
        elif isinstance(action, Roll):
            self.phase = "roll"
            self._logged("roll")
        elif isinstance(action, Reroll):
            self.reroll_ok = False
            self.dice = None  # the second roll replaces the first, shots and all
            self.shots = 0
            self.phase = "roll"
            self._logged("reroll")
        elif isinstance(action, Dice):
            self.dice = (action.white, action.black)
            self.shots = (self.cfg.shots_per_roll if action.white in self.cfg.shot_rolls else 0) \
                + (1 if self.card == "catapult" else 0)
            self.phase = "move"
            self._logged(str(action))
        elif isinstance(action, Move):
            self._apply_move(action)
        elif isinstance(action, Shoot):
            self.shots -= 1
            self.fired += 1
            self.spot = action.spot
            self.aim = action.aim
            self.phase = "land"
            self._logged(str(action))
        elif isinstance(action, Land):
            self._apply_landing(action)
        elif isinstance(action, Kill):
            loc = list(self.loc)
            crowns = list(self.crowns)
            self._remove(action.piece, DEAD, loc, crowns)
            self.loc, self.crowns = tuple(loc), tuple(crowns)
            self.choices = ()
            self.phase = "move"
            self._logged(str(action))
        elif isinstance(action, Draw):
            self._apply_draw(action)
        elif isinstance(action, End):
            self._logged("end")
            if self.cfg.players == 4 and self.role == 0:
                self.role = 1
            else:
                self._next_turn()

    def _apply_place(self, action: Place) -> None:
        side = self.side
        loc = list(self.loc)
        loc[action.piece] = action.space
        self.loc = tuple(loc)
        if action.knight:
            knights = list(self.knight)
            knights[side] = action.piece
            self.knight = (knights[0], knights[1])
        self._logged(str(action), action.public())
        placed = sum(1 for p in self.pieces_of(side) if self.loc[p] >= 0)
        if placed == self.cfg.start_pieces[side]:
            if side == 0:
                self.side = 1
            else:
                self.side = 0
                self.phase = "start"
                self.turn = 1

    def _apply_card(self, action: PlayCard) -> None:
        side = self.side
        hand = list(self.hands[side])
        hand.remove(action.card)
        hands = list(self.hands)
        hands[side] = tuple(hand)
        self.hands = (hands[0], hands[1])
        self.card = action.card
        self.card_spent = False
        if action.card == "reroll":
            self.reroll_ok = True
        if action.piece is not None:  # RANSOM and RECRUIT bring the piece to the Cathedral at once
            loc = list(self.loc)
            loc[action.piece] = CATHEDRAL
            self.loc = tuple(loc)
            self.waiting = self.waiting | {action.piece}
        self._logged(str(action))

    def _remove(self, piece: int, where: int, loc: list[int], crowns: list[int]) -> None:
        """Send ``piece`` to the enemy dungeon or kill it; a Crown it carried stays (or goes home)."""
        code = CARRY + piece
        for c, at in enumerate(crowns):
            if at == code:
                crowns[c] = CROWN_HOME[c] if self.cfg.crown_returns else loc[piece]
        loc[piece] = where

    def _apply_move(self, action: Move) -> None:
        piece = action.piece
        side = self.side
        occ = self._occupancy()
        # The path was checked before (``_why_move``, or it came from ``legal_actions``): only its result is needed.
        res = self._outcome(piece, action.path, action.kill, action.drop, action.free, occ,
                            self._move_context(piece), action.take)
        assert not isinstance(res, str)
        loc = list(self.loc)
        crowns = list(self.crowns)
        if res.drop_crown >= 0:
            crowns[res.drop_crown] = action.path[0]
        if res.picked >= 0:
            crowns[res.picked] = CARRY + piece
        if res.taken >= 0:
            crowns[res.taken] = TAKEN
        waiting = set(self.waiting)
        if res.victim >= 0:
            self._remove(res.victim, DEAD if res.kill else PRISON, loc, crowns)
            if TERR[res.end] != side:
                self.card_spent = True
        if res.free >= 0:
            loc[res.free] = CATHEDRAL
            loc[piece] = CATHEDRAL
            waiting |= {piece, res.free}
        else:
            loc[piece] = res.end
        self.loc = tuple(loc)
        for _ in range(res.recruits):
            options = self.recruitable(side, by_card=False)
            if not options:
                break
            loc[options[0]] = CATHEDRAL
            waiting.add(options[0])
            self.loc = tuple(loc)
        self.crowns = tuple(crowns)
        self.waiting = frozenset(waiting)
        self.moved = self.moved | {piece}
        self._logged(str(action))
        if self.crowns_captured(side) >= self.cfg.crowns_to_win:
            self.winner = side
            self.phase = "over"
            self.cfg.moves_seen.clear()  # a finished game searches no more: its remembered moves can go
            self._logged(f"{SIDE_NAMES[side]} wins with {self.crowns_captured(side)} Crowns", side=side)
            return
        self.draws += res.draws
        self._next_draw()

    def _next_draw(self) -> None:
        """Go to the draw phase if a card is owed, reshuffling the discard pile when the deck is empty."""
        if self.draws and not sum(self.deck):
            if not sum(self.discard):
                self.draws = 0  # every card is in a hand: nothing to draw
            else:
                self.deck, self.discard = self.discard, (0,) * len(CODES)
                self._logged("reshuffle")
        self.phase = "draw" if self.draws else "move"

    def _apply_draw(self, action: Draw) -> None:
        side = self.side
        i = CODES.index(action.card)
        deck = list(self.deck)
        deck[i] -= 1
        self.deck = tuple(deck)
        hands = list(self.hands)
        hands[side] = tuple(sorted(hands[side] + (action.card,)))
        self.hands = (hands[0], hands[1])
        self.draws -= 1
        self._logged(str(action), action.public())
        self._next_draw()

    def _apply_landing(self, action: Land) -> None:
        side = self.side
        hit = _reach(action.space)
        knocked = [p for p, where in enumerate(self.loc) if where in hit]
        self.aim = NO_SPACE
        self.spot = 0
        self.phase = "move"
        note = ""
        if action.space == OFF:
            note = "the boulder flies off the board"
        elif not knocked:
            note = "nothing falls"
        elif any(TERR[self.loc[p]] == side for p in knocked):
            note = "a piece in the shooter's home territory was hit: every piece is stood up again"
        else:
            enemy = [p for p in knocked if side_of(p) != side]
            friends = [p for p in knocked if side_of(p) == side]
            victims = enemy if len(enemy) > len(friends) else friends
            if len(victims) == 1:
                loc = list(self.loc)
                crowns = list(self.crowns)
                self._remove(victims[0], DEAD, loc, crowns)
                self.loc, self.crowns = tuple(loc), tuple(crowns)
                note = f"{piece_name(victims[0])} is killed"
            else:
                self.choices = tuple(victims)
                self.phase = "kill"
                note = "the shooter chooses who dies among " + " ".join(piece_name(p) for p in victims)
        self._logged(f"{action} ({note})")

    def _next_turn(self) -> None:
        if self.card is not None:
            discard = list(self.discard)
            discard[CODES.index(self.card)] += 1
            self.discard = tuple(discard)
        self.side = 1 - self.side
        self.role = 0
        self.phase = "start"
        self.dice = None
        self.moved = frozenset()
        self.waiting = frozenset()
        self.shots = 0
        self.fired = 0
        self.card = None
        self.card_spent = False
        self.looked = False
        self.reroll_ok = False
        self.turn += 1
        if not self.can_continue(self.side):
            self.winner = 1 - self.side
            self.phase = "over"
            self.cfg.moves_seen.clear()  # a finished game searches no more: its remembered moves can go
            self._logged(f"{SIDE_NAMES[self.side]} has no piece on the board and no way back: "
                         f"{SIDE_NAMES[self.winner]} wins", side=self.winner)

    def can_continue(self, side: int) -> bool:
        """Whether ``side`` has a piece on the board or a card that can bring one back."""
        if any(self.loc[p] >= 0 for p in self.pieces_of(side)):
            return True
        hand = self.hands[side]
        if "recruit" in hand and self.recruitable(side, by_card=True):
            return True
        return "ransom" in hand and bool(self.prisoners(side))

    # ----- what a seat may see ------------------------------------------------------------------------
    def _observation(self, seat: int) -> dict[str, Any]:
        return self.view(seat)

    def _shown(self) -> Any:
        """What was hidden and has been shown: the Treasure Cards played (the discard pile and the card in
        play) and every kill, which shows the killer to be a Knight or an AMBUSH! to have been held."""
        kills = sum(1 for full, _public, _side in self.log if full.endswith(" kill") or " kill " in full)
        return (tuple(self.discard), self.card, kills)

    def view(self, seat: int | None, everything: bool = False) -> dict[str, Any]:
        """What ``seat`` sees (``observation``); ``everything=True`` is the teaching view that shows both
        Knights and both hands, for the book's pictures."""
        viewer = -1 if seat is None else seat % 2
        sees = {side: everything or side == viewer for side in (0, 1)}
        names = {RESERVE: "reserve", DEAD: "dead", PRISON: "prisoner"}
        pieces = []
        for p, where in enumerate(self.loc):
            entry: dict[str, Any] = {
                "id": piece_name(p), "side": SIDE_NAMES[side_of(p)].lower(),
                "where": BOARD.ids[where] if where >= 0 else names[where],
                "moved": p in self.moved, "waiting": p in self.waiting,
            }
            if sees[side_of(p)]:
                entry["knight"] = self.knight[side_of(p)] == p
            pieces.append(entry)
        crowns = []
        for c, where in enumerate(self.crowns):
            entry = {"side": SIDE_NAMES[crown_side(c)].lower(), "home": BOARD.ids[CROWN_HOME[c]]}
            if where == TAKEN:
                entry["where"] = "captured"
            elif where >= CARRY:
                entry["where"] = BOARD.ids[self.loc[where - CARRY]]
                entry["carried_by"] = piece_name(where - CARRY)
            else:
                entry["where"] = BOARD.ids[where]
            crowns.append(entry)
        return {
            "game": "medieval-capture",
            "viewer": seat,
            "viewer_side": SIDE_NAMES[viewer].lower() if viewer >= 0 else None,
            "everything": everything,
            "players": list(SIDE_NAMES),
            "phase": self.phase,
            "turn": self.turn,
            "to_play": self._current_player(),
            "side": SIDE_NAMES[self.side].lower(),
            "role": ("home", "abroad")[self.role],
            "pieces": pieces,
            "crowns": crowns,
            "crowns_captured": [self.crowns_captured(0), self.crowns_captured(1)],
            "crowns_to_win": self.cfg.crowns_to_win,
            "dice": None if self.dice is None else {"white": self.dice[0], "black": self.dice[1]},
            "moves_left": max(0, self.max_moves() - len(self.moved)) if self.phase != "place" else None,
            "shots": self.shots,
            "card": None if self.card is None else card_name(self.card),
            "hand": [card_name(c) for c in self.hands[viewer]] if viewer >= 0 else [],
            "hands": [[card_name(c) for c in self.hands[side]] if sees[side] else None for side in (0, 1)],
            "hand_sizes": [len(self.hands[0]), len(self.hands[1])],
            "deck": sum(self.deck),
            "discard": {card_name(c): n for c, n in zip(CODES, self.discard, strict=True) if n},
            "fired": self.fired, "draws": self.draws, "card_spent": self.card_spent, "looked": self.looked,
            "reroll": self.reroll_ok, "options": dict(self.options),
            "aim": BOARD.ids[self.aim] if self.aim >= 0 else None,
            "spot": self.spot or None,
            "choices": [piece_name(p) for p in self.choices],
            "over": self.phase == "over",
            "winners": list(self.winners),
            "log": [full if sees[side] else public for full, public, side in self.log],
        }


    def __repr__(self) -> str:
        if self.phase == "over":
            where = f"over, {SIDE_NAMES[self.winner]} wins" if self.winner is not None else "over"
        else:
            where = f"turn {self.turn}, {SIDE_NAMES[self.side]} {self.phase}"
        return (f"<medieval-capture: {where}, Crowns {self.crowns_captured(0)}-{self.crowns_captured(1)}, "
                f"{len(self.history)} actions>")
