"""How a browser test plays each game's live board. Add a game's play page by adding its driver here.

A driver finds the first live board of a play page, reads its status line, readies the next legal
move by clicking (returning the button whose click sends it to Python), and names a move that the
player cannot make now.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: The ranks and suits of a full deck, in notation: enough to find cards that a hand does not hold.
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
SUIT_LETTERS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}


def card_notation(text: str) -> str:
    """``7♥`` (as the board shows a card) to ``7H`` (as the notation writes it)."""
    text = text.strip().split()[0]
    return text[:-1] + SUIT_LETTERS.get(text[-1], text[-1])


@dataclass(frozen=True)
class CardCommanderDriver:
    """Plays Card Commander's board (its scene, ``capture_lib/games/card_commander/scene.py``, drawn by the
    shared renderer) as the player at seat 0: Blue's hand is at the bottom, its cards the spaces
    ``Blue's hand, card N``, the lanes' cards ``Blue's card in the left lane`` and so on."""

    slug: str = "card-commander"
    status_selector: str = ".cap-status"
    over_text: str = "Game over"

    def board(self, page):
        """The first live board of the page (the game against the computer)."""
        return page.locator(".capture-board.cap-game-card-commander").first

    def status(self, board) -> str:
        """The board's status line (the first: whose turn and what they do)."""
        return board.locator(f"{self.status_selector} strong").inner_text()

    def hand(self, board) -> list[str]:
        """The cards of Blue's hand, in notation, in the order the board draws them."""
        faces = board.locator("[data-area='hand 0'] .cap-face")
        return [card_notation(face.inner_text()) for face in faces.all()]

    def snapshot(self, board) -> dict:
        """What a move is checked against: the status line and Blue's hand."""
        return {"status": self.status(board), "hand": self.hand(board)}

    def drawing(self, board) -> str:
        """The drawn table (the hands and the lanes, without the message line and the controls)."""
        return board.locator(".cap-stage").inner_html()

    def check_applied(self, board, before: dict) -> None:
        """The move readied by ``ready_move`` from position ``before`` shows on the board."""
        assert self.status(board) != before["status"] or self.hand(board) != before["hand"]
        if "chooses a Commander" in before["status"]:
            assert board.locator(".cap-panel.cap-seat0 .cap-chip").count() == 1, "Blue's Commander is not shown"
        elif "places three cards" in before["status"]:
            # The lanes (this round's, or its result once the round is over) show Blue's three cards,
            # left to right: the first three cards of the hand.
            lanes = [f"[data-space=\"Blue's card in the {lane} lane\"] .cap-face" for lane in ("left", "middle",
                                                                                                "right")]
            placed = [card_notation(board.locator(lane).inner_text()) for lane in lanes]
            assert placed == before["hand"][:3], f"the lanes show {placed}, not {before['hand'][:3]}"

    def ready_move(self, board):
        """Click what a move needs before it is sent; return the button that sends it."""
        status = self.status(board)
        actions = board.locator(".cap-actions")
        if "chooses a Commander" in status:
            return actions.get_by_role("button").first
        if "places three cards" in status:
            for i in (1, 2, 3):  # the first three cards of the hand fill the left, middle and right lanes
                board.locator(f"[data-space=\"Blue's hand, card {i}\"]").click()
            return actions.get_by_role("button", name="place face down")
        if "decides on the extra card" in status:
            return actions.get_by_role("button", name="pass")
        raise AssertionError(f"no move to make on a board whose status is {status!r}")

    def illegal_move(self, board) -> str:
        """``place`` with three cards that Blue does not hold (the board shows Blue's hand)."""
        held = set(self.hand(board))
        assert held, "Blue's hand is not shown"
        missing = [f"{rank}{suit}" for suit in SUITS for rank in RANKS if f"{rank}{suit}" not in held]
        return "place " + " ".join(missing[:3])


