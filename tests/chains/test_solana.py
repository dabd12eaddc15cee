"""The local Solana node (solana_node.py), driven with solders: transfers built and signed here, executed by
LiteSVM, the JSON-RPC shapes of chain-apis.md § 3, and every fault switch. Run in .venvs/solana."""

import base64
import json
import struct

import pytest
from solders.compute_budget import set_compute_unit_price
from solders.hash import Hash
from solders.instruction import AccountMeta as AM, Instruction
from solders.keypair import Keypair
from solders.message import Message, MessageV0
from solders.pubkey import Pubkey
from solders.system_program import ID as SYS, TransferParams, transfer
from solders.token.associated import get_associated_token_address
from solders.transaction import Transaction, VersionedTransaction

from chainkit import Rpc, check_faults, control, http
from solana_node import ATA, TOKEN, TOKEN_2022, SolanaNode


@pytest.fixture(scope="module")
def node():
    n = SolanaNode().start()
    yield n
    n.stop()


@pytest.fixture
def rpc(node):
    control(node.url, "reset")
    return Rpc(node.url)


@pytest.fixture
def me(node):
    info = control(node.url, "info")
    return info, Keypair.from_bytes(bytes.fromhex(info["testSecret"]))


def send(rpc, ixs, signers, v0=True, skip=False):
    bh = Hash.from_string(rpc("getLatestBlockhash")["value"]["blockhash"])
    payer = signers[0].pubkey()
    tx = (VersionedTransaction(MessageV0.try_compile(payer, ixs, [], bh), signers) if v0
          else Transaction(signers, Message.new_with_blockhash(ixs, payer, bh), bh))
    return tx, rpc.raw("sendTransaction", base64.b64encode(bytes(tx)).decode(), {"encoding": "base64", "skipPreflight": skip})


def token_amount(rpc, owner, mint):
    v = rpc("getTokenAccountsByOwner", str(owner), {"mint": str(mint)}, {"encoding": "jsonParsed"})["value"]
    return int(v[0]["account"]["data"]["parsed"]["info"]["tokenAmount"]["amount"]) if v else 0


def test_state_shapes(rpc, me):
    info, kp = me
    b = rpc("getBalance", info["testAccount"])
    assert b["value"] >= 10**10 and isinstance(b["context"]["slot"], int)
    assert rpc("getBalance", str(Keypair().pubkey()))["value"] == 0
    assert rpc("getGenesisHash") == "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d"
    assert rpc("getSlot") > 0 and rpc("getBlockHeight") >= 0
    lb = rpc("getLatestBlockhash")["value"]
    assert len(Pubkey.from_string(lb["blockhash"]).__bytes__()) == 32 and lb["lastValidBlockHeight"] > rpc("getBlockHeight")
    assert rpc("getMinimumBalanceForRentExemption", 165) == 2039280
    assert rpc("getMinimumBalanceForRentExemption", 0) == 890880
    fees = rpc("getRecentPrioritizationFees")
    assert fees and all(set(f) == {"slot", "prioritizationFee"} for f in fees)
    mint = rpc("getAccountInfo", info["splMint"], {"encoding": "jsonParsed"})["value"]
    assert mint["owner"] == str(TOKEN) and mint["data"]["parsed"]["type"] == "mint"
    assert mint["data"]["parsed"]["info"]["decimals"] == 6 and mint["data"]["program"] == "spl-token"
    t22 = rpc("getAccountInfo", info["token2022Mint"], {"encoding": "base64"})["value"]
    assert t22["owner"] == str(TOKEN_2022) and base64.b64decode(t22["data"][0])[44] == 9 and t22["data"][1] == "base64"
    assert rpc("getAccountInfo", str(Keypair().pubkey()), {"encoding": "base64"})["value"] is None
    assert rpc.error("getBalance", "not-a-key")["code"] == -32602
    assert rpc.error("getNope")["code"] == -32601


