"""NULL and malformed input, through the Pythonic layer and straight through the ABI: each gives
the exception of its status carrying the core's error record, and nothing crashes."""

from __future__ import annotations

import asyncio
import ctypes

import pytest

import gemstone
from gemstone import (GemError, InvalidArgument, InvalidInput, PortTable, PreferencesService, PriceAlert,
                      PriceAlertService, Status, abi, calls)
from support import MemoryPreferencesStore, Services, memory_alert_table, permissions, refusing_transport

pytestmark = pytest.mark.usefixtures("library")


def assert_record(error: GemError, cls: type, status: int, type_: str, *fragments: str) -> None:
    assert type(error) is cls
    assert error.status == status and error.type == type_
    assert error.record["type"] == type_ and error.record["message"] == error.message
    for fragment in fragments:
        assert fragment in error.message, error.message


def raw_out(name: str, *args) -> GemError:
    with pytest.raises(GemError) as caught:
        calls.call_out(getattr(abi.lib(), name), *args)
    return caught.value


def raw_command(name: str, *args) -> GemError:
    with pytest.raises(GemError) as caught:
        calls.run_blocking(lambda handler: calls.start(getattr(abi.lib(), name), args, handler), lambda v: v, 30)
    return caught.value


@pytest.fixture
def services():
    with Services() as built:
        yield built


# --- sync functions -------------------------------------------------------------------------

