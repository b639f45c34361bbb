"""How LibreOffice Calc, set to Polish (or German), reads the record: the `excel-pl` (`excel-de`) CSV
imported as a user imports it (`;`, UTF-8, the language's number and date rules, with and without
"detect special numbers"),
and the workbook opened and saved again. Each cell is compared with the plain CSV, the record's
own text (Python's csv module guesses no types): a decimal must arrive as that number, a day as
that date, everything else as that very text.

argv: plain.csv excel-pl.csv workbook.xlsx scratch-folder [language]; language is LibreOffice's
language number for the import, 1045 Polish (the default) or 1031 German.
Prints JSON: {"csv": [mismatch, ...], "workbook": [...], "cells": n}; a mismatch is
{"row", "column", "record", "read", "kind"}.
"""
import csv, datetime, json, os, re, shutil, subprocess, sys

import openpyxl

plain, polish, workbook, scratch = sys.argv[1:5]
language = sys.argv[5] if len(sys.argv) > 5 else "1045"
DECIMAL = re.compile(r"-?\d+(\.\d+)?")
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
# Identifiers, text whatever their characters: a German holding's 15 digits are no quantity.
IDENTIFIERS = {"job_id", "holding", "authorisation", "operator_licence"}
# The dialect writes the parcels' areas with its decimal comma: "A (23,4 ha)".
AREA_IN_TEXT = re.compile(r"\((\d+)\.(\d+) (ha|a|ac|m²)\)")


def converted(source, name, infilter=None):
    """`source` as LibreOffice reads it, saved as XLSX (a profile of its own, so runs never share one)."""
    folder = os.path.join(scratch, name)
    os.makedirs(folder, exist_ok=True)
    shutil.copy(source, os.path.join(folder, os.path.basename(source)))
    command = ["soffice", "--headless", "--norestore", f"-env:UserInstallation=file://{folder}/profile",
               "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", os.path.join(folder, "out")]
    if infilter:
        command.append(f"--infilter={infilter}")
    subprocess.run(command + [os.path.join(folder, os.path.basename(source))], check=True, capture_output=True, timeout=180)
    out = os.path.join(folder, "out", os.path.splitext(os.path.basename(source))[0] + ".xlsx")
    return openpyxl.load_workbook(out)


def compare(rows, sheet, dialect=False):
    """Mismatches between the record's text rows and a sheet's typed cells; `dialect` for the
    `excel-pl`/`excel-de` CSV, whose areas inside the parcels' text and whose points' degrees
    have decimal commas."""
    mismatches = []
    header = rows[0]
    for r, row in enumerate(rows[1:], start=2):
        for c, text in enumerate(row, start=1):
            cell = sheet.cell(row=r, column=c).value
            column = header[c - 1]
            if dialect and column == "parcels":
                text = AREA_IN_TEXT.sub(lambda m: f"({m[1]},{m[2]} {m[3]})", text)
            if dialect and column == "parcel_wgs84":
                # The points' degrees, text as well, with the dialect's decimal comma too.
                text = text.replace(".", ",")
            if text == "":
                ok, kind = cell in (None, ""), "empty"
            elif column in IDENTIFIERS and text.isdigit():
                ok, kind = cell == text, "identifier with leading zero" if text.startswith("0") else "identifier of digits"
            elif DECIMAL.fullmatch(text) and not (len(text) > 1 and text.startswith("0") and "." not in text):
                ok, kind = isinstance(cell, (int, float)) and not isinstance(cell, bool) and abs(cell - float(text)) <= 1e-9 * max(1, abs(float(text))), "number"
            elif DAY.fullmatch(text):
                ok, kind = isinstance(cell, datetime.datetime) and cell.date().isoformat() == text, "date"
            else:
                ok, kind = cell == text, ("identifier with leading zero" if text.isdigit() else "text")
            if not ok:
                mismatches.append({"row": r, "column": column, "record": text, "read": str(cell), "kind": kind})
    return mismatches


with open(plain, newline="", encoding="utf-8") as file:
    rows = list(csv.reader(file))
result = {"csv": [], "workbook": [], "cells": sum(len(row) for row in rows[1:])}
# Separator ;, quote ", UTF-8, from line 1, standard column types, the language (Polish 1045,
# German 1031), quoted fields not forced to text, then "detect special numbers" off and on.
for special in ("false", "true"):
    book = converted(polish, f"csv-{special}", f"CSV:59,34,76,1,,{language},false,false,{special}")
    result["csv"] += [dict(m, special=special) for m in compare(rows, book.active, dialect=True)]
book = converted(workbook, "xlsx")
result["workbook"] = compare(rows, book["record"])
print(json.dumps(result))
