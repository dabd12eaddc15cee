"""The chart service and session through the library, against the test API server: the fixture chart loaded,
converted at the stored rate and drawn; the failure switch answered as the failed phase with its error; an
answer for an older request dropped; a new period unzoomed."""

from __future__ import annotations

import pytest

from gemstone import ChartService, PreferencesService, PriceService, SqlitePreferencesStore, SqlitePriceStore
from gemstone.generated import (ChartEventPeriod, ChartEventRefresh, ChartEventResult, ChartEventZoom, ChartInput,
                                ChartPeriod, ChartPhaseData, ChartPhaseFailed, ChartPhaseLoading)
from gemstone.projections import chart_index_at, chart_selection, chart_session_apply, chart_session_new, chart_view_state


@pytest.fixture
def charts(library, api_server, tmp_path):
    db = tmp_path / "prices.db"
    api_server.control("PUT", "/_control/fiat_rates", [{"symbol": "EUR", "rate": 0.5}])
    with PreferencesService(SqlitePreferencesStore(db)) as preferences:
        preferences.update(currency="EUR")
        with PriceService(api_server.url, preferences=preferences, store=SqlitePriceStore(db), wait_timeout=30) as prices:
            prices.sync_prices(["bitcoin"])
            with ChartService(api_server.url, prices=prices, wait_timeout=30) as service:
                yield service


def test_load_fold_and_draw(charts, api_server):
    session = chart_session_new("bitcoin", ChartPeriod.DAY, "EUR")
    result = charts.load(session.request)
    assert result.conversion.currency == "EUR" and result.conversion.rate == 0.5
    session = chart_session_apply(session, ChartEventResult(result=result))
    view = chart_view_state(session, ChartInput(asset_id="bitcoin"))
    assert isinstance(view.phase, ChartPhaseData)
    data = view.phase.data
    fixture = api_server.control("GET", "/v1/charts/bitcoin?period=day")["prices"]
    assert [point.value for point in data.points] == [point["value"] * 0.5 for point in fixture]
    assert chart_index_at(data, 0.0) == 0
    assert chart_index_at(data, 1.0) == len(data.points) - 1
    assert chart_index_at(data, 1.5) is None
    assert chart_selection(data, 0).change_percentage == 0
    zoomed = chart_session_apply(session, ChartEventZoom(scale=2.0, anchor=1.0))
    assert zoomed.window_count == len(data.points) // 2
    week = chart_session_apply(zoomed, ChartEventPeriod(period=ChartPeriod.WEEK))
    assert week.window_count is None and week.points is None


def test_failure_and_an_older_answer(charts, api_server):
    session = chart_session_new("bitcoin", ChartPeriod.DAY, "EUR")
    api_server.control("POST", "/_control/fail_next_price_request")
    failed = chart_session_apply(session, ChartEventResult(result=charts.load(session.request)))
    phase = chart_view_state(failed, ChartInput(asset_id="bitcoin")).phase
    assert isinstance(phase, ChartPhaseFailed) and phase.error.status == 500
    stale = charts.load(failed.request)
    retry = chart_session_apply(failed, ChartEventRefresh())
    assert chart_session_apply(retry, ChartEventResult(result=stale)) == retry
    assert isinstance(chart_view_state(retry, ChartInput(asset_id="bitcoin")).phase, ChartPhaseLoading)


def test_the_view_carries_the_market_alert_and_link_sections(library):
    """gem_chart_view_state's sections from the one observed record: the market in the session's currency at its
    held rate (USD before a rate is held), the asset's alerts as price alert rows, the openable links in order."""
    from gemstone.generated import Asset, AssetType, PriceAlert, PriceDirection
    from gemstone.generated import (AssetLink, AssetLinkKind, AssetMarket, ChartLinkRow, ChartPoint, ChartResult,
                                    ListRowTitle, LoadStateData, NumberDisplayAbbreviated, NumberUnitCurrency,
                                    PriceConversion)
    bitcoin = Asset("bitcoin", "Bitcoin", "BTC", 8, AssetType.NATIVE)
    record = ChartInput(asset_id="bitcoin", asset=bitcoin,
                        market=AssetMarket(market_cap=2e12, market_cap_rank=1, circulating_supply=19_800_000.0),
                        alerts=[PriceAlert("bitcoin", "EUR", price=60_000.0, price_direction=PriceDirection.UP),
                                PriceAlert("ethereum", "EUR", price=4_000.0, price_direction=PriceDirection.UP)],
                        links=[AssetLink("github", "https://github.com/bitcoin"), AssetLink("Twitter", "https://x.com/b"),
                               AssetLink("website", "http://bitcoin.org")])
    session = chart_session_new("bitcoin", ChartPeriod.DAY, "EUR")
    before = chart_view_state(session, record)
    assert before.market[0].value.unit == NumberUnitCurrency(code="USD") and before.market[0].value.value == 2e12
    session = chart_session_apply(session, ChartEventResult(result=ChartResult(
        request=session.request, state=LoadStateData(), conversion=PriceConversion("EUR", 0.5),
        points=[ChartPoint(1_000, 10.0), ChartPoint(1_060, 11.0)])))
    view = chart_view_state(session, record)
    assert [row.title for row in view.market] == [ListRowTitle.MARKET_CAP, ListRowTitle.MARKET_CAP_RANK,
                                                  ListRowTitle.CIRCULATING_SUPPLY]
    cap = view.market[0].value
    assert cap.value == 1e12 and cap.unit == NumberUnitCurrency(code="EUR") and isinstance(cap.display,
                                                                                          NumberDisplayAbbreviated)
    assert [row.id for row in view.alerts] == ["bitcoin:EUR:60000::up"], "only the asset's alert, keyed by the core"
    assert list(view.links) == [ChartLinkRow(AssetLinkKind.X, "https://x.com/b"),
                          ChartLinkRow(AssetLinkKind.GITHUB, "https://github.com/bitcoin")]
