#!/usr/bin/env python3
"""Checks, against each release's own package index, what the .deb says of the libraries
report-gen opens by soname (qpdf, libxlsxwriter, libxml2): that on Debian 12, Debian 13 and Ubuntu 24.04
one of the packages its Depends names for each library exists, and that the package holds a
soname report-gen opens (its file list read from the .deb itself); and that each release's
cairo satisfies the package's cairo clauses (a supported series).

The indices and packages are downloaded once a machine and kept in the user's cache
(~/.cache/reportkit/sonames/). Prints one line a release and library; exits 1 on a mismatch.

    python3 scripts/check-sonames.py DEB
"""
import io
import lzma
import os
import pathlib
import subprocess
import sys
import tarfile
import urllib.request

RELEASES = {
    "debian-12": ("https://deb.debian.org/debian", "bookworm", ["main"]),
    "debian-13": ("https://deb.debian.org/debian", "trixie", ["main"]),
    "ubuntu-24.04": ("http://archive.ubuntu.com/ubuntu", "noble", ["main", "universe"]),
}
# The sonames report-gen opens (QPDFLibrary.fileNames, XLSXWriterLibrary.fileNames,
# LibXML2Library.fileNames).
SONAMES = {
    "qpdf": ["libqpdf.so.30", "libqpdf.so.29"],
    "libxlsxwriter": ["libxlsxwriter.so.8", "libxlsxwriter.so.5", "libxlsxwriter.so.4"],
    "libxml2": ["libxml2.so.2"],
}
CACHE = pathlib.Path(os.environ.get("XDG_CACHE_HOME", pathlib.Path.home() / ".cache")) / "reportkit/sonames"


def fetched(url):
    path = CACHE / url.split("://", 1)[1].replace("/", "_")
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        with urllib.request.urlopen(url, timeout=120) as response:
            data = response.read()
        path.with_suffix(".partial").write_bytes(data)
        path.with_suffix(".partial").rename(path)
    return path.read_bytes()


def packages(mirror, suite, components):
    found = {}
    for component in components:
        text = lzma.decompress(fetched(f"{mirror}/dists/{suite}/{component}/binary-amd64/Packages.xz")).decode()
        for stanza in text.split("\n\n"):
            fields = dict(line.split(": ", 1) for line in stanza.splitlines() if ": " in line and not line.startswith(" "))
            if "Package" in fields:
                found[fields["Package"]] = fields
    return found


def files_of(mirror, filename):
    deb = fetched(f"{mirror}/{filename}")
    listing = subprocess.run(["dpkg-deb", "-c", "/dev/stdin"], input=deb, capture_output=True, check=True).stdout.decode()
    return [line.split()[-1] if " -> " not in line else line.split(" -> ")[0].split()[-1] for line in listing.splitlines()]


def main():
    depends = subprocess.run(["dpkg-deb", "-f", sys.argv[1], "Depends"], capture_output=True, text=True, check=True).stdout
    clauses = [[name.strip().split(" ")[0] for name in clause.split("|")] for clause in depends.split(",")]
    failed = False
    for release, (mirror, suite, components) in RELEASES.items():
        index = packages(mirror, suite, components)
        for library, sonames in SONAMES.items():
            clause = next(c for c in clauses if any(name.startswith("lib" + library.removeprefix("lib")) for name in c))
            present = [name for name in clause if name in index]
            if not present:
                print(f"{release}: none of {' | '.join(clause)} exists")
                failed = True
                continue
            files = files_of(mirror, index[present[0]]["Filename"])
            held = [soname for soname in sonames if any(path.endswith("/" + soname) for path in files)]
            print(f"{release}: {library} from {present[0]} {index[present[0]]['Version']}: {', '.join(held) or 'NO SONAME report-gen opens'}")
            failed = failed or not held
        cairo = index["libcairo2"]["Version"]
        clauses_met = all(any(subprocess.run(["dpkg", "--compare-versions", cairo, *relation(alternative)]).returncode == 0
                              for alternative in clause.split("|"))
                          for clause in depends.split(",") if "libcairo2 (" in clause)
        print(f"{release}: libcairo2 {cairo}: {'a supported series' if clauses_met else 'NOT a series the package accepts'}")
        failed = failed or not clauses_met
    sys.exit(1 if failed else 0)


def relation(alternative):
    """`libcairo2 (>= 1.16.0)` as dpkg --compare-versions' operator and version."""
    operator, version = alternative.split("(", 1)[1].rstrip(") ").split()
    return {">=": "ge", "<<": "lt", "<=": "le", ">>": "gt", "=": "eq"}[operator], version


if __name__ == "__main__":
    main()
