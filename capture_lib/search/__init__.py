"""Computer players, written against the engine protocol and observations only.

A map for newcomers:

- ``levels``: players by name, what everything above uses: ``player_for(level)`` for the boards and
  the terminal (``LEVEL_NAMES``: random, beginner, rule, easy, medium, hard) and ``make_player(name, timed=...)``
  for the simulator and the analysis (also the ceiling ``oracle``);
- ``simple``: the random player, ``observation_rng`` (players seed from what they see, never from
  the game's seed itself), ``seat_seed`` and ``game_secret`` (a player's own seed for a game, and its
  secret there: one-way hashes of the game's seed) and the rule-based player of whichever game is
  played (``simple_player``);
- ``mcts`` and ``tuning``: the search, written once for every game, and how each game fits it;
- ``oracle``: the ceiling players, which know more than a seat may see (analysis only);
- each game's own players live in its folder, ``capture_lib/games/<game>/players/`` (its description's
  ``players`` part): its rule-based player (``rule``, ``RULE_PLAYER``), its fitting of the search
  (``search.TUNING``), and whatever else only that game needs; its ``LEVEL_PLAYERS`` may replace a
  level there, its ``ANALYSIS_PLAYERS`` add players of its own (Command Capture's levels are its own
  alpha-beta search and its former hard level stays as ``mcts-hard``; Capture the Commander's
  ``counter``).

Imports run one way (``tests/test_layers.py``): this package reads ``core`` and the registry of games,
never a game's players (it finds them through the game's description), the simulator, the analysis or
the interfaces.
"""
