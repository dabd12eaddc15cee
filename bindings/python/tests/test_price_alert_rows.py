"""gem_price_alert_rows through the binding (gemstone.presentation.price_alert_rows): each kind's row, the golden
request answering the golden rows, and its refusals (currency, decimals, an alert the add refuses, a mismatched
asset, a request beyond GEM_PRICE_ALERT_MAX_REQUEST_BYTES)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gemstone import InvalidArgument, InvalidInput
from gemstone import generated as g
from gemstone import presentation as p
from gemstone import abi, calls
from header import Header

pytestmark = pytest.mark.usefixtures("library")

GOLDEN = Path(__file__).resolve().parents[3] / "schema" / "golden"
BTC = g.Asset("bitcoin", "Bitcoin", "BTC", 8, g.AssetType.NATIVE)


def data(alert: g.PriceAlert, asset: g.Asset = BTC, price: float | None = 2000.0, change: float = -3.0) -> g.PriceAlertData:
    priced = None if price is None else g.AssetPrice(asset_id=asset.id, price_usd=price, price=price, price_change_percentage_24h=change)
    return g.PriceAlertData(alert=alert, asset=g.AssetData(asset=asset, price=priced, is_enabled=True))


def number(text: g.RowText | None) -> g.FormattedNumber:
    assert isinstance(text.text, g.LocalizedTextNumber), text
    return text.text.number


def test_the_constant_is_the_headers():
    assert g.Constants.PRICE_ALERT_MAX_REQUEST_BYTES == Header().int_define("GEM_PRICE_ALERT_MAX_REQUEST_BYTES")


@pytest.mark.parametrize("alert, kind, direction", [
    (g.PriceAlert(asset_id="bitcoin", currency="USD"), g.PriceAlertKind.AUTO, None),
    (g.PriceAlert(asset_id="bitcoin", currency="EUR", price=100000.0, price_direction=g.PriceDirection.UP), g.PriceAlertKind.PRICE, g.PriceDirection.UP),
    (g.PriceAlert(asset_id="bitcoin", currency="USD", price=0.9), g.PriceAlertKind.PRICE, None),
    (g.PriceAlert(asset_id="bitcoin", currency="USD", price_percent_change=5.0, price_direction=g.PriceDirection.DOWN),
     g.PriceAlertKind.PRICE_PERCENT_CHANGE, g.PriceDirection.DOWN),
])
def test_each_kind_with_its_id(alert, kind, direction):
    (row,) = p.price_alert_rows((data(alert),), "USD")
    assert row.kind == kind
    assert row.direction == direction
    expected_id = f"bitcoin:{alert.currency}:{'' if alert.price is None else format(alert.price, 'g')}:" \
                  f"{'' if alert.price_percent_change is None else format(alert.price_percent_change, 'g')}:" \
                  f"{'' if alert.price_direction is None else alert.price_direction.value}"
    assert row.id == expected_id
    assert row.row.asset_id == "bitcoin"
    assert row.row.title_extra.text == g.LocalizedTextText("BTC")
    assert row.row.masks_balance is False


def test_what_each_kind_says():
    auto, over, percent = p.price_alert_rows((
        data(g.PriceAlert(asset_id="bitcoin", currency="USD")),
        data(g.PriceAlert(asset_id="bitcoin", currency="EUR", price=100000.0, price_direction=g.PriceDirection.UP)),
        data(g.PriceAlert(asset_id="bitcoin", currency="USD", price_percent_change=5.0, price_direction=g.PriceDirection.DOWN)),
    ), "USD")
    # auto: the price and its 24-hour change, as the asset row shows them; nothing trails.
    assert number(auto.row.subtitle).value == 2000.0
    assert number(auto.row.subtitle_extra).value == -3.0 and auto.row.subtitle_extra.tone == g.ValueTone.NEGATIVE
    assert isinstance(auto.row.trailing, g.AssetTrailingNone)
    # price over: "Over", then the target in the alert's currency, positive; the current price trails.
    assert over.row.subtitle.text == g.LocalizedTextPriceAlertDirection(g.PriceDirection.UP)
    target = number(over.row.subtitle_extra)
    assert (target.value, target.unit) == (100000.0, g.NumberUnitCurrency("EUR"))
    assert over.row.subtitle_extra.tone == g.ValueTone.POSITIVE
    assert isinstance(over.row.trailing, g.AssetTrailingValue) and number(over.row.trailing.value).value == 2000.0
    # percent down: signed negative, negative, nothing beside it.
    move = number(percent.row.subtitle)
    assert (move.value, move.notation, percent.row.subtitle.tone) == (-5.0, g.NumberNotation.SIGNED, g.ValueTone.NEGATIVE)
    assert percent.row.subtitle_extra is None


def test_the_golden_request_answers_the_golden_rows():
    request = json.loads((GOLDEN / "GemPriceAlertRowsRequest.json").read_text())[0]
    golden = [g.PriceAlertRow.from_json(v) for v in json.loads((GOLDEN / "GemPriceAlertRow.json").read_text())]
    rows = p.price_alert_rows(g.PriceAlertRowsRequest.from_json(request).alerts, request["currency"])
    assert list(rows) == golden


@pytest.mark.parametrize("alerts, currency, message", [
    ((), "usd", "currency"),
    ((data(g.PriceAlert(asset_id="bitcoin", currency="USD"), g.Asset("bitcoin", "Bitcoin", "BTC", 256, g.AssetType.NATIVE)),), "USD", "decimals 256"),
    ((data(g.PriceAlert(asset_id="bitcoin", currency="Euro")),), "USD", "alerts[0].alert: currency"),
    ((data(g.PriceAlert(asset_id="bitcoin", currency="USD", price=0.0)),), "USD", "alerts[0].alert: an alert price"),
    ((data(g.PriceAlert(asset_id="ethereum", currency="USD")),), "USD", "is not its asset's id"),
])
def test_refusals_name_the_field(alerts, currency, message):
    with pytest.raises(InvalidInput) as raised:
        p.price_alert_rows(alerts, currency)
    assert message in str(raised.value)


def test_a_request_beyond_the_bound_is_refused_before_parsing():
    bound = g.Constants.PRICE_ALERT_MAX_REQUEST_BYTES
    function = abi.lib().gem_price_alert_rows
    with pytest.raises(InvalidArgument) as raised:
        calls.call_out(function, b" " * (bound - 1) + b"{}")
    assert f"longer than {bound} bytes" in str(raised.value)
    # At the bound the request is read (and here refused for its content, not its length).
    with pytest.raises(InvalidArgument) as raised:
        calls.call_out(function, b" " * (bound - 2) + b"{}")
    assert "longer than" not in str(raised.value)
