"""The wallet ports written in Python against the core's contract: a failure at each write of an
import leaves no wallet and no secret; the password port refusing, answering too few bytes or
another password; a damaged keystore record; a secure store that cannot read; answers that are not
wallet records; cancellation on close; and each table released once."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import threading

import pytest

from gemstone import (Cancelled, CryptoError, FileKeystorePassword, KeystorePassword, MulticoinImport, NotFound,
                      PermissionDenied, PortCall, PortError, PortTable, SingleImport, Status, StoreError, Timeout, ViewImport,
                      deferred)
from gemstone.generated import ServiceErrorStore
from gemstone.wallet_ports import answer_secret
from conftest import wait_until
from support import Parked
from wallet_support import ABANDON, MemoryWalletPorts, WalletApp

pytestmark = pytest.mark.usefixtures("library")

ETH = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"


def fail(status: int = Status.STORE, message: str = "disk full"):
    def method(args):
        raise StoreError(message) if status == Status.STORE else PortError(message)
    return method


@pytest.mark.parametrize("kind,method", [
    ("gem_secure_store", "set"),
    ("gem_wallet_store", "add_wallet"),
    ("gem_wallet_session_store", "set_current_wallet_id"),
])
def test_a_failure_at_each_write_of_an_import_leaves_no_wallet_and_no_secret(kind, method):
    ports = MemoryWalletPorts()
    session, wallets = ports.services()
    try:
        kept = wallets.import_wallet(SingleImport(ABANDON, "tron")).wallet
        ports.tables[kind].methods[method] = fail()
        for request in (MulticoinImport(ABANDON), SingleImport(ABANDON, "solana")):
            with pytest.raises(StoreError) as caught:
                wallets.import_wallet(request)
            assert (caught.value.type, caught.value.message) == ("store", "disk full")
            assert list(ports.wallets) == [kept.id] and list(ports.secrets) == [kept.external_id]
            assert ports.current == kept.id
        with pytest.raises(StoreError):
            wallets.create_wallet()
        assert list(ports.wallets) == [kept.id] and list(ports.secrets) == [kept.external_id]
    finally:
        wallets.close()
        session.close()


def test_a_failing_accounts_insert_rolls_back_the_sqlite_wallet_and_the_secret(tmp_path):
    with WalletApp(tmp_path) as app:
        app.rows("CREATE TRIGGER refuse BEFORE INSERT ON accounts WHEN NEW.chain = 'solana' "
                 "BEGIN SELECT RAISE(ABORT, 'solana refused'); END")
        before = app.snapshot()
        with pytest.raises(StoreError, match="solana refused"):
            app.wallets.import_wallet(MulticoinImport(ABANDON, chains=("ethereum", "solana")))
        assert app.snapshot() == before, "no wallet row, no account rows, no keystore record, no current id"
        assert app.wallets.import_wallet(MulticoinImport(ABANDON, chains=("ethereum",))).existing is False


def test_delete_puts_the_secret_back_when_the_wallet_cannot_be_deleted():
    ports = MemoryWalletPorts()
    session, wallets = ports.services()
    try:
        wallet = wallets.import_wallet(SingleImport(ABANDON, "ethereum")).wallet
        record = ports.secrets[wallet.external_id]
        ports.tables["gem_wallet_store"].methods["delete_wallet"] = fail()
        with pytest.raises(StoreError):
            wallets.delete_wallet(wallet.id)
        assert ports.secrets == {wallet.external_id: record} and wallet.id in ports.wallets
        assert wallets.export_secret(wallet.id).value == ABANDON
    finally:
        wallets.close()
        session.close()


class Refusing(KeystorePassword):
    def password(self):
        raise PermissionDenied("the user cancelled")


class Fixed(KeystorePassword):
    def __init__(self, secret: bytes) -> None:
        self.secret = secret
        self.given: list[bytearray] = []

    def password(self):
        copy = bytearray(self.secret)
        self.given.append(copy)
        return copy


def test_a_refused_password_fails_create_import_and_export_with_nothing_written(tmp_path):
    with WalletApp(tmp_path, password=Fixed(b"k" * 32)) as app:
        wallet = app.wallets.import_wallet(SingleImport(ABANDON, "ethereum")).wallet
        before = app.snapshot()
    with WalletApp(tmp_path, password=Refusing()) as app:
        for command in (lambda: app.wallets.create_wallet(), lambda: app.wallets.import_wallet(MulticoinImport(ABANDON)),
                        lambda: app.wallets.export_secret(wallet.id)):
            with pytest.raises(PermissionDenied) as caught:
                command()
            assert caught.value.record == {"type": "permission_denied", "message": "the user cancelled"}
        assert app.snapshot() == before
        assert app.wallets.import_wallet(ViewImport(ETH, "ethereum")).wallet.external_id is None, \
            "a watch-only import needs no password"


def test_the_password_bytes_are_wiped_after_the_core_copied_them(tmp_path):
    password = Fixed(b"\x01" * 32)
    with WalletApp(tmp_path, password=password) as app:
        app.wallets.import_wallet(SingleImport(ABANDON, "ethereum"))
    assert password.given and all(given == bytearray(32) for given in password.given)


@pytest.mark.parametrize("size", [0, 15, 1025])
def test_a_password_of_the_wrong_length_is_a_port_error(tmp_path, size):
    with WalletApp(tmp_path, password=Fixed(b"k" * size)) as app:
        with pytest.raises(PortError, match="16 to 1024"):
            app.wallets.import_wallet(SingleImport(ABANDON, "ethereum"))
        assert app.snapshot() == ([], [], [], [])


def test_a_password_that_is_not_bytes_is_a_port_error(tmp_path):
    class Text(KeystorePassword):
        def password(self):
            return "k" * 32

    with WalletApp(tmp_path, password=Text()) as app:
        with pytest.raises(PortError, match="bytes"):
            app.wallets.import_wallet(SingleImport(ABANDON, "ethereum"))


def test_another_password_cannot_open_the_keystore(tmp_path):
    with WalletApp(tmp_path) as app:
        wallet = app.wallets.import_wallet(MulticoinImport(ABANDON, chains=("ethereum",))).wallet
    (tmp_path / "keystore.key").unlink()
    with WalletApp(tmp_path, password=FileKeystorePassword(tmp_path / "keystore.key")) as app:  # a new random secret
        with pytest.raises(CryptoError) as caught:
            app.wallets.export_secret(wallet.id)
        assert caught.value.type == "crypto" and "password" in caught.value.message
        assert ABANDON not in caught.value.message


@pytest.mark.parametrize("field,fragment", [("ciphertext", "ciphertext"), ("secret_kind", "metadata"),
                                            ("wallet_id", "another wallet"), ("surprise", "unknown field")])
def test_a_damaged_keystore_record_fails_closed_with_its_check(tmp_path, field, fragment):
    with WalletApp(tmp_path) as app:
        wallet = app.wallets.import_wallet(SingleImport(ABANDON, "ethereum")).wallet
        record = json.loads(app.secure_store.get(wallet.external_id))
        if field == "ciphertext":
            record["ciphertext"] = ("0" if record["ciphertext"][0] != "0" else "1") + record["ciphertext"][1:]
        elif field == "secret_kind":
            record["secret_kind"] = "private_key"
        elif field == "wallet_id":
            record["wallet_id"] = "single_ethereum_0x0000000000000000000000000000000000000001"
        else:
            record["surprise"] = 1
        app.secure_store.set(wallet.external_id, json.dumps(record))
        with pytest.raises(CryptoError) as caught:
            app.wallets.export_secret(wallet.id)
        assert fragment in caught.value.message, caught.value.message


def test_a_missing_keystore_record_is_not_found_and_a_failed_read_is_a_store_error(tmp_path):
    with WalletApp(tmp_path) as app:
        wallet = app.wallets.import_wallet(SingleImport(ABANDON, "ethereum")).wallet
        app.secure_store.delete(wallet.external_id)
        with pytest.raises(NotFound):
            app.wallets.export_secret(wallet.id)
        # Importing it again repairs the missing secret.
        assert app.wallets.import_wallet(SingleImport(ABANDON, "ethereum")).existing
        assert app.wallets.export_secret(wallet.id).value == ABANDON

    ports = MemoryWalletPorts()
    session, wallets = ports.services()
    try:
        wallet = wallets.import_wallet(SingleImport(ABANDON, "ethereum")).wallet
        ports.tables["gem_secure_store"].methods["get"] = fail(message="keychain locked")
        with pytest.raises(StoreError, match="keychain locked"):
            wallets.export_secret(wallet.id)
    finally:
        wallets.close()
        session.close()


@pytest.mark.parametrize("answer", [{"not": "a list"}, [{"id": "multicoin_x"}], [5]])
def test_a_wallet_store_answer_that_is_not_wallet_records_is_a_port_error(answer):
    ports = MemoryWalletPorts()
    ports.tables["gem_wallet_store"].methods["get_wallets"] = lambda args: answer
    session, wallets = ports.services()
    try:
        with pytest.raises(PortError, match="get_wallets"):
            session.get_wallets()
    finally:
        wallets.close()
        session.close()


def test_a_session_store_that_fails_to_read_reads_as_no_current_wallet():
    ports = MemoryWalletPorts()
    session, wallets = ports.services()
    try:
        first = wallets.import_wallet(SingleImport(ABANDON, "ethereum")).wallet
        wallets.import_wallet(SingleImport(ABANDON, "tron"))
        ports.tables["gem_wallet_session_store"].methods["get_current_wallet_id"] = fail()
        assert session.get_current_wallet_id() is None
        assert session.get_current_wallet() == first
    finally:
        wallets.close()
        session.close()


def test_closing_cancels_a_command_waiting_on_a_port_and_a_late_answer_is_stale():
    ports = MemoryWalletPorts()
    parked = Parked()
    ports.tables["gem_wallet_store"].methods["get_wallets"] = parked.park
    session, wallets = ports.services()
    try:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            waiting = pool.submit(session.get_wallets)
            assert parked.arrived.wait(10)
            session.close()
            with pytest.raises(Cancelled):
                waiting.result(timeout=10)
        # The wallet service's start-up sweep reads the wallets too (its own parked call): closing it makes
        # that call stale as well.
        wallets.close()
        assert parked.calls and all(call.ok([]) == Status.STALE_CALL for call in parked.calls)
    finally:
        wallets.close()
        session.close()


def test_every_table_is_released_once_per_constructor_after_close():
    ports = MemoryWalletPorts()
    session, wallets = ports.services()
    tables = ports.tables
    assert [table.leased for table in tables.values()] == [2, 2, 1, 1]
    wallets.import_wallet(SingleImport(ABANDON, "ethereum"))
    session.close()
    assert wallets.export_secret(f"single_ethereum_{ETH}").value == ABANDON, "the wallet service keeps its own copies"
    wallets.close()
    assert wait_until(lambda: [table.releases for table in tables.values()] == [2, 2, 1, 1])
    assert [table.leased for table in tables.values()] == [0, 0, 0, 0]


def test_answer_secret_wipes_a_bytearray_and_refuses_text():
    class Call:
        def __init__(self):
            self.seen = b""

        def ok_bytes(self, view):
            self.seen = bytes(view)
            return Status.OK

    call, secret = Call(), bytearray(b"s3cret-bytes-here")
    assert answer_secret(call, secret) == Status.OK  # type: ignore[arg-type]
    assert call.seen == b"s3cret-bytes-here" and secret == bytearray(len(secret))
    with pytest.raises(PortError):
        answer_secret(call, "text")  # type: ignore[arg-type]


def test_a_deferred_password_port_may_answer_from_another_thread(tmp_path):
    @deferred
    def later(args, call: PortCall):
        threading.Timer(0.05, lambda: answer_secret(call, bytearray(b"z" * 32))).start()

    password = PortTable("gem_keystore_password", {"get_password": later})
    with WalletApp(tmp_path, password=password) as app:
        wallet = app.wallets.import_wallet(SingleImport(ABANDON, "ethereum")).wallet
        assert app.wallets.export_secret(wallet.id).value == ABANDON


def test_unclosed_wallet_services_are_freed_by_garbage_collection_and_close_all():
    import gc

    import gemstone

    ports = MemoryWalletPorts()
    session, wallets = ports.services()
    del session, wallets
    gc.collect()
    assert wait_until(lambda: [table.releases for table in ports.tables.values()] == [2, 2, 1, 1])

    ports = MemoryWalletPorts()
    session, wallets = ports.services()
    gemstone.close_all()
    assert session.closed and wallets.closed
    assert wait_until(lambda: [table.releases for table in ports.tables.values()] == [2, 2, 1, 1])


def test_a_listed_secret_without_a_wallet_is_swept_when_the_service_starts():
    # What a crash between the secret write and the wallet write leaves: the key listed in the core's journal,
    # its secret, no wallet. A secret the core did not list is left alone.
    ports = MemoryWalletPorts()
    orphan = "multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
    ports.secrets.update({orphan: "sealed", "gemstone.pending_secrets": json.dumps([orphan]), "someone-else": "theirs"})
    session, wallets = ports.services()
    try:
        sweep = wallets.startup_sweep()
        assert sweep.removed_secrets == (orphan,) and sweep.wallets_without_secret == () and sweep.failure is None
        assert wallets.startup_sweep() == sweep, "one sweep per service: every call answers the same report"
        assert wait_until(lambda: orphan not in ports.secrets), "the orphan is swept at start"
        assert wait_until(lambda: "gemstone.pending_secrets" not in ports.secrets), "the journal is cleared"
        assert ports.secrets == {"someone-else": "theirs"}
        # The same wallet imports afterwards with its own fresh secret, listed and cleared again.
        wallet = wallets.import_wallet(MulticoinImport(ABANDON, chains=["ethereum"])).wallet
        assert str(wallet.id) == orphan and ports.secrets.get(orphan) not in (None, "sealed")
        assert "gemstone.pending_secrets" not in ports.secrets
    finally:
        wallets.close()
        session.close()


def test_the_startup_sweep_reports_a_wallet_without_its_secret_and_the_failure_that_stopped_it():
    ports = MemoryWalletPorts()
    session, wallets = ports.services()
    wallet = wallets.import_wallet(SingleImport(ABANDON, "ethereum")).wallet
    wallets.close()
    session.close()
    del ports.secrets[str(wallet.id)]  # a delete whose undo failed leaves the wallet without its secret
    session, wallets = ports.services()
    try:
        sweep = asyncio.run(wallets.startup_sweep_async())
        assert sweep.removed_secrets == () and [str(w) for w in sweep.wallets_without_secret] == [str(wallet.id)]
        assert sweep.failure is None
    finally:
        wallets.close()
        session.close()

    def failing_get(args):
        raise StoreError("disk gone")

    ports.secrets["gemstone.pending_secrets"] = json.dumps(["orphan"])
    ports.tables["gem_secure_store"].methods["get"] = failing_get
    session, wallets = ports.services()
    try:
        sweep = wallets.startup_sweep()
        assert isinstance(sweep.failure, ServiceErrorStore) and "disk gone" in sweep.failure.message
        assert sweep.removed_secrets == () and ports.secrets["gemstone.pending_secrets"] == json.dumps(["orphan"])
    finally:
        wallets.close()
        session.close()


def test_a_wallet_store_that_never_answers_times_out_after_store_timeout_ms():
    ports = MemoryWalletPorts()
    session, wallets = ports.services()
    wallets.close()
    parked = Parked()
    ports.tables["gem_wallet_store"].methods["get_wallet"] = parked.park
    _, wallets = ports.services(store_timeout_ms=200)
    try:
        with pytest.raises(Timeout):
            wallets.rename_wallet("view_tron_TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio", "x")
        assert parked.calls[0].ok(None) == Status.STALE_CALL
    finally:
        wallets.close()
        session.close()
