#!/usr/bin/env bash
# The batch's per-job cost counted in instructions (valgrind's callgrind), which, unlike time, does
# not depend on what else the shared machine is doing: `report-gen batch --jobs 1` against the C
# program replaying the same spray-report page (Benchmarks/baseline.c --replay).
#
# Each program runs twice, on SMALL and on LARGE jobs; the difference divided by LARGE - SMALL is
# the cost of one more job, without start-up (fonts, the C program's warm-up). Run
# scripts/bench.sh once first: it builds both programs and dumps the page.
#   bash scripts/bench-instructions.sh [SMALL [LARGE]]      (default 20 60, about 4 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
export SWIFT_DETERMINISTIC_HASHING=1  # Swift seeds its hashing per process; counts repeat with a fixed seed
small=${1:-20}
large=${2:-60}
(( large > small )) || { echo "bench-instructions: LARGE must be more than SMALL" >&2; exit 64; }
command -v valgrind >/dev/null || { echo "bench-instructions: valgrind is not installed (apt-get install valgrind)" >&2; exit 69; }
work=.build/bench
for needed in .build/bench-baseline .build/release/report-gen "$work/page.txt" "$work/jobs-1000.jsonl"; do
  [[ -e $needed ]] || { echo "bench-instructions: $needed is missing; run scripts/bench.sh first" >&2; exit 66; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Instructions the command executed, as callgrind counts them.
count() {
  valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" "$@" >/dev/null 2>"$out/log" ||
    { cat "$out/log" >&2; exit 1; }
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/log"
}

per_job() { # runs "$@" with N substituted, for SMALL and LARGE; prints instructions per extra job
  local a b
  a=$(count "${@//N/$small}")
  b=$(count "${@//N/$large}")
  echo $(( (b - a) / (large - small) ))
}

for n in "$small" "$large"; do head -"$n" "$work/jobs-1000.jsonl" >"$out/jobs-$n.jsonl"; mkdir -p "$out/c-$n"; done
c=$(per_job .build/bench-baseline --replay "$work/page.txt" N "$out/c-N")
swift=$(per_job .build/release/report-gen batch "$out/jobs-N.jsonl" -o "$out/rg-N" --jobs 1 --quiet)
awk -v c="$c" -v s="$swift" 'BEGIN {
  printf "instructions per job (callgrind, jobs beyond start-up):\n"
  printf "  C baseline replaying the page: %.2f M\n", c / 1e6
  printf "  report-gen batch --jobs 1:     %.2f M\n", s / 1e6
  printf "  ratio %.3f (goal at most 1.25)\n", s / c
}'
