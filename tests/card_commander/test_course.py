"""Card Commander's course: every level is won by its solution in par through the engine, a wrong move does not
win it, its marks are spaces of its scene, Blue never sees what Red holds, and the course session plays it."""

from __future__ import annotations

import json
import random

import pytest

from capture_lib.bookkit.rules_index import unpractised
from capture_lib.core.cards import Card
from capture_lib.games import describe
from capture_lib.games.card_commander import course as course_module
from capture_lib.games.card_commander.course import JACKSON_DEAL, course
from capture_lib.games.card_commander.scene import card_words
from capture_lib.session.learn import course_controller
from capture_lib.session.scenes import scene_json

from .helpers import GAME, mentions

SLUG = "card-commander"
LEVELS = course().levels
KEYS = [level.key for level in LEVELS]
#: For each level a legal move that is wrong, and the reason the level then gives (``None``: it goes on).
WRONG = {
    "commander": ("commander Joanne", "you chose Joanne"),
    "second-choice": ("commander Joanne", "you chose Joanne"),
    "value": ("place 10C 9H 8D", "your left card, the 10\u2663, is worth 9 under Jackson"),
    "two-lanes": ("place 10S 9S 10H", "the round was not won with your two sure cards and your weakest one"),
    "extra-card": ("extra AS", "Red won the left lane"),
    "pass": ("extra 7S", "you spent your extra card on a lane that could not change the round"),
    "win-the-game": ("place AS 2S 3H", "Red won round 2, so the game goes on to a third round"),
    "first-game": ("commander Joanne", None),
}


def hidden_cards(state, seat: int) -> set[str]:
    """Every card ``seat`` may not know: the other hand, the other side's face-down cards, the undealt deck."""
    other = 1 - seat
    cards = {str(c) for c in state.hands[other]} | {str(c) for c in state.deck}
    if state.placed[other] is not None and state.placed[seat] is None:
        cards |= {str(c) for c in state.placed[other]}
    return cards


def shown_cards(text: str, cards: set[str]) -> list[str]:
    """The cards of ``cards`` that ``text`` names, in any spelling the page uses (10H, 10♥, 10 of hearts)."""
    return sorted(c for c in cards if mentions(text, c) or Card.parse(c).pretty in text or card_words(c) in text)


def learner_scene(state, seat: int, level) -> dict:
    marks = {target: "target" for target in level.targets}
    return scene_json(describe(SLUG), state.observation(seat), state.legal_actions(), (), marks, level.arrows)


def test_the_course_has_stages_in_a_beginners_order_and_ends_with_a_whole_game():
    assert len(LEVELS) >= 7 and len(set(KEYS)) == len(KEYS)
    assert [stage for stage, _ in course().stages] == ["Set-up", "Card values", "A round", "Ties", "Winning",
                                                       "A whole game"]
    assert LEVELS[-1].solver is not None and not LEVELS[-1].solution
    assert set(WRONG) == set(KEYS)


@pytest.mark.parametrize("key", KEYS)
def test_every_level_validates_and_its_solution_reaches_the_goal_in_par(key):
    level = course().level(key)
    level.validate()
    moves = level.winning_moves()
    assert 0 < len(moves) <= level.par or level.solver is not None
    assert level.done(level.play(moves))
    assert level.lost is None or not level.lost(level.play(moves))
    assert level.stars(len(moves), hinted=False) == (3 if len(moves) <= level.par else 2)


def test_the_whole_game_is_won_by_the_rule_based_player_against_random_play():
    level = course().level("first-game")
    end = level.play(tuple(level.solved()))
    assert end.is_over and end.winners == (0,) and len(level.solved()) <= level.most
    assert level.start.seed == course_module.FIRST_GAME_SEED


@pytest.mark.parametrize("key", KEYS)
def test_a_wrong_but_legal_move_does_not_complete_the_level(key):
    level = course().level(key)
    move, reason = WRONG[key]
    assert level.start.to_action(move) in level.opening()[0].legal_actions()
    after = level.play((move,))
    assert not level.done(after)
    assert (level.lost(after) if level.lost else "") == (reason or "")


@pytest.mark.parametrize("key", KEYS)
def test_targets_and_arrows_name_spaces_of_the_levels_scene(key):
    level = course().level(key)
    for state in (level.opening()[0], level.play(level.winning_moves()[:1])):
        spaces = {space["id"] for space in learner_scene(state, level.seat, level)["spaces"]}
        assert set(level.targets) <= spaces
        assert all(set(route) <= spaces and len(route) >= 2 for route in level.arrows)


