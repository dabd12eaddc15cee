"""Byte-for-byte TON v4R2 vectors from pytoniq-core 0.2.1 + pytoniq 0.1.43 (cells, addresses, coins, MessageAny,
StateInit, WalletMessage, WALLET_V4_R2_CODE, WalletV4.raw_create_transfer_msg, Cell.to_boc with CRC-32C), signed
with PyNaCl. TEP-74 jetton transfer bodies are built with pytoniq-core's Builder (pytoniq has no jetton helper).
TON Connect proofs follow the TON Connect specification's text ("ton_proof": message layout and the
0xffff ‖ "ton-connect" prefix), computed here with hashlib + PyNaCl.

Run in the multi environment: .venvs/multi/bin/python tests/signing/ton/make_vectors.py
Writes Tests/BlockchainTests/Vectors/signing/ton.json.
"""
import base64
import hashlib
import json
from pathlib import Path

from nacl.signing import SigningKey
from pytoniq.contract.wallets.wallet import WALLET_V4_R2_CODE, WalletV4
from pytoniq_core import Address, Builder, Cell
from pytoniq_core.tlb import ExternalMsgInfo, MessageAny, StateInit
from pytoniq_core.tlb.custom.wallet import WalletMessage, WalletV4Data

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests/BlockchainTests/Vectors/signing/ton.json"
WALLET_ID = 698983191


def state_init(pub: bytes, wc: int = 0) -> StateInit:
    return StateInit(code=WALLET_V4_R2_CODE,
                     data=WalletV4Data(seqno=0, wallet_id=WALLET_ID + wc, public_key=pub).serialize())


def wallet_address(pub: bytes, wc: int = 0) -> Address:
    return Address((wc, state_init(pub, wc).serialize().hash))


def comment_cell(text: str) -> Cell:
    return Builder().store_uint(0, 32).store_snake_string(text).end_cell()


def jetton_body(amount, destination, response, forward_amount, query_id, comment):
    b = Builder().store_uint(0x0F8A7EA5, 32).store_uint(query_id, 64).store_coins(amount) \
        .store_address(destination).store_address(response).store_bit(0).store_coins(forward_amount)
    if comment is None:
        b.store_bit(0)
    else:
        b.store_bit(1).store_ref(comment_cell(comment))
    return b.end_cell()


def signed_external(sk: SigningKey, seqno: int, valid_until: int, message: MessageAny, deploy: bool) -> bytes:
    pub = bytes(sk.verify_key)
    wallet_message = WalletMessage(send_mode=3, message=message)
    if seqno > 0:
        body = WalletV4.raw_create_transfer_msg(private_key=bytes(sk) + pub, seqno=seqno, wallet_id=WALLET_ID,
                                                messages=[wallet_message], valid_until=valid_until)
    else:  # pytoniq writes valid_until 0xFFFFFFFF at seqno 0; the wallet signs its own expiry there too
        signing = Builder().store_uint(WALLET_ID, 32).store_uint(valid_until, 32).store_uint(seqno, 32) \
            .store_uint(0, 8).store_cell(wallet_message.serialize()).end_cell()
        body = Builder().store_bytes(sk.sign(signing.hash).signature).store_cell(signing).end_cell()
    ext = MessageAny(info=ExternalMsgInfo(src=None, dest=wallet_address(pub), import_fee=0),
                     init=state_init(pub) if deploy else None, body=body)
    cell = ext.serialize()
    # TEP-467 normalized hash: src addr_none, import_fee 0, no init, the body as a reference
    normalized = Builder().store_cell(ExternalMsgInfo(src=None, dest=wallet_address(pub), import_fee=0).serialize()) \
        .store_bit(0).store_bit(1).store_ref(body).end_cell()
    return cell.to_boc(hash_crc32=True), cell.hash, normalized.hash


