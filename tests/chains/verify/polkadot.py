"""Polkadot Asset Hub: the Sidecar `POST /transaction` body {"tx": 0x-hex} decoded with scalecodec (the signed v4
envelope by hand, as no metadata is available offline; recipe: tests/signing/polkadot/test_polkadot.py), the
ed25519 signature checked with substrate-interface's Keypair over the payload rebuilt from the decoded fields and
the spec's block material (spec_version, transaction_version, block_hash, Asset Hub's genesis). The sender is
the SS58 (prefix 0) of the signer; the hash is substrate-interface's blake2_256 of the extrinsic."""

from __future__ import annotations

import json

from scalecodec.base import RuntimeConfiguration, ScaleBytes
from scalecodec.type_registry import load_type_registry_preset
from substrateinterface import Keypair, KeypairType
from substrateinterface.utils.hasher import blake2_256
from substrateinterface.utils.ss58 import ss58_decode, ss58_encode

ASSET_HUB_GENESIS = bytes.fromhex("68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f")

_rc = RuntimeConfiguration()
_rc.update_type_registry(load_type_registry_preset("core"))


def _decode(type_string, buf, i):
    obj = _rc.create_scale_object(type_string, ScaleBytes(bytes(buf[i:])))
    value = obj.decode(check_remaining=False)
    return value, i + obj.data.offset


def _extrinsic(body: bytes) -> bytes:
    tx = json.loads(body)["tx"]
    if not tx.startswith("0x"):
        raise ValueError("tx is not 0x-hex")
    return bytes.fromhex(tx[2:])


def verify(body: bytes, spec: dict) -> dict:
    xt = _extrinsic(body)
    length, i = _decode("Compact<u32>", xt, 0)
    if length != len(xt) - i or xt[i] != 0x84 or xt[i + 1] != 0x00 or xt[i + 34] != 0x00:
        raise ValueError("not a signed v4 extrinsic with an Id signer and an Ed25519 signature")
    signer, signature = xt[i + 2:i + 34], xt[i + 35:i + 99]
    i += 99
    extra_start = i
    _, i = _decode("Era", xt, i)
    nonce, i = _decode("Compact<u32>", xt, i)
    tip, i = _decode("Compact<u128>", xt, i)
    if xt[i:i + 2] != b"\x00\x00":
        raise ValueError("ChargeAssetTxPayment asset id and CheckMetadataHash mode are not None, Disabled")
    i += 2
    extra, call = xt[extra_start:i], xt[i:]
    if call[:3] != bytes([10, 3, 0]):
        raise ValueError(f"not Balances(10).transfer_keep_alive(3) to an Id: {call[:3].hex()}")
    dest, j = _decode("MultiAddress", call, 2)
    value, j = _decode("Compact<u128>", call, j)
    if j != len(call):
        raise ValueError("bytes after the call")
    payload = call + extra + int(spec["spec_version"]).to_bytes(4, "little") \
        + int(spec["transaction_version"]).to_bytes(4, "little") + ASSET_HUB_GENESIS \
        + bytes.fromhex(spec["block_hash"].removeprefix("0x")) + b"\x00"
    if len(payload) > 256:
        payload = blake2_256(payload)
    if not Keypair(public_key=signer, ss58_format=0, crypto_type=KeypairType.ED25519).verify(payload, signature):
        raise ValueError("the signature does not verify against the signer")
    sender = ss58_encode(signer, 0)
    recipient = ss58_encode(bytes.fromhex(dest.removeprefix("0x")), 0)
    if sender != spec["sender"]:
        raise ValueError(f"sender {sender}, expected {spec['sender']}")
    if recipient != spec["recipient"] or dest != "0x" + ss58_decode(spec["recipient"], 0):
        raise ValueError(f"recipient {recipient}, expected {spec['recipient']}")
    if value != int(spec["amount"]):
        raise ValueError(f"value {value}, expected {spec['amount']}")
    if "nonce" in spec and nonce != int(spec["nonce"]):
        raise ValueError(f"nonce {nonce}, expected {spec['nonce']}")
    return {"hash": "0x" + blake2_256(xt).hex(), "sender": sender, "recipient": recipient, "amount": str(value),
            "nonce": nonce, "tip": str(tip)}


def tamper(body: bytes) -> bytes:
    """The signature's first bit flipped (it follows the compact length, 0x84, 0x00, the signer and 0x00)."""
    xt = bytearray(_extrinsic(body))
    _, i = _decode("Compact<u32>", xt, 0)
    xt[i + 35] ^= 0x80
    return json.dumps({"tx": "0x" + xt.hex()}).encode()