def test_token_accounts_by_owner(rpc, me):
    info, _ = me
    for mint, program, name, dec in [(info["splMint"], TOKEN, "spl-token", 6), (info["token2022Mint"], TOKEN_2022, "spl-token-2022", 9)]:
        v = rpc("getTokenAccountsByOwner", info["testAccount"], {"mint": mint}, {"encoding": "jsonParsed"})["value"]
        assert len(v) == 1
        acc = v[0]["account"]
        assert v[0]["pubkey"] == str(get_associated_token_address(Pubkey.from_string(info["testAccount"]), Pubkey.from_string(mint), program))
        assert acc["owner"] == str(program) and acc["data"]["program"] == name
        parsed = acc["data"]["parsed"]
        assert parsed["type"] == "account" and parsed["info"]["mint"] == mint and parsed["info"]["owner"] == info["testAccount"]
        ta = parsed["info"]["tokenAmount"]
        assert ta["decimals"] == dec and int(ta["amount"]) >= 10**dec
        assert float(ta["uiAmountString"]) == ta["uiAmount"] == int(ta["amount"]) / 10**dec
    by_program = rpc("getTokenAccountsByOwner", info["testAccount"], {"programId": str(TOKEN)}, {"encoding": "jsonParsed"})["value"]
    assert [a["account"]["data"]["parsed"]["info"]["mint"] for a in by_program] == [info["splMint"]]
    assert rpc("getTokenAccountsByOwner", str(Keypair().pubkey()), {"mint": info["splMint"]}, {"encoding": "jsonParsed"})["value"] == []
    assert "mint" in rpc.error("getTokenAccountsByOwner", info["testAccount"], {"mint": str(Keypair().pubkey())},
                               {"encoding": "jsonParsed"})["message"]


@pytest.mark.parametrize("v0", [True, False])
def test_sol_transfer(rpc, me, v0):
    info, kp = me
    bob = Keypair().pubkey()
    before = rpc("getBalance", info["testAccount"])["value"]
    tx, out = send(rpc, [transfer(TransferParams(from_pubkey=kp.pubkey(), to_pubkey=bob, lamports=1_234_567))], [kp], v0=v0)
    sig = out["result"]
    assert sig == str(tx.signatures[0])
    assert rpc("getBalance", str(bob))["value"] == 1_234_567
    assert rpc("getBalance", info["testAccount"])["value"] == before - 1_234_567 - 5000
    st = rpc("getSignatureStatuses", [sig, str(Keypair().sign_message(b"x"))], {"searchTransactionHistory": True})["value"]
    assert st[0]["err"] is None and st[0]["status"] == {"Ok": None} and st[0]["confirmationStatus"] in ("confirmed", "finalized")
    assert st[1] is None
    got = rpc("getTransaction", sig, {"encoding": "json", "maxSupportedTransactionVersion": 0})
    assert got["slot"] > 0 and got["meta"]["err"] is None and got["meta"]["fee"] == 5000
    assert got["version"] == (0 if v0 else "legacy")
    keys = got["transaction"]["message"]["accountKeys"]
    assert keys[0] == info["testAccount"] and str(bob) in keys
    i = keys.index(str(bob))
    assert got["meta"]["preBalances"][i] == 0 and got["meta"]["postBalances"][i] == 1_234_567
    raw = rpc("getTransaction", sig, {"encoding": "base64", "maxSupportedTransactionVersion": 0})["transaction"]
    assert raw[1] == "base64" and base64.b64decode(raw[0]) == bytes(tx)
    if v0:   # a client that does not declare v0 support is refused, as a real node does
        assert rpc.error("getTransaction", sig, {"encoding": "json"})["code"] == -32015
    else:
        assert rpc("getTransaction", sig)["version"] == "legacy"
    assert rpc("getTransaction", str(Keypair().sign_message(b"unknown")), {"maxSupportedTransactionVersion": 0}) is None
    # the same bytes again: already processed
    out = rpc.raw("sendTransaction", base64.b64encode(bytes(tx)).decode(), {"encoding": "base64"})
    assert out["error"]["code"] == -32002


