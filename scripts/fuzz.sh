#!/usr/bin/env bash
# Runs one of ReportKit's libFuzzer targets for a chosen time (docs/hardening.md).
#
#   bash scripts/fuzz.sh input|template|pipeline|tokens|pdf|taskdata [SECONDS]     (default 600)
#
# Builds Fuzz/ with libFuzzer and AddressSanitizer into .build-fuzz, seeds a working corpus in
# .build-fuzz/corpus/TARGET from the repository's inputs or templates (kept between runs), and
# writes any finding to .build-fuzz/findings/TARGET/. A finding is an input that crashed, ran
# longer than 10 s, used more than 2 GiB, leaked, or broke one of the promises in
# Sources/ReportKitFuzzing; copy it to Tests/Fuzz/regressions/TARGET/ once it is fixed.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-}
seconds=${2:-600}
case "$target" in
  input|pipeline) seeds=(docs/examples/*.json docs/examples/app/*.json Tests/Golden/inputs/*.json Tests/Batch/* Tests/BadInput/*.json) ;;
  template) seeds=(templates/reports/*.json) ;;
  tokens) seeds=(templates/tokens.json Tests/Fuzz/regressions/tokens/*) ;;
  pdf) seeds=(Tests/Golden/expected/*/*.pdf Tests/Fuzz/regressions/pdf/*) ;;
  taskdata) seeds=(docs/examples/isoxml/TASKDATA/TASKDATA.XML Tests/Fuzz/regressions/taskdata/*) ;;
  *) echo "usage: bash scripts/fuzz.sh input|template|pipeline|tokens|pdf|taskdata [SECONDS]" >&2; exit 64 ;;
esac
case "$target" in
  template|tokens|pdf|taskdata) dictionary=Fuzz/dictionaries/$target.dict ;;
  *) dictionary=Fuzz/dictionaries/input.dict ;;
esac

# Every module is instrumented for memory errors and for libFuzzer's coverage (the counters and
# comparisons -sanitize=fuzzer would add); only the fuzz executables link libFuzzer, which brings
# their main (Fuzz/Package.swift), so the build tool the main package runs while building keeps
# its own main. That tool runs under AddressSanitizer during the build; leaks at its exit are not
# the fuzzers' concern.
(cd Fuzz && ASAN_OPTIONS=detect_leaks=0 swift build -c release -Xswiftc -sanitize=address \
  -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table --scratch-path ../.build-fuzz \
  2>&1 | grep -v "Cannot export local symbol '__asan_") >&2

corpus=.build-fuzz/corpus/$target
findings=.build-fuzz/findings/$target
mkdir -p "$corpus" "$findings"
cp -n "${seeds[@]}" "$corpus"/ 2>/dev/null || true
[ -d "Tests/Fuzz/regressions/$target" ] && cp -n Tests/Fuzz/regressions/"$target"/* "$corpus"/ 2>/dev/null || true

# Leaks are looked for after each input that allocated more than it freed (libFuzzer's
# -detect_leaks), not at exit, where the session loaded once for the whole run is still held.
# fontconfig keeps its configuration for the life of the process and frees it only in FcFini,
# which no long-running program calls: not a leak of ReportKit's.
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0:leak_check_at_exit=0"
export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1"
exec ".build-fuzz/release/fuzz-$target" "$corpus" \
  -dict="$dictionary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -artifact_prefix="$findings/" -print_final_stats=1
