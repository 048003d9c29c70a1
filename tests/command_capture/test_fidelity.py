"""The rules of the text that issue 18 found broken or unruled, each read again and tested here.

Turns of more than one action (the Command aura, two actions after an expired turn), the Shield
Bash's push for every facing, sudden death, a fortified unit attacking the Fortress, and the chosen
set-up played by the computer.
"""

from __future__ import annotations

import pytest

from capture_lib import IllegalAction
from capture_lib.games.command_capture.players.rule import simple_player
from capture_lib.search.levels import make_player

from .helpers import GAME, pos, targets
from .reference import reference_actions
from .test_timed import timed


def names(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


# ----- a unit that turns cannot also move or capture; Deployed Siege cannot move and fire ------------------
@pytest.mark.parametrize("first, second", [("turn D4 E", "D4-D5"), ("D4-D5", "turn D5 E"),
                                           ("turn D4 W", "D4xC5"), ("D4xC5", "turn C5 E")])
def test_two_actions_never_turn_and_move_the_same_unit(first, second):
    s = timed({"D4": "L", "C5": "i", "F3": "L"}).play("wait 60").play("wait 60")  # Blue: two actions
    assert s.current_player == 0 and s.actions_left == 2
    s = s.play(first)
    assert second not in names(s) and names(s) == reference_actions(s)
    with pytest.raises(IllegalAction, match="turned this turn|moved or captured this turn"):
        s.play(second)
    assert "F3-F4" in names(s) and "turn F3 E" in names(s)   # another unit may do either


def test_a_turned_unit_keeps_its_note_in_the_position_text():
    s = timed({"D4": "L"}).play("wait 60").play("wait 60").play("turn D4 E")
    text = s.position_text()
    assert " 1+.D4t " in text
    again = GAME.from_position(text)
    assert again.legal_set() == s.legal_set() and "D4-E4" not in names(again)
    assert "D4-E4" in names(again.play("end").play("turn A8 E"))   # the note lasts one turn only


def test_two_actions_deployed_siege_cannot_fire_then_move():
    # Deployed Siege on D2 next to the Commander: fire, flip to Packed (aura), then the second action
    s = timed({"D2": "S+", "E2": "K", "D5": "i"}, actions="2", turn=3)
    s = s.play("D2*D5")
    assert s.follow is not None and "flip D2" in names(s)
    s = s.play("flip D2")
    assert not any(a.startswith("D2-") for a in names(s))
    with pytest.raises(IllegalAction, match="Siege that fired this turn cannot also move"):
        s.play("D2-D3")


def test_two_actions_packed_siege_cannot_move_then_fire():
    # Packed Siege on D3 next to the Commander: step to D2, flip to Deployed (aura), then the second action
    s = timed({"D3": "S", "E2": "K", "D6": "i"}, actions="2", turn=3)
    s = s.play("D3-D2").play("flip D2")
    assert s.board[11][2] == 1 and s.actions_left == 1
    assert "D2*D6" not in names(s) and names(s) == reference_actions(s)
    with pytest.raises(IllegalAction, match="Siege that moved this turn cannot also fire"):
        s.play("D2*D6")


def test_aura_pairs_any_never_pairs_a_turn_with_a_move_of_the_same_unit():
    s = pos({"D2": "K", "D3": "L"}, aura_pairs="any").play("turn D3 E")
    assert s.follow is not None and s.current_player == 0
    assert not any(a.startswith("D3-") for a in names(s)) and "flip D3" in names(s)
    s = pos({"D2": "K", "D3": "L"}, aura_pairs="any").play("D3-D4")
    assert not any(a.startswith("turn D4") for a in names(s)) and "D4-D5" in names(s)


def test_aura_pairs_any_a_siege_may_not_shoot_after_its_step():
    s = pos({"D2": "K", "C2": "S+", "C6": "i"}, aura_pairs="any").play("C2*C6")
    assert "flip C2" in names(s)
    s = s.play("flip C2")
    assert s.current_player == 1   # nothing else is left for it: the turn is over


# ----- the Shield Bash pushes towards the pushed unit's own side ---------------------------------------
@pytest.mark.parametrize("facing, maiden, target, landing", [
    ("", "C3", "E5", "F6"),      # facing north, bashing NE: on along her line, towards row 8
    (">", "C5", "E3", "F4"),     # facing east, bashing SE: the Red unit goes NE, back to its own side
    (">", "C3", "E5", "F6"),
    ("<", "F5", "D3", "C4"),     # facing west, bashing SW: the Red unit goes NW
    ("v", "C6", "E4", "F5"),     # facing south, bashing SE
])
def test_bash_pushes_the_enemy_diagonally_back_towards_its_own_side(facing, maiden, target, landing):
    s = pos({maiden: "M+" + facing, target: "i"}, civs="VE")
    after = s.play(f"{maiden}>{target}")
    sq = {"F6": 45, "F4": 29, "C4": 26, "F5": 37}[landing]
    assert after.board[sq] is not None and after.board[sq][0] == 1, landing
    assert int(landing[1]) == int(target[1]) + 1   # one row nearer Red's side, every time


def test_a_red_maiden_pushes_blue_units_towards_row_one():
    s = pos({"F6": "m+", "D4": "I"}, civs="EV", side="r")
    after = s.play("F6>D4")
    assert after.board[18] is not None and after.board[18][0] == 0   # C3
    s = pos({"F6": "m+", "D4": "I", "C3": "I"}, civs="EV", side="r")
    assert sum(1 for u in s.play("F6>D4").board if u and u[0] == 0 and u[1] == 1) == 1  # C3 full: captured


# ----- sudden death: the next capture of any enemy unit wins ---------------------------------------------
def test_sudden_death_a_shot_that_only_disables_the_fortress_does_not_end_it():
    s = timed({"B5": "A+", "E8": "f", "A6": "i"}, clock="0/60", scores="2:2")
    assert s.sudden_death
    s = s.play("B5*E8")
    assert not s.is_over and s.scores == (20, 4)
    s = s.play("A6xB5")  # Red captures first, and wins though it is behind on points
    assert s.is_over and s.winners == (1,)


def test_sudden_death_a_melee_attacker_lost_to_the_fortress_wins_for_the_fortress():
    s = timed({"E7": "L", "E8": "f"}, clock="0/60", scores="2:2").play("E7xE8")
    assert s.is_over and s.winners == (1,)   # the Fortress captured the attacker


def test_sudden_death_a_push_without_capture_does_not_end_it_a_crushing_push_does():
    s = timed({"C3": "M+", "E5": "i"}, clock="0/60", scores="2:2", civs="VE").play("C3>E5")
    assert not s.is_over
    s = timed({"C3": "M+", "E5": "i", "F6": "i"}, clock="0/60", scores="2:2", civs="VE").play("C3>E5")
    assert s.winners == (0,)


# ----- a fortified unit attacking the Fortress in melee ------------------------------------------------
def test_a_unit_under_its_own_fortify_aura_survives_a_melee_attack_on_the_fortress():
    s = pos({"E7": "L", "D7": "K+", "E8": "f"}, royals=True)
    after = s.play("E7xE8")
    assert after.board[52] == s.board[52] and after.board[60][2] == 1 and not after.is_over
    s = pos({"E7": "L", "C6": "K+", "E8": "f"})   # the Commander is not next to E7: the attacker is lost
    assert s.play("E7xE8").board[52] is None
    s = pos({"E7": "L", "D7": "K+", "E8": "f"}, fortify_attacker="captured")   # the other reading
    after = s.play("E7xE8")
    assert after.board[52] is None and after.board[60][2] == 1


# ----- the chosen set-up, played by the computer -------------------------------------------------------
@pytest.mark.parametrize("level", ["rule", "random", "easy"])
def test_the_computer_sets_up_and_its_assassin_stays_hidden(level):
    player = make_player(level, timed=False)
    s = GAME.new_game(seed=4, red="vikings")
    s = s.play("assassin B2").play("ready")
    steps = 0
    while s.phase == "setup":
        s = s.play(player(s, 1))
        steps += 1
        assert steps <= 20
    blue_sees = s.observation(0)
    assert "assassin ?" in blue_sees["log"]
    assert not any(u["kind"] == "Assassin" for u in blue_sees["units"] if u["owner"] == 1)
    assert sum(1 for u in s.board if u and u[0] == 1 and u[1] == 9) == 1


def test_the_rule_player_hides_its_assassin_where_its_view_says():
    s = GAME.new_game(seed=4)
    first = simple_player(s, 0)
    # Where it hides changes from game to game (its own seed is drawn from the game's, which no seat sees) and
    # comes back exactly with the same game.
    assert first.kind == "assassin" and simple_player(GAME.new_game(seed=4), 0) == first
    assert len({str(simple_player(GAME.new_game(seed=seed), 0)) for seed in range(20)}) > 1
    assert str(simple_player(s.play(first), 0)) == "ready"


def test_blocked_targets_helper_still_names_a_near_block():
    s = pos({"D5": "c", "C4": "A+"}, civs="RR")
    assert targets(s, "C4", "*") == set()
    with pytest.raises(IllegalAction, match="blocks attacks from that side"):
        s.play("C4*D5")


# ----- silent readings ----------------------------------------------------------------------------------
def test_an_enemy_legionnaire_next_to_it_gives_no_sideways_step():
    s = pos({"D4": "L", "E3": "l"}, civs="RR")
    assert targets(s, "D4", "-") == {"D5", "D3"}
    s = pos({"D4": "L", "E3": "L"}, civs="RR")
    assert targets(s, "D4", "-") == {"D5", "D3", "C4", "E4"}


def test_the_archers_melee_reaches_one_square_only():
    s = pos({"D4": "A", "D6": "i", "B4": "i", "F4": "i"})
    assert targets(s, "D4", "x") == set()
    s = pos({"D4": "A", "D5": "i", "C4": "i"})
    assert targets(s, "D4", "x") == {"D5", "C4"}


def test_blue_sets_up_first_and_moves_first():
    s = GAME.new_game(seed=2)
    assert s.current_player == 0
    s = s.play("assassin A2").play("ready")
    assert s.current_player == 1 and s.phase == "setup"
    s = s.play("assassin A7").play("ready")
    assert s.current_player == 0 and s.turn == 1


def test_a_bash_is_stopped_by_a_blocked_side_only_from_the_touching_square():
    # Red Cavalry in Melee facing west blocks its front diagonals; its front-left looks south-west
    s = pos({"C3": "M+", "D4": "c<"}, civs="VR")
    assert "C3>D4" not in names(s)
    s = pos({"B2": "M+", "D4": "c<"}, civs="VR")
    assert "B2>D4" in names(s)
