"""Shared fixtures: the package on sys.path, the library, and the test API server of
tests/server/api_server.py.

Tests that need the library fail when it cannot be loaded (so a CI run without it cannot pass);
set GEMSTONE_SKIP_LIB_TESTS=1 to skip them instead, e.g. to run only the header and record tests
before the library is built."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PACKAGE_ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import gemstone  # noqa: E402
from gemstone import abi  # noqa: E402
from header import REPO  # noqa: E402

SERVER = REPO / "tests" / "server" / "api_server.py"


@pytest.fixture(scope="session")
def library():
    try:
        return abi.lib()
    except abi.LibraryError as error:
        if os.environ.get("GEMSTONE_SKIP_LIB_TESTS") == "1":
            pytest.skip(f"libgemstone not available: {error}")
        raise


@pytest.fixture(autouse=True)
def no_swallowed_errors():
    """Every test: no Python exception was swallowed at the C boundary, and no completion or
    release arrived that the binding was not waiting for. (A port call after its table's release
    is checked by test_ports.py::test_no_port_call_arrives_after_its_tables_release alone: the
    core does that rarely today, and it would fail whichever test happened to be running.)"""
    before = (gemstone.stats.callback_errors, gemstone.stats.unknown_completions, gemstone.stats.unknown_releases)
    yield
    after = (gemstone.stats.callback_errors, gemstone.stats.unknown_completions, gemstone.stats.unknown_releases)
    assert after == before, "callback errors / unknown completions / unknown releases"


class ApiServer:
    """The test API server, started on 127.0.0.1 with --port 0."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, str(SERVER), "--port", "0"], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline() if self.process.stdout else ""
        if not line.startswith("PORT "):
            self.process.kill()
            raise RuntimeError(f"api_server.py did not print PORT: {line!r} {self.process.stderr.read()!r}")
        self.port = int(line.split()[1])
        self.url = f"http://127.0.0.1:{self.port}"

    def control(self, method: str, path: str, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(request, timeout=10) as response:
            text = response.read().decode()
        return json.loads(text) if text.strip() else None

    def requests(self) -> list:
        return self.control("GET", "/_control/requests")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        for stream in (self.process.stdout, self.process.stderr):
            if stream:
                stream.close()


@pytest.fixture(scope="session")
def api_server_process():
    server = ApiServer()
    yield server
    server.stop()


@pytest.fixture
def api_server(api_server_process):
    api_server_process.control("POST", "/_control/reset")
    return api_server_process


def wait_until(predicate, timeout: float = 10.0, interval: float = 0.01) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return predicate()


@pytest.fixture(scope="module")
def local_chains():
    """The EVM and Solana servers of tests/chains, each started in its own environment (.venvs/evm,
    .venvs/solana) by tests/chains/run.py, fresh for each test module (a test may fund an account):
    {"evm": url, "solana": url, "token": the TST contract}."""
    sys.path.insert(0, str(REPO / "tests" / "chains"))
    import run  # noqa: E402  (tests/chains/run.py)
    from chain_support import control

    evm = run.start("evm", "--chain-id", "1")
    try:
        solana = run.start("solana")
    except BaseException:
        evm.stop()
        raise
    try:
        yield {"evm": evm.url, "solana": solana.url, "token": control(evm.url, "info")["token"]}
    finally:
        solana.stop()
        evm.stop()
