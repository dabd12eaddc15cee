"""Bitcoin family: the harness signs, independent libraries decode and verify (utxo environment).

- Bitcoin, Litecoin, Dogecoin: Bitcoin Core's consensus code (py-bitcoinkernel 0.1.0a5) verifies every input, flags
  ALL (P2SH, DERSIG, NULLDUMMY, CLTV, CSV, WITNESS, TAPROOT) on BTC/LTC and P2SH | DERSIG on Dogecoin; a wrong
  amount (segwit, taproot) or a wrong key's script (legacy) must fail.
- Bitcoin Cash: bitcoin-utils parses, coincurve (libsecp256k1) checks each signature over the BIP-143 digest with
  SIGHASH_ALL|FORKID, and the signature must not verify over the legacy digest.
- Zcash v5: the ZIP-244 digest of shared/reference/oracles.md (checked against zip_0244.json in test_published.py)
  with coincurve; librustzcash (uniffi-zcash) parses NU5 transactions and computes the same txid.
- BIP-137: coincurve recovers the key from the signature; bitcoin-utils' verify_message accepts P2PKH ones.
Every decoded transaction's outputs are compared with the input: recipient, amount, change, fee.
"""
import base64
import random

import pbk
import pytest
from bitcoinutils import bech32
from bitcoinutils.keys import PublicKey as BuPublicKey
from bitcoinutils.script import Script
from bitcoinutils.setup import setup
from bitcoinutils.transactions import Transaction
from coincurve import PublicKey
from pbk.script import PrecomputedTransactionData

from conftest import load_vectors, refusal, run_harness, sign
from utxo_lib import (P2PKH, P2SH, P2TR, P2WPKH, address, bip137_digest, hash160, parse_v5, pubkey, script_of, select, sha256,
                      taproot_output_key, zcash_sighash_all, zcash_txid)

setup("mainnet")
# bitcoin-utils warns that its pure-Python key operations are not side-channel hardened: it is an oracle here.
pytestmark = pytest.mark.filterwarnings("ignore:Pure-Python private-key operations")
VECTORS = load_vectors("bitcoin")
ALL = pbk.ScriptVerificationFlags.ALL
LEGACY = pbk.ScriptVerificationFlags.P2SH | pbk.ScriptVerificationFlags.DERSIG


def harness_input(v):
    return {k: val for k, val in v.items() if k not in ("name", "expected") and val is not None}


def sender_script(chain, priv, kind):
    pub = pubkey(priv)
    if kind == "p2tr":
        return P2TR(taproot_output_key(pub))
    return (P2WPKH if kind == "p2wpkh" else P2PKH)(hash160(pub))


def kind_of(v):
    segwit = v["chain"] in ("bitcoin", "litecoin")
    for kind in ("p2tr", "p2wpkh", "p2pkh") if segwit else ("p2pkh",):
        if address(v["chain"], sender_script(v["chain"], bytes.fromhex(v["private_key"]), kind)) == v["sender_address"]:
            return kind
    raise AssertionError("sender is not the key's")


def kernel_verify(raw, spent, flags):
    tx = pbk.Transaction(raw)
    outs = [pbk.TransactionOutput(pbk.ScriptPubkey(s), a) for s, a in spent]
    pre = PrecomputedTransactionData(tx, outs) if flags != LEGACY else None
    return [pbk.ScriptPubkey(s).verify(a, tx, pre, i, flags) for i, (s, a) in enumerate(spent)]


def decoded_outputs(chain, raw):
    if chain == "zcash":
        t = parse_v5(raw)
        return [(int.from_bytes(o[:8], "little"), o[9:]) for o in t["vout"]]
    tx = pbk.Transaction(raw)
    return [(o.amount, bytes(o.script_pubkey)) for o in tx.outputs]


def check_fields(v, answer, spk):
    """The decoded outputs are the recipient's and the change's; the fee is what the inputs leave."""
    raw = bytes.fromhex(answer["raw"])
    values = {f'{u["txid"]}:{u["vout"]}': int(u["value"]) for u in v["utxos"]}
    total = sum(values[i] for i in answer["inputs"])
    outs = decoded_outputs(v["chain"], raw)
    assert outs[0][0] == int(answer["amount"])
    if v["amount"] != "max":
        assert outs[0][0] == int(v["amount"])
    if answer["change"] is None:
        assert len(outs) == 1
    else:
        change_spk = spk if v.get("change_address") is None else outs[1][1]
        assert outs[1] == (int(answer["change"]), change_spk)
        assert address(v["chain"], outs[1][1]) == (v.get("change_address") or v["sender_address"])
    assert total - sum(o[0] for o in outs) == int(answer["fee"])
    return outs


