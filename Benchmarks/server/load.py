"""The server under load, beside the command-line tool, in one run (docs/performance.md,
"The server"): reports/s and latency of POST /v1/reports with the canonical job at concurrency
1, 2 and 8 (hey, from Debian), against `report-gen batch --jobs 2` on the same job; the server's
memory over 10,000 requests; a 50-job season's ZIP. Rounds alternate the two; figures are medians.

    python3 Benchmarks/server/load.py SERVER REPORT_GEN [ROUNDS]
"""
import json
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


def hey(url, body, requests, concurrency, content_type="application/json"):
    """reports/s, p50 ms, p99 ms, and the status codes, from hey's summary."""
    run = subprocess.run(["hey", "-n", str(requests), "-c", str(concurrency), "-m", "POST", "-T", content_type, "-D", str(body), url],
                         capture_output=True, text=True, check=True)
    out = run.stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = float(re.search(r"50%+ in ([\d.]+) secs", out).group(1)) * 1000
    p99 = float(re.search(r"99%+ in ([\d.]+) secs", out).group(1)) * 1000
    codes = dict((int(code), int(count)) for code, count in re.findall(r"\[(\d{3})\]\s+(\d+) responses", out))
    return rate, p50, p99, codes


def cli_batch(report_gen, jobs_file, count, folder):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    start = time.monotonic()
    subprocess.run([str(report_gen), "batch", str(jobs_file), "-o", str(folder), "--jobs", "2"], check=True,
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
        hey(reports, JOB, 200, 2)  # warm: generators made, pages faulted in
        figures = {"cli": [], 1: [], 2: [], 8: []}
        cpu = {"cli": [], 1: [], 2: [], 8: []}
        for round_index in range(rounds):
            order = ["cli", 1, 2, 8]
            order = order[round_index % 4:] + order[:round_index % 4]
            for what in order:
                if what == "cli":
                    before = children_cpu()
                    figures["cli"].append(cli_batch(report_gen, jobs_file, per_run, work / "out"))
                    cpu["cli"].append((children_cpu() - before) / per_run * 1000)
                else:
                    server_before, hey_before = cpu_seconds(server.pid), children_cpu()
                    rate, p50, p99, codes = hey(reports, JOB, per_run, what)
                    assert set(codes) == {200}, codes
                    figures[what].append((rate, p50, p99))
                    cpu[what].append(((cpu_seconds(server.pid) - server_before) / per_run * 1000, (children_cpu() - hey_before) / per_run * 1000))
        cli = statistics.median(figures["cli"])
        print(f"report-gen batch --jobs 2: {cli:.1f} reports/s (rounds: {', '.join(f'{r:.1f}' for r in figures['cli'])}), "
              f"CPU {statistics.median(cpu['cli']):.1f} ms a report")
        for concurrency in (1, 2, 8):
            rate = statistics.median(r for r, _, _ in figures[concurrency])
            p50 = statistics.median(p for _, p, _ in figures[concurrency])
            p99 = statistics.median(p for _, _, p in figures[concurrency])
            server_cpu = statistics.median(c for c, _ in cpu[concurrency])
            hey_cpu = statistics.median(h for _, h in cpu[concurrency])
            print(f"server, concurrency {concurrency}: {rate:.1f} reports/s ({rate / cli:.0%} of the CLI), p50 {p50:.1f} ms, p99 {p99:.1f} ms; "
                  f"CPU a report: server {server_cpu:.1f} ms, hey {hey_cpu:.1f} ms")
        # Memory over 10,000 requests, twice: the first 10,000 fill the caches (each pooled
        # generator's fonts and layouts, the allocator's free lists), the next show any leak.
        start = rss_mib(server.pid)
        hey(reports, JOB, 10000, 8)
        warm = rss_mib(server.pid)
        rate, p50, p99, codes = hey(reports, JOB, 10000, 8)
        after = rss_mib(server.pid)
        print(f"memory: {start:.1f} MiB at the start of the first 10,000 requests, {warm:.1f} MiB after them ({(warm - start) / start:+.1%}), "
              f"{after:.1f} MiB after 10,000 more ({(after - warm) / warm:+.1%}); those at {rate:.1f} reports/s, statuses {codes}")
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
