"""What a board looks like, for every game: the shared pictures and page side of the boards.

``svg`` holds the SVG helpers and the colour palette, ``text`` and ``paint`` the terminal's drawing
helpers, and ``web`` the board's ES module and stylesheet as anywidget and the book load them.
"""
