"""Writes Tests/BlockchainTests/Vectors/signing/ethereum.json: EVM transactions, EIP-191 and EIP-712 signatures
whose expected bytes come from eth-account 0.13.7 (with eth-abi 6.0.0 for the ERC-20 call data), plus the EIP-155
example transaction and the EIP-712 Mail example as published in the EIPs.

Run in the evm environment: .venvs/evm/bin/python tests/signing/ethereum/make_vectors.py
Each transaction's "input" is the signer input as gem-sign-harness reads it (decimal strings, hex bytes).
"""
import json
from importlib.metadata import version
from pathlib import Path

import rlp
from eth_abi import encode
from eth_account import Account
from eth_account.messages import encode_defunct, encode_typed_data
from eth_utils import keccak, to_checksum_address

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests/BlockchainTests/Vectors/signing/ethereum.json"

# Chain ids of the Chain cases used below (Sources/Primitives/ChainConfig.swift, chains.md).
CHAIN_IDS = {"ethereum": 1, "smartchain": 56, "polygon": 137, "arbitrum": 42161, "base": 8453, "avalanchec": 43114,
             "optimism": 10, "blast": 81457, "zksync": 324, "hyperliquid": 999}

KEYS = ["46" * 32, "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"]

TOKEN = "0xdAC17F958D2ee523a2206206994597C13D831ec7"
BOB = "0x" + "35" * 20
CAROL = to_checksum_address("0x" + "ab" * 20)


def erc20(selector: str, address: str, amount: int) -> bytes:
    return keccak(text=selector)[:4] + encode(["address", "uint256"], [address, amount])


def transaction(name, key, chain, kind, operation, nonce, gas, fees, balance, token_balance=None, source=None):
    """operation: (op, fields) in the harness's terms; builds the eth-account dict from the same numbers."""
    op, f = operation
    tx = {"chainId": CHAIN_IDS[chain], "nonce": nonce, "gas": gas}
    if op == "transfer":
        tx.update(to=f["to"], value=int(f["value"]), data=b"")
    elif op == "contract_call":
        tx.update(to=f["to"], value=int(f["value"]), data=bytes.fromhex(f["data"]))
    elif op == "token_transfer":
        tx.update(to=f["token"], value=0, data=erc20("transfer(address,uint256)", f["to"], int(f["amount"])))
    elif op == "token_approve":
        tx.update(to=f["token"], value=0, data=erc20("approve(address,uint256)", f["spender"], int(f["amount"])))
    if kind == "eip1559":
        tx.update(type=2, maxFeePerGas=fees[0], maxPriorityFeePerGas=fees[1])
        fee_fields = {"max_fee_per_gas": str(fees[0]), "max_priority_fee_per_gas": str(fees[1])}
    else:
        tx.update(gasPrice=fees[0])
        fee_fields = {"gas_price": str(fees[0])}
    raw = Account.sign_transaction(tx, "0x" + key).raw_transaction
    inp = {"chain": chain, "type": kind, "operation": op, **f, "nonce": str(nonce), "gas_limit": str(gas),
           **fee_fields, "balance": str(balance)}
    if token_balance is not None:
        inp["token_balance"] = str(token_balance)
    vector = {"name": name, "key": key, "input": inp, "raw": raw.hex(), "hash": "0x" + keccak(raw).hex(),
              "from": Account.from_key("0x" + key).address}
    if source:
        vector["source"] = source
    return vector


