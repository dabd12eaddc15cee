"""Writes Tests/BlockchainTests/Vectors/signing/aptos.json: signer inputs with the SignedTransaction BCS that
aptos-sdk 0.11.0 builds and signs for them, and the transaction hash
SHA3-256(SHA3-256("APTOS::Transaction") ‖ 0x00 ‖ signed).

Run: .venvs/multi/bin/python tests/signing/aptos/make_vectors.py
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import aptos_oracle as oracle  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
BASE = {"balance": "100000000", "max_gas_amount": "2000", "gas_unit_price": "100",
        "expiration_timestamp_secs": "1900000000", "chain_id": 1}
inputs = [
    ("apt mainnet", {**BASE, "private_key": "01" * 32, "recipient": "0x" + "0b" * 32, "amount": "100000000",
                     "balance": "100200000", "sequence_number": "0"}),
    ("apt short recipient testnet", {**BASE, "private_key": "02" * 32, "recipient": "0xa550c18", "amount": "1",
                                     "sequence_number": "18446744073709551615", "chain_id": 2}),
    ("coin usdc", {**BASE, "private_key": "03" * 32, "recipient": "0x" + "c3" * 32, "amount": "2500000", "sequence_number": "42",
                   "coin_type": "0xf22bede237a07e121b56d91a491eb7bcdfd1f5907926a9e58338f964a01b17fa::asset::USDC",
                   "token_balance": "2500000", "max_gas_amount": "5000", "gas_unit_price": "150"}),
    ("coin aptos coin", {**BASE, "private_key": "04" * 32, "recipient": "0x" + "d4" * 32, "amount": "777", "sequence_number": "7",
                         "coin_type": "0x1::aptos_coin::AptosCoin", "token_balance": "1000"}),
    ("fungible asset usdc", {**BASE, "private_key": "05" * 32, "recipient": "0x" + "e5" * 32, "amount": "1000000",
                             "sequence_number": "9", "metadata": "0xbae207659db88bea0cbead6da0ed00aac12edcdda169e591cd41c94180b46f3b",
                             "token_balance": "5000000", "expiration_timestamp_secs": "1767225600"}),
    ("fungible asset short metadata", {**BASE, "private_key": "06" * 32, "recipient": "0x" + "f6" * 32, "amount": "5",
                                       "sequence_number": "1", "metadata": "0xa", "token_balance": "5", "chain_id": 2}),
]

vectors = []
for name, inp in inputs:
    wire, txh = oracle.build(inp)
    vectors.append({"name": name, "input": inp, "signed": wire.hex(), "hash": txh})

out = ROOT / "Tests/BlockchainTests/Vectors/signing/aptos.json"
out.write_text(json.dumps({"source": "tests/signing/aptos/make_vectors.py: aptos-sdk 0.11.0 (RawTransaction, "
                                     "EntryFunction, SignedTransaction, ed25519.PrivateKey)", "transactions": vectors}, indent=1) + "\n")
print(f"wrote {len(vectors)} transactions to {out}")
