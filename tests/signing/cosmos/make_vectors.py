"""Writes Tests/BlockchainTests/Vectors/signing/cosmos.json: Cosmos SIGN_MODE_DIRECT bank sends and ADR-036
message signatures whose expected bytes come from cosmpy 0.12.2 (PyPI), run in the multi environment:

    .venvs/multi/bin/python tests/signing/cosmos/make_vectors.py

- secp256k1 chains: cosmpy's Transaction builds TxBody/AuthInfo (SigningCfg.direct) and signs the SignDoc
  (python-ecdsa RFC 6979, canonical low-S).
- Injective: cosmpy's generated protos carry the message, the ethsecp256k1 key type holds the compressed key,
  and cosmpy's PrivateKey (python-ecdsa) signs keccak256(SignDoc).
- Thorchain: its `/types.MsgSend` (thornode proto/thorchain/v1/types/msg_send.proto, raw account bytes) is
  declared here as a protobuf descriptor and serialized by the protobuf runtime; the fee carries no coins.
- ADR-036: the amino-JSON StdSignDoc written with json.dumps(sort_keys=True), signed by cosmpy's PrivateKey.
The Swift harness inputs sit beside each expected output.
"""
import base64
import hashlib
import json
from pathlib import Path

import bech32
from Crypto.Hash import keccak
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.any_pb2 import Any
from cosmpy.aerial.tx import SigningCfg, Transaction, TxFee
from cosmpy.crypto.address import Address
from cosmpy.crypto.keypairs import PrivateKey
from cosmpy.protos.cosmos.bank.v1beta1.tx_pb2 import MsgSend
from cosmpy.protos.cosmos.base.v1beta1.coin_pb2 import Coin
from cosmpy.protos.cosmos.crypto.secp256k1.keys_pb2 import PubKey
from cosmpy.protos.cosmos.tx.signing.v1beta1.signing_pb2 import SignMode
from cosmpy.protos.cosmos.tx.v1beta1.tx_pb2 import AuthInfo, Fee, ModeInfo, SignDoc, SignerInfo, TxBody, TxRaw

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests/BlockchainTests/Vectors/signing/cosmos.json"

CHAINS = {  # chain: (chain id, hrp, native denom)
    "cosmos": ("cosmoshub-4", "cosmos", "uatom"), "osmosis": ("osmosis-1", "osmo", "uosmo"),
    "celestia": ("celestia", "celestia", "utia"), "sei": ("pacific-1", "sei", "usei"),
    "noble": ("noble-1", "noble", "uusdc"), "injective": ("injective-1", "inj", "inj"),
    "thorchain": ("thorchain-1", "thor", "rune"),
}
INJ_KEY_TYPE = "/injective.crypto.v1beta1.ethsecp256k1.PubKey"


def kec(data: bytes) -> bytes:
    return keccak.new(data=data, digest_bits=256).digest()


def b32(hrp: str, data: bytes) -> str:
    return bech32.bech32_encode(hrp, bech32.convertbits(data, 8, 5))


def eth_account(pk: PrivateKey) -> bytes:
    from ecdsa import VerifyingKey, SECP256k1
    point = VerifyingKey.from_string(pk.public_key.public_key_bytes, curve=SECP256k1).to_string("uncompressed")
    return kec(point[1:])[12:]


def sender_of(chain: str, pk: PrivateKey) -> str:
    _, hrp, _ = CHAINS[chain]
    if chain == "injective":
        return b32(hrp, eth_account(pk))
    return str(Address(pk.public_key, prefix=hrp))


def thorchain_msg_send_class():
    pool = descriptor_pool.DescriptorPool()
    coin = descriptor_pb2.FileDescriptorProto(name="coin.proto", package="cosmos.base.v1beta1", syntax="proto3")
    m = coin.message_type.add(name="Coin")
    m.field.add(name="denom", number=1, type=9, label=1)
    m.field.add(name="amount", number=2, type=9, label=1)
    pool.Add(coin)
    f = descriptor_pb2.FileDescriptorProto(name="msg_send.proto", package="types", syntax="proto3",
                                           dependency=["coin.proto"])
    m = f.message_type.add(name="MsgSend")
    m.field.add(name="from_address", number=1, type=12, label=1)
    m.field.add(name="to_address", number=2, type=12, label=1)
    m.field.add(name="amount", number=3, type=11, label=3, type_name=".cosmos.base.v1beta1.Coin")
    pool.Add(f)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("types.MsgSend"))


