"""The presentation answers through the binding, one screen's worth each: a transactions screen
(rows, day sections, the growing window, the list phase), an amount screen (session events and
view states), numbers in every style, typed amounts in several locales, and copies."""

from __future__ import annotations

import pytest

from gemstone import InvalidArgument, InvalidInput
from gemstone import calls
from gemstone import generated as g
from gemstone import presentation as p
from header import Header

pytestmark = pytest.mark.usefixtures("library")

ETH = p.Asset("ethereum", "Ethereum", "ETH", 18, p.AssetType.NATIVE)
USDT = p.Asset("ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7", "Tether", "USDT", 6, p.AssetType.ERC20)
BTC = p.Asset("bitcoin", "Bitcoin", "BTC", 8, p.AssetType.NATIVE)
ME = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
OTHER = "0x1234567890abcdef1234567890abcdef12345678"
NOW = 1772323200  # 2026-03-01 00:00 UTC
HOUR = 3600


def transaction(index: int, kind: str, direction: str, state: str, asset: p.Asset, value: int, created_at: int) -> p.Transaction:
    chain = asset.id.split("_")[0]
    return p.Transaction(id=f"{chain}_0x{index:064x}", hash=f"0x{index:064x}", wallet_id=f"multicoin_{ME}", asset_id=asset.id,
                         fee_asset_id=chain, type=p.TransactionType(kind), direction=p.TransactionDirection(direction), state=p.TransactionState(state), created_at=created_at, value=value,
                         fee=21000, from_=OTHER if direction == "incoming" else ME, to=ME if direction == "incoming" else OTHER)


def test_the_header_constants_are_the_bindings():
    header = Header()
    for name in ("LIST_PAGE_SIZE", "LIST_PREFETCH_ROWS", "LIST_MAX_ROWS", "SECRET_CLIPBOARD_SECONDS", "MAX_ASSET_DECIMALS",
                 "MAX_UTC_OFFSET_SECONDS"):
        assert getattr(p, name) == header.int_define("GEM_" + name), name


