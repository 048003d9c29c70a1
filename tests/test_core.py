"""The shared core: options, saves, the registry, errors, chance, cards, docs and SVG helpers.

Card Commander serves as the game wherever a real game is needed, since it is the first one written.
"""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from types import SimpleNamespace
from xml.etree import ElementTree

import pytest

import capture_lib
from capture_lib import CHANCE, GameNotAvailable, IllegalAction, list_games, load_game
from capture_lib import games as registry
from capture_lib.bookkit.docs import find_ruling, options_markdown, ruling_markdown, rulings_markdown
from capture_lib.core import saves
from capture_lib.core.cards import RANKS, SUITS, Card, full_deck, is_red_card, pretty_card
from capture_lib.core.chance import derived_rng, pick_outcome
from capture_lib.core.options import Option, Ruling, resolve_options, shown
from capture_lib.core.protocol import Action
from capture_lib.core.scene import Area, Piece, Scene, Space
from capture_lib.render import look
from capture_lib.render.picture import to_svg
from tests import registry as tests_registry

CC = load_game("card-commander")


def started(seed=7, **options):
    """A Card Commander game with Commanders chosen and the deal resolved from the seed."""
    return CC.new_game(seed=seed, **options).play("commander Karl").play("commander Joanne").resolve_chance()


# ----- options ----------------------------------------------------------------------------------------------


FLAG = Option("flag", False, (False, True), "a yes-or-no variant")
COUNT = Option("count", 3, (1, 2, 3), "a number of things")
WORD = Option("word", "a", ("a", "b"), "a choice of words")


@pytest.mark.parametrize(("option", "value"), [(FLAG, True), (FLAG, False), (COUNT, 2), (WORD, "b")])
def test_an_option_accepts_its_choices(option, value):
    assert option.check(value) == value


@pytest.mark.parametrize(("option", "value"), [(FLAG, 1), (FLAG, 0), (FLAG, "True"), (COUNT, True), (COUNT, 2.0),
                                               (COUNT, "2"), (COUNT, 4), (WORD, "A"), (WORD, None)])
def test_an_option_refuses_anything_else_and_names_the_choices(option, value):
    with pytest.raises(ValueError, match=f"bad value .* for option '{option.name}'; choose one of: ") as info:
        option.check(value)
    for choice in option.choices:
        assert repr(choice) in str(info.value)


def test_resolve_options_fills_defaults_and_names_valid_options():
    assert resolve_options("x", (FLAG, COUNT), {}) == {"flag": False, "count": 3}
    assert resolve_options("x", (FLAG, COUNT), {"count": 1}) == {"flag": False, "count": 1}
    with pytest.raises(ValueError, match="unknown option 'colour' for x; valid options: count, flag"):
        resolve_options("x", (FLAG, COUNT), {"colour": "red"})
    with pytest.raises(ValueError, match=r"valid options: \(none\)"):
        resolve_options("x", (), {"colour": "red"})


def test_options_are_checked_by_new_game():
    with pytest.raises(ValueError, match="unknown option 'Aces'.*valid options: aces, extra_card_bonus, "
                                         "play_all_rounds, same_commander"):
        CC.new_game(seed=1, Aces=False)
    with pytest.raises(ValueError, match="choose one of: True, False"):
        CC.new_game(seed=1, aces=0)
    assert CC.new_game(seed=1, aces=False).options["aces"] is False


def test_a_new_game_without_a_seed_gets_one():
    state = CC.new_game()
    assert isinstance(state.seed, int) and 0 <= state.seed < 2**32


def test_a_ruling_defaults():
    ruling = Ruling("k", "Title", "Q?", "R.", "Because.")
    assert ruling.option is None and ruling.related == ()


# ----- errors and the protocol ------------------------------------------------------------------------------


def test_illegal_action_is_a_value_error_that_names_the_rule():
    err = IllegalAction("place 2H 3H 4H: Blue does not hold 2H", rule="Blue does not hold 2H")
    assert isinstance(err, ValueError)
    assert err.rule == "Blue does not hold 2H"
    assert IllegalAction("x").rule == ""
    assert issubclass(GameNotAvailable, LookupError)


