#!/usr/bin/env bash
# Copies a staged installation (scripts/stage-install.sh) into PREFIX, file by file:
#
#   bash scripts/install-staged.sh STAGE PREFIX
#
# Folders that are missing are made 0755; folders already there keep their own owner and mode
# (copying the staging folder itself, as `cp -a STAGE/. PREFIX/` did, gave /usr/local the
# 0700 of mktemp's folder and locked every other user out of it). Files keep the staged mode.
set -euo pipefail
stage=${1:?usage: install-staged.sh STAGE PREFIX}
prefix=${2:?usage: install-staged.sh STAGE PREFIX}
[ -d "$prefix" ] || install -d -m 0755 "$prefix"
cd "$stage"
find . -mindepth 1 -type d -print0 | while IFS= read -r -d '' folder; do
  [ -d "$prefix/$folder" ] || install -d -m 0755 "$prefix/$folder"
done
find . -type f -print0 | while IFS= read -r -d '' file; do
  install -m "$(stat -c %a "$file")" "$file" "$prefix/$file"
done
