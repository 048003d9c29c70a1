"""The hosts of a board session: the anywidget board (``widget``, needs the ``widgets`` extra), the
static pages of the book (``static``), the in-browser engine (``live``) and the terminal (``terminal``)."""