def check_plan(v, kind, spk, answer):
    """The coin selection equals the rule written again in utxo_lib.select (largest first, dust to fee, max)."""
    utxos = [(u["txid"], u["vout"], int(u["value"])) for u in v["utxos"]]
    dest = decoded_outputs(v["chain"], bytes.fromhex(answer["raw"]))[0][1]
    amount = v["amount"] if v["amount"] == "max" else int(v["amount"])
    change_spk = script_of(v["chain"], v["change_address"]) if v.get("change_address") else spk
    chosen, sent, change, fee = select(v["chain"], kind, utxos, amount, int(v["fee_rate"]), dest, change_spk)
    assert answer["inputs"] == ["%s:%d" % (t, n) for t, n, _ in chosen]
    assert (int(answer["amount"]), answer["change"], int(answer["fee"])) == (sent, None if change is None else str(change), fee)


@pytest.mark.parametrize("v", VECTORS["transfers"], ids=lambda v: v["name"])
def test_harness_equals_vector(v):
    answer = sign("bitcoin", "sign", harness_input(v))
    assert answer["raw"] == v["expected"]["raw"] and answer["encoded"] == answer["raw"]
    assert answer["hash"] == v["expected"]["hash"]
    assert [answer[k] for k in ("amount", "change", "fee", "inputs")] == [v["expected"][k] for k in ("amount", "change", "fee", "inputs")]


