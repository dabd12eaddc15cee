"""Writes Tests/BlockchainTests/Vectors/signing/solana.json: signer inputs and the signed bytes solders 0.29.0
builds and signs for them (solana_oracle.build), and signMessage signatures from PyNaCl 1.6.2.

Run: .venvs/solana/bin/python tests/signing/solana/make_vectors.py
"""
import base64
import base58
import json
import sys
from pathlib import Path

from nacl.signing import SigningKey
from solders.keypair import Keypair
from solders.transaction import VersionedTransaction

sys.path.insert(0, str(Path(__file__).parent))
import solana_oracle as oracle  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
BLOCKHASH = "4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM"
USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
PYUSD = "2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo"  # a Token-2022 mint
seed = lambda b: bytes([b] * 32).hex()
wallet = lambda b: str(Keypair.from_seed(bytes([b] * 32)).pubkey())

inputs = [
    ("sol legacy", {"private_key": seed(1), "recipient": wallet(2), "amount": "1000000", "balance": "5000000000",
                    "recent_blockhash": BLOCKHASH, "version": "legacy"}),
    ("sol v0 compute budget memo", {"private_key": seed(3), "recipient": wallet(4), "amount": "123456789",
                                     "balance": "5000000000", "recent_blockhash": BLOCKHASH, "compute_unit_limit": 200000,
                                     "compute_unit_price": "50000", "memo": "gem wallet", "version": "v0"}),
    ("spl create ata v0", {"private_key": seed(5), "recipient": wallet(6), "amount": "2500000", "balance": "100000000",
                           "recent_blockhash": BLOCKHASH, "compute_unit_limit": 100000, "compute_unit_price": "1000",
                           "token": {"mint": USDC, "program": "token", "decimals": 6, "token_balance": "9000000",
                                     "create_recipient_account": True, "account_creation_lamports": "2039280"}}),
    ("spl existing legacy", {"private_key": seed(7), "recipient": wallet(8), "amount": "1", "balance": "100000000",
                             "recent_blockhash": BLOCKHASH, "version": "legacy",
                             "token": {"mint": USDC, "program": "token", "decimals": 6, "token_balance": "1"}}),
    ("token-2022 create ata memo", {"private_key": seed(9), "recipient": wallet(10), "amount": "777", "balance": "100000000",
                                    "recent_blockhash": BLOCKHASH, "memo": "ref 9",
                                    "token": {"mint": PYUSD, "program": "token2022", "decimals": 6, "token_balance": "1000",
                                              "create_recipient_account": True, "account_creation_lamports": "2074080"}}),
    ("token-2022 explicit accounts v0", {"private_key": seed(11), "recipient": wallet(12), "amount": "10", "balance": "100000000",
                                         "recent_blockhash": BLOCKHASH, "compute_unit_limit": 30000,
                                         "token": {"mint": PYUSD, "program": "token2022", "decimals": 6, "token_balance": "10",
                                                   "sender_token_account": wallet(13), "recipient_token_account": wallet(14)}}),
]

vectors = []
for name, inp in inputs:
    raw = oracle.build(inp)
    tx = VersionedTransaction.from_bytes(raw)
    vectors.append({"name": name, "input": inp, "raw": raw.hex(), "encoded": base64.b64encode(raw).decode(),
                    "hash": str(tx.signatures[0])})

