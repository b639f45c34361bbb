#!/usr/bin/env python3
"""Checks PDFs against the machine-checkable rules of PDF/A-3b and PDF/UA-1.

No validator for PDF/A or PDF/UA can be installed here (veraPDF is in no reachable registry), so
this implements the rules report-gen's PDFs are held to, each named by its clause of ISO 19005-3
(PDF/A-3) or ISO 14289-1 (PDF/UA-1) and, for PDF/UA, its Matterhorn Protocol checkpoint. It reads
the files with pikepdf (qpdf underneath), independently of report-gen's own Swift code.

    check-pdf-standard.py [--json] FILE.pdf...

Prints one line per failed rule ("FILE: [PDF/UA-1 7.3, Matterhorn 13-004] …") and exits 1 when
any rule fails, 0 when all pass. With --json it prints, per file, the list of failed rule ids.
"""
import io
import json
import re
import sys
import xml.etree.ElementTree as ET

import pikepdf
from fontTools import agl
from fontTools.cffLib import CFFFontSet
from fontTools.pens.basePen import NullPen
from fontTools.ttLib import TTFont
from pikepdf import Name

NS = {
    "x": "adobe:ns:meta/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "dc": "http://purl.org/dc/elements/1.1/",
    "pdf": "http://ns.adobe.com/pdf/1.3/",
    "xmp": "http://ns.adobe.com/xap/1.0/",
    "pdfaid": "http://www.aiim.org/pdfa/ns/id/",
    "pdfuaid": "http://www.aiim.org/pdfua/ns/id/",
    "pdfaExtension": "http://www.aiim.org/pdfa/ns/extension/",
    "pdfaSchema": "http://www.aiim.org/pdfa/ns/schema#",
    "pdfaProperty": "http://www.aiim.org/pdfa/ns/property#",
}

PAINTING = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "Tj", "TJ", "'", '"', "Do", "sh", "INLINE IMAGE"}
TABLE_PARTS = {"TR", "TH", "TD", "THead", "TBody", "TFoot"}


class Report:
    def __init__(self, path):
        self.path = path
        self.failures = []

    def fail(self, rule, message):
        self.failures.append((rule, message))


def text(value):
    return str(value) if value is not None else None


def pdf_date_instant(value):
    """D:YYYYMMDDHHmmSS with Z or an offset → a comparable UTC tuple string."""
    match = re.fullmatch(r"D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'\d{2}'?)?", value or "")
    if not match:
        return None
    if match.group(7) not in (None, "Z", "+00'00'", "+00'00", "-00'00'"):
        return None  # report-gen writes UTC; an offset would need converting
    return "%s-%s-%sT%s:%s:%sZ" % match.groups()[:6]


def check_file_structure(pdf, raw, report):
    if not re.match(rb"%PDF-1\.[0-7]\r?\n", raw[:10]):
        report.fail("PDF/A-3 6.1.2", "the header is not %PDF-1.n followed by an end of line")
    second = raw.split(b"\n", 2)[1] if raw.count(b"\n") >= 2 else b""
    if not (second.startswith(b"%") and sum(1 for b in second[1:5] if b > 127) == 4):
        report.fail("PDF/A-3 6.1.2", "the header is not followed by a comment of four bytes above 127")
    trailer = pdf.trailer
    if "/ID" not in trailer or len(trailer.ID) != 2:
        report.fail("PDF/A-3 6.1.3", "the trailer has no /ID of two strings")
    if "/Encrypt" in trailer:
        report.fail("PDF/A-3 6.1.3", "the file is encrypted")
    if not raw.rstrip(b"\r\n").endswith(b"%%EOF"):
        report.fail("PDF/A-3 6.1.3", "data follows the last %%EOF")


