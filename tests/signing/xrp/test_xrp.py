"""XRP Ledger: the harness signs; xrpl-py 5.2.0's binary codec decodes the blob (and re-encodes it to the same
bytes: canonical order), `is_valid_message` verifies TxnSignature over encode_for_signing of the decoded fields,
the account is the one SigningPubKey derives, the fields equal the input, and the hash is SHA-512Half of
"TXN\\0" || blob."""
import hashlib

import pytest
from coincurve import PrivateKey
from xrpl.core.binarycodec import decode, encode, encode_for_signing
from xrpl.core.keypairs import derive_classic_address, is_valid_message

from conftest import load_vectors, refusal, run_harness, sign

VECTORS = load_vectors("xrp")
half = lambda b: hashlib.sha512(b).digest()[:32]


def verify(inp: dict, out: dict):
    blob = out["encoded"]
    assert blob == blob.upper() and out["raw"] == blob.lower()
    j = decode(blob)
    assert encode(j) == blob
    assert out["hash"] == half(bytes.fromhex("54584E00") + bytes.fromhex(blob)).hex().upper()
    sig = bytes.fromhex(j.pop("TxnSignature"))
    pub = j["SigningPubKey"]
    assert pub == PrivateKey(bytes.fromhex(inp["private_key"])).public_key.format().hex().upper()
    assert is_valid_message(bytes.fromhex(encode_for_signing(j)), sig, pub)
    assert j["Account"] == derive_classic_address(pub)
    assert j["TransactionType"] == "Payment" and j["Destination"] == inp["destination"]
    assert j["Fee"] == inp["fee"] and j["Sequence"] == int(inp["sequence"])
    assert j["LastLedgerSequence"] == int(inp["last_ledger_sequence"]) and j["Flags"] == int(inp.get("flags", "0"))
    assert j.get("DestinationTag") == (int(inp["destination_tag"]) if "destination_tag" in inp else None)
    if "currency" in inp:
        a = j["Amount"]
        assert a["issuer"] == inp["issuer"] and a["currency"] == inp["currency"]
        from decimal import Decimal
        assert Decimal(a["value"]) == Decimal(inp["value"])
    else:
        assert j["Amount"] == inp["amount"]
    memos = [{k: v for k, v in (("type", m["Memo"].get("MemoType")), ("data", m["Memo"].get("MemoData")),
                                ("format", m["Memo"].get("MemoFormat"))) if v is not None} for m in j.get("Memos", [])]
    assert memos == [{k: v.upper() for k, v in m.items()} for m in inp.get("memos", [])]
    assert set(j) <= {"TransactionType", "Flags", "Sequence", "DestinationTag", "LastLedgerSequence", "Amount", "Fee",
                      "SigningPubKey", "Account", "Destination", "Memos"}


@pytest.mark.parametrize("vector", VECTORS["payments"], ids=lambda v: v["name"])
def test_payment_vectors(vector):
    out = sign("xrp", "sign", vector["input"])
    assert out["encoded"] == vector["blob"] and out["hash"] == vector["hash"]
    verify(vector["input"], out)


def test_many_payments_verify():
    requests = []
    for i in range(16):
        inp = {"private_key": hashlib.sha256(bytes([i])).hexdigest(), "destination": "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
               "fee": str(10 + i), "sequence": str(i * 1000 + 1), "last_ledger_sequence": str(i * 77 + 5),
               "balance": str(10 ** 17)}
        if i % 2:
            inp |= {"currency": ["USD", "EUR", "F" * 40][i % 3],
                    "issuer": "rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B",
                    "value": ["0.000123", "42", "3.14159265358979", "1e10", "7777777777777777"][i % 5],
                    "token_balance": "1e20"}
        else:
            inp["amount"] = str(7 ** (i + 1) % 10 ** 17 or 1)
        if i % 3 == 0:
            inp["destination_tag"] = str(i * 12345)
        if i % 4 == 1:
            inp["memos"] = [{"data": bytes([i]).hex() * (i + 1)}, {"type": b"text/plain".hex(), "data": b"hi".hex()}]
        requests.append({"family": "xrp", "op": "sign", "input": inp})
    for req, res in zip(requests, run_harness(requests)):
        assert "ok" in res, res
        verify(req["input"], res["ok"])


XRP = VECTORS["payments"][0]["input"]
IOU = VECTORS["payments"][5]["input"]


@pytest.mark.parametrize("base, change, error", [
    (XRP, {"sequence": None}, 'missingField("sequence")'),
    (XRP, {"last_ledger_sequence": None}, 'missingField("last_ledger_sequence")'),
    (XRP, {"amount": "11"}, "insufficientBalance(required: 21, available: 20)"),
    (XRP, {"destination": "rU893viamSnsfP3zjzM2KPxjqZjXSXK6VG"}, 'invalidAddress("destination")'),
    (XRP, {"memos": [{"data": "00" * 1100}]}, "memoTooLong(maxBytes: 1024)"),
    (XRP, {"flags": str(0x00020000)}, 'invalidField("flags", reason: "only tfFullyCanonicalSig (0x80000000) is signed")'),
    (IOU, {"value": "1e-97"}, 'amountOutOfRange("value")'),
    (IOU, {"value": "1e97"}, 'amountOutOfRange("value")'),
    (IOU, {"value": "1.2345678901234567"}, 'invalidField("value", reason: "more than 16 significant digits")'),
    (IOU, {"currency": "XRP"}, 'invalidField("currency", reason: "XRP is not an issued currency")'),
])
def test_refusals(base, change, error):
    inp = {k: v for k, v in {**base, **change}.items() if v is not None}
    assert refusal("xrp", "sign", inp) == error