def test_an_illegal_action_leaves_the_state_unchanged():
    state = started()
    before = (saves.dump(state), state._key(), state.history, state.observation(0), state.observation(1))
    not_held = next(c for c in full_deck() if c not in state.hands[0] and c.rank not in ("J", "Q", "K"))
    for action in (f"place {not_held} {state.hands[0][0]} {state.hands[0][1]}", "pass", "deal 2C", "nonsense", 7):
        with pytest.raises(IllegalAction) as info:
            state.play(action)
        assert str(info.value) and info.value.rule
        assert (saves.dump(state), state._key(), state.history, state.observation(0),
                state.observation(1)) == before


def test_play_returns_a_new_state_and_leaves_the_old_one():
    state = started()
    legal = state.legal_actions()[0]
    after = state.play(legal)
    assert after is not state
    assert len(state.history) == 22 and len(after.history) == 23
    assert after.history[-1] == legal
    assert state.placed == (None, None)


def test_actions_compare_by_type_and_notation():
    class Move(Action):
        def __init__(self, text):
            self.text = text

        def __str__(self):
            return self.text

    class Other(Move):
        pass

    assert Move("a") == Move("a") and Move("a") != Move("b")
    assert Move("a") != Other("a")
    assert hash(Move("a")) == hash(Move("a"))
    assert repr(Move("a")) == "Move('a')"
    assert Move("a") != "a"


def test_states_are_equal_by_position_and_hashable():
    a, b = started(seed=3), started(seed=3)
    assert a == b and hash(a) == hash(b)
    assert a != started(seed=4)
    assert len({a, b}) == 1
    assert a.__eq__("not a state") is NotImplemented


def test_observation_checks_the_seat():
    state = started()
    for seat in (-1, 2, True, "1", None):
        with pytest.raises(ValueError, match="no seat"):
            state.observation(seat)


def test_chance_is_seat_minus_one_and_seeded_chance_is_reproducible():
    assert CHANCE == -1
    assert derived_rng(5, 3).random() == derived_rng(5, 3).random()
    assert derived_rng(5, 3).random() != derived_rng(5, 4).random()
    state = CC.new_game(seed=9).play("commander Karl").play("commander Joanne")
    assert state.current_player == CHANCE
    assert state.play_chance() == state.play_chance()
    assert state.resolve_chance() == state.resolve_chance()
    assert state.resolve_chance().current_player == 0


def test_pick_outcome_walks_the_probabilities():
    outcomes = [("a", Fraction(1, 4)), ("b", Fraction(1, 2)), ("c", Fraction(1, 4))]

    class Fixed(random.Random):
        def __init__(self, x):
            super().__init__(0)
            self.x = x

        def random(self):
            return self.x

    assert pick_outcome(outcomes, Fixed(0.0)) == "a"
    assert pick_outcome(outcomes, Fixed(0.3)) == "b"
    assert pick_outcome(outcomes, Fixed(0.74)) == "b"
    assert pick_outcome(outcomes, Fixed(0.8)) == "c"
    assert pick_outcome(outcomes, Fixed(0.9999999)) == "c"
    with pytest.raises(ValueError, match="no chance outcomes"):
        pick_outcome([], Fixed(0.5))


def test_replay_plays_explicit_chance_outcomes_and_can_stop_before_chance():
    state = CC.replay(4, ["commander Karl", "commander Joanne", "deal 7D"], resolve_chance=False)
    assert state.hands[0] == (Card("7", "D"),)
    assert state.current_player == CHANCE
    full = CC.replay(4, ["commander Karl", "commander Joanne", "deal 7D"])
    assert full.current_player == 0 and Card("7", "D") in full.hands[0]
    with pytest.raises(IllegalAction):
        CC.replay(4, ["commander Karl", "commander Karl"])