# Published: Trust Wallet Core, tests/chains/Solana/TWAnySignerTests.cpp `SignTransfer` (legacy) and `SignV0Transfer`
# ("Successfully broadcasted: https://explorer.solana.com/tx/4ffBzXxLPYEEdCYpQGETkCTCCsH6iTdmKzwUZXZZgFemdhRpxQwboguFFoKCeGF3SsZPzuwwE7LbRwLgJbsyRqyP?cluster=testnet"):
# their expected base58 wire bytes; solders rebuilds the same bytes.
published = [
    ("published: wallet-core SignTransfer (legacy)",
     {"private_key": base58.b58decode("A7psj2GW7ZMdY4E5hJq14KMeYg7HFjULSsWSrTXZLvYr").hex(),
      "recipient": "EN2sCsJ1WDV8UFqsiTXHcUPUxQ4juE71eCknHYYMifkd", "amount": "42", "balance": "1000000000",
      "recent_blockhash": "11111111111111111111111111111111", "version": "legacy"},
     "3p2kzZ1DvquqC6LApPuxpTg5CCDVPqJFokGSnGhnBHrta4uq7S2EyehV1XNUVXp51D69GxGzQZUjikfDzbWBG2aFtG3gHT1QfLzyFKHM4HQtMQMNXq"
     "ay1NAeiiYZjNhx9UvMX4uAQZ4Q6rx6m2AYfQ7aoMUrejq298q1wBFdtS9XVB5QTiStnzC7zs97FUEK2T4XapjF1519EyFBViTfHpGpnf5bfizDzsW9kY"
     "UtRDW1UC2LgHr7npgq5W9TBmHf9hSmRgM9XXucjXLqubNWE7HUMhbKjuBqkirRM", None),
    ("published: wallet-core SignV0Transfer, broadcast on testnet",
     {"private_key": "833a053c59e78138a3ed090459bc6743cca6a9cbc2809a7bf5dbc7939b8775c8",
      "recipient": "6pEfiZjMycJY4VA2FtAbKgYvRwzXDpxY58Xp4b7FQCz9", "amount": "5000", "balance": "1000000000",
      "recent_blockhash": "HxKwWFTHixCu8aw35J1uxAX6yUhLHkFCdJJdK4y98Gyj", "version": "v0"},
     "6NijVxwQoDjqt6A41HXCK9kXwNDp48uLgvRyE8uz6NY5dEzaEDLzjzuMnc5TGatHZZUXehKrzUGzbg9jPSdn6pVsMc9TXNH6JGe5RJLmHwWey3MC1p"
     "8Hs2zhjw5P439P57NToatraDX9ZwvBtK4EzZzRjWbyGdicheTPjeYKCzvPCLxDkTFtPCM9VZGGXSN2Bne92NLDvf6ntNm5pxsPkZGxPe4w9Eq26gkE83"
     "hZyrYXKaiDh8TbqbHatSkw", "4ffBzXxLPYEEdCYpQGETkCTCCsH6iTdmKzwUZXZZgFemdhRpxQwboguFFoKCeGF3SsZPzuwwE7LbRwLgJbsyRqyP"),
]
for name, inp, encoded58, explorer in published:
    raw = base58.b58decode(encoded58)
    assert oracle.build(inp) == raw, name
    signature = str(VersionedTransaction.from_bytes(raw).signatures[0])
    assert explorer is None or signature == explorer
    vectors.append({"name": name, "input": inp, "raw": raw.hex(), "encoded": base64.b64encode(raw).decode(), "hash": signature})

messages = []
for b, text in [(1, b"Hello, Solana"), (3, "Sign in to example.org\nNonce: 8f2c".encode()), (5, bytes(range(256)))]:
    signature = SigningKey(bytes([b] * 32)).sign(text).signature

    messages.append({"private_key": seed(b), "message": text.hex(), "signature": signature.hex(),
                     "encoded": base58.b58encode(signature).decode()})

out = ROOT / "Tests/BlockchainTests/Vectors/signing/solana.json"
out.parent.mkdir(parents=True, exist_ok=True)
out.write_text(json.dumps({"source": "tests/signing/solana/make_vectors.py: solders 0.29.0 (Message / MessageV0 "
                                     "compile and Keypair signing), PyNaCl 1.6.2 for signMessage",
                           "transactions": vectors, "messages": messages}, indent=1) + "\n")
print(f"wrote {len(vectors)} transactions, {len(messages)} messages to {out}")
