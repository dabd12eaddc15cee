"""Aptos: the core signs; aptos-sdk 0.11.0 builds the same SignedTransaction byte for byte, decodes and verifies
it, and PyNaCl verifies the signature over SHA3-256("APTOS::RawTransaction") ‖ RawTransaction."""
import hashlib
import os

from aptos_sdk.account_address import AccountAddress
from aptos_sdk.authenticator import Ed25519Authenticator
from aptos_sdk.bcs import Deserializer, Serializer
from aptos_sdk.transactions import SignedTransaction
from conftest import refusal, run_harness, sign
from nacl.signing import VerifyKey

import aptos_oracle as oracle

BASE = {"private_key": "55" * 32, "recipient": "0x" + "0b" * 32, "amount": "12345", "balance": "10000000",
        "sequence_number": "3", "max_gas_amount": "2000", "gas_unit_price": "100",
        "expiration_timestamp_secs": "1900000000", "chain_id": 1}
USDC_FA = "0xbae207659db88bea0cbead6da0ed00aac12edcdda169e591cd41c94180b46f3b"


def check(inp):
    out = sign("aptos", "sign", inp)
    wire = bytes.fromhex(out["raw"])
    expected, txh = oracle.build(inp)
    assert wire == expected and out["encoded"] == wire.hex() and out["hash"] == txh
    st = SignedTransaction.deserialize(Deserializer(wire))
    assert st.verify()
    a = st.authenticator.authenticator
    assert isinstance(a, Ed25519Authenticator)
    ser = Serializer()
    st.transaction.serialize(ser)
    raw_bcs = ser.output()
    VerifyKey(a.public_key.key.encode()).verify(hashlib.sha3_256(b"APTOS::RawTransaction").digest() + raw_bcs, a.signature.data())
    raw = st.transaction
    assert hashlib.sha3_256(a.public_key.key.encode() + b"\x00").digest() == raw.sender.address
    assert raw.sequence_number == int(inp["sequence_number"]) and raw.chain_id == int(inp["chain_id"])
    assert raw.max_gas_amount == int(inp["max_gas_amount"]) and raw.gas_unit_price == int(inp["gas_unit_price"])
    assert raw.expiration_timestamps_secs == int(inp["expiration_timestamp_secs"])
    ef = raw.payload.value
    args = ef.args
    assert AccountAddress(args[-2]) == AccountAddress.from_str_relaxed(inp["recipient"])
    assert int.from_bytes(args[-1], "little") == int(inp["amount"])
    return ef


def test_apt_transfer():
    ef = check(BASE)
    assert (str(ef.module), ef.function, ef.ty_args) == ("0x1::aptos_account", "transfer", [])


def test_apt_transfer_short_recipient_testnet():
    check({**BASE, "recipient": "0x1", "chain_id": 2, "sequence_number": "0"})


def test_coin_transfer():
    ef = check({**BASE, "coin_type": "0xf22bede237a07e121b56d91a491eb7bcdfd1f5907926a9e58338f964a01b17fa::asset::USDC",
                "token_balance": "12345"})
    assert ef.function == "transfer_coins" and str(ef.ty_args[0]).endswith("::asset::USDC")


def test_fungible_asset_transfer():
    ef = check({**BASE, "metadata": USDC_FA, "token_balance": "99999"})
    assert (str(ef.module), ef.function) == ("0x1::primary_fungible_store", "transfer")
    assert AccountAddress(ef.args[0]) == AccountAddress.from_str_relaxed(USDC_FA)


def test_random_inputs():
    inputs = []
    for i in range(20):
        inp = {**BASE, "private_key": os.urandom(32).hex(), "recipient": "0x" + os.urandom(32).hex(),
               "amount": str(1 + int.from_bytes(os.urandom(7), "little")), "balance": str(2**63),
               "sequence_number": str(int.from_bytes(os.urandom(8), "little")), "chain_id": 1 + i % 200,
               "expiration_timestamp_secs": str(int.from_bytes(os.urandom(5), "little") + 1)}
        if i % 3 == 1:
            inp.update(coin_type="0x" + os.urandom(32).hex() + "::coin_" + str(i) + "::T", token_balance=inp["amount"])
        if i % 3 == 2:
            inp.update(metadata="0x" + os.urandom(32).hex(), token_balance=inp["amount"])
        inputs.append(inp)
    for inp, result in zip(inputs, run_harness([{"family": "aptos", "op": "sign", "input": x} for x in inputs])):
        wire, txh = oracle.build(inp)
        assert bytes.fromhex(result["ok"]["raw"]) == wire and result["ok"]["hash"] == txh


def test_refusals():
    assert refusal("aptos", "sign", {**BASE, "balance": "212344"}) == "insufficientBalance(required: 212345, available: 212344)"
    assert refusal("aptos", "sign", {**BASE, "recipient": "0xzz"}) == 'invalidAddress("recipient")'
    assert refusal("aptos", "sign", {**BASE, "coin_type": "0x1::coin::Coin<0x1::aptos_coin::AptosCoin>", "token_balance": "1"}) \
        == 'unsupported("coin_type with type arguments")'
