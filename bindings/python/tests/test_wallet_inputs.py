"""NULL and malformed input to the wallet and address functions, straight through the ABI and through
the Pythonic layer: each gives the exception of its status carrying the core's error record, nothing
crashes, and nothing stored is lost."""

from __future__ import annotations

import asyncio
import ctypes

import pytest

from gemstone import (GemError, InvalidArgument, InvalidInput, MulticoinImport, PortTable, PrivateKeyImport,
                      SingleImport, Status, ViewImport, WalletService, WalletSessionService, abi, calls)
from test_inputs import assert_record, raw_command, raw_out
from wallet_support import ABANDON, FAST_KDF, MemoryWalletPorts, WalletApp

pytestmark = pytest.mark.usefixtures("library")

ETH = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
WALLET_ID = b"multicoin_" + ETH.encode()


@pytest.fixture
def ports():
    return MemoryWalletPorts()


@pytest.fixture
def services(ports):
    session, wallets = ports.services()
    wallets.import_wallet(SingleImport(ABANDON, "ethereum"))
    yield session, wallets
    wallets.close()
    session.close()


def state(ports: MemoryWalletPorts) -> tuple:
    return (sorted(ports.wallets), sorted(ports.secrets), ports.current)


# --- commands with a NULL service -----------------------------------------------------------------

SESSION_COMMANDS = [
    ("gem_wallet_session_service_get_wallets", ()),
    ("gem_wallet_session_service_get_wallet", (WALLET_ID,)),
    ("gem_wallet_session_service_require_wallet", (WALLET_ID,)),
    ("gem_wallet_session_service_get_current_wallet", ()),
]
WALLET_COMMANDS = [
    ("gem_wallet_service_create_wallet", (None,)),
    ("gem_wallet_service_import_wallet", (b'{"type":"view","address":"' + ETH.encode() + b'","chain":"ethereum"}',)),
    ("gem_wallet_service_preview_import", (b'{"type":"view","address":"' + ETH.encode() + b'","chain":"ethereum"}',)),
    ("gem_wallet_service_rename_wallet", (WALLET_ID, b"Name")),
    ("gem_wallet_service_set_pinned", (WALLET_ID, 1)),
    ("gem_wallet_service_delete_wallet", (WALLET_ID,)),
    ("gem_wallet_service_set_current_wallet_id", (WALLET_ID,)),
    ("gem_wallet_service_export_secret", (WALLET_ID,)),
]


@pytest.mark.parametrize("name,args", SESSION_COMMANDS + WALLET_COMMANDS, ids=[name for name, _ in
                                                                               SESSION_COMMANDS + WALLET_COMMANDS])
