"""Cardano Shelley verifier (pycardano 0.19.2 with cbor2 5.9.0): the cardano-graphql `SubmitTransaction` body's
`variables.transaction` (the signed transaction's CBOR, hex) decoded by pycardano's `Transaction.from_cbor`; the body
hash is blake2b-256 of the exact body bytes on the wire (split off with cbor2's decoder) and must be pycardano's
`Transaction.id`; each vkey witness's ed25519 signature over it is checked with PyNaCl (pycardano's own ed25519:
BIP32-Ed25519 extended keys still make plain ed25519 signatures), and a witness key must hash (blake2b-224, pycardano's
`VerificationKey.hash()`) to the payment credential of `spec["sender"]`. The recipe is /work/shared/reference/oracles.md
"Cardano Shelley" (as tests/signing/cardano/). One ADA output to `spec["recipient"]` of `spec["amount"]` lovelace; any
other output must go back to the sender; no native tokens. The hash is the transaction id (hex), as the ledger and
cardano-graphql's `submitTransaction.hash` name it."""
from __future__ import annotations

import hashlib
import io
import json

import cbor2
from nacl.signing import VerifyKey
from pycardano import Address, Transaction


def _wire(body: bytes) -> bytes:
    request = json.loads(body)
    if request.get("operationName") != "SubmitTransaction":
        raise ValueError("not a SubmitTransaction")
    return bytes.fromhex(request["variables"]["transaction"])


def _split(wire: bytes) -> tuple[bytes, object, bytes]:
    """The body's exact bytes, the witness set (decoded) and the rest (is_valid, auxiliary data) as bytes."""
    if not wire or wire[0] != 0x84:
        raise ValueError("not a 4-element transaction array [body, witness set, is_valid, auxiliary data]")
    stream = io.BytesIO(wire[1:])
    decoder = cbor2.CBORDecoder(stream)
    decoder.decode()
    body_end = stream.tell()
    decoder.decode()
    witness_end = stream.tell()
    return wire[1:1 + body_end], cbor2.loads(wire[1 + body_end:1 + witness_end]), wire[1 + witness_end:]


def _coin(amount) -> int:
    if isinstance(amount, int):
        return amount
    if amount.multi_asset:
        raise ValueError("an output carries native tokens")
    return amount.coin


def verify(body: bytes, spec: dict) -> dict:
    wire = _wire(body)
    body_bytes, _, _ = _split(wire)
    tx = Transaction.from_cbor(wire)
    txid = hashlib.blake2b(body_bytes, digest_size=32).digest()
    if tx.id.payload != txid:
        raise ValueError("pycardano's transaction id is not blake2b-256 of the body bytes sent")
    if not tx.valid:
        raise ValueError("is_valid is false")
    witnesses = list(tx.transaction_witness_set.vkey_witnesses or [])
    if not witnesses:
        raise ValueError("no vkey witness")
    for witness in witnesses:
        VerifyKey(witness.vkey.payload).verify(txid, witness.signature)  # raises BadSignatureError
    sender = Address.from_primitive(spec["sender"])
    if not any(witness.vkey.hash() == sender.payment_part for witness in witnesses):
        raise ValueError("no witness key hashes to the sender's payment credential")
    transaction = tx.transaction_body
    recipient = Address.from_primitive(spec["recipient"])
    paid = [o for o in transaction.outputs if o.address == recipient]
    others = [o for o in transaction.outputs if o.address != recipient]
    if len(paid) != 1:
        raise ValueError(f"{len(paid)} outputs to the recipient")
    if any(o.address != sender for o in others):
        raise ValueError("an output goes neither to the recipient nor back to the sender")
    for output in transaction.outputs:
        _coin(output.amount)
    answer = {"hash": tx.id.payload.hex(), "sender": str(sender), "recipient": str(paid[0].address),
              "amount": str(_coin(paid[0].amount)), "fee": str(transaction.fee), "ttl": transaction.ttl,
              "inputs": [f"{i.transaction_id.payload.hex()}#{i.index}" for i in transaction.inputs],
              "change": str(sum(_coin(o.amount) for o in others))}
    for key in ("sender", "recipient", "amount"):
        if key in spec and str(spec[key]) != answer[key]:
            raise ValueError(f"{key}: expected {spec[key]}, got {answer[key]}")
    if "inputs" in spec and sorted(spec["inputs"]) != sorted(answer["inputs"]):
        raise ValueError(f"inputs: expected {spec['inputs']}, got {answer['inputs']}")
    return answer


def tamper(body: bytes) -> bytes:
    request = json.loads(body)
    body_bytes, witnesses, rest = _split(_wire(body))
    signature = bytearray(witnesses[0][0][1])
    signature[0] ^= 1
    witnesses[0][0][1] = bytes(signature)
    request["variables"]["transaction"] = (b"\x84" + body_bytes + cbor2.dumps(witnesses) + rest).hex()
    return json.dumps(request).encode()
