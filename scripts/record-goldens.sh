#!/usr/bin/env bash
# Re-records the golden PDFs of Tests/Golden/expected from the current code, on purpose.
# Look at what changed before committing: render the new pages with
#   pdftoppm -png -r 60 Tests/Golden/expected/NAME.pdf /tmp/NAME
set -euo pipefail
cd "$(dirname "$0")/.."
REPORTKIT_RECORD_GOLDENS=1 swift test --filter "GoldenTests/rendersTheCommittedBytes" "$@"
git status --short Tests/Golden/expected
