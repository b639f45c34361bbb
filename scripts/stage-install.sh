#!/usr/bin/env bash
# Builds the self-contained report-gen and lays out what an installation holds under STAGE, as
# it will be under the prefix: bin/, share/man/man1/, share/bash-completion/, share/zsh/,
# share/fish/. Used by install.sh and package-deb.sh (docs/install.md).
#
#   bash scripts/stage-install.sh STAGE
set -euo pipefail
cd "$(dirname "$0")/.."
stage=${1:?usage: stage-install.sh STAGE}
scratch=${REPORTKIT_STATIC_BUILD:-.build-static}

# The Swift runtime and Foundation linked in: no toolchain needed where report-gen runs.
swift build -c release --static-swift-stdlib --product report-gen --scratch-path "$scratch" >&2
binary="$scratch/release/report-gen"

mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
  "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d"
install -m 0755 "$binary" "$stage/bin/report-gen"
strip --strip-unneeded "$stage/bin/report-gen"

# The man page from the command's own help, every subcommand and option, by swift-argument-parser's
# generate-manual, dated by the last commit so the same source gives the same page.
swift build -c release --product generate-manual --scratch-path "$scratch" >&2
manual=$(mktemp -d)
date=$(date -u -d "@${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}" +%F)
"$scratch/release/generate-manual" "$(cd "$stage/bin" && pwd)/report-gen" --date "$date" --output-directory "$manual" >&2
# A blank line in mdoc is a groff warning; a paragraph break is what the help means by it.
sed "s/^$/.Pp/" "$manual/report-gen.1" | gzip -9n > "$stage/share/man/man1/report-gen.1.gz"
rm -rf "$manual"

# Completions written by the command itself (swift-argument-parser's, with the default command's
# adapter: `report-gen completions`). (bash completions are sourced, not run: no #! line.)
"$stage/bin/report-gen" completions bash | sed '1{/^#!/d}' > "$stage/share/bash-completion/completions/report-gen"
"$stage/bin/report-gen" completions zsh > "$stage/share/zsh/site-functions/_report-gen"
"$stage/bin/report-gen" completions fish > "$stage/share/fish/vendor_completions.d/report-gen.fish"