def xmp_tree(pdf, report):
    catalog = pdf.Root
    if "/Metadata" not in catalog:
        report.fail("PDF/A-3 6.6.2.1, PDF/UA-1 7.1 (Matterhorn 06-001)", "the catalog has no /Metadata stream")
        return None
    stream = catalog.Metadata
    if "/Filter" in stream:
        report.fail("PDF/A-3 6.6.2.1", "the metadata stream is compressed")
    data = stream.read_bytes()
    header = re.search(rb"<\?xpacket begin=[^?]*\?>", data)
    if not header:
        report.fail("PDF/A-3 6.6.2.1", "the metadata has no xpacket header")
    elif b"bytes=" in header.group(0) or b"encoding=" in header.group(0):
        report.fail("PDF/A-3 6.6.2.1", "the xpacket header has a bytes or encoding attribute")
    try:
        return ET.fromstring(data.decode("utf-8").split("?>", 1)[1].rsplit("<?xpacket", 1)[0])
    except Exception as error:  # a broken packet is a failure to report, not a crash
        report.fail("PDF/A-3 6.6.2.1", "the metadata is not well-formed XML: %s" % error)
        return None


def xmp_values(tree):
    """Every simple property and the first item of each array, by qualified name."""
    values = {}
    for description in tree.iter("{%s}Description" % NS["rdf"]):
        for key, value in description.attrib.items():
            values[key] = value
        for child in description:
            items = list(child.iter("{%s}li" % NS["rdf"]))
            values[child.tag] = items[0].text if items else child.text
    return values


def q(prefix, name):
    return "{%s}%s" % (NS[prefix], name)


def check_metadata(pdf, report):
    tree = xmp_tree(pdf, report)
    if tree is None:
        return
    values = xmp_values(tree)
    if values.get(q("pdfaid", "part")) != "3" or values.get(q("pdfaid", "conformance")) != "B":
        report.fail("PDF/A-3 6.6.4", "the metadata does not declare pdfaid:part 3, conformance B")
    if values.get(q("pdfuaid", "part")) != "1":
        report.fail("PDF/UA-1 5 (Matterhorn 06-002)", "the metadata does not declare pdfuaid:part 1")
    title = values.get(q("dc", "title"))
    if not title:
        report.fail("PDF/UA-1 7.1 (Matterhorn 06-003)", "the metadata has no dc:title")
    # PDF/A-3 6.6.2.3.2: properties outside the predefined schemas need an extension schema.
    described = {(schema.findtext(q("pdfaSchema", "namespaceURI")), prop.findtext(q("pdfaProperty", "name")))
                 for schema in tree.iter("{%s}li" % NS["rdf"]) if schema.find(q("pdfaSchema", "namespaceURI")) is not None
                 for prop in schema.iter("{%s}li" % NS["rdf"]) if prop.find(q("pdfaProperty", "name")) is not None}
    if q("pdfuaid", "part") in values and (NS["pdfuaid"], "part") not in described:
        report.fail("PDF/A-3 6.6.2.3.2", "pdfuaid:part is used without its extension schema")

    info = pdf.trailer.get("/Info")
    info = info if info is not None else {}
    pairs = [("/Title", q("dc", "title")), ("/Author", q("dc", "creator")), ("/Subject", q("dc", "description")),
             ("/Keywords", q("pdf", "Keywords")), ("/Creator", q("xmp", "CreatorTool")), ("/Producer", q("pdf", "Producer"))]
    for key, prop in pairs:
        if key in info and text(info[key]) != values.get(prop):
            report.fail("PDF/A-3 6.6.2.3.1", "%s %r differs from the metadata's %r" % (key, text(info[key]), values.get(prop)))
    for key, prop in (("/CreationDate", q("xmp", "CreateDate")), ("/ModDate", q("xmp", "ModifyDate"))):
        if key not in info:
            continue
        instant = pdf_date_instant(text(info[key]))
        if instant is None:
            report.fail("PDF/A-3 6.1.13 (ISO 32000-1 7.9.4)", "%s %r is not a PDF date (D:YYYYMMDDHHmmSS in UTC)" % (key, text(info[key])))
        elif instant != values.get(prop):
            report.fail("PDF/A-3 6.6.2.3.1", "%s %s differs from the metadata's %r" % (key, instant, values.get(prop)))
    language = values.get(q("dc", "language"))
    if "/Lang" in pdf.Root and language != text(pdf.Root.Lang):
        report.fail("PDF/A-3 6.6.2.3.1", "dc:language %r differs from the catalog's /Lang" % language)