def test_spl_and_token2022_transfer_with_account_creation(rpc, me):
    info, kp = me
    bob = Keypair().pubkey()
    for mint_s, program, dec in [(info["splMint"], TOKEN, 6), (info["token2022Mint"], TOKEN_2022, 9)]:
        mint = Pubkey.from_string(mint_s)
        src = get_associated_token_address(kp.pubkey(), mint, program)
        dst = get_associated_token_address(bob, mint, program)
        before = token_amount(rpc, kp.pubkey(), mint)
        create = Instruction(ATA, b"\x01", [AM(kp.pubkey(), True, True), AM(dst, False, True), AM(bob, False, False),
                                            AM(mint, False, False), AM(SYS, False, False), AM(program, False, False)])
        xfer = Instruction(program, bytes([12]) + struct.pack("<QB", 250_000, dec),
                           [AM(src, False, True), AM(mint, False, False), AM(dst, False, True), AM(kp.pubkey(), True, False)])
        _, out = send(rpc, [set_compute_unit_price(50_000), create, xfer], [kp])
        sig = out["result"]
        assert token_amount(rpc, bob, mint) == 250_000
        assert token_amount(rpc, kp.pubkey(), mint) == before - 250_000
        meta = rpc("getTransaction", sig, {"maxSupportedTransactionVersion": 0})["meta"]
        post = {b["owner"]: b for b in meta["postTokenBalances"]}
        assert post[str(bob)]["uiTokenAmount"]["amount"] == "250000" and post[str(bob)]["mint"] == mint_s
        assert post[str(bob)]["programId"] == str(program)
        assert str(bob) not in {b["owner"] for b in meta["preTokenBalances"]}
    assert any(f["prioritizationFee"] == 50_000 for f in rpc("getRecentPrioritizationFees"))


def test_refusals_and_failed_transactions(rpc, me, node):
    info, kp = me
    bob = Keypair().pubkey()
    too_much = [transfer(TransferParams(from_pubkey=kp.pubkey(), to_pubkey=bob, lamports=10**18))]
    before = rpc("getBalance", info["testAccount"])["value"]
    _, out = send(rpc, too_much, [kp])
    err = out["error"]
    assert err["code"] == -32002 and err["message"].startswith("Transaction simulation failed")
    assert err["data"]["err"] == {"InstructionError": [0, {"Custom": 1}]} and err["data"]["logs"]
    assert rpc("getBalance", info["testAccount"])["value"] == before          # preflight: nothing landed
    # skipPreflight: it lands, fails, and the fee is paid
    tx, out = send(rpc, too_much + [set_compute_unit_price(1)], [kp], skip=True)
    sig = out["result"]
    got = rpc("getTransaction", sig, {"maxSupportedTransactionVersion": 0})
    assert got["slot"] > 0 and got["meta"]["err"] == {"InstructionError": [0, {"Custom": 1}]}
    assert rpc("getSignatureStatuses", [sig])["value"][0]["status"] == {"Err": got["meta"]["err"]}
    assert got["meta"]["fee"] > 5000                     # base fee + the priority fee the compute-unit price asks
    assert rpc("getBalance", info["testAccount"])["value"] == before - got["meta"]["fee"]
    # a bad signature
    bh = Hash.from_string(rpc("getLatestBlockhash")["value"]["blockhash"])
    good = VersionedTransaction(MessageV0.try_compile(kp.pubkey(), [transfer(TransferParams(from_pubkey=kp.pubkey(), to_pubkey=bob, lamports=5))], [], bh), [kp])
    raw = bytearray(bytes(good))
    raw[10] ^= 1
    out = rpc.raw("sendTransaction", base64.b64encode(bytes(raw)).decode(), {"encoding": "base64"})
    assert out["error"]["code"] == -32002 and "signature" in out["error"]["message"]
    # a stale blockhash after the chain moves on
    slot = rpc("getSlot")
    control(node.url, "mine", {"slots": 10})
    assert rpc("getSlot") == slot + 10 and rpc("getLatestBlockhash")["value"]["blockhash"] != str(bh)
    out = rpc.raw("sendTransaction", base64.b64encode(bytes(good)).decode(), {"encoding": "base64"})
    assert out["error"]["code"] == -32002 and "Blockhash not found" in out["error"]["message"]
    # garbage
    assert rpc.raw("sendTransaction", "AAAA", {"encoding": "base64"})["error"]["code"] == -32602
    assert rpc.raw("sendTransaction", "!!", {"encoding": "base64"})["error"]["code"] == -32602


