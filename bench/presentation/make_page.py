"""Writes the benchmark's request for gem_transaction_rows: a page of N transactions of one
multicoin wallet over four assets (two priced natives, a priced token, an unpriced native), with
the mix of types, directions and states an activity list holds. Deterministic (seeded)."""
import json
import random
import sys

WALLET = "multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
ME = {"ethereum": "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "bitcoin": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      "solana": "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"}
ASSETS = [
    {"asset": {"id": "ethereum", "name": "Ethereum", "symbol": "ETH", "decimals": 18, "type": "native"}, "price": 3012.55},
    {"asset": {"id": "ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7", "name": "Tether", "symbol": "USDT", "decimals": 6,
               "type": "erc20"}, "price": 1.0002},
    {"asset": {"id": "bitcoin", "name": "Bitcoin", "symbol": "BTC", "decimals": 8, "type": "native"}, "price": 61234.5},
    {"asset": {"id": "solana", "name": "Solana", "symbol": "SOL", "decimals": 9, "type": "native"}},
]
KINDS = [("transfer", "incoming")] * 6 + [("transfer", "outgoing")] * 6 + [
    ("swap", "outgoing"), ("token_approval", "outgoing"), ("stake_rewards", "incoming"), ("smart_contract_call", "outgoing"),
    ("stake_delegate", "outgoing"), ("transfer", "self_transfer")]
STATES = ["confirmed"] * 16 + ["pending", "failed", "in_transit", "reverted"]


def page(count: int, seed: int = 7) -> dict:
    rng = random.Random(seed)
    hexdigits = "0123456789abcdef"
    transactions = []
    for index in range(count):
        priced = ASSETS[rng.randrange(len(ASSETS))]
        asset = priced["asset"]
        chain = asset["id"].split("_")[0]
        kind, direction = rng.choice(KINDS)
        if kind == "token_approval" and asset["type"] == "native":
            kind = "transfer"
        tx_hash = ("0x" if chain == "ethereum" else "") + "".join(rng.choice(hexdigits) for _ in range(64))
        other = {"ethereum": "0x" + "".join(rng.choice(hexdigits) for _ in range(40)),
                 "bitcoin": "bc1q" + "".join(rng.choice("023456789acdefghjklmnpqrstuvwxyz") for _ in range(38)),
                 "solana": "".join(rng.choice("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz") for _ in range(44))}[chain]
        me = ME[chain]
        value = rng.randrange(1, 10 ** rng.randrange(2, asset["decimals"] + 4))
        transactions.append({
            "id": f"{chain}_{tx_hash}", "hash": tx_hash, "wallet_id": WALLET, "asset_id": asset["id"],
            "fee_asset_id": chain, "type": kind, "direction": direction, "state": rng.choice(STATES),
            "created_at": 1772323200 - index * 3607, "value": str(value), "fee": str(rng.randrange(1000, 10 ** 6)),
            "from": other if direction == "incoming" else me, "to": me if direction == "incoming" else other,
        })
    return {"transactions": transactions, "assets": ASSETS, "currency": "USD"}


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    sys.stdout.write(json.dumps(page(count), separators=(",", ":")))