def test_a_transactions_screen():
    # Evening at UTC-5: today is Feb 28 locally, so a transaction at 23:00 UTC Feb 27 is yesterday.
    boundaries = p.day_boundaries(NOW, -5 * HOUR)
    assert boundaries == p.DayBoundaries(p.Day(2026, 2, 28), p.Day(2026, 2, 27))
    transactions = [
        transaction(1, "transfer", "incoming", "pending", ETH, 1_500_000_000_000_000_000, NOW - HOUR),
        transaction(2, "transfer", "outgoing", "confirmed", USDT, 25_000_000, NOW - 26 * HOUR),
        transaction(3, "token_approval", "outgoing", "confirmed", USDT, 0, NOW - 27 * HOUR),
        transaction(4, "swap", "outgoing", "failed", ETH, 10 ** 12, NOW - 40 * 24 * HOUR),
        transaction(5, "stake_rewards", "incoming", "confirmed", BTC, 12_345, NOW - 41 * 24 * HOUR),
    ]
    assets = [p.PricedAsset(ETH, 2000.0), p.PricedAsset(USDT, 1.0), p.PricedAsset(BTC)]
    rows = p.transaction_rows(transactions, assets, "USD")

    assert [row.title for row in rows] == ["received", "sent", "approval", "swap", "rewards"]
    assert [row.id for row in rows] == [t.id for t in transactions]
    received = rows[0]
    assert received.subtitle == p.TransactionSubtitleFrom(address="0x1234...5678")
    assert received.value.amount == p.FormattedNumber(1.5, p.NumberUnitSymbol(symbol="ETH"),
                                                p.NumberDisplayNumber(precision=p.PrecisionFraction(min=0, max=2)), "signed", "positive", "toward_zero")
    assert received.fiat is not None and received.fiat.value == 3000 and received.fiat.unit == p.NumberUnitCurrency(code="USD")
    assert received.status == p.TransactionStatus(p.ValueTone.WARNING, True, True)
    sent = rows[1]
    assert (sent.value.amount.value, sent.value.amount.notation, sent.value.amount.tone) == (-25.0, "signed", "plain")
    assert (sent.subtitle.TYPE, sent.status.shows_badge) == ("to", False)
    assert (rows[2].value, rows[2].fiat) == (p.TransactionValueSymbol(symbol="USDT"), None)
    assert (rows[3].value.amount.notation, rows[3].value.amount.tone, rows[3].status.tone) == ("plain", "neutral", "negative")
    assert rows[4].fiat is None and rows[4].value.amount.unit.symbol == "BTC"  # no price, no fiat

    # Sections: one label call per list build, for the days the rows fall on (device time).
    days = sorted({p.Day(*time_of(row.created_at - 5 * HOUR)) for row in rows}, reverse=True)
    assert p.day_labels(boundaries, days) == ("today", "yesterday", "date", "date")[:len(days)]

    # The list's phase and window.
    empty = p.empty_state("activity")
    assert empty == p.EmptyState(g.EmptyStateKind.ACTIVITY, g.EmptyStateImage.ACTIVITY, g.EmptyStateAction.RECEIVE)
    assert p.list_phase(p.ListPhaseMode.SYNCED, p.LoadStateLoading(), True, empty) == p.ListPhaseRows()
    offline = g.ServiceErrorOffline(message="no network")
    assert p.list_phase("synced", p.LoadStateError(error=offline), False, empty) == p.ListPhaseError(error=offline)
    assert p.list_phase("once_loaded", p.LoadStateNoData(), False, empty) is None
    assert p.load_state_refreshed(True, offline) == p.LoadStateData()
    assert p.load_state_refreshed(False, offline) == p.LoadStateError(error=offline)
    api = g.ServiceErrorApi(message="m", status=409)
    assert p.load_state_refreshed(False, api) == p.LoadStateError(error=api)  # the record passes through unchanged
    window = p.ListWindow(p.LIST_PAGE_SIZE, p.LIST_MAX_ROWS)
    assert p.list_window_on_end_reached(window, 10) == window  # not filled: every row shows
    grown = p.list_window_on_end_reached(window, p.LIST_PAGE_SIZE)
    assert grown == p.ListWindow(2 * p.LIST_PAGE_SIZE, p.LIST_MAX_ROWS)
    past = p.ListWindow(p.LIST_MAX_ROWS + 200, p.LIST_MAX_ROWS)
    for rows in (0, p.LIST_MAX_ROWS + 200):  # a limit past the maximum is capped at it, filled or not
        assert p.list_window_on_end_reached(past, rows) == p.ListWindow(p.LIST_MAX_ROWS, p.LIST_MAX_ROWS)

    with pytest.raises(InvalidInput):
        p.transaction_rows(transactions, [p.PricedAsset(ETH)], "USD")  # USDT and BTC are missing
    with pytest.raises(InvalidInput):
        p.transaction_rows([], assets, "usd")


def time_of(seconds: int) -> tuple[int, int, int]:
    import datetime
    day = datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).date()
    return day.year, day.month, day.day


