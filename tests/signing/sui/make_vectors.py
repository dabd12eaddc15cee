"""Writes Tests/BlockchainTests/Vectors/signing/sui.json: signer inputs with the TransactionData bytes pysui 1.5.1
builds for them (bcs types), the serialized signature pysui-fastcrypto makes, the BLAKE2b digest, and personal
message signatures from pysui's sign_personal_message.

Run: .venvs/multi/bin/python tests/signing/sui/make_vectors.py
"""
import base64
import json
import sys
from pathlib import Path

import base58

sys.path.insert(0, str(Path(__file__).parent))
import sui_oracle as oracle  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]


def coin(i, balance, version=10):
    return {"object_id": "0x" + bytes([i] * 32).hex(), "version": str(version + i),
            "digest": base58.b58encode(bytes([i + 100] * 32)).decode(), "balance": str(balance)}


key = lambda b: bytes([b] * 32).hex()
inputs = [
    ("sui one gas coin", {"private_key": key(1), "recipient": "0x" + "ab" * 32, "amount": "1000000000",
                          "gas_coins": [coin(1, 5 * 10**9)], "gas_price": "750", "gas_budget": "2000000"}),
    ("sui three gas coins", {"private_key": key(2), "recipient": "0x" + "0c" * 32, "amount": "42",
                             "gas_coins": [coin(1, 10**6), coin(2, 10**6), coin(3, 10**9, version=123456789)],
                             "gas_price": "1000", "gas_budget": "3000000"}),
    ("coin single split", {"private_key": key(3), "recipient": "0x" + "d1" * 32, "amount": "2500000",
                           "coins": [coin(20, 10**7)], "gas_coins": [coin(1, 10**9)], "gas_price": "750", "gas_budget": "2500000"}),
    ("coin merge split", {"private_key": key(4), "recipient": "0x" + "e2" * 32, "amount": "15",
                          "coins": [coin(20, 10), coin(21, 10), coin(22, 10)], "gas_coins": [coin(1, 10**9)],
                          "gas_price": "800", "gas_budget": "4000000"}),
    ("coin merge whole", {"private_key": key(5), "recipient": "0x" + "f3" * 32, "amount": "30",
                          "coins": [coin(20, 10), coin(21, 20)], "gas_coins": [coin(1, 10**9), coin(2, 10**9)],
                          "gas_price": "800", "gas_budget": "4000000"}),
    ("coin single whole", {"private_key": key(6), "recipient": "0x" + "04" * 32, "amount": "99",
                           "coins": [coin(30, 99)], "gas_coins": [coin(1, 10**9)], "gas_price": "750", "gas_budget": "1000000"}),
]

vectors = []
for name, inp in inputs:
    data, signature, digest = oracle.build(inp)
    vectors.append({"name": name, "input": inp, "tx_bytes": base64.b64encode(data).decode(), "signature": signature,
                    "digest": digest})

messages = []
# No 0x00 byte in these: pysui 1.5.1's PureInput.pure drops zero bytes from a list of u8 (keeping the length),
# so it signs something else for them; test_sui.py checks such a message with PyNaCl alone. 199 bytes take a
# two-byte ULEB128 length.
for b, text in [(1, b"Hello, Sui"), (2, "Sign in to example.org\nNonce: 77".encode()), (3, bytes(range(1, 200)))]:
    kp = oracle.keypair({"private_key": key(b)})
    messages.append({"private_key": key(b), "message": text.hex(),
                     "encoded": kp.sign_personal_message(base64.b64encode(text).decode())})

out = ROOT / "Tests/BlockchainTests/Vectors/signing/sui.json"
out.write_text(json.dumps({"source": "tests/signing/sui/make_vectors.py: pysui 1.5.1 (bcs.TransactionData, "
                                     "SuiKeyPair.new_sign_secure and sign_personal_message)",
                           "transactions": vectors, "messages": messages}, indent=1) + "\n")
print(f"wrote {len(vectors)} transactions, {len(messages)} messages to {out}")
