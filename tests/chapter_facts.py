"""What one game's chapter and handouts must hold beyond what every game's do, declared in the game's own test
folder (``tests/<game_folder>/chapter.py``, one ``CHAPTER``) and checked by the generic tests that check every
game's chapter: the size of its rules index (``tests/teaching/test_rules_index.py``), the key rules, the
picture's words and the rulings its printed summary must carry (``test_summaries.py``), its fewest exercises
(``tests/lessons/test_lessons.py``), the most words its learn page may hold (``test_learn_pages.py``), and what
its teacher's kit must hold (``kit``: ``tests/kit_facts.py``, checked by ``test_teaching_kit.py``).

The numbers and words are facts about one game's source rulebook, so they live beside that game's other tests;
the tests that read them are written once, for every game that declares them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.kit_facts import KitFacts
from tests.registry import declared


@dataclass(frozen=True)
class ChapterFacts:
    """What one game's chapter must hold (see the module's docstring)."""

    #: No rules index may shrink below this: the source has at least this many distinct rules.
    rules_at_least: int
    #: What the printed summary must say (its PDF's text, case and spacing ignored).
    key_rules: tuple[str, ...]
    #: Words that the engine's picture on the summary writes (its labels are text, so they reach the PDF's text).
    picture_words: tuple[str, ...]
    #: The fewest exercises the chapter has (0: no count promised).
    fewest_exercises: int = 0
    #: The most words the learn page may hold (None: no limit beyond every game's).
    most_learn_words: int | None = None
    #: The fewest rules the summary marks as the book's rulings.
    marked_rulings_at_least: int = 0
    #: What its teacher's kit must hold: its table of game lengths, its worksheet, its summary's words (None:
    #: nothing declared, which fails the kit's tests for a game with a chapter).
    kit: KitFacts | None = None


def chapter_facts(slug: str) -> ChapterFacts | None:
    """What ``slug``'s test folder declares its chapter must hold (``chapter.py``'s ``CHAPTER``); None where it
    declares nothing (the toy game, a new game not yet written up)."""
    return declared(slug, "chapter", "CHAPTER")
