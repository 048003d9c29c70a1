"""Game records (``core.record``) and saves: random games of every game read back to the same position,
a record made under other rules is refused with the reason, and ``capture play`` saves and loads them."""

from __future__ import annotations

import io
import json
import random

import pytest

from capture_lib import CHANCE, load_game, read_saved
from capture_lib.cli import load_saved, main, play_in_terminal, save_game
from capture_lib.core import record, saves
from tests.registry import cases

CC = load_game("card-commander")
CTC = load_game("capture-the-commander")


def random_game(slug: str, seed: int, moves: int, **options):
    """The states of a seeded game of random legal moves, chance from the seed, from the start on."""
    game = load_game(slug)
    rng = random.Random(seed)
    state = game.new_game(seed=seed, **options)
    states = [state]
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play_chance() if state.current_player == CHANCE else state.play(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def other_options(slug: str) -> dict:
    """Every option of ``slug`` at its last choice other than the default, as far as the game takes them together
    (an option that needs another to make sense keeps its default)."""
    game, chosen = load_game(slug), {}
    for option in game.options:
        for choice in reversed(option.choices):
            if choice == option.default:
                continue
            try:
                game.new_game(seed=3, **{**chosen, option.name: choice})
            except ValueError:
                continue
            chosen[option.name] = choice
            break
    return chosen


#: Each game twice under its default rules, and once with every option it has changed.
GAMES = cases(lambda slug: [(1, {}), (2, {}), (3, other_options(slug))])


@pytest.mark.generic
@pytest.mark.parametrize(("slug", "seed", "options"), GAMES)
def test_random_games_read_back_from_records_and_saves(slug, seed, options):
    game = load_game(slug)
    states = random_game(slug, seed, 150, **options)
    for state in states[::15] + [states[-1]]:
        text = record.write(state)
        from_record = record.read(game, text)
        assert from_record == state and from_record.seed == state.seed and from_record.history == state.history
        assert record.load(text, game) == state == read_saved(text)
        saved = saves.dump(state)
        assert saves.load(game, saved) == state == record.load(saved, game) == read_saved(saved)
        # Chance still to come follows the recorded seed: the games go on alike.
        if state.current_player == CHANCE:
            assert from_record.play_chance() == state.play_chance()
        # Withheld, the seed is not in the text; the position is the same, under a new seed.
        hidden = record.write(state, seed=False)
        assert f"[Seed {state.seed}]" not in hidden and '[SeedPolicy "withheld"]' in hidden
        assert record.read(game, hidden) == state


def test_a_file_from_a_windows_editor_reads_back():
    state = random_game("command-capture", 4, 30)[-1]
    for text in (record.write(state), saves.dump(state)):
        assert read_saved("\ufeff" + text.replace("\n", "\r\n")) == state


def test_a_record_reads_like_the_chapters_notation():
    state = CC.replay(12, ["commander Karl", "commander Joanne"], resolve_chance=True)
    text = record.write(state)
    lines = text.splitlines()
    assert lines[0].startswith("# Card Commander, recorded by capture_lib")
    assert lines[1:6] == ['[Game "card-commander"]', '[Title "Card Commander"]', "[Record 1]",
                          '[SeedPolicy "fixed"]', "[Seed 12]"]
    assert [line for line in lines if line.startswith("[Option")] == [
        '[Option "aces" true]', '[Option "extra_card_bonus" true]', '[Option "play_all_rounds" false]',
        '[Option "same_commander" false]']
    assert "[Moves 22]" in lines and '[ToAct "Blue"]' in lines and '[Result "*"]' in lines
    assert "1. commander Karl {Blue}" in lines and "2. commander Joanne {Red}" in lines
    assert lines[-1].startswith("22. deal ") and lines[-1].endswith("{chance}")


def test_a_record_of_a_position_keeps_its_start_and_scores():
    start = ("turn: North\nNorth: AH KD 7C 2H 9H 10D 3C 4H 4D 6D 8C JH QH\n"
             "South: 2S 3S - 5S 6S 7S 8S 9S 10S JS QS KS AS\nscores: 3 1\n")
    state = CTC.from_position(start, seed=4)
    state = state.play(state.legal_actions()[0])
    assert state.scores == (3, 1)
    for loaded in (record.read(CTC, record.write(state)), saves.load(CTC, saves.dump(state))):
        assert loaded == state and loaded.scores == (3, 1) and loaded.start == state.start
    assert "[Start " in record.write(state) and "scores: 3 1" in state.start


def test_a_finished_game_records_its_result():
    state = random_game("card-commander", 5, 400)[-1]
    assert state.is_over
    text = record.write(state)
    winner = CC.seat_names[state.winners[0]] if state.winners else "draw"
    assert f'[Result "{winner}"]' in text and '[ToAct "none"]' in text
    assert record.read(CC, text).winners == state.winners


def record_of():
    played = CC.replay(9, ["commander Karl", "commander Joanne", "deal 2C", "deal 2D"], resolve_chance=False)
    return record.write(played)


def edited(text, old, new):
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(("change", "match"), [
    (lambda t: edited(t, '[Option "aces" true]\n', ""), "made under other rules: it does not say how to set aces"),
    (lambda t: edited(t, '[Option "aces" true]', '[Option "aces" true]\n[Option "jokers" 2]'),
     "made under other rules: unknown option 'jokers' for Card Commander"),
    (lambda t: edited(t, '[Option "aces" true]', '[Option "aces" 1]'), "bad value 1 for option 'aces'"),
    (lambda t: edited(t, '[Option "aces" true]', '[Option "aces" true]\n[Option "aces" false]'),
     "option 'aces' is given twice"),
    (lambda t: edited(t, "[Record 1]", "[Record 2]"), "record version 2 is not supported .*another engine"),
    (lambda t: edited(t, "[Record 1]", '[Record "1"]'), "Record header should hold one a number value"),
    (lambda t: edited(t, '[Game "card-commander"]', '[Game "medieval-capture"]'),
     "record is of 'medieval-capture', not 'card-commander'"),
    (lambda t: edited(t, '[Game "card-commander"]\n', ""), "not a game record"),
    (lambda t: edited(t, "[Moves 4]", "[Moves 5]"), "truncated: its Moves header says 5 moves, but only 4 follow"),
    (lambda t: edited(t, "[Moves 4]", "[Moves 3]"), "made under other rules: after its 4 moves its Moves header"),
    (lambda t: edited(t, '[ToAct "chance"]', '[ToAct "Blue"]'), "its ToAct header says 'Blue'"),
    (lambda t: edited(t, '[Result "*"]', '[Result "Red"]'), "its Result header says 'Red'"),
    (lambda t: edited(t, "[Seed 9]", "[Seed -9]"), "Seed header: a seed is a whole number from 0"),
    (lambda t: edited(t, "[Seed 9]", "[Seed " + "9" * 5000 + "]"), "a number too long"),
    (lambda t: edited(t, "[Seed 9]\n", ""), "no Seed header"),
    (lambda t: edited(t, '[SeedPolicy "fixed"]', '[SeedPolicy "withheld"]'), "withholds its seed .* has a Seed"),
    (lambda t: edited(t, '[SeedPolicy "fixed"]', '[SeedPolicy "secret"]'), 'SeedPolicy is "fixed" or "withheld"'),
    (lambda t: edited(t, "[Seed 9]", "[Seed 9]\n[Date 2026]"), "unknown header 'Date'"),
    (lambda t: edited(t, "[Seed 9]", "[Seed 9 10]"), "Seed header should hold one"),
    (lambda t: edited(t, "[Seed 9]", "[Seed nine]"), "a header's value is JSON"),
    (lambda t: edited(t, "[Seed 9]", "[Seed 9"), "should be a header like"),
    (lambda t: edited(t, "2. commander", "7. commander"), "move 2 is numbered 7"),
    (lambda t: edited(t, "2. commander Joanne", "2. commander Karl"), r"action 2 \('commander Karl'\) is illegal"),
    (lambda t: edited(t, "3. deal 2C", "3. deal 1Z"), "action 3 .* is illegal: '1Z' is not a card"),
    (lambda t: t + "[Seed 3]\n", "the headers come before the moves"),
    (lambda t: t + "5. {Blue}\n", "should be a move like '5. notation'"),
    (lambda t: edited(t, "[Seed 9]", '[Seed 9]\n[Start "round 1"]'), "start cannot be set up: card-commander has no"),
])
def test_a_bad_record_is_refused_with_the_reason(change, match):
    with pytest.raises(ValueError, match=match):
        record.read(CC, change(record_of()))


@pytest.mark.parametrize(("text", "match"), [
    (None, "a saved game is text, not NoneType"), (b"\xff", "UTF-8"), ("", "not a game record"),
    ("{}", "does not name its game"), ('{"game": "chess"}', "a game this engine does not have"),
    ("[Game \"chess\"]\n[Record 1]", "a game this engine does not have"), ("[" * 10000, "should be a header"),
])
def test_loading_either_form_without_a_game_names_the_problem(text, match):
    with pytest.raises(ValueError, match=match):
        read_saved(text)


def test_the_terminal_game_saves_and_loads_records_and_json(tmp_path):
    out = io.StringIO()
    moves = f"commander Karl\nsave {tmp_path / 'game.txt'}\nsave {tmp_path / 'game.json'}\nsave\nquit\n"
    final = play_in_terminal("card-commander", seed=5, stdin=io.StringIO(moves), stdout=out)
    said = " ".join(out.getvalue().split())  # the terminal wraps its lines to the screen's width
    assert f"saved the game as a record in {tmp_path / 'game.txt'}" in said
    assert f"saved the game as a save in {tmp_path / 'game.json'}" in said
    assert "save needs a file name" in said
    assert (tmp_path / "game.txt").read_text().startswith("# Card Commander")
    assert json.loads((tmp_path / "game.json").read_text())["game"] == "card-commander"
    for name in ("game.txt", "game.json"):
        loaded = load_saved(tmp_path / name)
        assert loaded == final and loaded.seed == 5
        again = play_in_terminal("card-commander", stdin=io.StringIO("quit\n"), stdout=io.StringIO(), state=loaded)
        assert again == final
    assert save_game(final, tmp_path / "x.JSON") == "save"


def test_capture_play_load_refuses_a_bad_file_and_a_mismatch(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("not a game\n")
    with pytest.raises(SystemExit) as info:
        main(["play", "--load", str(bad)])
    assert info.value.code == 2 and "not a game record" in capsys.readouterr().err
    good = tmp_path / "good.txt"
    save_game(CC.new_game(seed=3), good)
    for argv, match in ((["play", "command-capture", "--load", str(good)], "not 'command-capture'"),
                        (["play", "--load", str(good), "--seed", "4"], "--seed and --load"),
                        (["play", "--load", str(tmp_path / "missing.txt")], "cannot read"),
                        (["play"], "play needs a game"),
                        (["play", "--load", str(good), "--seat", "2"], "no seat 2"),
                        (["play", "card-commander", "--seed", "-1"], "a seed is a whole number from 0"),
                        (["simulate", "card-commander", "--option", "seed=3"], "unknown option 'seed'"),
                        (["simulate", "card-commander", "--option", "aces=3"], "bad value 3 for option 'aces'"),
                        (["simulate", "card-commander", "--seed", str(2**64 - 5), "--games", "10"],
                         "not 18446744073709551620")):
        with pytest.raises(SystemExit) as info:
            main(argv)
        # argparse writes its message to stderr; SystemExit("...") carries it for Python to print
        assert match in capsys.readouterr().err + str(info.value.code)
