"""Twins and reveals, now in the boards layer (``capture_lib.boards.secrecy``); kept here for old imports."""

from capture_lib.boards.secrecy import SCHEDULE, TWINS, Twins, origin, reveals, twin

__all__ = ["SCHEDULE", "TWINS", "Twins", "origin", "reveals", "twin"]
