"""The API of a running server: schemathesis against its OpenAPI document, and the limits a
router test cannot show - a full queue (429), a deadline (503), a body too large while it
arrives, tokens, SIGTERM finishing what is in flight, and logs without job data."""
import http.client
import json
import re
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zipfile
import io

from conftest import ROOT, Server
from seasons import season_of_50

JOB = (ROOT / "docs/examples/herbicide-pl.json").read_bytes()


def post(url, body, content_type="application/json", headers=None, timeout=120):
    request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": content_type, **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def season_bytes():
    with tempfile.TemporaryDirectory() as folder:
        return season_of_50(folder).read_bytes()


def test_schemathesis_finds_no_server_error_and_every_response_matches_the_document():
    """The document describes the job and history bodies (docs/input-v1.schema.json and the app's
    entry), so schemathesis sends real jobs: the server of this test alone makes reports, seasons
    and records from them."""
    server = Server()
    try:
        run = subprocess.run(["schemathesis", "run", f"{server.url}/openapi.yaml", "--checks",
                              "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance",
                              "--max-examples", "40", "--generation-deterministic", "--request-timeout", "60"],
                             capture_output=True, text=True, timeout=900)
        assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
        assert "passed" in run.stdout
        with urllib.request.urlopen(f"{server.url}/metrics") as response:
            metrics = response.read().decode()
        for kind in ["report", "batch", "record"]:
            made = re.search(r'report_gen_made_total\{kind="%s"\} (\d+)' % kind, metrics)
            assert made and int(made.group(1)) > 0, f"schemathesis made no {kind} from a generated job:\n{metrics[:2000]}"
    finally:
        assert server.stop() == 0


def test_a_full_queue_is_429_with_retry_after():
    server = Server("--renders", "1", "--queue", "1")
    try:
        season = season_bytes()
        results = []
        threads = [threading.Thread(target=lambda: results.append(post(f"{server.url}/v1/batches?outputs=reports", season, "application/x-ndjson")))
                   for _ in range(5)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        statuses = sorted(status for status, _, _ in results)
        assert 200 in statuses and 429 in statuses, statuses
        refused = next((headers, body) for status, headers, body in results if status == 429)
        assert int(refused[0]["Retry-After"]) >= 1
        assert refused[0]["Content-Type"].startswith("application/problem+json")
        assert json.loads(refused[1])["status"] == 429
    finally:
        assert server.stop() == 0


def test_a_request_past_its_deadline_is_503():
    server = Server("--deadline", "0.05")
    try:
        status, headers, body = post(f"{server.url}/v1/batches", season_bytes(), "application/x-ndjson")
        assert status == 503, body[:300]
        assert json.loads(body)["title"] == "Out of time"
        # The slot comes back once the render ends: the server still answers.
        time.sleep(3)
        assert post(f"{server.url}/v1/validate", JOB)[0] == 200
    finally:
        assert server.stop() == 0


def test_a_body_over_the_limit_is_refused_while_it_arrives():
    # Chunked, so no length is declared: the server must count while reading (a multipart form).
    # The 413 is written as the limit passes and the server stops reading; a client that only
    # sends (as http.client does) sees it when the idle connection is closed, so this server's
    # idle timeout is 2 s rather than 30.
    server = Server("--idle-timeout", "2")
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    connection.putrequest("POST", "/drop/download")
    connection.putheader("Content-Type", "multipart/form-data; boundary=x")
    connection.putheader("Transfer-Encoding", "chunked")
    connection.endheaders()
    chunk = b"x" * (1 << 20)
    try:
        for _ in range(40):
            connection.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
    except (BrokenPipeError, ConnectionResetError):
        pass  # the server answered and closed before the 40 MiB were sent
    response = connection.getresponse()
    assert response.status == 413
    assert response.getheader("Content-Type").startswith("application/problem+json")
    assert server.stop() == 0


def test_tokens_guard_the_api_but_not_health():
    with tempfile.NamedTemporaryFile("w", suffix=".tokens") as tokens:
        tokens.write("# the co-operative's office\n" + "a" * 32 + "\n")
        tokens.flush()
        server = Server("--tokens", tokens.name)
        try:
            assert post(f"{server.url}/v1/validate", JOB)[0] == 401
            assert post(f"{server.url}/v1/validate", JOB, headers={"Authorization": "Bearer " + "a" * 32})[0] == 200
            with urllib.request.urlopen(f"{server.url}/healthz") as response:
                assert response.status == 200
        finally:
            assert server.stop() == 0


def test_sigterm_finishes_the_requests_in_flight_then_exits():
    server = Server()
    season = season_bytes()
    results = []
    worker = threading.Thread(target=lambda: results.append(post(f"{server.url}/v1/batches", season, "application/x-ndjson")))
    worker.start()
    # Wait until the season is being rendered, then ask the server to stop.
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{server.url}/metrics") as response:
            if "report_gen_renders_running 1" in response.read().decode():
                break
        time.sleep(0.02)
    server.process.terminate()
    worker.join(timeout=120)
    assert server.process.wait(timeout=120) == 0
    status, headers, body = results[0]
    assert status == 200, body[:300]
    assert len([name for name in zipfile.ZipFile(io.BytesIO(body)).namelist() if name.startswith("reports/")]) == 50
    try:
        urllib.request.urlopen(f"{server.url}/healthz", timeout=2)
        raise AssertionError("a stopped server answered")
    except OSError:
        pass


def test_the_log_names_each_request_but_holds_no_job_data(server):
    job = json.loads(JOB)
    job["field"]["name"] = "Pole-tajne-4711"
    job["operator"] = "Nazwisko-tajne-4711"
    status, headers, _ = post(f"{server.url}/v1/reports?locale=pl", json.dumps(job).encode())
    assert status == 200
    request_id = headers["Request-Id"]
    log = (ROOT / f"Tests/Artifacts/server-{server.port}.log").read_text()
    line = next(line for line in log.splitlines() if request_id in line)
    assert "path=/v1/reports" in line and "status=200" in line
    assert "tajne-4711" not in log
