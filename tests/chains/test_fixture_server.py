"""The fixture server (fixture_server.py) with the XRP fixture: documented answers to the requests the core sends
(chain-apis.md § 9), a refusal recorded for anything else, answers in turn, and every fault switch.
Standard library + pytest: runs in any of the environments (scripts/test-chains.sh uses .venvs/multi)."""

import json
from pathlib import Path

import pytest

from chainkit import check_faults, control, http
from fixture_server import FixtureServer, load_file, subset_diff

XRP = Path(__file__).resolve().parent / "fixtures" / "xrp.json"
ACCOUNT = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn"


@pytest.fixture(scope="module")
def srv():
    s = FixtureServer(fixtures=[load_file(str(XRP))]).start()
    yield s
    s.stop()


@pytest.fixture(autouse=True)
def clean(srv):
    control(srv.url, "reset")
    control(srv.url, "mismatches/clear")
    control(srv.url, "hits/clear")


def rpc(url, method, params, ctype="application/json"):
    s, b = http(url, json.dumps({"method": method, "params": params}).encode(), ctype)
    return s, json.loads(b)


def test_subset_rules():
    assert subset_diff({"a": [1, {"b": "x"}]}, {"a": [1, {"b": "x", "c": 2}], "d": 3}) is None
    assert "missing" in subset_diff({"a": 1}, {})
    assert "list of 1" in subset_diff([1], [1, 2])
    assert subset_diff(1, 1.0) is None and subset_diff(True, 1) is not None and subset_diff("1", 1) is not None
    assert subset_diff({"h": "$hex", "s": "$string", "n": "$number", "x": "$any"}, {"h": "0aFF", "s": "", "n": 3, "x": None}) is None
    assert subset_diff("$hex", "0xZZ") is not None and subset_diff("$number", True) is not None


def test_documented_answers(srv):
    s, out = rpc(srv.url, "account_info", [{"account": ACCOUNT, "ledger_index": "current"}])
    assert s == 200 and out["result"]["account_data"]["Balance"] == "999999999960" and out["result"]["account_data"]["Sequence"] == 6
    s, out = rpc(srv.url + "/xrp", "account_info", [{"account": "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", "ledger_index": "current"}])
    assert s == 200 and out["result"]["error"] == "actNotFound" and "account_data" not in out["result"]
    s, out = rpc(srv.url, "fee", [{}])
    assert out["result"]["drops"]["median_fee"] == "11000"
    assert rpc(srv.url, "ledger_current", [{}])[1]["result"]["ledger_current_index"] == 26575101
    s, out = rpc(srv.url, "submit", [{"tx_blob": "1200002280000000", "fail_hard": True}])
    assert out["result"]["accepted"] is True and out["result"]["tx_json"]["hash"]
    # tx: not found first (as rippled answers while a transaction is unknown), then found
    first = rpc(srv.url, "tx", [{"transaction": "7BF105CFE4EFE78ADB63FE4E03A851440551FE189FD4B51CAAD9279C9F534F0E"}])[1]
    then = rpc(srv.url, "tx", [{"transaction": "7BF105CFE4EFE78ADB63FE4E03A851440551FE189FD4B51CAAD9279C9F534F0E"}])[1]
    again = rpc(srv.url, "tx", [{"transaction": "7BF105CFE4EFE78ADB63FE4E03A851440551FE189FD4B51CAAD9279C9F534F0E"}])[1]
    assert first["result"]["error"] == "txnNotFound" and then["result"]["status"] == "success" and again == then
    assert control(srv.url, "mismatches") == []
    hits = {r["route"]: r["hits"] for r in control(srv.url, "routes")}
    assert hits["tx"] == 3 and hits["fee"] == 1


def test_what_it_receives_is_asserted(srv):
    s, out = rpc(srv.url, "account_info", [{"account": ACCOUNT, "ledger_index": "validated"}])
    assert s == 400 and "ledger_index" in out["diff"]
    s, out = rpc(srv.url, "submit", [{"tx_blob": "not hex", "fail_hard": True}])
    assert s == 400 and "$hex" in out["diff"]
    s, out = rpc(srv.url, "submit", [{"tx_blob": "00"}])
    assert s == 400 and "fail_hard" in out["diff"]
    s, out = rpc(srv.url, "fee", [{}], ctype="text/plain")
    assert s == 400 and out["error"] == "fixture: content type"
    s, out = rpc(srv.url, "account_lines", [{"account": ACCOUNT}])
    assert s == 400 and "no route" in out["error"]
    seen = control(srv.url, "mismatches")
    assert [m["why"] for m in seen][:5] == ["body", "body", "body", "content type", "no route of xrp matches POST /"]


