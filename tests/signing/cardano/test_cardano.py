"""Cardano Shelley ADA transfers: the harness signs; pycardano 0.19.2 (cbor2 5.9.0) decodes the transaction, the
fee and minimum-ada rules are checked with pycardano's own functions, PyNaCl verifies the vkey witness over the
tx id (blake2b-256 of the exact body bytes), and the witness key hashes to the sender address's payment part."""
import hashlib
import importlib.util
import io
import random
from pathlib import Path

import cbor2
import pytest
from nacl.signing import VerifyKey
from pycardano import Address, Transaction
from pycardano.utils import fee as pycardano_fee, min_lovelace_post_alonzo

from conftest import load_vectors, refusal, run_harness, sign

_spec = importlib.util.spec_from_file_location("cardano_make_vectors", Path(__file__).with_name("make_vectors.py"))
mv = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mv)

VECTORS = load_vectors("cardano")["vectors"]
CTX = mv.context(mv.MAINNET)


def verify(input: dict, ok: dict) -> Transaction:
    wire = bytes.fromhex(ok["raw"])
    assert ok["encoded"] == ok["raw"]
    assert wire[0] == 0x84                                            # [body, witness set, true, null]
    stream = io.BytesIO(wire[1:])
    decoder = cbor2.CBORDecoder(stream)
    decoder.decode()
    body_bytes = wire[1:1 + stream.tell()]
    witnesses, valid, aux = decoder.decode(), decoder.decode(), decoder.decode()
    assert valid is True and aux is None and stream.read() == b""
    txid = hashlib.blake2b(body_bytes, digest_size=32).digest()
    assert ok["hash"] == txid.hex()
    sender = Address.from_primitive(input["sender"])
    assert list(witnesses) == [0] and len(witnesses[0]) == 1
    vkey, signature = witnesses[0][0]
    VerifyKey(vkey).verify(txid, signature)
    assert hashlib.blake2b(vkey, digest_size=28).digest() == sender.payment_part.payload

    tx = Transaction.from_cbor(wire)
    assert tx.id.payload == txid
    body = tx.transaction_body
    assert body.ttl == input["ttl"]
    outputs = body.outputs
    assert str(outputs[0].address) == input["recipient"] and outputs[0].amount.coin == int(input["amount"])
    raw_outputs = cbor2.loads(body_bytes)[1]
    assert all(isinstance(o, list) and len(o) == 2 and isinstance(o[0], bytes) and isinstance(o[1], int) for o in raw_outputs)
    if len(outputs) == 2:
        assert outputs[1].address == sender
    assert len(outputs) in (1, 2)
    # Every spent input is one of the sender's token-free UTxOs; value is conserved; the fee covers the size.
    offered = {(u["tx_hash"], u["index"]): u for u in input["utxos"]}
    spent = [offered[(i.transaction_id.payload.hex(), i.index)] for i in body.inputs]
    assert not any(u.get("has_tokens") for u in spent) and len(set(map(id, spent))) == len(spent)
    assert [(i.transaction_id.payload, i.index) for i in body.inputs] == sorted((i.transaction_id.payload, i.index) for i in body.inputs)
    assert sum(int(u["lovelace"]) for u in spent) == sum(o.amount.coin for o in outputs) + body.fee
    assert body.fee >= pycardano_fee(CTX, len(wire))
    for o in outputs:
        assert o.amount.coin >= min_lovelace_post_alonzo(o, CTX)
    return tx


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_vector_bytes_and_signature(vector):
    ok = sign("cardano", "transfer", vector["input"])
    assert ok["raw"] == vector["expected"]["raw"]
    assert ok["hash"] == vector["expected"]["hash"]
    want = vector["expected"]
    assert (ok["fee"], ok["change"], ok["inputs"]) == (want["fee"], want["change"], want["inputs"])
    tx = verify(vector["input"], ok)
    assert tx.transaction_body.fee == int(want["fee"])


def test_random_selections_match_pycardano_rule():
    rng = random.Random(1815)
    cases = []
    for n in range(60):
        utxos = [mv.utxo(rng.randrange(1, 255), rng.randrange(0, 65536), rng.choice(
            [rng.randrange(1, 3_000_000), rng.randrange(1_000_000, 20_000_000), rng.randrange(10**6, 10**12)]),
            has_tokens=rng.random() < 0.15) for _ in range(rng.randrange(1, 6))]
        utxos = list({(u["tx_hash"], u["index"]): u for u in utxos}.values())
        amount = rng.choice([rng.randrange(1_000_000, 5_000_000), rng.randrange(1_000_000, 30_000_000), rng.randrange(10**6, 10**12)])
        recipient = rng.choice([mv.address_of(1), mv.ENTERPRISE])
        cases.append(mv.case(f"random-{n}", rng.randrange(0, 3), recipient, amount, utxos, ttl=rng.randrange(0, 2**40))["input"])
    results = run_harness([{"family": "cardano", "op": "transfer", "input": c} for c in cases])
    signed = 0
    for c, r in zip(cases, results):
        try:
            want = mv.expected(c)
        except mv.Refused as why:
            assert "error" in r, (c, r)
            assert ("insufficientBalance" in r["error"]) == (str(why) == "insufficient balance"), r
            continue
        assert "ok" in r, (c, r)
        assert r["ok"]["raw"] == want["raw"]
        assert r["ok"]["fee"] == want["fee"] and r["ok"]["change"] == want["change"] and r["ok"]["inputs"] == want["inputs"]
        verify(c, r["ok"])
        signed += 1
    assert signed >= 20


BASE = VECTORS[0]["input"]


@pytest.mark.parametrize("change, error", [
    ({"amount": "900000"}, 'invalidField("amount", reason: "is below the minimum ada of'),
    ({"amount": "0"}, 'invalidField("amount", reason: "must be above zero")'),
    ({"amount": str(2**64)}, 'amountOutOfRange("amount")'),
    ({"amount": "9900000"}, "insufficientBalance(required: 10065281, available: 10000000)"),
    ({"ttl": None}, 'missingField("ttl")'),
    ({"utxos": []}, 'missingField("utxos")'),
    ({"utxos": [mv.utxo(1, 0, 10_000_000, has_tokens=True)]}, "insufficientBalance("),
    ({"utxos": [mv.utxo(1, 0, 10_000_000), mv.utxo(1, 0, 10_000_000)]}, 'invalidField("utxos", reason: "lists an output twice")'),
    ({"utxos": [{**mv.utxo(1, 0, 10_000_000), "tx_hash": "ab" * 31}]}, 'invalidField("utxos", reason: "a transaction id is not 32 bytes")'),
    ({"utxos": [mv.utxo(1, 65_536, 10_000_000)]}, 'invalidField("utxos", reason: "an output index is above 65535")'),
    ({"recipient": "addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3jcu5d8ps7zex2k2xt3uqxgjqnnj83ws8lhrn648jjxtwq2ytjqp"}, 'invalidAddress("recipient")'),
    ({"recipient": BASE["recipient"][:-1] + ("q" if BASE["recipient"][-1] != "q" else "p")}, 'invalidAddress("recipient")'),
    ({"recipient": "Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi"}, 'invalidAddress("recipient")'),  # Byron
    ({"sender": mv.address_of(1)}, 'invalidField("sender", reason: "is not an address of the signing key")'),
    ({"mnemonic": "not a phrase"}, "invalidPrivateKey"),
])
def test_refusals(change, error):
    input = {k: v for k, v in {**BASE, **change}.items() if v is not None}
    assert error in refusal("cardano", "transfer", input)
