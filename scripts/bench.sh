#!/usr/bin/env bash
# The benchmarks: ReportKit against a minimal C program drawing the same page with cairo and Pango
# directly, in the same run (so the ratios hold on a busy machine).
#   0. peers: report-gen as installed (static Swift runtime) against the C floor
#      (../shared/bench/floor/report.c, or FLOOR_SOURCE) and Typst (PyPI typst), all drawing the
#      canonical page of ../shared/bench/canonical-page.md: CPU per report, reports/s with 1 and 2
#      jobs, peak memory, one report as one process; the issue's goals, met or missed;
#   1. rendering: one-page documents in one process (layout and PDF in memory), memory flat;
#   2. batch: `report-gen batch` on DOCUMENTS jobs and on LARGE jobs (jobs/s, peak memory), per-job
#      cost (CPU and wall time) against the C program replaying the same spray-report page,
#      --jobs 1 against --jobs 2. scripts/bench-instructions.sh then gives the per-job cost in
#      instructions, which the machine's load does not change.
#   bash scripts/bench.sh [DOCUMENTS [LARGE]]     (default 1000 10000; LARGE 0 leaves it out)
#   bash scripts/bench.sh peers [REPORTS]         the peers alone (default 1,000 reports a run)
#   bash scripts/bench.sh compare REF [OPTIONS]   this head against commit REF in one run
#      (scripts/bench-compare.py: CPU of --version, one report as a process, batch --jobs 1 and 2
#      on both pages, the C floor; --instructions adds callgrind's count a report). REF is built
#      as shipped in a worktree of its own under ~/.cache/reportkit/bench-ref, kept by commit.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
compare() {
  local ref=${1:?"bench: compare needs a commit (bash scripts/bench.sh compare 4c6a1a7)"}; shift
  local sha cache floor_source=${FLOOR_SOURCE:-../shared/bench/floor/report.c}
  sha=$(git rev-parse --verify "$ref^{commit}") || { echo "bench: $ref is not a commit" >&2; exit 64; }
  cache=${XDG_CACHE_HOME:-$HOME/.cache}/reportkit/bench-ref/$sha
  [[ -f $floor_source ]] || { echo "bench: the C floor $floor_source is missing; set FLOOR_SOURCE" >&2; exit 66; }
  cc -O2 -o .build/bench-floor "$floor_source" $(pkg-config --cflags --libs pangocairo cairo-pdf fontconfig) -lm
  if [[ ! -x $cache/.build-static/release/report-gen ]]; then
    [[ -d $cache ]] || git worktree add --detach "$cache" "$sha" >/dev/null
    (cd "$cache" && swift build -c release --static-swift-stdlib --product report-gen --scratch-path .build-static 2>&1 | grep -vE "prohibited flag" | tail -1)
  fi
  swift build -c release --static-swift-stdlib --product report-gen --scratch-path .build-static 2>&1 | grep -vE "prohibited flag" | tail -1
  python3 scripts/bench-compare.py --ref "$cache/.build-static/release/report-gen" --ref-name "$(git rev-parse --short "$sha")" \
    --head .build-static/release/report-gen --floor .build/bench-floor --work .build/bench-compare "$@"
}
if [[ ${1:-} == compare ]]; then
  shift
  compare "$@"
  exit
fi
peers() {
  local reports=${1:-1000} floor_source=${FLOOR_SOURCE:-../shared/bench/floor/report.c}
  [[ -f $floor_source ]] || { echo "bench: the C floor $floor_source is missing; set FLOOR_SOURCE" >&2; exit 66; }
  cc -O2 -o .build/bench-floor "$floor_source" $(pkg-config --cflags --libs pangocairo cairo-pdf fontconfig) -lm
  # What users run: the build install.sh and the .deb ship.
  swift build -c release --static-swift-stdlib --product report-gen --scratch-path .build-static 2>&1 | grep -vE "prohibited flag" | tail -1
  swift build -c release --product reportkit-bench 2>&1 | grep -vE "prohibited flag" | tail -1
  local typst=()
  if python3 -c "import typst" 2>/dev/null || python3 -m pip install --quiet typst 2>/dev/null; then
    typst=(--typst python3 Benchmarks/typst/canonical-page.py)
  else
    echo "bench: Typst left out (pip install typst failed)"
  fi
  .build/release/reportkit-bench --peers .build/bench-floor .build-static/release/report-gen Benchmarks/canonical .build/bench-peers \
    --per-run "$reports" "${typst[@]}"
}
if [[ ${1:-} == peers ]]; then
  peers "${2:-1000}"
  exit
fi
documents="${1:-1000}"
large="${2:-10000}"
peers 1000
echo
cc -O2 -o .build/bench-baseline Benchmarks/baseline.c $(pkg-config --cflags --libs pangocairo pangoft2 fontconfig)
swift build -c release --product reportkit-bench 2>&1 | grep -vE "prohibited flag" | tail -1
swift build -c release --product report-gen 2>&1 | grep -vE "prohibited flag" | tail -1
.build/release/reportkit-bench --documents "$documents" --baseline .build/bench-baseline --check-flat-memory
echo
.build/release/reportkit-bench --batch docs/examples/herbicide-pl.json .build/release/report-gen .build/bench \
    --baseline .build/bench-baseline --documents "$documents" --large "$large"