def test_load_at_run_time_and_scopes(srv):
    fx = {"name": "demo", "source": "test", "routes": [
        {"name": "health", "match": {"method": "GET", "path_regex": r"/v1/health/?"}, "expect": {"query": {"full": "1"}},
         "response": {"json": {"ok": True, "id": "$id"}}}]}
    control(srv.url, "load", {"fixture": fx})
    s, b = http(srv.url + "/demo/v1/health?full=1")
    assert s == 200 and json.loads(b) == {"ok": True, "id": None}
    assert http(srv.url + "/demo/v1/health")[0] == 400                  # the query is asserted
    assert rpc(srv.url + "/xrp", "fee", [{}])[0] == 200
    assert http(srv.url + "/nothing")[0] == 400                         # two fixtures: no fixture at /
    control(srv.url, "faults", {"scope": "demo", "fail": {"mode": "http", "status": 503}})
    assert http(srv.url + "/demo/v1/health?full=1")[0] == 503 and rpc(srv.url + "/xrp", "fee", [{}])[0] == 200
    assert http(srv.url + "/_control/load", b'{"fixture": {"name": "x", "routes": []}}')[0] == 400


def test_a_route_can_match_on_the_query(srv):
    # One path asked for two owners (toncenter's jetton/wallets): each owner's route answers its own wallets.
    fx = {"name": "owners", "source": "test", "routes": [
        {"name": "alice", "match": {"method": "GET", "path": "/wallets", "query": {"owner": "alice"}},
         "response": {"json": {"owner": "alice"}}},
        {"name": "bob", "match": {"method": "GET", "path": "/wallets", "query": {"owner": "bob"}},
         "response": {"json": {"owner": "bob"}}}]}
    control(srv.url, "load", {"fixture": fx})
    assert json.loads(http(srv.url + "/owners/wallets?owner=bob&limit=1")[1]) == {"owner": "bob"}
    assert json.loads(http(srv.url + "/owners/wallets?owner=alice")[1]) == {"owner": "alice"}
    s, b = http(srv.url + "/owners/wallets?owner=carol")
    assert s == 400 and "no route" in json.loads(b)["error"]
    control(srv.url, "mismatches/clear")


def test_cosmos_fixture():
    """The calls of chain-apis.md § 4 answered in the Cosmos SDK REST shapes."""
    fx = load_file(str(XRP.parent / "cosmos.json"))
    me, to = fx["accounts"]["sender"], fx["accounts"]["recipient"]
    s = FixtureServer(fixtures=[fx]).start()
    try:
        get = lambda p: (lambda r: (r[0], json.loads(r[1])))(http(s.url + p))  # noqa: E731
        st, b = get(f"/cosmos/bank/v1beta1/balances/{me}")
        assert st == 200 and {x["denom"]: x["amount"] for x in b["balances"]}["uatom"] == "12345678"
        assert get(f"/cosmos/bank/v1beta1/balances/{to}")[1]["balances"] == []
        acc = get(f"/cosmos/auth/v1beta1/accounts/{me}")[1]["account"]
        assert (acc["account_number"], acc["sequence"]) == ("123456", "7")
        st, b = get(f"/cosmos/auth/v1beta1/accounts/{to}")
        assert st == 404 and b["code"] == 5
        assert get(f"/cosmos/staking/v1beta1/delegations/{me}")[1]["delegation_responses"][0]["balance"]["amount"] == "2500000"
        assert get(f"/cosmos/staking/v1beta1/delegators/{me}/unbonding_delegations")[1]["unbonding_responses"][0]["entries"][0]["balance"] == "100000"
        assert get(f"/cosmos/distribution/v1beta1/delegators/{me}/rewards")[1]["rewards"][0]["reward"][0]["denom"] == "uatom"
        st, b = http(s.url + "/cosmos/tx/v1beta1/txs", json.dumps({"mode": "BROADCAST_MODE_SYNC", "tx_bytes": "CpABCo0B"}).encode())
        txhash = json.loads(b)["tx_response"]["txhash"]
        assert st == 200 and json.loads(b)["tx_response"]["code"] == 0
        st, b = http(s.url + "/cosmos/tx/v1beta1/txs", json.dumps({"mode": "BROADCAST_MODE_BLOCK", "tx_bytes": "CpAB"}).encode())
        assert st == 400                                                     # the core sends SYNC; anything else is refused
        st, b = get(f"/cosmos/tx/v1beta1/txs/{txhash}")
        assert st == 404 and b["message"].startswith("tx not found")        # not indexed yet: an error body, no Pending
        st, b = get(f"/cosmos/tx/v1beta1/txs/{txhash}")
        assert st == 200 and b["tx_response"]["code"] == 0 and b["tx_response"]["height"] == "23000001"
        assert get("/cosmos/base/tendermint/v1beta1/node_info")[1]["default_node_info"]["network"] == "cosmoshub-4"
        assert get("/cosmos/base/tendermint/v1beta1/blocks/latest")[1]["block"]["header"]["height"] == "23000001"
        assert [m["why"] for m in control(s.url, "mismatches")] == ["body"]
    finally:
        s.stop()


def served(name):
    fx = load_file(str(XRP.parent / f"{name}.json"))
    return fx, FixtureServer(fixtures=[fx]).start()


