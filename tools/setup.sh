#!/usr/bin/env bash
# Shared set-up for the two README commands: a virtual environment in .venv with the project installed.
# Usage: source tools/setup.sh EXTRA   (EXTRA is "book" or "test")
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EXTRA="${1:-test}"
PYTHON="${PYTHON:-python3}"
cd "$ROOT"
if [ ! -x .venv/bin/python ]; then
  echo "==> creating the virtual environment in .venv"
  "$PYTHON" -m venv .venv
fi
# Re-install only when pyproject.toml changed since the last install.
STAMP=".venv/.capture-installed-$EXTRA"
if [ ! -f "$STAMP" ] || [ pyproject.toml -nt "$STAMP" ]; then
  echo "==> installing capture_lib with the '$EXTRA' extra (first time: a few minutes)"
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".[$EXTRA]"
  touch "$STAMP"
fi
export PATH="$ROOT/.venv/bin:$PATH"