def test_an_amount_screen():
    comma = p.NumberFormat(",")
    session = p.amount_session_new(ETH, 2 * 10 ** 18, "EUR", comma, minimum=10 ** 15)
    assert (session.text, session.is_max) == ("", False)
    empty = p.amount_session_view_state(session, price=2000.0)
    assert (empty.check, empty.value, empty.can_continue, empty.error) == ("empty", None, False, p.AmountErrorDisplayNone())
    assert empty.fiat is not None and empty.fiat.value == 0

    session = p.amount_session_apply(session, p.AmountEventTyped("1,5"))
    state = p.amount_session_view_state(session, price=2000.0)
    assert (state.value, state.check, state.can_continue) == (15 * 10 ** 17, "ok", True)
    assert state.fiat == p.FormattedNumber(3000.0, p.NumberUnitCurrency(code="EUR"),
                                           p.NumberDisplayNumber(precision=p.PrecisionFraction(min=2, max=2)), "plain", "plain", "to_nearest")

    over = p.amount_session_view_state(p.amount_session_apply(session, p.AmountEventTyped("3")), price=None)
    assert (over.check, over.error, over.fiat) == ("over_balance", p.AmountErrorDisplayInsufficientBalance(title="Ethereum (ETH)"), None)
    small = p.amount_session_view_state(p.amount_session_apply(session, p.AmountEventTyped("0,0001")))
    assert small.check == "invalid" and isinstance(small.error, p.AmountErrorDisplayBelowMinimum) and small.error.minimum.value == 0.001
    wrong = p.amount_session_view_state(p.amount_session_apply(session, p.AmountEventTyped("1.5")))  # "." groups here
    assert (wrong.check, wrong.error) == ("invalid", p.AmountErrorDisplayInvalidAmount())

    session = p.amount_session_apply(session, p.AmountEventMaxToggled())
    assert (session.text, session.is_max) == ("2", True)
    session = p.amount_session_apply(session, p.AmountEventBalanceChanged(25 * 10 ** 17))
    assert session.text == "2,5" and p.amount_session_view_state(session).value == 25 * 10 ** 17
    with pytest.raises(InvalidInput):
        p.amount_session_view_state(session, price=-1.0)


@pytest.mark.parametrize("value, style, display, tone", [
    (-5.0, "currency", p.NumberDisplayNumber(precision=p.PrecisionFraction(min=2, max=2)), "negative"),
    (0.000838, "currency", p.NumberDisplayNumber(precision=p.PrecisionFraction(min=2, max=7)), "positive"),
    (2_500_000.0, "abbreviated", p.NumberDisplayAbbreviated(), "positive"),
    (0.5, "fiat", p.NumberDisplayNumber(precision=p.PrecisionFraction(min=2, max=2)), "positive"),
])
def test_currencies_in_each_style(value, style, display, tone):
    number = p.formatted_currency(value, "USD", style, signed=True)
    assert (number.value, number.display, number.notation, number.tone, number.rounding) == (value, display, "signed", tone, "to_nearest")
    assert p.formatted_currency(value, "USD", style).notation == "plain"


def test_amounts_in_each_style():
    assert p.formatted_amount(0.00001, "short", "ETH").display == p.NumberDisplayBelowThreshold(threshold=0.0001, places=4)
    assert p.formatted_amount(250_000, "short", "ETH").display == p.NumberDisplayAbbreviated()
    assert p.formatted_amount(0.05, "short").display.precision == p.PrecisionFraction(min=0, max=4)
    assert p.formatted_amount(0.5, "auto", "BTC").display.precision == p.PrecisionSignificant(max=4)
    full = p.formatted_amount(1.123456789, "full", "ETH")
    assert (full.display.precision.max, full.rounding, full.unit.symbol) == (32, "toward_zero", "ETH")
    assert p.formatted_amount(1.0, "full").unit == p.NumberUnitPlain()
    assert p.duration_parts(3725) == (p.DurationPart(1, "hours"), p.DurationPart(2, "minutes"))
    assert p.duration_parts(90061, max_parts=3) == (p.DurationPart(1, "days"), p.DurationPart(1, "hours"), p.DurationPart(1, "minutes"))


@pytest.mark.parametrize("separator, text, plain, atomic", [
    (".", "1,234.5", "1234.5", 1_234_500_000),
    (",", "1.234,5", "1234.5", 1_234_500_000),
    (",", "1.5", None, None),
    ("٫", "٣٫٥", "3.5", 3_500_000),
    ("٫", "۱۲٬۳۴۵", "12345", 12_345_000_000),
    (".", "", "", None),
])
def test_typed_amounts_in_several_locales(separator, text, plain, atomic):
    format = p.NumberFormat(separator)
    assert p.plain_number(format, text) == plain
    read = p.value_from_input(format, text, 6)
    if atomic is not None:
        assert read == p.InputValueValue(value=atomic)
        assert p.plain_number(format, p.input_text(format, atomic, 6)) == plain
    elif plain is None:
        assert read.error == p.AmountErrorInvalidNumber()