@dataclass(frozen=True)
class CaptureTheCommanderDriver:
    """Plays Capture the Commander's board (``capture_lib/games/capture_the_commander/board.js``) as seat 0.

    The play page's first board is a two-player game against the computer: North (you, layout ``N``)
    against South (layout ``S``).
    """

    slug: str = "capture-the-commander"
    status_selector: str = ".ctc-status"
    over_text: str = "Game over"

    def board(self, page):
        """The first live board of the page (the game against the computer)."""
        return page.locator(".capture-board").filter(has=page.locator(".ctc-board")).first

    def status(self, board) -> str:
        """The board's status line."""
        return board.locator(self.status_selector).inner_text()

    def snapshot(self, board) -> dict:
        """What a move is checked against: the status line and every card's label (coverage, what was seen)."""
        cards = board.locator(".ctc-layout .ctc-card")
        return {"status": self.status(board), "cards": [card.get_attribute("aria-label") or "" for card in cards.all()]}

    def drawing(self, board) -> str:
        """The drawn table (without the message line and the controls)."""
        return board.locator(".ctc-board").inner_html()

    def check_applied(self, board, before: dict) -> None:
        """The attack or pick shows: a battle is reported and the table changed."""
        import time

        assert board.locator(".ctc-battle").count() == 1, "no battle is shown after the move"
        # The message line may already say "played ..." from the computer's last move, so the new
        # cards can still be on their way when this is called: give them the time a move may take.
        deadline = time.monotonic() + 10
        while self.snapshot(board)["cards"] == before["cards"] and time.monotonic() < deadline:
            time.sleep(0.1)
        assert self.snapshot(board)["cards"] != before["cards"], "no card changed after the move"

    def ready_move(self, board):
        """Click an attacker of North's, return the first target it may attack (or the first card to pick)."""
        status = self.status(board)
        if "attacks" in status:
            board.locator(".ctc-layout.ctc-seat0 button.ctc-clickable").first.click()
            return board.locator(".ctc-layout:not(.ctc-seat0) button.ctc-clickable").first
        if "picks a card" in status:
            return board.locator(".ctc-layout button.ctc-clickable").first
        raise AssertionError(f"no move to make on a board whose status is {status!r}")

    def illegal_move(self, board) -> str:
        """An attack by North's Commander: only a fully uncovered card may attack, and early in the game
        other cards lie on the Commander (during a tie no attack is allowed at all)."""
        commander = board.locator(".ctc-layout.ctc-seat0 .ctc-card[aria-label*='card 13 (Commander)']")
        assert "fully uncovered" not in (commander.get_attribute("aria-label") or "fully uncovered")
        return "N13xS13"




def texts(locator) -> list[str]:
    """The text of every element ``locator`` matches, read in one call (hidden ones included)."""
    return locator.evaluate_all("els => els.map((e) => e.textContent)")


def log_lines(board) -> list[str]:
    """The board's move log (the chrome every board shares), one line an action, oldest first."""
    return texts(board.locator(".cap-log ol li code"))


def wait_for_played(board, played) -> None:
    """Wait until the message line says ``played`` (a string or a pattern): the board's values reach
    the page one by one, the message last, so the board's buttons then match the new position."""
    from playwright.sync_api import expect

    if isinstance(played, str):  # the last move of a game adds why it ended (State.end_reason)
        played = re.compile(rf"^{re.escape(played)}(\. Game over: .+)?$")
    expect(board.locator(".cap-message")).to_have_text(played, timeout=10_000)


@dataclass(frozen=True)
class ChoosingClick:
    """A click on the board that sends a move, or first asks which of several moves ending there is meant.

    ``click`` answers such a question with its first choice (the question is drawn in the page at
    once, with no round trip to the kernel); the bench answers it in the page the same way.
    """

    button: object
    choices: object

    def click(self) -> None:
        """Click, then the first choice if the board asks which move."""
        self.button.click()
        if self.choices.count():
            self.choices.first.click()

    def element_handle(self):
        """The clicked element, for the bench."""
        return self.button.element_handle()


