"""NEAR transfers signed by the core, decoded by borsh-construct 0.1.0 and verified with PyNaCl; the byte-for-byte
vectors come from py-near 1.2.22 (make_vectors.py)."""
import base64
import hashlib

import base58
import pytest
from borsh_construct import CStruct, Enum, String, U8, U64, U128, Vec, Bytes
from construct import Bytes as Fixed
from nacl.signing import SigningKey, VerifyKey

from conftest import load_vectors, refusal, sign

Action = Enum("CreateAccount", "DeployContract" / CStruct("code" / Bytes),
              "FunctionCall" / CStruct("method_name" / String, "args" / Bytes, "gas" / U64, "deposit" / U128),
              "Transfer" / CStruct("deposit" / U128), enum_name="Action")
Tx = CStruct("signer_id" / String, "public_key" / CStruct("key_type" / U8, "data" / Fixed(32)), "nonce" / U64,
             "receiver_id" / String, "block_hash" / Fixed(32), "actions" / Vec(Action))
Signed = CStruct("transaction" / Tx, "signature" / CStruct("key_type" / U8, "data" / Fixed(64)))

VECTORS = load_vectors("near")["vectors"]


def base_input(**changes):
    value = {"private_key": "11" * 32, "receiver": "bob.near", "amount": "2500000000000000000000000", "nonce": "17",
             "block_hash": hashlib.sha256(b"b").hexdigest()}
    value.update(changes)
    return value


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_vectors_byte_for_byte(vector):
    out = sign("near", "transfer", vector["input"])
    assert (out["raw"], out["encoded"], out["hash"]) == (vector["raw"], vector["encoded"], vector["hash"])


@pytest.mark.parametrize("receiver", ["bob.near", "f" * 64, "0x" + "12" * 20, "a.b-c_d.near"])
def test_decodes_and_verifies(receiver):
    value = base_input(receiver=receiver)
    out = sign("near", "transfer", value)
    wire = base64.b64decode(out["encoded"])
    assert wire.hex() == out["raw"]
    st = Signed.parse(wire)
    tx_bytes = Tx.build(st.transaction)
    assert wire == tx_bytes + b"\x00" + st.signature.data
    digest = hashlib.sha256(tx_bytes).digest()
    pub = bytes(SigningKey(bytes.fromhex(value["private_key"])).verify_key)
    VerifyKey(pub).verify(digest, st.signature.data)
    t = st.transaction
    assert t.signer_id == pub.hex() and t.public_key.key_type == 0 and t.public_key.data == pub
    assert t.receiver_id == receiver and t.nonce == 17 and t.block_hash.hex() == value["block_hash"]
    assert len(t.actions) == 1 and t.actions[0].deposit == int(value["amount"])
    assert out["hash"] == base58.b58encode(digest).decode()


@pytest.mark.parametrize("changes, error", [
    ({"receiver": "Bob.near"}, 'invalidAddress("receiver")'),
    ({"receiver": "a"}, 'invalidAddress("receiver")'),
    ({"nonce": None}, 'missingField("nonce")'),
    ({"nonce": "0"}, 'invalidField("nonce", reason: "must be the access key nonce + 1, above 0")'),
    ({"block_hash": None}, 'missingField("block_hash")'),
    ({"block_hash": "00" * 31}, 'invalidField("block_hash", reason: "must be 32 bytes")'),
    ({"amount": str(2**128)}, 'amountOutOfRange("amount")'),
    ({"balance": "2499999999999999999999999"},
     "insufficientBalance(required: 2500000000000000000000000, available: 2499999999999999999999999)"),
])
def test_refusals(changes, error):
    assert refusal("near", "transfer", base_input(**changes)) == error