def test_null_service_commands_complete_with_invalid_argument(name, args):
    assert_record(raw_command(name, None, *args), InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument", "NULL")


@pytest.mark.parametrize("name,args", SESSION_COMMANDS + WALLET_COMMANDS, ids=[name for name, _ in
                                                                               SESSION_COMMANDS + WALLET_COMMANDS])
def test_a_command_without_done_does_not_start(name, args):
    function = getattr(abi.lib(), name)
    assert function(None, *args, abi.COMPLETION_FN(), None) == Status.INVALID_ARGUMENT


def test_a_handle_of_the_other_service_is_an_invalid_argument(services):
    session, wallets = services
    with session._use() as handle:
        error = raw_command("gem_wallet_service_export_secret", ctypes.c_void_p(handle), WALLET_ID)
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument")
    with wallets._use() as handle:
        error = raw_command("gem_wallet_session_service_get_wallets", ctypes.c_void_p(handle))
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument")


def test_the_sync_current_wallet_id_with_null_arguments(services):
    session, _ = services
    assert_record(raw_out("gem_wallet_session_service_get_current_wallet_id", None), InvalidArgument,
                  Status.INVALID_ARGUMENT, "invalid_argument", "NULL")
    library = abi.lib()
    assert library.gem_wallet_session_service_get_current_wallet_id(None, None) == Status.INVALID_ARGUMENT
    with session._use() as handle:
        assert library.gem_wallet_session_service_get_current_wallet_id(ctypes.c_void_p(handle), None) == Status.OK


def test_freeing_null_handles_is_safe():
    abi.lib().gem_wallet_session_service_free(None)
    abi.lib().gem_wallet_service_free(None)


# --- malformed arguments ------------------------------------------------------------------------

BAD_WALLET_IDS = [None, b"", b"multicoin", b"nothing_ethereum_0x00", b"single_nochain_0x00", b"\xc3\x28"]


@pytest.mark.parametrize("wallet_id", BAD_WALLET_IDS)
@pytest.mark.parametrize("name,extra", [
    ("gem_wallet_session_service_get_wallet", ()),
    ("gem_wallet_session_service_require_wallet", ()),
    ("gem_wallet_service_rename_wallet", (b"Name",)),
    ("gem_wallet_service_set_pinned", (1,)),
    ("gem_wallet_service_delete_wallet", ()),
    ("gem_wallet_service_set_current_wallet_id", ()),
    ("gem_wallet_service_export_secret", ()),
])
def test_malformed_wallet_ids_are_invalid_arguments(services, ports, name, extra, wallet_id):
    service = services[0] if "session" in name else services[1]
    before = state(ports)
    with service._use() as handle:
        error = raw_command(name, ctypes.c_void_p(handle), wallet_id, *extra)
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument")
    assert state(ports) == before


@pytest.mark.parametrize("name_argument", [None, b"\xff\xfe"])
def test_a_null_or_non_utf8_name_is_an_invalid_argument(services, ports, name_argument):
    _, wallets = services
    before = dict(ports.wallets)
    with wallets._use() as handle:
        error = raw_command("gem_wallet_service_rename_wallet", ctypes.c_void_p(handle),
                            b"single_ethereum_" + ETH.encode(), name_argument)
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument")
    assert ports.wallets == before


MALFORMED_IMPORTS = [
    None, b"", b"{", b"[]", b"null", b'"multicoin"', b"\xc3\x28",
    b'{"type":"multicoin"}',
    b'{"type":"other","phrase":"x"}',
    b'{"phrase":"' + ABANDON.encode() + b'"}',
    b'{"type":"multicoin","phrase":5}',
    b'{"type":"multicoin","phrase":"' + ABANDON.encode() + b'","chains":"ethereum"}',
    b'{"type":"multicoin","phrase":"' + ABANDON.encode() + b'","chains":["nochain"]}',
    b'{"type":"single","phrase":"' + ABANDON.encode() + b'","chain":"nochain"}',
    b'{"type":"single","phrase":"' + ABANDON.encode() + b'"}',
    b'{"type":"private_key","key":"00","chain":"ethereum"}',
    b'{"type":"view","address":"' + ETH.encode() + b'","chain":"ethereum","name":7}',
]


@pytest.mark.parametrize("command", ["gem_wallet_service_import_wallet", "gem_wallet_service_preview_import"])
@pytest.mark.parametrize("argument", MALFORMED_IMPORTS)
def test_malformed_import_requests_are_invalid_arguments_and_write_nothing(services, ports, command, argument):
    _, wallets = services
    before = state(ports)
    with wallets._use() as handle:
        error = raw_command(command, ctypes.c_void_p(handle), argument)
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument")
    assert state(ports) == before


@pytest.mark.parametrize("argument,cls", [
    (b"{", InvalidArgument), (b"[]", InvalidArgument), (b'{"word_count":"12"}', InvalidArgument),
    (b'{"chains":["nochain"]}', InvalidArgument), (b'{"name":false}', InvalidArgument), (b"\xc3\x28", InvalidArgument),
    (b'{"word_count":15}', InvalidInput), (b'{"word_count":0}', InvalidInput), (b'{"name":"' + b"x" * 65 + b'"}', InvalidInput),
])
def test_malformed_or_refused_create_requests_write_nothing(services, ports, argument, cls):
    _, wallets = services
    before = state(ports)
    with wallets._use() as handle:
        error = raw_command("gem_wallet_service_create_wallet", ctypes.c_void_p(handle), argument)
    assert type(error) is cls, repr(error)
    assert error.record == {"type": error.type, "message": error.message}
    assert state(ports) == before


# --- constructors ---------------------------------------------------------------------------

def constructor_error(make, *tables: PortTable) -> GemError:
    with pytest.raises(GemError) as caught:
        make()
    assert [table.leased for table in tables] == [0] * len(tables), "a refused table's lease is dropped"
    assert [table.releases for table in tables] == [0] * len(tables), "no release after a refused constructor"
    return caught.value


def raw_constructor(name: str, *args) -> GemError:
    handle = ctypes.c_void_p()
    buffer = abi.GemBuffer()
    status = getattr(abi.lib(), name)(*args, ctypes.byref(handle), ctypes.byref(buffer))
    try:
        payload = ctypes.string_at(buffer.data, buffer.len) if buffer.data else b""
    finally:
        abi.lib().gem_buffer_free(ctypes.byref(buffer))
    assert handle.value is None
    return GemError.from_status(status, payload)


def test_null_tables_are_refused_with_a_record(ports):
    error = raw_constructor("gem_wallet_session_service_new", None, None, None)
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument", "NULL")
    error = raw_constructor("gem_wallet_service_new", None, None, None, None, None)
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument", "NULL")
    leases = [ports.tables[kind].lease() for kind in ("gem_wallet_store", "gem_wallet_session_store",
                                                       "gem_secure_store")]
    try:
        error = raw_constructor("gem_wallet_service_new", None, *(ctypes.byref(lease.struct) for lease in leases), None)
        assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument", "NULL")
    finally:
        for lease in leases:
            lease.cancel()
    assert abi.lib().gem_wallet_service_new(None, None, None, None, None, None, None) == Status.INVALID_ARGUMENT


@pytest.mark.parametrize("kind", ["gem_wallet_store", "gem_wallet_session_store", "gem_secure_store",
                                  "gem_keystore_password"])
def test_a_table_that_is_too_small_or_misses_a_method_is_refused(ports, kind):
    complete = ports.tables[kind]

    def make(table: PortTable):
        tables = dict(ports.tables, **{kind: table})
        return WalletService(store=tables["gem_wallet_store"], session_store=tables["gem_wallet_session_store"],
                             secure_store=tables["gem_secure_store"], password=tables["gem_keystore_password"],
                             **FAST_KDF)

    small = PortTable(kind, complete.methods, struct_size=8)
    assert_record(constructor_error(lambda: make(small), small), InvalidArgument, Status.INVALID_ARGUMENT,
                  "invalid_argument", "struct_size")
    for missing in complete.methods:
        partial = PortTable(kind, {name: method for name, method in complete.methods.items() if name != missing})
        assert_record(constructor_error(lambda: make(partial), partial), InvalidArgument, Status.INVALID_ARGUMENT,
                      "invalid_argument", missing)
    if kind in ("gem_wallet_store", "gem_wallet_session_store"):
        partial = PortTable(kind, dict(list(complete.methods.items())[1:]))
        other = ports.tables["gem_wallet_session_store" if kind == "gem_wallet_store" else "gem_wallet_store"]
        tables = {kind: partial}
        error = constructor_error(lambda: WalletSessionService(
            tables.get("gem_wallet_store", other), tables.get("gem_wallet_session_store", other)), partial, other)
        assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument",
                      list(complete.methods)[0])


