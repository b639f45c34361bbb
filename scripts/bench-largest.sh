#!/usr/bin/env bash
# The largest jobs the validator accepts (Benchmarks/largest: every record field at its limit,
# 20 products with 200-character names; and the same at 1,000 tank loads) through every command
# that makes something of them: wall time (median of RUNS) and peak resident memory (GNU time).
# Figures in docs/performance.md; LargestJobTests asserts the memory bound (300 MB) on every run.
#
#   bash scripts/bench-largest.sh [RUNS] [REPORT_GEN]     default 5, .build/release/report-gen
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
rg=${2:-.build/release/report-gen}
[[ -x $rg ]] || { echo "bench-largest: $rg is missing; swift build -c release --product report-gen" >&2; exit 66; }
[[ -x /usr/bin/time ]] || { echo "bench-largest: GNU time is missing (apt-get install time)" >&2; exit 69; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
record=Benchmarks/largest/record.json loads=Benchmarks/largest/loads.json
# A season of five such jobs, as JSON Lines and as one JSON array.
python3 - "$record" "$work" <<'PY'
import json, sys
job = json.load(open(sys.argv[1]))
jobs = [dict(job, id=f"largest-{n}") for n in range(5)]
open(sys.argv[2] + "/season.jsonl", "w").write("".join(json.dumps(j, ensure_ascii=False) + "\n" for j in jobs))
json.dump(jobs, open(sys.argv[2] + "/season.json", "w"), ensure_ascii=False)
PY
measure() { # label, then the command's arguments
  local label=$1; shift
  local times=() peak=0
  for ((run = 0; run < runs; run++)); do
    rm -rf "$work/out" && mkdir "$work/out"
    /usr/bin/time -f "%e %M" -o "$work/time" "$rg" "$@" >/dev/null 2>"$work/err" || { echo "$label: failed: $(tail -1 "$work/err")"; return; }
    read -r seconds kilobytes <"$work/time"
    times+=("$seconds")
    (( kilobytes > peak )) && peak=$kilobytes
  done
  local median
  median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
  local pages=""
  for file in "$work"/out/*.pdf; do [[ -e $file ]] && pages+="$(pdfinfo "$file" 2>/dev/null | awk '/^Pages:/ { print $2 }') "; done
  printf '  %-40s %6.2f s  %5d MB  %s\n' "$label" "$median" $((peak / 1024)) "${pages:+pages: $pages}"
}
echo "the largest accepted jobs, $rg, median of $runs runs, peak memory of all runs"
measure "spray report (record at its limits)" "$record" -o "$work/out/report.pdf"
measure "spray report (1,000 loads)" "$loads" -o "$work/out/report.pdf"
measure "tank card (record at its limits)" "$record" --template tank-card -o "$work/out/card.pdf"
measure "history cover (5 such jobs)" "$work/season.json" --template history-summary -o "$work/out/cover.pdf"
measure "record, CSV (5 jobs)" record "$work/season.jsonl" -o "$work/out/record.csv"
measure "record, JSON (5 jobs)" record "$work/season.jsonl" -o "$work/out/record.json"
measure "register (one job, 20 lines)" record "$record" -o "$work/out/register.pdf"
measure "batch, a file each (5 jobs, --jobs 2)" batch "$work/season.jsonl" -o "$work/out" --jobs 2
measure "batch, one document (5 jobs)" batch "$work/season.jsonl" --combined "$work/out/season.pdf"
