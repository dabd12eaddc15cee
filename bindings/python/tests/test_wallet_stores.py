"""The wallet stores and the password file this package ships, on their own (no library needed):
one transaction per write, a duplicate add refused with nothing written, only changes written,
accounts deleted with their wallet, unknown keys kept, the session value held in memory and
written through, the secure store and the password file readable by their owner only."""

from __future__ import annotations

import os
import sqlite3
import stat
import threading

import pytest

from gemstone import (FileKeystorePassword, PermissionDenied, SqliteSecureStore, SqliteWalletSessionStore,
                      SqliteWalletStore, StoreError, Wallet)

ETH = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"


def wallet(identifier: str = "multicoin_" + ETH, **changes) -> dict:
    record = {
        "id": identifier, "external_id": identifier, "name": "Wallet #1", "index": 1, "type": "multicoin",
        "accounts": [
            {"chain": "bitcoin", "address": "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
             "derivation_path": "m/84'/0'/0'/0/0", "extended_public_key": "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9x"},
            {"chain": "ethereum", "address": ETH, "derivation_path": "m/44'/60'/0'/0/0"},
        ],
        "order": 0, "is_pinned": False, "source": "import",
    }
    record.update(changes)
    return record


def rows(path, table: str) -> list:
    with sqlite3.connect(path) as connection:
        return connection.execute(f"SELECT * FROM {table}").fetchall()


def test_wallets_round_trip_exactly_and_read_as_records(tmp_path):
    path = tmp_path / "app.db"
    stored = wallet(image_url="https://example.com/w.png")
    watch = wallet("view_ethereum_" + ETH, type="view", index=2, order=1,
                   accounts=[{"chain": "ethereum", "address": ETH, "derivation_path": ""}])
    del watch["external_id"]  # watch-only: absent
    with SqliteWalletStore(path) as store:
        assert store.get_wallets() == [] and store.get_wallet(stored["id"]) is None
        store.add_wallet(stored)
        store.add_wallet(watch)
        assert (store.transactions, store.rows_written) == (2, 3 + 2)
    with SqliteWalletStore(path) as store:
        assert store.get_wallet(stored["id"]) == stored
        assert store.get_wallets() == [stored, watch]
        assert "external_id" not in store.get_wallet(watch["id"])
        assert Wallet.from_json(store.get_wallet(stored["id"])).to_json() == stored
    assert len(rows(path, "wallets")) == 2 and len(rows(path, "accounts")) == 3


def test_adding_a_stored_id_fails_and_writes_nothing(tmp_path):
    with SqliteWalletStore(tmp_path / "app.db") as store:
        store.add_wallet(wallet())
        written = store.rows_written
        with pytest.raises(StoreError, match="already stored"):
            store.add_wallet(wallet(name="Other", accounts=[]))
        assert store.get_wallet(wallet()["id"]) == wallet() and store.rows_written == written


def test_a_failing_add_rolls_back_the_wallet_row(tmp_path):
    path = tmp_path / "app.db"
    with SqliteWalletStore(path) as store:
        with sqlite3.connect(path) as connection:
            connection.execute("CREATE TRIGGER refuse BEFORE INSERT ON accounts WHEN NEW.chain = 'ethereum' "
                               "BEGIN SELECT RAISE(ABORT, 'ethereum refused'); END")
        with pytest.raises(StoreError, match="ethereum refused"):
            store.add_wallet(wallet())
        assert store.get_wallets() == [] and rows(path, "accounts") == []
        store.add_wallet(wallet(accounts=wallet()["accounts"][:1]))  # the connection is usable afterwards
        assert len(store.get_wallets()) == 1


def test_save_writes_only_what_changed(tmp_path):
    with SqliteWalletStore(tmp_path / "app.db") as store:
        store.add_wallet(wallet())
        written = store.rows_written
        store.save_wallet(dict(reversed(list(wallet().items()))))
        assert store.rows_written == written, "an equal record writes nothing"
        store.save_wallet(wallet(name="Savings", is_pinned=True))
        assert store.rows_written == written + 1, "one wallet row, no account row"
        accounts = wallet()["accounts"] + [{"chain": "solana", "address": "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk",
                                            "derivation_path": "m/44'/501'/0'/0'"}]
        store.save_wallet(wallet(name="Savings", is_pinned=True, accounts=accounts))
        assert store.rows_written == written + 2, "one account row added"
        store.save_wallet(wallet(name="Savings", is_pinned=True, accounts=accounts[1:2]))
        assert store.get_wallet(wallet()["id"])["accounts"] == accounts[1:2]
        assert store.get_wallet(wallet()["id"])["is_pinned"] is True
        with pytest.raises(StoreError, match="no wallet"):
            store.save_wallet(wallet("view_ethereum_" + ETH, type="view"))


def test_delete_removes_the_accounts_and_an_unknown_id_is_not_an_error(tmp_path):
    path = tmp_path / "app.db"
    with SqliteWalletStore(path) as store:
        store.add_wallet(wallet())
        store.add_wallet(wallet("single_ethereum_" + ETH, type="single", index=2))
        store.delete_wallet(wallet()["id"])
        store.delete_wallet("view_ethereum_0x0000000000000000000000000000000000000001")
        assert [item["id"] for item in store.get_wallets()] == ["single_ethereum_" + ETH]
    assert {row[0] for row in rows(path, "accounts")} == {"single_ethereum_" + ETH}


