#!/usr/bin/env bash
# The server under load beside report-gen batch, in one run (docs/performance.md, "The server"):
# release builds of both, wrk from Debian as the load generator; then single reports beside
# 50-job seasons against single reports alone (Benchmarks/server/mixed.py).
#   bash scripts/bench-server.sh [ROUNDS]     (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { sudo_cmd=(); [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo); "${sudo_cmd[@]}" apt-get install -y -qq wrk >/dev/null; }
swift build -c release --product report-gen 2>&1 | grep -vE "prohibited flag" | tail -1
swift build -c release --package-path Server --scratch-path Server/.build-release --product report-gen-server 2>&1 | grep -vE "prohibited flag|unhandled" | tail -1
python3 Benchmarks/server/load.py Server/.build-release/release/report-gen-server .build/release/report-gen "${1:-3}"
python3 Benchmarks/server/mixed.py Server/.build-release/release/report-gen-server "${1:-3}"