def check_output_intent(pdf, report):
    intents = [intent for intent in pdf.Root.get("/OutputIntents", []) if intent.get("/S") == Name.GTS_PDFA1]
    if len(intents) != 1:
        report.fail("PDF/A-3 6.2.3", "there is not exactly one GTS_PDFA1 OutputIntent")
        return
    profile = intents[0].get("/DestOutputProfile")
    if profile is None:
        report.fail("PDF/A-3 6.2.3", "the OutputIntent has no DestOutputProfile")
        return
    data = profile.read_bytes()
    if data[36:40] != b"acsp" or data[16:20] != b"RGB " or int(profile.get("/N", 0)) != 3:
        report.fail("PDF/A-3 6.2.3, 6.2.4.3", "the OutputIntent's profile is not an RGB ICC profile with /N 3 (DeviceRGB needs one)")
    if data[8] > 4:
        report.fail("PDF/A-3 6.2.3", "the ICC profile is newer than version 4")


def check_fonts_and_images(pdf, report):
    seen = set()
    for page in pdf.pages:
        resources = page.obj.get("/Resources", {})
        for font in resources.get("/Font", {}).values():
            if font.objgen in seen:
                continue
            seen.add(font.objgen)
            subtype = font.get("/Subtype")
            if subtype == Name.Type3:
                continue
            fonts = list(font.get("/DescendantFonts", [])) if subtype == Name.Type0 else [font]
            for each in fonts:
                descriptor = each.get("/FontDescriptor")
                if descriptor is None or not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                    report.fail("PDF/A-3 6.2.11.4.1", "font %s is not embedded" % each.get("/BaseFont"))
                if each.get("/Subtype") == Name.CIDFontType2 and "/CIDToGIDMap" not in each:
                    report.fail("PDF/A-3 6.2.11.3.2", "CIDFontType2 font %s has no /CIDToGIDMap" % each.get("/BaseFont"))
                for problem in width_mismatches(font, each):
                    report.fail("PDF/A-3 6.2.11.5", "font %s: %s" % (each.get("/BaseFont"), problem))
            if "/ToUnicode" not in font and subtype == Name.Type0:
                report.fail("PDF/UA-1 7.21.7", "font %s has no /ToUnicode map" % font.get("/BaseFont"))
        for xobject in resources.get("/XObject", {}).values():
            if xobject.get("/Interpolate") is True:
                report.fail("PDF/A-3 6.2.8", "an image asks to be interpolated")


def program_widths(descriptor):
    """The embedded font program's advance widths in thousandths of an em, by glyph id
    (TrueType) or glyph name (CFF: "cid00042" for a CID-keyed font), read with fontTools."""
    if "/FontFile2" in descriptor:
        font = TTFont(io.BytesIO(descriptor["/FontFile2"].read_bytes()))
        scale = 1000 / font["head"].unitsPerEm
        metrics = font["hmtx"]
        return {gid: metrics[name][0] * scale for gid, name in enumerate(font.getGlyphOrder())}
    if "/FontFile3" in descriptor:
        fonts = CFFFontSet()
        fonts.decompile(io.BytesIO(descriptor["/FontFile3"].read_bytes()), None)
        top = fonts[fonts.fontNames[0]]
        widths = {}
        for name in top.CharStrings.keys():
            charstring, select = top.CharStrings.getItemAndSelector(name)
            charstring.draw(NullPen())
            matrix = top.FontMatrix
            if select is not None and hasattr(top, "FDArray") and hasattr(top.FDArray[select], "FontMatrix"):
                # A CID-keyed font's glyph is scaled by its font dict's matrix, then the top's.
                matrix = [top.FDArray[select].FontMatrix[0] * top.FontMatrix[0] / 0.001]
            widths[name] = charstring.width * matrix[0] * 1000
        return widths
    return None


def windows_ansi_name(code):
    """The glyph name WinAnsiEncoding gives a code (cp1252's character, named by the AGL)."""
    try:
        return agl.UV2AGL.get(ord(bytes([code]).decode("cp1252")))
    except UnicodeDecodeError:
        return None


