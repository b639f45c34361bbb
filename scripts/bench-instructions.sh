#!/usr/bin/env bash
# Per-report cost counted in instructions (valgrind's callgrind), which, unlike time, does not
# depend on what else the shared machine is doing.
#
#   bash scripts/bench-instructions.sh [SMALL [LARGE]]            the batch: `report-gen batch --jobs 1`
#       against the C program replaying the same spray-report page (Benchmarks/baseline.c --replay);
#       run scripts/bench.sh once first (it builds both programs and dumps the page)
#   bash scripts/bench-instructions.sh canonical [SMALL [LARGE]]  the peers' canonical page:
#       report-gen as shipped (static build) against the C floor (../shared/bench/floor); run
#       scripts/bench.sh peers once first
#
# Each program runs twice, on SMALL and on LARGE reports; the difference divided by LARGE - SMALL
# is the cost of one more report, without start-up (default 20 60, about 4 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
export SWIFT_DETERMINISTIC_HASHING=1  # Swift seeds its hashing per process; counts repeat with a fixed seed
mode=batch
if [[ ${1:-} == canonical ]]; then mode=canonical; shift; fi
small=${1:-20}
large=${2:-60}
(( large > small )) || { echo "bench-instructions: LARGE must be more than SMALL" >&2; exit 64; }
command -v valgrind >/dev/null || { echo "bench-instructions: valgrind is not installed (apt-get install valgrind)" >&2; exit 69; }
if [[ $mode == canonical ]]; then
  work=.build/bench-peers
  for needed in .build/bench-floor .build-static/release/report-gen "$work/canonical-1000.jsonl"; do
    [[ -e $needed ]] || { echo "bench-instructions: $needed is missing; run scripts/bench.sh peers first" >&2; exit 66; }
  done
else
  work=.build/bench
  for needed in .build/bench-baseline .build/release/report-gen "$work/page.txt" "$work/jobs-1000.jsonl"; do
    [[ -e $needed ]] || { echo "bench-instructions: $needed is missing; run scripts/bench.sh first" >&2; exit 66; }
  done
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Instructions the command executed, as callgrind counts them.
count() {
  valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" "$@" >/dev/null 2>"$out/log" ||
    { cat "$out/log" >&2; exit 1; }
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/log"
}

per_job() { # runs "$@" with @N@ replaced by SMALL and LARGE; prints instructions per extra job
  # (a placeholder no path holds: mktemp's folder names are random letters, N among them)
  local a b
  a=$(count "${@//@N@/$small}")
  b=$(count "${@//@N@/$large}")
  echo $(( (b - a) / (large - small) ))
}

if [[ $mode == canonical ]]; then
  for n in "$small" "$large"; do head -"$n" "$work/canonical-1000.jsonl" >"$out/jobs-$n.jsonl"; mkdir -p "$out/c-$n"; done
  c=$(per_job .build/bench-floor batch @N@ "$out/c-@N@")
  swift=$(per_job .build-static/release/report-gen batch "$out/jobs-@N@.jsonl" -o "$out/rg-@N@" --jobs 1 --quiet \
    --template Benchmarks/canonical/template.json --tokens Benchmarks/canonical/tokens.json)
  what="the canonical page: C floor (plain PDF)|report-gen, PDF/A-3b + PDF/UA-1"
else
  for n in "$small" "$large"; do head -"$n" "$work/jobs-1000.jsonl" >"$out/jobs-$n.jsonl"; mkdir -p "$out/c-$n"; done
  c=$(per_job .build/bench-baseline --replay "$work/page.txt" @N@ "$out/c-@N@")
  swift=$(per_job .build/release/report-gen batch "$out/jobs-@N@.jsonl" -o "$out/rg-@N@" --jobs 1 --quiet)
  what="the batch's page: C baseline replaying it|report-gen batch --jobs 1"
fi
# A run that fails early counts the same for SMALL and LARGE reports: say so rather than print 0.
(( c > 0 && swift > 0 )) || { echo "bench-instructions: a count did not grow with the reports (C $c, report-gen $swift); did a run fail?" >&2; exit 1; }
awk -v c="$c" -v s="$swift" -v what="$what" 'BEGIN {
  split(what, names, "|")
  printf "instructions per report (callgrind, reports beyond start-up), %s\n", substr(names[1], 1, index(names[1], ":") - 1)
  printf "  %-40s %.2f M\n", substr(names[1], index(names[1], ":") + 2) ":", c / 1e6
  printf "  %-40s %.2f M\n", names[2] ":", s / 1e6
  printf "  ratio %.3f (goal at most 1.25)\n", s / c
}'
