"""Sui (SUI transfers: SplitCoins(GasCoin, [amount]) then TransferObjects to the recipient): pysui 1.5.1 decodes the
BCS TransactionData (`bcs.TransactionData.deserialize`) of the executeTransactionBlock request, and
pysui-fastcrypto (`verify_pubk`, scheme 0: Ed25519) verifies the signature over BLAKE2b-256(intent [0, 0, 0] ‖
TransactionData) with the public key the serialized signature carries (flag 0x00 ‖ signature ‖ public key); the
sender must be that key's address, BLAKE2b-256(0x00 ‖ public key), and the spec's. The hash is the transaction
digest: base58 of BLAKE2b-256("TransactionData::" ‖ TransactionData) (Sui docs, "Transaction Authentication").

spec: {"family": "sui", "sender", "recipient", "amount", "gas_price", "gas_budget"} (the last two optional)."""

from __future__ import annotations

import base64
import hashlib
import json

import base58
import pysui_fastcrypto
from pysui.sui.sui_bcs import bcs


def _b2b(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=32).digest()


def _request(body: bytes) -> dict:
    request = json.loads(body)
    if request.get("method") != "sui_executeTransactionBlock":
        raise ValueError(f"method {request.get('method')!r}")
    return request


def verify(body: bytes, spec: dict) -> dict:
    params = _request(body)["params"]
    data = base64.b64decode(params[0], validate=True)
    if len(params[1]) != 1:
        raise ValueError("expected one signature")
    serialized = base64.b64decode(params[1][0], validate=True)
    if len(serialized) != 97 or serialized[0] != 0:
        raise ValueError("not an Ed25519 serialized signature (flag 0 ‖ 64 ‖ 32)")
    signature, public_key = serialized[1:65], serialized[65:]
    digest = _b2b(bytes([0, 0, 0]) + data)
    if not pysui_fastcrypto.verify_pubk(0, public_key, base64.b64encode(digest).decode(), base64.b64encode(signature).decode()):
        raise ValueError("the signature does not verify")
    transaction = bcs.TransactionData.deserialize(data).value
    sender = transaction.Sender.to_address_str()
    if sender != "0x" + _b2b(b"\x00" + public_key).hex():
        raise ValueError(f"sender {sender} is not the signing key's address")
    if sender != spec["sender"]:
        raise ValueError(f"sender {sender} is not {spec['sender']}")
    if transaction.GasData.Owner.to_address_str() != sender:
        raise ValueError("the gas owner is not the sender")
    for name, value in (("gas_price", transaction.GasData.Price), ("gas_budget", transaction.GasData.Budget)):
        if name in spec and value != int(spec[name]):
            raise ValueError(f"{name} {value}, expected {spec[name]}")
    ptb = transaction.TransactionKind.value
    if [c.index for c in ptb.Command] != [2, 1]:
        raise ValueError("not SplitCoins(GasCoin) then TransferObjects")
    pures = [bytes(a.value) for a in ptb.Inputs if a.index == 0]
    if len(pures) != 2 or len(pures[0]) != 8 or len(pures[1]) != 32:
        raise ValueError("expected the inputs [Pure(u64 amount), Pure(address)]")
    amount, recipient = int.from_bytes(pures[0], "little"), "0x" + pures[1].hex()
    if (recipient, amount) != (spec["recipient"], int(spec["amount"])):
        raise ValueError(f"recipient/amount {recipient} {amount}, expected {spec['recipient']} {spec['amount']}")
    return {"hash": base58.b58encode(_b2b(b"TransactionData::" + data)).decode(), "sender": sender, "recipient": recipient,
            "amount": str(amount), "gas_price": str(transaction.GasData.Price), "gas_budget": str(transaction.GasData.Budget)}


def tamper(body: bytes) -> bytes:
    request = _request(body)
    serialized = bytearray(base64.b64decode(request["params"][1][0]))
    serialized[10] ^= 0x01
    request["params"][1][0] = base64.b64encode(bytes(serialized)).decode()
    return json.dumps(request).encode()
