#!/usr/bin/env bash
# Set up (first time only) and run every test: lint, unit and property tests, the notebooks under
# nbval, the strict book build, and the browser tests (Debian's chromium is installed if missing).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/tools/setup.sh" test
cd "$ROOT"

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "==> installing Debian's chromium for the browser tests"
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || echo "!! chromium could not be installed: the browser tests will be skipped"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || echo "!! chromium could not be installed: the browser tests will be skipped"
  else
    echo "!! cannot install chromium here (needs root or sudo): the browser tests will be skipped"
  fi
fi

echo "==> ruff"
ruff check .
echo "==> pytest (unit, property, notebooks, book build, browser)"
python -m pytest tests book --nbval -p no:cacheprovider "$@"
