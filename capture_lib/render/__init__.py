"""What a board looks like, for every game: the shared pictures and page side of the boards.

One renderer per medium draws any game's scene (``capture_lib.core.scene``): ``picture`` as SVG (the
book's pictures and printed sheets), ``web`` the board's ES module and stylesheet as anywidget and the
book load them, and ``text`` for the terminal (with ``paint``, its colours); ``look`` holds the palette
and the looks every medium shares.
"""