GWEI = 10**9
transactions = [
    transaction("eip155 example (legacy native, ethereum)", KEYS[0], "ethereum", "legacy",
                ("transfer", {"to": BOB, "value": str(10**18)}), 9, 21000, [20 * GWEI], 2 * 10**18,
                source="EIP-155 § Example (https://eips.ethereum.org/EIPS/eip-155)"),
    transaction("eip1559 native, ethereum", KEYS[1], "ethereum", "eip1559",
                ("transfer", {"to": CAROL, "value": "1234567890123456789"}), 0, 21000, [30 * GWEI, 2 * GWEI], 2 * 10**18),
    transaction("eip1559 erc20 transfer, polygon", KEYS[1], "polygon", "eip1559",
                ("token_transfer", {"token": TOKEN, "to": CAROL, "amount": "2500000"}), 17, 65000,
                [120 * GWEI, 30 * GWEI], 10**18, token_balance=10**7),
    transaction("legacy erc20 approve, smartchain", KEYS[2], "smartchain", "legacy",
                ("token_approve", {"token": TOKEN, "spender": BOB, "amount": str(2**256 - 1)}), 300, 60000, [3 * GWEI],
                10**17),
    transaction("eip1559 contract call with value, arbitrum", KEYS[0], "arbitrum", "eip1559",
                ("contract_call", {"to": CAROL, "value": "1000", "data": "d0e30db0" + "00" * 70}), 5, 150000,
                [10**8, 0], 10**16),
    transaction("eip1559 erc20 approve zero, base", KEYS[2], "base", "eip1559",
                ("token_approve", {"token": TOKEN, "spender": CAROL, "amount": "0"}), 1, 50000, [10**7, 10**6], 10**15),
    transaction("legacy native, avalanchec", KEYS[1], "avalanchec", "legacy",
                ("transfer", {"to": BOB, "value": "1"}), 2**32, 21000, [25 * GWEI], 10**18),
    transaction("legacy contract call, polygon", KEYS[0], "polygon", "legacy",
                ("contract_call", {"to": BOB, "value": "0", "data": "a9059cbb" + "11" * 200}), 7, 90000, [50 * GWEI],
                10**18),
    transaction("eip1559 native, blast", KEYS[2], "blast", "eip1559",
                ("transfer", {"to": CAROL, "value": str(10**21)}), 128, 21000, [2 * GWEI, GWEI], 10**22),
    transaction("legacy erc20 transfer, optimism", KEYS[1], "optimism", "legacy",
                ("token_transfer", {"token": TOKEN, "to": BOB, "amount": str(10**30)}), 55, 70000, [GWEI], 10**18,
                token_balance=10**30),
]


def leading_zero_vector(kind):
    """The first nonce from 1000 whose signature has r or s below 2^248: RLP drops the leading zero byte."""
    for nonce in range(1000, 100000):
        v = transaction(f"{kind} native with a short r or s, ethereum", KEYS[1], "ethereum", kind,
                        ("transfer", {"to": BOB, "value": "7"}), nonce, 21000,
                        [GWEI, GWEI] if kind == "eip1559" else [GWEI], 10**18)
        raw = bytes.fromhex(v["raw"])
        fields = rlp.decode(raw[1:] if kind == "eip1559" else raw)
        if len(fields[-2]) < 32 or len(fields[-1]) < 32:
            return v
    raise RuntimeError("no short signature found")


transactions += [leading_zero_vector("eip1559"), leading_zero_vector("legacy")]

# The EIP's own signed bytes (EIP-155 § Example).
assert transactions[0]["raw"] == ("f86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a764000080"
    "25a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83")

personal = []
for name, message, key in [("hello", b"hello", KEYS[0]), ("empty", b"", KEYS[1]), ("binary", bytes(range(256)), KEYS[2]),
                           ("unicode", "Sign in to Gem ✓ — 日本".encode(), KEYS[1]),
                           ("hex-looking text", b"0xdeadbeef", KEYS[0])]:
    signed = Account.sign_message(encode_defunct(primitive=message), "0x" + key)
    personal.append({"name": name, "key": key, "message": message.hex(), "signature": signed.signature.hex(),
                     "from": Account.from_key("0x" + key).address})

F = lambda *nt: [{"name": n, "type": t} for n, t in nt]
DOMAIN4 = F(("name", "string"), ("version", "string"), ("chainId", "uint256"), ("verifyingContract", "address"))
mail = {"types": {"EIP712Domain": DOMAIN4, "Person": F(("name", "string"), ("wallet", "address")),
                  "Mail": F(("from", "Person"), ("to", "Person"), ("contents", "string"))},
        "primaryType": "Mail",
        "domain": {"name": "Ether Mail", "version": "1", "chainId": 1, "verifyingContract": "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC"},
        "message": {"from": {"name": "Cow", "wallet": "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"},
                    "to": {"name": "Bob", "wallet": "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"}, "contents": "Hello, Bob!"}}
