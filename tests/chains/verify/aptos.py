"""Aptos (single-key Ed25519 APT transfers, submitted as JSON: the host's HTTP transport carries text bodies):
aptos-sdk 0.11.0 rebuilds the RawTransaction the JSON submit request describes (`RawTransaction` with an
`EntryFunction.natural("0x1::aptos_account", "transfer", ...)` payload and the spec's chain id, which the node
adds itself), its `ed25519.PublicKey.verify` checks the request's signature over the signing message
(`RawTransaction.keyed()`: sha3-256("APTOS::RawTransaction") ‖ BCS), and the sender must be the authentication
key of that public key (sha3-256(public key ‖ 0x00), the single-key scheme) and the spec's address. The hash is
the committed transaction's: sha3-256(sha3-256("APTOS::Transaction") ‖ 0x00 (Transaction::UserTransaction) ‖
BCS of the SDK's `SignedTransaction`), the hash the node's submit answer and `/v1/transactions/by_hash` carry
(aptos-core types/src/transaction: `Transaction`'s CryptoHasher; the SDK 0.11 has no function for it).

spec: {"family": "aptos", "sender", "recipient", "amount", "chain_id", "sequence_number", "max_gas_amount",
       "gas_unit_price"} (numbers as decimal strings; the last three optional)."""

from __future__ import annotations

import hashlib
import json

from aptos_sdk import ed25519
from aptos_sdk.account_address import AccountAddress
from aptos_sdk.authenticator import Authenticator, Ed25519Authenticator
from aptos_sdk.bcs import Serializer
from aptos_sdk.transactions import EntryFunction, RawTransaction, SignedTransaction, TransactionArgument, TransactionPayload
from nacl.signing import VerifyKey


def _hex(text: str, size: int) -> bytes:
    if not text.startswith("0x") or len(text) != 2 + 2 * size:
        raise ValueError(f"not 0x + {size} bytes of hex: {text[:80]!r}")
    return bytes.fromhex(text[2:])


def verify(body: bytes, spec: dict) -> dict:
    request = json.loads(body)
    payload = request["payload"]
    if (payload["type"], payload["function"], payload["type_arguments"]) != ("entry_function_payload", "0x1::aptos_account::transfer", []):
        raise ValueError(f"not an APT transfer: {payload['function']}")
    recipient_text, amount_text = payload["arguments"]
    recipient, amount = AccountAddress.from_str_relaxed(recipient_text), int(amount_text)
    sender = AccountAddress.from_str_relaxed(request["sender"])
    entry = EntryFunction.natural("0x1::aptos_account", "transfer", [],
                                  [TransactionArgument(recipient, Serializer.struct), TransactionArgument(amount, Serializer.u64)])
    raw = RawTransaction(sender, int(request["sequence_number"]), TransactionPayload(entry), int(request["max_gas_amount"]),
                         int(request["gas_unit_price"]), int(request["expiration_timestamp_secs"]), int(spec["chain_id"]))
    signature_json = request["signature"]
    if signature_json["type"] != "ed25519_signature":
        raise ValueError(f"signature type {signature_json['type']}")
    public_key = ed25519.PublicKey(VerifyKey(_hex(signature_json["public_key"], 32)))
    signature = ed25519.Signature(_hex(signature_json["signature"], 64))
    if not public_key.verify(raw.keyed(), signature):
        raise ValueError("the Ed25519 signature does not verify")
    key_address = AccountAddress(hashlib.sha3_256(public_key.key.encode() + b"\x00").digest())
    if sender != key_address:
        raise ValueError(f"sender {sender} is not the signing key's address {key_address}")
    if sender != AccountAddress.from_str_relaxed(spec["sender"]):
        raise ValueError(f"sender {sender} is not {spec['sender']}")
    for name in ("sequence_number", "max_gas_amount", "gas_unit_price"):
        if name in spec and int(request[name]) != int(spec[name]):
            raise ValueError(f"{name} {request[name]}, expected {spec[name]}")
    if recipient != AccountAddress.from_str_relaxed(spec["recipient"]) or amount != int(spec["amount"]):
        raise ValueError(f"recipient/amount {recipient} {amount}, expected {spec['recipient']} {spec['amount']}")
    signed = SignedTransaction(raw, Authenticator(Ed25519Authenticator(public_key, signature)))
    if not signed.verify():
        raise ValueError("the SDK's SignedTransaction does not verify")
    digest = hashlib.sha3_256(hashlib.sha3_256(b"APTOS::Transaction").digest() + b"\x00" + signed.bytes()).hexdigest()
    return {"hash": "0x" + digest, "sender": str(sender), "recipient": str(recipient), "amount": str(amount),
            "sequence_number": request["sequence_number"], "max_gas_amount": request["max_gas_amount"],
            "gas_unit_price": request["gas_unit_price"], "expiration_timestamp_secs": request["expiration_timestamp_secs"],
            "public_key": signature_json["public_key"], "signature": signature_json["signature"]}


def tamper(body: bytes) -> bytes:
    request = json.loads(body)
    signature = bytearray(_hex(request["signature"]["signature"], 64))
    signature[9] ^= 0x01
    request["signature"]["signature"] = "0x" + signature.hex()
    return json.dumps(request).encode()