#: Reads every square of Command Capture's grid: its notation, its label (with the actions a click
#: makes), its unit's label and whether it is marked as the selected unit or as a target.
CMC_SQUARES = """els => els.map((e) => {
  const unit = e.querySelector('.cmc-unit');
  return { square: e.getAttribute('aria-label').slice(0, 2), label: e.getAttribute('aria-label'),
           unit: unit ? unit.getAttribute('aria-label') : '', selected: e.classList.contains('cmc-selected'),
           target: [...e.classList].some((c) => c.startsWith('cmc-target-')) };
})"""


@dataclass(frozen=True)
class CommandCaptureDriver:
    """Plays Command Capture's board (``capture_lib/games/command_capture/board.js``) as Blue (seat 0).

    Blue plays a short, reckless game: its Commander marches forward whenever it can (the computer
    takes a Commander that comes within reach, which ends the game); otherwise the unit in front of
    it steps aside, or Blue ends the turn. Moves are made as a player would: click a unit, then one of
    the squares marked for it.
    """

    slug: str = "command-capture"
    status_selector: str = ".cmc-status"
    over_text: str = "Game over"
    choice_prefix: str = ""
    #: What the reason for refusing ``illegal_move`` says (a pattern); the play page opens on the set-up.
    refusal: str = r"belongs to Red|during the set-up only"
    #: The action that ``ready_move`` readied last (``check_applied`` looks for it in the move log).
    readied: dict = field(default_factory=dict, compare=False, hash=False)

    def board(self, page):
        """The first live board of the page (the game against the computer)."""
        return page.locator(".capture-board").filter(has=page.locator(".cmc-board")).first

    def status(self, board) -> str:
        """The board's status line."""
        return board.locator(self.status_selector).inner_text()

    def squares(self, board) -> dict[str, dict]:
        """Every square of the grid by its notation (``A1``..``H8``), as ``CMC_SQUARES`` reads it."""
        return {sq["square"]: sq for sq in board.locator(".cmc-grid button.cmc-square").evaluate_all(CMC_SQUARES)}

    def snapshot(self, board) -> dict:
        """What a move is checked against: the status line, every unit by square, and the move log."""
        units = {sq: info["unit"] for sq, info in self.squares(board).items() if info["unit"]}
        return {"status": self.status(board), "units": units, "log": log_lines(board)}

    def drawing(self, board) -> str:
        """The drawn board (status, grid, buttons), without the message line and the controls."""
        return board.locator(".cmc-board").inner_html()

    def check_applied(self, board, before: dict) -> None:
        """The readied action is in the move log and the board changed; a move shows the unit moved."""
        action = self.readied["action"]
        wait_for_played(board, f"played {action}")
        after = self.snapshot(board)
        added = after["log"][len(before["log"]):]
        assert action in added, f"{action!r} is not in the log's new lines {added}"
        assert after != before
        if "-" in action and added[-1] == action:  # nobody moved since: the unit stands on its new square
            start, end = action.split("-")
            kind = " ".join(before["units"][start].split(",")[0].split()[:2])  # "Blue Commander"
            assert after["units"].get(end, "").startswith(kind), f"{kind} is not on {end}: {after['units']}"
            assert start not in after["units"]

    def square(self, board, square: str):
        """The grid's button of ``square``."""
        return board.locator(f".cmc-grid button.cmc-square[aria-label^='{square}']")

    def select(self, board, square: str) -> list[dict]:
        """Click the unit on ``square`` (unless it is selected already); return the squares marked for it."""
        if not self.squares(board)[square]["selected"]:
            self.square(board, square).click()
        return [info for info in self.squares(board).values() if info["target"]]

    def ready(self, board, target: dict):
        """Remember the one action that a click on ``target`` makes; return its button."""
        self.readied["action"] = target["label"].split(": ", 1)[1]
        return self.square(board, target["square"])

    def ready_move(self, board):
        """Click what a move needs before it is sent; return the button that sends it."""
        status = self.status(board)
        if "Set-up" in status:
            # The chosen set-up: hide the Assassin on the first marked front-row square, then ready.
            spots = sorted(sq for sq, info in self.squares(board).items() if info["target"])
            if spots:
                self.readied["action"] = f"assassin {spots[0]}"
                return self.square(board, spots[0])
            self.readied["action"] = "ready"
            return board.locator(".cmc-actions").get_by_role("button", name="ready")
        if self.over_text in status or "to act" not in status:
            raise AssertionError(f"no move to make on a board whose status is {status!r}")
        squares = self.squares(board)
        commander = next(sq for sq, info in squares.items() if info["unit"].startswith("Blue Commander"))
        # One action a click: a square where several actions end would ask which one first.
        single = [t for t in self.select(board, commander) if " or " not in t["label"]]
        if single:
            return self.ready(board, max(single, key=lambda t: int(t["square"][1])))
        end = board.locator(".cmc-actions").get_by_role("button", name="end turn")
        if end.count():
            self.readied["action"] = "end"
            return end
        # The Commander is hemmed in: the unit in front of it (then any other of Blue's) moves first.
        front = commander[0] + str(int(commander[1]) + 1)
        others = sorted((sq for sq, info in squares.items() if info["unit"].startswith("Blue ")),
                        key=lambda sq: (sq != front, sq))
        for square in others:
            moves = [t for t in self.select(board, square) if " or " not in t["label"] and "-" in t["label"]]
            if moves:
                return self.ready(board, moves[0])
        raise AssertionError(f"no unit of Blue's can move: {status!r}")

    def illegal_move(self, board) -> str:
        """A step of one of Red's units to the empty square in front of it (``E7-E6``) while Blue is to act."""
        units = {sq: info["unit"] for sq, info in self.squares(board).items() if info["unit"]}
        steps = [f"{sq}-{sq[0]}{int(sq[1]) - 1}" for sq, unit in sorted(units.items())
                 if unit.startswith("Red ") and sq[1] != "1" and f"{sq[0]}{int(sq[1]) - 1}" not in units]
        assert steps, f"no Red unit with an empty square in front of it: {units}"
        return steps[0]


