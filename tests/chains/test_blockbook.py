"""The local Blockbook server (blockbook.py): spends signed with bitcoin-utils (an implementation independent of
the server) are accepted only after py-bitcoinkernel verifies every input; a bad signature, a wrong amount, a
double spend or an overspend is refused; Blockbook's response shapes (chain-apis.md § 2); every fault switch.
Run in .venvs/utxo."""

import json
import warnings

import pytest

warnings.filterwarnings("ignore")

from bitcoinutils.keys import PrivateKey  # noqa: E402
from bitcoinutils.script import Script  # noqa: E402
from bitcoinutils.setup import setup  # noqa: E402
from bitcoinutils.transactions import Transaction, TxInput, TxOutput, TxWitnessInput  # noqa: E402

from blockbook import CHAINS, Blockbook, address_to_spk, spk_to_address  # noqa: E402
from chainkit import check_faults, control, get_json, http  # noqa: E402

setup("mainnet")
pytestmark = pytest.mark.filterwarnings("ignore:Pure-Python private-key operations")
ALICE, BOB = PrivateKey(secret_exponent=0xA11CE), PrivateKey(secret_exponent=0xB0B)


@pytest.fixture(scope="module")
def bb():
    n = Blockbook().start()
    yield n
    n.stop()


@pytest.fixture(autouse=True)
def clean(bb):
    control(bb.url, "reset")


def spk_hex(script) -> str:
    return script.to_hex()


def addr(chain: str, script) -> str:
    a = spk_to_address(CHAINS[chain], bytes.fromhex(script.to_hex()))
    assert a is not None and address_to_spk(CHAINS[chain], a) == bytes.fromhex(script.to_hex())
    return a


def p2wpkh(k):
    return k.get_public_key().get_segwit_address().to_script_pub_key()


def p2pkh(k):
    return k.get_public_key().get_address().to_script_pub_key()


def p2tr(k):
    return k.get_public_key().get_taproot_address().to_script_pub_key()


def fund(bb, chain, script, value, confirmed=True):
    out = control(bb.url, "fund", {"chain": chain, "address": addr(chain, script), "value": value, "confirmed": confirmed})
    return out["txid"]


def sendtx(bb, chain, raw_hex, via="post"):
    if via == "post":   # as the core sends it: POST /api/v2/sendtx/, Content-Type text/plain, the raw hex
        s, body = http(f"{bb.url}/{chain}/api/v2/sendtx/", raw_hex.encode(), "text/plain")
    else:
        s, body = http(f"{bb.url}/{chain}/api/v2/sendtx/{raw_hex}")
    return s, json.loads(body)


def spend_p2wpkh(k, txid, value, outs, sign_value=None):
    tx = Transaction([TxInput(txid, 0)], outs, has_segwit=True)
    sig = k.sign_segwit_input(tx, 0, p2pkh(k), sign_value if sign_value is not None else value)
    tx.witnesses = [TxWitnessInput([sig, k.get_public_key().to_hex()])]
    return tx


@pytest.mark.parametrize("chain", sorted(CHAINS))
def test_status_block_and_fees(bb, chain):
    s, st = get_json(f"{bb.url}/{chain}/api")
    assert s == 200 and st["blockbook"]["coin"] == CHAINS[chain]["coin"] and st["blockbook"]["inSync"] is True
    assert st["blockbook"]["bestHeight"] == st["backend"]["blocks"] >= 1
    s, b = get_json(f"{bb.url}/{chain}/api/v2/block/1")
    assert s == 200 and b["previousBlockHash"] == CHAINS[chain]["genesis"] and b["height"] == 1
    rates = []
    for n in (1, 3, 6):
        s, fee = get_json(f"{bb.url}/{chain}/api/v2/estimatefee/{n}")
        assert s == 200 and set(fee) == {"result"} and isinstance(fee["result"], str)
        rates.append(float(fee["result"]))
    assert rates[0] >= rates[1] >= rates[2] > 0
    assert get_json(f"{bb.url}/{chain}/api/v2/estimatefee/x")[0] == 400
    assert get_json(f"{bb.url}/{chain}/api/v2/block/999999")[0] == 400
    assert get_json(f"{bb.url}/{chain}/api/v2/tx/{'ab' * 32}")[0] == 400


