#!/usr/bin/env bash
# Builds a newer cairo than Debian 12's (1.16) from Debian 13's source package, for the opt-in
# test that shows what a cairo upgrade changes in report-gen's pages (docs/pdf-standards.md).
# Nothing is installed system-wide: the library goes to .build/cairo-VERSION/lib.
#
#   bash scripts/build-cairo.sh            then: REPORTKIT_NEWER_CAIRO=.build/cairo-1.18.4/lib swift test --filter NewerCairo
set -euo pipefail
cd "$(dirname "$0")/.."
version=1.18.4
sha256=445ed8208a6e4823de1226a74ca319d3600e83f6369f99b14265006599c32ccb   # from cairo_1.18.4-1.dsc
prefix=$PWD/.build/cairo-$version
[[ -e $prefix/lib/libcairo.so.2 ]] && { echo "$prefix/lib"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
curl -fsSL -o "$work/cairo.tar.xz" "https://deb.debian.org/debian/pool/main/c/cairo/cairo_$version.orig.tar.xz"
echo "$sha256  $work/cairo.tar.xz" | sha256sum -c --quiet
tar -xJf "$work/cairo.tar.xz" -C "$work"
# cairo 1.18 needs a newer meson than Debian 12's.
python3 -m venv "$work/venv" && "$work/venv/bin/pip" install --quiet 'meson>=1.3' ninja
export PATH=$work/venv/bin:$PATH
cd "$work/cairo-$version"
meson setup build --prefix="$prefix" --libdir=lib --buildtype=release -Dtests=disabled -Dgtk_doc=false -Dxlib=disabled \
  -Dxcb=disabled -Dspectre=disabled -Dsymbol-lookup=disabled -Dlzo=disabled -Dglib=enabled >/dev/null
ninja -C build install >/dev/null
echo "$prefix/lib"
