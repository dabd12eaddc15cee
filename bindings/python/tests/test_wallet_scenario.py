"""The wallet scenario end to end over this package's SQLite stores (a real file in a tmp dir) and its
0600 password file: create, import, list, export, duplicate import, rename, pin, switch, delete
(the secret goes with the wallet), watch-only, private keys, and a reopened app seeing the same
state. The main scenario runs in the blocking and in the asyncio form."""

from __future__ import annotations

import asyncio
import os
import stat

import pytest

from gemstone.wallet_records import CopyKindPrivateKey, CopyKindSecretPhrase
from gemstone import (InvalidInput, MulticoinImport, NotFound, PrivateKeyImport, SingleImport,
                      ViewImport, WalletSource, WalletType)
from wallet_support import ABANDON, PRIVATE_KEY_VECTORS, AsyncioForm, WalletApp, phrase_vectors

pytestmark = pytest.mark.usefixtures("library")

EVERY_CHAIN = set(phrase_vectors(ABANDON)["accounts"])


def secure_keys(app: WalletApp) -> list[str]:
    return app.secure_store.keys()


@pytest.mark.parametrize("form", ["blocking", "asyncio"])
def test_create_import_list_export(tmp_path, form):
    app = WalletApp(tmp_path)
    wallets = app.wallets if form == "blocking" else AsyncioForm(app.wallets)
    session = app.session if form == "blocking" else AsyncioForm(app.session)
    try:
        assert session.get_wallets() == [] and session.get_current_wallet() is None
        assert app.session.get_current_wallet_id() is None

        # Create: a 12-word phrase shown once, every chain, made current, its secret sealed.
        created = wallets.create_wallet(name="  Main  ")
        wallet = created.wallet
        assert (wallet.name, wallet.index, wallet.order, wallet.type, wallet.source) == \
            ("Main", 1, 0, WalletType.MULTICOIN, WalletSource.CREATE)
        assert created.phrase.kind == CopyKindSecretPhrase() and created.phrase.is_sensitive
        assert created.phrase.display == "" and len(created.phrase.value.split(" ")) == 12
        assert "Main" in repr(created) and created.phrase.value not in repr(created)
        assert {account.chain for account in wallet.accounts} == EVERY_CHAIN
        assert wallet.id == "multicoin_" + wallet.account("ethereum").address
        assert app.session.get_current_wallet_id() == wallet.id
        assert secure_keys(app) == [wallet.external_id]
        assert app.password.asked == 1

        # Import a phrase on three chains: the vectors' accounts, made current.
        imported = wallets.import_wallet(MulticoinImport(ABANDON, chains=("bitcoin", "ethereum", "solana"),
                                                         name="Imported"))
        assert not imported.existing
        vectors = phrase_vectors(ABANDON)["accounts"]
        assert imported.wallet.id == "multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
        assert {account.chain: (account.address, account.derivation_path, account.extended_public_key)
                for account in imported.wallet.accounts} == \
            {chain: (vectors[chain]["address"], vectors[chain]["derivation_path"],
                     vectors[chain].get("extended_public_key")) for chain in ("bitcoin", "ethereum", "solana")}
        assert (imported.wallet.index, imported.wallet.source) == (2, WalletSource.IMPORT)

        # List: the user's order; current is the last import.
        listed = session.get_wallets()
        assert [item.id for item in listed] == [wallet.id, imported.wallet.id]
        assert listed == [wallet, imported.wallet], "the store answers back exactly what the core wrote"
        assert session.get_current_wallet() == imported.wallet
        assert session.get_wallet(wallet.id) == wallet and session.require_wallet(wallet) == wallet

        # Export: the phrase after the password port answered, marked sensitive.
        asked = app.password.asked
        exported = wallets.export_secret(imported.wallet.id)
        assert (exported.value, exported.kind, exported.display) == (ABANDON, CopyKindSecretPhrase(), "")
        assert wallets.export_secret(wallet.id).value == created.phrase.value
        assert app.password.asked == asked + 2

        # The created phrase really is the wallet's: importing it again finds the same wallet.
        again = wallets.import_wallet(MulticoinImport(created.phrase.value))
        assert again.existing and again.wallet == wallet
        assert app.session.get_current_wallet_id() == wallet.id
    finally:
        for form_wrapper in (wallets, session):
            if isinstance(form_wrapper, AsyncioForm):
                form_wrapper.close()
        app.close()

    # Everything lives in the files: a new app over them sees the same state and can still export.
    reopened = WalletApp(tmp_path)
    try:
        assert [item.id for item in reopened.session.get_wallets()] == [wallet.id, imported.wallet.id]
        assert reopened.session.get_current_wallet_id() == wallet.id
        assert reopened.wallets.export_secret(imported.wallet.id).value == ABANDON
    finally:
        reopened.close()
    assert stat.S_IMODE(os.stat(tmp_path / "keystore.key").st_mode) == 0o600
    assert os.stat(tmp_path / "keystore.key").st_size == 32
    assert stat.S_IMODE(os.stat(tmp_path / "app.db").st_mode) == 0o600