@pytest.mark.parametrize("chain", ["bitcoin", "litecoin"])
def test_p2wpkh_spend_accepted_and_balances(bb, chain):
    me, to = p2wpkh(ALICE), p2tr(BOB) if chain == "bitcoin" else p2wpkh(BOB)
    a_me, a_to = addr(chain, me), addr(chain, to)
    base = f"{bb.url}/{chain}/api/v2"
    start_me = int(get_json(f"{base}/address/{a_me}")[1]["balance"])
    start_to = int(get_json(f"{base}/address/{a_to}")[1]["balance"])
    txid = fund(bb, chain, me, 100_000)
    s, utxos = get_json(f"{base}/utxo/{a_me}")
    u = next(x for x in utxos if x["txid"] == txid)
    assert u["vout"] == 0 and u["value"] == "100000" and u["confirmations"] >= 1 and u["height"] >= 1
    tx = spend_p2wpkh(ALICE, txid, 100_000, [TxOutput(60_000, to), TxOutput(39_000, me)])
    s, out = sendtx(bb, chain, tx.serialize())
    assert s == 200 and out == {"result": tx.get_txid()}
    acct = get_json(f"{base}/address/{a_me}")[1]
    assert acct["address"] == a_me and acct["balance"] == str(start_me + 100_000)
    assert acct["unconfirmedBalance"] == "-61000" and acct["unconfirmedTxs"] == 1 and acct["txids"][0] == tx.get_txid()
    assert get_json(f"{base}/address/{a_to}")[1]["unconfirmedBalance"] == "60000"
    t = get_json(f"{base}/tx/{tx.get_txid()}")[1]
    assert t["blockHeight"] == -1 and t["confirmations"] == 0 and t["fees"] == "1000" and t["valueIn"] == "100000"
    assert t["vin"][0]["txid"] == txid and t["vin"][0]["addresses"] == [a_me]
    assert [o["addresses"] for o in t["vout"]] == [[a_to], [a_me]] and t["hex"] == tx.serialize()
    mine_utxos = get_json(f"{base}/utxo/{a_me}")[1]
    assert all(x["txid"] != txid for x in mine_utxos)                         # spent, even before a block
    change = next(x for x in mine_utxos if x["txid"] == tx.get_txid())
    assert change["confirmations"] == 0 and "height" not in change
    assert all(x["txid"] != tx.get_txid() for x in get_json(f"{base}/utxo/{a_me}?confirmed=true")[1])
    h = control(bb.url, "mine", {"chain": chain})["height"]
    t = get_json(f"{base}/tx/{tx.get_txid()}")[1]
    assert t["blockHeight"] == h and t["confirmations"] == 1 and t["blockHash"]
    assert get_json(f"{base}/address/{a_to}")[1]["balance"] == str(start_to + 60_000)
    acct = get_json(f"{base}/address/{a_me}")[1]
    assert acct["balance"] == str(start_me + 39_000) and acct["unconfirmedBalance"] == "0"
    assert get_json(f"{base}/tx/{txid}")[1]["vout"][0]["spent"] is True


@pytest.mark.parametrize("chain", ["bitcoin", "litecoin"])
def test_bad_signature_and_wrong_amount_refused(bb, chain):
    me = p2wpkh(ALICE)
    txid = fund(bb, chain, me, 50_000)
    wrong_amount = spend_p2wpkh(ALICE, txid, 50_000, [TxOutput(49_000, p2wpkh(BOB))], sign_value=50_001)
    s, out = sendtx(bb, chain, wrong_amount.serialize())
    assert s == 400 and "mandatory-script-verify-flag-failed" in out["error"]
    good = spend_p2wpkh(ALICE, txid, 50_000, [TxOutput(49_000, p2wpkh(BOB))])
    sig = bytearray(bytes.fromhex(good.witnesses[0].stack[0]))
    sig[10] ^= 0x01
    bad = spend_p2wpkh(ALICE, txid, 50_000, [TxOutput(49_000, p2wpkh(BOB))])
    bad.witnesses = [TxWitnessInput([sig.hex(), ALICE.get_public_key().to_hex()])]
    s, out = sendtx(bb, chain, bad.serialize())
    assert s == 400 and "mandatory-script-verify-flag-failed" in out["error"]
    other_key = spend_p2wpkh(BOB, txid, 50_000, [TxOutput(49_000, p2wpkh(BOB))])
    assert sendtx(bb, chain, other_key.serialize())[0] == 400
    # nothing was spent by the refusals; the good one is accepted (via GET)
    assert any(u["txid"] == txid for u in get_json(f"{bb.url}/{chain}/api/v2/utxo/{addr(chain, me)}")[1])
    s, out = sendtx(bb, chain, good.serialize(), via="get")
    assert s == 200 and out["result"] == good.get_txid()


