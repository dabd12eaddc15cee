"""HyperCore: the `/exchange` body {"action": usdSend, "nonce", "signature": {r, s, v}} checked with
hyperliquid-python-sdk 0.24.0: `recover_user_from_user_signed_action` (the EIP-712 "user-signed action" under
HyperliquidSignTransaction, USD_SEND_SIGN_TYPES, mainnet) must recover `spec["sender"]`, and the action's
destination and amount (decimal USDC text, base units of `spec["decimals"]`) must be the spec's. Recipe:
tests/signing/hypercore/test_hypercore.py. HyperCore gives an action no hash before it accepts it: the id the
exchange (and the specification's app) uses is `action:<nonce>`, answered as "hash"."""

from __future__ import annotations

import copy
import json
from decimal import Decimal

from hyperliquid.utils.signing import USD_SEND_SIGN_TYPES, recover_user_from_user_signed_action


def verify(body: bytes, spec: dict) -> dict:
    request = json.loads(body)
    action, signature, nonce = request["action"], request["signature"], request["nonce"]
    if action.get("type") != "usdSend" or action.get("hyperliquidChain") != "Mainnet":
        raise ValueError(f"not a mainnet usdSend: {action.get('type')} {action.get('hyperliquidChain')}")
    if action["time"] != nonce:
        raise ValueError(f"time {action['time']} is not the nonce {nonce}")
    sender = recover_user_from_user_signed_action(copy.deepcopy(action), signature, USD_SEND_SIGN_TYPES,
                                                  "HyperliquidTransaction:UsdSend", True)
    if sender.lower() != spec["sender"].lower():
        raise ValueError(f"the signature recovers {sender}, not the sender {spec['sender']}")
    if action["destination"] != spec["recipient"].lower():
        raise ValueError(f"destination {action['destination']}, expected {spec['recipient'].lower()}")
    amount = Decimal(action["amount"]).scaleb(int(spec["decimals"]))
    if amount != amount.to_integral_value() or int(amount) != int(spec["amount"]):
        raise ValueError(f"amount {action['amount']}, expected {spec['amount']} base units of {spec['decimals']} decimals")
    return {"hash": f"action:{nonce}", "nonce": nonce, "sender": spec["sender"], "recipient": spec["recipient"],
            "amount": str(int(amount))}


def tamper(body: bytes) -> bytes:
    """The signature's s with its lowest bit flipped."""
    request = json.loads(body)
    request["signature"]["s"] = hex(int(request["signature"]["s"], 16) ^ 1)
    return json.dumps(request).encode()
