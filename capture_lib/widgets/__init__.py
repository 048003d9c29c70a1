"""Board widgets (anywidget) for JupyterLab, Voila and the static book; needs the ``widgets`` extra."""
