"""The local EVM node (evm_node.py), driven with eth-account: real execution in py-evm, the JSON-RPC shapes of
chain-apis.md § 1, the chain-id check py-evm does not make, and every fault switch. Run in .venvs/evm."""

import json
import threading

import pytest
import rlp
from eth_abi import decode, encode
from eth_account import Account
from eth_utils import keccak, to_checksum_address

from chainkit import Rpc, check_faults, control, http
from evm_node import EvmNode

BOB = to_checksum_address("0x000000000000000000000000000000000000b0b0")
sel = lambda s: keccak(text=s)[:4]  # noqa: E731


@pytest.fixture(scope="module")
def node():
    n = EvmNode(chain_id=1).start()
    yield n
    n.stop()


@pytest.fixture
def rpc(node):
    control(node.url, "reset")
    control(node.url, "automine", {"on": True})
    return Rpc(node.url)


@pytest.fixture
def info(node):
    return control(node.url, "info")


def q(v: str) -> int:
    assert isinstance(v, str) and v.startswith("0x") and (v == "0x0" or not v.startswith("0x0")), v   # hex quantity, no leading zeros
    return int(v, 16)


def sign(info, rpc, key=None, **tx):
    key = key or info["testKey"]
    sender = Account.from_key(key).address
    base = {"type": 2, "chainId": 1, "nonce": q(rpc("eth_getTransactionCount", sender, "pending")), "value": 0, "gas": 21000,
            "maxFeePerGas": 20 * 10**9, "maxPriorityFeePerGas": 10**9}
    base.update(tx)
    return "0x" + Account.sign_transaction(base, key).raw_transaction.hex()


def token_balance(rpc, token, who):
    out = rpc("eth_call", {"to": token, "data": "0x" + (sel("balanceOf(address)") + encode(["address"], [who])).hex()}, "latest")
    return decode(["uint256"], bytes.fromhex(out[2:]))[0]


def test_chain_id_block_number_and_fees(rpc):
    assert rpc("eth_chainId") == "0x1"
    assert q(rpc("eth_blockNumber")) >= 3
    assert q(rpc("eth_gasPrice")) > 0 and q(rpc("eth_maxPriorityFeePerGas")) == 10**9
    fh = rpc("eth_feeHistory", "0x5", "latest", [20, 40, 60])
    n = q(rpc("eth_blockNumber"))
    assert q(fh["oldestBlock"]) == max(0, n - 4)
    assert len(fh["baseFeePerGas"]) == len(fh["gasUsedRatio"]) + 1 == len(fh["reward"]) + 1
    assert all(len(r) == 3 and all(q(x) >= 0 for x in r) for r in fh["reward"])
    assert all(0 <= x <= 1 for x in fh["gasUsedRatio"])
    assert rpc.error("eth_feeHistory", "0x5", "latest", [60, 20])["code"] == -32602


def test_balances_and_token_metadata(rpc, info):
    assert q(rpc("eth_getBalance", info["testAccount"], "latest")) >= 10**18
    assert token_balance(rpc, info["token"], info["testAccount"]) > 0
    for sig, typ, want in [("name()", "string", "Test Token"), ("symbol()", "string", "TST"), ("decimals()", "uint8", 6)]:
        out = rpc("eth_call", {"to": info["token"], "data": "0x" + sel(sig).hex()}, "latest")
        assert decode([typ], bytes.fromhex(out[2:]))[0] == want
    # token balances as the core asks for them: one batch of eth_call, answered in order
    calls = [("eth_call", [{"to": info["token"], "data": "0x70a08231" + "00" * 12 + a[2:].lower()}, "latest"])
             for a in (info["testAccount"], BOB)]
    out = rpc.batch(calls + [("eth_nope", [])])
    assert [o["id"] for o in out] == [1, 2, 3]
    assert int(out[0]["result"], 16) == token_balance(rpc, info["token"], info["testAccount"])
    assert out[2]["error"]["code"] == -32601
    assert rpc.error("eth_getBalance", "0x1234", "latest")["code"] == -32602