def test_double_spend_overspend_and_policy(bb):
    chain, me = "bitcoin", p2wpkh(ALICE)
    txid = fund(bb, chain, me, 20_000)
    over = spend_p2wpkh(ALICE, txid, 20_000, [TxOutput(20_001, p2wpkh(BOB))])
    s, out = sendtx(bb, chain, over.serialize())
    assert s == 400 and "bad-txns-in-belowout" in out["error"]
    cheap = spend_p2wpkh(ALICE, txid, 20_000, [TxOutput(19_990, p2wpkh(BOB))])
    s, out = sendtx(bb, chain, cheap.serialize())
    assert s == 400 and "min relay fee not met" in out["error"]
    first = spend_p2wpkh(ALICE, txid, 20_000, [TxOutput(19_000, p2wpkh(BOB))])
    assert sendtx(bb, chain, first.serialize())[0] == 200
    assert "already" in sendtx(bb, chain, first.serialize())[1]["error"]
    second = spend_p2wpkh(ALICE, txid, 20_000, [TxOutput(18_000, p2wpkh(BOB))])
    s, out = sendtx(bb, chain, second.serialize())
    assert s == 400 and "txn-mempool-conflict" in out["error"]
    control(bb.url, "mine", {"chain": chain})
    s, out = sendtx(bb, chain, second.serialize())
    assert s == 400 and "missingorspent" in out["error"]
    missing = spend_p2wpkh(ALICE, "cd" * 32, 20_000, [TxOutput(18_000, p2wpkh(BOB))])
    assert "missingorspent" in sendtx(bb, chain, missing.serialize())[1]["error"]
    assert sendtx(bb, chain, "00zz")[1]["error"].startswith("-22")
    assert sendtx(bb, chain, first.serialize()[:-10])[1]["error"].startswith("-22")


def test_p2pkh_and_taproot_inputs(bb):
    chain = "bitcoin"
    t_legacy, t_tr = fund(bb, chain, p2pkh(ALICE), 30_000), fund(bb, chain, p2tr(ALICE), 40_000)
    tx = Transaction([TxInput(t_legacy, 0), TxInput(t_tr, 0)], [TxOutput(68_000, p2wpkh(BOB))], has_segwit=True)
    sig0 = ALICE.sign_input(tx, 0, p2pkh(ALICE))
    sig1 = ALICE.sign_taproot_input(tx, 1, [p2pkh(ALICE), p2tr(ALICE)], [30_000, 40_000])
    tx.inputs[0].script_sig = Script([sig0, ALICE.get_public_key().to_hex()])
    tx.witnesses = [TxWitnessInput([]), TxWitnessInput([sig1])]
    s, out = sendtx(bb, chain, tx.serialize())
    assert s == 200 and out["result"] == tx.get_txid(), out
    assert get_json(f"{bb.url}/{chain}/api/v2/address/{addr(chain, p2wpkh(BOB))}")[1]["unconfirmedBalance"] != "0"


