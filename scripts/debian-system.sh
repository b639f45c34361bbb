#!/usr/bin/env bash
# Runs report-gen on a real Debian system of another release than this machine's: makes a
# minimal Debian root with debootstrap from Debian's own packages, installs the package DEB there
# with apt (its dependencies resolved by that release's packages: cairo 1.18 for trixie), and
# runs, inside it, the installed report-gen and the self-contained binary of PREFIX (install.sh's)
# on every example the package carries. What each wrote is left in OUT for the caller to check
# (Tests/DistributionTests/DebianSystemTests.swift): OUT/deb/ and OUT/static/ hold each
# example's PDF, a workbook, an extracted job and --version; OUT/installed lists the manual and
# completions the package put in place.
#
# The root, with the package's dependencies installed, is kept in the user's cache folder, keyed
# by the release and the package's Depends line, so only a machine's first run downloads
# anything (about a minute); later runs unpack it (seconds). Needs root (chroot, mounts).
#
#   bash scripts/debian-system.sh SUITE DEB PREFIX OUT        e.g. trixie
set -euo pipefail
suite=${1:?usage: debian-system.sh SUITE DEB PREFIX OUT}
deb=$(realpath "${2:?}")
prefix=$(realpath "${3:?}")
out=${4:?}
mkdir -p "$out"
out=$(realpath "$out")
command -v debootstrap >/dev/null || { echo "debian-system: debootstrap is not installed (scripts/setup.sh installs it)" >&2; exit 69; }

cache=${XDG_CACHE_HOME:-$HOME/.cache}/reportkit
depends=$(dpkg-deb -f "$deb" Depends)
key=$(printf '%s\n%s\n' "$suite" "$depends" | sha256sum | cut -c1-12)
base=$cache/debian-$suite-$key.tar
work=$(mktemp -d)
root=$work/root
cleanup() { umount -R "$root/proc" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

if [[ ! -e $base ]]; then
  echo "debian-system: making a Debian $suite root (once; kept in $base)" >&2
  debootstrap --variant=minbase "$suite" "$root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log" >&2; exit 69; }
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  cp "$deb" "$root/tmp/report-gen.deb"
  in_root apt-get update -qq
  # The package's dependencies, as apt resolves them from this release, then the package itself
  # taken out again: the root keeps what it needs, the test installs the package anew each run.
  DEBIAN_FRONTEND=noninteractive in_root apt-get install -y -qq --no-install-recommends /tmp/report-gen.deb >/dev/null
  in_root dpkg --purge report-gen >/dev/null
  in_root apt-get clean
  rm -f "$root/tmp/report-gen.deb"
  mkdir -p "$cache"
  tar -C "$root" -cf "$base.partial" . && mv "$base.partial" "$base"
  # A root made for another Depends line is not used again: keep the cache to one.
  find "$cache" -maxdepth 1 -name "debian-$suite-*.tar" ! -name "$(basename "$base")" -delete
  rm -rf "$root"
fi
mkdir -p "$root"
tar -C "$root" -xf "$base"
mount -t proc proc "$root/proc"

# The package, installed by apt: every dependency is already there, so nothing is downloaded.
cp "$deb" "$root/tmp/report-gen.deb"
DEBIAN_FRONTEND=noninteractive in_root apt-get install -y -qq --no-install-recommends /tmp/report-gen.deb >"$work/apt.log" 2>&1 \
  || { cat "$work/apt.log" >&2; exit 1; }
for file in /usr/share/man/man1/report-gen.1.gz /usr/share/bash-completion/completions/report-gen \
            /usr/share/zsh/vendor-completions/_report-gen /usr/share/fish/vendor_completions.d/report-gen.fish; do
  [[ -s $root$file ]] && echo "$file"
done > "$out/installed"
in_root dpkg-query -W -f='${Version}\n' libcairo2 > "$out/cairo-package"

# The self-contained binary of install.sh, beside it.
mkdir -p "$root/opt/report-gen"
cp -a "$prefix/." "$root/opt/report-gen/"

# The repository's examples: every job, the app's own export, and its history.
mkdir -p "$root/tmp/examples"
cp -a "$(dirname "$0")/../docs/examples/." "$root/tmp/examples/"

# Runs a command inside the root, keeping its output and exit status under OUT/NAME/STEP.
step() {  # NAME STEP COMMAND...
  local name=$1 label=$2
  shift 2
  set +e
  in_root "$@" > "$out/$name/$label.log" 2>&1
  echo $? > "$out/$name/$label.status"
  set -e
}

run_examples() {  # BINARY NAME
  local binary=$1 name=$2 folder=/tmp/out-$2
  mkdir -p "$root$folder" "$out/$name"
  step "$name" version "$binary" --version
  for example in "$root"/tmp/examples/*.json "$root"/tmp/examples/app/entry.json; do
    local job=${example#"$root"}
    step "$name" "$(basename "$job" .json)" "$binary" "$job" -o "$folder/$(basename "$job" .json).pdf"
  done
  step "$name" history "$binary" batch /tmp/examples/app/history.json --combined "$folder/history.pdf"
  # A workbook (libxlsxwriter, opened by its soname), a job read back from its PDF (qpdf, the
  # same) and task data (libxml2).
  step "$name" record "$binary" record /tmp/examples/record-pl.json -o "$folder/record.xlsx"
  step "$name" extract "$binary" extract "$folder/herbicide-pl.pdf" -o "$folder/extracted.json"
  step "$name" isoxml "$binary" isoxml /tmp/examples/record-pl.json -o "$folder/isoxml"
  cp -a "$root$folder/." "$out/$name/"
}
run_examples /usr/bin/report-gen deb
run_examples /opt/report-gen/bin/report-gen static
