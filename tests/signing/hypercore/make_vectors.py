"""Writes Tests/BlockchainTests/Vectors/signing/hypercore.json: HyperCore usdSend and spotSend requests signed by
hyperliquid-python-sdk 0.24.0 (`hyperliquid.utils.signing.sign_usd_transfer_action` / `sign_spot_transfer_action`,
mainnet), as the /exchange body `Exchange._post_action` posts without its null vaultAddress / expiresAfter keys:
{"action", "nonce", "signature"} in compact JSON.

Run in the evm environment: .venvs/evm/bin/python tests/signing/hypercore/make_vectors.py
"""
import json
from decimal import Decimal
from importlib.metadata import version
from pathlib import Path

from eth_account import Account
from eth_utils import keccak
from hyperliquid.utils.signing import (SPOT_TRANSFER_SIGN_TYPES, USD_SEND_SIGN_TYPES, sign_spot_transfer_action,
                                       sign_usd_transfer_action, user_signed_payload)
from eth_account.messages import encode_typed_data

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests/BlockchainTests/Vectors/signing/hypercore.json"


def amount_text(amount: int, decimals: int) -> str:
    """The signer's rule: the decimal text of amount / 10^decimals, trailing zeros dropped."""
    text = format(Decimal(amount).scaleb(-decimals).normalize(), "f")
    return text


def vector(name, key, action, destination, amount, decimals, time, token=None, balance=None):
    wallet = Account.from_key("0x" + key)
    wire = {"destination": destination, "amount": amount_text(amount, decimals)}
    if action == "usdSend":
        wire.update(time=time, type="usdSend")
        signature = sign_usd_transfer_action(wallet, wire, True)
        types, primary = USD_SEND_SIGN_TYPES, "HyperliquidTransaction:UsdSend"
    else:
        wire.update(token=token, time=time, type="spotSend")
        signature = sign_spot_transfer_action(wallet, wire, True)
        types, primary = SPOT_TRANSFER_SIGN_TYPES, "HyperliquidTransaction:SpotSend"
    digest = encode_typed_data(full_message=user_signed_payload(primary, types, wire))
    body = json.dumps({"action": wire, "nonce": time, "signature": signature}, separators=(",", ":"))
    inp = {"action": action, "destination": destination, "amount": str(amount), "decimals": decimals, "time": str(time),
           "balance": str(balance if balance is not None else amount)}
    if token:
        inp["token"] = token
    return {"name": name, "key": key, "input": inp, "encoded": body,
            "hash": "0x" + keccak(b"\x19\x01" + digest.header + digest.body).hex(), "from": wallet.address}


PURR = "PURR:0xc4bf3f870c0e9465323c0b6ed28096c2"
USDC = "USDC:0x6d1e7cde53ba9467b783cb7c530ce054"
HYPE = "HYPE:0x0d01dc56dcaaca66ad901c959b4011ec"
vectors = [
    vector("usdSend 12.5 USDC", "5a" * 32, "usdSend", "0x" + "ab" * 20, 12_500_000, 6, 1_700_000_000_000),
    vector("usdSend 1 USDC (gem's example)", "46" * 32, "usdSend", "0xe51d0862078098c84346b6203b50b996f7dafe28",
           1_000_000, 6, 1_754_987_223_323, balance=5_000_000),
    vector("usdSend smallest unit", "0123456789abcdef" * 4, "usdSend", "0x" + "01" * 20, 1, 6, 1_760_000_000_001),
    vector("spotSend 3 PURR", "5a" * 32, "spotSend", "0x" + "ab" * 20, 300_000, 5, 1_700_000_000_000, token=PURR),
    vector("spotSend 0.02 USDC (gem's example)", "46" * 32, "spotSend", "0x1085c5f70f7f7591d97da281a64688385455c2bd",
           2_000_000, 8, 1_755_004_027_201, token=USDC),
    vector("spotSend HYPE to the system address", "0123456789abcdef" * 4, "spotSend", "0x2222222222222222222222222222222222222222",
           123_456_789, 8, 1_754_996_222_238, token=HYPE, balance=10**12),
]

def short_r_or_s(action, token=None):
    """The first time from 1760000000000 whose signature's r or s has fewer than 64 hex digits: the SDK writes them
    without leading zeros."""
    for time in range(1_760_000_000_000, 1_760_000_010_000):
        v = vector(f"{action} with a short r or s", "77" * 32, action, "0x" + "09" * 20, 42, 2, time, token=token)
        sig = json.loads(v["encoded"])["signature"]
        if len(sig["r"]) < 66 or len(sig["s"]) < 66:
            return v
    raise RuntimeError("no short signature found")


vectors += [short_r_or_s("usdSend"), short_r_or_s("spotSend", PURR)]
OUT.write_text(json.dumps({"source": f"tests/signing/hypercore/make_vectors.py: hyperliquid-python-sdk "
                                     f"{version('hyperliquid-python-sdk')}, eth-account {version('eth-account')}",
                           "vectors": vectors}, indent=1) + "\n")
print(f"wrote {OUT}: {len(vectors)} vectors")