arrays = {"types": {"EIP712Domain": DOMAIN4,
                    "Person": F(("name", "string"), ("wallets", "address[]")),
                    "Group": F(("name", "string"), ("members", "Person[]"), ("scores", "int16[3]"),
                               ("matrix", "uint8[2][]"), ("tags", "string[]"), ("blob", "bytes"), ("id", "bytes32"),
                               ("flags", "bool[]"), ("short", "bytes3"), ("big", "uint256"), ("neg", "int256"),
                               ("delta", "int8"))},
          "primaryType": "Group",
          "domain": {"name": "Groups", "version": "2", "chainId": 137, "verifyingContract": "0x" + "12" * 20},
          "message": {"name": "Team", "members": [{"name": "Ann", "wallets": ["0x" + "01" * 20, "0x" + "02" * 20]},
                                                  {"name": "Ben", "wallets": []}],
                      "scores": [-32768, 0, 32767], "matrix": [[1, 2], [255, 0]], "tags": ["a", "", "ü"],
                      "blob": "0x" + "ff00" * 40, "id": "0x" + "ab" * 32, "flags": [True, False],
                      "short": "0x010203", "big": str(2**256 - 1), "neg": str(-(2**255)), "delta": -1}}
permit = {"types": {"EIP712Domain": DOMAIN4,
                    "Permit": F(("owner", "address"), ("spender", "address"), ("value", "uint256"), ("nonce", "uint256"),
                                ("deadline", "uint256"))},
          "primaryType": "Permit",
          "domain": {"name": "USD Coin", "version": "2", "chainId": 8453, "verifyingContract": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"},
          "message": {"owner": "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23", "spender": "0x" + "00" * 19 + "01",
                      "value": "0xde0b6b3a7640000", "nonce": 0, "deadline": "1893456000"}}
salted = {"types": {"EIP712Domain": F(("name", "string"), ("chainId", "uint256"), ("salt", "bytes32")),
                    "Order": F(("maker", "address"), ("amounts", "uint128[]"), ("note", "string"), ("expiry", "uint64"))},
          "primaryType": "Order",
          "domain": {"name": "Exchange", "chainId": 42161, "salt": "0x" + "5a" * 32},
          "message": {"maker": "0x" + "cd" * 20, "amounts": ["1", "340282366920938463463374607431768211455"],
                      "note": "", "expiry": "18446744073709551615"}}
agent = {"types": {"EIP712Domain": DOMAIN4, "Agent": F(("source", "string"), ("connectionId", "bytes32"))},
         "primaryType": "Agent",
         "domain": {"chainId": 1337, "name": "Exchange", "verifyingContract": "0x" + "00" * 20, "version": "1"},
         "message": {"source": "a", "connectionId": "0x" + "0f" * 32}}
typed = []
for name, data, key in [("EIP-712 Mail example", mail, keccak(text="cow").hex()), ("arrays and nested structs", arrays, KEYS[0]),
                        ("permit with hex value", permit, KEYS[1]), ("salted domain", salted, KEYS[2]),
                        ("hyperliquid agent (bytes32)", agent, KEYS[1])]:
    signable = encode_typed_data(full_message=data)
    signed = Account.sign_message(signable, "0x" + key)
    entry = {"name": name, "key": key, "typed_data": json.dumps(data, ensure_ascii=False), "digest": signed.message_hash.hex(),
             "signature": signed.signature.hex(), "from": Account.from_key("0x" + key).address}
    if name.startswith("EIP-712 Mail"):
        entry["source"] = "EIP-712 § Test cases (https://eips.ethereum.org/EIPS/eip-712, Example.js): digest be609aee…"
        assert entry["digest"] == "be609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2"
        # Example.js: v 28, r 0x4355c47d…, s 0x07299936…
        assert entry["signature"] == ("4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d"
                                      "07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b91562" "1c")
    typed.append(entry)

OUT.parent.mkdir(parents=True, exist_ok=True)
OUT.write_text(json.dumps({
    "source": f"tests/signing/ethereum/make_vectors.py: eth-account {version('eth-account')}, eth-abi {version('eth-abi')}",
    "transactions": transactions, "personal": personal, "typed": typed}, indent=1, ensure_ascii=False) + "\n")
print(f"wrote {OUT}: {len(transactions)} transactions, {len(personal)} personal, {len(typed)} typed")
