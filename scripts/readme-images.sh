#!/usr/bin/env bash
# The README's pictures, rendered by report-gen itself from the examples (run after a change to
# how a report looks, then look at them): the spray report at 96 dpi, the first tank card and the
# dark US report at 48 dpi, and the first page of the German season's register (landscape).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product report-gen >/dev/null
bin="$(swift build -c release --show-bin-path)/report-gen"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
"$bin" docs/examples/herbicide-pl.json -o docs/images/spray-report.png --dpi 96 --overwrite
"$bin" docs/examples/herbicide-pl.json --template tank-card -o "$scratch/tank-card.png" --dpi 48
cp "$scratch/tank-card-1.png" docs/images/tank-card.png
"$bin" docs/examples/fungicide-us.json --theme dark -o docs/images/spray-report-dark.png --dpi 48 --overwrite
"$bin" record docs/examples/season-de.jsonl -o "$scratch/register-de.pdf"
pdftoppm -png -r 40 -f 1 -l 1 -singlefile "$scratch/register-de.pdf" docs/images/register-de
ls -l docs/images
