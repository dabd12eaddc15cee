"""TON v4R2 transfers signed by the core, parsed by pytoniq-core 0.2.1 (BoC, cells, MessageAny, StateInit) and
verified with its ed25519 check over the signing cell's hash; the wallet address is re-derived from the
StateInit with pytoniq's WALLET_V4_R2_CODE. Byte-for-byte vectors come from pytoniq (make_vectors.py)."""
import base64
import hashlib

import pytest
from nacl.signing import SigningKey, VerifyKey
from pytoniq.contract.wallets.wallet import WALLET_V4_R2_CODE
from pytoniq_core import Address, Cell
from pytoniq_core.crypto.signature import verify_sign
from pytoniq_core.tlb import ExternalMsgInfo, InternalMsgInfo, MessageAny, StateInit
from pytoniq_core.tlb.custom.wallet import WalletV4Data

from conftest import load_vectors, refusal, sign

DATA = load_vectors("ton")
VECTORS, PROOFS = DATA["vectors"], DATA["proofs"]
DEST = "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N"
JETTON_WALLET = "EQBOVLBKdd7_vWhDA4TpTnHV0exBaDhSD6KRASRsNlcuBix1"
WALLET_ID = 698983191


def wallet_of(pub: bytes, wc: int = 0) -> Address:
    init = StateInit(code=WALLET_V4_R2_CODE, data=WalletV4Data(seqno=0, wallet_id=WALLET_ID + wc, public_key=pub).serialize())
    return Address((wc, init.serialize().hash))


def base_input(**changes):
    value = {"private_key": "51" * 32, "destination": DEST, "amount": "1500000000", "seqno": "9",
             "valid_until": "1900000000"}
    value.update(changes)
    return {k: v for k, v in value.items() if v is not None}


def jetton_input(**changes):
    value = base_input(sender_jetton_wallet=JETTON_WALLET, attached_amount="50000000", forward_amount="1",
                       query_id="7", amount="2500000")
    value.update(changes)
    return {k: v for k, v in value.items() if v is not None}


def decode(out, value):
    """Parses the external message, checks the signature and the wallet, returns (message, signing slice)."""
    boc = base64.b64decode(out["encoded"])
    assert boc.hex() == out["raw"]
    root = Cell.one_from_boc(boc)
    assert root.hash.hex() == out["hash"]
    m = MessageAny.deserialize(root.begin_parse())
    pub = bytes(SigningKey(bytes.fromhex(value["private_key"])).verify_key)
    assert isinstance(m.info, ExternalMsgInfo) and m.info.src is None and m.info.dest == wallet_of(pub)
    s = m.body.begin_parse()
    sig = s.load_bytes(64)
    signing = s.to_cell()
    assert verify_sign(pub, signing.hash, sig)
    p = signing.begin_parse()
    assert (p.load_uint(32), p.load_uint(32), p.load_uint(32), p.load_uint(8), p.load_uint(8)) == \
        (WALLET_ID, int(value["valid_until"]), int(value["seqno"]), 0, 3)
    inner = MessageAny.deserialize(p.load_ref().begin_parse())
    assert p.remaining_bits == 0 and p.remaining_refs == 0
    assert isinstance(inner.info, InternalMsgInfo) and inner.info.src is None and inner.init is None
    return m, inner, pub


def comment_of(cell: Cell) -> str:
    s = cell.begin_parse()
    assert s.load_uint(32) == 0
    return s.load_snake_string()


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_vectors_byte_for_byte(vector):
    out = sign("ton", "transfer", vector["input"])
    assert (out["raw"], out["encoded"], out["hash"]) == (vector["raw"], vector["encoded"], vector["hash"])
    assert out["normalized_hash"] == vector["normalized_hash"]


@pytest.mark.parametrize("destination, bounce", [
    (DEST, True), ("UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI", False), ("0:" + "12" * 32, True)])
@pytest.mark.parametrize("comment", [None, "thanks", "ü" * 200])
def test_ton_transfer_decodes_and_verifies(destination, bounce, comment):
    value = base_input(destination=destination, comment=comment)
    out = sign("ton", "transfer", value)
    m, inner, _ = decode(out, value)
    assert m.init is None                                   # seqno 9: deployed, no StateInit
    assert inner.info.dest == Address(destination) and inner.info.bounce is bounce and not inner.info.bounced
    assert inner.info.value.grams == 1_500_000_000 and inner.info.ihr_disabled
    if comment is None:
        assert len(inner.body.bits) == 0 and not inner.body.refs
    else:
        assert comment_of(inner.body) == comment


@pytest.mark.parametrize("changes", [{"seqno": "0"}, {"seqno": "0", "deployed": False}])
def test_first_send_deploys_the_wallet(changes):
    value = base_input(**changes)
    out = sign("ton", "transfer", value)
    m, inner, pub = decode(out, value)
    assert m.init is not None and m.init.code.hash == WALLET_V4_R2_CODE.hash
    data = WalletV4Data.deserialize(m.init.data.begin_parse())
    assert (data.seqno, data.wallet_id, data.public_key) == (0, WALLET_ID, pub)
    assert Address((0, m.init.serialize().hash)) == m.info.dest   # the message goes to the wallet it deploys


