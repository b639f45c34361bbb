#!/usr/bin/env bash
# Builds one self-contained report-gen (the built-in templates compiled in, the Swift runtime
# linked statically) and installs it with its man page and shell completions.
#
#   bash scripts/install.sh [PREFIX]        (default /usr/local)
#
# Installs PREFIX/bin/report-gen, PREFIX/share/man/man1/report-gen.1.gz, and completions for
# bash (PREFIX/share/bash-completion/completions), zsh (PREFIX/share/zsh/site-functions) and fish
# (PREFIX/share/fish/vendor_completions.d). At run time report-gen needs only Debian's cairo,
# Pango and fontconfig libraries and the fonts (scripts/setup.sh, or the .deb's dependencies).
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-/usr/local}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

bash scripts/stage-install.sh "$stage"
bash scripts/install-staged.sh "$stage" "$prefix"
echo "installed $prefix/bin/report-gen ($("$prefix/bin/report-gen" --version)), its man page and completions" >&2
