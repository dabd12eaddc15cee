"""The host ports this package ships: the SQLite stores, the urllib transport and the fixed
permission answer, on their own (no library needed except where marked)."""

from __future__ import annotations

import json
import socket
import sqlite3
import threading
import urllib.request

import pytest

from gemstone import (FixedPermissions, HttpRequest, Offline, SqlitePreferencesStore, SqlitePriceAlertStore,
                      StoreError, UrllibTransport)
from gemstone.records import HttpHeader
from gemstone.sqlite_stores import canonical_json

BTC = {"id": "bitcoin:USD:100::", "asset_id": "bitcoin", "currency": "USD", "price": 100}
ETH = {"id": "ethereum:USD::5:up", "asset_id": "ethereum", "currency": "USD", "price_percent_change": 5,
       "price_direction": "up"}


def rows(path):
    with sqlite3.connect(path) as connection:
        return connection.execute("SELECT id, asset_id, json FROM price_alerts ORDER BY id").fetchall()


def test_preferences_store_reads_writes_and_removes(tmp_path):
    path = tmp_path / "prefs.db"
    with SqlitePreferencesStore(path) as store:
        assert store.get("currency") is None
        store.set("currency", "EUR")
        store.set("currency", "CHF")
        store.set("device_id", "d")
        store.remove("device_id")
        store.remove("absent")
    with SqlitePreferencesStore(path) as store:
        assert (store.get("currency"), store.get("device_id")) == ("CHF", None)
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT key, value FROM preferences").fetchall() == [("currency", "CHF")]


def test_alert_store_upserts_and_deletes_in_one_transaction_writing_only_changes(tmp_path):
    path = tmp_path / "alerts.db"
    with SqlitePriceAlertStore(path) as store:
        store.update_price_alerts([BTC, ETH], [])
        assert (store.rows_written, store.transactions) == (2, 1)
        assert store.get_price_alerts(None) == [BTC, ETH]
        assert store.get_price_alerts("ethereum") == [ETH]
        assert store.get_price_alerts("solana") == []

        store.update_price_alerts([dict(reversed(list(BTC.items()))), ETH], [])  # same alerts, other key order
        assert store.rows_written == 2, "equal alerts are not rewritten"

        changed = dict(BTC, last_notified_at=1700000000)
        store.update_price_alerts([changed, ETH], ["absent-id"])
        assert store.rows_written == 3
        assert store.get_price_alerts("bitcoin") == [changed]

        store.update_price_alerts([], [ETH["id"]])
        assert store.rows_written == 4
    assert rows(path) == [(BTC["id"], "bitcoin", canonical_json(changed))]


def test_a_failing_batch_writes_nothing(tmp_path):
    path = tmp_path / "alerts.db"
    with SqlitePriceAlertStore(path) as store:
        store.update_price_alerts([BTC], [])
        with sqlite3.connect(path) as connection:
            connection.execute("CREATE TRIGGER refuse BEFORE INSERT ON price_alerts WHEN NEW.asset_id = 'tron' "
                               "BEGIN SELECT RAISE(ABORT, 'tron refused'); END")
        tron = {"id": "tron:USD:1::", "asset_id": "tron", "currency": "USD", "price": 1}
        with pytest.raises(StoreError, match="tron refused"):
            store.update_price_alerts([ETH, tron], [BTC["id"]])
        assert store.get_price_alerts(None) == [BTC], "the whole batch was rolled back"
        store.update_price_alerts([ETH], [])  # the connection is usable afterwards
        assert [alert["id"] for alert in store.get_price_alerts(None)] == [BTC["id"], ETH["id"]]


@pytest.mark.parametrize("alerts,delete_ids", [([{"asset_id": "bitcoin"}], []), (["x"], []), ([], [3])])
def test_malformed_batches_are_store_errors(tmp_path, alerts, delete_ids):
    with SqlitePriceAlertStore(tmp_path / "alerts.db") as store:
        with pytest.raises(StoreError):
            store.update_price_alerts(alerts, delete_ids)
        assert store.get_price_alerts(None) == []