@pytest.mark.parametrize("config", [{"kdf_iterations": 1}, {"kdf_iterations": 11}, {"kdf_memory_kib": 19455},
                                    {"kdf_memory_kib": 1048577}, {"kdf_iterations": "2"}, {"kdf_memory_kib": -1}])
def test_a_bad_kdf_config_is_refused_and_releases_nothing(ports, config):
    tables = list(ports.tables.values())
    error = constructor_error(lambda: WalletService(store=tables[0], session_store=tables[1], secure_store=tables[2],
                                                    password=tables[3], **config), *tables)
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument", "config_json")


def test_a_config_that_is_not_json_is_refused(ports):
    leases = [table.lease() for table in ports.tables.values()]
    try:
        error = raw_constructor("gem_wallet_service_new", b"{", *(ctypes.byref(lease.struct) for lease in leases))
    finally:
        for lease in leases:
            lease.cancel()
    assert_record(error, InvalidArgument, Status.INVALID_ARGUMENT, "invalid_argument", "config_json")


def test_ports_of_the_wrong_kind_are_refused_before_the_call(ports):
    tables = ports.tables
    with pytest.raises(TypeError, match="gem_secure_store"):
        WalletService(store=tables["gem_wallet_store"], session_store=tables["gem_wallet_session_store"],
                      secure_store=tables["gem_keystore_password"], password=tables["gem_keystore_password"])
    with pytest.raises(TypeError):
        WalletSessionService(tables["gem_wallet_store"], object())
    assert [table.leased for table in tables.values()] == [0, 0, 0, 0]


