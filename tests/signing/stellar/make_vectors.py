"""Byte-for-byte Stellar vectors from stellar-sdk 16.1.1 (TransactionBuilder, payment and create-account ops,
text/id memos, time bounds; TransactionEnvelope.sign).

Run in the multi environment: .venvs/multi/bin/python tests/signing/stellar/make_vectors.py
Writes Tests/BlockchainTests/Vectors/signing/stellar.json: each vector's input (the harness's JSON form), the
envelope XDR (raw hex, base64 as Horizon takes it) and the hex transaction hash.
"""
import base64
import json
from decimal import Decimal
from pathlib import Path

from stellar_sdk import Account, Asset, Keypair, Network, TransactionBuilder

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests/BlockchainTests/Vectors/signing/stellar.json"
USDC_ISSUER = "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN"


def key(byte: int) -> Keypair:
    return Keypair.from_raw_ed25519_seed(bytes([byte] * 32))


# name, seed byte, destination seed byte, asset (None: XLM; (code, issuer)), stroops, fee, account sequence,
# destination exists, memo (None | ("text", s) | ("id", n)), valid after, valid until, passphrase
CASES = [
    ("XLM payment with text memo", 0x88, 0x99, None, 125_000_000, 100, 1234, True, ("text", "hi"), 0, 1_900_000_000, Network.PUBLIC_NETWORK_PASSPHRASE),
    ("USDC payment with id memo", 0x01, 0x02, ("USDC", USDC_ISSUER), 30_000_000, 1000, 2**40, True, ("id", 2**64 - 1), 1_700_000_000, 1_700_000_300, Network.PUBLIC_NETWORK_PASSPHRASE),
    ("create account, no memo, no upper time bound", 0x03, 0x04, None, 10_000_000, 100, 0, False, None, 0, 0, Network.PUBLIC_NETWORK_PASSPHRASE),
    ("alphanum12 asset, 28-byte memo", 0x05, 0x06, ("LONGASSET123", USDC_ISSUER), 2**63 - 1, 2**32 - 1, 2**63 - 2, True, ("text", "x" * 28), 5, 6, Network.PUBLIC_NETWORK_PASSPHRASE),
    ("one-letter asset code, one stroop", 0x07, 0x08, ("A", key(0x09).public_key), 1, 200, 99, True, ("text", "é€😀"), 0, 1_800_000_000, Network.PUBLIC_NETWORK_PASSPHRASE),
    ("testnet create account with id memo", 0x0a, 0x0b, None, 123_456_789_012, 100, 7, False, ("id", 0), 0, 1_900_000_000, Network.TESTNET_NETWORK_PASSPHRASE),
    ("five-character asset code", 0x0c, 0x0d, ("ABCDE", USDC_ISSUER), 50, 100, 42, True, None, 0, 1_900_000_000, Network.PUBLIC_NETWORK_PASSPHRASE),
]


def units(stroops: int) -> str:
    return str(Decimal(stroops) / Decimal(10**7))


def main():
    vectors = []
    for name, seed, to, asset, amount, fee, seq, exists, memo, after, until, passphrase in CASES:
        kp = key(seed)
        dest = key(to).public_key
        builder = TransactionBuilder(Account(kp.public_key, seq), passphrase, base_fee=fee)
        if exists:
            builder.append_payment_op(dest, Asset.native() if asset is None else Asset(*asset), units(amount))
        else:
            builder.append_create_account_op(dest, units(amount))
        if memo and memo[0] == "text":
            builder.add_text_memo(memo[1])
        elif memo:
            builder.add_id_memo(memo[1])
        builder.add_time_bounds(after, until)
        te = builder.build()
        te.sign(kp)
        value = {"private_key": bytes([seed] * 32).hex(), "destination": dest, "amount": str(amount), "fee": str(fee),
                 "account_sequence": str(seq), "destination_exists": exists, "valid_after": str(after),
                 "valid_until": str(until)}
        if asset is not None:
            value["asset_code"], value["asset_issuer"] = asset
        if memo and memo[0] == "text":
            value["memo_text"] = memo[1]
        elif memo:
            value["memo_id"] = str(memo[1])
        if passphrase != Network.PUBLIC_NETWORK_PASSPHRASE:
            value["network_passphrase"] = passphrase
        xdr = te.to_xdr()
        vectors.append({"name": name, "input": value, "raw": base64.b64decode(xdr).hex(), "encoded": xdr,
                        "hash": te.hash_hex()})
    OUT.write_text(json.dumps({"source": "stellar-sdk 16.1.1 TransactionBuilder + TransactionEnvelope.sign "
                                         "(tests/signing/stellar/make_vectors.py)", "vectors": vectors},
                              indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
