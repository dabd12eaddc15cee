"""Cosmos family: the harness signs; cosmpy 0.12.2's protos decode TxRaw/TxBody/AuthInfo, the SignDoc is rebuilt
from the exact bytes carried, coincurve verifies the signature against the key in AuthInfo, and the decoded fields
(sender derived from that key, recipient, denom, amount, memo, fee, gas, sequence, chain id) equal the input."""
import base64
import hashlib
import json

import bech32
import coincurve
import pytest
from coincurve.ecdsa import cdata_to_der, deserialize_compact
from Crypto.Hash import keccak
from cosmpy.protos.cosmos.bank.v1beta1.tx_pb2 import MsgSend
from cosmpy.protos.cosmos.base.v1beta1.coin_pb2 import Coin
from cosmpy.protos.cosmos.crypto.secp256k1.keys_pb2 import PubKey
from cosmpy.protos.cosmos.tx.signing.v1beta1.signing_pb2 import SignMode
from cosmpy.protos.cosmos.tx.v1beta1.tx_pb2 import AuthInfo, SignDoc, TxBody, TxRaw

from conftest import load_vectors, refusal, run_harness, sign

N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
CHAINS = {"cosmos": ("cosmoshub-4", "cosmos", "uatom"), "osmosis": ("osmosis-1", "osmo", "uosmo"),
          "celestia": ("celestia", "celestia", "utia"), "sei": ("pacific-1", "sei", "usei"),
          "noble": ("noble-1", "noble", "uusdc"), "injective": ("injective-1", "inj", "inj"),
          "thorchain": ("thorchain-1", "thor", "rune")}
VECTORS = load_vectors("cosmos")
kec = lambda b: keccak.new(data=b, digest_bits=256).digest()
b32 = lambda hrp, b: bech32.bech32_encode(hrp, bech32.convertbits(b, 8, 5))


def thor_msg_send(value: bytes):
    """Minimal decoder of thornode's types.MsgSend: 1 from bytes, 2 to bytes, 3 Coin."""
    fields, i = {}, 0
    while i < len(value):
        key = value[i]; i += 1
        assert key & 7 == 2
        n = sh = 0
        while True:
            b = value[i]; i += 1; n |= (b & 0x7F) << sh; sh += 7
            if b < 0x80: break
        fields.setdefault(key >> 3, []).append(value[i:i + n]); i += n
    return fields[1][0], fields[2][0], [Coin.FromString(c) for c in fields[3]]


def verify(inp: dict, out: dict):
    chain_id, hrp, native = CHAINS[inp["chain"]]
    raw = bytes.fromhex(out["raw"])
    body_json = json.loads(out["encoded"])
    assert body_json == {"tx_bytes": base64.b64encode(raw).decode(), "mode": "BROADCAST_MODE_SYNC"}
    assert out["hash"] == hashlib.sha256(raw).hexdigest().upper()
    txr = TxRaw.FromString(raw)
    assert txr.SerializeToString() == raw                       # canonical: nothing unknown or reordered
    auth = AuthInfo.FromString(txr.auth_info_bytes)
    body = TxBody.FromString(txr.body_bytes)
    (si,) = auth.signer_infos
    (sig,) = txr.signatures
    assert si.mode_info.single.mode == SignMode.SIGN_MODE_DIRECT and len(sig) == 64
    assert int.from_bytes(sig[32:], "big") <= N // 2
    eth = inp["chain"] == "injective"
    assert si.public_key.type_url == ("/injective.crypto.v1beta1.ethsecp256k1.PubKey" if eth else "/cosmos.crypto.secp256k1.PubKey")
    key = PubKey.FromString(si.public_key.value).key
    assert len(key) == 33
    doc = SignDoc(body_bytes=txr.body_bytes, auth_info_bytes=txr.auth_info_bytes, chain_id=chain_id,
                  account_number=int(inp["account_number"])).SerializeToString()
    digest = kec(doc) if eth else hashlib.sha256(doc).digest()
    assert coincurve.PublicKey(key).verify(cdata_to_der(deserialize_compact(sig)), digest, hasher=None)
    # the key in AuthInfo belongs to the private key the harness was given, and is the sender
    assert coincurve.PrivateKey(bytes.fromhex(inp["private_key"])).public_key.format() == key
    account = kec(coincurve.PublicKey(key).format(False)[1:])[12:] if eth else hashlib.new("ripemd160", hashlib.sha256(key).digest()).digest()
    assert si.sequence == int(inp["sequence"])
    assert auth.fee.gas_limit == int(inp["gas_limit"])
    assert body.memo == inp.get("memo", "")
    (msg,) = body.messages
    if inp["chain"] == "thorchain":
        assert msg.type_url == "/types.MsgSend"
        frm, to, coins = thor_msg_send(msg.value)
        assert frm == account and b32(hrp, to) == inp["recipient"]
        assert list(auth.fee.amount) == []
    else:
        assert msg.type_url == "/cosmos.bank.v1beta1.MsgSend"
        ms = MsgSend.FromString(msg.value)
        assert ms.from_address == b32(hrp, account) and ms.to_address == inp["recipient"]
        coins = list(ms.amount)
        assert [(c.denom, c.amount) for c in auth.fee.amount] == [(native, inp["fee"])]
    assert [(c.denom, c.amount) for c in coins] == [(inp["denom"], inp["amount"])]