def random_transfers(chain, kinds, n, rate_range, scale):
    """Inputs the vectors do not have: 1-6 UTXOs, exact and max amounts, any fee rate in range."""
    rng = random.Random(f"{chain} transfers")
    out = []
    for i in range(n):
        kind = kinds[i % len(kinds)]
        priv = sha256(b"%s random key %d" % (chain.encode(), i))
        spk = sender_script(chain, priv, kind)
        utxos = [{"txid": sha256(b"%s %d %d" % (chain.encode(), i, j)).hex(), "vout": rng.randrange(4),
                  "value": str(rng.randrange(scale, 50 * scale))} for j in range(rng.randrange(1, 7))]
        total = sum(int(u["value"]) for u in utxos)
        dest = [P2WPKH, P2PKH][i % 2](hash160(pubkey(sha256(b"dest %d" % i)))) if chain in ("bitcoin", "litecoin") else P2PKH(hash160(pubkey(sha256(b"dest %d" % i))))
        amount = "max" if i % 4 == 3 else str(rng.randrange(scale, total // 2))
        v = {"chain": chain, "private_key": priv.hex(), "sender_address": address(chain, spk),
             "destination_address": address(chain, dest), "amount": amount, "fee_rate": str(rng.randrange(*rate_range)),
             "utxos": utxos}
        if chain == "zcash":
            v.update(consensus_branch_id=0xC2D6D0B4, expiry_height=3_000_000)
        out.append((v, kind, spk))
    return out


KERNEL_CASES = [(v, kind_of(v), None) for v in VECTORS["transfers"] if v["chain"] in ("bitcoin", "litecoin", "doge")]
KERNEL_CASES += random_transfers("bitcoin", ["p2wpkh", "p2tr", "p2pkh"], 12, (1, 80), 10_000)
KERNEL_CASES += random_transfers("litecoin", ["p2wpkh", "p2tr"], 6, (1, 30), 100_000)
KERNEL_CASES += random_transfers("doge", ["p2pkh"], 6, (1_000, 3_000), 10_000_000)


@pytest.mark.parametrize("case", KERNEL_CASES, ids=lambda c: c[0].get("name", c[0]["chain"] + " " + c[1]))
def test_kernel_verifies_every_input(case):
    v, kind, _ = case
    spk = sender_script(v["chain"], bytes.fromhex(v["private_key"]), kind)
    answer = sign("bitcoin", "sign", harness_input(v))
    raw = bytes.fromhex(answer["raw"])
    values = {f'{u["txid"]}:{u["vout"]}': int(u["value"]) for u in v["utxos"]}
    spent = [(spk, values[i]) for i in answer["inputs"]]
    tx = pbk.Transaction(raw)
    assert [f"{bytes(i.out_point.txid)[::-1].hex()}:{i.out_point.index}" for i in tx.inputs] == answer["inputs"]
    flags = LEGACY if v["chain"] == "doge" else ALL
    assert kernel_verify(raw, spent, flags) == [1] * len(spent)
    assert str(tx.txid) == answer["hash"]
    outs = check_fields(v, answer, spk)
    assert address(v["chain"], outs[0][1]) == v["destination_address"]
    if kind == "p2pkh":
        # The amount is not signed by a legacy input: the wrong key's script must fail instead.
        wrong = P2PKH(hash160(pubkey(sha256(b"not the sender"))))
        assert kernel_verify(raw, [(wrong, a) for _, a in spent], flags)[0] == 0
    else:
        assert kernel_verify(raw, [(spk, spent[0][1] + 1)] + spent[1:], flags)[0] == 0
    if v["chain"] == "doge":
        assert raw[4] != 0  # no segwit marker: Dogecoin has no witness
    witnesses = Transaction.from_raw(answer["raw"]).witnesses
    if kind == "p2tr":
        assert all(len(w.stack) == 1 and len(bytes.fromhex(w.stack[0])) == 64 for w in witnesses)  # SIGHASH_DEFAULT
    elif kind == "p2wpkh":
        assert all(len(w.stack) == 2 and w.stack[1] == pubkey(bytes.fromhex(v["private_key"])).hex() for w in witnesses)
    check_plan(v, kind, spk, answer)


BCH_CASES = [v for v in VECTORS["transfers"] if v["chain"] == "bitcoincash"]
BCH_CASES += [c[0] for c in random_transfers("bitcoincash", ["p2pkh"], 6, (1, 5), 10_000)]


@pytest.mark.parametrize("v", BCH_CASES, ids=lambda v: v.get("name", "bch random"))
def test_bitcoin_cash_forkid_signatures(v):
    priv = bytes.fromhex(v["private_key"])
    spk = P2PKH(hash160(pubkey(priv)))
    answer = sign("bitcoin", "sign", harness_input(v))
    tx = Transaction.from_raw(answer["raw"])
    values = {f'{u["txid"]}:{u["vout"]}': int(u["value"]) for u in v["utxos"]}
    for i, txin in enumerate(tx.inputs):
        sig, pub = (bytes.fromhex(x) for x in txin.script_sig.script)
        assert sig[-1] == 0x41 and pub == pubkey(priv)
        amount = values[f"{txin.txid}:{txin.txout_index}"]
        digest = tx.get_transaction_segwit_digest(i, Script.from_raw(spk.hex()), amount, sighash=0x41)
        assert PublicKey(pub).verify(sig[:-1], digest, hasher=None)
        assert not PublicKey(pub).verify(sig[:-1], tx.get_transaction_digest(i, Script.from_raw(spk.hex()), 0x41), hasher=None)
        wrong = tx.get_transaction_segwit_digest(i, Script.from_raw(spk.hex()), amount + 1, sighash=0x41)
        assert not PublicKey(pub).verify(sig[:-1], wrong, hasher=None)
    assert tx.get_txid() == answer["hash"]
    outs = [(o.amount, bytes.fromhex(o.script_pubkey.to_hex())) for o in tx.outputs]
    assert address("bitcoincash", outs[0][1]) == v["destination_address"].removeprefix("bitcoincash:")
    check_fields(v, answer, spk)
    check_plan(v, "p2pkh", spk, answer)


ZEC_CASES = [v for v in VECTORS["transfers"] if v["chain"] == "zcash"]
ZEC_CASES += [c[0] for c in random_transfers("zcash", ["p2pkh"], 6, (5_000, 20_000), 100_000)]


@pytest.mark.parametrize("v", ZEC_CASES, ids=lambda v: v.get("name", "zec random"))
def test_zcash_v5_zip244_signatures(v):
    from zcash import ZcashBranchId, ZcashTransaction

    priv = bytes.fromhex(v["private_key"])
    spk = P2PKH(hash160(pubkey(priv)))
    answer = sign("bitcoin", "sign", harness_input(v))
    raw = bytes.fromhex(answer["raw"])
    t = parse_v5(raw)
    assert int.from_bytes(t["header"][8:12], "little") == v["consensus_branch_id"]
    assert int.from_bytes(t["header"][16:20], "little") == v["expiry_height"]
    values = {f'{u["txid"]}:{u["vout"]}': int(u["value"]) for u in v["utxos"]}
    amounts = [values[i] for i in answer["inputs"]]
    assert [f"{p[:32][::-1].hex()}:{int.from_bytes(p[32:], 'little')}" for p, _, _ in t["vin"]] == answer["inputs"]
    for i, (_, ss, _) in enumerate(t["vin"]):
        sig, pub = ss[1:1 + ss[0]], ss[2 + ss[0]:]
        assert sig[-1] == 0x01 and pub == pubkey(priv)
        assert PublicKey(pub).verify(sig[:-1], zcash_sighash_all(t, i, amounts, [spk] * len(amounts)), hasher=None)
        wrong = zcash_sighash_all(t, i, [amounts[0] + 1] + amounts[1:], [spk] * len(amounts))
        assert not PublicKey(pub).verify(sig[:-1], wrong, hasher=None)
    assert zcash_txid(t)[::-1].hex() == answer["hash"]
    if v["consensus_branch_id"] == 0xC2D6D0B4:  # uniffi-zcash 0.0.0 knows NU5, not NU6
        parsed = ZcashTransaction.from_bytes(raw, ZcashBranchId.NU5)
        assert bytes(parsed.txid().to_bytes())[::-1].hex() == answer["hash"]
    outs = check_fields(v, answer, spk)
    dest = v["destination_address"]
    if dest.startswith("tex1"):  # ZIP-320: a TEX address is paid with a P2PKH output of its hash
        expected = P2PKH(bytes(bech32.convertbits(bech32.bech32_decode(dest)[1], 5, 8, False)))
    else:
        expected = script_of("zcash", dest)
    assert outs[0][1] == expected
    check_plan(v, "p2pkh", spk, answer)


@pytest.mark.parametrize("m", VECTORS["messages"], ids=lambda m: m["name"])
def test_bip137_recovers_the_signer(m):
    answer = sign("bitcoin", "sign_message", {k: m[k] for k in ("chain", "private_key", "address", "message")})
    assert answer["encoded"] == m["encoded"]
    sig = base64.b64decode(answer["encoded"])
    header = sig[0]
    assert 31 <= header <= 42
    recovered = PublicKey.from_signature_and_message(sig[1:] + bytes([(header - 27) & 3]), bip137_digest(m["message"].encode()), hasher=None)
    h = hash160(recovered.format())
    expected = {31: P2PKH(h), 35: P2SH(hash160(P2WPKH(h))), 39: P2WPKH(h)}[27 + 4 * ((header - 27) // 4)]
    assert address("bitcoin", expected) == m["address"]
    if header < 35:
        assert BuPublicKey.verify_message(m["address"], answer["encoded"], m["message"])


def test_refusals_reach_the_caller():
    v = dict(harness_input(VECTORS["transfers"][0]))
    assert refusal("bitcoin", "sign", {**v, "amount": "100000000"}).startswith("insufficientBalance(required: 100000")
    assert refusal("bitcoin", "sign", {**v, "destination_address": "ltc1qhd8fxxp2dx3vsmpac43z6ev0kllm4n53t5sk0u"}) == \
        'invalidAddress("destination_address")'
    assert refusal("bitcoin", "sign", {**v, "fee_rate": "0"}) == 'invalidField("fee_rate", reason: "zero")'
    answers = run_harness([{"family": "bitcoin", "op": "sign", "input": {**v, "private_key": "00" * 32}}])
    assert answers == [{"error": "invalidPrivateKey"}]


RANDOM_CASES = [c for c in KERNEL_CASES if "name" not in c[0]]
RANDOM_CASES += random_transfers("bitcoincash", ["p2pkh"], 6, (1, 5), 10_000)
RANDOM_CASES += random_transfers("zcash", ["p2pkh"], 6, (5_000, 20_000), 100_000)


@pytest.mark.parametrize("case", RANDOM_CASES, ids=lambda c: c[0]["chain"] + " " + c[1])
def test_random_transfers_equal_independent_builds(case):
    """Byte for byte against make_vectors.build (bitcoin-utils, python-ecdsa, bitcash, the ZIP-244 recipe)."""
    from make_vectors import build

    v, kind, spk = case
    answer = sign("bitcoin", "sign", harness_input(v))
    values = {f'{u["txid"]}:{u["vout"]}': int(u["value"]) for u in v["utxos"]}
    inputs = [(i.split(":")[0], int(i.split(":")[1]), values[i]) for i in answer["inputs"]]
    outputs = decoded_outputs(v["chain"], bytes.fromhex(answer["raw"]))
    check_plan(v, kind, spk, answer)  # the outputs are the independent rule's, so only the signing is left
    raw, txid = build(v["chain"], kind, bytes.fromhex(v["private_key"]), inputs, outputs,
                      v.get("consensus_branch_id"), v.get("expiry_height"))
    assert answer["raw"] == raw.hex() and answer["hash"] == txid
