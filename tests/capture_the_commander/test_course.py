"""Capture the Commander's course: every level is won by its solution in par through the engine, a wrong move
does not win it, its marks are places of its scene, nobody sees a face-down card, and the course session plays
it."""

from __future__ import annotations

import json
import random
import re

import pytest

from capture_lib import load_game
from capture_lib.bookkit.rules_index import unpractised
from capture_lib.core.cards import pretty_card
from capture_lib.games import describe
from capture_lib.games.capture_the_commander import course as course_module
from capture_lib.games.capture_the_commander.course import course
from capture_lib.games.capture_the_commander.rules.state import EMPTY, card_name
from capture_lib.session.learn import course_controller
from capture_lib.session.scenes import scene_json

GAME = load_game("capture-the-commander")
SLUG = GAME.slug
LEVELS = course().levels
KEYS = [level.key for level in LEVELS]
#: For each level a legal move that is wrong, and the reason the level then gives (``None``: it goes on).
WRONG = {
    "first-attack": ("N1xS2", "you attacked South's card 2"),
    "partial": ("N1xS2", "you attacked South's card 2"),
    "straight-under": ("N1xS6", "you attacked South's card 6"),
    "sure-win": ("N1xS2", "your card lost the battle and left the game"),
    "tie-break": ("pick N5", "your card lost the battle and left the game"),
    "run-out": ("N1xS1", "neither of you had a card left to show, so you are both out: the game is a draw"),
    "dig": ("N1xS3", None),
    "guard": ("N1xS4", "your Commander was beaten"),
    "four-players": ("N1xE1", None),
    "match": ("N1xS1", None),
    "first-hand": ("N1xS1", None),
}


def hidden_cards(state, seen: frozenset[int] = frozenset()) -> set[str]:
    """Every face-down card no battle has shown, and the cards set aside: nobody may know them. A card drawn
    for the first dealer, or ``seen`` in an earlier hand, was shown, but not where it went: it is left out."""
    drawn = {c for draws in state.draw_rounds for _, c in draws}
    cards = {c for layout in state.layouts for c in layout if c != EMPTY}
    cards |= set(state.set_aside) | set(state.deck)
    return {card_name(c) for c in cards - state.revealed - drawn - seen}


def shown_cards(text: str, cards: set[str]) -> list[str]:
    """The cards of ``cards`` that ``text`` names as notation (QH) or as the board prints them (Q♥)."""
    def named(card: str) -> bool:
        return any(re.search(rf"(?<![0-9A-Za-z]){re.escape(form)}(?![0-9A-Za-z])", text)
                   for form in (card, pretty_card(card)))
    return sorted(c for c in cards if named(c))


def learner_scene(state, seat: int, level) -> dict:
    marks = {target: "target" for target in level.targets}
    return scene_json(describe(SLUG), state.observation(seat), state.legal_actions(), (), marks, level.arrows)


def test_the_course_has_stages_in_a_beginners_order_and_ends_with_a_whole_hand():
    assert len(LEVELS) >= 7 and len(set(KEYS)) == len(KEYS)
    assert [stage for stage, _ in course().stages] == ["The layout", "Battles", "Ties", "The Commander",
                                                       "More players", "A whole hand"]
    assert LEVELS[-1].solver is not None and not LEVELS[-1].solution
    assert set(WRONG) == set(KEYS)
    assert all(level.seat == 0 for level in LEVELS)  # the learner is North throughout


@pytest.mark.parametrize("key", KEYS)
def test_every_level_validates_and_its_solution_reaches_the_goal_in_par(key):
    level = course().level(key)
    level.validate()
    moves = level.winning_moves()
    assert level.par is None if level.solver is not None else len(moves) == level.par  # a whole hand claims none
    end = level.play(moves)
    assert level.done(end) and (level.lost is None or not level.lost(end))
    assert level.stars(len(moves), hinted=False) == 3


def test_the_whole_hand_is_won_by_the_rule_based_player_against_random_play():
    level = course().level("first-hand")
    end = level.play(tuple(level.solved()))
    assert end.is_over and end.winners == (0,)
    assert level.start.seed == course_module.FIRST_HAND_SEED and level.start.phase == "draw"


@pytest.mark.parametrize("key", KEYS)
def test_a_wrong_but_legal_move_does_not_complete_the_level(key):
    level = course().level(key)
    move, reason = WRONG[key]
    assert level.start.to_action(move) in level.opening()[0].legal_actions()
    after = level.play((move,))
    assert not level.done(after)
    assert (level.lost(after) if level.lost else "") == (reason or "")


