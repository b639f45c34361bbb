#!/usr/bin/env python3
"""A change's cost against an earlier commit, in one run: two report-gen builds (an earlier
commit's and this one's, both as shipped: release, static Swift runtime) and the C floor of
../shared/bench, run interleaved round after round so that the machine's load falls on all
alike. Each round runs every measure, in an order shuffled with a fixed seed, for both programs
one right after the other (a ratio's two runs share the machine's load of that moment); a figure
is the median over the rounds, and a ratio (this head against the earlier one) is given with its
spread: the lowest and highest of the rounds' own ratios, and the middle half of them.

Measures: CPU of `--version`; one report as one process (the default spray report, the
canonical page); CPU a report in a batch of REPORTS jobs with --jobs 1 and --jobs 2 (both
pages), beside the C floor's batch of the canonical page; with --instructions, callgrind's
instructions a report (reports beyond start-up: a batch of 15 less one of 5, over 10), which the
machine's load does not change.

  scripts/bench.sh compare REF    builds REF (cached by commit) and this head, then runs this
"""
import argparse
import json
import os
import pathlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile


def timed(command, env=None):
    """CPU seconds (user + system) and wall seconds of `command`, read from the kernel (wait4)."""
    import time
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        pid = os.posix_spawn(command[0], command, env or os.environ, file_actions=[
            (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0), (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
        _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"bench-compare: {' '.join(command)} failed (status {status})")
    return usage.ru_utime + usage.ru_stime, wall


def history(job_file, count, path, rename_field):
    """`count` copies of the job as JSON Lines, each with an id (and a field name) of its own."""
    job = json.loads(pathlib.Path(job_file).read_text())
    with open(path, "w") as out:
        for number in range(1, count + 1):
            copy = dict(job, id=f"field-{number}")
            if rename_field:
                copy["field"] = dict(copy["field"], name=f"Field {number}")
            out.write(json.dumps(copy, ensure_ascii=False) + "\n")
    return path


def instructions(command):
    """The instructions `command` executed, as callgrind counts them."""
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out", *command],
                             capture_output=True, text=True, env=dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1"))
        if run.returncode != 0:
            sys.exit(f"bench-compare: callgrind of {' '.join(command)} failed: {run.stderr[-400:]}")
        for line in run.stderr.splitlines():
            if "Collected :" in line:
                return int(line.split("Collected :")[1].split()[0])
    sys.exit("bench-compare: callgrind printed no count")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ref", required=True, help="the earlier commit's report-gen")
    parser.add_argument("--ref-name", default="ref")
    parser.add_argument("--head", required=True, help="this head's report-gen")
    parser.add_argument("--floor", required=True, help="the C floor (../shared/bench/floor/report.c, built)")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--reports", type=int, default=100, help="jobs in each batch")
    parser.add_argument("--instructions", action="store_true", help="also count instructions a report with callgrind")
    parser.add_argument("--work", required=True)
    options = parser.parse_args()
    repository = pathlib.Path(__file__).resolve().parent.parent
    work = pathlib.Path(options.work)
    work.mkdir(parents=True, exist_ok=True)
    canonical = repository / "Benchmarks/canonical"
    default_job = repository / "docs/examples/herbicide-pl.json"
    look = ["--template", str(canonical / "template.json"), "--tokens", str(canonical / "tokens.json")]
    n = options.reports
    canonical_history = history(canonical / "job.json", n, work / f"canonical-{n}.jsonl", True)
    default_history = history(default_job, n, work / f"default-{n}.jsonl", False)
    programs = {"ref": options.ref, "head": options.head}
    env = dict(os.environ, SOURCE_DATE_EPOCH="1776150000")

    def out(name):
        path = work / name
        shutil.rmtree(path, ignore_errors=True)
        return str(path)

    # Each measure: name, per-report divisor, and the command for a program.
    measures = [
        ("--version", 1, lambda p: [p, "--version"]),
        ("one default report as a process", 1, lambda p: [p, str(default_job), "-o", out("one.pdf")]),
        ("one canonical page as a process", 1, lambda p: [p, str(canonical / "job.json"), *look, "-o", out("one.pdf")]),
        ("batch --jobs 1, default report", n, lambda p: [p, "batch", default_history, "-o", out("b") + "/", "--jobs", "1", "--quiet"]),
        ("batch --jobs 2, default report", n, lambda p: [p, "batch", default_history, "-o", out("b") + "/", "--jobs", "2", "--quiet"]),
        ("batch --jobs 1, canonical page", n, lambda p: [p, "batch", canonical_history, "-o", out("b") + "/", "--jobs", "1", "--quiet", *look]),
        ("batch --jobs 2, canonical page", n, lambda p: [p, "batch", canonical_history, "-o", out("b") + "/", "--jobs", "2", "--quiet", *look]),
    ]
    floor_batch = lambda: [options.floor, "batch", str(n), out("floor")]
    cpu = {(m[0], who): [] for m in measures for who in programs}
    floor = []
    generator = random.Random(20261128)
    for _ in range(options.rounds):
        # The measures in a shuffled order, and each measure's two programs one right after the
        # other (which goes first shuffled too): a ratio compares runs made a second apart, so
        # a shared machine's load, which changes over minutes, falls on both alike. (Shuffling
        # every run of a round apart spread the canonical batch's ratios over 0.77-1.49.)
        runs = list(measures) + [None]
        generator.shuffle(runs)
        for measure in runs:
            if measure is None:
                floor.append(timed(floor_batch(), env)[0] / n)
                continue
            name, divisor, command = measure
            pair = list(programs)
            generator.shuffle(pair)
            for who in pair:
                cpu[(name, who)].append(timed(command(programs[who]), env)[0] / divisor)

    def ms(values):
        return statistics.median(values) * 1000

    def spread(ratios):
        """The rounds' lowest and highest ratios, and the middle half of them (a shared machine's
        odd slow round moves the extremes, rarely the quartiles)."""
        middle = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0], ratios[0], ratios[0]]
        return f"[{min(ratios):.3f}-{max(ratios):.3f}, middle half {middle[0]:.3f}-{middle[2]:.3f}]"

    print(f"report-gen {options.ref_name} against this head: CPU, median of {options.rounds} interleaved rounds; "
          f"ratio head/{options.ref_name} with the lowest and highest of the rounds' own ratios and their middle half")
    print(f"  {'':34} {options.ref_name:>10} {'head':>10}   head/{options.ref_name}")
    for name, _, _ in measures:
        ratios = [h / r for h, r in zip(cpu[(name, "head")], cpu[(name, "ref")])]
        unit = "ms" if not name.startswith("batch") else "ms/rep"
        print(f"  {name:34} {ms(cpu[(name, 'ref')]):8.2f}{unit[:2]} {ms(cpu[(name, 'head')]):8.2f}{unit[:2]}   "
              f"{statistics.median(ratios):.3f} {spread(ratios)}")
    for who in programs:
        ratios = [s / f for s, f in zip(cpu[("batch --jobs 1, canonical page", who)], floor)]
        label = options.ref_name if who == "ref" else "head"
        print(f"  the C floor: canonical page {ms(floor):.2f} ms/report; {label} batch --jobs 1 against it "
              f"{statistics.median(ratios):.3f} {spread(ratios)}")

    if options.instructions:
        small, large = 5, 15
        print(f"instructions a report (callgrind, a batch of {large} less one of {small}, over {large - small}):")
        for label, job_file, extra, rename in [("default report", default_job, [], False), ("canonical page", canonical / "job.json", look, True)]:
            counts = {}
            for who, program in programs.items():
                per = []
                for size in (small, large):
                    jobs = history(job_file, size, work / f"i-{size}.jsonl", rename)
                    per.append(instructions([program, "batch", jobs, "-o", out(f"i-{who}-{size}") + "/", "--jobs", "1", "--quiet", *extra]))
                counts[who] = (per[1] - per[0]) / (large - small)
            print(f"  {label:34} {counts['ref'] / 1e6:8.2f} M {counts['head'] / 1e6:8.2f} M   {counts['head'] / counts['ref']:.3f}")


if __name__ == "__main__":
    main()