def test_keys_of_a_newer_core_are_kept(tmp_path):
    newer = wallet(future_field={"x": [1, 2]})
    newer["accounts"][1]["future_account_field"] = "kept"
    with SqliteWalletStore(tmp_path / "app.db") as store:
        store.add_wallet(newer)
        assert store.get_wallet(newer["id"]) == newer


@pytest.mark.parametrize("record", [
    "not a dict", wallet(id=5), wallet(name=None), wallet(index="1"), wallet(index=True), wallet(is_pinned=1),
    wallet(accounts="x"), wallet(accounts=["x"]), wallet(accounts=[{"chain": "ethereum", "address": ETH}]),
    wallet(external_id=3),
])
def test_malformed_records_are_store_errors_and_write_nothing(tmp_path, record):
    with SqliteWalletStore(tmp_path / "app.db") as store:
        with pytest.raises(StoreError):
            store.add_wallet(record)
        assert store.get_wallets() == [] and store.transactions == 0


def test_wallet_store_works_from_many_threads(tmp_path):
    with SqliteWalletStore(tmp_path / "app.db") as store:
        errors = []

        def work(index):
            try:
                store.add_wallet(wallet(f"view_ethereum_0x{index:040x}", type="view", index=index))
                store.save_wallet(wallet(f"view_ethereum_0x{index:040x}", type="view", index=index, name=str(index)))
            except Exception as error:  # collected for the assertion below
                errors.append(error)

        threads = [threading.Thread(target=work, args=(index,)) for index in range(16)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == [] and len(store.get_wallets()) == 16


def test_session_store_holds_the_value_and_writes_it_through(tmp_path):
    path = tmp_path / "app.db"
    with SqliteWalletSessionStore(path) as session:
        assert session.get_current_wallet_id() is None
        session.set_current_wallet_id("multicoin_" + ETH)
    with SqliteWalletSessionStore(path) as session:
        assert session.get_current_wallet_id() == "multicoin_" + ETH
        with sqlite3.connect(path) as connection:
            connection.execute("CREATE TRIGGER refuse BEFORE UPDATE ON wallet_session "
                               "BEGIN SELECT RAISE(ABORT, 'read-only'); END")
        with pytest.raises(StoreError, match="read-only"):
            session.set_current_wallet_id("view_ethereum_" + ETH)
        assert session.get_current_wallet_id() == "multicoin_" + ETH, "a failed write keeps the old value"
        session.set_current_wallet_id(None)
        assert session.get_current_wallet_id() is None
    assert rows(path, "wallet_session") == []


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_secure_store_keeps_records_in_an_owner_only_file(tmp_path):
    path = tmp_path / "secure.db"
    with SqliteSecureStore(path) as secure:
        assert mode(path) == 0o600
        assert secure.get("k") is None
        secure.set("k", "v1")
        secure.set("k", "v2")
        secure.delete("absent")
        assert secure.get("k") == "v2" and secure.keys() == ["k"]
        secure.delete("k")
        assert secure.get("k") is None
    shared = tmp_path / "shared.db"
    SqliteWalletStore(shared).close()
    os.chmod(shared, 0o644)
    SqliteSecureStore(shared).close()
    assert mode(shared) == 0o600, "an existing file others could read is tightened"


def test_an_unopenable_secure_store_is_a_store_error(tmp_path):
    with pytest.raises(StoreError):
        SqliteSecureStore(tmp_path / "missing-folder" / "x.db")


def test_the_password_file_is_created_once_owner_only_and_read_as_bytes(tmp_path):
    path = tmp_path / "keystore.key"
    first = FileKeystorePassword(path)
    assert mode(path) == 0o600 and os.stat(path).st_size == 32
    secret = first.password()
    assert isinstance(secret, bytearray) and len(secret) == 32 and secret != bytearray(32)
    assert FileKeystorePassword(path).password() == secret, "a second instance reads the same secret"
    assert bytes(secret) == path.read_bytes()
    assert [name for name in os.listdir(tmp_path)] == ["keystore.key"], "no temporary file left behind"
    other = FileKeystorePassword(tmp_path / "other.key", size=64)
    assert len(other.password()) == 64 and other.password() != secret
    assert first.asked == 1 and other.asked == 2
    with pytest.raises(ValueError):
        FileKeystorePassword(tmp_path / "short.key", size=8)


def test_a_password_file_others_can_read_or_a_symlink_is_refused(tmp_path):
    path = tmp_path / "keystore.key"
    password = FileKeystorePassword(path)
    os.chmod(path, 0o644)
    with pytest.raises(PermissionDenied, match="0600"):
        password.password()
    os.chmod(path, 0o600)
    link = tmp_path / "link.key"
    link.symlink_to(path)
    with pytest.raises(StoreError):
        FileKeystorePassword(link).password()
    path.unlink()
    with pytest.raises(StoreError, match="cannot open"):
        password.password()


def test_a_password_file_that_cannot_be_created_is_a_store_error(tmp_path):
    with pytest.raises(StoreError, match="cannot create"):
        FileKeystorePassword(tmp_path / "missing-folder" / "keystore.key")
