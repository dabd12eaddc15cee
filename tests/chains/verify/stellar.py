"""Stellar verifier (stellar-sdk 16.1.1): the `POST /transactions_async` form body's `tx` envelope decoded by
`TransactionEnvelope.from_xdr` for the public network, its one DecoratedSignature checked with the source
account's `Keypair.verify` over `env.hash()` (sha256 of the network id, ENVELOPE_TYPE_TX and the transaction),
the hint the key's last 4 bytes; the hash is `env.hash_hex()`. One native Payment or CreateAccount. The recipe is
tests/signing/stellar/test_stellar.py's."""
from __future__ import annotations

from decimal import Decimal
from urllib.parse import parse_qs, quote

from stellar_sdk import Keypair, Network, StrKey, TransactionEnvelope
from stellar_sdk.operation import CreateAccount, Payment


def _envelope(body: bytes) -> str:
    form = parse_qs(body.decode("ascii"), keep_blank_values=True, strict_parsing=True)
    if list(form) != ["tx"] or len(form["tx"]) != 1:
        raise ValueError("the body is not one tx form field")
    return form["tx"][0]


def verify(body: bytes, spec: dict) -> dict:
    env = TransactionEnvelope.from_xdr(_envelope(body), spec.get("network", Network.PUBLIC_NETWORK_PASSPHRASE))
    tx = env.transaction
    sender = tx.source.account_id
    keypair = Keypair.from_public_key(sender)
    if len(env.signatures) != 1:
        raise ValueError(f"{len(env.signatures)} signatures, expected 1")
    (signature,) = env.signatures
    if signature.signature_hint != StrKey.decode_ed25519_public_key(sender)[-4:]:
        raise ValueError("the signature hint is not the sender key's")
    keypair.verify(env.hash(), signature.signature)   # raises BadSignatureError
    if len(tx.operations) != 1:
        raise ValueError("not one operation")
    (op,) = tx.operations
    if isinstance(op, Payment):
        if not op.asset.is_native():
            raise ValueError("not a native payment")
        recipient, amount = op.destination.account_id, op.amount
    elif isinstance(op, CreateAccount):
        recipient, amount = op.destination, op.starting_balance
    else:
        raise ValueError(f"unexpected operation {type(op).__name__}")
    answer = {"hash": env.hash_hex(), "sender": sender, "recipient": recipient,
              "amount": str(int(Decimal(amount) * 10 ** 7)), "fee": str(tx.fee), "sequence": str(tx.sequence)}
    for key in ("sender", "recipient", "amount"):
        if key in spec and str(spec[key]) != answer[key]:
            raise ValueError(f"{key}: expected {spec[key]}, got {answer[key]}")
    return answer


def tamper(body: bytes) -> bytes:
    env = TransactionEnvelope.from_xdr(_envelope(body), Network.PUBLIC_NETWORK_PASSPHRASE)
    signature = bytearray(env.signatures[0].signature)
    signature[0] ^= 1
    env.signatures[0].signature = bytes(signature)
    return ("tx=" + quote(env.to_xdr(), safe="")).encode()
