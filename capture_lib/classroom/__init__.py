"""A class on the teacher's machine: ``capture class``, ``capture serve`` and ``capture serve --voila``.

``server`` runs ``capture class`` (Tornado: the book's files, the class's pages and one WebSocket per device):
``room`` is the class (students, presence, pairing, the position shown to everyone, progress), ``tables`` a
table (one board session, each seat's own values, undo by consent), ``store`` its SQLite file, ``console`` the
teacher's view and the results, ``catalog`` the games, levels and exercises a class can use, and ``pages/``
the student's and the teacher's pages. ``web`` serves the book's files (``static``: ``capture serve``);
``voila`` runs the play pages in Voila, with ``auth`` (the token), ``limits`` (kernels per page, per student and
in all) and ``kernel`` (what a failing kernel shows the student).
"""
