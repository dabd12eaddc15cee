"""all_chains.py: every one of the 52 chains answers, at its own URL, the four questions a balance refresh and a node
check ask (coin balance, token balance, latest block, network id), sent as the chain's ChainClient sends them
(Sources/Blockchain/<Family>/<Family>Client+ChainClient.swift), and each chain's latency is its own scope's.
Runs in any python3 with pytest (scripts/test-chains.sh runs it in .venvs/multi); it starts the servers through
run.py in their own environments.
"""

from __future__ import annotations

import base64
import json
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from typing import Any

import pytest

from all_chains import ALL_CHAINS, EVM_CHAIN_IDS, control_url, start_all

# ChainConfig.swift `networkId` of every chain that is not EVM (an EVM chain's is its chain id in decimal).
NETWORK_IDS = {
    "bitcoin": "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f",
    "bitcoincash": "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f",
    "litecoin": "12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2",
    "doge": "1a91e3dace36e2be3bf030a65679fe821aa1d6ef92e7c9902eb318182c355691",
    "zcash": "00040fe8ec8471911baa1db1266ea15dd06b4a8a5c453883c000b031973dce08",
    "solana": "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d",
    "cosmos": "cosmoshub-4", "osmosis": "osmosis-1", "celestia": "celestia", "sei": "pacific-1", "noble": "noble-1",
    "thorchain": "thorchain-1", "injective": "injective-1",
    "ton": "F6OpKZKqvqeFp6CQmFomXNMfMj2EnaUSOXN+Mh+wVWk=", "tron": "0x2b6653dc", "aptos": "1", "sui": "35834a8a", "xrp": "",
    "near": "mainnet", "stellar": "Public Global Stellar Network ; September 2015", "algorand": "mainnet-v1.0",
    "polkadot": "Polkadot Asset Hub", "cardano": "764824073", "hypercore": "1337",
}
NETWORK_IDS.update({c: str(i) for c, i in EVM_CHAIN_IDS.items()})

# A valid address of each chain (the servers answer any; the clients validate the format first).
ADDRESSES = {
    "bitcoin": "bc1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysn4v0345", "litecoin": "ltc1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysn3s44dy",
    "doge": "D597kHXGdkwkryF9oGhz9Bp1ypTpD1u99Z", "bitcoincash": "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a",
    "zcash": "t1Rv4exT7bqhZqi2j7xz8bUHDMxwosrjADU", "solana": "F25s3DdjXdCxYBhh2z8FBusVEMT4b9bGNFVKJi3wFoF4",
    "cosmos": "cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02", "ton": "UQDjfUSwZ0BnHE9rLi47i9pfM9aXAth_iJQWScZ5UK43Ku0h",
    "tron": "TX1tPQnZSmUGcGcJL3E5yiD7mp9wce2cMD", "aptos": "0x" + "a1" * 32, "sui": "0x" + "a1" * 32,
    "xrp": "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn", "near": "9d3f1c2a" * 8, "stellar": "GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR",
    "algorand": "RFQN2EJP6PFQRRYJT3KRABFGKNHQS5VYBHOJQ75RHNKJZ7NPXOQPHBJRIM", "polkadot": "15U5XsYmgMLfTXsSSbuj8BwK3XXLzSVkGe97NZHvfJRii1TK",
    "cardano": "addr1v9nh8jpxefcraqjq5d3unlhnxmtds20kftzu2zsg8587c2gua8s80", "hypercore": "0xb0bba4dec4b021e2b5e9bc0066e45262bd317a9b",
}
EVM_ADDRESS = "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"   # evm_node's funded test account
COSMOS = {"cosmos", "osmosis", "celestia", "thorchain", "injective", "sei", "noble"}
DENOMS = {"cosmos": "uatom", "osmosis": "uosmo", "celestia": "utia", "thorchain": "rune", "injective": "inj", "sei": "usei",
          "noble": "uusdc"}


def http(method: str, url: str, body: Any = None, raw: bytes | None = None, timeout: float = 30.0) -> Any:
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"} if data is not None else {})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read())


