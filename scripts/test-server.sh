#!/usr/bin/env bash
# The server's tests (Server/ is a package of its own): its router tests, then the built server
# running on loopback - the drop page in Debian's chromium (Playwright, axe), schemathesis against
# its OpenAPI document, and the limits, tokens and SIGTERM of the real process.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product report-gen
swift build --package-path Server --product report-gen-server
python3 scripts/server-openapi-publish.py --check
bash scripts/server-openapi-generate.sh --check
swift test --package-path Server
python3 -m pytest Server/Tests/EndToEnd -q -p no:cacheprovider
