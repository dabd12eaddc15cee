"""Local nodes for all 52 chains, each chain under its own scope, for the balance benchmark and the front ends'
refresh scenario. Standard library only (any python3); the servers run in their pinned environments via run.py.

  python3 tests/chains/all_chains.py [--ready-file F] [--tokens-file T] [--evm-nodes N]

starts four processes and prints (and writes to F, atomically) {"<chain id>": "<base URL>", ...} for every chain of
`Chain` (Sources/Primitives/Chain.swift), then runs until SIGINT or SIGTERM:
- one `evm_node.py` for the 28 EVM chains: http://127.0.0.1:P/<chain id>, eth_chainId answering each chain's own id
  (`--scope-chain-ids`); one state, so the test account, its ETH and the TST token are the same on every EVM chain;
  Ethereum's (Multicall3 → Everstake), SmartChain's and Monad's staking readers answered by `--call-stubs`. A node answers one call at a
  time (1–4 ms each), so when all 28 chains ask at once their calls queue; `--evm-nodes N` spreads the chains
  over N nodes (each its own state: the token address is the same on all, as each deploys it identically);
- one `solana_node.py`: http://127.0.0.1:P/solana;
- one `blockbook.py`: bitcoin, litecoin and doge at /bitcoin, /litecoin, /dogecoin (Blockbook's own chain names);
- one `fixture_server.py` loaded with fixtures/all_chains/*.json (written by fixtures/generate_all_chains.py) for
  the other 20 chains, at /<chain id>: documented answers for any address.
The scope of a chain, for `POST <server>/_control/faults {"scope": ..., "delay_ms": N}`, is its URL's first path
segment; `control_url(url)` gives the server's base. T (optional) is written with {"<chain id>": {"token": id or
null, "control": server base URL, "scope": segment}} (the token each chain holds a balance of: the EVM TST contract,
the Solana SPL mint, each fixture's token; null where the client has none to read).

From Python: `with start_all() as chains: chains.urls["polygon"], chains.tokens["polygon"], chains.delay("polygon", 200)`.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import Running, start  # noqa: E402

# The EVM chains and their EIP-155 ids (ChainConfig.swift `evm(...)`, the specification's chain_config.rs).
EVM_CHAIN_IDS: dict[str, int] = {
    "ethereum": 1, "smartchain": 56, "polygon": 137, "arbitrum": 42161, "optimism": 10, "base": 8453, "avalanchec": 43114,
    "opbnb": 204, "fantom": 250, "gnosis": 100, "seievm": 1329, "manta": 169, "blast": 81457, "zksync": 324, "linea": 59144,
    "mantle": 5000, "celo": 42220, "world": 480, "sonic": 146, "plasma": 9745, "abstract": 2741, "berachain": 80094,
    "ink": 57073, "unichain": 130, "hyperliquid": 999, "monad": 143, "xlayer": 196, "stable": 988,
}
# The staking readers SmartChain's and Monad's ChainClient call (EthereumClient+ChainClient.swift `EVMStaking`), which
# the local EVM chain does not deploy: their answers, ABI-encoded (gemwalletcom/core gem_bsc stake_hub.rs, gem_evm
# monad contracts.rs, everstake/client.rs). SmartChain: one delegation of 2 BNB and no undelegation; Monad: 5 MON staked,
# 1 pending.
def _words(*values: int) -> str:
    return "0x" + "".join(f"{v:064x}" for v in values)


def _aggregate3_results(results: list[tuple[bool, bytes]]) -> str:
    """Multicall3 `aggregate3`'s return, `(bool success, bytes returnData)[]`, ABI-encoded."""
    tails = []
    for ok, data in results:
        padded = data + b"\0" * (-len(data) % 32)
        tails.append(int(ok).to_bytes(32, "big") + (64).to_bytes(32, "big") + len(data).to_bytes(32, "big") + padded)
    heads, offset = b"", 32 * len(results)
    for t in tails:
        heads += offset.to_bytes(32, "big")
        offset += len(t)
    body = (32).to_bytes(32, "big") + len(results).to_bytes(32, "big") + heads + b"".join(tails)
    return "0x" + body.hex()


def _uint(*values: int) -> bytes:
    return b"".join(v.to_bytes(32, "big") for v in values)


CALL_STUBS = {
    # Ethereum: Everstake's five reads through Multicall3 (aggregate3): 32 ETH deposited, 1 pending, nothing pending
    # deposited, a withdraw request of 2 (none ready), 0.1 restaked reward.
    "0xca11bde05977b3631167028862be2a173976ca11:82ad56cb": _aggregate3_results(
        [(True, _uint(32 * 10**18)), (True, _uint(10**18)), (True, _uint(0)), (True, _uint(2 * 10**18, 0)), (True, _uint(10**17))]),
    "0x830295c0abe7358f7e24bc38408095621474280b:ced0e70e": _words(32, 1, 0x19E7E376E7C213B7E7E7E46CC70A5DD086DAFF2A, 1, 2 * 10**18, 2 * 10**18),
    "0x830295c0abe7358f7e24bc38408095621474280b:d9d4c020": _words(32, 0),
    "0xe754ad5e300c81b02dc6583e1612025507ef90f7:f8b2cb4f": _words(5 * 10**18, 10**18, 0),
}
# Blockbook's chain names for the chains it serves.
BLOCKBOOK_CHAINS = {"bitcoin": "bitcoin", "litecoin": "litecoin", "doge": "dogecoin"}
FIXTURES = HERE / "fixtures" / "all_chains"

