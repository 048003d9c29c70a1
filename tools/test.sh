#!/usr/bin/env bash
# Set up (first time only) and run every test: lint, unit and property tests, the notebooks under
# nbval, the strict book build, and the browser tests (Debian's chromium, firefox-esr and WebKitGTK's
# driver are installed if missing).
#
#   bash tools/test.sh           everything, on two pytest workers, the book's build started first
#   bash tools/test.sh --fast    the engine's tests alone (no book, notebook or browser): a few minutes
#   bash tools/test.sh ARGS      ARGS go to pytest (a file, -k EXPR, --durations=20, -n 0 for one process)
#
# Budgets (random games, hypothesis examples) are CI's unless CAPTURE_TEST_DEPTH=deep (tests/budgets.py).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/tools/setup.sh" test
cd "$ROOT"

fast=0
if [ "${1:-}" = "--fast" ]; then
  fast=1
  shift
fi

echo "==> ruff"
ruff check .

if [ "$fast" = "1" ]; then
  echo "==> pytest, the engine's tests (no book, notebooks or browsers)"
  exec python -m pytest tests -m "not browser and not book and not slow" -n 2 --dist loadgroup \
    -p no:cacheprovider "$@"
fi

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

# Brotli at quality 9, not 11 (book/_ext/precompress.py), for every book this run builds (the strict build,
# and the small books the packaging and new-game tests build, which take its kept copies only at its quality):
# a fresh clone has no kept copies, and 11 costs 80 s more a build for copies a tenth smaller.
export CAPTURE_BROTLI_QUALITY=9

# The strict book build, started now (for the whole run, not for a chosen subset) so that it runs beside the
# engine's tests; the tests that need the book wait for it (tests/conftest.py, built_book) and read its log.
if [ "$#" -eq 0 ]; then
  CAPTURE_TEST_BUILD="$(mktemp -d "${TMPDIR:-/tmp}/capture-test-build.XXXXXX")"
  export CAPTURE_TEST_BUILD
  echo "==> building the book (strict) in the background: $CAPTURE_TEST_BUILD/log"
  setsid bash -c 'python -m capture_lib.cli book --strict >"$CAPTURE_TEST_BUILD/log" 2>&1
    echo $? >"$CAPTURE_TEST_BUILD/returncode.part"; mv "$CAPTURE_TEST_BUILD/returncode.part" "$CAPTURE_TEST_BUILD/returncode"' &
  build=$!
  # A run stopped early (Ctrl-C, a failure in collection) stops the build too.
  trap 'kill -- "-$build" 2>/dev/null || true' EXIT
fi

if [ "$#" -gt 0 ]; then
  echo "==> pytest $*"
  exec python -m pytest -p no:cacheprovider "$@"
fi

# Two pytest processes side by side, one a core: the book's tests (the built book, the browsers; marked "book"
# by tests/conftest.py), which wait for the build, and everything else with the notebooks under nbval, then a
# few of the book's tests (marked "after_engine"), so that both end at about the same time. (xdist's
# groups, tried first, sent one notebook's cells to both workers, each with a kernel of its own.) Each process
# writes a JUnit report beside the build's log, every test's time in it: what balancing the two reads
# (bench/bench_test_command.py --keep-logs keeps them and sums them by module).
book_log="$CAPTURE_TEST_BUILD/book-tests.log"
echo "==> pytest, the book and the browsers, beside the rest: $book_log"
python -m pytest tests -m "book and not after_engine" -p no:cacheprovider -p no:xdist --durations=30 \
  --junitxml="$CAPTURE_TEST_BUILD/book-tests.xml" >"$book_log" 2>&1 &
book_tests=$!
echo "==> pytest (unit, property, notebooks under nbval)"
status=0
python -m pytest tests book --nbval -m "not book or after_engine" -p no:cacheprovider -p no:xdist --durations=30 \
  --junitxml="$CAPTURE_TEST_BUILD/engine-tests.xml" || status=$?
book_status=0
wait "$book_tests" || book_status=$?
echo "==> pytest, the book and the browsers (its log)"
cat "$book_log"
if [ "$status" -ne 0 ] || [ "$book_status" -ne 0 ]; then
  echo "!! tests failed: the engine's and notebooks' run exited $status, the book's run $book_status"
  exit 1
fi
