"""XRP Ledger Payment verifier (xrpl-py 5.2.0): the `submit` body's `tx_blob` decoded by xrpl's binary codec,
TxnSignature checked with `is_valid_message` over `encode_for_signing` of the other fields against SigningPubKey,
the Account the classic address that key derives, the hash xrpl's `Transaction.from_blob(blob).get_hash()` (SHA-512Half of
"TXN\\0" || blob). The recipe is tests/signing/xrp/test_xrp.py's."""
from __future__ import annotations

import json

from xrpl.core.binarycodec import decode, encode, encode_for_signing
from xrpl.core.keypairs import derive_classic_address, is_valid_message
from xrpl.models.transactions import Transaction


def _blob(body: bytes) -> str:
    request = json.loads(body)
    params = request["params"]
    if request.get("method") != "submit" or not isinstance(params, list) or len(params) != 1:
        raise ValueError("not a submit with one params object")
    return params[0]["tx_blob"]


def verify(body: bytes, spec: dict) -> dict:
    blob = _blob(body)
    tx = decode(blob)
    if encode(tx).upper() != blob.upper():
        raise ValueError("the blob is not in canonical field order")
    signature = tx.pop("TxnSignature", None)
    if not signature:
        raise ValueError("no TxnSignature")
    public_key = tx["SigningPubKey"]
    if not is_valid_message(bytes.fromhex(encode_for_signing(tx)), bytes.fromhex(signature), public_key):
        raise ValueError("TxnSignature does not verify against SigningPubKey")
    sender = derive_classic_address(public_key)
    if tx["Account"] != sender:
        raise ValueError(f"Account {tx['Account']} is not the signing key's {sender}")
    if tx["TransactionType"] != "Payment" or not isinstance(tx["Amount"], str):
        raise ValueError("not an XRP Payment")
    answer = {"hash": Transaction.from_blob(blob).get_hash(), "sender": sender, "recipient": tx["Destination"],
              "amount": tx["Amount"], "fee": tx["Fee"], "sequence": tx["Sequence"]}
    for key in ("sender", "recipient", "amount"):
        if key in spec and str(spec[key]) != answer[key]:
            raise ValueError(f"{key}: expected {spec[key]}, got {answer[key]}")
    return answer


def tamper(body: bytes) -> bytes:
    request = json.loads(body)
    tx = decode(request["params"][0]["tx_blob"])
    signature = bytearray(bytes.fromhex(tx["TxnSignature"]))
    signature[-1] ^= 1
    tx["TxnSignature"] = signature.hex().upper()
    request["params"][0]["tx_blob"] = encode(tx)
    return json.dumps(request).encode()