def test_null_service_handles_are_invalid_arguments():
    for name in ("gem_preferences_service_get", "gem_price_alert_service_is_enabled"):
        assert_record(raw_out(name, None), InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument", "NULL")


def test_a_handle_of_the_wrong_service_is_an_invalid_argument(services):
    with services.preferences._use() as handle:
        error = raw_out("gem_price_alert_service_is_enabled", ctypes.c_void_p(handle))
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument")


@pytest.mark.parametrize("patch", [None, b"", b"{", b"[]", b'{"currency":5}', b"\xff\xfe", b'{"device_id":null,}'])
def test_malformed_preference_patches_are_invalid_arguments(services, patch):
    with services.preferences._use() as handle:
        error = raw_out("gem_preferences_service_update", ctypes.c_void_p(handle), patch)
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument")
    assert services.preferences.get().currency == "USD"


@pytest.mark.parametrize("fields,fragment", [({"currency": "usd"}, "currency"), ({"currency": "EURO"}, "currency"),
                                             ({"device_id": "has space"}, "device id"), ({"device_id": ""}, "device id")])
def test_preference_values_breaking_a_rule_are_invalid_input(services, fields, fragment):
    with pytest.raises(InvalidInput) as caught:
        services.preferences.update(**fields)
    assert_record(caught.value, InvalidInput, Status.INVALID_INPUT, "invalid_input", fragment)
    assert services.preferences.get().device_id == "device-1"


@pytest.mark.parametrize("fields", [{"currency": "GBP", "device_id": "has space"},
                                    {"currency": "gbp", "device_id": "device-2"},
                                    {"currency": "", "device_id": "device-2"}])
def test_a_patch_with_one_bad_field_writes_nothing(services, fields):
    before = services.preferences.get()
    stored = dict(services.preferences_store.values)
    with pytest.raises(InvalidInput):
        services.preferences.update(**fields)
    assert services.preferences.get() == before
    assert services.preferences_store.values == stored


def test_a_null_out_buffer_still_returns_the_status(services):
    library = abi.lib()
    assert library.gem_preferences_service_get(None, None) == Status.INVALID_ARGUMENT
    with services.preferences._use() as handle:
        assert library.gem_preferences_service_update(ctypes.c_void_p(handle), b"{", None) == Status.INVALID_ARGUMENT


def test_buffer_free_is_null_safe_and_resets_the_buffer(services):
    library = abi.lib()
    library.gem_buffer_free(None)
    buffer = abi.GemBuffer()
    with services.preferences._use() as handle:
        assert library.gem_preferences_service_get(ctypes.c_void_p(handle), ctypes.byref(buffer)) == Status.OK
    assert buffer.len > 0 and ctypes.string_at(buffer.data, buffer.len + 1).endswith(b"}\x00")
    library.gem_buffer_free(ctypes.byref(buffer))
    assert not buffer.data and buffer.len == 0
    library.gem_buffer_free(ctypes.byref(buffer))  # already freed: left alone


def test_answering_a_null_call_is_an_invalid_argument():
    library = abi.lib()
    assert library.gem_call_ok(None, b"null", 4) == Status.INVALID_ARGUMENT
    assert library.gem_call_fail(None, Status.STORE, b"x") == Status.INVALID_ARGUMENT


def test_answering_a_call_that_never_existed_is_stale():
    assert abi.lib().gem_call_ok(ctypes.c_void_p(0x7FFF_FFFF_FFFF), b"null", 4) == Status.STALE_CALL


# --- async commands ---------------------------------------------------------------------------

@pytest.mark.parametrize("name,argument", [
    ("gem_price_alert_service_get_price_alerts", None),
    ("gem_price_alert_service_sync", None),
    ("gem_price_alert_service_add", b'{"asset_id":"bitcoin","currency":"USD"}'),
    ("gem_price_alert_service_delete", b"[]"),
    ("gem_price_alert_service_set_enabled", 1),
])
def test_null_service_commands_complete_with_invalid_argument(name, argument):
    error = raw_command(name, None, argument)
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument", "NULL")


def test_a_command_without_done_does_not_start():
    assert abi.lib().gem_price_alert_service_sync(None, None, abi.COMPLETION_FN(), None) == Status.INVALID_ARGUMENT


@pytest.mark.parametrize("name,argument", [
    ("gem_price_alert_service_add", None),
    ("gem_price_alert_service_add", b"{"),
    ("gem_price_alert_service_add", b'{"asset_id":5,"currency":"USD"}'),
    ("gem_price_alert_service_add", b'{"asset_id":"bitcoin"}'),
    ("gem_price_alert_service_add", b'{"asset_id":"bitcoin","currency":"USD","price_direction":"sideways"}'),
    ("gem_price_alert_service_delete", None),
    ("gem_price_alert_service_delete", b'{"ids":[]}'),
    ("gem_price_alert_service_delete", b"[1,2]"),
    ("gem_price_alert_service_get_price_alerts", b"\xc3\x28"),
])
def test_malformed_command_arguments_complete_with_invalid_argument(services, name, argument):
    before = services.alerts.get_price_alerts()
    with services.alerts._use() as handle:
        error = raw_command(name, ctypes.c_void_p(handle), argument)
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument")
    assert services.alerts.get_price_alerts() == before


@pytest.mark.parametrize("alert,fragment", [
    (PriceAlert("bitcoin", "USD", price=-3), "price"),
    (PriceAlert("bitcoin", "USD", price=float("inf")), "not JSON-able"),
    (PriceAlert("Bitcoin", "USD", price=1), "asset id"),
    (PriceAlert("bitcoin", "usd", price=1), "currency"),
    (PriceAlert("bitcoin", "USD", price=1, price_percent_change=2), "not both"),
    (PriceAlert("bitcoin", "USD", price_direction="up"), "direction"),
])
def test_alerts_breaking_a_rule_fail_before_anything_is_written(services, alert, fragment):
    written = []
    services.store.methods["update_price_alerts"] = lambda args: written.append(args)
    with pytest.raises(GemError) as caught:
        services.alerts.add(alert)
    assert isinstance(caught.value, (InvalidInput, InvalidArgument)), repr(caught.value)
    assert fragment in caught.value.message
    assert written == []


def test_the_asyncio_form_raises_the_same_exceptions(services):
    async def scenario():
        with pytest.raises(InvalidInput) as caught:
            await services.alerts.add_async(PriceAlert("bitcoin", "USD", price=-3))
        return caught.value

    error = asyncio.run(scenario())
    assert_record(error, InvalidInput, Status.INVALID_INPUT, "invalid_input", "price")


def test_commands_need_a_device_id():
    with Services(device_id=None) as built:
        for command in (built.alerts.sync, lambda: built.alerts.add(PriceAlert("bitcoin", "USD", price=1)),
                        lambda: built.alerts.delete(["x"])):
            with pytest.raises(InvalidInput) as caught:
                command()
            assert "device id" in caught.value.message


def test_strings_with_nul_are_refused_before_the_call(services):
    with pytest.raises(InvalidArgument):
        services.alerts.get_price_alerts("bit\x00coin")
    with pytest.raises(InvalidArgument):
        services.alerts.get_price_alerts(5)


# --- constructors ---------------------------------------------------------------------------

def constructor_error(make, *tables: PortTable) -> GemError:
    with pytest.raises(GemError) as caught:
        make()
    assert [table.leased for table in tables] == [0] * len(tables), "a refused table's lease is dropped"
    return caught.value


def test_a_preferences_table_that_is_too_small_or_incomplete_is_refused():
    small = PortTable("gem_preferences_store", MemoryPreferencesStore().port_table().methods, struct_size=8)
    error = constructor_error(lambda: PreferencesService(small), small)
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument", "struct_size")
    incomplete = PortTable("gem_preferences_store", {"get": lambda args: None, "set": lambda args: None})
    error = constructor_error(lambda: PreferencesService(incomplete), incomplete)
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument", "remove")


def test_a_null_preferences_table_is_refused_with_a_record():
    handle = ctypes.c_void_p()
    buffer = abi.GemBuffer()
    status = abi.lib().gem_preferences_service_new(None, ctypes.byref(handle), ctypes.byref(buffer))
    try:
        error = GemError.from_status(status, ctypes.string_at(buffer.data, buffer.len))
    finally:
        abi.lib().gem_buffer_free(ctypes.byref(buffer))
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument", "NULL")
    assert handle.value is None


@pytest.mark.parametrize("api_url,timeout_ms,fragment", [
    ("ftp://example.com", None, "base URL"),
    ("http://", None, "base URL"),
    ("http://127.0.0.1:9", 0, "timeout_ms"),
    ("http://127.0.0.1:9", 600_001, "timeout_ms"),
])
def test_a_bad_alert_service_config_is_refused_and_releases_nothing(api_url, timeout_ms, fragment):
    preferences = PreferencesService(MemoryPreferencesStore())
    tables = [memory_alert_table(), refusing_transport(), permissions()]
    try:
        error = constructor_error(lambda: PriceAlertService(api_url, preferences=preferences, store=tables[0],
                                                            transport=tables[1], permissions=tables[2],
                                                            timeout_ms=timeout_ms), *tables)
        assert isinstance(error, (InvalidArgument, InvalidInput)) and fragment in error.message, repr(error)
        assert [table.releases for table in tables] == [0, 0, 0], "no release after a refused constructor"
    finally:
        preferences.close()


def test_an_alert_service_table_missing_a_method_is_refused():
    preferences = PreferencesService(MemoryPreferencesStore())
    try:
        store = PortTable("gem_price_alert_store", {"get_price_alerts": lambda args: []})
        error = constructor_error(lambda: PriceAlertService("http://127.0.0.1:9", preferences=preferences, store=store,
                                                            transport=refusing_transport(), permissions=permissions()),
                                  store)
        assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument", "update_price_alerts")
    finally:
        preferences.close()


def test_a_closed_service_raises_and_never_reaches_the_library(services):
    services.alerts.close()
    services.alerts.close()
    assert services.alerts.closed
    with pytest.raises(InvalidArgument, match="closed"):
        services.alerts.get_price_alerts()
    with pytest.raises(InvalidArgument, match="closed"):
        services.alerts.is_enabled()
    with pytest.raises(InvalidArgument, match="closed"):
        asyncio.run(services.alerts.sync_async())
    with pytest.raises(TypeError):
        PriceAlertService("http://127.0.0.1:9", preferences=object(), store=memory_alert_table(),
                          permissions=permissions())
    assert gemstone.calls.pending_count() == 0


def test_a_direction_that_is_not_up_or_down_is_refused_before_the_call(services):
    with pytest.raises(InvalidArgument, match="sideways"):
        services.alerts.add(PriceAlert("bitcoin", "USD", price=1, price_direction="sideways"))