JETTON_WALLET = "EQBOVLBKdd7_vWhDA4TpTnHV0exBaDhSD6KRASRsNlcuBix1"
CASES = [
    # name, seed byte, destination, amount, comment, seqno, deployed, valid_until, jetton (None | dict)
    ("TON with comment, bounceable destination", 0x01, "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N", 10**9, "hi", 5, None, 1_900_000_000, None),
    ("TON deploying the wallet (seqno 0), non-bounceable destination", 0x02, "UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI", 123_456_789, None, 0, None, 1_800_000_000, None),
    ("TON with a 300-byte snake comment", 0x03, "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N", 1, "é" * 100 + "x" * 100, 12, True, 1_700_000_123, None),
    ("TON to a raw address with a 100-byte comment", 0x04, "0:" + "ab" * 32, 2**120 - 1, "c" * 100, 2**32 - 1, True, 2**32 - 1, None),
    ("TON to a masterchain raw address, comment of 123 bytes", 0x05, "-1:" + "3" * 64, 0, "m" * 123, 77, None, 1_750_000_000, None),
    ("jetton with comment", 0x06, "UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI", 5_000_000, "invoice 42", 3, True, 1_900_000_000,
     {"attached": 50_000_000, "forward": 1, "query_id": 0}),
    ("jetton without comment deploying the wallet", 0x07, "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N", 2**100, None, 0, False, 1_900_000_000,
     {"attached": 100_000_000, "forward": 0, "query_id": 2**64 - 1}),
    ("jetton with a long comment, not deployed flag at seqno 0", 0x08, "0:" + "cd" * 32, 1, "z" * 400, 0, False, 1_900_000_001,
     {"attached": 200_000_000, "forward": 10_000_000, "query_id": 1234567}),
]

PROOFS = [
    ("TON Connect demo domain and payload", 0x01, "ton-connect.github.io", 1_668_094_767, "E5B4ARS6CdOI2b5e1jz0jnS-x-a3DgfNXprrg_3pec0=", 0),
    ("long payload", 0x02, "app.example.org", 1_700_000_000, "p" * 200, 0),
    ("unicode domain bytes", 0x03, "bücher.example", 0, "", 0),
    ("masterchain wallet", 0x04, "gem.example", 2**64 - 1, "challenge", -1),
    ("short domain", 0x05, "a.b", 1_234_567_890, "x", 0),
]


def proof_signature(sk: SigningKey, domain: str, timestamp: int, payload: str, wc: int) -> bytes:
    pub = bytes(sk.verify_key)
    address = wallet_address(pub, wc)
    d = domain.encode()
    message = b"ton-proof-item-v2/" + wc.to_bytes(4, "big", signed=True) + address.hash_part + \
        len(d).to_bytes(4, "little") + d + timestamp.to_bytes(8, "little") + payload.encode()
    return sk.sign(hashlib.sha256(b"\xff\xff" + b"ton-connect" + hashlib.sha256(message).digest()).digest()).signature


def main():
    vectors = []
    for name, seed, destination, amount, comment, seqno, deployed, valid_until, jetton in CASES:
        sk = SigningKey(bytes([seed] * 32))
        pub = bytes(sk.verify_key)
        dest = Address(destination)
        bounce = dest.is_bounceable or ":" in destination     # the raw form is sent bounceable
        if jetton is None:
            body = comment_cell(comment) if comment is not None else None
            message = WalletV4.create_wallet_internal_message(destination=dest, value=amount, body=body, bounce=bounce).message
        else:
            body = jetton_body(amount, dest, wallet_address(pub), jetton["forward"], jetton["query_id"], comment)
            message = WalletV4.create_wallet_internal_message(destination=Address(JETTON_WALLET), value=jetton["attached"],
                                                              body=body, bounce=True).message
        boc, cell_hash, normalized_hash = signed_external(sk, seqno, valid_until, message, deploy=seqno == 0 or deployed is False)
        value = {"private_key": bytes([seed] * 32).hex(), "destination": destination, "amount": str(amount),
                 "seqno": str(seqno), "valid_until": str(valid_until)}
        if comment is not None:
            value["comment"] = comment
        if deployed is not None:
            value["deployed"] = deployed
        if jetton is not None:
            value.update({"sender_jetton_wallet": JETTON_WALLET, "attached_amount": str(jetton["attached"]),
                          "forward_amount": str(jetton["forward"]), "query_id": str(jetton["query_id"])})
        vectors.append({"name": name, "input": value, "raw": boc.hex(), "encoded": base64.b64encode(boc).decode(),
                        "hash": cell_hash.hex(), "normalized_hash": normalized_hash.hex()})
    proofs = []
    for name, seed, domain, timestamp, payload, wc in PROOFS:
        sk = SigningKey(bytes([seed] * 32))
        signature = proof_signature(sk, domain, timestamp, payload, wc)
        value = {"private_key": bytes([seed] * 32).hex(), "domain": domain, "timestamp": str(timestamp), "payload": payload}
        if wc:
            value["workchain"] = wc
        proofs.append({"name": name, "input": value, "signature": signature.hex(),
                       "encoded": base64.b64encode(signature).decode()})
    OUT.write_text(json.dumps({
        "source": "pytoniq-core 0.2.1 + pytoniq 0.1.43 cells/messages/BoC, PyNaCl signatures; proofs per the TON Connect "
                  "specification (tests/signing/ton/make_vectors.py)",
        "vectors": vectors, "proofs": proofs}, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
