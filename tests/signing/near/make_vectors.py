"""Byte-for-byte NEAR transfer vectors from py-near 1.2.22 (sign_and_serialize_transaction, TransferAction).

Run in the multi environment: .venvs/multi/bin/python tests/signing/near/make_vectors.py
Writes Tests/BlockchainTests/Vectors/signing/near.json: each vector's input (the harness's JSON form) and the
signed borsh SignedTransaction (raw hex, base64 as send_tx takes it) and the base58 sha256 transaction hash.
"""
import base64
import hashlib
import json
from pathlib import Path

import base58
from nacl.signing import SigningKey
from py_near.transactions import sign_and_serialize_transaction
from py_near_primitives import TransferAction

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests/BlockchainTests/Vectors/signing/near.json"

CASES = [
    ("named receiver, 1 NEAR", "01" * 32, "bob.near", 10**24, 1, bytes(range(32))),
    ("implicit receiver", "77" * 32, "e" * 64, 123_456_789, 98_765_432_100, bytes([0xAB] * 32)),
    ("zero deposit", "42" * 32, "alice.testnet", 0, 7, bytes(range(32, 64))),
    ("max u128 deposit, max nonce", "99" * 32, "a-b_c.d.near", 2**128 - 1, 2**64 - 1, bytes([0xFF] * 32)),
    ("ethereum-style implicit receiver", "5a" * 32, "0x" + "ab" * 20, 5 * 10**23, 42, hashlib.sha256(b"block").digest()),
    ("sub-account receiver", "c3" * 32, "usdt.tether-token.near", 1, 2**40, hashlib.sha256(b"other").digest()),
]


def main():
    vectors = []
    for name, seed, receiver, amount, nonce, block_hash in CASES:
        sk = SigningKey(bytes.fromhex(seed))
        pub = bytes(sk.verify_key)
        encoded = sign_and_serialize_transaction(pub.hex(), bytes(sk) + pub, receiver, nonce, [TransferAction(amount)], block_hash)
        wire = base64.b64decode(encoded)
        tx = wire[: len(wire) - 65]
        vectors.append({
            "name": name,
            "input": {"private_key": seed, "receiver": receiver, "amount": str(amount), "nonce": str(nonce),
                      "block_hash": block_hash.hex()},
            "raw": wire.hex(),
            "encoded": encoded,
            "hash": base58.b58encode(hashlib.sha256(tx).digest()).decode(),
        })
    OUT.write_text(json.dumps({"source": "py-near 1.2.22 sign_and_serialize_transaction (tests/signing/near/make_vectors.py)",
                               "vectors": vectors}, indent=1) + "\n")


if __name__ == "__main__":
    main()
