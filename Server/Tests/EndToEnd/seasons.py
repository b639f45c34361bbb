"""A 50-job season, the same for the browser tests, the live tests and the load benchmark."""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]


def season_of_50(folder):
    """50 jobs as JSON Lines: the bundled v1 examples, numbered, on 50 different days."""
    jobs = [json.loads(path.read_text()) for path in sorted((ROOT / "docs/examples").glob("*.json"))]
    lines = []
    for index in range(50):
        job = dict(jobs[index % len(jobs)])
        job["id"] = f"season-{index + 1:02d}"
        job["date"] = f"2026-{4 + index // 28:02d}-{1 + index % 28:02d}T07:30:00+02:00"
        job.pop("endDate", None)
        job.pop("recordedAt", None)
        lines.append(json.dumps(job, ensure_ascii=False))
    path = pathlib.Path(folder) / "season.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path