def call(url, method, params, path=""):
    s, b = http(url + path, json.dumps({"jsonrpc": "2.0", "id": 7, "method": method, "params": params}).encode())
    out = json.loads(b)
    assert s == 200 and out.get("id") == 7, out
    return out


def getj(url, path):
    s, b = http(url + path)
    return s, json.loads(b)


def test_stellar_fixture():
    fx, s = served("stellar")
    a = fx["accounts"]
    try:
        st, acct = getj(s.url, f"/accounts/{a['sender']}")
        native = next(b for b in acct["balances"] if b["asset_type"] == "native")
        assert st == 200 and native["balance"] == "25.5000000" and acct["sequence"] == "231928233984"
        assert any(b.get("asset_code") == "USDC" for b in acct["balances"])
        assert getj(s.url, f"/accounts/{a['destination']}")[1]["id"] == a["destination"]
        assert getj(s.url, f"/accounts/{a['missing']}")[0] == 404
        fees = getj(s.url, "/fee_stats")[1]["fee_charged"]
        assert (fees["min"], fees["p95"]) == ("100", "250")
        st, b = http(s.url + "/transactions_async", b"tx=AAAAAgAAAAB%2Bq%3D%3D", "application/x-www-form-urlencoded")
        out = json.loads(b)
        assert st == 201 and out["tx_status"] == "PENDING"
        assert http(s.url + "/transactions_async", b'{"tx": "x"}', "application/json")[0] == 400
        assert getj(s.url, f"/transactions/{out['hash']}")[0] == 404                 # not ingested yet
        t = getj(s.url, f"/transactions/{out['hash']}")[1]
        assert t["successful"] is True and t["fee_charged"] == "100"
        root = getj(s.url, "/")[1]
        assert root["network_passphrase"] == "Public Global Stellar Network ; September 2015" and root["ingest_latest_ledger"] > 0
        assert [m["why"] for m in control(s.url, "mismatches")] == ["content type"]
    finally:
        s.stop()


def test_near_fixture():
    fx, s = served("near")
    me = fx["accounts"]["sender"]
    try:
        r = call(s.url, "query", {"request_type": "view_account", "finality": "final", "account_id": me})["result"]
        assert r["amount"] == "399992611103597728750000000"
        e = call(s.url, "query", {"request_type": "view_account", "finality": "final", "account_id": "f" * 64})["error"]
        assert e["code"] == -32000 and e["cause"]["name"] == "UNKNOWN_ACCOUNT"
        import base58 as b58lib
        key = "ed25519:" + b58lib.b58encode(bytes.fromhex(me)).decode()
        assert call(s.url, "query", {"request_type": "view_access_key", "finality": "final", "account_id": me, "public_key": key})["result"]["nonce"] == 85
        assert call(s.url, "gas_price", [None])["result"]["gas_price"] == "100000000"
        assert call(s.url, "block", {"finality": "final"})["result"]["header"]["height"] == 150000000
        sent = call(s.url, "send_tx", {"signed_tx_base64": "AAAA"})["result"]
        assert sent["final_execution_status"] == "EXECUTED_OPTIMISTIC" and sent["transaction"]["hash"]
        t = call(s.url, "tx", {"tx_hash": sent["transaction"]["hash"], "sender_account_id": me, "wait_until": "EXECUTED"})["result"]
        assert int(t["transaction_outcome"]["outcome"]["tokens_burnt"]) > 0
        assert call(s.url, "status", [])["result"]["chain_id"] == "mainnet"
        assert control(s.url, "mismatches") == []
        assert http(s.url, json.dumps({"jsonrpc": "2.0", "id": 1, "method": "block", "params": {"finality": "optimistic"}}).encode())[0] == 400
    finally:
        s.stop()


def test_sui_fixture():
    fx, s = served("sui")
    me = fx["accounts"]["sender"]
    try:
        assert call(s.url, "suix_getBalance", [me])["result"]["totalBalance"] == "1500000000"
        assert {b["coinType"] for b in call(s.url, "suix_getAllBalances", [me])["result"]} >= {"0x2::sui::SUI"}
        st = call(s.url, "suix_getStakes", [me])["result"][0]["stakes"][0]
        assert int(st["principal"]) + int(st["estimatedReward"]) == 1_012_345_678
        assert call(s.url, "suix_getReferenceGasPrice", [])["result"] == "750"
        d = call(s.url, "sui_executeTransactionBlock", ["AAAA", ["AQID"], None, "WaitForLocalExecution"])["result"]["digest"]
        show = {"showInput": True, "showEffects": True, "showEvents": True, "showObjectChanges": True, "showBalanceChanges": True}
        assert call(s.url, "sui_getTransactionBlock", [d, show])["result"]["effects"]["status"]["status"] == "success"
        assert call(s.url, "sui_getChainIdentifier", [])["result"] == "35834a8a"
        assert call(s.url, "sui_getLatestCheckpointSequenceNumber", [])["result"] == "200000000"
        assert control(s.url, "mismatches") == []
        assert http(s.url, json.dumps({"jsonrpc": "2.0", "id": 1, "method": "sui_executeTransactionBlock",
                                       "params": ["AAAA", ["AQID"], None, "WaitForEffectsCert"]}).encode())[0] == 400
    finally:
        s.stop()


