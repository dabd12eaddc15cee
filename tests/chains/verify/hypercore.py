"""HyperCore: the `/exchange` body {"action": spotSend or usdSend, "nonce", "signature": {r, s, v}} checked with
hyperliquid-python-sdk 0.24.0: `recover_user_from_user_signed_action` (the EIP-712 "user-signed action" under
HyperliquidSignTransaction, SPOT_TRANSFER_SIGN_TYPES or USD_SEND_SIGN_TYPES, mainnet) must recover
`spec["sender"]`, and the action's destination, amount (decimal text, base units of `spec["decimals"]`) and, for
a spotSend, token (`name:tokenId`) must be the spec's. Recipe:
tests/signing/hypercore/test_hypercore.py. HyperCore gives an action no hash before it accepts it: the id the
exchange (and the specification's app) uses is `action:<nonce>`, answered as "hash"."""

from __future__ import annotations

import copy
import json
from decimal import Decimal

from hyperliquid.utils.signing import SPOT_TRANSFER_SIGN_TYPES, USD_SEND_SIGN_TYPES, recover_user_from_user_signed_action

# The action types a send may sign: their EIP-712 field lists and primary types (the SDK's).
ACTIONS = {"spotSend": (SPOT_TRANSFER_SIGN_TYPES, "HyperliquidTransaction:SpotSend"),
           "usdSend": (USD_SEND_SIGN_TYPES, "HyperliquidTransaction:UsdSend")}


def verify(body: bytes, spec: dict) -> dict:
    request = json.loads(body)
    action, signature, nonce = request["action"], request["signature"], request["nonce"]
    if action.get("type") not in ACTIONS or action.get("hyperliquidChain") != "Mainnet":
        raise ValueError(f"not a mainnet spotSend or usdSend: {action.get('type')} {action.get('hyperliquidChain')}")
    if action["time"] != nonce:
        raise ValueError(f"time {action['time']} is not the nonce {nonce}")
    sign_types, primary_type = ACTIONS[action["type"]]
    if action["type"] == "spotSend" and action.get("token") != spec.get("token"):
        raise ValueError(f"token {action.get('token')}, expected {spec.get('token')}")
    sender = recover_user_from_user_signed_action(copy.deepcopy(action), signature, sign_types, primary_type, True)
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
