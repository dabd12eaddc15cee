"""Algorand verifier (py-algorand-sdk 2.12.0): the `POST /v2/transactions` body (the signed transaction's msgpack)
decoded by `encoding.msgpack_decode`, re-encoded by the SDK to the same bytes (canonical), the signature checked
with PyNaCl (the SDK's own ed25519) against the sender's address key over "TX" || the transaction's msgpack; the id
is the SDK's `Transaction.get_txid()`. One `pay` transaction. The recipe is tests/signing/algorand/test_algorand.py's."""
from __future__ import annotations

import base64

from algosdk import encoding
from algosdk.transaction import PaymentTxn, SignedTransaction
from nacl.signing import VerifyKey


def verify(body: bytes, spec: dict) -> dict:
    encoded = base64.b64encode(body).decode()
    stx = encoding.msgpack_decode(encoded)
    if not isinstance(stx, SignedTransaction) or stx.signature is None:
        raise ValueError("not a single-signed transaction")
    if encoding.msgpack_encode(stx) != encoded:
        raise ValueError("the body is not the canonical msgpack of what it holds")
    txn = stx.transaction
    if not isinstance(txn, PaymentTxn):
        raise ValueError(f"not a pay transaction: {type(txn).__name__}")
    message = b"TX" + base64.b64decode(encoding.msgpack_encode(txn))
    VerifyKey(encoding.decode_address(txn.sender)).verify(message, base64.b64decode(stx.signature))
    if spec.get("genesis_id") and txn.genesis_id != spec["genesis_id"]:
        raise ValueError(f"genesis id {txn.genesis_id}")
    answer = {"hash": txn.get_txid(), "sender": txn.sender, "recipient": txn.receiver, "amount": str(txn.amt),
              "fee": str(txn.fee), "first_valid": txn.first_valid_round, "note": (txn.note or b"").decode("latin-1")}
    for key in ("sender", "recipient", "amount"):
        if key in spec and str(spec[key]) != answer[key]:
            raise ValueError(f"{key}: expected {spec[key]}, got {answer[key]}")
    return answer


def tamper(body: bytes) -> bytes:
    stx = encoding.msgpack_decode(base64.b64encode(body).decode())
    signature = bytearray(base64.b64decode(stx.signature))
    signature[0] ^= 1
    stx.signature = base64.b64encode(bytes(signature)).decode()
    return base64.b64decode(encoding.msgpack_encode(stx))