def test_aptos_fixture():
    fx, s = served("aptos")
    me = fx["accounts"]["sender"]
    try:
        assert getj(s.url, f"/v1/accounts/{me}/balance/0x1::aptos_coin::AptosCoin") == (200, 150000000)
        assert getj(s.url, f"/v1/accounts/{me}/balance/0x1%3A%3Aaptos_coin%3A%3AAptosCoin")[1] == 150000000
        assert getj(s.url, f"/v1/accounts/{me}")[1]["sequence_number"] == "7"
        st, b = getj(s.url, f"/v1/accounts/{fx['accounts']['missing']}")
        assert st == 404 and b["error_code"] == "account_not_found"
        g = getj(s.url, "/v1/estimate_gas_price")[1]
        assert (g["deprioritized_gas_estimate"], g["gas_estimate"], g["prioritized_gas_estimate"]) == (100, 100, 150)
        st, b = http(s.url + "/v1/view", json.dumps({"function": "0x1::delegation_pool::get_stake", "type_arguments": [],
                                                     "arguments": ["0xdb52", me]}).encode())
        assert st == 200 and json.loads(b) == ["100000000", "0", "2500000"]
        q = "?estimate_max_gas_amount=true&estimate_gas_unit_price=false&estimate_prioritized_gas_unit_price=false"
        st, b = http(s.url + "/v1/transactions/simulate" + q, json.dumps({"sender": me, "signature": {"type": "no_account_signature"}}).encode())
        assert st == 200 and json.loads(b)[0]["gas_used"] == "8"
        st, b = http(s.url + "/v1/transactions", bytes([0, 1, 2, 0xFF]), "application/x.aptos.signed_transaction+bcs")
        h = json.loads(b)["hash"]
        assert st == 202
        assert "success" not in getj(s.url, f"/v1/transactions/by_hash/{h}")[1]               # pending first
        assert getj(s.url, f"/v1/transactions/by_hash/{h}")[1]["success"] is True
        led = getj(s.url, "/v1/")[1]
        assert led["chain_id"] == 1 and led["block_height"] == "400000000"
        # Under /<fixture>/ the path keeps its trailing slash: /aptos/v1/ is the ledger route's /v1/.
        assert getj(s.url, "/aptos/v1/")[1]["chain_id"] == 1
        assert getj(s.url, "/aptos/v1")[0] == 400
        control(s.url, "mismatches/clear")
        assert control(s.url, "mismatches") == []
        assert http(s.url + "/v1/transactions", b"{}", "application/json")[0] == 400
    finally:
        s.stop()


def test_algorand_fixture():
    fx, s = served("algorand")
    a = fx["accounts"]
    try:
        acct = getj(s.url, f"/v2/accounts/{a['sender']}")[1]
        assert acct["amount"] - acct["min-balance"] == 4_800_000 and acct["assets"][0]["asset-id"] == 31566704
        assert getj(s.url, f"/v2/accounts/{a['empty']}")[1]["amount"] == 0          # algod answers every valid address
        p = getj(s.url, "/v2/transactions/params")[1]
        assert (p["genesis-id"], p["min-fee"]) == ("mainnet-v1.0", 1000) and p["last-round"] > 0
        st, b = http(s.url + "/v2/transactions", bytes([0x82, 0xA3, 0x73, 0x69, 0x67]), "application/x-binary")
        txid = json.loads(b)["txId"]
        assert st == 200
        assert "confirmed-round" not in getj(s.url, f"/v2/transactions/pending/{txid}")[1]     # pending first
        assert getj(s.url, f"/v2/transactions/pending/{txid}")[1]["confirmed-round"] == 45000001
        assert control(s.url, "mismatches") == []
        assert http(s.url + "/v2/transactions", b"\x82", "application/json")[0] == 400
    finally:
        s.stop()


def test_polkadot_fixture():
    fx, s = served("polkadot")
    me, xt = fx["accounts"]["sender"], fx["accounts"]["extrinsic"]
    try:
        b = getj(s.url, f"/accounts/{me}/balance-info")[1]
        assert max(int(b["free"]) - int(b["reserved"]), 0) == 24_000_000_000 and b["nonce"] == "5"
        m = getj(s.url, "/transaction/material")[1]
        assert m["genesisHash"].startswith("0x68d56f15") and (m["specVersion"], m["txVersion"]) == ("1004000", "15")
        assert m["at"]["height"] == "9000000"
        st, out = http(s.url + "/transaction/fee-estimate", json.dumps({"tx": "0x3902"}).encode())
        assert st == 200 and json.loads(out)["partialFee"] == "15920000"
        st, out = http(s.url + "/transaction", json.dumps({"tx": "0x3902"}).encode())
        assert json.loads(out)["hash"] == xt
        head = int(getj(s.url, "/blocks/head")[1]["number"])
        blocks = getj(s.url, f"/blocks?range=9000000-{min(head, 9000000 + 64)}&noFees=true")[1]
        found = [x for blk in blocks for x in blk["extrinsics"] if x["hash"] == xt]
        assert found and found[0]["success"] is True
        assert getj(s.url, "/node/version")[1]["chain"] == "Polkadot Asset Hub"
        assert getj(s.url, "/blocks/head/header")[1]["number"] == "9000010"
        assert control(s.url, "mismatches") == []
        assert getj(s.url, "/blocks?range=9000000-9000010")[0] == 400                 # noFees=true is asserted
    finally:
        s.stop()