def width_mismatches(font, each):
    """PDF/A-3 6.2.11.5: the widths a font dictionary gives agree with the embedded program's,
    within one unit (cairo 1.16 rounds them to whole units)."""
    descriptor = each.get("/FontDescriptor")
    if descriptor is None:
        return []
    widths = program_widths(descriptor)
    if widths is None:
        return []
    given = {}
    if each.get("/Subtype") in (Name.CIDFontType0, Name.CIDFontType2):
        array = list(each.get("/W", []))
        index = 0
        while index < len(array):
            first = int(array[index])
            if isinstance(array[index + 1], pikepdf.Array):
                for offset, width in enumerate(array[index + 1]):
                    given[first + offset] = float(width)
                index += 2
            else:
                for cid in range(first, int(array[index + 1]) + 1):
                    given[cid] = float(array[index + 2])
                index += 3
        cff = each.get("/Subtype") == Name.CIDFontType0
        glyph = (lambda cid: ".notdef" if cid == 0 else "cid%05d" % cid) if cff else (lambda cid: cid)
    else:
        encoding = font.get("/Encoding")
        if encoding != Name.WinAnsiEncoding:
            return []
        first = int(font.get("/FirstChar", 0))
        for offset, width in enumerate(font.get("/Widths", [])):
            given[first + offset] = float(width)
        glyph = windows_ansi_name
    problems = []
    for code, width in sorted(given.items()):
        name = glyph(code)
        if name is None or name not in widths:
            continue
        if abs(widths[name] - width) > 1.0:
            problems.append("code %d (%s) is %.3f wide in the dictionary, %.3f in the font program" % (code, name, width, widths[name]))
    return problems[:3]


STANDARD_BLEND_MODES = {"/Normal", "/Compatible", "/Multiply", "/Screen", "/Overlay", "/Darken", "/Lighten", "/ColorDodge",
                        "/ColorBurn", "/HardLight", "/SoftLight", "/Difference", "/Exclusion", "/Hue", "/Saturation", "/Color",
                        "/Luminosity"}


def check_transparency(pdf, report):
    """PDF/A-3 6.2.10: only standard blend modes; a page that uses transparency has a group colour space."""
    for number, page in enumerate(pdf.pages, 1):
        resources = page.obj.get("/Resources", {})
        uses_transparency = False
        for state in resources.get("/ExtGState", {}).values():
            mode = state.get("/BM")
            modes = [str(m) for m in mode] if isinstance(mode, pikepdf.Array) else [str(mode)] if mode is not None else []
            if any(m not in STANDARD_BLEND_MODES for m in modes):
                report.fail("PDF/A-3 6.2.10", "page %d uses a blend mode that is not standard" % number)
            if any(float(state.get(key, 1)) < 1 for key in ("/CA", "/ca")) or state.get("/SMask", Name("/None")) != Name("/None"):
                uses_transparency = True
        group = page.obj.get("/Group")
        if uses_transparency and (group is None or "/CS" not in group):
            report.fail("PDF/A-3 6.2.10", "page %d uses transparency without a group colour space" % number)


def check_annotations(pdf, report):
    for number, page in enumerate(pdf.pages, 1):
        annotations = page.obj.get("/Annots", [])
        if len(annotations) and page.obj.get("/Tabs") != Name.S:
            report.fail("PDF/UA-1 7.18.3", "page %d has annotations but no /Tabs /S" % number)
        for annotation in annotations:
            flags = int(annotation.get("/F", 0))
            if annotation.get("/Subtype") != Name.Popup and (not flags & 4 or flags & (1 | 2 | 32)):
                report.fail("PDF/A-3 6.3.2", "an annotation on page %d is not set to print (or is hidden)" % number)
            if not text(annotation.get("/Contents")):
                report.fail("PDF/UA-1 7.18.1, 7.18.5", "an annotation on page %d has no /Contents" % number)
            if "/StructParent" not in annotation:
                report.fail("PDF/UA-1 7.18.1", "an annotation on page %d is not in the structure tree" % number)


