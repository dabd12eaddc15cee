"""Tron (TRX TransferContract): the broadcasttransaction body is java-tron's JSON transaction. tronpy 0.6.2 rebuilds
the raw data from the body's `raw_data` JSON (`_raw_data_to_protobuf`, as java-tron's broadcasttransaction
reads it), which must be the very bytes of `raw_data_hex`; the txID is sha256 of those bytes (java-tron
`Transaction.getRawData` hash; tronpy's `Transaction.txid`), and must be the body's `txID`; tronpy's `Signature`
recovers the signing key from the txID and verifies the signature with it; the owner of the decoded
TransferContract (tron_pb2) must be that key's address and the spec's sender.

spec: {"family": "tron", "sender", "recipient", "amount"}."""

from __future__ import annotations

import hashlib
import json

from tronpy.keys import Signature, to_base58check_address
from tronpy.proto import tron_pb2
from tronpy.proto.transaction import _raw_data_to_protobuf

CONTRACT = tron_pb2.Transaction.Contract.ContractType


def verify(body: bytes, spec: dict) -> dict:
    transaction = json.loads(body)
    raw = bytes.fromhex(transaction["raw_data_hex"])
    rebuilt = _raw_data_to_protobuf(transaction["raw_data"])
    if "data" in transaction["raw_data"]:
        rebuilt.data = bytes.fromhex(transaction["raw_data"]["data"])
    if rebuilt.SerializeToString() != raw:
        raise ValueError("raw_data does not serialize to raw_data_hex")
    txid = hashlib.sha256(raw).digest()
    if transaction["txID"] != txid.hex():
        raise ValueError(f"txID {transaction['txID']} is not sha256(raw_data) {txid.hex()}")
    if len(transaction["signature"]) != 1:
        raise ValueError("expected one signature")
    signature = Signature(bytes.fromhex(transaction["signature"][0]))
    public_key = signature.recover_public_key_from_msg_hash(txid)
    if not public_key.verify_msg_hash(txid, signature):
        raise ValueError("the signature does not verify")
    signer = public_key.to_base58check_address()
    data = tron_pb2.Transaction.raw.FromString(raw)
    if len(data.contract) != 1 or data.contract[0].type != CONTRACT.TransferContract:
        raise ValueError("not one TransferContract")
    contract = tron_pb2.TransferContract.FromString(data.contract[0].parameter.value)
    owner = to_base58check_address(contract.owner_address)
    if owner != signer:
        raise ValueError(f"owner {owner} is not the signer {signer}")
    if owner != spec["sender"]:
        raise ValueError(f"owner {owner} is not {spec['sender']}")
    recipient = to_base58check_address(contract.to_address)
    if (recipient, contract.amount) != (spec["recipient"], int(spec["amount"])):
        raise ValueError(f"recipient/amount {recipient} {contract.amount}, expected {spec['recipient']} {spec['amount']}")
    return {"hash": txid.hex(), "sender": owner, "recipient": recipient, "amount": str(contract.amount),
            "expiration": data.expiration, "timestamp": data.timestamp}


def tamper(body: bytes) -> bytes:
    transaction = json.loads(body)
    signature = bytearray(bytes.fromhex(transaction["signature"][0]))
    signature[7] ^= 0x01
    transaction["signature"][0] = signature.hex()
    return json.dumps(transaction).encode()