def test_hypercore_fixture():
    fx, s = served("hypercore")
    user = fx["accounts"]["user"]
    try:
        post = lambda body, headers=None: http(s.url + "/info", json.dumps(body).encode())  # noqa: E731
        st, b = post({"type": "spotClearinghouseState", "user": user})
        hype = next(x for x in json.loads(b)["balances"] if x["token"] == 150)
        assert st == 200 and hype["total"] == "12.5"
        import urllib.request
        req = urllib.request.Request(s.url + "/info", json.dumps({"type": "spotMeta"}).encode(),
                                     {"Content-Type": "application/json", "x-cache-ttl": "3600"})
        with urllib.request.urlopen(req) as r:
            tokens = json.loads(r.read())["tokens"]
        assert {t["name"]: t["index"] for t in tokens}["HYPE"] == 150
        assert post({"type": "spotMeta"})[0] == 400                                    # without the cache header
        d = json.loads(post({"type": "delegatorSummary", "user": user})[1])
        assert (d["delegated"], d["totalPendingWithdrawal"]) == ("100.0", "5.0")
        # r and s as the SDK's to_hex writes integers: no leading zeros, so an odd number of digits is valid.
        st, b = http(s.url + "/exchange", json.dumps({"action": {"type": "spotSend"}, "nonce": 1700000000000,
                                                      "signature": {"r": "0x1", "s": "0xabc", "v": 27}}).encode())
        assert st == 200 and json.loads(b)["status"] == "ok"
        st, b = http(s.url + "/exchange", json.dumps({"action": {"type": "spotSend"}, "nonce": 1700000000000,
                                                      "signature": {"r": "0x01", "s": "0x2", "v": 27}}).encode())
        assert st == 400                                                               # a leading zero
        assert [m["why"] for m in control(s.url, "mismatches")] == ["header", "body"]
    finally:
        s.stop()


def test_tron_fixture():
    fx, s = served("tron")
    a = fx["accounts"]
    try:
        post = lambda path, body: (lambda r: (r[0], json.loads(r[1])))(http(s.url + path, json.dumps(body).encode()))  # noqa: E731
        acct = post("/wallet/getaccount", {"address": a["sender"], "visible": True})[1]
        assert acct["balance"] == 25000000 and acct["frozenV2"][1]["type"] == "ENERGY" and acct["votes"][0]["vote_count"] == 150
        assert "address" not in post("/wallet/getaccount", {"address": a["new"], "visible": True})[1]      # a new account: {}
        import base58
        param = base58.b58decode_check(a["sender"])[1:].hex().rjust(64, "0")
        bal = post("/wallet/triggerconstantcontract", {"owner_address": "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", "contract_address": a["usdt"],
                                                        "function_selector": "balanceOf(address)", "parameter": param, "visible": True})[1]
        assert int(bal["constant_result"][0], 16) == 12_500_000
        est = post("/wallet/triggerconstantcontract", {"owner_address": a["sender"], "contract_address": a["usdt"],
                                                        "function_selector": "transfer(address,uint256)", "parameter": "00" * 64, "visible": True})[1]
        assert est["energy_used"] == 64285
        assert post("/wallet/getReward", {"address": a["sender"], "visible": True})[1]["reward"] == 1234567
        assert post("/wallet/getaccountresource", {"address": a["sender"], "visible": True})[1]["freeNetLimit"] == 600
        assert post("/wallet/getnowblock", {})[1]["block_header"]["raw_data"]["number"] == 77000123
        params = {p["key"]: p.get("value") for p in getj(s.url, "/wallet/getchainparameters")[1]["chainParameter"]}
        assert (params["getTransactionFee"], params["getEnergyFee"]) == (1000, 210)
        sent = post("/wallet/broadcasttransaction", {"txID": "ab" * 32, "raw_data": {}, "raw_data_hex": "0a", "signature": ["cd" * 65], "visible": True})[1]
        assert sent["result"] is True
        assert getj(s.url, f"/wallet/gettransactioninfobyid?value={sent['txid']}")[1] == {}        # unknown yet: {}
        info = getj(s.url, f"/wallet/gettransactioninfobyid?value={sent['txid']}")[1]
        assert info["blockNumber"] > 0 and info["receipt"]["result"] == "SUCCESS" and info["fee"] == 345000
        assert getj(s.url, "/wallet/getblock")[1]["block_header"]["raw_data"]["number"] == 77000124
        assert control(s.url, "mismatches") == []
        assert post("/wallet/getaccount", {"address": a["sender"]})[0] == 400                 # visible: true is asserted
    finally:
        s.stop()


