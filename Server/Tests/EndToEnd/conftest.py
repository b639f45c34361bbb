"""Starts report-gen-server for the browser and live tests, on a free loopback port."""
import os
import pathlib
import socket
import subprocess
import time
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
SERVER = pathlib.Path(os.environ.get("REPORT_GEN_SERVER", ROOT / "Server/.build/debug/report-gen-server"))
REPORT_GEN = pathlib.Path(os.environ.get("REPORT_GEN", ROOT / ".build/debug/report-gen"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A running report-gen-server; `stop` sends SIGTERM and returns its exit status."""

    def __init__(self, *arguments):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(ROOT / f"Tests/Artifacts/server-{self.port}.log", "w") if (ROOT / "Tests/Artifacts").is_dir() else subprocess.DEVNULL
        self.process = subprocess.Popen([str(SERVER), "--port", str(self.port), *arguments], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.url + "/readyz", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"report-gen-server did not start (exit {self.process.poll()})")
            time.sleep(0.1)

    def stop(self, timeout=60):
        self.process.terminate()
        return self.process.wait(timeout=timeout)


@pytest.fixture(scope="session")
def server():
    (ROOT / "Tests/Artifacts").mkdir(exist_ok=True)
    running = Server()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()
