"""Sui: the core signs; pysui 1.5.1 builds the same TransactionData byte for byte and decodes it, PyNaCl verifies
the signature over BLAKE2b-256(intent ‖ bytes), and the digest is BLAKE2b-256("TransactionData::" ‖ bytes)."""
import base64
import json
import os

import base58
from conftest import refusal, run_harness, sign
from nacl.signing import SigningKey, VerifyKey
from pysui.sui.sui_bcs import bcs

import sui_oracle as oracle

KEY = bytes([0x66] * 32).hex()
RECIPIENT = "0x" + "ab" * 32


def coin(i, balance, version=10):
    return {"object_id": "0x" + bytes([i] * 32).hex(), "version": str(version + i),
            "digest": base58.b58encode(bytes([i + 100] * 32)).decode(), "balance": str(balance)}


def check(inp):
    out = sign("sui", "sign", inp)
    data = bytes.fromhex(out["raw"])
    expected, pysui_signature, digest = oracle.build(inp)
    assert data == expected                                          # pysui's build, byte for byte
    body = json.loads(out["encoded"])                                # executeTransactionBlock(tx_bytes, signatures)
    assert base64.b64decode(body["tx_bytes"]) == data
    (sig_b64,) = body["signatures"]
    assert sig_b64 == pysui_signature                                # pysui-fastcrypto's signature, same bytes
    ser = base64.b64decode(sig_b64)
    flag, signature, pk = ser[0], ser[1:65], ser[65:]
    assert flag == 0 and len(pk) == 32
    VerifyKey(pk).verify(oracle.b2b(bytes([0, 0, 0]) + data), signature)
    assert out["hash"] == digest
    v1 = bcs.TransactionData.deserialize(data).value
    assert v1.Sender.to_address_str() == oracle.sender(inp) == "0x" + oracle.b2b(b"\x00" + pk).hex()
    assert v1.GasData.Price == int(inp["gas_price"]) and v1.GasData.Budget == int(inp["gas_budget"])
    assert [r.ObjectID.to_address_str() for r in v1.GasData.Payment] == [c["object_id"] for c in inp["gas_coins"]]
    ptb = v1.TransactionKind.value
    pures = [bytes(a.value) for a in ptb.Inputs if a.index == 0]
    assert pures[-1] == bytes.fromhex(inp["recipient"][2:])
    return ptb, pures


def test_sui_transfer():
    inp = {"private_key": KEY, "recipient": RECIPIENT, "amount": "1000000", "gas_coins": [coin(1, 10**9), coin(2, 5)],
           "gas_price": "750", "gas_budget": "5000000"}
    ptb, pures = check(inp)
    assert int.from_bytes(pures[0], "little") == 1_000_000
    assert [c.index for c in ptb.Command] == [2, 1]                  # SplitCoins(GasCoin), TransferObjects


def test_coin_transfer_merges_and_splits():
    inp = {"private_key": KEY, "recipient": RECIPIENT, "amount": "150", "coins": [coin(5, 100), coin(6, 100), coin(7, 1)],
           "gas_coins": [coin(1, 10**9)], "gas_price": "1000", "gas_budget": "3000000"}
    ptb, pures = check(inp)
    assert int.from_bytes(pures[0], "little") == 150
    assert [c.index for c in ptb.Command] == [3, 2, 1]               # MergeCoins, SplitCoins, TransferObjects


def test_coin_transfer_single_coin_and_whole_balance():
    check({"private_key": KEY, "recipient": RECIPIENT, "amount": "7", "coins": [coin(5, 100)],
           "gas_coins": [coin(1, 10**9)], "gas_price": "1000", "gas_budget": "3000000"})
    ptb, _ = check({"private_key": KEY, "recipient": RECIPIENT, "amount": "201", "coins": [coin(5, 100), coin(6, 101)],
                    "gas_coins": [coin(1, 10**9)], "gas_price": "1000", "gas_budget": "3000000"})
    assert [c.index for c in ptb.Command] == [3, 1]                  # all of it: merge, transfer the coin


def test_random_inputs():
    requests, inputs = [], []
    for i in range(20):
        inp = {"private_key": os.urandom(32).hex(), "recipient": "0x" + os.urandom(32).hex(), "amount": str(1 + i),
               "gas_coins": [coin(1 + j, 10**12, version=int.from_bytes(os.urandom(6), "little")) for j in range(1 + i % 3)],
               "gas_price": str(700 + i), "gas_budget": str(2_000_000 + i)}
        if i % 2:
            inp["coins"] = [coin(50 + j, 10 + j) for j in range(1 + i % 4)]
        inputs.append(inp)
        requests.append({"family": "sui", "op": "sign", "input": inp})
    for inp, result in zip(inputs, run_harness(requests)):
        data, signature, digest = oracle.build(inp)
        assert bytes.fromhex(result["ok"]["raw"]) == data and result["ok"]["hash"] == digest
        assert json.loads(result["ok"]["encoded"])["signatures"] == [signature]


def test_personal_message():
    message = b"Hello from Sui \xe2\x9c\x93"
    out = sign("sui", "sign_personal_message", {"private_key": KEY, "message": message.hex()})
    ser = base64.b64decode(out["encoded"])
    assert ser[0] == 0 and ser[1:65] == bytes.fromhex(out["signature"])
    pk = ser[65:]
    assert pk == bytes(SigningKey(bytes.fromhex(KEY)).verify_key)
    # intent PersonalMessage (3, 0, 0) over the BCS vector<u8>: ULEB128 length, then the bytes
    VerifyKey(pk).verify(oracle.b2b(bytes([3, 0, 0]) + bytes([len(message)]) + message), ser[1:65])
    kp = oracle.keypair({"private_key": KEY})
    assert kp.sign_personal_message(base64.b64encode(message).decode()) == out["encoded"]


def test_personal_message_with_zero_bytes_and_long_length():
    # PyNaCl only: pysui 1.5.1 drops 0x00 bytes when it BCS-encodes the message (see make_vectors.py).
    message = bytes(range(256)) * 2
    out = sign("sui", "sign_personal_message", {"private_key": KEY, "message": message.hex()})
    ser = base64.b64decode(out["encoded"])
    VerifyKey(ser[65:]).verify(oracle.b2b(bytes([3, 0, 0]) + bytes([0x80, 0x04]) + message), ser[1:65])


def test_refusals():
    inp = {"private_key": KEY, "recipient": RECIPIENT, "amount": "1000000", "gas_coins": [coin(1, 5_000_000)],
           "gas_price": "750", "gas_budget": "4500000"}
    assert refusal("sui", "sign", inp) == "insufficientBalance(required: 5500000, available: 5000000)"
    assert refusal("sui", "sign", {**inp, "recipient": "0xab"}) == 'invalidAddress("recipient")'
    assert refusal("sui", "sign", {**inp, "gas_coins": []}) == 'missingField("gas_coins")'