@pytest.mark.parametrize("vector", VECTORS["transfers"], ids=lambda v: v["name"])
def test_transfer_vectors_decode_and_verify(vector):
    out = sign("cosmos", "sign", vector["input"])
    assert out["raw"] == vector["raw"] and out["hash"] == vector["hash"]
    verify(vector["input"], out)


def test_every_chain_and_many_inputs_verify():
    keys = [bytes([i + 1]) * 32 for i in range(5)]
    requests = []
    for chain, (_, hrp, native) in CHAINS.items():
        for n, k in enumerate(keys):
            pub = coincurve.PrivateKey(k).public_key
            to = kec(pub.format(False)[1:])[12:] if chain == "injective" else hashlib.new("ripemd160", hashlib.sha256(pub.format()).digest()).digest()
            requests.append({"family": "cosmos", "op": "sign", "input": {
                "chain": chain, "private_key": k.hex(), "recipient": b32(hrp, to[::-1]), "denom": native,
                "amount": str(10 ** n + n), "memo": "x" * (n * 60), "fee": str(n * 7), "gas_limit": str(80000 + n),
                "account_number": str(n * 1000), "sequence": str(n), "balance": str(10 ** 30)}})
    for req, res in zip(requests, run_harness(requests)):
        assert "ok" in res, res
        verify(req["input"], res["ok"])


@pytest.mark.parametrize("vector", VECTORS["messages"], ids=lambda v: v["name"])
def test_adr036_messages_verify(vector):
    inp = vector["input"]
    out = sign("cosmos", "sign_message", inp)
    assert out["signature"] == vector["signature"] and out["encoded"] == vector["encoded"]
    _, hrp, _ = CHAINS[inp["chain"]]
    k = coincurve.PrivateKey(bytes.fromhex(inp["private_key"]))
    eth = inp["chain"] == "injective"
    acct = kec(k.public_key.format(False)[1:])[12:] if eth else hashlib.new("ripemd160", hashlib.sha256(k.public_key.format()).digest()).digest()
    doc = adr036_doc(b32(hrp, acct), bytes.fromhex(inp["message"]))
    sig = base64.b64decode(out["encoded"])
    digest = kec(doc) if eth else hashlib.sha256(doc).digest()
    assert k.public_key.verify(cdata_to_der(deserialize_compact(sig)), digest, hasher=None)


def adr036_doc(signer: str, data: bytes) -> bytes:
    return json.dumps({"account_number": "0", "chain_id": "", "fee": {"amount": [], "gas": "0"}, "memo": "",
                       "msgs": [{"type": "sign/MsgSignData", "value": {"signer": signer,
                                 "data": base64.b64encode(data).decode()}}], "sequence": "0"},
                      sort_keys=True, separators=(",", ":")).encode()


def test_adr036_doc_is_keplrs():
    """A Keplr signArbitrary signature published with a verifyADR36Amino example (GitHub, via the search index)
    verifies over the doc built here, the doc the signer's signatures are checked against above."""
    signer = "cosmos1m9l358xunhhwds0568za49mzhvuxx9uxre5tud"
    pub = coincurve.PublicKey(base64.b64decode("A/MdHVpitzHNSdD1Zw3kY+L5PEIPyd9l6sD5i4aIfXp9"))
    sig = base64.b64decode("vb78/y129cOiWyQkeFF8wCKZsOyzjpILnpEVZ72o5YUhEOmQZzVPcbUqWPLR7aZQ20j6vnYhIuCQN0HEG3igFg==")
    assert pub.verify(cdata_to_der(deserialize_compact(sig)), hashlib.sha256(adr036_doc(signer, signer.encode())).digest(), hasher=None)
    assert b32("cosmos", hashlib.new("ripemd160", hashlib.sha256(pub.format()).digest()).digest()) == signer


def test_invalid_private_key():
    assert refusal("cosmos", "sign", {**next(v["input"] for v in VECTORS["transfers"]), "private_key": "00" * 32}) == "invalidPrivateKey"


BASE = next(v["input"] for v in VECTORS["transfers"] if v["name"] == "cosmos native with memo")


@pytest.mark.parametrize("change, error", [
    ({"sequence": None}, 'missingField("sequence")'),
    ({"account_number": None}, 'missingField("account_number")'),
    ({"memo": "x" * 257}, "memoTooLong(maxBytes: 256)"),
    ({"denom": "u"}, 'invalidField("denom", reason: "not a Cosmos SDK denom")'),
    ({"denom": "ibc/27394fb092d2eccd56123c74f36e4c1f926001ceada9ca97ea622b25f41e5eb2", "token_balance": "1"},
     'invalidField("denom", reason: "an IBC denom is ibc/ and 64 upper-case hex digits")'),
    ({"amount": "1001"}, "insufficientBalance(required: 1501, available: 1500)"),
    ({"recipient": "osmo142j9u5eaduzd7faumygud6ruhdwme98qclefqp"}, 'invalidAddress("recipient")'),
    ({"amount": "0"}, 'invalidField("amount", reason: "must be positive")'),
])
def test_refusals(change, error):
    inp = {k: v for k, v in {**BASE, **change}.items() if v is not None}
    assert refusal("cosmos", "sign", inp) == error