def test_native_transfer_executes(rpc, info):
    me = info["testAccount"]
    before_me, before_bob = q(rpc("eth_getBalance", me, "latest")), q(rpc("eth_getBalance", BOB, "latest"))
    nonce = q(rpc("eth_getTransactionCount", me, "latest"))
    assert q(rpc("eth_estimateGas", {"from": me, "to": BOB, "value": hex(12345)})) == 21000
    raw = sign(info, rpc, to=BOB, value=12345)
    h = rpc("eth_sendRawTransaction", raw)
    assert h == "0x" + keccak(bytes.fromhex(raw[2:])).hex()
    r = rpc("eth_getTransactionReceipt", h)
    assert r["status"] == "0x1" and r["transactionHash"] == h and q(r["gasUsed"]) == 21000 and r["to"].lower() == BOB.lower()
    assert r["from"] == me and q(r["blockNumber"]) == q(rpc("eth_blockNumber")) and r["type"] == "0x2"
    fee = q(r["gasUsed"]) * q(r["effectiveGasPrice"])
    assert q(rpc("eth_getBalance", BOB, "latest")) == before_bob + 12345
    assert q(rpc("eth_getBalance", me, "latest")) == before_me - 12345 - fee
    assert q(rpc("eth_getTransactionCount", me, "latest")) == nonce + 1
    t = rpc("eth_getTransactionByHash", h)
    assert t["hash"] == h and q(t["nonce"]) == nonce and q(t["value"]) == 12345 and t["chainId"] == "0x1"
    assert t["blockHash"] == r["blockHash"] and Account.recover_transaction(raw) == me
    assert rpc.error("eth_sendRawTransaction", raw)["message"] in ("already known", "nonce too low")


