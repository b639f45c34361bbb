#!/usr/bin/env bash
# Re-records the golden PDFs of Tests/Golden/expected from the current code, on purpose: one set
# for each cairo series finishing supports, 1.16 with the system's cairo and 1.18 with the one
# scripts/build-cairo.sh builds (each series writes the same pages in bytes of its own). Look at
# what changed before committing: render the new pages with
#   pdftoppm -png -r 60 Tests/Golden/expected/cairo-1.16/NAME.pdf /tmp/NAME
#
#   bash scripts/record-goldens.sh [swift test options]
set -euo pipefail
cd "$(dirname "$0")/.."
newer=$(bash scripts/build-cairo.sh)
swift build --build-tests
REPORTKIT_RECORD_GOLDENS=1 swift test --skip-build --filter "GoldenTests/rendersTheCommittedBytes" "$@"
LD_LIBRARY_PATH=$newer REPORTKIT_RECORD_GOLDENS=1 swift test --skip-build --filter "GoldenTests/rendersTheCommittedBytes" "$@"
git status --short Tests/Golden/expected
