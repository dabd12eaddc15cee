"""Algorand pay/axfer signed by the core, decoded by py-algorand-sdk 2.12.0 (and msgpack) and verified with PyNaCl
over "TX" || the exact txn bytes; the byte-for-byte vectors come from py-algorand-sdk (make_vectors.py)."""
import base64
import hashlib
import io

import msgpack
import pytest
from algosdk import encoding
from algosdk.transaction import SignedTransaction
from nacl.signing import SigningKey, VerifyKey

from conftest import load_vectors, refusal, sign

VECTORS = load_vectors("algorand")["vectors"]
RECEIVER = "VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJA"
GH = base64.b64decode("wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=").hex()


def base_input(**changes):
    value = {"private_key": "21" * 32, "receiver": RECEIVER, "amount": "1000000", "fee": "1000",
             "first_valid": "50000000", "genesis_id": "mainnet-v1.0", "genesis_hash": GH}
    value.update(changes)
    return {k: v for k, v in value.items() if v is not None}


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_vectors_byte_for_byte(vector):
    out = sign("algorand", "transfer", vector["input"])
    assert (out["raw"], out["encoded"], out["base64"], out["hash"]) == \
        (vector["raw"], vector["encoded"], vector["base64"], vector["hash"])


@pytest.mark.parametrize("asset, note", [(None, None), (None, "6869"), ("31566704", None), ("31566704", "00ff")])
def test_decodes_and_verifies(asset, note):
    value = base_input(asset_id=asset, note=note)
    out = sign("algorand", "transfer", value)
    wire = bytes.fromhex(out["raw"])
    assert base64.b64encode(wire).decode() == out["base64"]
    u = msgpack.Unpacker(io.BytesIO(wire), raw=False)
    fields = {}
    for _ in range(u.read_map_header()):
        key = u.unpack(); start = u.tell(); val = u.unpack(); fields[key] = (val, wire[start:u.tell()])
    txn, txn_bytes = fields["txn"]
    pub = bytes(SigningKey(bytes.fromhex(value["private_key"])).verify_key)
    VerifyKey(pub).verify(b"TX" + txn_bytes, fields["sig"][0])
    stx = encoding.msgpack_decode(out["base64"])
    assert isinstance(stx, SignedTransaction)
    assert encoding.msgpack_encode(stx) == out["base64"]          # the SDK re-encodes the same canonical bytes
    t = stx.transaction
    assert t.sender == encoding.encode_address(pub) and stx.get_txid() == out["hash"]
    assert out["hash"] == base64.b32encode(hashlib.new("sha512_256", b"TX" + txn_bytes).digest()).decode().rstrip("=")
    assert (t.fee, t.first_valid_round, t.last_valid_round, t.genesis_id) == (1000, 50_000_000, 50_001_000, "mainnet-v1.0")
    assert t.genesis_hash == base64.b64encode(bytes.fromhex(GH)).decode()
    assert t.note == (bytes.fromhex(note) if note else None)
    if asset is None:
        assert (t.type, t.receiver, t.amt) == ("pay", RECEIVER, 1_000_000)
    else:
        assert (t.type, t.receiver, t.amount, t.index) == ("axfer", RECEIVER, 1_000_000, 31566704)


@pytest.mark.parametrize("changes, error", [
    ({"receiver": RECEIVER[:-1] + "B"}, 'invalidAddress("receiver")'),
    ({"receiver": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}, 'invalidAddress("receiver")'),
    ({"receiver": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ"}, 'invalidAddress("receiver")'),
    ({"amount": str(2**64)}, 'amountOutOfRange("amount")'),
    ({"fee": None}, 'missingField("fee")'),
    ({"fee": "999"}, 'invalidField("fee", reason: "below the minimum fee of 1000 microAlgos")'),
    ({"first_valid": None}, 'missingField("first_valid")'),
    ({"last_valid": "50001001"}, 'invalidField("last_valid", reason: "must be within 1000 rounds from first_valid")'),
    ({"last_valid": "49999999"}, 'invalidField("last_valid", reason: "must be within 1000 rounds from first_valid")'),
    ({"genesis_id": None}, 'missingField("genesis_id")'),
    ({"genesis_hash": None}, 'missingField("genesis_hash")'),
    ({"genesis_hash": "00" * 31}, 'invalidField("genesis_hash", reason: "must be 32 bytes")'),
    ({"note": "00" * 1025}, "memoTooLong(maxBytes: 1024)"),
    ({"asset_id": "0"}, 'invalidField("asset_id", reason: "must be above 0")'),
    ({"balance": "1000999"}, "insufficientBalance(required: 1001000, available: 1000999)"),
    ({"asset_id": "5", "balance": "999"}, "insufficientBalance(required: 1000, available: 999)"),
    ({"asset_id": "5", "asset_balance": "999999"}, "insufficientBalance(required: 1000000, available: 999999)"),
])
def test_refusals(changes, error):
    assert refusal("algorand", "transfer", base_input(**changes)) == error
