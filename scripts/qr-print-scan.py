#!/usr/bin/env python3
"""Reads the QR code of each PDF's first page as an office scan of a print would: rendered with
`pdftoppm -gray -r 150`, blurred with a Gaussian of sigma 0.1 mm (0.59 px at 150 dpi), nothing
else (issue 54's print simulation); then decoded by two independent readers, zbar (zbarimg) and
zxing-cpp. Prints one JSON object a PDF on a line: {"pdf", "zbar", "zxing"}, each reader's text or
null when it read no code.

    python3 scripts/qr-print-scan.py report.pdf [more.pdf ...]
"""
import json
import pathlib
import subprocess
import sys
import tempfile

import zxingcpp
from PIL import Image, ImageFilter

DPI = 150
SIGMA_PX = 0.1 / 25.4 * DPI  # 0.1 mm


def scan(pdf, folder):
    stem = folder / pathlib.Path(pdf).stem
    subprocess.run(["pdftoppm", "-gray", "-r", str(DPI), "-f", "1", "-l", "1", pdf, str(stem)], check=True)
    page = next(iter(sorted(folder.glob(stem.name + "*.pgm"))))
    blurred = Image.open(page).filter(ImageFilter.GaussianBlur(SIGMA_PX))
    image = folder / (stem.name + "-scanned.png")
    blurred.save(image)
    zbar = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sbinary", str(image)], capture_output=True)
    zbar_text = zbar.stdout.decode("utf-8").removesuffix("\n") if zbar.returncode == 0 and zbar.stdout else None
    codes = [code for code in zxingcpp.read_barcodes(blurred) if code.format == zxingcpp.BarcodeFormat.QRCode]
    zxing_text = codes[0].bytes.decode("utf-8") if codes else None
    return {"pdf": pdf, "zbar": zbar_text, "zxing": zxing_text}


def main():
    with tempfile.TemporaryDirectory() as folder:
        for pdf in sys.argv[1:]:
            print(json.dumps(scan(pdf, pathlib.Path(folder)), ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
