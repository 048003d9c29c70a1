"""Every test budget in one place: how many random games, hypothesis examples and searched games a test plays.

One switch sets them all: ``CAPTURE_TEST_DEPTH``.

- ``ci`` (the default): what every run of the test command plays. Each budget is the smallest that still
  reaches what its test looks for (every option set, both win conditions, a tie that matters...), so the
  engine's tests fit beside the browser's in the test command's twelve minutes on two cores (the Measurements
  page's ``test-command``).
- ``deep``: what a release runs, ``CAPTURE_TEST_DEPTH=deep python -m pytest tests``: the budgets the tests
  had before they were cut for CI, several times longer (the fuzz tests' hypothesis examples also become
  fresh random ones each run, to find what the fixed ones never reach).

``CAPTURE_FUZZ_EXAMPLES=N`` is for a hunt by hand: that many fresh random examples for each fuzz test of
``tests/test_bad_input_fuzz.py``, whatever the depth.

Hypothesis's settings come from the profile of the same name (``ci`` or ``deep``, registered here and loaded
by ``tests/conftest.py``); a test sets only its number of examples, from here.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

#: The switch, and its choices.
DEPTH_ENV = "CAPTURE_TEST_DEPTH"
DEPTHS = ("ci", "deep")
DEPTH = os.environ.get(DEPTH_ENV, "ci").strip().lower() or "ci"
if DEPTH not in DEPTHS:
    raise ValueError(f"{DEPTH_ENV}={DEPTH!r}: choose one of {', '.join(DEPTHS)}")


def budget(ci: int, deep: int) -> int:
    """``ci`` or ``deep``, as ``CAPTURE_TEST_DEPTH`` says."""
    return deep if DEPTH == "deep" else ci


# ----- random games -------------------------------------------------------------------------------------------
#: The conformance suite (``tests/test_conformance.py``) plays one random game under each option set of every
#: game, and this many more under the default rules.
CONFORMANCE_DEFAULT_GAMES = budget(ci=0, deep=2)
#: Card Commander's properties (``tests/card_commander/test_properties.py``): random complete games, and how many
#: of the first are checked in full at every step.
CARD_COMMANDER_GAMES = budget(ci=400, deep=2000)
CARD_COMMANDER_FULL_GAMES = budget(ci=80, deep=300)
#: Card Commander's rule-based player against the random one (``tests/card_commander/test_ai.py``).
CARD_COMMANDER_AI_GAMES = budget(ci=900, deep=900)
#: Positions where Card Commander's players face a tie that cannot change the round
#: (``tests/ai/test_card_commander_extra.py``): the rule-based player's decisions, and the ``easy`` search's.
EXTRA_CARD_RULE_TIES = budget(ci=40, deep=200)
EXTRA_CARD_EASY_TIES = budget(ci=6, deep=30)
#: Capture the Commander's properties (``tests/capture_the_commander/test_ctc_properties.py``): random complete
#: games for each number of players.
CAPTURE_THE_COMMANDER_GAMES_PER_COUNT = budget(ci=300, deep=2000)
#: Command Capture's properties (``tests/command_capture/test_properties.py``): random complete games for each
#: pairing of civilizations (nine pairings).
COMMAND_CAPTURE_GAMES_PER_PAIRING = budget(ci=12, deep=60)
#: Command Capture's fast move generator against the plain one (``tests/command_capture/test_fast_path.py``).
COMMAND_CAPTURE_FAST_PATH_GAMES = budget(ci=20, deep=60)
#: Command Capture's bad input (``tests/command_capture/test_bad_input.py``): position texts with a few characters
#: changed, and random words played as notation.
COMMAND_CAPTURE_FUZZED_POSITIONS = budget(ci=1500, deep=10_000)
COMMAND_CAPTURE_FUZZED_NOTATION = budget(ci=2000, deep=20_000)
#: Medieval Capture's properties (``tests/medieval_capture/test_properties.py``).
MEDIEVAL_CAPTURE_GAMES = budget(ci=100, deep=500)

# ----- the course levels' proofs -------------------------------------------------------------------------------
#: ``tests/teaching/test_level_proofs.py``: the positions a proof against every reply of the other side is
#: estimated to look at, at most (a level whose tree is estimated larger is checked against replies drawn at random
#: instead), and the searches with replies drawn at random, each with its own draws, for each of those levels.
LEVEL_EVERY_REPLY_POSITIONS = budget(ci=100_000, deep=2_000_000)
LEVEL_SAMPLED_SEARCHES = budget(ci=8, deep=64)

# ----- hypothesis examples ------------------------------------------------------------------------------------
#: Each fuzz test of ``tests/test_bad_input_fuzz.py``, for each game (``CAPTURE_FUZZ_EXAMPLES`` overrides it).
FUZZ_EXAMPLES = int(os.environ.get("CAPTURE_FUZZ_EXAMPLES", "0")) or budget(ci=25, deep=60)
#: Sequences of forty messages sent to each board (``tests/test_board_secrets.py``), for each game and mode.
MESSAGE_SEQUENCES = budget(ci=2, deep=4)

settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("deep", derandomize=False, database=None, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def load_hypothesis_profile() -> None:
    """Make the depth's profile hypothesis's default (``tests/conftest.py``, before any test module is read);
    ``CAPTURE_FUZZ_EXAMPLES`` asks for fresh random examples, as ``deep`` does."""
    hunting = bool(os.environ.get("CAPTURE_FUZZ_EXAMPLES"))
    settings.load_profile("deep" if hunting else DEPTH)
