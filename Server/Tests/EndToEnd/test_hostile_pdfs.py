"""A report PDF given as input is untrusted: the hostile ones the server was measured with
(docs/server.md, "Memory") are refused as the client's fault, two at once, while the process
stays far under the documented unit's MemoryMax=2G (peak resident memory, /proc's VmHWM)."""
import threading
import urllib.error
import urllib.request
import zlib

import pytest

from conftest import Server

# The documented unit's limit is 2 GB; the release server peaked at 155 MB (the inflating file,
# two at once) and 543 MB (the longest list, two at once). A debug build keeps more: 1 GiB leaves
# room while catching what was measured before the bound (2.3 GB).
PEAK_LIMIT_KB = 1024 * 1024


def pdf(catalog_extra, objects):
    body, offsets = bytearray(b"%PDF-1.7\n"), []

    def obj(text, stream=b""):
        offsets.append(len(body))
        body.extend(b"%d 0 obj\n" % len(offsets) + text + (b"\nstream\n" + stream + b"\nendstream" if stream else b"") + b"\nendobj\n")

    obj(b"<< /Type /Catalog /Pages 2 0 R " + catalog_extra + b" >>")
    obj(b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    obj(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>")
    for text, stream in objects:
        obj(text, stream)
    xref = len(body)
    body.extend(b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets))
    body.extend(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(offsets) + 1, xref))
    return bytes(body)


def inflating():
    """17 KB that inflate to 16 MiB twenty times over: one stream listed twenty times."""
    data = zlib.compress(bytes(16 * 1024 * 1024 - 1000), 9)
    return pdf(b"/AF [" + b" ".join([b"4 0 R"] * 20) + b"]", [
        (b"<< /Type /Filespec /F (job.json) /UF (job.json) /AFRelationship /Source /EF << /F 5 0 R >> >>", b""),
        (b"<< /Type /EmbeddedFile /Filter /FlateDecode /Length %d >>" % len(data), data)])


def longest_list():
    """A list of 2,700,000 attachment references, as many as the 16 MiB body limit holds."""
    return pdf(b"/AF [" + b" ".join([b"4 0 R"] * 2_700_000) + b"]", [
        (b"<< /Type /Filespec /F (job.json) /AFRelationship /Source /EF << /F 5 0 R >> >>", b""),
        (b"<< /Type /EmbeddedFile /Length 2 >>\nstream\n{}\nendstream", b"")])


def post(url, body):
    request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": "application/pdf"})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def peak_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))


@pytest.mark.parametrize("make", [inflating, longest_list], ids=["inflating", "longest-list"])
def test_a_hostile_pdf_is_refused_two_at_once_under_the_units_memory(make):
    body = make()
    assert len(body) <= 16 * 1024 * 1024
    server = Server("--renders", "2")
    try:
        statuses = []
        threads = [threading.Thread(target=lambda: statuses.append(post(f"{server.url}/v1/reports", body))) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(statuses) == 2 and all(400 <= status < 500 for status in statuses), statuses
        peak = peak_kb(server.process.pid)
        assert peak < PEAK_LIMIT_KB, f"{peak} KB at peak"
        print(f"{make.__name__}: {statuses}, peak {peak // 1024} MB")
    finally:
        assert server.stop() == 0