@pytest.mark.parametrize("comment", [None, "for the pizza", "long " * 60])
def test_jetton_transfer_decodes_and_verifies(comment):
    value = jetton_input(comment=comment)
    out = sign("ton", "transfer", value)
    _, inner, pub = decode(out, value)
    assert inner.info.dest == Address(JETTON_WALLET) and inner.info.bounce is True
    assert inner.info.value.grams == 50_000_000
    b = inner.body.begin_parse()
    assert b.load_uint(32) == 0x0F8A7EA5 and b.load_uint(64) == 7 and b.load_coins() == 2_500_000
    assert b.load_address() == Address(DEST)               # the recipient owner
    assert b.load_address() == wallet_of(pub)              # response destination: the sender's wallet
    assert b.load_bit() == 0 and b.load_coins() == 1        # no custom payload; forward amount
    if comment is None:
        assert b.load_bit() == 0
    else:
        assert b.load_bit() == 1 and comment_of(b.load_ref()) == comment
    assert b.remaining_bits == 0 and b.remaining_refs == 0


@pytest.mark.parametrize("vector", PROOFS, ids=[p["name"] for p in PROOFS])
def test_ton_proof(vector):
    value = vector["input"]
    out = sign("ton", "proof", value)
    assert (out["signature"], out["encoded"]) == (vector["signature"], vector["encoded"])
    sk = SigningKey(bytes.fromhex(value["private_key"]))
    wc = value.get("workchain", 0)
    address = wallet_of(bytes(sk.verify_key), wc)
    d = value["domain"].encode()
    message = b"ton-proof-item-v2/" + wc.to_bytes(4, "big", signed=True) + address.hash_part + \
        len(d).to_bytes(4, "little") + d + int(value["timestamp"]).to_bytes(8, "little") + value["payload"].encode()
    digest = hashlib.sha256(b"\xff\xff" + b"ton-connect" + hashlib.sha256(message).digest()).digest()
    VerifyKey(bytes(sk.verify_key)).verify(digest, bytes.fromhex(out["signature"]))
    assert base64.b64decode(out["encoded"]) == bytes.fromhex(out["signature"])


@pytest.mark.parametrize("changes, error", [
    ({"destination": DEST[:-1] + "O"}, 'invalidAddress("destination")'),
    ({"destination": "kQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqKYH"}, 'invalidAddress("destination")'),
    ({"destination": "1:" + "00" * 32}, 'invalidAddress("destination")'),
    ({"destination": "0:" + "00" * 31}, 'invalidAddress("destination")'),
    ({"seqno": None}, 'missingField("seqno")'),
    ({"deployed": False}, 'invalidField("deployed", reason: "a wallet with a seqno above 0 is deployed")'),
    ({"valid_until": None}, 'missingField("valid_until")'),
    ({"valid_until": "0"}, 'invalidField("valid_until", reason: "must be a UNIX time above 0")'),
    ({"amount": str(2**120)}, 'amountOutOfRange("amount")'),
    ({"comment": "x" * 1025}, "memoTooLong(maxBytes: 1024)"),
    ({"comment": "€" * 342}, "memoTooLong(maxBytes: 1024)"),
    ({"balance": "1499999999"}, "insufficientBalance(required: 1500000000, available: 1499999999)"),
    ({"workchain": 1}, 'invalidField("workchain", reason: "must be 0 or -1")'),
])
def test_ton_refusals(changes, error):
    assert refusal("ton", "transfer", base_input(**changes)) == error


@pytest.mark.parametrize("changes, error", [
    ({"sender_jetton_wallet": "EQ"}, 'invalidAddress("sender_jetton_wallet")'),
    ({"attached_amount": "1", "forward_amount": "1"}, 'invalidField("attached_amount", reason: "must exceed forward_amount")'),
    ({"attached_amount": str(2**120)}, 'amountOutOfRange("attached_amount")'),
    ({"forward_amount": str(2**120)}, 'amountOutOfRange("forward_amount")'),
    ({"amount": str(2**120)}, 'amountOutOfRange("amount")'),
    ({"jetton_balance": "2499999"}, "insufficientBalance(required: 2500000, available: 2499999)"),
    ({"balance": "49999999"}, "insufficientBalance(required: 50000000, available: 49999999)"),
    ({"comment": "y" * 1025}, "memoTooLong(maxBytes: 1024)"),
])
def test_jetton_refusals(changes, error):
    assert refusal("ton", "transfer", jetton_input(**changes)) == error


@pytest.mark.parametrize("changes, error", [
    ({"domain": ""}, 'missingField("domain")'),
    ({"domain": "a" * 254}, 'invalidField("domain", reason: "longer than 253 bytes")'),
    ({"workchain": 2}, 'invalidField("workchain", reason: "must be 0 or -1")'),
])
def test_proof_refusals(changes, error):
    value = {"private_key": "61" * 32, "domain": "app.example", "timestamp": "1700000000", "payload": "p"}
    value.update(changes)
    assert refusal("ton", "proof", value) == error


@pytest.mark.parametrize("wc", [0, -1])
def test_wallet_state_init(wc):
    value = {"private_key": "71" * 32, "workchain": wc}
    out = sign("ton", "state_init", value)
    pub = bytes(SigningKey(bytes.fromhex(value["private_key"])).verify_key)
    init = StateInit(code=WALLET_V4_R2_CODE, data=WalletV4Data(seqno=0, wallet_id=WALLET_ID + wc, public_key=pub).serialize())
    assert base64.b64decode(out["encoded"]) == init.serialize().to_boc(hash_crc32=True)
    parsed = StateInit.deserialize(Cell.one_from_boc(base64.b64decode(out["encoded"])).begin_parse())
    assert Address((wc, parsed.serialize().hash)) == wallet_of(pub, wc)