# Every chain id, in `Chain.allCases` order (Sources/Primitives/Chain.swift).
ALL_CHAINS = [
    "bitcoin", "bitcoincash", "litecoin", "ethereum", "smartchain", "solana", "polygon", "thorchain", "cosmos", "osmosis",
    "arbitrum", "ton", "tron", "doge", "zcash", "optimism", "aptos", "base", "avalanchec", "sui", "xrp", "opbnb", "fantom",
    "gnosis", "celestia", "injective", "sei", "seievm", "manta", "blast", "noble", "zksync", "linea", "mantle", "celo", "near",
    "world", "stellar", "sonic", "algorand", "polkadot", "plasma", "cardano", "abstract", "berachain", "ink", "unichain",
    "hyperliquid", "hypercore", "monad", "xlayer", "stable",
]


def post(url: str, body: dict[str, Any], timeout: float = 10.0) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read() or b"null")


def control_url(url: str) -> str:
    """The server base (scheme://host:port) of a chain's base URL."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"


def scope_of(url: str) -> str:
    return url.split("://", 1)[1].split("/", 2)[1]


class AllChains:
    def __init__(self, servers: list[Running], urls: dict[str, str], tokens: dict[str, str | None]) -> None:
        self.servers, self.urls, self.tokens = servers, urls, tokens

    def delay(self, chain: str, delay_ms: float) -> None:
        """Every answer to `chain` waits `delay_ms` (its scope only)."""
        url = self.urls[chain]
        post(control_url(url) + "/_control/faults", {"scope": scope_of(url), "delay_ms": delay_ms})

    def reset(self, chain: str | None = None) -> None:
        """Clears `chain`'s switches (every chain's without one)."""
        for base in ({control_url(self.urls[chain])} if chain else {control_url(u) for u in self.urls.values()}):
            post(base + "/_control/reset", {"scope": scope_of(self.urls[chain])} if chain else {})

    def describe(self) -> dict[str, dict[str, Any]]:
        return {c: {"token": self.tokens.get(c), "control": control_url(u), "scope": scope_of(u)} for c, u in self.urls.items()}

    def stop(self) -> None:
        for s in self.servers:
            s.stop()

    def __enter__(self) -> "AllChains":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_all(evm_nodes: int = 1) -> AllChains:
    servers: list[Running] = []
    try:
        evm_chains = list(EVM_CHAIN_IDS)
        evms: list[tuple[Running, list[str]]] = []
        count = max(1, min(evm_nodes, len(evm_chains)))
        for i in range(count):
            group = evm_chains[i::count]
            node = start("evm", "--scope-chain-ids", json.dumps({c: EVM_CHAIN_IDS[c] for c in group}), "--call-stubs", json.dumps(CALL_STUBS))
            servers.append(node)
            evms.append((node, group))
        sol = start("solana")
        servers.append(sol)
        bb = start("blockbook")
        servers.append(bb)
        fixture_files = sorted(FIXTURES.glob("*.json"))
        fx = start("fixture", *[a for f in fixture_files for a in ("--fixture", str(f))])
        servers.append(fx)

        urls: dict[str, str] = {}
        tokens: dict[str, str | None] = {}
        for node, group in evms:
            evm_info = post(node.url + "/_control/info", {})
            for chain in group:
                urls[chain] = f"{node.url}/{chain}"
                tokens[chain] = evm_info["token"]
        sol_info = post(sol.url + "/_control/info", {})
        urls["solana"] = f"{sol.url}/solana"
        tokens["solana"] = sol_info.get("splMint") or sol_info.get("mint") or None
        for chain, name in BLOCKBOOK_CHAINS.items():
            urls[chain] = f"{bb.url}/{name}"
            tokens[chain] = None
        for f in fixture_files:
            with open(f) as h:
                fixture = json.load(h)
            urls[fixture["name"]] = f"{fx.url}/{fixture['name']}"
            tokens[fixture["name"]] = fixture.get("token")
        missing = [c for c in ALL_CHAINS if c not in urls]
        if missing or len(urls) != len(ALL_CHAINS):
            raise RuntimeError(f"no local node for {missing}")
        return AllChains(servers, {c: urls[c] for c in ALL_CHAINS}, tokens)
    except BaseException:
        for s in servers:
            s.stop()
        raise


def write_atomically(path: str, data: Any) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1)
    os.replace(tmp, path)


def main(argv: list[str]) -> int:
    args = {"--ready-file": None, "--tokens-file": None, "--evm-nodes": "1"}
    it = iter(argv)
    for a in it:
        key, eq, value = a.partition("=")
        if key not in args:
            print(__doc__, file=sys.stderr)
            return 2
        args[key] = value if eq else next(it, None)
    stop = {"now": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(now=True))
    try:
        evm_nodes = int(args["--evm-nodes"] or "1")
    except ValueError:
        print("--evm-nodes takes a number", file=sys.stderr)
        return 2
    chains = start_all(evm_nodes)
    try:
        if args["--tokens-file"]:
            write_atomically(args["--tokens-file"], chains.describe())
        if args["--ready-file"]:
            write_atomically(args["--ready-file"], chains.urls)
        print(json.dumps(chains.urls), flush=True)
        while not stop["now"] and all(s.proc.poll() is None for s in chains.servers):
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    finally:
        chains.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