def test_number_fields():
    comma = p.NumberFormat(",")
    assert p.value_from_input(comma, "0,0000001", 6) == p.InputValueError(error=p.AmountErrorTooManyDecimals(decimals=6))
    assert p.input_text(comma, 1_500_000, 6) == "1,5"
    assert p.value_text(comma, 1e-05) == "0,00001"
    assert p.amount_error_display(p.AmountErrorZero()) == p.AmountErrorDisplayNone()
    tron = p.Asset("tron", "TRX", "TRX", 6, p.AssetType.NATIVE)
    assert p.amount_error_display(p.AmountErrorInsufficientBalance(asset=tron, available=1)).title == "TRX"
    with pytest.raises(InvalidInput):
        p.input_text(comma, 1, p.MAX_ASSET_DECIMALS + 1)
    with pytest.raises(InvalidInput):
        p.plain_number(p.NumberFormat("5"), "1")


def test_copies():
    copy = p.address_copy("bitcoin", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")
    assert (copy.kind, copy.display) == (p.CopyKindAddress(chain="bitcoin"), "bc1qar...5mdq")
    assert p.copy_kind_policy(p.CopyKindPrivateKey()) == p.CopyPolicy(True, p.SECRET_CLIPBOARD_SECONDS)
    assert p.copy_kind_policy(p.CopyKindSecretPhrase()).is_sensitive
    assert p.copy_kind_policy(p.CopyKindAddress(chain="ethereum")) == p.CopyPolicy(False, None)
    assert p.format_address(OTHER, "short") == "0x1234...5678" and p.format_address(OTHER, "full") == OTHER
    assert "secret" not in repr(p.Copy(p.CopyKindPrivateKey(), "secret", ""))
    with pytest.raises(InvalidInput):
        p.address_copy("bitcoin", "")
    with pytest.raises(InvalidArgument):
        p.address_copy("nowhere", "x")
    with pytest.raises(InvalidInput):
        p.day_boundaries(NOW, p.MAX_UTC_OFFSET_SECONDS + 1)


def test_an_unknown_case_is_refused_in_the_abi_spelling():
    # The binding's own enums refuse a wrong case before the call; sent raw, the core's message lists the
    # allowed values as the JSON spells them (never a Swift type or case name).
    with pytest.raises(ValueError):
        p.list_phase("sometimes", p.LoadStateData(), True, p.empty_state("activity"))
    request = {"mode": "sometimes", "state": {"type": "data"}, "has_rows": True, "empty": p.empty_state("activity").to_json()}
    with pytest.raises(InvalidArgument) as raised:
        calls.answer("gem_list_phase", request, lambda data: data)
    assert raised.value.message == 'request_json: mode: unknown value "sometimes"; expected one of synced, local, once_loaded'
    session = p.amount_session_new(ETH, 1, "USD", p.NumberFormat("."))
    with pytest.raises(InvalidArgument) as raised:
        calls.answer("gem_amount_session_apply", {"session": session.to_json(), "event": {"type": "pasted"}}, lambda data: data)
    assert raised.value.message == 'request_json: event.type: unknown value "pasted"; expected one of typed, max_toggled, balance_changed'


def test_confirm_error_display():
    eth = g.Asset("ethereum", "Ethereum", "ETH", 18, g.AssetType.NATIVE)
    requirement = g.BalanceRequirement(required=10, available=4, shortfall=6)
    assert p.confirm_error_display(g.ConfirmErrorInsufficientNetworkFee(asset=eth, requirement=requirement)) == \
        g.ConfirmErrorDisplayNetworkFeeRequired(asset=eth, requirement=requirement)
    assert p.confirm_error_display(g.ConfirmErrorInsufficientNetworkFee(asset=eth, requirement=None)) == \
        g.ConfirmErrorDisplayNetworkFeeMissing(asset=eth)
    assert p.confirm_error_display(g.ConfirmErrorScanMalicious(address="0x1")) == g.ConfirmErrorDisplayMaliciousRecipient()
    assert p.confirm_error_display(g.ConfirmErrorCancelled()) == g.ConfirmErrorDisplayNone()
