#!/usr/bin/env bash
# Installs what report-gen needs on a Debian machine that already has the Swift toolchain:
# the cairo and Pango development packages, the Inter font, and the tools the tests use
# (poppler-utils, qpdf, and Python's jsonschema for checking the published schema; dpkg-dev,
# lintian and man-db for packaging report-gen and checking the package and its manual); qpdf's
# library and the sRGB profile of icc-profiles-free for PDF/A; libqrencode and zbar-tools for the
# record's QR code; GNU time for the peak memory of the largest jobs; zsh and fish, whose
# completion of report-gen the tests try as each shell calls it; chromium, in which the server's
# drop page is tested; LibreOffice Calc (headless), which opens the record's CSV and workbook as a
# Polish user's spreadsheet does in the tests; debootstrap, which makes the Debian 13 system the
# package is installed in by the distribution tests (scripts/debian-system.sh); hunspell with
# Debian's German dictionary, which checks the spelling of the German texts.
# Safe to run again: it installs only what is missing.
set -euo pipefail

packages=(libcairo2-dev libpango1.0-dev fonts-inter fonts-dejavu-core fonts-symbola poppler-utils qpdf libqpdf-dev icc-profiles-free libqrencode-dev libxlsxwriter-dev libxml2-dev zbar-tools pkg-config
          dpkg-dev lintian man-db time zsh fish chromium libreoffice-calc-nogui debootstrap hunspell hunspell-de-de)
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

# The Python test tools, at the versions scripts/requirements-test.txt pins: installed when one is
# missing or at another version (pip's own check, quick when all are there).
requirements="$(dirname "$0")/requirements-test.txt"
if ! python3 - "$requirements" <<'PYTHON' 2>/dev/null
import sys
from importlib.metadata import version
for line in open(sys.argv[1]):
    line = line.split("#")[0].strip()
    if line:
        name, pinned = line.split("==")
        assert version(name) == pinned, name
PYTHON
then
  echo "setup: installing the Python test tools ($requirements)" >&2
  python3 -m pip install --quiet -r "$requirements"
fi

command -v swift >/dev/null || { echo "setup: the Swift toolchain (swift) is not on PATH" >&2; exit 1; }
