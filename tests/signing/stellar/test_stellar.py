"""Stellar payments signed by the core, decoded by stellar-sdk 16.1.1 and verified with PyNaCl over the network-bound
transaction hash; the byte-for-byte vectors come from stellar-sdk's TransactionBuilder (make_vectors.py)."""
import base64
import hashlib
from decimal import Decimal

import pytest
from nacl.signing import VerifyKey
from stellar_sdk import Keypair, MuxedAccount, Network, StrKey, TransactionEnvelope
from stellar_sdk.memo import IdMemo, NoneMemo, TextMemo
from stellar_sdk.operation import CreateAccount, Payment

from conftest import load_vectors, refusal, sign

VECTORS = load_vectors("stellar")["vectors"]
DEST = Keypair.from_raw_ed25519_seed(bytes([0x99] * 32)).public_key
USDC_ISSUER = "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN"


def base_input(**changes):
    value = {"private_key": "31" * 32, "destination": DEST, "amount": "25000000", "fee": "100",
             "account_sequence": "1000", "destination_exists": True, "valid_until": "1900000000"}
    value.update(changes)
    return {k: v for k, v in value.items() if v is not None}


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_vectors_byte_for_byte(vector):
    out = sign("stellar", "transfer", vector["input"])
    assert (out["raw"], out["encoded"], out["hash"]) == (vector["raw"], vector["encoded"], vector["hash"])


@pytest.mark.parametrize("changes, op_type, memo", [
    ({}, Payment, NoneMemo()),
    ({"asset_code": "USDC", "asset_issuer": USDC_ISSUER, "memo_text": "deposit 42"}, Payment, TextMemo("deposit 42")),
    ({"asset_code": "yUSDC12", "asset_issuer": USDC_ISSUER, "memo_id": "123456"}, Payment, IdMemo(123456)),
    ({"destination_exists": False, "memo_id": "9"}, CreateAccount, IdMemo(9)),
])
def test_decodes_and_verifies(changes, op_type, memo):
    value = base_input(**changes)
    out = sign("stellar", "transfer", value)
    assert base64.b64decode(out["encoded"]).hex() == out["raw"]
    env = TransactionEnvelope.from_xdr(out["encoded"], Network.PUBLIC_NETWORK_PASSPHRASE)
    tx = env.transaction
    base = hashlib.sha256(Network.PUBLIC_NETWORK_PASSPHRASE.encode()).digest() + (2).to_bytes(4, "big") \
        + tx.to_xdr_object().to_xdr_bytes()
    assert env.hash() == hashlib.sha256(base).digest() and env.hash_hex() == out["hash"]
    sender = Keypair.from_raw_ed25519_seed(bytes.fromhex(value["private_key"]))
    assert tx.source.account_id == sender.public_key
    raw_pub = StrKey.decode_ed25519_public_key(sender.public_key)
    (signature,) = env.signatures
    assert signature.signature_hint == raw_pub[-4:]
    VerifyKey(raw_pub).verify(env.hash(), signature.signature)
    assert tx.sequence == 1001 and tx.fee == 100 and tx.memo == memo
    assert (tx.preconditions.time_bounds.min_time, tx.preconditions.time_bounds.max_time) == (0, 1_900_000_000)
    (op,) = tx.operations
    assert isinstance(op, op_type) and op.source is None
    if op_type is Payment:
        assert op.destination.account_id == DEST and Decimal(op.amount) == Decimal("2.5")
        if "asset_code" in value:
            assert (op.asset.code, op.asset.issuer) == (value["asset_code"], USDC_ISSUER)
        else:
            assert op.asset.is_native()
    else:
        assert op.destination == DEST and Decimal(op.starting_balance) == Decimal("2.5")


@pytest.mark.parametrize("changes, error", [
    ({"destination": DEST[:-1] + ("A" if DEST[-1] != "A" else "B")}, 'invalidAddress("destination")'),
    ({"destination": "S" + DEST[1:]}, 'invalidAddress("destination")'),
    ({"destination": MuxedAccount(DEST, 5).account_muxed}, 'invalidAddress("destination")'),
    ({"amount": "0"}, 'invalidField("amount", reason: "must be above 0")'),
    ({"amount": str(2**63)}, 'amountOutOfRange("amount")'),
    ({"fee": None}, 'missingField("fee")'),
    ({"fee": "99"}, 'invalidField("fee", reason: "below the minimum fee of 100 stroops")'),
    ({"account_sequence": None}, 'missingField("account_sequence")'),
    ({"account_sequence": "-1"}, 'invalidField("account_sequence", reason: "must be from 0 to 2^63 - 2")'),
    ({"account_sequence": str(2**63 - 1)}, 'invalidField("account_sequence", reason: "must be from 0 to 2^63 - 2")'),
    ({"destination_exists": None}, 'missingField("destination_exists")'),
    ({"valid_until": None}, 'missingField("valid_until")'),
    ({"valid_after": "1900000001"}, 'invalidField("valid_until", reason: "must not be before valid_after")'),
    ({"memo_text": "x" * 29}, "memoTooLong(maxBytes: 28)"),
    ({"memo_text": "€" * 10}, "memoTooLong(maxBytes: 28)"),
    ({"asset_code": "", "asset_issuer": USDC_ISSUER}, 'invalidField("asset_code", reason: "must be 1 to 12 letters or digits")'),
    ({"asset_code": "TOOLONGASSET1", "asset_issuer": USDC_ISSUER}, 'invalidField("asset_code", reason: "must be 1 to 12 letters or digits")'),
    ({"asset_code": "US-D", "asset_issuer": USDC_ISSUER}, 'invalidField("asset_code", reason: "must be 1 to 12 letters or digits")'),
    ({"asset_code": "USDC", "asset_issuer": "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVM"}, 'invalidAddress("asset_issuer")'),
    ({"asset_code": "USDC", "asset_issuer": USDC_ISSUER, "destination_exists": False},
     'invalidField("destination", reason: "the account does not exist and only XLM can create it")'),
    ({"destination_exists": False, "amount": "9999999"}, 'invalidField("amount", reason: "below the 1 XLM a new account needs")'),
    ({"balance": "25000099"}, "insufficientBalance(required: 25000100, available: 25000099)"),
    ({"asset_code": "USDC", "asset_issuer": USDC_ISSUER, "balance": "99"}, "insufficientBalance(required: 100, available: 99)"),
])
def test_refusals(changes, error):
    assert refusal("stellar", "transfer", base_input(**changes)) == error