@pytest.mark.parametrize("key", KEYS)
def test_the_goal_and_the_hint_name_no_card_the_learner_cannot_know(key):
    level = course().level(key)
    start = level.opening()[0]
    assert shown_cards(f"{level.goal} {level.hint}", hidden_cards(start, level.seat)) == []


@pytest.mark.parametrize("key", KEYS)
def test_the_learners_scene_is_the_same_whatever_red_holds(key):
    """A start that differs only in the other side's hidden cards (drawn by the engine from what the learner
    sees) draws the same scene: nothing of the level reads the cards the learner cannot know."""
    level = course().level(key)
    start = level.opening()[0]
    seat = level.seat
    seen = learner_scene(start, seat, level)
    rng = random.Random(7)
    twin = GAME.sample_state(start.observation(seat), seat, rng)
    while start.hands[1 - seat] and twin.hands[1 - seat] == start.hands[1 - seat]:
        twin = GAME.sample_state(start.observation(seat), seat, rng)
    assert learner_scene(twin, seat, level) == seen


def test_two_deals_that_differ_only_in_reds_hand_look_the_same_to_blue():
    level = course().level("value")
    others = [str(c) for c in GAME.new_game().deck if str(c) not in JACKSON_DEAL[0] + JACKSON_DEAL[1]]
    twin = GAME.setup(("Jackson", "Karl"), (JACKSON_DEAL[0], others[:10]))
    assert set(map(str, twin.hands[1])).isdisjoint(map(str, level.start.hands[1]))
    assert learner_scene(twin, 0, level) == learner_scene(level.start, 0, level)


@pytest.mark.parametrize("key", KEYS)
def test_the_course_session_never_sends_a_card_blue_cannot_know(key):
    controller = course_controller(SLUG, key)
    level = controller.current_level
    for move in ("", *level.winning_moves()[:2]):
        if move:
            controller.handle({"type": "play", "action": move})
        state = controller.state
        assert shown_cards(json.dumps(controller.values(), ensure_ascii=False), hidden_cards(state, level.seat)) == []


def test_the_course_session_plays_level_one_and_gives_its_stars():
    controller = course_controller(SLUG)
    first = LEVELS[0]
    assert controller.lesson["kind"] == "course" and controller.lesson["level"] == first.key
    assert controller.lesson["answer"] == "" and controller.lesson["status"] == "try"
    controller.handle({"type": "play", "action": first.solution[0]})
    lesson = controller.lesson
    assert lesson["status"] == "won" and lesson["stars"] == 3 and lesson["moves"] == 1
    assert lesson["feedback"].startswith("Done in 1 move (par 1): 3 stars.") and first.explain in lesson["feedback"]
    assert controller.state.commanders == ("Karl", "Jackson") and controller.state.phase == "place"
    controller.handle({"type": "lesson", "do": "next"})
    assert controller.lesson["level"] == LEVELS[1].key and controller.seat == 1


def test_a_wrong_move_loses_the_level_with_the_hint_and_try_again_starts_it_over():
    controller = course_controller(SLUG, "pass")
    level = controller.current_level
    controller.handle({"type": "play", "action": "extra 7S"})
    assert controller.lesson["status"] == "lost" and level.hint in controller.lesson["feedback"]
    assert controller.legal == []
    controller.handle({"type": "lesson", "do": "again"})
    assert controller.lesson["status"] == "try" and controller.state.tie_lane == 2
    controller.handle({"type": "lesson", "do": "hint"})
    controller.handle({"type": "play", "action": "pass"})
    assert controller.lesson["status"] == "won" and controller.lesson["stars"] == 2


def test_show_the_solution_of_the_whole_game_names_no_moves():
    controller = course_controller(SLUG, "first-game")
    controller.handle({"type": "lesson", "do": "answer"})
    assert controller.lesson["answer"] == "" and "no one line of moves" in controller.lesson["feedback"]
    assert controller.lesson["hint"] == controller.current_level.hint


def test_every_rule_of_the_index_is_practised_by_a_level_or_an_exercise():
    assert unpractised(SLUG) == []
    assert all(level.rules for level in LEVELS)
