"""Bad input: actions the rules forbid, notation that is not notation, malformed position text and saves."""

from __future__ import annotations

import json

import pytest

from capture_lib import IllegalAction
from capture_lib.core import saves
from tests import budgets

from .helpers import GAME, fen, pos


def refuse(state, text: str, match: str) -> None:
    before = state.position_text() if state.phase == "play" else None
    with pytest.raises(IllegalAction, match=match):
        state.play(text)
    if before is not None:
        assert state.position_text() == before  # the state is unchanged


def test_moving_an_enemy_unit():
    refuse(pos({"D4": "L", "D6": "i"}), "D6-D5", "belongs to Red")


def test_moving_from_an_empty_square():
    refuse(pos({"D4": "L"}), "E4-E5", "no unit on E4")


def test_flipping_a_locked_unit():
    s = pos({"D4": "L#1"})
    refuse(s, "flip D4", "State Lock")


def test_moving_a_deployed_siege():
    refuse(pos({"D4": "S+"}), "D4-D5", "Deployed Siege cannot move")


def test_capturing_an_own_unit():
    refuse(pos({"D4": "L", "D5": "L"}), "D4xD5", "own side")


def test_capturing_an_empty_square():
    refuse(pos({"D4": "L"}), "D4xD5", "nothing to capture")


def test_moving_onto_an_occupied_square():
    refuse(pos({"D4": "L", "D5": "i"}), "D4-D5", "occupied")


def test_shooting_without_a_ranged_attack():
    refuse(pos({"D4": "L", "D5": "i"}), "D4*D5", "no ranged attack")


def test_melee_without_a_capture():
    refuse(pos({"D4": "A+", "E5": "i"}), "D4xE5", "cannot capture in melee")


def test_bash_by_a_non_maiden():
    refuse(pos({"D4": "L", "E5": "i"}), "D4>E5", "only a Shield Maiden")


def test_shape_out_of_reach():
    refuse(pos({"D4": "L"}), "D4-D6", "cannot move from D4 to D6")
    refuse(pos({"D4": "L", "D7": "i"}), "D4xD7", "cannot attack D7")


def test_blocked_side_named():
    refuse(pos({"D4": "L", "D5": "i+"}), "D4xD5", "blocks attacks from that side")


def test_revealed_assassin_cannot_flip():
    refuse(pos({"D4": "X!"}), "flip D4", "revealed Assassin")


def test_turn_to_the_same_facing():
    refuse(pos({"D4": "L"}), "turn D4 N", "already faces N")


def test_end_at_the_start_of_a_turn():
    refuse(pos({"D4": "L"}), "end", "take an action first")


def test_setup_actions_after_the_setup():
    refuse(pos({"D4": "L"}), "assassin D2", "set-up is over")
    refuse(pos({"D4": "L"}), "ready", "set-up is over")


def test_wait_outside_timed_mode():
    refuse(pos({"D4": "L"}), "wait 10", "Timed Mode")


@pytest.mark.parametrize("text", ["", "D4", "D4-D9", "I9-I1", "flip", "flip Z1", "turn D4 Q", "turn D4",
                                  "wait -3", "wait 1.2345", "jump D4", "D4+D5", "end now"])
def test_bad_notation(text):
    s = pos({"D4": "L"})
    with pytest.raises(IllegalAction) as err:
        s.play(text)
    assert err.value.rule == "notation"


def test_not_a_string_or_action():
    with pytest.raises(IllegalAction):
        pos({"D4": "L"}).play(42)


def test_setup_bad_input():
    s = GAME.new_game(seed=0, setup="choose")
    with pytest.raises(IllegalAction, match="front row"):
        s.play("assassin D3")
    with pytest.raises(IllegalAction, match="Assassin first"):
        s.play("flip C1")
    s = s.play("assassin D2")
    s = s.play("flip C1")
    with pytest.raises(IllegalAction, match="once"):
        s.play("flip C1")
    with pytest.raises(IllegalAction, match="none of Blue"):
        s.play("flip C8")
    with pytest.raises(IllegalAction, match="only assassin"):
        s.play("D2-D3")
    with pytest.raises(IllegalAction, match="clocks start"):
        GAME.new_game(seed=0, setup="choose", timed=True).play("wait 3")
    with pytest.raises(IllegalAction, match="placed by chance"):
        GAME.new_game(seed=0, setup="quick").play("ready")


def test_the_game_over_refuses_everything():
    s = pos({"D4": "L", "D5": "k"}).play("D4xD5")
    with pytest.raises(IllegalAction, match="game is over"):
        s.play("turn A1 E")
    assert s.legal_actions() == []


