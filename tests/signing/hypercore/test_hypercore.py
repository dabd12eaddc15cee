"""HyperCore signer oracle tests: gem-sign-harness signs usdSend / spotSend, and hyperliquid-python-sdk 0.24.0
- re-signs the same action with `sign_usd_transfer_action` / `sign_spot_transfer_action` (same r, s, v),
- recovers the sender with `recover_user_from_user_signed_action`,
while an EIP-712 digest written out by hand (eth-abi + keccak) recovers it too, and the /exchange body's fields are
checked against the input.
"""
import copy
import json

import pytest
from eth_abi import encode
from eth_account import Account
from eth_keys import keys
from eth_utils import keccak
from hyperliquid.utils.signing import (SPOT_TRANSFER_SIGN_TYPES, USD_SEND_SIGN_TYPES, recover_user_from_user_signed_action,
                                       sign_spot_transfer_action, sign_usd_transfer_action)

from conftest import load_vectors, refusal, sign

KEY = "5a" * 32
WALLET = Account.from_key("0x" + KEY)
PRIMARY = {"usdSend": ("HyperliquidTransaction:UsdSend", USD_SEND_SIGN_TYPES, sign_usd_transfer_action),
           "spotSend": ("HyperliquidTransaction:SpotSend", SPOT_TRANSFER_SIGN_TYPES, sign_spot_transfer_action)}


def digest_by_hand(action, primary, fields):
    enc = lambda ty, v: keccak(text=v) if ty == "string" else encode([ty], [v])
    type_hash = keccak(text=f"{primary}(" + ",".join(f"{f['type']} {f['name']}" for f in fields) + ")")
    domain = keccak(keccak(text="EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)")
                    + keccak(text="HyperliquidSignTransaction") + keccak(text="1")
                    + encode(["uint256", "address"], [int(action["signatureChainId"], 16), "0x" + "00" * 20]))
    return keccak(b"\x19\x01" + domain + keccak(type_hash + b"".join(enc(f["type"], action[f["name"]]) for f in fields)))


def check(inp, key=KEY):
    out = sign("hypercore", "sign", {"key": key, **inp})
    body = json.loads(out["encoded"])
    assert set(body) == {"action", "nonce", "signature"}
    action, signature = body["action"], body["signature"]
    primary, fields, sdk_sign = PRIMARY[inp["action"]]
    wallet = Account.from_key("0x" + key)
    # The fields, as the input asked.
    assert action["type"] == inp["action"] and action["hyperliquidChain"] == "Mainnet"
    assert action["signatureChainId"] == hex(int(inp.get("signature_chain_id", 0x66EEE)))
    assert action["destination"] == inp["destination"].lower()
    assert action["time"] == body["nonce"] == int(inp["time"])
    assert int(action["amount"].replace(".", "")) * 10 ** (inp["decimals"] - (len(action["amount"].split(".")[1]) if "." in action["amount"] else 0)) == int(inp["amount"])
    if inp["action"] == "spotSend":
        assert action["token"] == inp["token"]
    # The SDK signs the same action to the same signature and recovers the sender.
    wire = {k: v for k, v in action.items() if k not in ("signatureChainId", "hyperliquidChain")}
    if action["signatureChainId"] == "0x66eee":
        assert sdk_sign(wallet, copy.deepcopy(wire), True) == signature
    assert recover_user_from_user_signed_action(copy.deepcopy(action), signature, fields, primary, True) == wallet.address
    # And an independent digest recovers it too.
    digest = digest_by_hand(action, primary, fields)
    assert out["hash"] == "0x" + digest.hex()
    sig = keys.Signature(vrs=(signature["v"] - 27, int(signature["r"], 16), int(signature["s"], 16)))
    assert sig.recover_public_key_from_msg_hash(digest).to_checksum_address() == wallet.address
    return body


@pytest.mark.parametrize("amount,decimals", [("12500000", 6), ("1", 6), ("100000000", 8), ("999999999999", 6)])
def test_usd_send(amount, decimals):
    check({"action": "usdSend", "destination": "0x" + "AB" * 20, "amount": amount, "decimals": decimals,
           "time": "1700000000000", "balance": amount})


@pytest.mark.parametrize("token", ["PURR:0xc4bf3f870c0e9465323c0b6ed28096c2", "USDC:0x6d1e7cde53ba9467b783cb7c530ce054",
                                   "HYPE:0x0d01dc56dcaaca66ad901c959b4011ec"])
def test_spot_send(token):
    check({"action": "spotSend", "destination": "0x2222222222222222222222222222222222222222", "token": token,
           "amount": "300000", "decimals": 5, "time": "1754996222238", "balance": "10000000"})


def test_signature_chain_id_is_the_domains():
    body = check({"action": "usdSend", "destination": "0x" + "cd" * 20, "amount": "5", "decimals": 0,
                  "time": "1754987223323", "balance": "5", "signature_chain_id": str(0xA4B1)})
    assert body["action"]["signatureChainId"] == "0xa4b1"


def test_vectors_recover():
    for v in load_vectors("hypercore")["vectors"]:
        check(v["input"], key=v["key"])


def test_refuses_amount_above_balance():
    assert refusal("hypercore", "sign", {"key": KEY, "action": "usdSend", "destination": "0x" + "ab" * 20, "amount": "11",
                                         "decimals": 6, "time": "1", "balance": "10"}) == \
        "insufficientBalance(required: 11, available: 10)"
