"""Single reports beside seasons (docs/performance.md, "The server under mixed load"): eight
clients post the canonical job to /v1/reports, and in the mixed run each of them also posts a
50-job season to /v1/batches after every ten single reports. The single reports' p50 and p99
are compared with those of the same run without seasons, in alternating rounds on one server.
The goal (issue 49): single-report p99 at most twice the run without seasons.

Python's http.client, one keep-alive connection a client: the load generator shares the two
cores with the server, in both runs alike.

    python3 Benchmarks/server/mixed.py SERVER [ROUNDS] [SECONDS]
"""
import http.client
import pathlib
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
JOB = (ROOT / "Benchmarks/canonical/job.json").read_bytes()
CLIENTS = 8
SINGLES_A_SEASON = 10
sys.path.insert(0, str(ROOT / "Server/Tests/EndToEnd"))
from seasons import season_of_50  # noqa: E402  the tests' 50-job season


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(connection, path, body, content_type):
    start = time.perf_counter()
    connection.request("POST", path, body=body, headers={"Content-Type": content_type})
    response = connection.getresponse()
    response.read()
    assert response.status == 200, response.status
    return (time.perf_counter() - start) * 1000


def run(port, season, seconds, with_seasons):
    """Latencies (ms) of the single reports and of the seasons, `CLIENTS` clients for `seconds`."""
    singles, seasons = [], []
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def client():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        count = 0
        while time.monotonic() < end:
            took = post(connection, "/v1/reports", JOB, "application/json")
            with lock:
                singles.append(took)
            count += 1
            if with_seasons and count % SINGLES_A_SEASON == 0:
                took = post(connection, "/v1/batches?outputs=reports", season, "application/x-ndjson")
                with lock:
                    seasons.append(took)
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return singles, seasons


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main():
    server_binary = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 8
    season = season_of_50(tempfile.mkdtemp(prefix="bench-mixed-")).read_bytes()
    port = free_port()
    # A deadline and a queue long enough that nothing is refused: the figure is the wait.
    server = subprocess.Popen([server_binary, "--port", str(port), "--log-level", "warning", "--queue", "64"], stdout=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        run(port, season, 2, True)  # warm: generators made, pages faulted in
        figures = {False: [], True: []}
        for round_index in range(rounds):
            for with_seasons in ((False, True) if round_index % 2 == 0 else (True, False)):
                singles, seasons = run(port, season, seconds, with_seasons)
                figures[with_seasons].append((percentile(singles, 0.5), percentile(singles, 0.99), len(singles),
                                              statistics.median(seasons) if seasons else None, len(seasons)))
        for with_seasons in (False, True):
            rows = figures[with_seasons]
            print(f"{'with seasons' if with_seasons else 'singles only'}: single-report p50 "
                  f"{statistics.median(r[0] for r in rows):.1f} ms, p99 {statistics.median(r[1] for r in rows):.1f} ms "
                  f"(rounds: {', '.join(f'{r[1]:.1f}' for r in rows)}), {statistics.median(r[2] for r in rows):.0f} reports a round"
                  + (f", {statistics.median(r[4] for r in rows):.0f} seasons a round, season median {statistics.median(r[3] for r in rows):.0f} ms"
                     if with_seasons else ""))
        ratio = statistics.median(r[1] for r in figures[True]) / statistics.median(r[1] for r in figures[False])
        print(f"single-report p99 with seasons / without: {ratio:.2f} (goal: at most 2)")
    finally:
        server.terminate()
        server.wait(timeout=60)


if __name__ == "__main__":
    main()
