"""The published vectors (published/SOURCES.md), checked with the oracles the signer's tests rely on.

- BIP-341 wallet vectors: Bitcoin Core's consensus code (py-bitcoinkernel) verifies all nine inputs of the fully
  signed transaction, so the kernel recipe test_bitcoin.py uses is sound for P2TR, P2WPKH and P2PKH.
- ZIP-244 vectors: the Python ZIP-244 digest (utxo_lib, from shared/reference/oracles.md) that test_bitcoin.py
  checks Zcash signatures with gives every published txid and transparent SIGHASH_ALL digest.
"""
import json
from pathlib import Path

import pbk
from pbk.script import PrecomputedTransactionData

from utxo_lib import parse_v5, zcash_sighash_all, zcash_txid

HERE = Path(__file__).resolve().parent / "published"


def test_bip341_fully_signed_transaction_verifies():
    case = json.loads((HERE / "bip341_wallet_test_vectors.json").read_text())["keyPathSpending"][0]
    tx = pbk.Transaction(bytes.fromhex(case["auxiliary"]["fullySignedTx"]))
    spent = [(bytes.fromhex(u["scriptPubKey"]), u["amountSats"]) for u in case["given"]["utxosSpent"]]
    pre = PrecomputedTransactionData(tx, [pbk.TransactionOutput(pbk.ScriptPubkey(s), a) for s, a in spent])
    flags = pbk.ScriptVerificationFlags.ALL
    assert [pbk.ScriptPubkey(s).verify(a, tx, pre, i, flags) for i, (s, a) in enumerate(spent)] == [1] * 9


def test_zip244_digest_matches_every_published_vector():
    data = json.loads((HERE / "zip_0244.json").read_text())
    names = data[1][0].split(", ")
    checked = 0
    for row in data[2:]:
        v = dict(zip(names, row))
        t = parse_v5(bytes.fromhex(v["tx"]))
        assert zcash_txid(t).hex() == v["txid"]
        if v["transparent_input"] is not None:
            spks = [bytes.fromhex(s) for s in v["script_pubkeys"]]
            assert zcash_sighash_all(t, v["transparent_input"], v["amounts"], spks).hex() == v["sighash_all"]
            checked += 1
    assert len(data) - 2 == 10 and checked >= 5
