"""StreamSubscriptionService through the library, over a recording StreamConnection: the first subscribe
sends the wallet's assets and the alert's whole, a second after one more token sends only it, an unchanged
one sends nothing, a connection that is not connected is sent nothing, a failing send raises and is sent
again, and the constructor's and the port's refusals."""

from __future__ import annotations

import asyncio
import threading

import pytest

from gemstone import (NotFound, Offline, PortError, PortTable, StreamConnection, StreamMessage, StreamMessageType,
                      StreamSubscription, StreamSubscriptionSent, StreamSubscriptionService)
from chain_support import ChainApp, UNREACHABLE
from support import Services, memory_alert_table
from test_chain_services import LOCAL, TST, TST_ASSET, eth_wallet

pytestmark = pytest.mark.usefixtures("library")


class RecordingConnection(StreamConnection):
    """Records every message; `connected` answers is_connected; `fail_next` makes the next send raise."""

    def __init__(self) -> None:
        self.connected = True
        self.fail_next = False
        self.sent: list[StreamMessage] = []
        self.lock = threading.Lock()

    def is_connected(self) -> bool:
        return self.connected

    def send(self, message: StreamMessage) -> None:
        with self.lock:
            if self.fail_next:
                self.fail_next = False
                raise Offline("socket closed")
            self.sent.append(message)


@pytest.fixture
def stream(tmp_path):
    alerts = memory_alert_table(get_price_alerts=lambda args: [{"asset_id": "bitcoin", "currency": "USD", "price": 1.0}])
    with ChainApp(tmp_path, nodes={"ethereum": [LOCAL], "solana": [UNREACHABLE + "/solana"]}) as app, \
            Services(store=alerts) as services:
        connection = RecordingConnection()
        with StreamSubscriptionService(app.assets, services.alerts, connection, store_timeout_ms=5000) as service:
            yield app, connection, service


def test_first_subscribe_is_full_then_a_new_token_is_added_alone_then_nothing(stream):
    app, connection, service = stream
    wallet_id = eth_wallet(app)
    first = service.subscribe(wallet_id)
    assert first == StreamSubscription(wallet_id, ("ethereum", "bitcoin"), StreamSubscriptionSent.FULL,
                                       ("ethereum", "bitcoin"), ())
    assert [m.to_json() for m in connection.sent] == [
        {"type": "subscribePrices", "data": {"assets": ["ethereum", "bitcoin"]}}]

    app.asset_store.add_assets([TST_ASSET])
    app.assets.add_token(wallet_id, TST)
    second = service.subscribe(wallet_id)
    assert second.sent == StreamSubscriptionSent.ADDED
    assert second.sent_assets == (TST,)
    assert connection.sent[-1].type == StreamMessageType.ADD_PRICES
    assert list(connection.sent[-1].data.assets) == [TST]

    assert service.subscribe(wallet_id).sent == StreamSubscriptionSent.NONE
    assert len(connection.sent) == 2

    app.assets.remove_token(wallet_id, TST)
    third = service.subscribe(wallet_id)
    assert (third.sent, third.sent_assets, third.unsubscribed_assets) == (StreamSubscriptionSent.REMOVED, (), (TST,))
    assert connection.sent[-1].to_json() == {"type": "unsubscribePrices", "data": {"assets": [TST]}}
    assert service.subscribe(wallet_id).sent == StreamSubscriptionSent.NONE


def test_a_reset_after_a_reconnect_makes_the_next_subscribe_full(stream):
    app, connection, service = stream
    wallet_id = eth_wallet(app)
    service.subscribe(wallet_id)
    assert service.reset() is None and len(connection.sent) == 1, "a reset sends nothing"
    again = service.subscribe(wallet_id)
    assert again.sent == StreamSubscriptionSent.FULL and again.sent_assets == ("ethereum", "bitcoin")
    asyncio.run(service.reset_async())
    assert service.subscribe(wallet_id).sent == StreamSubscriptionSent.FULL


def test_not_connected_sends_nothing_and_the_next_subscribe_is_full(stream):
    app, connection, service = stream
    wallet_id = eth_wallet(app)
    service.subscribe(wallet_id)
    connection.connected = False
    assert service.subscribe(wallet_id).sent == StreamSubscriptionSent.NONE
    assert len(connection.sent) == 1
    connection.connected = True
    assert asyncio.run(service.subscribe_async(wallet_id)).sent == StreamSubscriptionSent.FULL
    assert len(connection.sent) == 2


def test_a_failing_send_raises_and_is_sent_again(stream):
    app, connection, service = stream
    wallet_id = eth_wallet(app)
    connection.fail_next = True
    with pytest.raises(Offline, match="socket closed"):
        service.subscribe(wallet_id)
    assert connection.sent == []
    retry = service.subscribe(wallet_id)
    assert retry.sent == StreamSubscriptionSent.FULL
    assert len(connection.sent) == 1


def test_an_unknown_wallet_is_not_found(stream):
    _, connection, service = stream
    with pytest.raises(NotFound):
        service.subscribe("multicoin_0x0000000000000000000000000000000000000001")
    assert connection.sent == []


def test_a_malformed_is_connected_answer_is_a_port_error(tmp_path):
    with ChainApp(tmp_path) as app, Services() as services:
        table = PortTable("gem_stream_connection", {"is_connected": lambda args: "yes", "send": lambda args: None})
        with StreamSubscriptionService(app.assets, services.alerts, table) as service:
            with pytest.raises(PortError):
                service.subscribe(eth_wallet(app))


def test_the_constructor_refuses_what_is_not_its_services_or_port(tmp_path):
    with ChainApp(tmp_path) as app, Services() as services:
        with pytest.raises(TypeError):
            StreamSubscriptionService(services.alerts, services.alerts, RecordingConnection())
        with pytest.raises(TypeError):
            StreamSubscriptionService(app.assets, app.assets, RecordingConnection())
        with pytest.raises(TypeError):
            StreamSubscriptionService(app.assets, services.alerts, object())
