#!/usr/bin/env bash
# The benchmarks: ReportKit against a minimal C program drawing the same page with cairo and Pango
# directly, in the same run (so the ratios hold on a busy machine).
#   1. rendering: one-page documents in one process (layout and PDF in memory), memory flat;
#   2. batch: `report-gen batch` on DOCUMENTS jobs and on LARGE jobs (jobs/s, peak memory), per-job
#      cost (CPU and wall time) against the C program replaying the same spray-report page,
#      --jobs 1 against --jobs 2. scripts/bench-instructions.sh then gives the per-job cost in
#      instructions, which the machine's load does not change.
#   bash scripts/bench.sh [DOCUMENTS [LARGE]]     (default 1000 10000; LARGE 0 leaves it out)
set -euo pipefail
cd "$(dirname "$0")/.."
documents="${1:-1000}"
large="${2:-10000}"
mkdir -p .build
cc -O2 -o .build/bench-baseline Benchmarks/baseline.c $(pkg-config --cflags --libs pangocairo pangoft2 fontconfig)
swift build -c release --product reportkit-bench 2>&1 | grep -vE "prohibited flag" | tail -1
swift build -c release --product report-gen 2>&1 | grep -vE "prohibited flag" | tail -1
.build/release/reportkit-bench --documents "$documents" --baseline .build/bench-baseline --check-flat-memory
echo
.build/release/reportkit-bench --batch docs/examples/herbicide-pl.json .build/release/report-gen .build/bench \
    --baseline .build/bench-baseline --documents "$documents" --large "$large"