def test_ton_fixture():
    fx, s = served("ton")
    a = fx["accounts"]
    try:
        from urllib.parse import quote
        owner = quote(a["owner"])
        assert getj(s.url, f"/api/v2/getAddressBalance?address={owner}")[1]["result"] == "1500000000"
        assert getj(s.url, f"/api/v2/getWalletInformation?address={owner}")[1]["result"]["seqno"] == 12
        w = getj(s.url, f"/api/v3/jetton/wallets?owner_address={owner}&limit=100&offset=0")[1]["jetton_wallets"]
        assert w[0]["jetton"] == a["usdt_master_raw"] and w[0]["balance"] == "25000000"
        st, b = http(s.url + "/api/v2/sendBocReturnHash", json.dumps({"boc": "te6cckEBAQEAAgAAAEysuc0="}).encode())
        h = json.loads(b)["result"]["hash"]
        assert st == 200 and len(__import__("base64").b64decode(h)) == 32
        assert getj(s.url, f"/api/v3/transactionsByMessage?msg_hash={quote(h)}")[1]["transactions"] == []    # not found yet
        t = getj(s.url, f"/api/v3/transactionsByMessage?msg_hash={quote(h)}")[1]["transactions"][0]
        d = t["description"]
        assert not d["aborted"] and d["compute_ph"]["success"] and d["compute_ph"]["exit_code"] == 0 and d["action"]["success"]
        assert t["out_msgs"] and t["total_fees"] == "2927282"
        mc = getj(s.url, "/api/v3/masterchainInfo")[1]
        assert mc["first"]["root_hash"] and mc["last"]["seqno"] == 45000001
        assert control(s.url, "mismatches") == []
        assert getj(s.url, f"/api/v3/jetton/wallets?owner_address={owner}")[0] == 400              # limit and offset asserted
    finally:
        s.stop()


def test_cardano_fixture():
    fx, s = served("cardano")
    addr = fx["accounts"]["address"]
    try:
        q = lambda op, variables, query: json.loads(http(s.url, json.dumps({"operationName": op, "variables": variables, "query": query}).encode())[1])  # noqa: E731
        bal = q("GetBalance", {"address": addr}, "query GetBalance($address: String!) { utxos: utxos_aggregate(where: {address: {_eq: $address}}) { aggregate { sum { value } } } }")
        assert bal["data"]["utxos"]["aggregate"]["sum"]["value"] == "4500000"
        utxos = q("UtxoSetForAddress", {"address": addr}, "query UtxoSetForAddress($address: String!) { utxos(order_by: {value: desc}, where: {address: {_eq: $address}}) { address value txHash index tokens { quantity asset { fingerprint policyId assetName } } } }")
        assert [u["value"] for u in utxos["data"]["utxos"]] == ["3000000", "1500000"]
        sub = q("SubmitTransaction", {"transaction": "84a300"}, "mutation SubmitTransaction($transaction: String!) { submitTransaction(transaction: $transaction) { hash } }")
        assert len(sub["data"]["submitTransaction"]["hash"]) == 64
        assert q("GetNetworkMagic", {}, "query GetNetworkMagic { genesis { shelley { networkMagic } } }")["data"]["genesis"]["shelley"]["networkMagic"] == 764824073
        assert q(None, {}, "{ cardano { tip { number } } }")["data"]["cardano"]["tip"]["number"] == 12000000
        assert control(s.url, "mismatches") == []
        assert "diff" in q("GetBalance", {"addr": addr}, "query { utxos_aggregate }")
    finally:
        s.stop()


def test_every_fixture_loads_and_cites_its_source():
    names = sorted(p.stem for p in XRP.parent.glob("*.json"))
    assert names == ["algorand", "aptos", "cardano", "cosmos", "hypercore", "near", "polkadot", "stellar", "sui", "ton", "tron", "xrp"]
    for n in names:
        fx = load_file(str(XRP.parent / f"{n}.json"))
        assert fx["name"] == n and "chain-apis.md" in fx["source"]
        assert len({r["name"] for r in fx["routes"]}) == len(fx["routes"])


def test_faults(srv):
    def call():
        s, out = rpc(srv.url + "/xrp", "fee", [{}])
        return s, out

    def other():
        return rpc(srv.url + "/xrp", "ledger_current", [{}])

    check_faults(srv.url, call, "fee", other, rpc=False)