def build(v: dict) -> bytes:
    chain = v["chain"]
    chain_id, hrp, native = CHAINS[chain]
    pk = PrivateKey(bytes.fromhex(v["private_key"]))
    me = sender_of(chain, pk)
    coin = Coin(denom=v["denom"], amount=v["amount"])
    if chain in ("injective", "thorchain"):
        if chain == "thorchain":
            cls = thorchain_msg_send_class()
            _, frm = bech32.bech32_decode(me); _, to = bech32.bech32_decode(v["recipient"])
            msg = cls(from_address=bytes(bech32.convertbits(frm, 5, 8, False)),
                      to_address=bytes(bech32.convertbits(to, 5, 8, False)))
            msg.amount.add(denom=v["denom"], amount=v["amount"])
            any_msg = Any(type_url="/types.MsgSend", value=msg.SerializeToString())
            fee = Fee(gas_limit=int(v["gas_limit"]))
            key_type, digest = "/cosmos.crypto.secp256k1.PubKey", hashlib.sha256
        else:
            any_msg = Any(type_url="/cosmos.bank.v1beta1.MsgSend",
                          value=MsgSend(from_address=me, to_address=v["recipient"], amount=[coin]).SerializeToString())
            fee = Fee(amount=[Coin(denom=native, amount=v["fee"])], gas_limit=int(v["gas_limit"]))
            key_type, digest = INJ_KEY_TYPE, None
        body = TxBody(messages=[any_msg], memo=v.get("memo", "")).SerializeToString()
        auth = AuthInfo(signer_infos=[SignerInfo(
            public_key=Any(type_url=key_type, value=PubKey(key=pk.public_key.public_key_bytes).SerializeToString()),
            mode_info=ModeInfo(single=ModeInfo.Single(mode=SignMode.SIGN_MODE_DIRECT)),
            sequence=int(v["sequence"]))], fee=fee).SerializeToString()
        doc = SignDoc(body_bytes=body, auth_info_bytes=auth, chain_id=chain_id,
                      account_number=int(v["account_number"])).SerializeToString()
        h = kec(doc) if digest is None else digest(doc).digest()
        sig = pk.sign_digest(h, deterministic=True, canonicalise=True)
        return TxRaw(body_bytes=body, auth_info_bytes=auth, signatures=[sig]).SerializeToString()
    tx = Transaction()
    tx.add_message(MsgSend(from_address=me, to_address=v["recipient"], amount=[coin]))
    tx.seal(SigningCfg.direct(pk.public_key, int(v["sequence"])),
            fee=TxFee(amount=f"{v['fee']}{native}", gas_limit=int(v["gas_limit"])), memo=v.get("memo", ""))
    return tx.sign(pk, chain_id, int(v["account_number"]), deterministic=True).complete().tx.SerializeToString()


def adr036(chain: str, private_key: str, message: bytes) -> bytes:
    pk = PrivateKey(bytes.fromhex(private_key))
    doc = {"account_number": "0", "chain_id": "", "fee": {"amount": [], "gas": "0"}, "memo": "",
           "msgs": [{"type": "sign/MsgSignData", "value": {"signer": sender_of(chain, pk),
                                                           "data": base64.b64encode(message).decode()}}],
           "sequence": "0"}
    text = json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()
    h = kec(text) if chain == "injective" else hashlib.sha256(text).digest()
    return pk.sign_digest(h, deterministic=True, canonicalise=True)


K1, K2, K3 = "22" * 32, "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318", "33" * 32
IBC_ATOM = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2"
# Gem core (the specification's app) crates/gem_cosmos/src/signer/chain_signer.rs test_sign_osmosis_messages:
# its transfer, with SignerInput::mock_osmosis (account 2913388, sequence 10, fee 10000 uosmo, gas 200000).
GEM_CORE_OSMOSIS = ("CooBCocBChwvY29zbW9zLmJhbmsudjFiZXRhMS5Nc2dTZW5kEmcKK29zbW8xa2dsZW11bXU4bW42NThqNmc0ejlqem4zemVmMnFkeXl2a2x3"
    "YTMSK29zbW8xcmNqdnp6OHd6a3RxZno4cWpmMGw5cTQ1a3p4dmQwejBuN2w1Y2YaCwoFdW9zbW8SAjEwEmgKUApGCh8vY29zbW9zLmNyeXB0by5zZWNw"
    "MjU2azEuUHViS2V5EiMKIQMslcYn7DhPe5b/8lM3FnPXhGBj5SdC15+XI1hZ1gYbBBIECgIIARgKEhQKDgoFdW9zbW8SBTEwMDAwEMCaDBpAVJkDxaS5"
    "ZaghmJ6ZtpC9yim7JA8duO8MwOODdJeHEHssH3PQN+4Yl+SVyLtNEW6+IDUKfkG1dfIYOvpRiFlOyg==")