def test_a_game_without_a_position_format_says_so():
    with pytest.raises(ValueError, match="no position text format"):
        CC.from_position("anything")
    assert repr(CC) == "<game card-commander>"


# ----- saves ------------------------------------------------------------------------------------------------


def test_a_save_holds_the_game_seed_options_and_notation():
    state = started(seed=12, aces=False)
    data = json.loads(saves.dump(state))
    assert data == {"format": "capture-lib-save", "version": 2, "game": "card-commander", "seed": 12,
                    "options": state.options, "start": None, "history": [str(a) for a in state.history],
                    "reached": {"to_act": 0, "winners": []}}
    assert set(data["options"]) == {o.name for o in CC.options}  # every option, defaults included
    loaded = saves.load(CC, saves.dump(state))
    assert loaded == state and loaded.seed == 12 and loaded.options == state.options
    assert saves.load(CC, saves.dump(state).encode()) == state


@pytest.mark.parametrize("text", ["", " ", "nul", "{'format': 1}", "[1, 2]", "1", "true", '"save"', "{}",
                                  '{"format": "capture-lib-save"}', b"\xff\xfe\xfd", "\ud800",
                                  '{"format": "capture-lib-save", "version": 1}'])
def test_loading_garbage_is_a_clear_value_error(text):
    with pytest.raises(ValueError) as info:
        saves.load(CC, text)
    assert not isinstance(info.value, IllegalAction)
    assert "save" in str(info.value) or "JSON" in str(info.value)


@pytest.mark.parametrize("value", [None, 3, 2.5, ["{}"], {"format": "capture-lib-save"}, bytearray(b"{}")])
def test_loading_something_that_is_not_text(value):
    with pytest.raises(ValueError, match="JSON text"):
        saves.load(CC, value)


@pytest.mark.parametrize(("change", "match"), [
    ({"format": "other"}, "not a saved game"),
    ({"version": 0}, "version 0 is not supported"),
    ({"version": True}, "'version' field has the wrong type"),
    ({"game": "medieval-capture"}, "is for 'medieval-capture', not 'card-commander'"),
    ({"game": ["card-commander"]}, "'game' field has the wrong type"),
    ({"seed": "12"}, "'seed' field has the wrong type"),
    ({"seed": False}, "'seed' field has the wrong type"),
    ({"options": None}, "'options' field has the wrong type"),
    ({"options": {"aces": "no"}}, "bad value 'no' for option 'aces'"),
    ({"options": {"jokers": 2}}, "made under other rules: unknown option 'jokers' for Card Commander"),
    ({"options": {"seed": 2}}, "unknown option 'seed'"),
    ({"options": {"self": 2}}, "unknown option 'self'"),
    ({"options": {"aces": True}}, "does not say how to set same_commander .*extra_card_bonus"),
    ({"version": 3}, "version 3 is not supported .*made by another engine"),
    ({"version": 10**30}, "version 1000000000000000000000000000000 is not supported"),
    ({"seed": -1}, "seed: a seed is a whole number from 0 to 2\\*\\*64 - 1, not -1"),
    ({"seed": 2**64}, "seed: a seed is a whole number from 0 to 2"),
    ({"seed": 10**4000}, "not a number of about 4000 digits"),
    ({"seed": None}, r"'seed' field has the wrong type \(null\)"),
    ({"reached": {"to_act": 1, "winners": []}}, "made under other rules: after its 22 actions the save says"),
    ({"reached": None}, "'reached' field has the wrong type"),
    ({"history": None}, "'history' field has the wrong type"),
    ({"history": ["commander Karl", 3]}, "action 2 is not notation text"),
    ({"history": ["commander Karl", "commander Karl"]}, r"action 2 \('commander Karl'\) is illegal"),
    ({"history": ["place 2S 3S 4S"]}, "action 1 .* is illegal"),
    ({"history": ["commander Karl", "commander Joanne", "coin Red"]}, "action 3 .* is illegal"),
    ({"start": 1}, "'start' field must be position text or null"),
    ({"start": ["x"]}, "'start' field must be position text or null"),
])
def test_a_tampered_save_is_refused_with_the_reason(change, match):
    data = json.loads(saves.dump(started(seed=12)))
    data.update(change)
    with pytest.raises(ValueError, match=match) as info:
        saves.load(CC, json.dumps(data))
    assert not isinstance(info.value, IllegalAction)


