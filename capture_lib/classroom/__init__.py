"""``capture serve``: the built live book as static files for a class, or Voila with a token.

``static`` serves the book's folder (each student's browser runs the engine); ``voila`` runs the play
pages in Voila, with ``auth`` (the token), ``limits`` (kernels per page, per student and in all) and
``kernel`` (what a failing kernel shows the student).
"""
