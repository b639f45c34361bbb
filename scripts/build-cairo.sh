#!/usr/bin/env bash
# Builds cairo 1.18, the series of Debian 13 and Ubuntu 24.04, from Debian 13's source package, so
# that the rendering, finishing and golden suites run against it as well as against the system's
# cairo 1.16 (scripts/test-cairo-series.sh). Nothing is installed system-wide: the library goes
# to the user's cache folder, keyed by the source's checksum, so only a machine's first run pays
# for the build (about two minutes on two cores); a fresh clone finds it there. Prints the
# library's folder.
#
#   bash scripts/build-cairo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
version=1.18.4
sha256=445ed8208a6e4823de1226a74ca319d3600e83f6369f99b14265006599c32ccb   # from cairo_1.18.4-1.dsc
prefix=${XDG_CACHE_HOME:-$HOME/.cache}/reportkit/cairo-$version-${sha256:0:12}
[[ -e $prefix/lib/libcairo.so.2 ]] && { echo "$prefix/lib"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
curl -fsSL --retry 3 -o "$work/cairo.tar.xz" "https://deb.debian.org/debian/pool/main/c/cairo/cairo_$version.orig.tar.xz"
echo "$sha256  $work/cairo.tar.xz" | sha256sum -c --quiet
tar -xJf "$work/cairo.tar.xz" -C "$work"
# cairo 1.18 needs a newer meson than Debian 12's: PyPI's, pinned.
python3 -m venv "$work/venv" && "$work/venv/bin/pip" install --quiet meson==1.12.1 ninja==1.13.2
export PATH=$work/venv/bin:$PATH
cd "$work/cairo-$version"
meson setup build --prefix="$prefix" --libdir=lib --buildtype=release -Dtests=disabled -Dgtk_doc=false -Dxlib=disabled \
  -Dxcb=disabled -Dspectre=disabled -Dsymbol-lookup=disabled -Dlzo=disabled -Dglib=enabled >/dev/null
# Installed into a folder beside the cache's and moved in whole, so an interrupted build is never
# taken for a finished one.
staging=$prefix.partial
rm -rf "$staging"
meson configure build --prefix="$staging" >/dev/null
ninja -C build install >/dev/null
mkdir -p "$(dirname "$prefix")"
mv "$staging" "$prefix"
echo "$prefix/lib"
