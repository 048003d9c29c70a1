"""The book's helpers: the build, the notebooks' outputs (rulings, galleries), the rules indexes, the play
pages and the printable one-page summaries."""