def check_attachments(pdf, report):
    """PDF/A-3 6.8: every embedded file is an associated file with its relationship and media type."""
    associated = {spec.objgen for spec in pdf.Root.get("/AF", [])}
    names = pdf.Root.get("/Names", {}).get("/EmbeddedFiles")
    listed = []
    if names is not None:
        items = list(names.get("/Names", []))
        listed = [(str(items[i]), items[i + 1]) for i in range(0, len(items), 2)]
        keys = [key.encode("utf-8") for key, _ in listed]
        if keys != sorted(keys):
            report.fail("ISO 32000-1 7.9.6", "the EmbeddedFiles name tree is not in key order")
    for name, spec in listed:
        if spec.objgen not in associated:
            report.fail("PDF/A-3 6.8", "attachment %s is not in the catalog's /AF" % name)
        if "/F" not in spec or "/UF" not in spec:
            report.fail("PDF/A-3 6.8", "attachment %s has no /F and /UF" % name)
        if spec.get("/AFRelationship") not in (Name.Source, Name.Data, Name.Alternative, Name.Supplement, Name.Unspecified):
            report.fail("PDF/A-3 6.8", "attachment %s has no valid /AFRelationship" % name)
        stream = spec.get("/EF", {}).get("/F")
        if stream is None:
            report.fail("PDF/A-3 6.8", "attachment %s has no embedded file stream" % name)
            continue
        if "/Subtype" not in stream:
            report.fail("PDF/A-3 6.8", "attachment %s has no MIME type (/Subtype)" % name)
        params = stream.get("/Params", {})
        # A modification date is recommended (6.8: "should"); a document with a date of its own
        # gives its attachments that date, one without a date invents none for them either.
        dated = "/CreationDate" in pdf.docinfo
        if "/ModDate" in params or dated:
            if pdf_date_instant(text(params.get("/ModDate"))) is None:
                report.fail("PDF/A-3 6.8", "attachment %s has no valid /Params /ModDate" % name)
        if "/Size" in params and int(params.Size) != len(stream.read_bytes()):
            report.fail("ISO 32000-1 7.11.4", "attachment %s's /Size is not its length" % name)


def structure_elements(pdf):
    """(element, parent role) for every structure element, depth first."""
    root = pdf.Root.get("/StructTreeRoot")
    if root is None:
        return None
    result = []
    def kids(node):
        k = node.get("/K")
        if k is None:
            return []
        return list(k) if isinstance(k, pikepdf.Array) else [k]
    stack = [(kid, "StructTreeRoot") for kid in reversed(kids(root))]
    while stack:
        node, parent = stack.pop()
        if not isinstance(node, pikepdf.Dictionary) or "/S" not in node:
            continue
        result.append((node, parent))
        stack += [(kid, str(node.S)[1:]) for kid in reversed(kids(node))]
    return result


