"""TON: the `sendBocReturnHash` body {"boc": base64} parsed by pytoniq-core (bag of cells, MessageAny, the v4R2
wallet body), its ed25519 signature checked with pytoniq-core's verify_sign over the signing cell's hash against
`spec["public_key"]`, whose v4R2 wallet (StateInit of pytoniq's WALLET_V4_R2_CODE) must be the message's
destination and `spec["sender"]`. Recipe: tests/signing/ton/test_ton.py. The hash is the external message cell's
representation hash (hex, and base64 as toncenter answers it).

A jetton transfer (the spec names the sender's jetton wallet, "jetton_wallet", and the TON attached to it,
"attached_amount"): the internal message goes, bounceable, to that jetton wallet with that value, and its body is
TEP-74's `transfer` (op 0x0f8a7ea5, read with pytoniq-core's Slice as tests/signing/ton/test_ton.py reads it): the
jetton amount is the spec's "amount", the destination the recipient owner, the response destination the sender's
wallet."""

from __future__ import annotations

import base64
import json

from pytoniq.contract.wallets.wallet import WALLET_V4_R2_CODE
from pytoniq_core import Address, Cell
from pytoniq_core.crypto.signature import verify_sign
from pytoniq_core.tlb import ExternalMsgInfo, InternalMsgInfo, MessageAny, StateInit
from pytoniq_core.tlb.custom.wallet import WalletV4Data

WALLET_ID = 698983191


def _wallet(public_key: bytes) -> Address:
    init = StateInit(code=WALLET_V4_R2_CODE, data=WalletV4Data(seqno=0, wallet_id=WALLET_ID, public_key=public_key).serialize())
    return Address((0, init.serialize().hash))


def verify(body: bytes, spec: dict) -> dict:
    boc = base64.b64decode(json.loads(body)["boc"], validate=True)
    root = Cell.one_from_boc(boc)
    message = MessageAny.deserialize(root.begin_parse())
    if not isinstance(message.info, ExternalMsgInfo):
        raise ValueError("not an external message")
    public_key = bytes.fromhex(spec["public_key"])
    wallet = _wallet(public_key)
    if wallet != Address(spec["sender"]) or message.info.dest != wallet:
        raise ValueError(f"the message goes to {message.info.dest}, the key's wallet is {wallet}, the sender {spec['sender']}")
    s = message.body.begin_parse()
    signature = s.load_bytes(64)
    signing = s.to_cell()
    if not verify_sign(public_key, signing.hash, signature):
        raise ValueError("the signature does not verify against the sender's key")
    p = signing.begin_parse()
    wallet_id, valid_until, seqno, op = p.load_uint(32), p.load_uint(32), p.load_uint(32), p.load_uint(8)
    if wallet_id != WALLET_ID or op != 0 or seqno != int(spec.get("seqno", seqno)):
        raise ValueError(f"wallet id {wallet_id}, op {op}, seqno {seqno}")
    mode = p.load_uint(8)
    inner = MessageAny.deserialize(p.load_ref().begin_parse())
    if p.remaining_refs or not isinstance(inner.info, InternalMsgInfo):
        raise ValueError("not one internal message")
    if "jetton_wallet" in spec:
        recipient, amount, jetton = _jetton(inner, wallet, spec)
    else:
        recipient, amount, jetton = inner.info.dest.to_str(is_bounceable=inner.info.bounce), inner.info.value.grams, {}
        if Address(recipient) != Address(spec["recipient"]) or recipient != spec["recipient"]:
            raise ValueError(f"recipient {recipient}, expected {spec['recipient']}")
    if amount != int(spec["amount"]):
        raise ValueError(f"amount {amount}, expected {spec['amount']}")
    return {"hash": root.hash.hex(), "hash_base64": base64.b64encode(root.hash).decode(), "sender": spec["sender"],
            "recipient": recipient, "amount": str(amount), "seqno": seqno, "valid_until": valid_until, "mode": mode, **jetton}


def _jetton(inner: MessageAny, wallet: Address, spec: dict) -> tuple[str, int, dict]:
    """(recipient owner, jetton amount, what else was read) of a TEP-74 transfer to the sender's jetton wallet."""
    if inner.info.dest != Address(spec["jetton_wallet"]) or inner.info.bounce is not True:
        raise ValueError(f"the message goes to {inner.info.dest} (bounce {inner.info.bounce}), "
                         f"the sender's jetton wallet is {spec['jetton_wallet']}")
    attached = inner.info.value.grams
    if attached != int(spec["attached_amount"]):
        raise ValueError(f"attached {attached} nanotons, expected {spec['attached_amount']}")
    b = inner.body.begin_parse()
    op, query_id, amount = b.load_uint(32), b.load_uint(64), b.load_coins()
    if op != 0x0F8A7EA5:
        raise ValueError(f"op {op:#x}, not a jetton transfer")
    destination, response = b.load_address(), b.load_address()
    if destination != Address(spec["recipient"]):
        raise ValueError(f"jetton destination {destination}, expected {spec['recipient']}")
    if response != wallet:
        raise ValueError(f"response destination {response}, the sender's wallet is {wallet}")
    if b.load_bit():
        raise ValueError("a custom payload")
    forward = b.load_coins()
    return spec["recipient"], amount, {"jetton_wallet": spec["jetton_wallet"], "attached_amount": str(attached),
                                       "forward_amount": str(forward), "query_id": query_id}


def tamper(body: bytes) -> bytes:
    """The signature's first bit flipped (it leads the external message's body)."""
    root = Cell.one_from_boc(base64.b64decode(json.loads(body)["boc"]))
    message = MessageAny.deserialize(root.begin_parse())
    s = message.body.begin_parse()
    signature = bytearray(s.load_bytes(64))
    signature[0] ^= 0x80
    from pytoniq_core import begin_cell
    message.body = begin_cell().store_bytes(bytes(signature)).store_slice(s).end_cell()
    return json.dumps({"boc": base64.b64encode(message.serialize().to_boc()).decode()}).encode()
