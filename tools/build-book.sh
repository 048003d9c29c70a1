#!/usr/bin/env bash
# The main job: set up (first time only) and build the HTML book, then say where it is.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/tools/setup.sh" book
cd "$ROOT"
start=$(date +%s)
capture book
echo "Built in $(( $(date +%s) - start )) s."