def test_a_save_without_reached_is_refused_but_a_version_1_save_is_read():
    data = json.loads(saves.dump(started(seed=12)))
    del data["reached"]
    with pytest.raises(ValueError, match="no 'reached' field"):
        saves.load(CC, json.dumps(data))
    data["version"] = 1  # version 1 saves had every field but 'reached'
    assert saves.load(CC, json.dumps(data)) == started(seed=12)


@pytest.mark.parametrize(("text", "match"), [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"format": "capture-lib-save", "version": 2, "seed": ' + "9" * 5000 + "}", "a number too long"),
    ("{" * 50_000, "not valid JSON|nested too deeply"),
], ids=["deep", "long-number", "unclosed"])
def test_json_that_python_cannot_read_is_a_clear_value_error(text, match):
    with pytest.raises(ValueError, match=match):
        saves.load(CC, text)


@pytest.mark.parametrize(("seed", "match"), [
    (-1, "from 0 to 2\\*\\*64 - 1, not -1"), (2**64, "not 18446744073709551616"),
    (10**5000, "not a number of about 5000 digits"), (1.5, "seed must be an int"), (True, "seed must be an int"),
], ids=["negative", "2**64", "5000-digits", "float", "bool"])
def test_a_seed_is_a_whole_number_of_64_bits(seed, match):
    with pytest.raises(ValueError, match=match):
        CC.new_game(seed=seed)
    with pytest.raises(ValueError, match=match):
        load_game("command-capture").from_position("srakfars/iiiixiii/8/8/8/8/LLLXLLLL/SCAKFACS b RE", seed=seed)
    assert CC.new_game(seed=2**64 - 1).seed == 2**64 - 1


@pytest.mark.parametrize("name", ["self", "seed_", "text", "__class__", "Aces"])
def test_an_option_of_any_name_gets_the_options_message(name):
    with pytest.raises(ValueError, match=f"unknown option '{name}' for card-commander"):
        CC.new_game(seed=1, **{name: True})


@pytest.mark.parametrize(("value", "shown_as"), [
    (10**5000, "a number of about 5000 digits"), ("x" * 5000, "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"),
    ([[[[1]]]], "[[[...]]]"), (7, "7"), ({"a": 1}, "{'a': 1}"),
], ids=["long-number", "long-text", "nested", "number", "object"])
def test_bad_option_values_are_shown_short(value, shown_as):
    with pytest.raises(ValueError) as info:
        COUNT.check(value)
    assert shown(value) == shown_as
    assert shown_as in str(info.value) and len(str(info.value)) < 200


def test_a_save_of_a_finished_game_round_trips():
    state = started(seed=2)
    while not state.is_over:
        state = state.play(state.legal_actions()[0]).resolve_chance()
    assert saves.load(CC, saves.dump(state)) == state
    assert saves.load(CC, saves.dump(state)).winners == state.winners
    assert saves.dump(state) == saves.dump(state)


# ----- the registry -----------------------------------------------------------------------------------------


def test_the_registry_lists_the_shipped_games_in_the_books_order_then_the_ones_registered():
    names = registry.list_games()
    assert names == list_games() and [d.slug for d in registry.descriptions()] == names
    shipped = [slug for slug in names if tests_registry.shipped(slug)]
    assert names[:len(shipped)] == shipped  # the shipped games first
    assert shipped == tests_registry.chapters(), "the registry's order is the book's (_toc.yml)"
    assert "toy-game" in names[len(shipped):]  # registered by the tests, after the shipped games
    assert load_game("card-commander") is load_game("card-commander") is CC
    assert capture_lib.load_game is load_game
    assert registry.describe("card-commander").game is CC