def test_command_line(tmp_path):
    import subprocess
    import sys
    import time
    ready = tmp_path / "ready.json"
    p = subprocess.Popen([sys.executable, str(Path(__file__).parent / "fixture_server.py"), "--port", "0",
                          "--ready-file", str(ready), "--fixture", str(XRP)], stdout=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 20
        while not ready.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        url = json.loads(ready.read_text())["url"]
        assert rpc(url, "ledger_current", [{}])[1]["result"]["status"] == "success"
    finally:
        p.terminate()
        p.wait(10)


class _Verifier:
    """A stand-in verifier module: accepts a body that is "signed", answers its hash."""

    @staticmethod
    def verify(body, spec):
        if body != b"signed":
            raise ValueError("bad signature")
        return {"hash": "h" + spec["sender"], "sender": spec["sender"]}

    @staticmethod
    def tamper(body):
        return b"forged"


def test_a_verifying_route_answers_the_verified_hash_and_refuses_a_bad_signature(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "verify.standin", _Verifier)
    fixture = {"name": "v", "source": "test", "routes": [
        {"name": "send", "match": {"method": "POST", "path": "/send"}, "verify": {"family": "standin", "sender": "a"},
         "response": {"json": {"hash": "$hash", "sender": "$sender", "other": "$other"}}},
        {"name": "status", "match": {"method": "GET", "path": "/status"}, "response": {"json": {"seen": "$verified.hash"}}}]}
    srv = FixtureServer(fixtures=[fixture]).start()
    try:
        # Before any verification a status answer keeps its placeholder; after, it names the verified hash.
        assert json.loads(http(srv.url + "/status")[1]) == {"seen": "$verified.hash"}
        status, body = http(srv.url + "/send", b"signed", "text/plain")
        assert status == 200 and json.loads(body) == {"hash": "ha", "sender": "a", "other": "$other"}
        assert json.loads(http(srv.url + "/status")[1]) == {"seen": "ha"}
        verified = control(srv.url, "verified")
        assert [(v["family"], v["body"], v["answer"]["hash"]) for v in verified] == [("standin", "signed", "ha")]
        status, body = http(srv.url + "/send", b"forged", "text/plain")
        assert status == 400 and "verify standin" in json.loads(body)["error"]
        assert [m["why"] for m in control(srv.url, "mismatches")] == ["verify standin"]
        assert len(control(srv.url, "verified")) == 1, "a refused body is not listed as verified"
        assert control(srv.url, "verified/tamper", {"index": 0})["refused"] is True
        control(srv.url, "verified/clear")
        assert control(srv.url, "verified") == []
    finally:
        srv.stop()
    with pytest.raises(Exception, match="verify needs a family"):
        FixtureServer(fixtures=[{**fixture, "routes": [{**fixture["routes"][0], "verify": {"family": "../x"}}]}])


# -- Zcash: the ZIP-244 verifier (verify/zcash.py) ------------------------------------------------------------------

ZIP244 = Path(__file__).resolve().parents[1] / "signing" / "bitcoin" / "published" / "zip_0244.json"
ZCASH_SEND = XRP.parent / "send" / "zcash.json"


def test_zcash_verifier_digest_matches_the_published_vectors():
    """zcash/zcash-test-vectors zip_0244.json: every txid, the shielded digest, and every transparent sighash
    (ALL, NONE, SINGLE, each with and without ANYONECANPAY)."""
    from verify.zcash import parse_v5, sighash, txid_digest
    data = json.loads(ZIP244.read_text())
    names, checked = data[1][0].split(", "), 0
    for row in data[2:]:
        v = dict(zip(names, row))
        t = parse_v5(bytes.fromhex(v["tx"]))
        spks = [bytes.fromhex(s) for s in v["script_pubkeys"]]
        assert txid_digest(t).hex() == v["txid"]
        assert sighash(t, None, 1, v["amounts"], spks).hex() == v["sighash_shielded"]
        for ht, key in zip((1, 2, 3, 0x81, 0x82, 0x83), ("all", "none", "single", "all_anyone", "none_anyone", "single_anyone")):
            if v["transparent_input"] is not None and v["sighash_" + key] is not None:
                assert sighash(t, v["transparent_input"], ht, v["amounts"], spks).hex() == v["sighash_" + key]
                checked += 1
    assert len(data) - 2 == 10 and checked == 32


def _bip32_key(phrase, path):
    """BIP-39 seed (PBKDF2-HMAC-SHA512, 2048 rounds) and BIP-32 private derivation, written here with coincurve."""
    import hashlib
    import hmac
    from coincurve import PrivateKey
    n = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
    seed = hashlib.pbkdf2_hmac("sha512", phrase.encode(), b"mnemonic", 2048)
    i = hmac.new(b"Bitcoin seed", seed, hashlib.sha512).digest()
    key, chain_code = i[:32], i[32:]
    for index in path:
        data = (b"\0" + key if index >= 0x80000000 else PrivateKey(key).public_key.format()) + index.to_bytes(4, "big")
        i = hmac.new(chain_code, data, hashlib.sha512).digest()
        key, chain_code = ((int.from_bytes(i[:32], "big") + int.from_bytes(key, "big")) % n).to_bytes(32, "big"), i[32:]
    return key


def _zcash_sender_key():
    """The fixture's sender key: m/44'/133'/0'/0/0 of its phrase (Vectors/addresses.json's public key for it)."""
    from coincurve import PrivateKey
    hard = 0x80000000
    key = _bip32_key(load_file(str(ZCASH_SEND))["send"]["phrase"], [44 + hard, 133 + hard, hard, 0, 0])
    assert PrivateKey(key).public_key.format().hex() == "03db98d8f87716269ed31879aef19bdadbc869a9ea67729e36332d023b916cbcc9"
    return key


def _zcash_send(spec, key=None, amount=None, fee=10_000, branch=None, expiry=None, utxo=0, hash_type=1):
    """A transparent v5 send of the fixture's spec, signed here with coincurve over the verifier's digest."""
    import struct
    from coincurve import PrivateKey
    from verify.zcash import compact, parse_v5, script_of, sighash
    u = spec["utxos"][utxo]
    amount = int(spec["amount"]) if amount is None else amount
    sender, outputs = script_of(spec["sender"]), [(amount, script_of(spec["recipient"]))]
    change = int(u["value"]) - amount - fee
    if change:
        outputs.append((change, sender))
    header = struct.pack("<IIIII", 0x80000005, 0x26A7270A, int(branch or spec["consensus_branch_id"], 16), 0,
                         expiry if expiry is not None else spec["expiry_height"])
    outpoint = bytes.fromhex(u["txid"])[::-1] + struct.pack("<I", u["vout"])
    outs = compact(len(outputs)) + b"".join(struct.pack("<q", v) + compact(len(s)) + s for v, s in outputs)
    ser = lambda ss: header + compact(1) + outpoint + compact(len(ss)) + ss + b"\xff" * 4 + outs + b"\x00\x00\x00"  # noqa: E731
    k = PrivateKey(key or _zcash_sender_key())
    signature = k.sign(sighash(parse_v5(ser(b"")), 0, hash_type, [int(u["value"])], [sender]), hasher=None) + bytes([hash_type])
    pub = k.public_key.format()
    return ser(bytes([len(signature)]) + signature + bytes([len(pub)]) + pub).hex().encode()


def test_zcash_verifier_accepts_the_fixture_send_and_refuses_what_differs():
    from verify import zcash
    spec = next(r for r in load_file(str(ZCASH_SEND))["routes"] if "verify" in r)["verify"]
    body = _zcash_send(spec)
    answer = zcash.verify(body, spec)
    assert (answer["sender"], answer["recipient"], answer["amount"], answer["fee"]) == (spec["sender"], spec["recipient"],
                                                                                     spec["amount"], "10000")
    assert len(answer["hash"]) == 64 and answer["hash"] != zcash.txid_digest(zcash.parse_v5(bytes.fromhex(body.decode()))).hex()
    refused = {
        "tampered": zcash.tamper(body),
        "another key": _zcash_send(spec, key=b"\x22" * 32),
        "another amount": _zcash_send(spec, amount=int(spec["amount"]) - 1),
        "another branch": _zcash_send(spec, branch="c8e71055"),
        "another expiry": _zcash_send(spec, expiry=spec["expiry_height"] + 1),
        "an output not listed": _zcash_send(spec, utxo=1, amount=600_000),
        "below ZIP-317": _zcash_send(spec, fee=9_999),
        "SIGHASH_NONE": _zcash_send(spec, hash_type=2),
    }
    spec_without_second = {**spec, "utxos": spec["utxos"][:1]}
    for why, tampered in refused.items():
        try:
            zcash.verify(tampered, spec_without_second)
        except ValueError:
            continue
        pytest.fail(f"the verifier accepted {why}")
    assert zcash.verify(body, spec_without_second)["hash"] == answer["hash"]


def test_zcash_send_fixture_routes():
    fx = load_file(str(ZCASH_SEND))
    s = FixtureServer(fixtures=[fx]).start()
    try:
        sender = fx["send"]["sender"]
        utxos = getj(s.url, f"/api/v2/utxo/{sender}")[1]
        assert [u["value"] for u in utxos] == ["1500000", "700000"]
        assert getj(s.url, "/api/")[1]["backend"]["consensus"]["nextblock"] == "4dec4df0"
        spec = next(r for r in fx["routes"] if "verify" in r)["verify"]
        body = _zcash_send(spec)
        st, out = http(s.url + "/api/v2/sendtx/", body, "text/plain")
        assert st == 200 and len(json.loads(out)["result"]) == 64
        txid = json.loads(out)["result"]
        assert getj(s.url, f"/api/v2/tx/{txid}")[1]["blockHeight"] == -1
        mined = getj(s.url, f"/api/v2/tx/{txid}")[1]
        assert mined["txid"] == txid and mined["blockHeight"] == 3150001 and mined["fees"] == "10000"
        assert getj(s.url, f"/api/v2/address/{sender}")[1]["balance"] == "1190000"
        assert control(s.url, "mismatches") == []
        assert http(s.url + "/api/v2/sendtx/", body, "application/json")[0] == 400        # text/plain is asserted
    finally:
        s.stop()