TRANSFERS = [
    {"name": "osmosis transfer from Gem core's signer tests", "chain": "osmosis",
     "private_key": "325f5eba4c6466ca5a88638c74db5b396edb624efced0924a10aeb897525923c",
     "recipient": "osmo1rcjvzz8wzktqfz8qjf0l9q45kzxvd0z0n7l5cf", "denom": "uosmo", "amount": "10", "fee": "10000",
     "gas_limit": "200000", "account_number": "2913388", "sequence": "10", "balance": "10010",
     "published": GEM_CORE_OSMOSIS},
    {"name": "cosmos native with memo", "chain": "cosmos", "private_key": K1,
     "recipient": "cosmos142j9u5eaduzd7faumygud6ruhdwme98qsy2ekn", "denom": "uatom", "amount": "1000", "memo": "m",
     "fee": "500", "gas_limit": "100000", "account_number": "12345", "sequence": "7", "balance": "1500"},
    {"name": "osmosis ibc denom", "chain": "osmosis", "private_key": K2,
     "recipient": "osmo142j9u5eaduzd7faumygud6ruhdwme98qclefqp", "denom": IBC_ATOM, "amount": "2500000",
     "memo": "", "fee": "10000", "gas_limit": "200000", "account_number": "987654", "sequence": "42",
     "balance": "10000", "token_balance": "2500000"},
    {"name": "celestia first transaction (sequence 0, account 0)", "chain": "celestia", "private_key": K2,
     "recipient": "celestia142j9u5eaduzd7faumygud6ruhdwme98qpwmfv7", "denom": "utia", "amount": "1",
     "fee": "3000", "gas_limit": "200000", "account_number": "0", "sequence": "0", "balance": "3001"},
    {"name": "sei native", "chain": "sei", "private_key": K3,
     "recipient": "sei142j9u5eaduzd7faumygud6ruhdwme98qagm0sj", "denom": "usei", "amount": "123456789",
     "memo": "gem", "fee": "100000", "gas_limit": "200000", "account_number": "5550001", "sequence": "300",
     "balance": "1000000000"},
    {"name": "noble usdc with unicode memo", "chain": "noble", "private_key": K1,
     "recipient": "noble142j9u5eaduzd7faumygud6ruhdwme98qc8l3wa", "denom": "uusdc", "amount": "5000000",
     "memo": "pago ✓ 支払い", "fee": "25000", "gas_limit": "200000", "account_number": "77", "sequence": "3",
     "balance": "5025000"},
    {"name": "cosmos 256-bit amount, u64 sequence", "chain": "cosmos", "private_key": K3,
     "recipient": "cosmos142j9u5eaduzd7faumygud6ruhdwme98qsy2ekn", "denom": "uatom",
     "amount": str(2**255 + 12345), "fee": "1", "gas_limit": str(2**63), "account_number": str(2**64 - 1),
     "sequence": str(2**64 - 2), "balance": str(2**256 - 1)},
    {"name": "injective native (ethsecp256k1, keccak256)", "chain": "injective", "private_key": K2,
     "recipient": "inj13u6g7vqgw074mgmf2ze2cadzvkz9snlwcrtq8a", "denom": "inj", "amount": "10000000000000000",
     "memo": "inj memo", "fee": "100000000000000", "gas_limit": "110000", "account_number": "17396",
     "sequence": "1", "balance": "10100000000000000"},
    {"name": "injective peggy token", "chain": "injective", "private_key": K3,
     "recipient": "inj1xmpkmxr4as00em23tc2zgmuyy2gr4h3wgcl6vd", "denom": "peggy0xdAC17F958D2ee523a2206206994597C13D831ec7",
     "amount": "1000000", "fee": "100000000000000", "gas_limit": "150000", "account_number": "9",
     "sequence": "0", "balance": "100000000000000", "token_balance": "1000000"},
    {"name": "thorchain rune (/types.MsgSend, no fee coins)", "chain": "thorchain", "private_key": K1,
     "recipient": "thor1c8jd7ad9pcw4k3wkuqlkz4auv95mldr2kyhc65", "denom": "rune", "amount": "38000000",
     "memo": "", "fee": "2000000", "gas_limit": "5000000", "account_number": "593", "sequence": "21",
     "balance": "40000000"},
]
MESSAGES = [
    {"name": "cosmos ADR-036", "chain": "cosmos", "private_key": K1, "message": b"Sign in to Gem".hex()},
    {"name": "osmosis ADR-036 binary", "chain": "osmosis", "private_key": K2, "message": bytes(range(256)).hex()},
    {"name": "injective ADR-036 (keccak256)", "chain": "injective", "private_key": K2,
     "message": "Hello, Injective ✓".encode().hex()},
]


def main():
    transfers = []
    for v in TRANSFERS:
        name = v.pop("name")
        published = v.pop("published", None)
        raw = build(v)
        assert published is None or base64.b64encode(raw).decode() == published, name   # cosmpy reproduces it
        transfers.append({"name": name, "input": v, **({"published": "Gem core gem_cosmos chain_signer.rs"} if published else {}), "raw": raw.hex(), "hash": hashlib.sha256(raw).hexdigest().upper(),
                          "tx_bytes": base64.b64encode(raw).decode()})
    messages = []
    for m in MESSAGES:
        name = m.pop("name")
        sig = adr036(m["chain"], m["private_key"], bytes.fromhex(m["message"]))
        messages.append({"name": name, "input": m, "signature": sig.hex(), "encoded": base64.b64encode(sig).decode()})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"source": "tests/signing/cosmos/make_vectors.py: cosmpy 0.12.2 (PyPI; protos, "
                               "Transaction, PrivateKey over python-ecdsa 0.19.1), protobuf 5.29.6",
                               "transfers": transfers, "messages": messages}, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(transfers)} transfers, {len(messages)} messages to {OUT}")


if __name__ == "__main__":
    main()