def test_an_unknown_game_is_not_available():
    with pytest.raises(GameNotAvailable, match=f"no game called 'chess'; games are: {', '.join(list_games())}$"):
        load_game("chess")
    with pytest.raises(GameNotAvailable):
        load_game("Card-Commander")


def test_a_game_registered_twice_is_listed_once_and_an_unregistered_one_is_gone(monkeypatch):
    monkeypatch.setattr(registry, "PACKAGES", list(registry.PACKAGES))  # this test's own list, put back after it
    before = registry.list_games()
    assert registry.register(tests_registry.TOY).slug == "toy-game" and registry.list_games() == before
    registry.unregister(tests_registry.TOY)
    assert registry.list_games() == [slug for slug in before if slug != "toy-game"]
    with pytest.raises(GameNotAvailable, match="no game called 'toy-game'"):
        load_game("toy-game")
    registry.register(tests_registry.TOY)
    assert load_game("toy-game").title == "Trap Race"


def test_a_games_parts_are_imported_only_when_asked_for():
    code = ("import sys, capture_lib; capture_lib.load_game('medieval-capture'); "
            "print(sorted(m for m in sys.modules if m.startswith('capture_lib.games.medieval_capture.')))")
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "rules" in out and "players" not in out and "lessons" not in out and "render" not in out


# ----- cards ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "rank", "suit"), [
    ("10D", "10", "D"), ("TD", "10", "D"), ("td", "10", "D"), ("10\u2666", "10", "D"), ("QS", "Q", "S"),
    ("qs", "Q", "S"), (" 7h ", "7", "H"), ("A\u2663", "A", "C"), ("2c", "2", "C"), ("K\u2665", "K", "H"),
    ("J\u2660", "J", "S"),
])
def test_card_notation_is_read(text, rank, suit):
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert Card.parse(str(card)) == card


@pytest.mark.parametrize("text", ["", " ", "D", "10", "1D", "11S", "0S", "XD", "10X", "D10", "10DD", "AA", "\u2666",
                                  "10 D", "1\u2666"])
def test_bad_card_notation_is_refused(text):
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(text)


def test_a_card_checks_its_rank_and_suit():
    with pytest.raises(ValueError, match="no card rank '1'"):
        Card("1", "S")
    with pytest.raises(ValueError, match="no card suit 'X'"):
        Card("2", "X")


def test_card_values_and_colours():
    assert Card("A", "S").pips == 1
    assert [Card(r, "S").pips for r in RANKS[:9]] == list(range(2, 11))
    for face in ("J", "Q", "K"):
        with pytest.raises(ValueError, match="face card"):
            _ = Card(face, "H").pips
    assert Card("2", "H").is_red and Card("2", "D").is_red
    assert not Card("2", "S").is_red and not Card("2", "C").is_red
    assert Card("2", "S").order == 0 and Card("A", "S").order == 12
    assert Card("10", "D").pretty == "10\u2666" and str(Card("10", "D")) == "10D"
    assert Card("7", "S") == Card.parse("7s") and hash(Card("7", "S")) == hash(Card.parse("7s"))


def test_the_full_deck():
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52
    assert {c.suit for c in deck} == set(SUITS) and {c.rank for c in deck} == set(RANKS)


# ----- docs -------------------------------------------------------------------------------------------------


def fake_game():
    options = (Option("mode", "a|b", ("a|b", "c"), "picks | between things"), FLAG)
    rulings = (Ruling("first", "The first ruling", "What?", "This.", "Since.", option="mode"),
               Ruling("second", "The second ruling", "Why?", "That.", "Because."))
    return SimpleNamespace(slug="fake", options=options, rulings=rulings)


def test_options_markdown_is_a_table_with_escaped_pipes():
    table = options_markdown(fake_game()).splitlines()
    assert table[0] == "| option | default | choices | meaning |"
    assert table[1] == "| --- | --- | --- | --- |"
    assert len(table) == 4
    assert table[2] == "| `mode` | `'a|b'` | `'a|b'`, `'c'` | picks \\| between things |"
    assert table[3] == "| `flag` | `False` | `False`, `True` | a yes-or-no variant |"
    cc = options_markdown(CC).splitlines()
    assert len(cc) == 2 + len(CC.options)


