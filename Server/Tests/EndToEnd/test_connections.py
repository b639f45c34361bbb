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
