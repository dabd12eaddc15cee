"""The benchmark's inputs: a wallet_asset_rows request of N assets (native coins and ERC-20 tokens, each
with a balance and a price), a stream tick of N prices, and a wallet_sections request of N wallets."""
import json


def asset_rows(count):
    assets = []
    for i in range(count):
        token = i % 4 != 0
        asset_id = f"ethereum_0x{i:040x}" if token else ["bitcoin", "ethereum", "solana", "tron"][(i // 4) % 4]
        asset = {"id": asset_id, "name": f"Token {i}" if token else asset_id.title(), "symbol": f"T{i}" if token else "SYM",
                 "decimals": 18 if token else 8, "type": "erc20" if token else "native"}
        assets.append({
            "asset": asset,
            "balance": {"asset_id": asset_id, "available": str(10 ** 18 + i * 7919), "staked": "0", "pending": "0",
                        "locked": "0", "reserved": "0"},
            "price": {"asset_id": asset_id, "price_usd": 1.5 + i, "price": 1.38 + i * 0.92,
                      "price_change_percentage_24h": (i % 11) - 5.25, "updated_at": 1733300000},
            "is_enabled": i % 10 != 9,
        })
    return {"assets": assets, "currency": "EUR"}


def tick(count, shift=0.0):
    return {"rates": [{"symbol": "EUR", "rate": 0.92}],
            "prices": [{"assetId": f"ethereum_0x{i:040x}", "price": 1.5 + i + shift, "priceChangePercentage24h": 1.25,
                        "lastUpdatedAt": "2024-12-04T10:00:00"} for i in range(count)]}


def wallet_sections(count):
    wallets = [{"id": f"view_ethereum_0x{i:040x}", "name": f"Wallet {i}", "index": i, "order": count - i,
                "is_pinned": i % 50 == 0} for i in range(count)]
    return {"wallets": wallets, "current_wallet_id": wallets[count // 2]["id"]}


def write(path, value):
    with open(path, "w") as handle:
        handle.write(json.dumps(value, separators=(",", ":")))