def test_erc20_transfer_and_revert(rpc, info):
    me, token = info["testAccount"], info["token"]
    before = token_balance(rpc, token, BOB)
    data = "0x" + (sel("transfer(address,uint256)") + encode(["address", "uint256"], [BOB, 250])).hex()
    gas = q(rpc("eth_estimateGas", {"from": me, "to": token, "data": data}))
    assert 21000 < gas < 100_000
    h = rpc("eth_sendRawTransaction", sign(info, rpc, to=token, data=data, gas=gas * 3 // 2))
    r = rpc("eth_getTransactionReceipt", h)
    assert r["status"] == "0x1" and len(r["logs"]) == 1
    log = r["logs"][0]
    assert log["address"] == token and log["topics"][0] == "0x" + keccak(text="Transfer(address,address,uint256)").hex()
    assert int(log["data"], 16) == 250
    assert token_balance(rpc, token, BOB) == before + 250
    # more than the balance: estimateGas reverts, and a mined transaction is Reverted (status 0x0)
    too_much = "0x" + (sel("transfer(address,uint256)") + encode(["address", "uint256"], [BOB, 10**30])).hex()
    assert rpc.error("eth_estimateGas", {"from": me, "to": token, "data": too_much})["code"] == 3
    assert rpc.error("eth_call", {"from": me, "to": token, "data": too_much}, "latest")["message"].startswith("execution reverted")
    h = rpc("eth_sendRawTransaction", sign(info, rpc, to=token, data=too_much, gas=100_000))
    assert rpc("eth_getTransactionReceipt", h)["status"] == "0x0"


def test_chainid_opcode_is_the_nodes(node):
    import vyper
    code = vyper.compile_code("# pragma version ^0.4.0\n@external\n@view\ndef cid() -> uint256:\n    return chain.id\n",
                              output_formats=["bytecode"])["bytecode"]
    t = node.t
    h = t.send_transaction({"from": t.get_accounts()[0], "data": code, "gas": 500_000})
    out = Rpc(node.url)("eth_call", {"to": t.get_transaction_receipt(h)["contract_address"], "data": "0x" + sel("cid()").hex()}, "latest")
    assert int(out, 16) == 1


def test_chain_id_is_checked(rpc, info):
    """py-evm would execute these; the node refuses them as a real node of chain 1 does."""
    me = info["testAccount"]
    before = q(rpc("eth_getBalance", BOB, "latest"))
    wrong = sign(info, rpc, to=BOB, value=1, chainId=5)
    err = rpc.error("eth_sendRawTransaction", wrong)
    assert err["code"] == -32000 and "chain id" in err["message"]
    nonce = q(rpc("eth_getTransactionCount", me, "pending"))
    legacy = dict(nonce=nonce, gasPrice=20 * 10**9, gas=21000, to=BOB, value=7, data=b"")
    wrong_legacy = "0x" + Account.sign_transaction({**legacy, "chainId": 56}, info["testKey"]).raw_transaction.hex()
    assert "chain id" in rpc.error("eth_sendRawTransaction", wrong_legacy)["message"]
    # an unprotected (pre-EIP-155) transaction: v = 27/28
    unsigned = [nonce, 20 * 10**9, 21000, bytes.fromhex(BOB[2:]), 7, b""]
    h = keccak(rlp.encode(unsigned))
    s = Account._keys.PrivateKey(bytes.fromhex(info["testKey"][2:])).sign_msg_hash(h)
    unprotected = "0x" + rlp.encode(unsigned + [s.v + 27, s.r, s.s]).hex()
    assert "EIP-155" in rpc.error("eth_sendRawTransaction", unprotected)["message"]
    assert q(rpc("eth_getBalance", BOB, "latest")) == before
    ok = "0x" + Account.sign_transaction({**legacy, "chainId": 1}, info["testKey"]).raw_transaction.hex()
    assert rpc("eth_getTransactionReceipt", rpc("eth_sendRawTransaction", ok))["status"] == "0x1"
    assert q(rpc("eth_getBalance", BOB, "latest")) == before + 7
    assert rpc.error("eth_sendRawTransaction", "0xdeadbeef")["code"] == -32000
    assert rpc.error("eth_sendRawTransaction", "deadbeef")["code"] == -32602


def test_nonce_errors_and_funds(rpc, info):
    me = info["testAccount"]
    n = q(rpc("eth_getTransactionCount", me, "latest"))
    low = "0x" + Account.sign_transaction({"type": 2, "chainId": 1, "nonce": max(n - 1, 0), "to": BOB, "value": 1, "gas": 21000,
                                           "maxFeePerGas": 2 * 10**10, "maxPriorityFeePerGas": 10**9}, info["testKey"]).raw_transaction.hex()
    assert rpc.error("eth_sendRawTransaction", low)["message"] in ("nonce too low", "already known")
    poor = Account.from_key("0x" + "77" * 32)
    raw = sign(info, rpc, key="0x" + "77" * 32, to=BOB, value=10**18)
    assert "insufficient funds" in rpc.error("eth_sendRawTransaction", raw)["message"]
    control(rpc.url, "fund", {"address": poor.address, "wei": 2 * 10**18})
    assert q(rpc("eth_getBalance", poor.address, "latest")) == 2 * 10**18
    assert rpc("eth_getTransactionReceipt", rpc("eth_sendRawTransaction", raw))["status"] == "0x1"
    control(rpc.url, "fund", {"address": poor.address, "token": info["token"], "amount": 99})
    assert token_balance(rpc, info["token"], poor.address) == 99


def test_pending_until_mined(rpc, info):
    me = info["testAccount"]
    control(rpc.url, "automine", {"on": False})
    latest = q(rpc("eth_getTransactionCount", me, "latest"))
    h1 = rpc("eth_sendRawTransaction", sign(info, rpc, to=BOB, value=1))
    assert q(rpc("eth_getTransactionCount", me, "pending")) == latest + 1
    h2 = rpc("eth_sendRawTransaction", sign(info, rpc, to=BOB, value=2))
    assert q(rpc("eth_getTransactionCount", me, "pending")) == latest + 2
    assert q(rpc("eth_getTransactionCount", me, "latest")) == latest
    assert rpc("eth_getTransactionReceipt", h1) is None          # null while pending, not an error
    t = rpc("eth_getTransactionByHash", h1)
    assert t["hash"] == h1 and t["blockNumber"] is None and t["blockHash"] is None
    block = q(rpc("eth_blockNumber"))
    control(rpc.url, "mine", {"blocks": 1})
    assert q(rpc("eth_blockNumber")) == block + 2   # one block per pending transaction
    for h in (h1, h2):
        r = rpc("eth_getTransactionReceipt", h)
        assert r["status"] == "0x1" and q(r["blockNumber"]) > block
    assert rpc("eth_getTransactionReceipt", "0x" + "ab" * 32) is None
    assert rpc("eth_getTransactionByHash", "0x" + "ab" * 32) is None
    control(rpc.url, "automine", {"on": True})


def test_faults(node, info):
    rpc = Rpc(node.url)

    def call():
        status, body = http(node.url, json.dumps({"jsonrpc": "2.0", "id": 1, "method": "eth_getBalance",
                                                  "params": [info["testAccount"], "latest"]}).encode())
        return status, json.loads(body) if status == 200 else None

    def other():
        status, body = http(node.url, json.dumps({"jsonrpc": "2.0", "id": 1, "method": "eth_chainId", "params": []}).encode())
        return status, json.loads(body) if status == 200 else None

    check_faults(node.url, call, "eth_getBalance", other, rpc=True)
    # a named failure inside a batch fails only that entry (mode rpc), or the whole batch (mode http)
    control(node.url, "faults", {"fail": {"methods": ["eth_blockNumber"], "mode": "rpc"}})
    out = rpc.batch([("eth_chainId", []), ("eth_blockNumber", [])])
    assert out[0]["result"] == "0x1" and out[1]["error"]["code"] == -32000
    control(node.url, "faults", {"fail": {"methods": ["eth_blockNumber"], "mode": "http"}})
    assert http(node.url, b'[{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}]')[0] == 503
    control(node.url, "reset")
    assert http(node.url + "/_control/faults", b'{"delay_ms": -1}')[0] == 400


def test_a_method_delay_holds_only_that_method(node):
    """method_delays: the named JSON-RPC method waits, the others answer at once (the confirm benchmark's stages)."""
    import time
    block = b'{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}'
    chain = b'{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'
    control(node.url, "faults", {"method_delays": {"eth_blockNumber": 300}})
    t0 = time.monotonic()
    assert http(node.url, block)[0] == 200 and time.monotonic() - t0 >= 0.3
    t0 = time.monotonic()
    assert http(node.url, chain)[0] == 200 and time.monotonic() - t0 < 0.3
    assert control(node.url, "faults")["method_delays"] == {"eth_blockNumber": 300}
    assert http(node.url + "/_control/faults", b'{"method_delays": {"eth_chainId": -1}}')[0] == 400
    control(node.url, "reset")
    t0 = time.monotonic()
    assert http(node.url, block)[0] == 200 and time.monotonic() - t0 < 0.3


def test_scoped_faults_one_server_many_chains(node):
    """A path segment is a scope: http://127.0.0.1:P/polygon and /base share the chain but not the switches."""
    import time
    body = b'{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}'
    control(node.url, "faults", {"scope": "polygon", "delay_ms": 300})
    control(node.url, "faults", {"scope": "base", "fail": {"mode": "http", "status": 502}})
    t0 = time.monotonic()
    assert http(node.url + "/polygon", body)[0] == 200 and time.monotonic() - t0 >= 0.3
    t0 = time.monotonic()
    assert http(node.url + "/arbitrum", body)[0] == 200 and http(node.url, body)[0] == 200
    assert time.monotonic() - t0 < 0.3
    assert http(node.url + "/base", body)[0] == 502
    control(node.url, "faults", {"fail": {"mode": "http"}})              # server-wide: every unscoped path
    assert http(node.url + "/arbitrum", body)[0] == 503 and http(node.url + "/polygon", body)[0] == 200
    control(node.url, "reset", {"scope": "base"})
    assert http(node.url + "/base", body)[0] == 503                     # back under the server-wide switches
    control(node.url, "faults", {"scope": "base", "fail": {"methods": ["eth_blockNumber"], "mode": "rpc", "code": -32603}})
    assert json.loads(http(node.url + "/base", body)[1])["error"]["code"] == -32603     # a scope's JSON-RPC error
    control(node.url, "reset")
    assert all(http(node.url + p, body)[0] == 200 for p in ("/base", "/polygon", ""))
    assert control(node.url, "faults", {"scope": "nothing-set"}) == control(node.url, "faults")


def test_syncing_state(rpc):
    assert rpc("eth_syncing") is False
    control(rpc.url, "syncing", {"behind": 7})
    s = rpc("eth_syncing")
    assert q(s["highestBlock"]) == q(s["currentBlock"]) + 7 == q(rpc("eth_blockNumber")) + 7
    control(rpc.url, "syncing", {"on": False})
    assert rpc("eth_syncing") is False


def test_content_type_and_recorded_requests(node):
    control(node.url, "requests/clear")
    body = b'{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'
    assert http(node.url, body, "text/plain")[0] == 415
    assert http(node.url, body, "application/json; charset=utf-8")[0] == 200
    seen = control(node.url, "requests")
    assert [r["content_type"] for r in seen] == ["text/plain", "application/json; charset=utf-8"]
    assert json.loads(seen[1]["body"])["method"] == "eth_chainId"


def test_malformed_input_is_an_answer(node):
    url = node.url
    assert json.loads(http(url, b"{not json")[1])["error"]["code"] == -32700
    assert json.loads(http(url, b"[]")[1])["error"]["code"] == -32600
    assert json.loads(http(url, b'{"id": 1, "method": "eth_chainId"}')[1])["error"]["code"] == -32600   # no "jsonrpc"
    assert json.loads(http(url, b'{"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":{}}')[1])["error"]["code"] == -32602
    assert json.loads(http(url, b'{"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":[]}')[1])["error"]["code"] == -32602
    assert http(url)[0] == 405                                            # GET
    assert http(url + "/_control/faults", b"[1]")[0] == 400
    assert http(url + "/_control/nope", b"{}")[0] == 400
    assert http(url + "/_control/faults", b'{"fail": {"mode": "smoke"}}')[0] == 400
    assert http(url + "/_control/faults", b'{"reorder": -1}')[0] == 400
    import socket
    with socket.create_connection(("127.0.0.1", node.port)) as c:      # a body over the 4 MiB bound
        c.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\n\r\n")
        assert c.recv(100).startswith(b"HTTP/1.1 413")
    assert Rpc(url)("eth_chainId") == "0x1"


def test_concurrent_clients_share_one_chain(node, info):
    rpc = Rpc(node.url)
    errors = []

    def worker():
        try:
            for _ in range(5):
                Rpc(node.url)("eth_getBalance", info["testAccount"], "latest")
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and rpc("eth_chainId") == "0x1"


def test_command_line_and_launcher():
    from run import start
    with start("evm", "--chain-id", "56") as n:
        assert Rpc(n.url)("eth_chainId") == "0x38"
        assert control(n.url, "info")["chainId"] == 56
    assert n.proc.returncode is not None
