"""The terminal game: a board session played at a prompt, drawn by the text renderer.

A layer above the games: ``play.play_in_terminal`` runs any game through the board session and prints its
scene with ``capture_lib.render.text``; nothing here knows a game, and no game imports it.
"""
