#!/usr/bin/env bash
# The leak check of docs/hardening.md:
#   1. valgrind (memcheck) over 100 whole reports in one process: no definite leak may remain
#      (fontconfig's own process-wide configuration aside: scripts/valgrind.supp);
#   2. 10,000 whole reports in one process: resident memory may not grow by more than 2 MiB
#      between the first tenth and the end.
#
#   bash scripts/leak-check.sh [REPORTS-UNDER-VALGRIND [REPORTS-FOR-FLAT-MEMORY]]
set -euo pipefail
cd "$(dirname "$0")/.."
under_valgrind=${1:-100}
flat=${2:-10000}

command -v valgrind >/dev/null || { echo "leak-check: valgrind is not installed (apt-get install valgrind)" >&2; exit 69; }
swift build -c release --product reportkit-bench 2>&1 | grep -v "prohibited flag\|^\[" >&2 || true
bench=.build/release/reportkit-bench
jobs=(Tests/Golden/inputs/en-*.json Tests/Golden/inputs/pl-*.json Tests/Golden/inputs/us-*.json Tests/Golden/inputs/app-entry.json docs/examples/*.json)

echo "1. valgrind memcheck, $under_valgrind reports"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if valgrind --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite --error-exitcode=3 \
     --suppressions=scripts/valgrind.supp --num-callers=40 "$bench" --reports "$under_valgrind" "${jobs[@]}" >"$log" 2>&1; then
  grep -E "reportkit-bench:|definitely lost:|indirectly lost:|possibly lost:|still reachable:|suppressed:|ERROR SUMMARY" "$log" | sed 's/^==[0-9]*== */   /'
  echo "   no definite leaks"
else
  cat "$log"
  echo "leak-check: FAIL: definite leaks (above)" >&2
  exit 1
fi

echo "2. flat memory, $flat reports"
"$bench" --reports "$flat" "${jobs[@]}" --check-flat-memory | sed 's/^/   /'