@pytest.mark.parametrize("text, match", [
    ("", "fields"),
    ("8/8/8/8/8/8/8/8", "fields"),
    ("8/8/8/8/8/8/8 b RE", "8 rows"),
    ("k6f/8/8/8/8/8/8/K6F g RE", "b \\(Blue\\) or r"),
    ("k6f/8/8/8/8/8/8/K6F b RX", "civilizations"),
    ("k6f/8/8/8/8/8/8/K6F b RE 2", "belongs to Red"),
    ("k6f/8/8/8/8/8/8/K6F b RE 0", "positive"),
    ("k6f/8/8/8/8/8/8/K6F b RE 1 3", "actions field"),
    ("k6f/8/8/8/8/8/8/K6F b RE 1 0", "turn would be over"),
    ("k6f/8/8/8/8/8/8/K6F b RE 1 0+D4m", "follow-up unit"),
    ("k6f/8/8/8/8/8/8/K6F+ b RE 1 1 3:x 1800/60", "score"),
    ("k6f/8/8/8/8/8/8/K6F b RE 1 1 0:0 1800", "clock"),
    ("k6f/8/8/8/8/8/8/K6F b RE 1 1 0:0 1800/0", "turn timer"),
    ("k6f/8/8/8/8/8/8/K6F b RE 1 1 0:0", "fields"),
    ("k6f/8/8/8/8/8/8/K6FQ b RE", "cannot read"),
    ("k6f/8/8/8/8/8/8/K8 b RE", "more than 8"),
    ("k6f/8/8/8/8/8/8/K6 b RE", "7 squares"),
    ("k6f/8/8/8/8/8/8/K6FL b RE", "more than 8"),
    ("k6f/8/8/8/8/8/8/KM5F b RE", "no unit M"),
    ("k6f/8/8/8/8/8/8/KL!5F b RE", "can be revealed"),
    ("k6f/8/8/8/8/8/8/KL#95F b RE", "lock lasts"),
    ("k6f/8/8/8/8/8/8/KK5F b RE", "too many"),
    ("k6f/8/8/8/8/8/8/KSSS3F b RE", "too many"),
    ("7f/8/8/8/8/8/8/7F b RE", "both sides"),
])
def test_malformed_position_text(text, match):
    with pytest.raises(ValueError, match=match):
        GAME.from_position(text)


def test_position_text_not_a_string():
    with pytest.raises(ValueError, match="must be a string"):
        GAME.from_position(None)


def test_position_options_must_agree():
    with pytest.raises(ValueError, match="disagrees"):
        GAME.from_position(fen({"D4": "L"}), blue="egypt")
    with pytest.raises(ValueError, match="disagrees"):
        GAME.from_position(fen({"D4": "L"}), timed=True)


def test_unknown_option_names_the_valid_ones():
    with pytest.raises(ValueError, match="valid options: .*aura_pairs"):
        GAME.new_game(unknown=1)
    with pytest.raises(ValueError, match="choose one of"):
        GAME.new_game(blue="carthage")


def test_tampered_save():
    s = pos({"D4": "L"}).play("D4-D5")
    data = json.loads(saves.dump(s))
    data["history"] = ["D4-D6"]
    with pytest.raises(ValueError, match="illegal"):
        saves.load(GAME, json.dumps(data))
    data["history"] = ["D4-D5"]
    data["start"] = "not a position"
    with pytest.raises(ValueError):
        saves.load(GAME, json.dumps(data))
    with pytest.raises(ValueError):
        saves.load(GAME, "{not json")


def test_fuzzed_position_texts_fail_only_with_value_error():
    import random

    from .perft_positions import POSITIONS

    rng = random.Random(7)
    alphabet = "LICRAMSKFXlicramskfx12345678/+!^>v<# :.0brREVm"
    texts = [t for t, _ in POSITIONS.values()]
    accepted = 0
    for _ in range(budgets.COMMAND_CAPTURE_FUZZED_POSITIONS):
        chars = list(rng.choice(texts))
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                chars[i] = rng.choice(alphabet)
            elif op < 0.7:
                del chars[i]
            else:
                chars.insert(i, rng.choice(alphabet))
        try:
            state = GAME.from_position("".join(chars))
        except ValueError:
            continue
        accepted += 1
        if not state.is_over:
            state.legal_actions()
            assert GAME.from_position(state.position_text()).position_text() == state.position_text()
    assert accepted > 0


def test_fuzzed_notation_fails_only_with_illegal_action():
    import random

    rng = random.Random(11)
    state = GAME.quick_start("D2", "E7")
    alphabet = "ABCDEFGHabcdefgh123456789-x*> flipturnNESWendassassinreadywait.?"
    for _ in range(budgets.COMMAND_CAPTURE_FUZZED_NOTATION):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        try:
            state.play(text)
        except IllegalAction:
            pass