def test_stores_share_a_file_and_work_from_any_thread(tmp_path):
    path = tmp_path / "app.db"
    with SqlitePreferencesStore(path) as preferences, SqlitePriceAlertStore(path) as alerts:
        errors = []

        def work(index):
            try:
                preferences.set(f"k{index}", str(index))
                alerts.update_price_alerts([dict(BTC, id=f"id{index}", price=index + 1)], [])
            except Exception as error:  # collected for the assertion below
                errors.append(error)

        threads = [threading.Thread(target=work, args=(index,)) for index in range(16)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert len(alerts.get_price_alerts(None)) == 16 and preferences.get("k7") == "7"


def test_an_unopenable_database_is_a_store_error(tmp_path):
    with pytest.raises(StoreError):
        SqlitePriceAlertStore(tmp_path / "missing-folder" / "x.db")


def test_fixed_permissions_answer_and_count():
    permissions = FixedPermissions(granted=False)
    assert permissions.request() is False and permissions.request() is False
    assert permissions.asked == 2
    assert permissions.port_table().kind == "gem_notification_permissions"


def no_proxy_transport(**kwargs) -> UrllibTransport:
    return UrllibTransport(opener=urllib.request.build_opener(urllib.request.ProxyHandler({})), **kwargs)


def test_transport_answers_every_http_status(api_server):
    transport = no_proxy_transport(timeout=10)
    ok = transport.request(HttpRequest(api_server.url + "/v1/devices/d/price_alerts", "GET",
                                       (HttpHeader("Accept", "application/json"),)))
    assert (ok.status, json.loads(ok.body)) == (200, [])
    posted = transport.request(HttpRequest(api_server.url + "/v1/devices/d/price_alerts", "POST",
                                           (HttpHeader("Content-Type", "application/json"),),
                                           json.dumps([{"asset_id": "bitcoin", "currency": "USD"}])))
    assert posted.status == 200 and json.loads(posted.body) == [{"asset_id": "bitcoin", "currency": "USD"}]
    missing = transport.request(HttpRequest(api_server.url + "/nowhere", "GET"))
    assert missing.status == 404 and "no route" in json.loads(missing.body)["error"]["message"]
    api_server.control("POST", "/_control/fail_next")
    failed = transport.request(HttpRequest(api_server.url + "/v1/devices/d/price_alerts", "DELETE", (), "[]"))
    assert (failed.status, json.loads(failed.body)) == (500, {"error": {"message": "failed by test server"}})
    assert [entry["method"] for entry in api_server.requests()] == ["GET", "POST", "DELETE"]


def test_transport_without_an_answer_is_offline():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again: nothing listens there
    with pytest.raises(Offline, match="no answer"):
        no_proxy_transport(timeout=5).request(HttpRequest(f"http://127.0.0.1:{port}/x", "GET"))
    with pytest.raises(Offline, match="only http and https"):
        no_proxy_transport().request(HttpRequest("file:///etc/passwd", "GET"))


def test_transport_timeout_is_offline():
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)  # accepts the connection, never answers
        with pytest.raises(Offline):
            no_proxy_transport(timeout=0.3).request(HttpRequest(f"http://127.0.0.1:{silent.getsockname()[1]}/", "GET"))


def test_transport_sends_a_base64_body_as_its_bytes():
    """body_base64 (a body that is not UTF-8, such as an Aptos BCS transaction) reaches the server as the decoded
    bytes, exactly; a text body as its UTF-8."""
    import http.server
    received = []

    class Recorder(http.server.BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's name)
            received.append(self.rfile.read(int(self.headers["Content-Length"])))
            self.send_response(202)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/v1/transactions"
        transport = no_proxy_transport(timeout=10)
        answer = transport.request(HttpRequest(url, "POST", (), body_base64="AP8Q/g=="))
        assert answer.status == 202
        transport.request(HttpRequest(url, "POST", (), "é"))
        assert received == [b"\x00\xff\x10\xfe", "é".encode()]
    finally:
        server.shutdown()
        server.server_close()
