#!/usr/bin/env python3
"""Writes the document the server publishes at /openapi.yaml (OpenAPIDocument.swift): the one its
routes are generated from (Server/Sources/ReportServer/openapi.yaml), with the job and history
bodies described by the published input schema (docs/input-v1.schema.json) and the app's entry,
so a client, and schemathesis, send real jobs.

The generated code keeps `{}` for those bodies: ReportKit reads their bytes itself (JSONBodyHandOver),
and a typed body would be decoded twice. A router test keeps the published text equal to what this
script writes (`--check`)."""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = ROOT / "Server/Sources/ReportServer/openapi.yaml"
SWIFT = ROOT / "Server/Sources/ReportServer/OpenAPIDocument.swift"
JOB_SCHEMA = ROOT / "docs/input-v1.schema.json"
BODY_LINE = "          schema: {}\n          example:\n"

# The app's history entry (docs/input-format.md, "The app's history entries"): what the
# Kalkulator Oprysku app writes; unknown keys only warn, so more are allowed.
APP_ENTRY = {
    "description": "One entry of the Kalkulator Oprysku app's history export (docs/input-format.md).",
    "type": "object",
    "required": ["fieldArea", "sprayRate", "chemicalRate", "tankCapacity"],
    "properties": {
        "id": {"type": "string", "maxLength": 200},
        "date": {"type": "number", "description": "seconds since 2001-01-01T00:00:00Z"},
        "fieldArea": {"type": "number", "exclusiveMinimum": 0},
        "areaUnit": {"enum": ["ha", "ar", "m²", "m2"]},
        "sprayRate": {"type": "number", "exclusiveMinimum": 0, "description": "L/ha"},
        "chemicalRate": {"type": "number", "exclusiveMinimum": 0, "description": "L/ha"},
        "tankCapacity": {"type": "number", "exclusiveMinimum": 0, "description": "L"},
    },
}


def schemas():
    """The job schema's definitions hoisted into components (their references rewritten), the
    job, the app entry, and a job or history."""
    job = json.loads(JOB_SCHEMA.read_text())
    definitions = job.pop("$defs", {})
    for key in ["$schema", "$id"]:
        job.pop(key, None)

    def rewrite(value):
        if isinstance(value, dict):
            return {k: ("#/components/schemas/Job_" + v.split("/")[-1] if k == "$ref" and v.startswith("#/$defs/") else rewrite(v))
                    for k, v in value.items()}
        if isinstance(value, list):
            return [rewrite(item) for item in value]
        return value

    found = {"Job": rewrite(job), "AppEntry": APP_ENTRY}
    found.update({"Job_" + name: rewrite(definition) for name, definition in definitions.items()})
    entry = {"anyOf": [{"$ref": "#/components/schemas/Job"}, {"$ref": "#/components/schemas/AppEntry"}]}
    found["JobOrHistory"] = {
        "description": "A job, or a history: an array of jobs or app entries, or {\"version\": 1, \"jobs\": [...]}.",
        "anyOf": [
            entry,
            {"type": "array", "minItems": 1, "items": entry},
            {"type": "object", "required": ["version", "jobs"], "additionalProperties": False,
             "properties": {"version": {"const": 1}, "jobs": {"type": "array", "minItems": 1, "items": entry}}},
        ],
    }
    return found


def published():
    text = SOURCE.read_text()
    if text.count(BODY_LINE) != 1:
        sys.exit(f"{SOURCE}: expected the History body's `schema: {{}}` once")
    text = text.replace(BODY_LINE, "          schema: {$ref: '#/components/schemas/JobOrHistory'}\n          example:\n")
    # YAML takes JSON: each schema one line under components/schemas (the document's last section).
    lines = [f"    {name}: {json.dumps(schema, ensure_ascii=False)}" for name, schema in sorted(schemas().items())]
    return text.rstrip("\n") + "\n" + "\n".join(lines) + "\n"


def swift(document):
    return ("/// The document /openapi.yaml serves: openapi.yaml, the one the routes are generated from, with\n"
            "/// the job and history bodies described by docs/input-v1.schema.json and the app's entry\n"
            "/// (`scripts/server-openapi-publish.py` writes it; a router test keeps it current).\n"
            "enum OpenAPIDocument {\n"
            '    static let text = #"""\n' + document + '"""#\n}\n')


if __name__ == "__main__":
    made = swift(published())
    if "--check" in sys.argv:
        sys.exit(0 if SWIFT.read_text() == made else f"{SWIFT} is not current: run scripts/server-openapi-publish.py")
    SWIFT.write_text(made)
