"""Live boards in a real browser: the play pages in Voila and a chapter in JupyterLab."""
