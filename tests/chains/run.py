"""Starts local chain servers in their pinned environments and stops them. Standard library only.

Command line (any python3):
  python3 tests/chains/run.py evm solana blockbook [--ready-file F]
  python3 tests/chains/run.py "evm=--chain-id 56" "blockbook=--chain litecoin" "fixture=--fixture tests/chains/fixtures/xrp.json"
prints {"evm": "http://127.0.0.1:P", ...} once every server listens (and writes it to F), then runs until
SIGINT or SIGTERM and stops its servers.

From Python:
  from run import start
  node = start("evm", "--chain-id", "1")   # node.url, node.port, node.stop()
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SERVERS = {"evm": ("evm", "evm_node.py"), "solana": ("solana", "solana_node.py"), "blockbook": ("utxo", "blockbook.py"),
           "fixture": ("multi", "fixture_server.py"),      # fixture: pass --fixture FILE (the server is standard library
           "fixture-evm": ("evm", "fixture_server.py")}    # only; a verifying route needs its SDK: multi, or evm for HyperCore)


class Running:
    def __init__(self, name: str, proc: subprocess.Popen, info: dict, workdir: str) -> None:
        self.name, self.proc, self.info, self._dir = name, proc, info, workdir
        self.port: int = info["port"]
        self.url: str = info["url"]

    def stop(self, timeout: float = 5.0) -> int:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode

    def __enter__(self) -> "Running":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def python_for(name: str) -> str:
    venv = SERVERS[name][0]
    exe = ROOT / ".venvs" / venv / "bin" / "python"
    if not exe.exists():
        raise FileNotFoundError(f"{exe} is missing: run bash scripts/oracles.sh {venv}")
    return str(exe)


def start(name: str, *args: str, timeout: float = 60.0) -> Running:
    if name not in SERVERS:
        raise ValueError(f"unknown server {name}; one of {sorted(SERVERS)}")
    workdir = tempfile.mkdtemp(prefix=f"chain-{name}-")
    ready = os.path.join(workdir, "ready.json")
    log = open(os.path.join(workdir, "server.log"), "wb")
    proc = subprocess.Popen([python_for(name), str(HERE / SERVERS[name][1]), "--port", "0", "--ready-file", ready, *args],
                            stdout=log, stderr=subprocess.STDOUT, cwd=str(ROOT))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if os.path.exists(ready):
            with open(ready) as f:
                return Running(name, proc, json.load(f), workdir)
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    proc.wait()
    with open(os.path.join(workdir, "server.log"), "rb") as f:
        tail = f.read()[-2000:].decode("utf-8", "replace")
    raise RuntimeError(f"{name} did not start (exit {proc.returncode}):\n{tail}")


def main(argv: list[str]) -> int:
    ready_file = None
    specs = []
    it = iter(argv)
    for a in it:
        if a == "--ready-file":
            ready_file = next(it, None)
        elif a.startswith("--ready-file="):
            ready_file = a.split("=", 1)[1]
        else:
            specs.append(a)
    if not specs:
        print(__doc__, file=sys.stderr)
        return 2
    running: list[Running] = []
    stop = {"now": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(now=True))
    try:
        for spec in specs:
            name, _, extra = spec.partition("=")
            running.append(start(name, *shlex.split(extra)))
        urls = {r.name: r.url for r in running}
        if ready_file:
            tmp = ready_file + ".tmp"
            with open(tmp, "w") as f:
                json.dump(urls, f)
            os.replace(tmp, ready_file)
        print(json.dumps(urls), flush=True)
        while not stop["now"] and all(r.proc.poll() is None for r in running):
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    finally:
        for r in running:
            r.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
