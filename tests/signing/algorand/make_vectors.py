"""Byte-for-byte Algorand vectors from py-algorand-sdk 2.12.0 (PaymentTxn, AssetTransferTxn, Transaction.sign).

Run in the multi environment: .venvs/multi/bin/python tests/signing/algorand/make_vectors.py
Writes Tests/BlockchainTests/Vectors/signing/algorand.json: each vector's input (the harness's JSON form), the
signed transaction msgpack (raw hex; encoded = hex as the signer gives it) and the transaction id.
"""
import base64
import json
import warnings
from pathlib import Path

from algosdk import account, encoding
from algosdk.transaction import AssetTransferTxn, PaymentTxn, SuggestedParams
from nacl.signing import SigningKey

warnings.simplefilter("ignore", DeprecationWarning)  # Transaction.sign is deprecated in 2.12.0, still correct
ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests/BlockchainTests/Vectors/signing/algorand.json"
MAINNET_HASH = "wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8="
TESTNET_HASH = "SGO1GKSzyE7IEPItTxCByw9x8FmnrCDexi9/cOUJOiI="


def address(seed: bytes) -> str:
    return encoding.encode_address(bytes(SigningKey(seed).verify_key))


# name, seed, receiver seed, asset id (None: ALGO), amount, fee, first, last, genesis id, genesis hash, note
CASES = [
    ("pay 1 ALGO with note", b"\xaa" * 32, b"\x01" * 32, None, 10**6, 1000, 40_000_000, 40_001_000, "mainnet-v1.0", MAINNET_HASH, b"hi"),
    ("pay zero amount, no note", b"\x02" * 32, b"\x03" * 32, None, 0, 1000, 1, 1001, "mainnet-v1.0", MAINNET_HASH, b""),
    ("pay max u64, long note", b"\x04" * 32, b"\x05" * 32, None, 2**64 - 1, 2**32 + 7, 2**40, 2**40 + 10, "testnet-v1.0", TESTNET_HASH, bytes(range(256)) * 4),
    ("axfer USDC", b"\x06" * 32, b"\x07" * 32, 31566704, 5_000_000, 1000, 45_000_000, 45_001_000, "mainnet-v1.0", MAINNET_HASH, b""),
    ("axfer small amount with note", b"\x08" * 32, b"\x09" * 32, 1, 5, 2000, 100, 200, "mainnet-v1.0", MAINNET_HASH, "memo €".encode()),
    ("axfer zero amount (opt-in shape to another account)", b"\x0a" * 32, b"\x0b" * 32, 2**63, 0, 1000, 300, 1300, "mainnet-v1.0", MAINNET_HASH, b"x" * 40),
]


def main():
    vectors = []
    for name, seed, to_seed, asset, amount, fee, first, last, gen, gh, note in CASES:
        s = SigningKey(seed)
        sk = base64.b64encode(bytes(s) + bytes(s.verify_key)).decode()
        sender = account.address_from_private_key(sk)
        to = address(to_seed)
        sp = SuggestedParams(fee=fee, first=first, last=last, flat_fee=True, gh=gh, gen=gen)
        if asset is None:
            txn = PaymentTxn(sender, sp, to, amount, note=note or None)
        else:
            txn = AssetTransferTxn(sender, sp, to, amount, index=asset, note=note or None)
        stx = txn.sign(sk)
        wire = base64.b64decode(encoding.msgpack_encode(stx))
        value = {"private_key": seed.hex(), "receiver": to, "amount": str(amount), "fee": str(fee),
                 "first_valid": str(first), "last_valid": str(last), "genesis_id": gen,
                 "genesis_hash": base64.b64decode(gh).hex()}
        if asset is not None:
            value["asset_id"] = str(asset)
        if note:
            value["note"] = note.hex()
        vectors.append({"name": name, "input": value, "raw": wire.hex(), "encoded": wire.hex(),
                        "base64": base64.b64encode(wire).decode(), "hash": stx.get_txid()})
    OUT.write_text(json.dumps({"source": "py-algorand-sdk 2.12.0 PaymentTxn/AssetTransferTxn.sign "
                                         "(tests/signing/algorand/make_vectors.py)", "vectors": vectors}, indent=1) + "\n")


if __name__ == "__main__":
    main()