def test_a_ruling_is_a_myst_box():
    game = fake_game()
    box = ruling_markdown(game.rulings[0], game)
    lines = box.splitlines()
    assert lines[0] == ":::{admonition} Ruling: The first ruling"
    assert lines[1] == ":class: ruling"
    assert lines[2] == ":name: fake-ruling-first"  # the target of the ruling's note beside its rule
    assert lines[-1] == ":::"
    assert "**The question.** What?" in box and "**Our ruling.** This." in box and "**Why.** Since." in box
    # The other reading in players' words: the option's label and its choices, never its engine name.
    assert "variant: *mode*, c (this book's reading: a|b)" in box
    assert "variant (mode)" in ruling_markdown(game.rulings[0])
    assert "other reading" not in ruling_markdown(game.rulings[1], game)


def test_a_ruling_beside_its_rule_is_a_folded_note_linking_to_its_box():
    from capture_lib.bookkit.docs import ruling_note_html, ruling_note_markdown

    game = fake_game()
    note = ruling_note_markdown(game.rulings[0], game).splitlines()
    assert note[:2] == [":::{admonition} Ruling: The first ruling", ":class: ruling dropdown"]
    assert "This." in note and "{ref}`on the Rulings page <fake-ruling-first>`" in note[-2]
    assert "What?" not in note and "Since." not in note  # the question and the reason wait on the Rulings page
    page = ruling_note_html(game.rulings[0], game)
    assert page.startswith('<details class="capture-ruling"') and "<summary" in page and "open" not in page
    assert 'href="rulings.ipynb#fake-ruling-first"' in page


def test_rulings_markdown_and_find_ruling():
    game = fake_game()
    text = rulings_markdown(game)
    assert text.count(":::{admonition}") == 2
    assert text.index("The first ruling") < text.index("The second ruling")
    assert find_ruling(game, "second") is game.rulings[1]
    with pytest.raises(KeyError, match="fake has no ruling 'third'; rulings: first, second"):
        find_ruling(game, "third")
    assert rulings_markdown(CC).count(":::{admonition}") == len(CC.rulings)


# ----- pictures -----------------------------------------------------------------------------------------------


def _cards_scene(status: str = "") -> Scene:
    area = Area("hand", "a <hand>", "row", 0, 0, 140, 90)
    spaces = tuple(Space(f"s{i}", "hand", 35 + 70 * i, 45, 60, 84, "slot") for i in range(2))
    pieces = (Piece("back", "s0", "card", "", owner=0, tones=("back",), token="??"),
              Piece("face", "s1", "card", "7H", owner=0, tones=("red",), lines=("+1",), token="7H"))
    return Scene("fake", 140, 90, (area,), spaces, pieces, status=(status,) if status else ())


def test_pictures_escape_their_text_and_are_titled():
    doc = to_svg(_cards_scene('a "quoted" <status>'))
    assert doc.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')
    assert "<title>fake board. a &quot;quoted&quot; &lt;status&gt;</title>" in doc and "&lt;hand&gt;" in doc
    assert "<status>" not in doc and doc.endswith("</svg>")
    assert not re.search(r"id=\"[^\"]*[0-9a-f]{8}", doc)
    ElementTree.fromstring(doc)


def test_pictures_draw_cards_face_up_and_face_down():
    doc = to_svg(_cards_scene())
    blue = look.SEAT_COLOURS[0]
    assert doc.count(f'fill="{blue}" stroke="{blue}"') == 1  # the back, in its owner's colour
    assert ">7\u2665</text>" in doc and "#C0392B" in doc and ">+1</text>" in doc
    assert pretty_card("10D") == "10\u2666" and pretty_card("?") == "?"
    assert is_red_card("QH") and not is_red_card("QS")
    assert len(look.SEAT_COLOURS) == 4
