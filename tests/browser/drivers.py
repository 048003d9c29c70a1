"""How a browser test plays each game's live board. Add a game's play page by adding its driver here.

A driver finds the first live board of a play page, reads its status line, readies the next legal
move by clicking (returning the button whose click sends it to Python), and names a move that the
player cannot make now.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    """Plays Card Commander's board (``capture_lib/widgets/card_commander.js``) as the player at seat 0."""

    slug: str = "card-commander"
    status_selector: str = ".cc-status"
    over_text: str = "Game over"

    def board(self, page):
        """The first live board of the page (the game against the computer)."""
        return page.locator(".capture-board").filter(has=page.locator(".cc-board")).first

    def status(self, board) -> str:
        """The board's status line."""
        return board.locator(self.status_selector).inner_text()

    def hand(self, board) -> list[str]:
        """The cards of Blue's hand, in notation."""
        faces = board.locator(".cc-side.cc-seat0 .cc-hand .cc-card")
        return [card_notation(face.inner_text()) for face in faces.all()]

    def snapshot(self, board) -> dict:
        """What a move is checked against: the status line and Blue's hand."""
        return {"status": self.status(board), "hand": self.hand(board)}

    def drawing(self, board) -> str:
        """The drawn table (without the message line and the controls), to see that nothing moved."""
        return board.locator(".cc-board").inner_html()

    def check_applied(self, board, before: dict) -> None:
        """The move readied by ``ready_move`` from position ``before`` shows on the board."""
        assert self.status(board) != before["status"]
        if "chooses a Commander" in before["status"]:
            assert board.locator(".cc-side.cc-seat0 .cc-commander").count() == 1, "Blue's Commander is not shown"
        elif "places three cards" in before["status"]:
            # The round's lanes (or the tie being decided) show Blue's three cards, left to right.
            cells = board.locator(".cc-lane-cell.cc-seat0")
            placed = [card_notation(cells.nth(i).locator(".cc-card").first.inner_text()) for i in range(3)]
            assert placed == before["hand"][:3], f"the lanes show {placed}, not {before['hand'][:3]}"

    def ready_move(self, board):
        """Click what a move needs before it is sent; return the button that sends it."""
        status = self.status(board)
        actions = board.locator(".cc-actions")
        if "chooses a Commander" in status:
            return actions.get_by_role("button").first
        if "places three cards" in status:
            for _ in range(3):  # the first three cards still in hand fill the left, middle and right lanes
                board.locator(".cc-side.cc-seat0 .cc-hand button.cc-pick:enabled").first.click()
            return actions.get_by_role("button", name="place cards")
        if "decides on the extra card" in status:
            return actions.get_by_role("button").first  # add the extra card when it may
        raise AssertionError(f"no move to make on a board whose status is {status!r}")

    def illegal_move(self, board) -> str:
        """``place`` with three cards that Blue does not hold (the board shows Blue's hand)."""
        held = set(self.hand(board))
        assert held, "Blue's hand is not shown"
        missing = [f"{rank}{suit}" for suit in SUITS for rank in RANKS if f"{rank}{suit}" not in held]
        return "place " + " ".join(missing[:3])


@dataclass(frozen=True)
class CaptureTheCommanderDriver:
    """Plays Capture the Commander's board (``capture_lib/widgets/capture_the_commander.js``) as seat 0.

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
        assert board.locator(".ctc-battle").count() == 1, "no battle is shown after the move"
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


#: The games whose play page the browser tests and the bench drive.
DRIVERS = {driver.slug: driver for driver in (CardCommanderDriver(), CaptureTheCommanderDriver())}
