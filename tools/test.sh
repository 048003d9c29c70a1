#!/usr/bin/env bash
# Set up (first time only) and run every test: lint, unit and property tests, the notebooks under
# nbval, the strict book build, and the browser tests (Debian's chromium, firefox-esr and WebKitGTK's
# driver are installed if missing).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/tools/setup.sh" test
cd "$ROOT"

# The browsers a class uses, from Debian: Chromium (driven by playwright), Firefox ESR (WebDriver BiDi) and
# WebKitGTK (WebKitWebDriver and its MiniBrowser, on an Xvfb screen). Installed with apt-get where missing
# and this runs as root or with sudo; otherwise the tests of a missing browser are skipped with a message.
missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
command -v firefox-esr >/dev/null 2>&1 || command -v firefox >/dev/null 2>&1 || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "==> installing Debian's ${missing[*]} for the browser tests"
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null) \
      || echo "!! ${missing[*]} could not be installed: the tests in those browsers will be skipped"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null) \
      || echo "!! ${missing[*]} could not be installed: the tests in those browsers will be skipped"
  else
    echo "!! cannot install ${missing[*]} here (needs root or sudo): the tests in those browsers will be skipped"
  fi
fi

echo "==> ruff"
ruff check .
echo "==> pytest (unit, property, notebooks, book build, browser)"
python -m pytest tests book --nbval -p no:cacheprovider "$@"
