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
