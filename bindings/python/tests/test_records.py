"""Records from and to their JSON shapes (include/gemstone.h), and errors from status + record."""

from __future__ import annotations

import json

import pytest

from gemstone import (ApiError, GemError, InternalError, InvalidArgument, NotificationPermission, Preferences, PriceAlert,
                      PriceAlertAddResult, PriceAlertsToggle, PriceAlertSyncResult, PriceDirection, RecordError,
                      Status, StoreError)
from gemstone.errors import ERROR_CLASSES
from gemstone.records import HttpRequest, HttpResponse


def test_price_alert_round_trip_leaves_out_absent_fields_and_keeps_the_id_out_of_equality():
    data = {"id": "bitcoin:USD:70000.5::up", "asset_id": "bitcoin", "currency": "USD", "price": 70000.5,
            "price_direction": "up", "last_notified_at": 1700000000}
    alert = PriceAlert.from_json(data)
    assert alert == PriceAlert("bitcoin", "USD", price=70000.5, price_direction=PriceDirection.UP,
                               last_notified_at=1700000000)
    assert alert.id == "bitcoin:USD:70000.5::up"
    assert alert.to_json() == data  # the core derives the id itself and ignores the one it is sent
    assert PriceAlert("solana", "EUR").to_json() == {"asset_id": "solana", "currency": "EUR"}


def test_price_alert_integral_numbers_read_as_floats_and_unknown_keys_are_ignored():
    alert = PriceAlert.from_json({"asset_id": "tron", "currency": "USD", "price_percent_change": 5, "future": 1})
    assert alert.price_percent_change == 5.0 and isinstance(alert.price_percent_change, float)


@pytest.mark.parametrize("data", [
    [],
    {"currency": "USD"},
    {"asset_id": 5, "currency": "USD"},
    {"asset_id": "bitcoin", "currency": "USD", "price": "1"},
    {"asset_id": "bitcoin", "currency": "USD", "price": True},
    {"asset_id": "bitcoin", "currency": "USD", "price_direction": "sideways"},
    {"asset_id": "bitcoin", "currency": "USD", "last_notified_at": 1.5},
    {"asset_id": "bitcoin", "currency": "USD", "last_notified_at": False},
])
def test_malformed_price_alerts_are_refused(data):
    with pytest.raises(RecordError):
        PriceAlert.from_json(data)


def test_preferences_and_toggle_and_results():
    prefs = Preferences.from_json({"currency": "EUR", "device_id": "d1", "price_alerts_enabled": True})
    assert prefs == Preferences(currency="EUR", price_alerts_enabled=True, device_id="d1")
    assert Preferences.from_json(prefs.to_json()) == prefs
    assert Preferences.from_json({"currency": "USD", "price_alerts_enabled": False}).device_id is None
    with pytest.raises(RecordError):
        Preferences.from_json({"currency": "USD", "price_alerts_enabled": "false"})

    assert PriceAlertsToggle.from_json({"enabled": False}) == PriceAlertsToggle(False, None)
    toggle = PriceAlertsToggle.from_json({"enabled": False, "permission": "denied"})
    assert toggle.permission is NotificationPermission.DENIED and toggle.to_json() == {"enabled": False, "permission": "denied"}
    with pytest.raises(RecordError):
        PriceAlertsToggle.from_json({"enabled": True, "permission": "maybe"})

    added = PriceAlertAddResult.from_json({"alert": {"id": "x", "asset_id": "bitcoin", "currency": "USD"},
                                           "enabled": True, "permission": "granted"})
    assert added.alert.id == "x" and added.enabled and added.permission is NotificationPermission.GRANTED
    assert PriceAlertAddResult.from_json(added.to_json()) == added

    synced = PriceAlertSyncResult.from_json({"upserted": [{"asset_id": "sol", "currency": "USD"}],
                                             "deleted_ids": ["a"]})
    assert synced.upserted == (PriceAlert("sol", "USD"),) and synced.deleted_ids == ("a",)
    assert PriceAlertSyncResult.from_json({"upserted": [], "deleted_ids": []}) == PriceAlertSyncResult((), ())
    with pytest.raises(RecordError):
        PriceAlertSyncResult.from_json({"upserted": [], "deleted_ids": [3]})


def test_http_request_and_response_shapes():
    request = HttpRequest.from_json({"url": "http://h/x", "method": "POST",
                                     "headers": [{"name": "Accept", "value": "application/json"}], "body": "[]"})
    assert request.headers[0].name == "Accept" and request.body == "[]"
    assert HttpRequest.from_json(request.to_json()) == request
    assert "body" not in HttpRequest("http://h", "GET").to_json()
    assert HttpResponse(404, "{}").to_json() == {"status": 404, "body": "{}"}
    with pytest.raises(RecordError):
        HttpResponse.from_json({"status": "200", "body": ""})


@pytest.mark.parametrize("status", [status for status in Status if status != Status.OK])
def test_every_status_raises_its_class_with_the_record(status):
    record = {"type": status.name.lower(), "message": "it went wrong", "extra": 1}
    error = GemError.from_status(status, json.dumps(record).encode())
    assert type(error) is ERROR_CLASSES[status]
    assert isinstance(error, GemError)
    assert (error.status, error.type, error.message, error.record) == (status, status.name.lower(), "it went wrong",
                                                                       record)


def test_error_records_that_are_not_json_or_unknown_statuses_are_kept():
    error = GemError.from_status(Status.STORE, b"disk full")
    assert isinstance(error, StoreError) and error.message == "disk full" and error.type == "store"
    unknown = GemError.from_status(-99, b'{"type":"new_kind","message":"m"}')
    assert type(unknown) is GemError and unknown.status == -99 and unknown.type == "new_kind"
    empty = GemError.from_status(Status.INVALID_ARGUMENT, b"")
    assert isinstance(empty, InvalidArgument) and empty.record == {"type": "invalid_argument", "message": ""}


def test_api_error_carries_the_http_status_and_raised_errors_know_their_status():
    error = GemError.from_status(Status.API, b'{"type":"api","message":"HTTP 409: refused","status":409}')
    assert isinstance(error, ApiError) and error.http_status == 409
    assert ApiError("x").http_status is None
    raised = InternalError("boom")
    assert (raised.status, raised.type, raised.record) == (Status.INTERNAL, "internal",
                                                           {"type": "internal", "message": "boom"})
    assert GemError("m", status=Status.STORE).type == "store"
