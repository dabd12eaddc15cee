"""StreamConnection and StreamSubscriptionService: the "price stream's subscription" part of
include/gemstone.h.

The host owns the WebSocket that carries prices (gem_price_service_apply_tick commits what it
receives); the core says what it should carry. A StreamConnection answers whether the socket is
open and sends one StreamMessage as the core gives it ({"type":"subscribePrices"|"addPrices"|"unsubscribePrices",
"data":{"assets":[…]}}, the specification's StreamMessage, gemwalletcom/core crates/primitives
src/stream.rs). StreamSubscriptionService.subscribe(wallet_id) computes the wallet's assets plus the
stored price alerts' and sends a full subscription, or an unsubscription of the assets no longer
wanted and an addition of the new ones, or nothing; reset() after the socket reconnects makes the next
subscribe full.

    class Socket(StreamConnection):
        def is_connected(self) -> bool: return ws.open
        def send(self, message: StreamMessage) -> None: ws.send(json.dumps(message.to_json()))

    with StreamSubscriptionService(assets, alerts, Socket()) as stream:
        stream.subscribe(wallet_id)           # StreamSubscription: sent full | added | removed | none
"""

from __future__ import annotations

import abc
import ctypes
from typing import Any, Optional

from . import abi
from .chains import AssetsService, _null, _require
from .abi import Status
from .errors import InternalError
from .generated import RecordError, StreamMessage, StreamSubscription, StreamSubscriptionServiceConfig
from .ports import PortTable, as_port_table
from .services import PriceAlertService, _config_argument, _construct, _Service
from .wallets import WalletRef, _wallet_id


class StreamConnection(abc.ABC):
    """gem_stream_connection: the host's price-stream socket. Called on core threads where blocking
    is allowed; each call is bounded by the service's store timeout. Raise (Offline, say) when a
    send cannot be written: the core remembers nothing and sends it again on the next subscribe."""

    @abc.abstractmethod
    def is_connected(self) -> bool: ...

    @abc.abstractmethod
    def send(self, message: StreamMessage) -> None: ...

    def port_table(self) -> PortTable:
        def send(args: Any) -> None:
            try:
                message = StreamMessage.from_json(args)
            except RecordError as error:
                raise InternalError(f"the core sent a malformed stream message: {error}") from error
            self.send(message)

        return PortTable("gem_stream_connection", {
            "is_connected": lambda args: bool(self.is_connected()),
            "send": send,
        }, default_status=Status.OFFLINE)


def _subscription(data: Any) -> StreamSubscription:
    return StreamSubscription.from_json(data)


class StreamSubscriptionService(_Service):
    """gem_stream_subscription_service: keeps the host's stream subscribed to a wallet's assets (an
    AssetsService) and the stored price alerts' assets (a PriceAlertService), through a
    StreamConnection. `store_timeout_ms` (1 to 600000, the core's 30000 when None) bounds each
    connection call."""

    _FREE = "gem_stream_subscription_service_free"

    def __init__(self, assets: AssetsService, alerts: PriceAlertService, connection: Any, *,
                 store_timeout_ms: Optional[int] = None, wait_timeout: Optional[float] = None) -> None:
        config_json = _config_argument(StreamSubscriptionServiceConfig(store_timeout_ms=store_timeout_ms))
        _require(assets, AssetsService, "assets")
        _require(alerts, PriceAlertService, "alerts")
        tables = [as_port_table(connection, "gem_stream_connection")]
        leases = [table.lease() for table in tables]
        library = abi.lib()
        with assets._use() as assets_handle, alerts._use() as alerts_handle:
            handle = _construct(lambda out, error: library.gem_stream_subscription_service_new(
                config_json, ctypes.c_void_p(assets_handle), ctypes.c_void_p(alerts_handle),
                ctypes.byref(leases[0].struct), out, error), leases)
        super().__init__(handle, tables, wait_timeout)

    def subscribe(self, wallet_id: WalletRef) -> StreamSubscription:
        """Sends what moves the stream to the wallet's assets and the alerts' assets: a full
        subscribePrices when nothing was sent yet or the wallet changed; otherwise an
        unsubscribePrices with the assets no longer wanted, then an addPrices with only the new ones;
        nothing when unchanged or not connected (not connected also forgets what was sent). A failed
        send raises and what the stream was not told is sent again on the next subscribe. NotFound:
        no such wallet."""
        return self._run("gem_stream_subscription_service_subscribe", (_wallet_id(wallet_id),), _subscription)

    async def subscribe_async(self, wallet_id: WalletRef) -> StreamSubscription:
        return await self._run_async("gem_stream_subscription_service_subscribe", (_wallet_id(wallet_id),),
                                     _subscription)

    def reset(self) -> None:
        """Forgets what was sent (after the subscribes before it): call it when the socket reconnected,
        so the next subscribe sends a full subscribePrices. Sends nothing itself."""
        return self._run("gem_stream_subscription_service_reset", (), _null)

    async def reset_async(self) -> None:
        return await self._run_async("gem_stream_subscription_service_reset", (), _null)
