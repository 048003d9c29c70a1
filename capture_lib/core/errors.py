"""Errors shared by every game."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules forbid in this position.

    ``rule`` names the rule that forbids it, so a widget or a terminal can say why.
    The state the action was tried on is never changed.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class GameNotAvailable(LookupError):
    """A game slug that is known but whose rules are not implemented yet, or an unknown slug."""


class PartError(ImportError):
    """A game package whose parts do not hold: a part its description does not declare, a declared part
    whose module is missing, a module that no part names, or a part that lacks what its interface lists.

    An ``ImportError`` (as ``from module import name`` raises for a missing name), so that no handler of bad
    input (``ValueError``) ever takes a broken game for a refused move. The message names the game, the part
    and what is wrong.
    """