# --- domain input through the Pythonic layer: typed errors, nothing lost -------------------------

BAD_INPUT = [
    (SingleImport(ABANDON, "nochain"), InvalidArgument, "chain"),
    (MulticoinImport(ABANDON, chains=("ethereum", "nochain")), InvalidArgument, "chain"),
    (MulticoinImport("abandon " * 12), InvalidInput, "phrase"),
    (MulticoinImport(ABANDON.replace("about", "abound")), InvalidInput, "phrase"),
    (MulticoinImport("abandon " * 10 + "about"), InvalidInput, "phrase"),
    (MulticoinImport(ABANDON.replace("about", "notaword")), InvalidInput, "phrase"),
    (SingleImport("", "solana"), InvalidInput, "phrase"),
    (PrivateKeyImport("0x" + "11" * 31, "ethereum"), InvalidInput, "key"),
    (PrivateKeyImport("00" * 32, "ethereum"), InvalidInput, "key"),
    (PrivateKeyImport("11" * 32, "bitcoin"), InvalidInput, "bitcoin"),
    (ViewImport(ETH[:-1] + "5", "ethereum"), InvalidInput, "checksum"),
    (ViewImport("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "ethereum"), InvalidInput, "address"),
    (ViewImport(ETH, "ethereum", name="x" * 65), InvalidInput, "name"),
    ({"type": "multicoin", "phrase": ABANDON, "chains": []}, None, None),  # accepted: every chain
]


@pytest.mark.parametrize("form", ["blocking", "asyncio"])
def test_bad_input_raises_its_error_with_the_record_and_loses_nothing(tmp_path, form):
    with WalletApp(tmp_path) as app:
        kept = app.wallets.import_wallet(SingleImport(ABANDON, "tron")).wallet
        before, asked = app.snapshot(), app.password.asked
        for request, cls, fragment in BAD_INPUT[:-1]:
            with pytest.raises(GemError) as caught:
                if form == "blocking":
                    app.wallets.import_wallet(request)
                else:
                    asyncio.run(app.wallets.import_wallet_async(request))
            error = caught.value
            assert type(error) is cls, f"{request!r}: {error!r}"
            assert error.record == {"type": error.type, "message": error.message}
            assert fragment in error.message.lower(), f"{request!r}: {error.message}"
            assert ABANDON not in error.message and "11" * 31 not in error.message, "no secret in a message"
            assert app.snapshot() == before and app.password.asked == asked
        assert app.session.get_wallets() == [kept]
        request, _, _ = BAD_INPUT[-1]
        assert len(app.wallets.preview_import(request).accounts) > 20


def test_python_values_that_cannot_cross_are_refused_before_the_call(services):
    _, wallets = services
    with pytest.raises(InvalidArgument, match="NUL"):
        wallets.export_secret("multicoin_\x00")
    with pytest.raises(InvalidArgument, match="string"):
        wallets.rename_wallet(5, "x")
    with pytest.raises(InvalidArgument, match="NUL"):
        wallets.rename_wallet("single_ethereum_" + ETH, "a\x00b")
    with pytest.raises(InvalidArgument, match="JSON"):
        wallets.import_wallet({"type": "view", "address": float("nan"), "chain": "ethereum"})
    with pytest.raises(TypeError):
        wallets.import_wallet("view")
    assert calls.pending_count() == 0
