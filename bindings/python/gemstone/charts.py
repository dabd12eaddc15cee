"""ChartService: the "GemChartService" part of include/gemstone.h. The chart session itself is pure and
lives in gemstone.projections (chart_session_new, chart_session_apply, chart_view_state, chart_index_at,
chart_selection); this service loads the chart a session's request asks for.

    with ChartService(api_url, prices=prices) as charts:
        session = chart_session_new("bitcoin", ChartPeriod.DAY, "EUR")
        session = chart_session_apply(session, ChartEventResult(result=charts.load(session.request)))
        view = chart_view_state(session, ChartInput(asset_id="bitcoin"))
"""

from __future__ import annotations

import ctypes
from typing import Any, Optional

from . import abi
from .generated import ChartRequest, ChartResult, ChartServiceConfig
from .prices import PriceService
from .services import _config_argument, _construct, _json_argument, _Service
from .ports import as_port_table
from .transport import UrllibTransport


class ChartService(_Service):
    """Charts over the API (gem_chart_service): USD points converted once at the stored rate of the request's
    currency, read through the price service. A failed load is the result's error state, never an exception."""

    _FREE = "gem_chart_service_free"

    def __init__(self, api_url: str, *, prices: PriceService, transport: Any = None, timeout_ms: Optional[int] = None,
                 wait_timeout: Optional[float] = None) -> None:
        if not isinstance(prices, PriceService):
            raise TypeError("prices must be a PriceService")
        config_json = _config_argument(ChartServiceConfig(api_url=api_url, timeout_ms=timeout_ms))
        tables = [as_port_table(transport if transport is not None else UrllibTransport(), "gem_http_transport")]
        leases = [table.lease() for table in tables]
        library = abi.lib()
        with prices._use() as prices_handle:
            handle = _construct(lambda out, error: library.gem_chart_service_new(
                config_json, ctypes.byref(leases[0].struct), ctypes.c_void_p(prices_handle), out, error), leases)
        super().__init__(handle, tables, wait_timeout)

    def load(self, request: ChartRequest) -> ChartResult:
        """The chart request asks for (a session's request), carrying that request."""
        return self._run("gem_chart_service_load", (_request(request),), ChartResult.from_json)

    async def load_async(self, request: ChartRequest) -> ChartResult:
        return await self._run_async("gem_chart_service_load", (_request(request),), ChartResult.from_json)


def _request(request: ChartRequest) -> bytes:
    if not isinstance(request, ChartRequest):
        raise TypeError("request must be a ChartRequest")
    return _json_argument(request.to_json(), "request")
