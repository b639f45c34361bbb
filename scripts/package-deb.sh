#!/usr/bin/env bash
# Makes the Debian package report-gen_VERSION_ARCH.deb in OUTDIR from the same files
# install.sh installs (under /usr), with Depends: on the run-time libraries the binary links
# (found by dpkg-shlibdeps) and the fonts reports are drawn with.
#
#   bash scripts/package-deb.sh OUTDIR
set -euo pipefail
cd "$(dirname "$0")/.."
outdir=${1:?usage: package-deb.sh OUTDIR}
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/ReportKit/Generator/ReportKitVersion.swift)
arch=$(dpkg --print-architecture)
root="$work/report-gen_${version}_${arch}"
bash scripts/stage-install.sh "$root/usr"
# Debian's place for zsh completions that come with a package.
mv "$root/usr/share/zsh/site-functions" "$root/usr/share/zsh/vendor-completions"

doc="$root/usr/share/doc/report-gen"
mkdir -p "$doc"
cat > "$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: report-gen
Source: the ReportKit repository

Files: *
Copyright: 2026 the ReportKit authors
License: proprietary
 All rights reserved. report-gen and ReportKit may be used to make spray reports; they may not be
 redistributed without the authors' permission.
COPYRIGHT
date=$(date -u -R -d "@${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}")
printf 'report-gen (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- ReportKit maintainers <maintainers@reportkit.invalid>  %s\n' \
  "$version" "$version" "$date" | gzip -9n > "$doc/changelog.gz"

# The documentation: the README, this changelog, the docs and the example jobs, compressed as
# Debian asks of documentation (gzip -9n: no name or time stamp, the same bytes every build).
mkdir -p "$doc/docs" "$doc/examples"
gzip -9n < README.md > "$doc/README.md.gz"
gzip -9n < CHANGELOG.md > "$doc/CHANGELOG.md.gz"
for file in docs/*.md; do gzip -9n < "$file" > "$doc/docs/$(basename "$file").gz"; done
cp docs/*.json "$doc/docs/"
cp docs/examples/*.json "$doc/examples/"

# The shared libraries the binary links, as package dependencies with their minimum versions.
mkdir -p "$work/debian"
printf 'Source: report-gen\n\nPackage: report-gen\nArchitecture: any\n' > "$work/debian/control"
libraries=$(cd "$work" && dpkg-shlibdeps -O -e"$root/usr/bin/report-gen" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$libraries" ] || { echo "package-deb: dpkg-shlibdeps found no libraries" >&2; exit 70; }
# cairo: exactly the series finishing is made and tested for (CairoOutputContract): 1.16
# (Debian 12) or 1.18 (Debian 13, Ubuntu 24.04), never the development series 1.17 between them.
libraries=$(printf '%s' "$libraries" | sed -E 's/libcairo2 \([^)]*\)/libcairo2 (>= 1.16.0), libcairo2 (<< 1.19~), libcairo2 (<< 1.17~) | libcairo2 (>= 1.18.0)/')
case "$libraries" in *"libcairo2 (<< 1.19~)"*) ;; *) echo "package-deb: the cairo dependency was not found in: $libraries" >&2; exit 70 ;; esac
# qpdf's, libxlsxwriter's and libxml2's libraries are opened by their sonames when a PDF is read
# back, a workbook written or task data written or read (QPDFLibrary.swift, XLSXWriterLibrary.swift,
# LibXML2Library.swift), not linked, so dpkg-shlibdeps cannot see them: the packages that hold
# those sonames, newest first (Debian 13, Ubuntu 24.04, Debian 12), so one package installs on each.
libraries="$libraries, libqpdf30 | libqpdf29t64 | libqpdf29, libxlsxwriter8 | libxlsxwriter5t64 | libxlsxwriter4, libxml2 (>= 2.9)"

mkdir -p "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<CONTROL
Package: report-gen
Version: $version
Architecture: $arch
Maintainer: ReportKit maintainers <maintainers@reportkit.invalid>
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Depends: $libraries, fontconfig, fonts-inter, fonts-dejavu-core, fonts-symbola, icc-profiles-free
Section: utils
Priority: optional
Homepage: https://reportkit.invalid/
Description: spray reports from Kalkulator Oprysku calculations
 report-gen turns a crop-spraying calculation of the Kalkulator Oprysku app
 (Polish/English spray calculator) into an A4 vector PDF: how to load the
 sprayer, tank load by tank load, and the record of the application. It reads
 one job or a whole history, in English or Polish, from built-in templates a
 user can export and change.
CONTROL
find "$root" -type d -exec chmod 0755 {} +
find "$root/usr/share" -type f -exec chmod 0644 {} +
deb="$outdir/report-gen_${version}_${arch}.deb"
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)} dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2
echo "$deb"
