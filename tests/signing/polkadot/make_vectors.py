"""Writes Tests/BlockchainTests/Vectors/signing/polkadot.json: Polkadot Asset Hub balances.transfer_keep_alive
extrinsics (v4, ed25519) built independently of the core with scalecodec 1.2.12 (every SCALE piece: Compact,
Era, MultiAddress, u32, H256, Option) and signed with substrate-interface 1.8.1's Keypair (ed25519, PyNaCl).

Run in the multi environment: .venvs/multi/bin/python tests/signing/polkadot/make_vectors.py

No runtime metadata is available offline (substrate-interface bundles none), so the envelope follows Asset Hub
Polkadot's own definition (polkadot-fellows/runtimes asset-hub-polkadot/src/lib.rs: Balances = pallet 10,
TxExtension order; polkadot-sdk pallet_balances: transfer_keep_alive = call 3), written out below.
"""
import hashlib
import json
from pathlib import Path

from scalecodec.base import RuntimeConfiguration
from scalecodec.type_registry import load_type_registry_preset
from substrateinterface import Keypair, KeypairType

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests/BlockchainTests/Vectors/signing/polkadot.json"
ASSET_HUB_GENESIS = "0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f"
BALANCES, TRANSFER_KEEP_ALIVE = 10, 3

rc = RuntimeConfiguration()
rc.update_type_registry(load_type_registry_preset("core"))


def enc(type_string, value) -> bytes:
    return bytes(rc.create_scale_object(type_string).encode(value).data)


def extrinsic(case: dict) -> tuple[bytes, bytes]:
    """(signed extrinsic, signed payload) for one vector input."""
    pair = Keypair.create_from_seed(case["private_key"], ss58_format=0, crypto_type=KeypairType.ED25519)
    assert pair.ss58_address == case["sender"]
    dest = Keypair(ss58_address=case["recipient"], ss58_format=0).public_key
    call = bytes([BALANCES, TRANSFER_KEEP_ALIVE]) + enc("MultiAddress", {"Id": "0x" + dest.hex()}) \
        + enc("Compact<Balance>", int(case["value"]))
    extra = enc("Era", {"period": case["era_period"], "current": case["block_number"]}) \
        + enc("Compact<Index>", case["nonce"]) + enc("Compact<Balance>", int(case.get("tip", "0"))) \
        + enc("Option<u32>", None) + enc("u8", 0)           # ChargeAssetTxPayment asset id None; CheckMetadataHash mode 0
    additional = enc("u32", case["spec_version"]) + enc("u32", case["transaction_version"]) \
        + enc("H256", case["genesis_hash"]) + enc("H256", case["block_hash"]) + enc("Option<H256>", None)
    payload = call + extra + additional
    if len(payload) > 256:
        payload = hashlib.blake2b(payload, digest_size=32).digest()
    signature = pair.sign(payload)
    assert pair.verify(payload, signature)
    body = b"\x84" + enc("MultiAddress", {"Id": "0x" + pair.public_key.hex()}) + b"\x00" + signature + extra + call
    return enc("Compact<u32>", len(body)) + body, payload


def account(seed: str) -> str:
    return Keypair.create_from_seed(seed, ss58_format=0, crypto_type=KeypairType.ED25519).ss58_address


SEEDS = ["0x" + bytes([i] * 32).hex() for i in (1, 2, 3)] + [
    "0xf4c1daf4543e155b0e5e97351726d8891eae98014ed3f9a9ee1d842753c070ff",  # Gem core's test key
]
BLOCK = "0x6e3ffeaa3be9d19bd110e5b6e7cbbc92cceed0d2ec557276c296bf7970ace2e5"


def case(name, seed, recipient_seed, value, nonce, block_number, era_period, tip="0", spec=2_000_002, txv=15,
         block_hash=BLOCK):
    return {
        "name": name,
        "input": {
            "private_key": seed,
            "sender": account(seed),
            "recipient": account(recipient_seed),
            "value": str(value),
            "balance": str(2**129),
            "fee": "15000000",
            "tip": str(tip),
            "nonce": nonce,
            "block_number": block_number,
            "block_hash": block_hash,
            "era_period": era_period,
            "genesis_hash": ASSET_HUB_GENESIS,
            "spec_version": spec,
            "transaction_version": txv,
        },
    }


CASES = [
    # Gem core's mobile vector, re-signed over Asset Hub's genesis with transfer_keep_alive.
    case("gem-vector-on-asset-hub", SEEDS[3], SEEDS[3], 10_000, 0, 24_666_537, 64, spec=1_003_004, txv=26),
    case("one-byte-compacts", SEEDS[0], SEEDS[1], 63, 63, 1_000, 64),
    case("two-byte-compacts", SEEDS[1], SEEDS[2], 16_383, 64, 9_876_543, 128, tip="64"),
    case("four-byte-compacts", SEEDS[2], SEEDS[0], 10**10, 16_384, 12_345_678, 4, tip="16384"),
    case("big-integer-compacts", SEEDS[0], SEEDS[2], 2**128 - 1, 2**30, 4_294_967_295, 65_536, tip=str(2**64)),
    case("period-rounded-up", SEEDS[1], SEEDS[0], 123_456_789_012, 7, 8_000_001, 100, block_hash="0x" + "ab" * 32),
    case("quantized-phase", SEEDS[2], SEEDS[1], 5 * 10**9, 2**32 - 1, 10_000_123, 8192),
]


def main():
    vectors = []
    for c in CASES:
        raw, payload = extrinsic(c["input"])
        vectors.append({**c, "expected": {
            "raw": raw.hex(),
            "hash": "0x" + hashlib.blake2b(raw, digest_size=32).hexdigest(),
            "signed_payload": payload.hex(),
        }})
    OUT.write_text(json.dumps({
        "source": "tests/signing/polkadot/make_vectors.py: scalecodec 1.2.12 encoders and substrate-interface 1.8.1 "
                  "Keypair (ed25519); Asset Hub Polkadot call index and extension order from polkadot-fellows/runtimes",
        "vectors": vectors,
    }, indent=1) + "\n")
    print(f"wrote {len(vectors)} vectors to {OUT}")


if __name__ == "__main__":
    main()