def test_dogecoin_p2pkh(bb):
    chain, me = "dogecoin", p2pkh(ALICE)
    a = addr(chain, me)
    assert a.startswith("D")
    txid = fund(bb, chain, me, 10**9)
    tx = Transaction([TxInput(txid, 0)], [TxOutput(10**9 - 10**6, p2pkh(BOB))])
    tx.inputs[0].script_sig = Script([ALICE.sign_input(tx, 0, me), ALICE.get_public_key().to_hex()])
    bad = Transaction([TxInput(txid, 0)], [TxOutput(10**9 - 10**6, p2pkh(BOB))])
    bad.inputs[0].script_sig = Script([BOB.sign_input(bad, 0, me), BOB.get_public_key().to_hex()])
    s, out = sendtx(bb, chain, bad.serialize())
    assert s == 400 and "mandatory-script-verify-flag-failed" in out["error"]
    segwit = spend_p2wpkh(ALICE, txid, 10**9, [TxOutput(10**9 - 10**6, p2pkh(BOB))])
    assert "witness" in sendtx(bb, chain, segwit.serialize())[1]["error"]
    s, out = sendtx(bb, chain, tx.serialize())
    assert s == 200 and out["result"] == tx.get_txid()
    acct = get_json(f"{bb.url}/{chain}/api/v2/address/{addr(chain, p2pkh(BOB))}")[1]
    assert acct["unconfirmedBalance"] == str(10**9 - 10**6)


def test_addresses_per_chain(bb):
    btc = addr("bitcoin", p2wpkh(ALICE))
    ltc = addr("litecoin", p2wpkh(ALICE))
    assert btc.startswith("bc1q") and ltc.startswith("ltc1q") and addr("litecoin", p2pkh(ALICE)).startswith("L")
    s, out = get_json(f"{bb.url}/litecoin/api/v2/address/{btc}")
    assert s == 400 and "error" in out
    assert get_json(f"{bb.url}/dogecoin/api/v2/utxo/{ltc}")[0] == 400
    assert get_json(f"{bb.url}/bitcoin/api/v2/address/{btc}")[0] == 200
    assert get_json(f"{bb.url}/api/v2/address/{btc}")[0] == 200         # the default chain without a prefix


def test_faults(bb):
    a = addr("bitcoin", p2wpkh(ALICE))

    def call():
        s, b = http(f"{bb.url}/bitcoin/api/v2/address/{a}")
        return s, json.loads(b)

    def other():
        s, b = http(f"{bb.url}/bitcoin/api/v2/estimatefee/3")
        return s, json.loads(b)

    check_faults(bb.url, call, "address", other, rpc=False)


def test_faults_are_per_chain(bb):
    """One process serves three chains; a slow or failing chain leaves the others as they were."""
    import time
    control(bb.url, "faults", {"chain": "litecoin", "delay_ms": 300})
    control(bb.url, "faults", {"chain": "dogecoin", "fail": {"mode": "http", "status": 503}})
    t0 = time.monotonic()
    assert http(f"{bb.url}/bitcoin/api")[0] == 200 and time.monotonic() - t0 < 0.3
    t0 = time.monotonic()
    assert http(f"{bb.url}/litecoin/api")[0] == 200 and time.monotonic() - t0 >= 0.3
    assert http(f"{bb.url}/dogecoin/api")[0] == 503
    assert control(bb.url, "faults", {"chain": "dogecoin"})["fail"]["status"] == 503
    control(bb.url, "reset", {"chain": "litecoin"})
    control(bb.url, "reset", {"chain": "dogecoin"})
    assert http(f"{bb.url}/dogecoin/api")[0] == 200
    assert http(f"{bb.url}/_control/faults", b'{"chain": "zcash"}')[0] == 400


def test_syncing_state(bb):
    control(bb.url, "syncing", {"chain": "litecoin", "behind": 5})
    st = get_json(f"{bb.url}/litecoin/api")[1]
    assert st["blockbook"]["inSync"] is False and st["backend"]["headers"] == st["backend"]["blocks"] + 5
    assert get_json(f"{bb.url}/bitcoin/api")[1]["blockbook"]["inSync"] is True
    control(bb.url, "syncing", {"chain": "litecoin", "on": False})
    assert get_json(f"{bb.url}/litecoin/api")[1]["blockbook"]["inSync"] is True


def test_requests_are_recorded(bb):
    control(bb.url, "requests/clear")
    sendtx(bb, "bitcoin", "00")
    seen = control(bb.url, "requests")
    assert seen == [{"method": "POST", "path": "/bitcoin/api/v2/sendtx/", "body": "00", "content_type": "text/plain"}]


def test_command_line_and_launcher():
    from run import start
    with start("blockbook", "--chain", "litecoin") as n:
        s, st = get_json(n.url + "/api")
        assert s == 200 and st["blockbook"]["coin"] == "Litecoin"
    assert n.proc.returncode is not None