def rpc(url: str, method: str, params: Any) -> Any:
    answer = http("POST", url, {"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    assert "error" not in answer, answer
    return answer["result"]


def word(address_bytes: bytes) -> str:
    return "0x70a08231" + address_bytes.rjust(32, b"\0").hex()


def probe(chain: str, url: str, token: str | None) -> dict[str, Any]:
    """The coin balance, the token balance (None where there is no token), the latest block and the network id,
    read with the requests the chain's ChainClient sends."""
    a = ADDRESSES.get(chain, EVM_ADDRESS)
    if chain in EVM_CHAIN_IDS:
        coin = int(rpc(url, "eth_getBalance", [a, "latest"]), 16)
        tok = int(rpc(url, "eth_call", [{"to": token, "data": word(bytes.fromhex(a[2:]))}, "latest"]), 16)
        return {"coin": coin, "token": tok, "block": int(rpc(url, "eth_blockNumber", []), 16), "network": str(int(rpc(url, "eth_chainId", []), 16))}
    if chain in ("bitcoin", "litecoin", "doge", "bitcoincash", "zcash"):
        coin = int(http("GET", f"{url}/api/v2/address/{a}")["balance"])
        return {"coin": coin, "token": None, "block": http("GET", f"{url}/api/")["blockbook"]["bestHeight"],
                "network": http("GET", f"{url}/api/v2/block/1")["previousBlockHash"]}
    if chain == "solana":
        coin = rpc(url, "getBalance", [a])["value"]
        accounts = rpc(url, "getTokenAccountsByOwner", [a, {"programId": "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"}, {"encoding": "jsonParsed"}])["value"]
        tok = sum(int(x["account"]["data"]["parsed"]["info"]["tokenAmount"]["amount"]) for x in accounts
                  if x["account"]["data"]["parsed"]["info"]["mint"] == token)
        return {"coin": coin, "token": tok, "block": rpc(url, "getSlot", []), "network": rpc(url, "getGenesisHash", [])}
    if chain in COSMOS:
        balances = http("GET", f"{url}/cosmos/bank/v1beta1/balances/{a}")["balances"]
        amount = {b["denom"]: int(b["amount"]) for b in balances}
        return {"coin": amount.get(DENOMS[chain], 0), "token": amount.get(token, 0),
                "block": int(http("GET", f"{url}/cosmos/base/tendermint/v1beta1/blocks/latest")["block"]["header"]["height"]),
                "network": http("GET", f"{url}/cosmos/base/tendermint/v1beta1/node_info")["default_node_info"]["network"]}
    if chain == "ton":
        coin = int(http("GET", f"{url}/api/v2/getAddressBalance?address={a}")["result"])
        wallets = http("GET", f"{url}/api/v3/jetton/wallets?owner_address={a}&limit=100&offset=0")["jetton_wallets"]
        info = http("GET", f"{url}/api/v3/masterchainInfo")
        return {"coin": coin, "token": int(wallets[0]["balance"]) if wallets else 0, "block": info["last"]["seqno"], "network": info["first"]["root_hash"]}
    if chain == "tron":
        coin = http("POST", f"{url}/wallet/getaccount", {"address": a, "visible": True}).get("balance", 0)
        res = http("POST", f"{url}/wallet/triggerconstantcontract", {"owner_address": "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", "contract_address": token,
                                                                    "function_selector": "balanceOf(address)", "parameter": "00" * 32, "visible": True})
        block = http("GET", f"{url}/wallet/getblock")["block_header"]["raw_data"]["number"]
        genesis = http("GET", f"{url}/wallet/getblockbynum?num=0")["blockID"]
        return {"coin": coin, "token": int(res["constant_result"][0] or "0", 16), "block": block, "network": "0x" + genesis[-8:]}
    if chain == "aptos":
        coin = int(http("GET", f"{url}/v1/accounts/{a}/balance/0x1::aptos_coin::AptosCoin"))
        tok = int(http("GET", f"{url}/v1/accounts/{a}/balance/{token}"))
        ledger = http("GET", f"{url}/v1/")
        return {"coin": coin, "token": tok, "block": int(ledger["block_height"]), "network": str(ledger["chain_id"])}
    if chain == "sui":
        coin = int(rpc(url, "suix_getBalance", [a])["totalBalance"])
        tok = sum(int(b["totalBalance"]) for b in rpc(url, "suix_getAllBalances", [a]) if b["coinType"] == token)
        return {"coin": coin, "token": tok, "block": int(rpc(url, "sui_getLatestCheckpointSequenceNumber", [])),
                "network": rpc(url, "sui_getChainIdentifier", [])}
    if chain == "xrp":
        coin = int(rpc(url, "account_info", [{"account": a, "ledger_index": "current"}])["account_data"]["Balance"])
        lines = rpc(url, "account_objects", [{"account": a, "type": "state", "ledger_index": "validated"}])["account_objects"]
        tok = sum(int(Decimal(x["Balance"]["value"]) * 10**15) for x in lines if x["HighLimit"]["issuer"] == token)
        return {"coin": coin, "token": tok, "block": rpc(url, "ledger_current", [{}])["ledger_current_index"], "network": ""}
    if chain == "near":
        coin = int(rpc(url, "query", {"request_type": "view_account", "finality": "final", "account_id": a})["amount"])
        args = base64.b64encode(json.dumps({"account_id": a}, separators=(",", ":")).encode()).decode()
        res = rpc(url, "query", {"request_type": "call_function", "finality": "final", "account_id": token, "method_name": "ft_balance_of",
                                 "args_base64": args})
        return {"coin": coin, "token": int(json.loads(bytes(res["result"]))), "block": rpc(url, "block", {"finality": "final"})["header"]["height"],
                "network": rpc(url, "status", [])["chain_id"]}
    if chain == "stellar":
        account = http("GET", f"{url}/accounts/{a}")
        issuer, code = token.split("::")
        native = next(b for b in account["balances"] if b["asset_type"] == "native")
        held = [b for b in account["balances"] if b.get("asset_issuer") == issuer and b.get("asset_code") == code]
        root = http("GET", f"{url}/")
        return {"coin": int(Decimal(native["balance"]) * 10**7), "token": int(Decimal(held[0]["balance"]) * 10**7) if held else 0,
                "block": root["ingest_latest_ledger"], "network": root["network_passphrase"]}
    if chain == "algorand":
        account = http("GET", f"{url}/v2/accounts/{a}")
        params = http("GET", f"{url}/v2/transactions/params")
        held = [x["amount"] for x in account.get("assets", []) if str(x["asset-id"]) == token]
        return {"coin": account["amount"], "token": held[0] if held else 0, "block": params["last-round"], "network": params["genesis-id"]}
    if chain == "polkadot":
        info = http("GET", f"{url}/accounts/{a}/balance-info")
        return {"coin": int(info["free"]), "token": None, "block": int(http("GET", f"{url}/blocks/head/header")["number"]),
                "network": http("GET", f"{url}/node/version")["chain"]}
    if chain == "cardano":
        def gql(operation: str | None, query: str, variables: dict | None = None) -> Any:
            body: dict[str, Any] = {"query": query} if operation is None else {"operationName": operation, "variables": variables or {}, "query": query}
            return http("POST", f"{url}/", body)["data"]
        coin = int(gql("GetBalance", "query GetBalance($address: String!) { utxos_aggregate }", {"address": a})["utxos"]["aggregate"]["sum"]["value"])
        utxos = gql("UtxoSetForAddress", "query UtxoSetForAddress($address: String!) { utxos }", {"address": a})["utxos"]
        tok = sum(int(t["quantity"]) for u in utxos for t in u["tokens"] if t["asset"]["policyId"] + t["asset"]["assetName"] == token)
        return {"coin": coin, "token": tok, "block": gql(None, "{ cardano { tip { number } } }")["cardano"]["tip"]["number"],
                "network": str(gql("GetNetworkMagic", "query GetNetworkMagic { genesis }")["genesis"]["shelley"]["networkMagic"])}
    if chain == "hypercore":
        state = http("POST", f"{url}/info", {"type": "spotClearinghouseState", "user": a})
        meta = http("POST", f"{url}/info", {"type": "spotMeta"})
        name = token.split("::")[0]
        index = next(t["index"] for t in meta["tokens"] if t["name"] == name)
        totals = {b["token"]: b["total"] for b in state["balances"]}
        # No request for the latest block or the network id: HyperCoreClient answers constants (1, "1337").
        return {"coin": int(Decimal(totals.get(150, "0")) * 10**8), "token": int(Decimal(totals.get(index, "0")) * 10**8),
                "block": 1, "network": "1337"}
    raise AssertionError(f"no probe for {chain}")


@pytest.fixture(scope="module")
def chains():
    with start_all() as running:
        yield running


def test_every_chain_has_its_own_url(chains) -> None:
    assert list(chains.urls) == ALL_CHAINS and len(ALL_CHAINS) == 52
    scopes = [u.split("://", 1)[1].split("/")[1] for u in chains.urls.values()]
    assert len(set(zip(map(control_url, chains.urls.values()), scopes))) == 52, "two chains share a scope"
    described = chains.describe()
    assert described["polygon"]["scope"] == "polygon" and described["doge"]["scope"] == "dogecoin"


@pytest.mark.parametrize("chain", ALL_CHAINS)
def test_every_chain_answers_the_four_questions(chains, chain: str) -> None:
    got = probe(chain, chains.urls[chain], chains.tokens[chain])
    assert got["network"] == NETWORK_IDS[chain]
    assert isinstance(got["block"], int) and got["block"] > 0
    assert isinstance(got["coin"], int) and got["coin"] >= 0
    if chains.tokens[chain] is None:
        assert got["token"] is None
    else:
        assert isinstance(got["token"], int) and got["token"] >= 0
    if chain not in ("bitcoin", "litecoin", "doge"):   # Blockbook's own chains start empty (POST /_control/fund pays)
        assert got["coin"] > 0, f"{chain}: the test account holds nothing"


def test_smartchain_and_monad_staking_readers_answer(chains) -> None:
    account = bytes.fromhex(EVM_ADDRESS[2:]).rjust(32, b"\0").hex()
    delegations = rpc(chains.urls["smartchain"], "eth_call", [{"to": "0x830295c0abe7358f7e24bc38408095621474280b",
                                                                 "data": "0xced0e70e" + account + "00" * 32 + "%064x" % 128}, "latest"])
    assert int(delegations[2 + 64 * 4:2 + 64 * 5], 16) == 2 * 10**18     # words: offset, length, delegator, validator, amount
    lens = rpc(chains.urls["monad"], "eth_call", [{"to": "0xe754Ad5e300c81B02dC6583E1612025507ef90F7", "data": "0xf8b2cb4f" + account}, "latest"])
    assert int(lens[2:66], 16) == 5 * 10**18
    # Any other call still executes: the TST token's balanceOf.
    assert int(rpc(chains.urls["smartchain"], "eth_call", [{"to": chains.tokens["smartchain"], "data": word(bytes.fromhex(EVM_ADDRESS[2:]))}, "latest"]), 16) > 0


def test_fixture_chains_saw_only_expected_requests(chains) -> None:
    for chain in ALL_CHAINS:
        probe(chain, chains.urls[chain], chains.tokens[chain])
    base = control_url(chains.urls["cosmos"])
    assert http("GET", base + "/_control/mismatches") == []


def timed(chain: str, url: str) -> float:
    start = time.monotonic()
    if chain in EVM_CHAIN_IDS:
        rpc(url, "eth_blockNumber", [])
    else:
        http("GET", f"{url}/cosmos/base/tendermint/v1beta1/node_info")
    return time.monotonic() - start


def test_a_delay_slows_only_its_own_chain(chains) -> None:
    try:
        chains.delay("polygon", 300)
        chains.delay("osmosis", 300)
        with ThreadPoolExecutor(4) as pool:
            slow_evm = pool.submit(timed, "polygon", chains.urls["polygon"])
            fast_evm = pool.submit(timed, "ethereum", chains.urls["ethereum"])
            slow_fx = pool.submit(timed, "osmosis", chains.urls["osmosis"])
            fast_fx = pool.submit(timed, "cosmos", chains.urls["cosmos"])
            assert slow_evm.result() >= 0.3 and slow_fx.result() >= 0.3
            assert fast_evm.result() < 0.25 and fast_fx.result() < 0.25
    finally:
        chains.reset()
    assert timed("polygon", chains.urls["polygon"]) < 0.25


def test_evm_chains_can_spread_over_several_nodes() -> None:
    with start_all(evm_nodes=3) as spread:
        bases = {control_url(spread.urls[c]) for c in EVM_CHAIN_IDS}
        assert len(bases) == 3
        for chain in ("ethereum", "smartchain", "polygon", "stable"):
            got = probe(chain, spread.urls[chain], spread.tokens[chain])
            assert got["network"] == NETWORK_IDS[chain] and got["token"] > 0


def test_a_failed_chain_fails_alone(chains) -> None:
    base = control_url(chains.urls["sui"])
    try:
        http("POST", base + "/_control/faults", {"scope": "sui", "fail": {"methods": None, "mode": "http", "status": 503}})
        with pytest.raises(urllib.error.HTTPError) as failed:
            rpc(chains.urls["sui"], "sui_getChainIdentifier", [])
        assert failed.value.code == 503
        assert probe("aptos", chains.urls["aptos"], chains.tokens["aptos"])["network"] == "1"
    finally:
        chains.reset("sui")
    assert probe("sui", chains.urls["sui"], chains.tokens["sui"])["network"] == "35834a8a"
