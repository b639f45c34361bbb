#!/usr/bin/env python3
"""How much two PNG pages of the same size differ: `page-difference.py A.png B.png` prints two
shares of pixels whose grey level differs by more than 32 of 255: as drawn, and after a
one-pixel blur (what a reader sees: a glyph's anti-aliased edge drawn differently vanishes, a line
of text moved does not). 0.003 is 0.3 %. Exits 1 when the sizes differ. Used by the golden test that
each cairo series' golden looks the same (Tests/ReportKitTests/Golden/GoldenTests.swift)."""
import sys

from PIL import Image, ImageChops, ImageFilter


def share(a, b):
    histogram = ImageChops.difference(a, b).histogram()
    return sum(histogram[33:]) / (a.size[0] * a.size[1])


a, b = (Image.open(path).convert("L") for path in sys.argv[1:3])
if a.size != b.size:
    print(f"sizes differ: {a.size} and {b.size}")
    sys.exit(1)
blurred = share(a.filter(ImageFilter.BoxBlur(1)), b.filter(ImageFilter.BoxBlur(1)))
print(f"{share(a, b):.6f} {blurred:.6f}")
