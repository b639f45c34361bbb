#!/usr/bin/env bash
# Installs what report-gen needs on a Debian machine that already has the Swift toolchain:
# the cairo and Pango development packages, the Inter font, and the tools the tests use
# (poppler-utils, qpdf, and Python's jsonschema for checking the published schema; dpkg-dev,
# lintian and man-db for packaging report-gen and checking the package and its manual); qpdf's
# library and the sRGB profile of icc-profiles-free for PDF/A; libqrencode and zbar-tools for the
# record's QR code; GNU time for the peak memory of the largest jobs; zsh and fish, whose
# completion of report-gen the tests try as each shell calls it; chromium, in which the server's
# drop page is tested; LibreOffice Calc (headless), which opens the record's CSV and workbook as a
# Polish user's spreadsheet does in the tests.
# Safe to run again: it installs only what is missing.
set -euo pipefail

packages=(libcairo2-dev libpango1.0-dev fonts-inter fonts-dejavu-core fonts-symbola poppler-utils qpdf libqpdf-dev icc-profiles-free libqrencode-dev libxlsxwriter-dev libxml2-dev zbar-tools pkg-config
          dpkg-dev lintian man-db time zsh fish chromium libreoffice-calc-nogui)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! python3 -c 'import jsonschema' 2>/dev/null; then
  echo "setup: installing Python jsonschema" >&2
  python3 -m pip install --quiet jsonschema
fi

# pikepdf reads PDFs for scripts/check-pdf-standard.py, the PDF/A and PDF/UA rule checks.
if ! python3 -c 'import pikepdf' 2>/dev/null; then
  echo "setup: installing Python pikepdf" >&2
  python3 -m pip install --quiet pikepdf
fi

# openpyxl reads the record's workbook back in the tests (typed cells, frozen header, filters);
# xmlschema validates ISOXML task data against the standard's XSD, which isoxml-writer ships;
# isoxml is an independent reader of task data.
for package in openpyxl xmlschema isoxml_writer:isoxml-writer isoxml; do
  module=${package%%:*} name=${package#*:}
  if ! python3 -c "import $module" 2>/dev/null; then
    echo "setup: installing Python $name" >&2
    python3 -m pip install --quiet "$name"
  fi
done

# The server's end-to-end tests: pytest, Playwright (driving Debian's chromium, so it downloads no
# browser), axe for accessibility, and schemathesis against the server's OpenAPI document.
for package in pytest playwright axe_playwright_python:axe-playwright-python schemathesis; do
  module=${package%%:*} name=${package#*:}
  if ! python3 -c "import $module" 2>/dev/null; then
    echo "setup: installing Python $name" >&2
    python3 -m pip install --quiet "$name"
  fi
done

command -v swift >/dev/null || { echo "setup: the Swift toolchain (swift) is not on PATH" >&2; exit 1; }
