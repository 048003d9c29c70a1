"""What the class can play and practise, game by game: taken from the registry, built once.

The console offers every game of the registry (``capture_lib.list_games``) with its numbers of players, its
course's levels and its chapter's exercises; the server checks the progress a student's page reports
against the same lists (a level or an exercise the book does not have is refused). Building a game's
course and exercises plays every solution through the engine (seconds for the larger games), so the
server builds the catalogue once, in the background, as it starts.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from capture_lib import list_games, load_game


@dataclass(frozen=True)
class GameEntry:
    """One game as the class sees it: title, table sizes, course levels and exercises (key, title)."""

    slug: str
    title: str
    players: tuple[int, ...]
    levels: tuple[tuple[str, str], ...]
    exercises: tuple[tuple[str, str], ...]

    def as_json(self) -> dict[str, object]:
        """The entry as the console reads it."""
        return {"slug": self.slug, "title": self.title, "players": list(self.players),
                "levels": [list(pair) for pair in self.levels], "exercises": [list(pair) for pair in self.exercises]}


def players_of(slug: str) -> tuple[int, ...]:
    """How many players a table of ``slug`` may seat: its ``players`` option's choices, else its seats."""
    game = load_game(slug)
    option = next((o for o in game.options if o.name == "players"), None)
    if option is not None:
        return tuple(int(choice) for choice in option.choices)
    return (len(game.seat_names),)


@functools.cache
def entry(slug: str) -> GameEntry:
    """The catalogue's entry of ``slug`` (built once: its course and exercises are played through)."""
    from capture_lib.session.course import course
    from capture_lib.session.lesson import book_lessons

    game = load_game(slug)
    try:
        levels = tuple((level.key, level.title) for level in course(slug).levels)
    except ValueError:
        levels = ()
    try:
        lessons = tuple((name, lesson.title) for name, lesson in book_lessons(slug).items())
    except ValueError:
        lessons = ()
    return GameEntry(slug, game.title, players_of(slug), levels, lessons)


def catalog() -> list[GameEntry]:
    """Every game's entry, in the registry's order."""
    return [entry(slug) for slug in list_games()]
