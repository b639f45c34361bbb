"""Every route with its parameters, read from the server's own OpenAPI document: each value each
parameter may take and the edges beside it (an enum's values and one it lacks, an integer's
bounds and one past each, text that is not a number), alone and in a seeded random sample of
combinations, with a real job or history as the body. No answer is a 5xx or ends the process;
a refusal is problem+json that names the parameter; a PNG or PDF asked for is one. (A pair no
schemathesis run tried, `format=png` with `page=0`, once ended the process.)"""
import http.client
import itertools
import json
import random

import yaml

from conftest import ROOT

DOCUMENT = yaml.safe_load((ROOT / "Server/Sources/ReportServer/openapi.yaml").read_text())
JOB = (ROOT / "docs/examples/herbicide-pl.json").read_bytes()
HISTORY = ("\n".join(json.dumps(dict(json.loads(JOB), id=f"p-{index}")) for index in range(2)) + "\n").encode()


def parameters(operation):
    found = []
    for parameter in operation.get("parameters", []):
        if "$ref" in parameter:
            parameter = DOCUMENT["components"]["parameters"][parameter["$ref"].rsplit("/", 1)[1]]
        found.append((parameter["name"], parameter.get("schema", {})))
    return found


def candidates(schema):
    """(value, whether the document accepts it) for one parameter."""
    if "enum" in schema:
        return [(value, True) for value in schema["enum"]] + [("nope", False), ("", False)]
    if schema.get("type") == "integer":
        low, high = schema.get("minimum", 0), schema.get("maximum", 10_000)
        return [(low, True), (high, True), (low - 1, False), (high + 1, False), ("a", False), (-1, low <= -1)]
    if schema.get("type") == "array":
        items = schema.get("items", {}).get("enum", [])
        return [(",".join(items[:1]), True), (",".join(items), True), ("nope", False)]
    return [("spray-report", True), ("tank-card", True), ("../../etc/passwd", False), ("nope", False)]


def operations():
    for path, methods in DOCUMENT["paths"].items():
        for method, operation in methods.items():
            if isinstance(operation, dict) and method == "post":
                yield path, operation


def ask(server, path, query):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    body, kind = (HISTORY, "application/x-ndjson") if path in ("/v1/records", "/v1/batches") else (JOB, "application/json")
    text = "&".join(f"{name}={value}" for name, value in query.items())
    connection.request("POST", path + ("?" + text if text else ""), body=body, headers={"Content-Type": kind})
    response = connection.getresponse()
    return response.status, response.getheader("Content-Type") or "", response.read()


def check(server, path, query, accepted):
    status, kind, body = ask(server, path, query)
    where = f"POST {path}?{query}"
    assert status < 500, f"{where}: {status} {body[:300]}"
    assert server.process.poll() is None, f"{where} ended the process"
    if status >= 400:
        assert kind.startswith("application/problem+json"), f"{where}: {status} {kind}"
    if accepted is False:
        assert status in (400, 422), f"{where}: a value the document refuses was answered {status}"
        problem = json.loads(body)
        assert any(name in (problem.get("detail", "") + problem.get("title", "")) for name in query), f"{where}: {problem}"
    if status == 200 and query.get("format") == "png":
        assert body.startswith(b"\x89PNG"), where
    if status == 200 and path == "/v1/reports" and query.get("format", "pdf") == "pdf":
        assert body.startswith(b"%PDF-"), where
    return status


def test_every_parameter_value_alone(server):
    for path, operation in operations():
        for name, schema in parameters(operation):
            for value, accepted in candidates(schema):
                check(server, path, {name: value}, accepted if name != "template" or not accepted else None)


def test_a_random_sample_of_combinations(server):
    generator = random.Random(49)
    for path, operation in operations():
        choices = [(name, candidates(schema)) for name, schema in parameters(operation)]
        if not choices:
            continue
        for _ in range(40):
            query, all_accepted = {}, True
            for name, values in choices:
                if generator.random() < 0.6:
                    value, accepted = generator.choice(values)
                    query[name] = value
                    all_accepted = all_accepted and accepted
            # A combination of accepted values may still be refused for what it asks together
            # (page 1000 of a one-page report): only its being no 5xx is asserted then.
            check(server, path, query, None if all_accepted else None)


def test_format_png_with_every_page_edge(server):
    for page, dpi in itertools.product([0, 1, 2, 1000, 1001, -1], [35, 36, 300, 301]):
        check(server, "/v1/reports", {"format": "png", "page": page, "dpi": dpi}, None)
