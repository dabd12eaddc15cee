"""Writes Tests/BlockchainTests/Vectors/signing/tron.json: TRX and TRC-20 transfers and TIP-191 message signatures
whose expected bytes come from tronpy 0.6.2 (PyPI), run in the multi environment:

    .venvs/multi/bin/python tests/signing/tron/make_vectors.py

tronpy builds each transaction offline (`trx.transfer`, a TRC-20 `Contract(abi=...).functions.transfer` with its
ABI codec, `build(offline=True, ref_block_id=...)`), with timestamp and expiration set to the vector's; its
protobuf (`tron_pb2`, `_raw_data_to_protobuf`) serializes raw_data (the memo, which tronpy's txid drops, is set on
the protobuf as `raw.data`), and its PrivateKey signs the txID (r || s || recovery id) and messages (TIP-191).
"""
import hashlib
import json
from pathlib import Path

from tronpy import Tron
from tronpy.contract import Contract
from tronpy.keys import PrivateKey
from tronpy.proto import tron_pb2
from tronpy.proto.transaction import _raw_data_to_protobuf

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests/BlockchainTests/Vectors/signing/tron.json"
TRC20_TRANSFER_ABI = [{"name": "transfer", "type": "function", "stateMutability": "nonpayable",
                       "inputs": [{"name": "_to", "type": "address"}, {"name": "_value", "type": "uint256"}],
                       "outputs": [{"name": "", "type": "bool"}]}]
CLIENT = Tron(network="mainnet")   # offline: no request is made when building with offline=True


def build(v: dict) -> tuple[bytes, bytes, dict]:
    pk = PrivateKey(bytes.fromhex(v["private_key"]))
    owner = pk.public_key.to_base58check_address()
    if "contract" in v:
        contract = Contract(v["contract"], abi=TRC20_TRANSFER_ABI, client=CLIENT)
        builder = contract.functions.transfer.with_owner(owner)(v["recipient"], int(v["amount"]))
        builder = builder.fee_limit(int(v["fee_limit"]))
    else:
        builder = CLIENT.trx.transfer(owner, v["recipient"], int(v["amount"]))
    builder._raw_data["timestamp"] = int(v["timestamp"])
    builder._raw_data["expiration"] = int(v["expiration"])
    txn = builder.build(offline=True, ref_block_id=v["reference_block_id"])
    raw = _raw_data_to_protobuf(txn._raw_data)
    if v.get("memo"):
        raw.data = v["memo"].encode()
    raw_bytes = raw.SerializeToString()
    txid = hashlib.sha256(raw_bytes).digest()
    if not v.get("memo"):
        assert txid.hex() == txn.txid                       # tronpy's own txid agrees
    sig = pk.sign_msg_hash(txid)
    wire = tron_pb2.Transaction(raw_data=raw, signature=[sig.to_bytes()]).SerializeToString()
    return raw_bytes, wire, sig.to_bytes()


# block ids: 8 bytes of block number, then 24 bytes of the header hash
B1 = "0000000004a817c8" + "7f3cd9b1e43a5c0d9a1b2c3d4e5f60718293a4b5c6d7e8f9"
B2 = "0000000003a1b2c3" + "d4e5f60718293a4b" + "00" * 16
USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
K1, K2, K3 = "44" * 32, "5a" * 32, "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"
T0 = 1_764_600_000_000
TRANSFERS = [
    {"name": "trx transfer", "private_key": K1, "recipient": "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8",
     "amount": "1000000", "reference_block_id": B1, "timestamp": str(T0), "expiration": str(T0 + 60_000),
     "fee": "0", "balance": "1000000"},
    {"name": "trx with memo and a fee", "private_key": K2, "recipient": "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio",
     "amount": "123456789", "memo": "invoice 42 ✓", "reference_block_id": B2, "timestamp": str(T0 + 1),
     "expiration": str(T0 + 36_000_000), "fee": "1100000", "balance": "200000000"},
    {"name": "trx largest int64 amount", "private_key": K3, "recipient": "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8",
     "amount": str(2**63 - 1), "reference_block_id": B1, "timestamp": str(T0),
     "expiration": str(T0 + 86_400_000), "fee": "0", "balance": str(2**63 - 1)},
    {"name": "usdt trc20 transfer", "private_key": K1, "recipient": "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio",
     "contract": USDT, "amount": "25000000", "fee_limit": "30000000", "reference_block_id": B1,
     "timestamp": str(T0), "expiration": str(T0 + 600_000), "fee": "13000000", "balance": "20000000",
     "token_balance": "25000000"},
    {"name": "trc20 uint256 amount", "private_key": K2, "recipient": "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8",
     "contract": "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8", "amount": str(2**256 - 1), "fee_limit": "100000000",
     "reference_block_id": B2, "timestamp": str(T0 + 5), "expiration": str(T0 + 65_000), "fee": "0",
     "balance": "0", "token_balance": str(2**256 - 1)},
    {"name": "trc20 with memo", "private_key": K3, "recipient": "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio",
     "contract": USDT, "amount": "1", "fee_limit": "15000000000", "memo": "gem", "reference_block_id": B2,
     "timestamp": str(T0), "expiration": str(T0 + 60_000), "fee": "27255900", "balance": "30000000",
     "token_balance": "1"},
]
MESSAGES = [
    {"name": "tip-191 text", "private_key": K1, "message": b"Hello Tron".hex()},
    {"name": "tip-191 32 bytes", "private_key": K2, "message": bytes(range(32)).hex()},
    {"name": "tip-191 unicode", "private_key": K3, "message": "Sign in ✓ 登录".encode().hex()},
]


def main():
    transfers = []
    for v in TRANSFERS:
        name = v.pop("name")
        raw, wire, sig = build(v)
        transfers.append({"name": name, "input": v, "raw_data_hex": raw.hex(), "raw": wire.hex(),
                          "hash": hashlib.sha256(raw).hexdigest(), "signature": sig.hex()})
    messages = []
    for m in MESSAGES:
        name = m.pop("name")
        sig = PrivateKey(bytes.fromhex(m["private_key"])).sign_msg(bytes.fromhex(m["message"])).to_bytes()
        sig = sig[:64] + bytes([sig[64] + 27])              # TronWeb signMessageV2 / TIP-191: v = 27 + recid
        messages.append({"name": name, "input": m, "signature": sig.hex(), "encoded": "0x" + sig.hex()})
    OUT.write_text(json.dumps({"source": "tests/signing/tron/make_vectors.py: tronpy 0.6.2 (PyPI; offline builder, "
                               "ABI codec, tron_pb2 over protobuf 5.29.6, PrivateKey over coincurve 21.0.0)",
                               "transfers": transfers, "messages": messages}, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(transfers)} transfers, {len(messages)} messages to {OUT}")


if __name__ == "__main__":
    main()
