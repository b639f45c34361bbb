#!/usr/bin/env bash
# The full gate's slow step (the README's test command runs it after `swift test`): the suites
# the everyday run skips and every property test at its full count (REPORTKIT_SLOW_TESTS=1;
# Tests/CLITestSupport/TestRun.swift). The suites are the ones whose files ask TestRun, so a
# suite marked slow cannot be left out of this step.
set -euo pipefail
cd "$(dirname "$0")/.."
suites=$(grep -l "TestRun\.\(isFull\|cases\)" -r Tests --include='*.swift' | grep -v CLITestSupport \
  | xargs grep -ho "^struct [A-Za-z]*" | awk '{print $2}' | sort -u | paste -sd'|')
echo "test-slow: $suites" >&2
swift build --build-tests >&2
REPORTKIT_SLOW_TESTS=1 swift test --skip-build --filter "\.($suites)/"