def test_importing_the_same_wallet_twice_answers_existing_and_writes_nothing(tmp_path):
    with WalletApp(tmp_path) as app:
        first = app.wallets.import_wallet(SingleImport(ABANDON, "solana", name="Sol"))
        other = app.wallets.import_wallet(ViewImport("0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "ethereum"))
        assert app.session.get_current_wallet_id() == other.wallet.id
        before, written = app.snapshot(), app.store.rows_written
        asked = app.password.asked

        again = app.wallets.import_wallet(SingleImport(ABANDON.upper().replace(" ", "   "), "solana", name="Other"))
        assert again.existing and again.wallet == first.wallet and again.wallet.name == "Sol"
        assert app.session.get_current_wallet_id() == first.wallet.id, "the existing wallet is made current"
        assert app.store.rows_written == written
        assert app.snapshot()[:3] == before[:3]
        assert app.password.asked == asked, "nothing sealed again"

        preview = app.wallets.preview_import(SingleImport(ABANDON, "solana"))
        assert preview.existing and preview.wallet_id == first.wallet.id
        assert len(app.session.get_wallets()) == 2


def test_preview_writes_nothing_and_does_not_ask_the_password(tmp_path):
    with WalletApp(tmp_path) as app:
        preview = app.wallets.preview_import(MulticoinImport(ABANDON, chains=("ethereum", "cosmos")))
        vectors = phrase_vectors(ABANDON)["accounts"]
        assert (preview.wallet_id, preview.wallet_type, preview.existing) == \
            ("multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94", WalletType.MULTICOIN, False)
        assert {account.chain: account.address for account in preview.accounts} == \
            {"ethereum": vectors["ethereum"]["address"], "cosmos": vectors["cosmos"]["address"]}
        assert app.password.asked == 0
        assert app.snapshot() == ([], [], [], [])


def test_rename_pin_switch_and_delete(tmp_path):
    with WalletApp(tmp_path) as app:
        one = app.wallets.import_wallet(SingleImport(ABANDON, "ethereum")).wallet
        two = app.wallets.import_wallet(SingleImport(ABANDON, "tron")).wallet
        three = app.wallets.import_wallet(ViewImport("HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk", "solana")).wallet
        assert [wallet.name for wallet in (one, two, three)] == ["Wallet #1", "Wallet #2", "Wallet #3"]

        # Rename: trimmed; the same name writes nothing; a bad name or id is refused.
        renamed = app.wallets.rename_wallet(two.id, "  Savings ")
        assert renamed.name == "Savings" and app.session.require_wallet(two.id).name == "Savings"
        written = app.store.rows_written
        assert app.wallets.rename_wallet(two, "Savings") == renamed
        assert app.store.rows_written == written
        for bad in ("   ", "x" * 65, "tab\tname"):
            with pytest.raises(InvalidInput):
                app.wallets.rename_wallet(two.id, bad)
        with pytest.raises(NotFound) as missing:
            app.wallets.rename_wallet("single_ethereum_0x0000000000000000000000000000000000000001", "X")
        assert missing.value.record["type"] == "not_found"
        assert app.session.require_wallet(two.id).name == "Savings"

        # Pin: stored; pinning again writes nothing.
        pinned = app.wallets.set_pinned(three.id, True)
        assert pinned.is_pinned and app.session.require_wallet(three.id).is_pinned
        written = app.store.rows_written
        assert app.wallets.set_pinned(three.id, True).is_pinned and app.store.rows_written == written
        assert not app.wallets.set_pinned(three.id, False).is_pinned
        assert app.rows("SELECT is_pinned FROM wallets WHERE id = ?", three.id) == [(0,)]

        # Switch.
        assert app.wallets.set_current_wallet_id(one.id) == one
        assert app.session.get_current_wallet_id() == one.id and app.session.get_current_wallet() == one
        with pytest.raises(NotFound):
            app.wallets.set_current_wallet_id("view_solana_HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqX")
        assert app.session.get_current_wallet_id() == one.id

        # Delete the current wallet: its secret goes with it, the first remaining becomes current.
        assert one.external_id in app.secure_store.keys()
        deleted = app.wallets.delete_wallet(one.id)
        assert (deleted.deleted_wallet_id, deleted.current_wallet_id) == (one.id, two.id)
        assert one.external_id not in app.secure_store.keys()
        assert app.rows("SELECT count(*) FROM accounts WHERE wallet_id = ?", one.id) == [(0,)]
        assert app.session.get_wallet(one.id) is None and app.session.get_current_wallet_id() == two.id
        with pytest.raises(NotFound):
            app.wallets.export_secret(one.id)
        with pytest.raises(NotFound):
            app.wallets.delete_wallet(one.id)

        # Delete a wallet that is not current: the current one stays.
        assert app.wallets.delete_wallet(three.id).current_wallet_id == two.id
        # Delete the last one: no current wallet remains.
        last = app.wallets.delete_wallet(two.id)
        assert last.current_wallet_id is None and app.session.get_current_wallet_id() is None
        assert app.snapshot() == ([], [], [], [])


def test_a_stale_current_id_resolves_to_the_first_wallet_without_writing(tmp_path):
    with WalletApp(tmp_path) as app:
        first = app.wallets.import_wallet(SingleImport(ABANDON, "ethereum")).wallet
        app.wallets.import_wallet(SingleImport(ABANDON, "tron"))
        app.session_store.set_current_wallet_id("single_ethereum_0x0000000000000000000000000000000000000001")
        assert app.session.get_current_wallet() == first
        assert app.session.get_current_wallet_id() == "single_ethereum_0x0000000000000000000000000000000000000001"


def test_a_watch_only_wallet_has_no_secret_to_export(tmp_path):
    with WalletApp(tmp_path) as app:
        watched = app.wallets.import_wallet(ViewImport(" 0x9858effd232b4033e47d90003d41ec34ecaeda94 ", "ethereum"))
        wallet = watched.wallet
        assert wallet.type is WalletType.VIEW and wallet.is_watch_only and wallet.external_id is None
        assert wallet.id == "view_ethereum_0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
        assert [(account.chain, account.address, account.derivation_path) for account in wallet.accounts] == \
            [("ethereum", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "")]
        assert app.secure_store.keys() == [] and app.password.asked == 0
        with pytest.raises(InvalidInput) as refused:
            app.wallets.export_secret(wallet.id)
        assert refused.value.record == {"type": "invalid_input", "message": refused.value.message}
        assert "watch-only" in refused.value.message
        assert app.password.asked == 0


def private_key_cases():
    for record in PRIVATE_KEY_VECTORS["keys"]:
        forms = {"hex": record["key_hex"], "0x-hex": "0x" + record["key_hex"], "export": record["forms"]["export"]}
        forms.update({name: value for name, value in record["forms"].items() if name != "export"})
        yield pytest.param(record, forms, id=f"{record['chain']}-{record['key_hex'][:6]}")


@pytest.mark.parametrize("record,forms", private_key_cases())
def test_private_key_import_in_every_form_and_export(tmp_path, record, forms):
    """Vectors: Tests/GemstoneTests/Wallet/Vectors/private_keys.json (tests/oracles/private_keys.py)."""
    chain = record["chain"]
    with WalletApp(tmp_path) as app:
        first = None
        for name, key in forms.items():
            result = app.wallets.import_wallet(PrivateKeyImport(key, chain))
            assert result.wallet.id == f"privateKey_{chain}_{record['address']}", name
            assert [(account.chain, account.address, account.derivation_path) for account in result.wallet.accounts] \
                == [(chain, record["address"], "")], name
            assert result.wallet.type is WalletType.PRIVATE_KEY
            assert result.existing == (first is not None), f"{name}: every form of one key is one wallet"
            first = first or result.wallet
            assert key not in repr(PrivateKeyImport(key, chain))
        exported = app.wallets.export_secret(first.id)
        assert (exported.value, exported.kind) == (record["forms"]["export"], CopyKindPrivateKey())
        assert exported.is_sensitive and exported.value not in repr(exported)


def test_concurrent_asyncio_imports_each_get_their_own_index(tmp_path):
    with WalletApp(tmp_path) as app:
        chains = ["ethereum", "tron", "solana", "cosmos", "sui", "near"]

        async def scenario():
            return await asyncio.gather(*(app.wallets.import_wallet_async(SingleImport(ABANDON, chain))
                                          for chain in chains))

        results = asyncio.run(scenario())
        assert sorted(result.wallet.index for result in results) == [1, 2, 3, 4, 5, 6]
        assert len({result.wallet.id for result in results}) == 6
        assert len(app.session.get_wallets()) == 6 and len(app.secure_store.keys()) == 6
