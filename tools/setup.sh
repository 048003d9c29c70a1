#!/usr/bin/env bash
# Shared set-up for the two README commands: a virtual environment in .venv with the project installed.
# Usage: source tools/setup.sh EXTRA   (EXTRA is "book", or "test": the book and cluster extras and the test tools)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EXTRA="${1:-test}"
PYTHON="${PYTHON:-python3}"
cd "$ROOT"
# The live book's browser runtime (Pyodide, pinned in package-lock.json), and for the tests and benches its
# development tools (Lighthouse): `npm ci` when node_modules lacks them or the lock changed since the last
# install. Without npm the book still builds, but not live.
NPM_STAMP="node_modules/.capture-installed-$EXTRA"
npm_install() {
  if [ ! -f "$NPM_STAMP" ] || [ package-lock.json -nt "$NPM_STAMP" ]; then
    if command -v npm >/dev/null 2>&1; then
      if [ "$EXTRA" = "book" ] && [ -f node_modules/.capture-installed-test ] && [ ! package-lock.json -nt node_modules/.capture-installed-test ]; then
        touch "$NPM_STAMP"  # the test install holds everything the book needs
      elif [ "$EXTRA" = "book" ]; then
        echo "==> installing the live book's runtime with npm ci (Pyodide, from package-lock.json)"
        npm ci --omit=dev --no-audit --no-fund --loglevel=error
        touch "$NPM_STAMP"
      else
        echo "==> installing the live book's runtime and test tools with npm ci (Pyodide, Lighthouse)"
        npm ci --no-audit --no-fund --loglevel=error
        touch "$NPM_STAMP"
      fi
    else
      echo "!! npm is missing: the book's boards will not go live (install Node.js 20 or newer and npm)"
    fi
  fi
}
# npm's install runs beside pip's (they share nothing: on a fresh clone about 10 s of the set-up's 45).
npm_install &
npm_job=$!
if [ ! -x .venv/bin/python ]; then
  echo "==> creating the virtual environment in .venv"
  "$PYTHON" -m venv .venv
fi
# Re-install only when pyproject.toml changed since the last install.
STAMP=".venv/.capture-installed-$EXTRA"
if [ ! -f "$STAMP" ] || [ pyproject.toml -nt "$STAMP" ]; then
  .venv/bin/python -m pip install --quiet --upgrade "pip>=25.1"  # 25.1: --group (PEP 735 dependency groups)
  if [ "$EXTRA" = "test" ]; then
    # The test tools are pyproject.toml's dependency group "test", beside the extras they test.
    echo "==> installing capture_lib with its book and cluster extras and the test tools (first time: a few minutes)"
    .venv/bin/python -m pip install --quiet -e ".[book,cluster]" --group test
  else
    echo "==> installing capture_lib with the '$EXTRA' extra (first time: a few minutes)"
    .venv/bin/python -m pip install --quiet -e ".[$EXTRA]"
  fi
  touch "$STAMP"
fi
export PATH="$ROOT/.venv/bin:$PATH"
if ! wait "$npm_job"; then
  echo "!! npm ci failed (its messages are above)"
  exit 1
fi
