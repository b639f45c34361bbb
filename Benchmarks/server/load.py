"""The server under load, beside the command-line tool, in one run (docs/performance.md,
"The server"): reports/s and latency of POST /v1/reports with the canonical job at concurrency
1, 2 and 8 (wrk, from Debian), against `report-gen batch` on the same job (--jobs 2, and
--jobs 1 for concurrency 1: one request at a time is one render at a time); the server's
memory over 10,000 requests; a 50-job season's ZIP. Rounds alternate them; figures are medians.

wrk, not hey: the load generator shares the two cores with the server, and hey (Go) spends
about 0.6 ms of CPU a request against wrk's 0.15, a twentieth of a report's.

    python3 Benchmarks/server/load.py SERVER REPORT_GEN [ROUNDS]
"""
import json
import math
import os
import pathlib
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
JOB = ROOT / "Benchmarks/canonical/job.json"
POST_SCRIPT = pathlib.Path(__file__).with_name("post.lua")
SECONDS = 3  # a server measurement: about as long as the CLI takes for its 400 jobs
sys.path.insert(0, str(ROOT / "Server/Tests/EndToEnd"))
from seasons import season_of_50  # noqa: E402  the tests' 50-job season


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mib(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid):
    """User and system CPU of a process so far (/proc/PID/stat)."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def milliseconds(text):
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]


def wrk(url, body, seconds, concurrency):
    """reports/s, p50 ms, p99 ms, requests answered and those not 2xx, from wrk's summary."""
    run = subprocess.run(["wrk", "-t1", f"-c{concurrency}", f"-d{seconds}s", "--latency", "-s", str(POST_SCRIPT), url],
                         capture_output=True, text=True, check=True, env={**os.environ, "BODY": str(body)})
    out = run.stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = milliseconds(re.search(r"^\s+50%\s+(\S+)$", out, re.M).group(1))
    p99 = milliseconds(re.search(r"^\s+99%\s+(\S+)$", out, re.M).group(1))
    answered = int(re.search(r"(\d+) requests in", out).group(1))
    failed = int(re.search(r"Non-2xx or 3xx responses: (\d+)", out).group(1)) if "Non-2xx" in out else 0
    errors = re.search(r"Socket errors: .*", out)
    assert not errors, errors.group(0)
    return rate, p50, p99, answered, failed


def cli_batch(report_gen, jobs_file, count, folder, threads):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    start = time.monotonic()
    subprocess.run([str(report_gen), "batch", str(jobs_file), "-o", str(folder), "--jobs", str(threads)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={"PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": str(folder)})
    return count / (time.monotonic() - start)


def main():
    server_binary, report_gen = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    per_run = 400
    work = pathlib.Path(tempfile.mkdtemp(prefix="bench-server-"))
    jobs_file = work / "jobs.jsonl"
    job_line = json.dumps(json.loads(JOB.read_text()))
    jobs_file.write_text((job_line + "\n") * per_run)
    season = season_of_50(work)
    port = free_port()
    server = subprocess.Popen([server_binary, "--port", str(port), "--log-level", "warning"], stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(url + "/readyz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        reports = f"{url}/v1/reports"
        wrk(reports, JOB, 2, 2)  # warm: generators made, pages faulted in
        baselines = {1: "cli1", 2: "cli2", 8: "cli2"}
        figures = {"cli1": [], "cli2": [], 1: [], 2: [], 8: []}
        cpu = {what: [] for what in figures}
        for round_index in range(rounds):
            order = ["cli2", 1, 2, 8, "cli1"]
            order = order[round_index % 5:] + order[:round_index % 5]
            for what in order:
                if what in ("cli1", "cli2"):
                    before = children_cpu()
                    figures[what].append(cli_batch(report_gen, jobs_file, per_run, work / "out", int(what[-1])))
                    cpu[what].append((children_cpu() - before) / per_run * 1000)
                else:
                    server_before, wrk_before = cpu_seconds(server.pid), children_cpu()
                    rate, p50, p99, answered, failed = wrk(reports, JOB, SECONDS, what)
                    assert failed == 0, f"{failed} of {answered} requests failed"
                    figures[what].append((rate, p50, p99))
                    cpu[what].append(((cpu_seconds(server.pid) - server_before) / answered * 1000, (children_cpu() - wrk_before) / answered * 1000))
        cli = {what: statistics.median(figures[what]) for what in ("cli1", "cli2")}
        for what in ("cli2", "cli1"):
            print(f"report-gen batch --jobs {what[-1]}: {cli[what]:.1f} reports/s (rounds: {', '.join(f'{r:.1f}' for r in figures[what])}), "
                  f"CPU {statistics.median(cpu[what]):.1f} ms a report")
        for concurrency in (1, 2, 8):
            rate = statistics.median(r for r, _, _ in figures[concurrency])
            p50 = statistics.median(p for _, p, _ in figures[concurrency])
            p99 = statistics.median(p for _, _, p in figures[concurrency])
            server_cpu = statistics.median(c for c, _ in cpu[concurrency])
            wrk_cpu = statistics.median(h for _, h in cpu[concurrency])
            against = f"{rate / cli['cli2']:.0%} of --jobs 2" + (f", {rate / cli['cli1']:.0%} of --jobs 1" if concurrency == 1 else "")
            print(f"server, concurrency {concurrency}: {rate:.1f} reports/s ({against}; rounds: {', '.join(f'{r:.1f}' for r, _, _ in figures[concurrency])}), "
                  f"p50 {p50:.1f} ms, p99 {p99:.1f} ms; CPU a report: server {server_cpu:.1f} ms, wrk {wrk_cpu:.2f} ms")
        # Memory over 10,000 requests, twice: the first 10,000 fill the caches (each pooled
        # generator's fonts and layouts, the allocator's free lists), the next show any leak.
        # wrk runs for a time, not a count: long enough for 10,000 at the rate just measured.
        seconds = math.ceil(10000 / statistics.median(r for r, _, _ in figures[8]) * 1.2)
        start = rss_mib(server.pid)
        _, _, _, first, failed_first = wrk(reports, JOB, seconds, 8)
        warm = rss_mib(server.pid)
        rate, _, _, second, failed_second = wrk(reports, JOB, seconds, 8)
        after = rss_mib(server.pid)
        print(f"memory: {start:.1f} MiB at the start of the first {first:,} requests, {warm:.1f} MiB after them ({(warm - start) / start:+.1%}), "
              f"{after:.1f} MiB after {second:,} more ({(after - warm) / warm:+.1%}); those at {rate:.1f} reports/s, "
              f"{failed_first + failed_second} not 2xx")
        times = []
        for _ in range(5):
            start = time.monotonic()
            request = urllib.request.Request(f"{url}/v1/batches", data=season.read_bytes(), method="POST",
                                             headers={"Content-Type": "application/x-ndjson"})
            with urllib.request.urlopen(request, timeout=120) as response:
                size = len(response.read())
            times.append(time.monotonic() - start)
        print(f"50-job season ZIP: {statistics.median(times):.2f} s median of 5 ({', '.join(f'{t:.2f}' for t in times)}), {size / 1e6:.1f} MB")
    finally:
        server.terminate()
        server.wait(timeout=60)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