def test_control_fund_and_fees(rpc, me, node):
    info, _ = me
    who = Keypair().pubkey()
    control(node.url, "fund", {"address": str(who), "lamports": 10**9})
    assert rpc("getBalance", str(who))["value"] == 10**9
    assert http(node.url + "/_control/fund", json.dumps({"address": str(Keypair().pubkey()), "lamports": 7}).encode())[0] == 400
    control(node.url, "fund", {"address": str(who), "mint": info["token2022Mint"], "amount": 42})
    assert token_amount(rpc, who, Pubkey.from_string(info["token2022Mint"])) == 42
    control(node.url, "priority_fees", {"fees": [0, 100, 5000]})
    assert [f["prioritizationFee"] for f in rpc("getRecentPrioritizationFees")] == [0, 100, 5000]
    assert http(node.url + "/_control/priority_fees", b'{"fees": [-1]}')[0] == 400


def test_staking_balance_by_program_accounts(rpc, node):
    """The core's staking balance: getProgramAccounts on the Stake program, memcmp at 12 = the staker (§ 3)."""
    who = Keypair().pubkey()
    made = [control(node.url, "stake", {"address": str(who), "lamports": n}) for n in (3 * 10**9, 10**9)]
    control(node.url, "stake", {"address": str(Keypair().pubkey()), "lamports": 10**9})        # someone else's
    stake_program = "Stake11111111111111111111111111111111111111"
    got = rpc("getProgramAccounts", stake_program, {"encoding": "jsonParsed", "filters": [{"memcmp": {"offset": 12, "bytes": str(who)}}]})
    assert sorted(a["pubkey"] for a in got) == sorted(m["stakeAccount"] for m in made)
    assert sum(a["account"]["lamports"] for a in got) == sum(m["lamports"] for m in made)
    parsed = got[0]["account"]["data"]
    assert parsed["program"] == "stake" and parsed["parsed"]["type"] == "initialized"
    assert parsed["parsed"]["info"]["meta"]["authorized"] == {"staker": str(who), "withdrawer": str(who)}
    assert int(parsed["parsed"]["info"]["meta"]["rentExemptReserve"]) == rpc("getMinimumBalanceForRentExemption", 200)
    assert len(rpc("getProgramAccounts", stake_program, {"encoding": "base64", "filters": [{"dataSize": 200}]})) >= 3
    assert rpc("getProgramAccounts", stake_program, {"filters": [{"memcmp": {"offset": 12, "bytes": str(Keypair().pubkey())}}]}) == []
    ctx = rpc("getProgramAccounts", stake_program, {"withContext": True, "encoding": "base64", "filters": [{"dataSize": 1}]})
    assert ctx["value"] == [] and "slot" in ctx["context"]
    assert rpc.error("getProgramAccounts", stake_program, {"filters": [{"what": 1}]})["code"] == -32602


def test_faults(node, me):
    info, _ = me

    def call():
        s, b = http(node.url, json.dumps({"jsonrpc": "2.0", "id": 1, "method": "getBalance", "params": [info["testAccount"]]}).encode())
        return s, json.loads(b) if s == 200 else None

    def other():
        s, b = http(node.url, json.dumps({"jsonrpc": "2.0", "id": 1, "method": "getSlot", "params": []}).encode())
        return s, json.loads(b) if s == 200 else None

    check_faults(node.url, call, "getBalance", other, rpc=True)


def test_syncing_state(rpc, node):
    assert rpc("getHealth") == "ok"
    control(node.url, "syncing", {"behind": 42})
    assert rpc.error("getHealth") == {"code": -32005, "message": "Node is behind by 42 slots", "data": {"numSlotsBehind": 42}}
    control(node.url, "syncing", {"on": False})
    assert rpc("getHealth") == "ok"


def test_content_type(node):
    body = b'{"jsonrpc":"2.0","id":1,"method":"getSlot","params":[]}'
    assert http(node.url, body, "text/plain")[0] == 415
    assert http(node.url, body, "application/json")[0] == 200


def test_command_line_and_launcher():
    from run import start
    with start("solana", "--genesis-hash", "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG") as n:
        assert Rpc(n.url)("getGenesisHash") == "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG"
    assert n.proc.returncode is not None