#: The spaces of Medieval Capture's map lit for the next click: the gold rings drawn over the map
#: (``mcMap``), matched by their centre to the invisible hit areas that carry the spaces' names.
MC_LIT = """svg => {
  const at = (c) => `${c.getAttribute('cx')},${c.getAttribute('cy')}`;
  const hits = new Map([...svg.querySelectorAll('.mc-hit')].map((c) => [at(c), c.getAttribute('data-space')]));
  return [...svg.querySelectorAll('circle[r="21"][fill="#E6B800"]')]
    .map((c) => hits.get(at(c))).filter((s) => s);
}"""
#: The pieces drawn on Medieval Capture's map: their names and where they are drawn.
MC_PIECES = """svg => [...svg.querySelectorAll('text')].filter((t) => /^[BR]\\d+$/.test(t.textContent))
  .map((t) => `${t.textContent}@${t.getAttribute('x')},${t.getAttribute('y')}`).sort()"""


@dataclass(frozen=True)
class MedievalCaptureDriver:
    """Plays Capture: A Medieval Wargame's board (``capture_lib/games/medieval_capture/board.js``) as Blue.

    It plays the play page's quick game (to one Crown). Blue places its pieces on the first lit
    rocks; then every turn it rolls, moves one piece (click its button, then a lit space of the map)
    and ends the turn, until the computer takes a Crown. Where several moves end on the clicked
    space, the first one offered is chosen.
    """

    slug: str = "medieval-capture"
    status_selector: str = ".mc-status"
    over_text: str = "Game over"
    choice_prefix: str = "Which move?"
    heading: str = "A quick game"
    refusal: str = r"own \(blue\) territory|at the start of a turn"
    readied: dict = field(default_factory=dict, compare=False, hash=False)

    def board(self, page):
        """The board under the page's heading "A quick game" (a game to one Crown against the computer):
        a whole game to three Crowns is too long for a test."""
        return page.locator(f"xpath=//h2[starts-with(normalize-space(), {self.heading!r})]"
                            "/following::div[contains(concat(' ', @class, ' '), ' capture-board ')][1]")

    def status(self, board) -> str:
        """The board's status line."""
        return board.locator(self.status_selector).inner_text()

    def snapshot(self, board) -> dict:
        """The status line, the dice, both armies' lines, the pieces drawn on the map and the move log."""
        return {"status": self.status(board), "dice": texts(board.locator(".mc-die")),
                "armies": texts(board.locator(".mc-army")),
                "pieces": board.locator(".mc-map svg.mc-pieces").evaluate(MC_PIECES), "log": log_lines(board)}

    def drawing(self, board) -> str:
        """The drawn board (map, dice, armies, buttons), without the message line and the controls."""
        return board.locator(".mc-board").inner_html()

    def check_applied(self, board, before: dict) -> None:
        """The readied action shows in the move log, and the board shows what it did."""
        kind = self.readied["kind"]
        wait_for_played(board, self.readied["played"])
        after = self.snapshot(board)
        added = after["log"][len(before["log"]):]
        assert added and after != before, f"nothing changed after {kind}"
        if kind == "place":
            assert added[0].startswith("place B"), added
            assert len([p for p in after["pieces"] if p.startswith("B")]) == \
                len([p for p in before["pieces"] if p.startswith("B")]) + 1, "the placed piece is not drawn"
        elif kind == "roll":
            assert added[0] == "roll", added
        elif kind == "move":
            assert added[0].startswith(self.readied["piece"] + " "), f"{self.readied['piece']} did not move: {added}"
        else:
            assert added[0] == kind or added[0].startswith(kind), added

    def choices(self, board):
        """The buttons of the board's question which of several moves ending on one space is meant."""
        return board.locator(".mc-actions > div").filter(has_text=self.choice_prefix).get_by_role("button")

    def lit(self, board) -> list[str]:
        """The spaces lit for the next click."""
        return board.locator(".mc-map svg.mc-pieces").evaluate(MC_LIT)

    def space(self, board, space: str):
        """The hit area of ``space`` on the map."""
        return board.locator(f".mc-map .mc-hit[data-space='{space}']")

    def ready_move(self, board):
        """Click what a move needs before it is sent; return what sends it."""
        status = self.status(board)
        actions = board.locator(".mc-actions")
        if "places a piece" in status:
            space = self.lit(board)[0]
            self.readied.update(kind="place", played=re.compile(rf"^played place B\d+ {space}( knight)?$"))
            return self.space(board, space)
        if "rolls" in status and actions.get_by_role("button", name="roll the dice").count():
            self.readied.update(kind="roll", played="played roll")
            return actions.get_by_role("button", name="roll the dice")
        if "3 moves left" in status:
            pieces = actions.get_by_role("button", name=re.compile(r"^[BR]\d+$"))
            if pieces.count():
                piece = pieces.first
                name = piece.inner_text()
                self.readied.update(kind="move", piece=name, played=re.compile(rf"^played {name} "))
                if "mc-chosen" not in (piece.get_attribute("class") or ""):
                    piece.click()
                lit = self.lit(board)
                if lit:
                    return ChoosingClick(self.space(board, lit[0]), self.choices(board))
                piece.click()  # nowhere to go after all: unselect it and end the turn
        if "moves" in status:
            self.readied.update(kind="end", played="played end")
            return actions.get_by_role("button", name="end the turn")
        if "dies" in status:
            self.readied.update(kind="kill", played=re.compile("^played "))
            return actions.get_by_role("button").first
        raise AssertionError(f"no move to make on a board whose status is {status!r}")

    def illegal_move(self, board) -> str:
        """Before the first roll, a piece placed in Red's territory (``place B2 r3``); after it, a second
        roll in the same turn."""
        status = self.status(board)
        if "places a piece" in status:
            piece = board.locator(".mc-actions").inner_text().split("place ", 1)[1].split(".")[0].strip()
            return f"place {piece} r3"
        return "roll"


#: The games whose play page the browser tests and the bench drive.
DRIVERS = {driver.slug: driver for driver in (CardCommanderDriver(), CaptureTheCommanderDriver(),
                                              CommandCaptureDriver(), MedievalCaptureDriver())}
