"""Card Commander's tests (a package, so its module names cannot clash with other games' tests)."""
