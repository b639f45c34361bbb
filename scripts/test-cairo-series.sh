#!/usr/bin/env bash
# Runs the rendering, finishing and golden suites again against cairo 1.18 (Debian 13, Ubuntu
# 24.04), after `swift test` has run them against the system's cairo 1.16 (Debian 12): the
# library's tests and the command's golden, PDF-standard and rendering tests, with 1.18's library
# put before the system's. The 1.18 goldens (Tests/Golden/expected/cairo-1.18) are held to their
# bytes as 1.16's are. cairo 1.18 is built once a machine and kept in the user's cache
# (scripts/build-cairo.sh). A step of the README's test command; uses the tests `swift test` built.
#
#   bash scripts/test-cairo-series.sh [swift test options]
set -euo pipefail
cd "$(dirname "$0")/.."
library=$(bash scripts/build-cairo.sh)
series=$(basename "$(dirname "$library")" | sed -E 's/^cairo-([0-9]+\.[0-9]+)\..*/\1/')
echo "test-cairo-series: the rendering, finishing and golden suites against cairo $series ($library)" >&2
swift build --build-tests >&2
LD_LIBRARY_PATH=$library REPORTKIT_CAIRO_SERIES=$series swift test --skip-build \
  --filter ReportKitTests --filter GoldenCLITests --filter PDFStandardCLITests --filter RenderCLITests \
  --filter AttachedRecordCLITests --filter UntrustedPDFTests "$@"
