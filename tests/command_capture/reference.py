"""A deliberately plain second move generator, used only by the tests.

It shares nothing with the engine's generator: no unit table, no rays, no caches. For every unit of
the side to act it tries every square of the board and asks, rule by rule as the rulebook and our
rulings state them, whether that unit may move there, capture there, shoot there or bash there.
Offsets are measured in the unit's own frame: ``fwd`` squares ahead, ``left`` squares to its left.
It returns the set of notation strings; the tests compare it with the engine's legal actions.
"""

from __future__ import annotations

FILES = "ABCDEFGH"
LEG, INF, CAV, CHA, ARC, MAI, SIE, CMD, FOR, ASN = range(10)
FACING_VECTORS = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}


def name(sq: int) -> str:
    return FILES[sq % 8] + str(sq // 8 + 1)


def col_row(sq: int) -> tuple[int, int]:
    return sq % 8, sq // 8


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def in_frame(facing: int, dcol: int, drow: int) -> tuple[int, int]:
    """An offset on the board as (ahead, to the left) for a unit facing ``facing``."""
    fx, fy = FACING_VECTORS[facing]
    lx, ly = -fy, fx  # a quarter turn anticlockwise of forward is left
    return dcol * fx + drow * fy, dcol * lx + drow * ly


def between(a: int, b: int) -> list[int]:
    """The squares strictly between two squares on one straight line (orthogonal or diagonal)."""
    (ac, ar), (bc, br) = col_row(a), col_row(b)
    sc, sr = sign(bc - ac), sign(br - ar)
    out = []
    c, r = ac + sc, ar + sr
    while (c, r) != (bc, br):
        out.append(r * 8 + c)
        c, r = c + sc, r + sr
    return out


def is_line(fwd: int, left: int) -> bool:
    return (fwd == 0) != (left == 0) or (abs(fwd) == abs(left) and fwd != 0)


def distance(fwd: int, left: int) -> int:
    return max(abs(fwd), abs(left))


class Reference:
    """The plain generator for one state of the engine (it reads only the state's plain fields)."""

    def __init__(self, state) -> None:
        self.s = state
        self.board = state.board
        self.o = state.options
        self.civs = state.civs

    # --- facts about units, straight from the text -------------------------------------------------
    def infantry_is_legion(self, owner: int) -> bool:
        civ = self.civs[owner]
        return civ == 0 or (civ == 2 and self.o["viking_infantry"] == "rome")

    def move_facing(self, u) -> int:
        if self.o["directions"] == "owner":
            return 0 if u[0] == 0 else 2
        return u[3]

    def rel(self, u, frm: int, to: int) -> tuple[int, int]:
        (fc, fr), (tc, tr) = col_row(frm), col_row(to)
        return in_frame(self.move_facing(u), tc - fc, tr - fr)

    def clear(self, a: int, b: int) -> bool:
        (ac, ar), (bc, br) = col_row(a), col_row(b)
        if not is_line(bc - ac, br - ar):
            return False
        return all(self.board[s] is None for s in between(a, b))

    def commander_of(self, seat: int):
        for sq, u in enumerate(self.board):
            if u is not None and u[0] == seat and u[1] == CMD:
                return sq, u
        return None, None

    def adjacent(self, a: int, b: int) -> bool:
        (ac, ar), (bc, br) = col_row(a), col_row(b)
        return a != b and abs(ac - bc) <= 1 and abs(ar - br) <= 1

    def blocked_sides(self, u) -> set[str]:
        """The sides each unit state defends, per the unit descriptions."""
        kind, st = u[1], u[2]
        if kind == ASN:
            if st == 2:
                return set()
            kind = LEG if self.infantry_is_legion(u[0]) else INF
        if kind == INF and self.infantry_is_legion(u[0]):
            kind = LEG
        if kind == LEG:
            return {"F"} if st == 0 else {"F", "L", "R"}
        if kind == INF:
            return set() if st == 0 else {"F"}
        if kind in (CAV, CHA):
            return {"FL", "FR"} if st == 0 else set()
        if kind == MAI:
            return {"F", "FL", "FR"} if st == 0 else {"F"}
        return set()

    def attack_side(self, target_sq: int, target, attacker_sq: int) -> str:
        (tc, tr), (ac, ar) = col_row(target_sq), col_row(attacker_sq)
        f, lft = in_frame(target[3], sign(ac - tc), sign(ar - tr))
        return {(1, 0): "F", (1, 1): "FL", (1, -1): "FR", (0, 1): "L", (0, -1): "R",
                (-1, 0): "B", (-1, 1): "BL", (-1, -1): "BR"}[(sign(f), sign(lft))]

    def under_fortify(self, sq: int, u) -> bool:
        if u[1] in (CMD, FOR):
            return False
        csq, cu = self.commander_of(u[0])
        return cu is not None and cu[2] == 1 and self.adjacent(sq, csq)

    def can_be_hit(self, attacker_sq: int, target_sq: int, ranged: bool, siege: bool) -> bool:
        t = self.board[target_sq]
        if t[1] == FOR:
            return t[2] == 0
        if t[1] == CMD and ranged and self.o["ranged_commander"] == "immune":
            return False
        if self.under_fortify(target_sq, t) and not (siege and self.o["siege_vs_fortify"] == "siege"):
            return False
        if siege:
            return True
        # Blocking is against enemies on the touching squares, unless the option stretches it.
        if not self.adjacent(target_sq, attacker_sq) and self.o["block_reach"] == "adjacent":
            return True
        return self.attack_side(target_sq, t, attacker_sq) not in self.blocked_sides(t)

    # --- shapes -------------------------------------------------------------------------------------
    def may_move(self, sq: int, u, to: int) -> bool:
        """May the unit step onto the (empty, or enemy Disabled Fortress) square ``to``?"""
        f, lft = self.rel(u, sq, to)
        kind, st = u[1], u[2]
        if kind == ASN and st != 2:
            kind = LEG if self.infantry_is_legion(u[0]) else INF
        if kind == INF and self.civs[u[0]] == 2 and self.o["viking_infantry"] == "rome":
            kind = LEG
        straight_clear = is_line(f, lft) and self.clear(sq, to)
        any_dir = self.o["plain_step"] == "any"
        if kind == LEG:
            if (f, lft) in ((1, 0), (-1, 0)):
                return True
            if st == 0 and (f, lft) in ((0, 1), (0, -1)):
                return any(self.board[n] is not None and self.board[n][0] == u[0]
                           and (self.board[n][1] in (LEG, INF) or (self.board[n][1] == ASN and self.board[n][2] != 2))
                           for n in range(64) if self.adjacent(n, sq))
            return False
        if kind == INF:
            if st == 0:
                return distance(f, lft) == 1 and (any_dir or f == 0 or lft == 0)
            return lft == 0 and 1 <= abs(f) <= 2 and straight_clear
        if kind == CAV:
            if st == 0:
                return (f == 0) != (lft == 0) and distance(f, lft) <= 2  # may jump: no path check
            return {abs(f), abs(lft)} == {1, 2}
        if kind == CHA:
            if st == 0:
                return (f == 0) != (lft == 0) and distance(f, lft) <= 4 and straight_clear
            return abs(f) == abs(lft) and 1 <= abs(f) <= 2 and straight_clear
        if kind == ARC:
            if st == 1:
                return False
            if self.o["archer_move"] == "orthogonal" and f != 0 and lft != 0:
                return False
            return straight_clear and distance(f, lft) <= 3
        if kind == MAI:
            return st == 1 and abs(f) == abs(lft) and 1 <= abs(f) <= 3 and straight_clear
        if kind == SIE:
            return st == 0 and distance(f, lft) == 1 and (any_dir or f == 0 or lft == 0)
        if kind == CMD:
            return st == 0 and distance(f, lft) == 1
        if kind == ASN:  # revealed
            return distance(f, lft) == 1
        return False

    def may_melee(self, sq: int, u, to: int) -> bool:
        """Does the unit's melee capture shape reach ``to`` (an enemy-held square)?"""
        f, lft = self.rel(u, sq, to)
        kind, st = u[1], u[2]
        if kind == ASN:
            return distance(f, lft) == 1  # hidden or revealed: one square, any way
        if kind == INF and self.civs[u[0]] == 2 and self.o["viking_infantry"] == "rome":
            kind = LEG
        if kind in (LEG, INF):
            return st == 0 and (f, abs(lft)) in ((1, 0), (1, 1))
        if kind in (CAV, CHA):
            if kind == CAV and st == 1:
                return {abs(f), abs(lft)} == {1, 2}
            return st == 0 and f == 0 and 1 <= abs(lft) <= 2 and self.clear(sq, to)
        if kind == ARC:
            return st == 0 and (f, abs(lft)) in ((1, 0), (0, 1))
        if kind == MAI:
            return st == 1 and (f, abs(lft)) == (1, 1)
        if kind == CMD:
            return st == 0 and distance(f, lft) == 1
        return False

    def may_shoot(self, sq: int, u, to: int) -> tuple[bool, bool]:
        """(reaches, is Siege): does the unit's projectile reach ``to``?"""
        f, lft = self.rel(u, sq, to)
        kind, st = u[1], u[2]
        flies = self.o["projectiles"] == "fly-over"
        path = flies or self.clear(sq, to)
        if kind == CHA and st == 1:
            return f in (1, 2) and (lft == 0 or abs(lft) == f) and path, False
        if kind == ARC and st == 1:
            return abs(f) == abs(lft) and 1 <= abs(f) <= 3 and path, False
        if kind == MAI and st == 0:
            return f in (1, 2) and (lft == 0 or abs(lft) == f), False
        if kind == SIE and st == 1:
            return ((lft == 0 and 1 <= f <= 4) or (f == 0 and 1 <= abs(lft) <= 4)), True
        if kind == FOR and st == 0:
            return is_line(f, lft) and distance(f, lft) <= self.o["fortress_range"] and path, False
        return False, False

    def bash_target(self, sq: int, u, to: int) -> bool:
        if not (u[1] == MAI and u[2] == 1):
            return False
        f, lft = self.rel(u, sq, to)
        if not (f >= 1 and abs(lft) == f and f <= self.o["bash_reach"] and self.clear(sq, to)):
            return False
        t = self.board[to]
        return t[1] != FOR and self.can_be_hit(sq, to, ranged=False, siege=False)

    def may_flip(self, sq: int, u) -> bool:
        if u[1] == FOR:
            return u[2] == 0 and self.o["fortress_flip"] and self.s.turn > u[4]
        if u[1] == ASN and u[2] == 2:
            return False
        return self.s.turn > u[4]

    def allowed_after_this_turn(self, text: str) -> bool:
        """What a unit did earlier this turn: turning excludes moving and capturing (both ways round),
        and a Siege never both moves and fires."""
        if text.startswith("turn "):
            sq, kind = text.split()[1], "turn"
        elif text.startswith("flip "):
            return True
        else:
            sq, kind = text[:2], {"-": "move", "x": "melee", "*": "shot", ">": "bash"}[text[2]]
        did = {c for q, c in self.s.done if name(q) == sq}
        if kind == "turn":
            return not did & {"m", "r"}
        if "t" in did:
            return False
        u = self.board[(int(sq[1]) - 1) * 8 + FILES.index(sq[0])]
        if u[1] == SIE:
            if kind == "move" and "r" in did:
                return False
            if kind == "shot" and "m" in did:
                return False
        return True

    # --- the whole list -----------------------------------------------------------------------------
    def unit_actions(self, sq: int, u, classes: str) -> set[str]:
        out: set[str] = set()
        me = u[0]
        if "m" in classes:
            for to in range(64):
                if to == sq:
                    continue
                t = self.board[to]
                if t is None:
                    if self.may_move(sq, u, to):
                        out.add(f"{name(sq)}-{name(to)}")
                    continue
                if t[0] == me:
                    continue
                if t[1] == FOR and t[2] == 1:
                    if self.may_move(sq, u, to) or self.may_melee(sq, u, to):
                        out.add(f"{name(sq)}-{name(to)}")
                    continue
                if self.may_melee(sq, u, to) and self.can_be_hit(sq, to, ranged=False, siege=False):
                    out.add(f"{name(sq)}x{name(to)}")
                reach, siege = self.may_shoot(sq, u, to)
                if reach and self.can_be_hit(sq, to, ranged=True, siege=siege):
                    out.add(f"{name(sq)}*{name(to)}")
                if self.bash_target(sq, u, to):
                    out.add(f"{name(sq)}>{name(to)}")
        if "f" in classes and self.may_flip(sq, u):
            out.add(f"flip {name(sq)}")
        if "t" in classes and u[1] != FOR:
            for facing in range(4):
                if facing != u[3]:
                    out.add(f"turn {name(sq)} {'NESW'[facing]}")
        return out

    def actions(self) -> set[str]:
        s = self.s
        if s.result is not None:
            return set()
        if s.phase == "setup":
            front = range(8, 16) if s.to_move == 0 else range(48, 56)
            if s.options["setup"] == "quick" or not s.setup_placed:
                return {f"assassin {name(q)}" for q in front}
            return ({f"flip {name(q)}" for q in range(64) if self.board[q] is not None
                     and self.board[q][0] == s.to_move and q not in s.setup_flipped} | {"ready"})
        out: set[str] = set()
        if s.actions_left > 0:
            for sq in range(64):
                u = self.board[sq]
                if u is not None and u[0] == s.to_move:
                    out |= self.unit_actions(sq, u, "mft")
        if s.follow is not None:
            fsq, done = s.follow
            if self.o["aura_pairs"] == "any":
                classes = "mft"
            else:
                classes = {"m": "f", "f": "m", "t": ""}[done]
            out |= self.unit_actions(fsq, self.board[fsq], classes)
        out = {a for a in out if self.allowed_after_this_turn(a)}
        if s.acted:
            out.add("end")
        return out


def reference_actions(state) -> set[str]:
    """Every legal action's notation, by the plain generator."""
    return Reference(state).actions()
