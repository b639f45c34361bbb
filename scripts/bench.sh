#!/usr/bin/env bash
# The rendering benchmark: ReportKit against a minimal C program drawing the same page with cairo
# and Pango directly, in the same run (so the ratio holds on a busy machine).
#   bash scripts/bench.sh [DOCUMENTS]     (default 1000)
set -euo pipefail
cd "$(dirname "$0")/.."
documents="${1:-1000}"
mkdir -p .build
cc -O2 -o .build/bench-baseline Benchmarks/baseline.c $(pkg-config --cflags --libs pangocairo pangoft2 fontconfig)
swift build -c release --product reportkit-bench 2>&1 | grep -vE "prohibited flag" | tail -1
.build/release/reportkit-bench --documents "$documents" --baseline .build/bench-baseline --check-flat-memory
