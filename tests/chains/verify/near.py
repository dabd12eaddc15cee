"""NEAR verifier (py-near 1.2.22's py_near_primitives, borsh-construct 0.1.0, PyNaCl): the `send_tx` body's
`signed_tx_base64` is borsh(SignedTransaction) = borsh(Transaction) || key type 0 (ED25519) || 64-byte signature.
The transaction is read by py-near's `Transaction.deserialize` (which must serialize back to the same bytes) and by
borsh-construct for its actions (the recipe of oracles.md § NEAR); the signature is checked with PyNaCl over
`Transaction.get_hash()` (sha256 of the borsh bytes) against the transaction's public key, which must be the
signer's implicit account (hex of the key). The hash is base58 of `get_hash()`. One Transfer action."""
from __future__ import annotations

import base64
import json

import base58
from borsh_construct import Bytes, CStruct, Enum, String, U8, U64, U128, Vec
from construct import Bytes as Fixed
from nacl.signing import VerifyKey
from py_near_primitives import Transaction

Action = Enum("CreateAccount", "DeployContract" / CStruct("code" / Bytes),
              "FunctionCall" / CStruct("method_name" / String, "args" / Bytes, "gas" / U64, "deposit" / U128),
              "Transfer" / CStruct("deposit" / U128), enum_name="Action")
Tx = CStruct("signer_id" / String, "public_key" / CStruct("key_type" / U8, "data" / Fixed(32)), "nonce" / U64,
             "receiver_id" / String, "block_hash" / Fixed(32), "actions" / Vec(Action))


def _wire(body: bytes) -> bytes:
    request = json.loads(body)
    if request.get("method") != "send_tx":
        raise ValueError("not a send_tx")
    return base64.b64decode(request["params"]["signed_tx_base64"], validate=True)


def verify(body: bytes, spec: dict) -> dict:
    wire = _wire(body)
    if len(wire) < 66 or wire[-65] != 0:
        raise ValueError("not an ed25519-signed transaction")
    tx_bytes, signature = wire[:-65], wire[-64:]
    tx = Transaction.deserialize(tx_bytes)
    if bytes(tx.serialize()) != tx_bytes:
        raise ValueError("the transaction does not serialize back to its bytes")
    public_key = bytes(tx.public_key)
    digest = bytes(tx.get_hash())
    VerifyKey(public_key).verify(digest, signature)   # raises BadSignatureError
    if tx.signer_id != public_key.hex():
        raise ValueError(f"signer {tx.signer_id} is not the key's implicit account")
    parsed = Tx.parse(tx_bytes)
    if len(parsed.actions) != 1 or not hasattr(parsed.actions[0], "deposit") or hasattr(parsed.actions[0], "method_name"):
        raise ValueError("not one Transfer action")
    answer = {"hash": base58.b58encode(digest).decode(), "sender": tx.signer_id, "recipient": tx.receiver_id,
              "amount": str(parsed.actions[0].deposit), "nonce": tx.nonce}
    for key in ("sender", "recipient", "amount"):
        if key in spec and str(spec[key]) != answer[key]:
            raise ValueError(f"{key}: expected {spec[key]}, got {answer[key]}")
    return answer


def tamper(body: bytes) -> bytes:
    request = json.loads(body)
    wire = bytearray(_wire(body))
    wire[-1] ^= 1
    request["params"]["signed_tx_base64"] = base64.b64encode(bytes(wire)).decode()
    return json.dumps(request).encode()
