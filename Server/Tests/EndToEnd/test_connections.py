"""Connections a client holds without finishing what it started: idle sockets are closed after
the idle timeout, an unfinished body is answered 408 after the body timeout, and a thousand idle
connections under the usual descriptor limit (ulimit -n 1024) keep a new client waiting no longer
than the idle timeout (they once locked everyone out, and SIGTERM waited for them)."""
import resource
import socket
import subprocess
import time
import urllib.request

from conftest import SERVER, Server, free_port


def wait_closed(connection, seconds):
    """Seconds until the server closes `connection` (reads end-of-file), or None past `seconds`."""
    connection.settimeout(seconds)
    start = time.monotonic()
    try:
        while connection.recv(4096):
            pass
        return time.monotonic() - start
    except (socket.timeout, TimeoutError):
        return None
    except ConnectionResetError:
        return time.monotonic() - start


def test_an_idle_connection_is_closed_after_the_idle_timeout():
    server = Server("--idle-timeout", "1")
    try:
        idle = socket.create_connection(("127.0.0.1", server.port))
        closed = wait_closed(idle, 10)
        assert closed is not None and closed < 5, closed
        # Half a request line, then nothing: closed too.
        stalled = socket.create_connection(("127.0.0.1", server.port))
        stalled.sendall(b"GET /healthz HTTP/1.1\r\nHost: x")
        closed = wait_closed(stalled, 10)
        assert closed is not None and closed < 5, closed
    finally:
        assert server.stop() == 0


def test_an_unfinished_body_is_408_after_the_body_timeout():
    server = Server("--body-timeout", "1", "--idle-timeout", "30")
    try:
        upload = socket.create_connection(("127.0.0.1", server.port))
        upload.sendall(b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{\"version\"")
        upload.settimeout(10)
        start = time.monotonic()
        answer = upload.recv(4096)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert time.monotonic() - start < 5
    finally:
        assert server.stop() == 0


def test_a_thousand_idle_connections_do_not_lock_a_new_client_out():
    # This process needs a descriptor for each of its own connections.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(soft, 4096), hard), hard))
    port = free_port()
    process = subprocess.Popen(["bash", "-c", f'ulimit -n 1024; exec "{SERVER}" --port {port} --idle-timeout 2'],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    idle = []
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        for _ in range(1000):
            try:
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=2))
            except OSError:
                break
        start = time.monotonic()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=20) as response:
            assert response.status == 200
        # At most the idle timeout (2 s) and the time the server takes to close the idle ones.
        assert time.monotonic() - start < 10
    finally:
        for connection in idle:
            connection.close()
        process.terminate()
        assert process.wait(timeout=30) == 0


def metrics(server):
    with urllib.request.urlopen(f"{server.url}/metrics", timeout=5) as response:
        text = response.read().decode()
    values = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            values[name] = float(value)
    return values


def season_of(count):
    """`count` jobs as JSON Lines, each with its own id."""
    import json
    import pathlib
    jobs = [json.loads(path.read_text()) for path in sorted((pathlib.Path(__file__).resolve().parents[3] / "docs/examples").glob("*.json"))]
    lines = []
    for index in range(count):
        job = dict(jobs[index % len(jobs)])
        job["id"] = f"left-{index + 1:03d}"
        lines.append(json.dumps(job, ensure_ascii=False))
    return ("\n".join(lines) + "\n").encode()


def test_a_season_whose_client_leaves_stops_being_drawn():
    """A client that sends a 300-job season and hangs up: the season is cancelled, its reports
    not yet drawn leave the queue, and the server is idle within seconds, where drawing the whole
    season takes far longer (measured here, in the same run, with a client that waits)."""
    server = Server()
    try:
        body = season_of(300)
        head = (f"POST /v1/batches?outputs=reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        leaving = socket.create_connection(("127.0.0.1", server.port))
        leaving.sendall(head + body)
        deadline = time.monotonic() + 30
        while metrics(server).get("report_gen_renders_running", 0) < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.5)
        left = time.monotonic()
        leaving.close()
        # Idle is no slot drawing, none waiting, and the leaving counted: the count comes once the
        # cancelled season has unwound, and between two parts of a season nothing may be drawing
        # for a moment, so idleness alone could be read before the hang-up reached the season.
        while time.monotonic() - left < 60:
            values = metrics(server)
            if (values.get("report_gen_renders_running", 0) == 0 and values.get("report_gen_renders_waiting", 0) == 0
                    and values.get('report_gen_errors_total{kind="client_left"}') == 1):
                break
            time.sleep(0.05)
        idle_after = time.monotonic() - left
        values = metrics(server)
        assert values.get('report_gen_errors_total{kind="client_left"}') == 1, values
        assert values.get("report_gen_renders_running", 0) == 0 and values.get("report_gen_renders_waiting", 0) == 0
        # The same season with a client that waits: how long drawing all of it takes.
        start = time.monotonic()
        request = urllib.request.Request(f"{server.url}/v1/batches?outputs=reports", data=body,
                                         headers={"Content-Type": "application/x-ndjson"}, method="POST")
        with urllib.request.urlopen(request, timeout=300) as response:
            assert response.status == 200
            response.read()
        whole = time.monotonic() - start
        assert idle_after < whole / 3, (idle_after, whole)
    finally:
        assert server.stop() == 0


def test_forms_of_the_most_parts_do_not_stall_the_server():
    """Four drop-page forms of 19,999 parts each, at once, over real sockets: each is read in a
    render slot (the server has two), the rest wait their turn or get 429, and /healthz answers
    promptly throughout; a form of one part more is refused (413) before it is parsed."""
    import threading
    import urllib.error
    server = Server("--renders", "2", "--queue", "2")
    boundary = "partsPARTSparts"

    def form(parts):
        return ("".join(f'--{boundary}\r\nContent-Disposition: form-data; name="e{index}-crop"\r\n\r\nx\r\n' for index in range(parts))
                + f"--{boundary}--\r\n").encode()

    def post(body):
        request = urllib.request.Request(f"{server.url}/drop/check?fragment=1", data=body, method="POST",
                                         headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    try:
        assert post(form(20_001)) == 413
        body, statuses, slowest = form(19_999), [], 0.0
        threads = [threading.Thread(target=lambda: statuses.append(post(body))) for _ in range(4)]
        for thread in threads:
            thread.start()
        while any(thread.is_alive() for thread in threads):
            start = time.monotonic()
            with urllib.request.urlopen(f"{server.url}/healthz", timeout=10) as response:
                assert response.status == 200
            slowest = max(slowest, time.monotonic() - start)
            time.sleep(0.05)
        for thread in threads:
            thread.join()
        # Read whole (no file chosen: 400) or turned away while slots and queue are full (429).
        assert sorted(set(statuses)) <= [400, 429] and 400 in statuses, statuses
        assert slowest < 1.0, f"/healthz took {slowest:.2f} s while forms were read"
    finally:
        assert server.stop() == 0
