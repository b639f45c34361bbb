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
SEASON_EXAMPLES = sorted((ROOT / "docs/examples").glob("*.json"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mib(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


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


def season_of_50(path):
    jobs = [json.loads(p.read_text()) for p in SEASON_EXAMPLES]
    with open(path, "w") as out:
        for index in range(50):
            job = dict(jobs[index % len(jobs)])
            job["id"] = f"season-{index + 1:02d}"
            job["date"] = f"2026-{4 + index // 28:02d}-{1 + index % 28:02d}T07:30:00+02:00"
            job.pop("endDate", None)
            job.pop("recordedAt", None)
            out.write(json.dumps(job, ensure_ascii=False) + "\n")


def main():
    server_binary, report_gen = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    per_run = 400
    work = pathlib.Path(tempfile.mkdtemp(prefix="bench-server-"))
    jobs_file = work / "jobs.jsonl"
    job_line = json.dumps(json.loads(JOB.read_text()))
    jobs_file.write_text((job_line + "\n") * per_run)
    season = work / "season.jsonl"
    season_of_50(season)
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
        for round_index in range(rounds):
            order = ["cli", 1, 2, 8]
            order = order[round_index % 4:] + order[:round_index % 4]
            for what in order:
                if what == "cli":
                    figures["cli"].append(cli_batch(report_gen, jobs_file, per_run, work / "out"))
                else:
                    rate, p50, p99, codes = hey(reports, JOB, per_run, what)
                    assert set(codes) == {200}, codes
                    figures[what].append((rate, p50, p99))
        cli = statistics.median(figures["cli"])
        print(f"report-gen batch --jobs 2: {cli:.1f} reports/s (rounds: {', '.join(f'{r:.1f}' for r in figures['cli'])})")
        for concurrency in (1, 2, 8):
            rate = statistics.median(r for r, _, _ in figures[concurrency])
            p50 = statistics.median(p for _, p, _ in figures[concurrency])
            p99 = statistics.median(p for _, _, p in figures[concurrency])
            print(f"server, concurrency {concurrency}: {rate:.1f} reports/s ({rate / cli:.0%} of the CLI), p50 {p50:.1f} ms, p99 {p99:.1f} ms")
        # Memory: after 1,000 requests (warm), then after 10,000 more.
        hey(reports, JOB, 1000, 8)
        before = rss_mib(server.pid)
        rate, p50, p99, codes = hey(reports, JOB, 10000, 8)
        after = rss_mib(server.pid)
        print(f"memory: {before:.1f} MiB after 1,000 requests, {after:.1f} MiB after 10,000 more ({(after - before) / before:+.1%}); "
              f"those 10,000 at {rate:.1f} reports/s, statuses {codes}")
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
