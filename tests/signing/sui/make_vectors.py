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

# Published: Trust Wallet Core, tests/chains/Sui/SignerTests.cpp `Transfer` (10,000 MIST split from the gas coin,
# "Successfully broadcasted https://explorer.sui.io/txblock/HkPo6rYPyDY53x1MBszvSZVZyixVN7CHvCJGX381czAh?network=devnet"):
# the transaction bytes and signature are from that test, the digest is the explorer's. pysui rebuilds the same.
published_input = {"private_key": "3823dce5288ab55dd1c00d97e91933c613417fdb282a0b8b01a7f5f5a533b266",
                   "recipient": "0x259ff8074ab425cbb489f236e18e08f03f1a7856bdf7c7a2877bd64f738b5015", "amount": "10000",
                   "gas_coins": [{"object_id": "0x06f2c2c8c1d8964df1019d6616e9705719bebabd931da2755cb948ceb7e68964",
                                  "version": "748", "digest": base58.b58encode(bytes.fromhex(
                                      "60456ec667f5cd10467680ebf950ed329205175dacd946bb236aeed57c8617cf")).decode(),
                                  "balance": "1000000000"}],
                   "gas_price": "1", "gas_budget": "2000"}
published = ("AAACAAgQJwAAAAAAAAAgJZ/4B0q0Jcu0ifI24Y4I8D8aeFa998eih3vWT3OLUBUCAgABAQAAAQEDAAAAAAEBANV1rX8Y6UhGKlz2mPVk7zlKdSpx"
             "/sYkk6+KBVwBLA1QAQbywsjB2JZN8QGdZhbpcFcZvrq9kx2idVy5SM635olk7AIAAAAAAAAgYEVuxmf1zRBGdoDr+VDtMpIFF12s2Ua7I2ru1XyG"
             "F8/Vda1/GOlIRipc9pj1ZO85SnUqcf7GJJOvigVcASwNUAEAAAAAAAAA0AcAAAAAAAAA")
published_signature = "APxPduNVvHj2CcRcHOtiP2aBR9qP3vO2Cb0g12PI64QofDB6ks33oqe/i/iCTLcop2rBrkczwrayZuJOdi7gvwNqfN7sFqdcD/Z4e8I1YQlGkDMCK7EOgmydRDqfH8C9jg=="
published_digest = "HkPo6rYPyDY53x1MBszvSZVZyixVN7CHvCJGX381czAh"
assert oracle.build(published_input) == (base64.b64decode(published), published_signature, published_digest)
vectors.append({"name": "published: wallet-core Transfer, broadcast on devnet", "input": published_input,
                "tx_bytes": published, "signature": published_signature, "digest": published_digest})

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