def test_the_run_out_level_ends_in_a_draw_with_the_lonely_nine():
    level = course().level("run-out")
    drawn = level.play(("N1xS1",))
    assert drawn.is_over and drawn.winners == () and drawn.out == (True, True)
    won = level.play(level.solution)
    assert won.winners == (0,) and won.battles[-1][9] == (1,)


def test_the_match_level_goes_on_to_hand_two_dealt_by_north():
    end = course().level("match").play(("N1xS13",))
    assert end.hand == 2 and end.scores == (2, 0) and end.dealer == 0 and end.current_player == 0


@pytest.mark.parametrize("key", KEYS)
def test_targets_and_arrows_name_places_of_the_levels_scene(key):
    level = course().level(key)
    for state in (level.opening()[0], level.play(level.winning_moves()[:1])):
        scene = learner_scene(state, level.seat, level)
        spaces = {space["id"]: space["area"] for space in scene["spaces"]}
        assert set(level.targets) <= set(spaces)
        for route in level.arrows:  # the renderer draws an arrow within one layout
            assert len(route) >= 2 and set(route) <= set(spaces) and len({spaces[at] for at in route}) == 1


@pytest.mark.parametrize("key", KEYS)
def test_the_goal_and_the_hint_name_no_card_nobody_has_seen(key):
    level = course().level(key)
    assert shown_cards(f"{level.goal} {level.hint}", hidden_cards(level.opening()[0])) == []


@pytest.mark.parametrize("key", KEYS)
def test_the_learners_scene_is_the_same_whatever_the_face_down_cards_are(key):
    """A start whose face-down cards are dealt again (by the engine, from what North sees) draws the same
    scene: nothing of the level reads a card nobody has seen."""
    level = course().level(key)
    start = level.opening()[0]
    rng = random.Random(3)
    twin = GAME.sample_state(start.observation(0), 0, rng)
    assert twin.layouts != start.layouts
    assert learner_scene(twin, 0, level) == learner_scene(start, 0, level)


@pytest.mark.parametrize("key", KEYS)
def test_the_course_session_never_sends_a_card_nobody_has_seen(key):
    controller = course_controller(SLUG, key)
    level = controller.current_level
    for move in ("", *level.winning_moves()[:2]):
        if move:
            controller.handle({"type": "play", "action": move})
        values = json.dumps(controller.values(), ensure_ascii=False)
        assert shown_cards(values, hidden_cards(controller.state, level.start.revealed)) == []


def test_the_course_session_plays_level_one_and_gives_its_stars():
    controller = course_controller(SLUG)
    first = LEVELS[0]
    assert controller.lesson["level"] == first.key and controller.lesson["answer"] == ""
    assert {"at": "S1", "key": "target"} in controller.scene["marks"]
    controller.handle({"type": "play", "action": first.solution[0]})
    lesson = controller.lesson
    assert lesson["status"] == "won" and lesson["stars"] == 3 and lesson["moves"] == 1
    assert lesson["feedback"].startswith("Done in 1 move (par 1): 3 stars.") and first.explain in lesson["feedback"]
    assert controller.state.battles[0][3:5] == (1, 1)
    controller.handle({"type": "lesson", "do": "next"})
    assert controller.lesson["level"] == LEVELS[1].key and controller.lesson["status"] == "try"


def test_a_two_move_level_goes_on_after_the_first_move_and_a_hint_costs_a_star():
    controller = course_controller(SLUG, "dig")
    controller.handle({"type": "lesson", "do": "hint"})
    assert controller.scene["arrows"] and controller.lesson["hint"]
    controller.handle({"type": "play", "action": "N1xS11"})
    assert controller.lesson["status"] == "try" and controller.lesson["moves"] == 1
    controller.handle({"type": "play", "action": "N1xS13"})
    assert controller.lesson["status"] == "won" and controller.lesson["stars"] == 2


def test_a_lost_level_says_why_with_the_hint_and_try_again_starts_it_over():
    controller = course_controller(SLUG, "tie-break")
    level = controller.current_level
    controller.handle({"type": "play", "action": "pick N5"})
    assert controller.lesson["status"] == "lost" and level.hint in controller.lesson["feedback"]
    controller.handle({"type": "lesson", "do": "again"})
    assert controller.lesson["status"] == "try" and controller.state.phase == "tie"
    controller.handle({"type": "lesson", "do": "answer"})
    assert controller.lesson["answer"] == "pick N2"


def test_every_rule_of_the_index_is_practised_by_a_level_or_an_exercise():
    assert unpractised(SLUG) == []
    assert all(level.rules for level in LEVELS)
