"""The numbers of a page of transaction rows as gem_transaction_rows writes them into the host's
buffer (the answer buffer writes integers and doubles itself): each amount and fiat value is the
correctly rounded double of the exact amount, spelled as Swift's `description` spells it (the
shortest digits that read back, as Python's `repr`; the exponent form from above 2^53, where
Python's starts at 1e16), and an integral value below 1e15 is written as an integer."""

from __future__ import annotations

import json
import random

import pytest

from gemstone import InvalidInput, abi, calls

pytestmark = pytest.mark.usefixtures("library")

WALLET = "multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
ASSETS = [
    ({"id": "ethereum", "name": "Ethereum", "symbol": "ETH", "decimals": 18, "type": "native"}, 3012.55),
    ({"id": "ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7", "name": "Tether", "symbol": "USDT", "decimals": 6, "type": "erc20"}, 1.0002),
    ({"id": "bitcoin", "name": "Bitcoin", "symbol": "BTC", "decimals": 8, "type": "native"}, 61234.5),
    ({"id": "solana", "name": "Solana", "symbol": "SOL", "decimals": 9, "type": "native"}, 0.1),
    ({"id": "tron", "name": "TRON", "symbol": "TRX", "decimals": 6, "type": "native"}, 7),
]


def swift_number(value: float) -> str:
    """How the core writes a finite double: integral values below 1e15 as integers, others as
    Swift's `description`: Python's repr digits, in exponent form above 2^53."""
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    text = repr(value)
    if abs(value) > 2 ** 53 and "e" not in text:  # "9721248612293344.0" -> "9.721248612293344e+15"
        sign = "-" if text.startswith("-") else ""
        whole = text.lstrip("-").split(".")[0]
        digits = whole.rstrip("0")
        mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        return f"{sign}{mantissa}e+{len(whole) - 1:02d}"
    return text


def page(seed: int) -> dict:
    rng = random.Random(seed)
    transactions = []
    for index in range(400):
        asset, _ = ASSETS[index % len(ASSETS)]
        decimals = asset["decimals"]
        digits = rng.choice([1, 2, 5, 9, 15, 16, 17, 19, 20, 25, 40])
        value = rng.randrange(10 ** (digits - 1), 10 ** digits) if rng.random() > 0.05 else 10 ** rng.randrange(0, 30)
        direction = rng.choice(["incoming", "outgoing", "self_transfer"])
        chain = asset["id"].split("_")[0]
        transactions.append({
            "id": f"{chain}_{index:064x}", "hash": f"{index:064x}", "wallet_id": WALLET, "asset_id": asset["id"],
            "fee_asset_id": chain, "type": rng.choice(["transfer", "swap", "stake_rewards"]), "direction": direction,
            "state": rng.choice(["confirmed", "pending", "failed"]), "created_at": rng.randrange(-10**12, 10**12),
            "value": str(value), "fee": "21000", "from": "a", "to": "b",
        })
    assets = [{"asset": asset, "price": price} for asset, price in ASSETS]
    return {"transactions": transactions, "assets": assets, "currency": "USD"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_amount_and_fiat_value_is_the_exact_amount_correctly_rounded_and_spelled_as_swift_does(seed: int) -> None:
    request = page(seed)
    raw = calls.call_out(abi.lib().gem_transaction_rows, json.dumps(request).encode())
    # Numbers kept as the text the core wrote.
    rows = json.loads(raw, parse_float=str, parse_int=str)
    prices = {asset["id"]: (asset["decimals"], price) for asset, price in ASSETS}
    checked = 0
    for transaction, row in zip(request["transactions"], rows, strict=True):
        assert row["created_at"] == str(transaction["created_at"])
        if row["value"]["type"] != "amount":
            continue
        decimals, price = prices[transaction["asset_id"]]
        magnitude = int(transaction["value"]) / 10 ** decimals  # correctly rounded, as the core's
        amount = row["value"]["amount"]["value"]
        assert float(amount) in (magnitude, -magnitude)
        assert amount == swift_number(float(amount))
        fiat = row["fiat"]["value"]
        assert float(fiat) == magnitude * price
        assert fiat == swift_number(magnitude * price)
        checked += 1
    assert checked > 300


def test_the_spelling_rule_matches_swift_description() -> None:
    # Swift's description of these doubles, written down from a Swift run.
    spelled = {1e-05: "1e-05", 1.5e-07: "1.5e-07", 0.0001: "0.0001", 1.5e15: "1500000000000000.0", 1e16: "1e+16",
               1234567890123456.7: "1234567890123456.8", 1.2345678901234568e+17: "1.2345678901234568e+17",
               9007199254740992.0: "9007199254740992.0", 9007199254740994.0: "9.007199254740994e+15",
               9721248612293344.0: "9.721248612293344e+15", -8.858141510183e-06: "-8.858141510183e-06",
               0.1 + 0.2: "0.30000000000000004", 5e-324: "5e-324", 1.7976931348623157e308: "1.7976931348623157e+308"}
    for value, text in spelled.items():
        assert swift_number(value) == text


def test_a_page_larger_than_its_estimate_and_a_page_refused_midway() -> None:
    # Rows far longer than the buffer's first estimate (long ids and counterparties): the buffer
    # grows and the page reads back whole.
    request = page(4)
    for index, transaction in enumerate(request["transactions"][:50]):
        transaction["id"] = f"ethereum_{index:05d}" + "f" * 4000
        transaction["from"] = transaction["to"] = "0x" + "a" * 3000
    raw = calls.call_out(abi.lib().gem_transaction_rows, json.dumps(request).encode())
    rows = json.loads(raw)
    assert len(rows) == len(request["transactions"])
    assert [row["id"] for row in rows] == [transaction["id"] for transaction in request["transactions"]]
    assert len(raw) > 768 * len(rows)
    # A transaction whose asset is missing, after rows were written: the error, not a partial page.
    request["transactions"][300]["asset_id"] = "bitcoin"
    request["assets"] = [entry for entry in request["assets"] if entry["asset"]["id"] != "bitcoin"]
    request["transactions"] = [t for t in request["transactions"][:300] if t["asset_id"] != "bitcoin"] + request["transactions"][300:301]
    with pytest.raises(InvalidInput, match="not among the assets"):
        calls.call_out(abi.lib().gem_transaction_rows, json.dumps(request).encode())