def check_structure(pdf, report):
    catalog = pdf.Root
    if catalog.get("/MarkInfo", {}).get("/Marked") is not True:
        report.fail("PDF/UA-1 7.1 (Matterhorn 06-001)", "the catalog has no /MarkInfo << /Marked true >>")
    if not text(catalog.get("/Lang")):
        report.fail("PDF/UA-1 7.2", "the catalog has no /Lang")
    if catalog.get("/ViewerPreferences", {}).get("/DisplayDocTitle") is not True:
        report.fail("PDF/UA-1 7.1 (Matterhorn 07-001)", "the viewer preferences do not show the document title")
    elements = structure_elements(pdf)
    if elements is None:
        report.fail("PDF/UA-1 7.1", "the document has no structure tree")
        return
    top = [element for element, parent in elements if parent == "StructTreeRoot"]
    if len(top) != 1 or str(top[0].S) != "/Document":
        report.fail("PDF/UA-1 7.1 (ISO 32000-1 14.8.4.2)", "the structure tree's root holds %d elements, not one Document" % len(top))
    role_map = catalog.StructTreeRoot.get("/RoleMap", {})
    level = 0
    for element, parent in elements:
        role = str(element.S)[1:]
        role = str(role_map.get("/" + role, "/" + role))[1:]
        if re.fullmatch(r"H[1-6]", role):
            number = int(role[1])
            if number > level + 1:
                report.fail("PDF/UA-1 7.4.2 (Matterhorn 14-003)", "heading %s follows H%d, skipping a level" % (role, level) if level else
                            "the first heading is %s, not H1" % role)
            level = number
        if role == "Figure" and not text(element.get("/Alt")) and not text(element.get("/ActualText")):
            report.fail("PDF/UA-1 7.3 (Matterhorn 13-004)", "a Figure has no alternative text")
        if role == "TH":
            attributes = element.get("/A")
            attributes = list(attributes) if isinstance(attributes, pikepdf.Array) else [attributes] if attributes is not None else []
            if not any(a.get("/O") == Name.Table and a.get("/Scope") in (Name.Column, Name.Row, Name.Both) for a in attributes):
                report.fail("PDF/UA-1 7.5 (Matterhorn 15-003)", "a table header cell (TH) has no /Scope")
        if role == "TR" and parent not in ("Table", "THead", "TBody", "TFoot"):
            report.fail("PDF/UA-1 7.5 (ISO 32000-1 14.8.4.3.4)", "a TR is inside %s, not a table" % parent)
        if role in ("TH", "TD") and parent != "TR":
            report.fail("PDF/UA-1 7.5 (ISO 32000-1 14.8.4.3.4)", "a %s is inside %s, not a TR" % (role, parent))
        if role == "Link":
            kids = element.get("/K")
            kids = list(kids) if isinstance(kids, pikepdf.Array) else [kids]
            if not any(isinstance(k, pikepdf.Dictionary) and k.get("/Type") == Name.OBJR for k in kids):
                report.fail("PDF/UA-1 7.18.5 (Matterhorn 28-011)", "a Link element holds no link annotation")


def check_content(pdf, report):
    """PDF/UA-1 7.1 (Matterhorn 01-004/01-005): everything painted is tagged or an Artifact."""
    for number, page in enumerate(pdf.pages, 1):
        stack = []
        untagged = 0
        for operands, operator in pikepdf.parse_content_stream(page):
            name = str(operator)
            if name in ("BMC", "BDC"):
                # Real content is a BDC with an MCID (its place in the structure tree).
                tagged = name == "BDC" and len(operands) > 1 and isinstance(operands[1], pikepdf.Dictionary) and "/MCID" in operands[1]
                stack.append(str(operands[0]) == "/Artifact" or tagged)
            elif name == "EMC":
                if not stack:
                    report.fail("ISO 32000-1 14.6", "page %d ends marked content it never began" % number)
                else:
                    stack.pop()
            elif name in PAINTING:
                if not any(stack):
                    untagged += 1
        if stack:
            report.fail("ISO 32000-1 14.6", "page %d leaves marked content open" % number)
        if untagged:
            report.fail("PDF/UA-1 7.1 (Matterhorn 01-005)", "page %d paints %d times outside tagged content or an Artifact" % (number, untagged))


def check(path):
    report = Report(path)
    with open(path, "rb") as handle:
        raw = handle.read()
    try:
        pdf = pikepdf.open(path)
    except Exception as error:
        report.fail("ISO 32000-1", "the file cannot be read as a PDF: %s" % error)
        return report
    with pdf:
        check_file_structure(pdf, raw, report)
        check_metadata(pdf, report)
        check_output_intent(pdf, report)
        check_fonts_and_images(pdf, report)
        check_transparency(pdf, report)
        check_annotations(pdf, report)
        check_attachments(pdf, report)
        check_structure(pdf, report)
        check_content(pdf, report)
    return report


def main(arguments):
    as_json = "--json" in arguments
    paths = [argument for argument in arguments if argument != "--json"]
    if not paths:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    reports = [check(path) for path in paths]
    if as_json:
        print(json.dumps({r.path: [rule for rule, _ in r.failures] for r in reports}, indent=1))
    else:
        for r in reports:
            for rule, message in r.failures:
                print("%s: [%s] %s" % (r.path, rule, message))
    return 1 if any(r.failures for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
