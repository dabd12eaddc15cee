"""Cosmos family (SIGN_MODE_DIRECT bank sends): cosmpy 0.12.2 decodes the broadcast body's TxRaw, TxBody and AuthInfo
(its protos), rebuilds the SignDoc from the exact bytes carried with the spec's chain id and account number, and its
secp256k1 PublicKey (ecdsa, sha256) verifies the signature against the key in AuthInfo; the sender is cosmpy's
Address of that key. The hash is the Cosmos SDK's txhash: upper-case hex sha256 of the TxRaw bytes
(cosmos-sdk types/tx: `Tx.Hash`, as `tx_response.txhash` prints it).

spec: {"family": "cosmos", "sender", "recipient", "amount", "chain_id", "account_number", "sequence", "hrp",
       "denom", "fee"}."""

from __future__ import annotations

import base64
import hashlib
import json

from cosmpy.crypto.address import Address
from cosmpy.crypto.keypairs import PublicKey
from cosmpy.protos.cosmos.bank.v1beta1.tx_pb2 import MsgSend
from cosmpy.protos.cosmos.crypto.secp256k1.keys_pb2 import PubKey
from cosmpy.protos.cosmos.tx.signing.v1beta1.signing_pb2 import SignMode
from cosmpy.protos.cosmos.tx.v1beta1.tx_pb2 import AuthInfo, SignDoc, TxBody, TxRaw

N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141


def _raw(body: bytes) -> tuple[dict, bytes]:
    request = json.loads(body)
    if request.get("mode") != "BROADCAST_MODE_SYNC":
        raise ValueError(f"mode {request.get('mode')!r}")
    return request, base64.b64decode(request["tx_bytes"], validate=True)


def verify(body: bytes, spec: dict) -> dict:
    _, raw = _raw(body)
    txr = TxRaw.FromString(raw)
    if txr.SerializeToString() != raw:
        raise ValueError("TxRaw is not canonical")
    auth = AuthInfo.FromString(txr.auth_info_bytes)
    tx_body = TxBody.FromString(txr.body_bytes)
    if len(auth.signer_infos) != 1 or len(txr.signatures) != 1:
        raise ValueError("expected one signer and one signature")
    (info,), (signature,) = auth.signer_infos, txr.signatures
    if info.mode_info.single.mode != SignMode.SIGN_MODE_DIRECT or info.public_key.type_url != "/cosmos.crypto.secp256k1.PubKey":
        raise ValueError("not a SIGN_MODE_DIRECT secp256k1 signer")
    if len(signature) != 64 or int.from_bytes(signature[32:], "big") > N // 2:
        raise ValueError("not a 64-byte low-S signature")
    key = PublicKey(PubKey.FromString(info.public_key.value).key)
    doc = SignDoc(body_bytes=txr.body_bytes, auth_info_bytes=txr.auth_info_bytes, chain_id=spec["chain_id"],
                  account_number=int(spec["account_number"])).SerializeToString()
    if not key.verify(doc, signature):
        raise ValueError("the signature does not verify against the signer's key")
    sender = str(Address(key, prefix=spec.get("hrp", "cosmos")))
    if sender != spec["sender"]:
        raise ValueError(f"sender {sender} is not {spec['sender']}")
    if info.sequence != int(spec["sequence"]):
        raise ValueError(f"sequence {info.sequence}, expected {spec['sequence']}")
    if len(tx_body.messages) != 1 or tx_body.messages[0].type_url != "/cosmos.bank.v1beta1.MsgSend":
        raise ValueError("expected one MsgSend")
    msg = MsgSend.FromString(tx_body.messages[0].value)
    if msg.from_address != sender:
        raise ValueError(f"MsgSend.from_address {msg.from_address} is not the signer {sender}")
    if len(msg.amount) != 1 or msg.amount[0].denom != spec["denom"]:
        raise ValueError(f"amount {list(msg.amount)}")
    fee = [(c.denom, c.amount) for c in auth.fee.amount]
    if "fee" in spec and fee != [(spec["denom"], spec["fee"])]:
        raise ValueError(f"fee {fee}, expected {spec['fee']}{spec['denom']}")
    answer = {"hash": hashlib.sha256(raw).hexdigest().upper(), "sender": sender, "recipient": msg.to_address,
              "amount": msg.amount[0].amount, "fee": fee, "gas_limit": auth.fee.gas_limit, "memo": tx_body.memo}
    if (answer["recipient"], answer["amount"]) != (spec["recipient"], spec["amount"]):
        raise ValueError(f"recipient/amount {answer['recipient']} {answer['amount']}, expected {spec['recipient']} {spec['amount']}")
    return answer


def tamper(body: bytes) -> bytes:
    request, raw = _raw(body)
    txr = TxRaw.FromString(raw)
    signature = bytearray(txr.signatures[0])
    signature[5] ^= 0x01
    txr.signatures[0] = bytes(signature)
    request["tx_bytes"] = base64.b64encode(txr.SerializeToString()).decode()
    return json.dumps(request).encode()
