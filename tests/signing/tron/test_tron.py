"""Tron: the harness signs; tronpy 0.6.2's tron_pb2 decodes the Transaction, the txID is sha256 of the exact
raw_data bytes, tronpy's Signature recovers the signer's key from the txID (its address must be the owner), the
decoded contract equals the input, and the broadcast JSON's raw_data re-serializes (tronpy's
_raw_data_to_protobuf, as java-tron's broadcasttransaction does) to the very bytes that were signed."""
import hashlib
import json

import pytest
from tronpy.abi import trx_abi
from tronpy.keys import PrivateKey, Signature, to_base58check_address, to_raw_address
from tronpy.proto import tron_pb2
from tronpy.proto.transaction import _raw_data_to_protobuf

from conftest import load_vectors, refusal, run_harness, sign

VECTORS = load_vectors("tron")
CT = tron_pb2.Transaction.Contract.ContractType


def verify(inp: dict, out: dict):
    wire = bytes.fromhex(out["raw"])
    tx = tron_pb2.Transaction.FromString(wire)
    assert tx.SerializeToString() == wire
    raw = tx.raw_data.SerializeToString()
    txid = hashlib.sha256(raw).digest()
    assert out["hash"] == txid.hex()
    (sig,) = tx.signature
    assert len(sig) == 65 and sig[64] in (0, 1)
    pub = Signature(sig).recover_public_key_from_msg_hash(txid)
    key = PrivateKey(bytes.fromhex(inp["private_key"]))
    assert pub == key.public_key and pub.verify_msg_hash(txid, Signature(sig))
    owner = pub.to_base58check_address()
    r = tx.raw_data
    block = bytes.fromhex(inp["reference_block_id"])
    assert r.ref_block_bytes == block[6:8] and r.ref_block_hash == block[8:16]
    assert r.timestamp == int(inp["timestamp"]) and r.expiration == int(inp["expiration"])
    assert r.data == inp.get("memo", "").encode()
    (c,) = r.contract
    if "contract" in inp:
        assert c.type == CT.TriggerSmartContract
        assert c.parameter.type_url == "type.googleapis.com/protocol.TriggerSmartContract"
        t = tron_pb2.TriggerSmartContract.FromString(c.parameter.value)
        assert to_base58check_address(t.owner_address) == owner
        assert to_base58check_address(t.contract_address) == inp["contract"]
        assert t.data[:4] == bytes.fromhex("a9059cbb") and t.call_value == 0
        to, amount = trx_abi.decode_single("(address,uint256)", t.data[4:])
        assert to == inp["recipient"] and amount == int(inp["amount"])
        assert r.fee_limit == int(inp["fee_limit"])
    else:
        assert c.type == CT.TransferContract and r.fee_limit == 0
        t = tron_pb2.TransferContract.FromString(c.parameter.value)
        assert to_base58check_address(t.owner_address) == owner
        assert to_base58check_address(t.to_address) == inp["recipient"] and t.amount == int(inp["amount"])
    body = json.loads(out["encoded"])
    assert body["txID"] == txid.hex() and body["raw_data_hex"] == raw.hex() and body["signature"] == [sig.hex()]
    assert body["visible"] is False
    rebuilt = _raw_data_to_protobuf(body["raw_data"])
    if "data" in body["raw_data"]:
        rebuilt.data = bytes.fromhex(body["raw_data"]["data"])
    assert rebuilt.SerializeToString() == raw


@pytest.mark.parametrize("vector", VECTORS["transfers"], ids=lambda v: v["name"])
def test_transfer_vectors(vector):
    out = sign("tron", "sign", vector["input"])
    assert out["raw"] == vector["raw"] and out["hash"] == vector["hash"]
    verify(vector["input"], out)


def test_many_transfers_verify():
    requests = []
    for i in range(12):
        k = PrivateKey(bytes([i + 7]) * 32)
        to = PrivateKey(bytes([i + 100]) * 32).public_key.to_base58check_address()
        inp = {"private_key": k.hex(), "recipient": to, "amount": str(3 ** (i + 3)),
               "reference_block_id": hashlib.sha256(bytes([i])).hexdigest(), "timestamp": str(1_700_000_000_000 + i),
               "expiration": str(1_700_000_060_000 + i * 1000), "fee": str(i), "balance": str(10 ** 20),
               "memo": "m" * i}
        if i % 2:
            inp |= {"contract": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "fee_limit": str(10 ** 7 + i),
                    "token_balance": str(10 ** 30)}
        requests.append({"family": "tron", "op": "sign", "input": inp})
    for req, res in zip(requests, run_harness(requests)):
        assert "ok" in res, res
        verify(req["input"], res["ok"])


@pytest.mark.parametrize("vector", VECTORS["messages"], ids=lambda v: v["name"])
def test_tip191_messages(vector):
    inp = vector["input"]
    out = sign("tron", "sign_message", inp)
    assert out["signature"] == vector["signature"] and out["encoded"] == vector["encoded"]
    sig = bytes.fromhex(out["signature"])
    assert sig[64] in (27, 28)
    s = Signature(sig[:64] + bytes([sig[64] - 27]))
    message = bytes.fromhex(inp["message"])
    key = PrivateKey(bytes.fromhex(inp["private_key"]))
    assert s.recover_public_key_from_msg(message) == key.public_key and key.public_key.verify_msg(message, s)


BASE = VECTORS["transfers"][0]["input"]
TOKEN = VECTORS["transfers"][3]["input"]


@pytest.mark.parametrize("base, change, error", [
    (BASE, {"reference_block_id": None}, 'missingField("reference_block_id")'),
    (BASE, {"timestamp": None}, 'missingField("timestamp")'),
    (BASE, {"expiration": BASE["timestamp"]}, 'invalidField("expiration", reason: "must be after timestamp")'),
    (BASE, {"expiration": str(int(BASE["timestamp"]) + 86_400_001)},
     'invalidField("expiration", reason: "more than 24 hours after timestamp")'),
    (BASE, {"amount": "1000001"}, "insufficientBalance(required: 1000001, available: 1000000)"),
    (BASE, {"recipient": "TJRabPrwbZy45sbavfcjinPJC18kjpRTv9"}, 'invalidAddress("recipient")'),
    (BASE, {"amount": str(2 ** 63), "balance": str(2 ** 64)}, 'amountOutOfRange("amount")'),
    (TOKEN, {"fee_limit": None}, 'missingField("fee_limit")'),
    (TOKEN, {"contract": "0xdAC17F958D2ee523a2206206994597C13D831ec7"}, 'invalidAddress("contract")'),
    (TOKEN, {"amount": "25000001"}, "insufficientBalance(required: 25000001, available: 25000000)"),
])
def test_refusals(base, change, error):
    inp = {k: v for k, v in {**base, **change}.items() if v is not None}
    assert refusal("tron", "sign", inp) == error
