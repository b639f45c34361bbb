#!/usr/bin/env python3
"""The canonical benchmark page drawn by Typst through its Python binding (PyPI `typst`), with the
command line every generator in the benchmark takes (../shared/bench/canonical-page.md):

    canonical-page.py single OUT.pdf [N]            one report, "Field N" (default 12)
    canonical-page.py batch COUNT OUTDIR [FIRST]    COUNT reports OUTDIR/report-NNNN.pdf

One compiler is made and reused for every report (fonts loaded once), as a program making many
reports would. REPORT_PDF_STANDARD=a-3b,ua-1 asks Typst for PDF/A-3b and PDF/UA-1 output.
"""
import os
import sys

import typst

HERE = os.path.dirname(os.path.abspath(__file__))
FONTS = "/usr/share/fonts/opentype/inter"


def main(argv):
    if len(argv) < 3 or argv[1] not in ("single", "batch"):
        sys.stderr.write(__doc__)
        return 2
    compiler = typst.Compiler(os.path.join(HERE, "canonical-page.typ"), font_paths=[FONTS], ignore_system_fonts=True)
    standards = [s for s in os.environ.get("REPORT_PDF_STANDARD", "").split(",") if s]
    options = {"pdf_standards": standards} if standards else {}

    def report(path, field):
        compiler.compile(output=path, format="pdf", sys_inputs={"field": str(field)}, **options)

    if argv[1] == "single":
        report(argv[2], int(argv[3]) if len(argv) > 3 else 12)
    else:
        count, folder = int(argv[2]), argv[3]
        first = int(argv[4]) if len(argv) > 4 else 1
        os.makedirs(folder, exist_ok=True)
        for field in range(first, first + count):
            report(os.path.join(folder, "report-%04d.pdf" % field), field)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
