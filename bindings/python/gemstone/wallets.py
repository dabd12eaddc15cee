"""WalletSessionService, WalletService and validate_address: the wallet part of include/gemstone.h.

Services follow services.py: one handle each, freed by close() (or a ``with`` block, garbage
collection, exit); every async command has a blocking form and an ``<name>_async`` form.

    store, session = SqliteWalletStore("app.db"), SqliteWalletSessionStore("app.db")
    with WalletService(store=store, session_store=session, secure_store=SqliteSecureStore("app.db"),
                       password=FileKeystorePassword("keystore.key")) as wallets:
        created = wallets.create_wallet(name="Main")      # created.phrase: shown once, for backup
        wallets.import_wallet(ViewImport("0x…", "ethereum"))

A secret (a phrase or key to import, an exported GemCopy) passes through Python strings, which
cannot be wiped: drop them as soon as the screen no longer needs them.
"""

from __future__ import annotations

import ctypes
from typing import Any, Iterable, Mapping, Optional, Union

from . import abi, calls
from .ports import as_port_table
from .generated import WalletCreateRequest, WalletServiceConfig, WalletSessionServiceConfig
from .services import _c_string, _config_argument, _construct, _json_argument, _Service
from .wallet_records import (AddressValidation, GemCopy, SecretSweep, Wallet, WalletCreated, WalletDeleted,
                             WalletImport, WalletImportResult, WalletPreview, import_json, optional_string,
                             optional_wallet, wallet_list)

WalletRef = Union[str, Wallet]
ImportRequest = Union[WalletImport, Mapping[str, Any]]


def _wallet_id(wallet: WalletRef) -> Optional[bytes]:
    return _c_string(wallet.id if isinstance(wallet, Wallet) else wallet, "wallet_id")


def _import_argument(request: ImportRequest) -> bytes:
    return _json_argument(import_json(request), "import_json")


class WalletSessionService(_Service):
    """Reads the wallets and the current one (gem_wallet_session_service), over a WalletStore and a
    WalletSessionStore port. `store_timeout_ms` (1 to 600000, the core's 30000 when None) bounds each
    WalletStore call; `wait_timeout` bounds the blocking forms' wait (builtin TimeoutError)."""

    _FREE = "gem_wallet_session_service_free"

    def __init__(self, store: Any, session_store: Any, *, store_timeout_ms: Optional[int] = None,
                 wait_timeout: Optional[float] = None) -> None:
        config_json = _config_argument(WalletSessionServiceConfig(store_timeout_ms=store_timeout_ms))
        tables = [as_port_table(store, "gem_wallet_store"), as_port_table(session_store, "gem_wallet_session_store")]
        leases = [table.lease() for table in tables]
        library = abi.lib()
        handle = _construct(lambda out, error: library.gem_wallet_session_service_new(
            config_json, ctypes.byref(leases[0].struct), ctypes.byref(leases[1].struct), out, error), leases)
        super().__init__(handle, tables, wait_timeout)

    def get_wallets(self) -> list[Wallet]:
        """Every wallet, in the user's order (order, then index)."""
        return self._run("gem_wallet_session_service_get_wallets", (), wallet_list)

    async def get_wallets_async(self) -> list[Wallet]:
        return await self._run_async("gem_wallet_session_service_get_wallets", (), wallet_list)

    def get_wallet(self, wallet_id: WalletRef) -> Optional[Wallet]:
        """The wallet with this id, or None."""
        return self._run("gem_wallet_session_service_get_wallet", (_wallet_id(wallet_id),), optional_wallet)

    async def get_wallet_async(self, wallet_id: WalletRef) -> Optional[Wallet]:
        return await self._run_async("gem_wallet_session_service_get_wallet", (_wallet_id(wallet_id),),
                                     optional_wallet)

    def require_wallet(self, wallet_id: WalletRef) -> Wallet:
        """The wallet with this id; raises NotFound when none."""
        return self._run("gem_wallet_session_service_require_wallet", (_wallet_id(wallet_id),), Wallet.from_json)

    async def require_wallet_async(self, wallet_id: WalletRef) -> Wallet:
        return await self._run_async("gem_wallet_session_service_require_wallet", (_wallet_id(wallet_id),),
                                     Wallet.from_json)

    def get_current_wallet_id(self) -> Optional[str]:
        """The stored current wallet id (synchronous); it may name a wallet deleted since."""
        return calls.decode(self._call_out("gem_wallet_session_service_get_current_wallet_id"), optional_string)

    def get_current_wallet(self) -> Optional[Wallet]:
        """The current wallet: the stored one while it exists, else the first in the user's order,
        else None. Reading writes nothing."""
        return self._run("gem_wallet_session_service_get_current_wallet", (), optional_wallet)

    async def get_current_wallet_async(self) -> Optional[Wallet]:
        return await self._run_async("gem_wallet_session_service_get_current_wallet", (), optional_wallet)


class WalletService(_Service):
    """Creates, imports and manages wallets (gem_wallet_service); owns the keystore, whose secrets
    leave the core only through export_secret. Pass the same store objects as to the
    WalletSessionService. `kdf_iterations` / `kdf_memory_kib` set the Argon2id cost of new keystore
    records, `store_timeout_ms` the core's limit on each wallet-store and secure-store call (a store
    that has not answered by then fails the command with Timeout); the core's defaults when None."""

    _FREE = "gem_wallet_service_free"

    def __init__(self, *, store: Any, session_store: Any, secure_store: Any, password: Any,
                 kdf_iterations: Optional[int] = None, kdf_memory_kib: Optional[int] = None,
                 store_timeout_ms: Optional[int] = None, wait_timeout: Optional[float] = None) -> None:
        config_json = _config_argument(WalletServiceConfig(kdf_iterations=kdf_iterations, kdf_memory_kib=kdf_memory_kib,
                                                           store_timeout_ms=store_timeout_ms))
        tables = [
            as_port_table(store, "gem_wallet_store"),
            as_port_table(session_store, "gem_wallet_session_store"),
            as_port_table(secure_store, "gem_secure_store"),
            as_port_table(password, "gem_keystore_password"),
        ]
        leases = [table.lease() for table in tables]
        library = abi.lib()
        handle = _construct(lambda out, error: library.gem_wallet_service_new(
            config_json, *(ctypes.byref(lease.struct) for lease in leases), out, error), leases)
        super().__init__(handle, tables, wait_timeout)

    # create and import

    @staticmethod
    def _create_argument(name: Optional[str], word_count: Optional[int], chains: Optional[Iterable[str]]) -> bytes:
        request = WalletCreateRequest(name=name, word_count=word_count,
                                      chains=None if chains is None else (chains,) if isinstance(chains, str) else tuple(chains))
        return _json_argument(request.to_json(), "request_json")

    def create_wallet(self, name: Optional[str] = None, word_count: Optional[int] = None,
                      chains: Optional[Iterable[str]] = None) -> WalletCreated:
        """A multi-coin wallet from a new phrase (12 or 24 words; every chain unless `chains`), made
        current. The answer's ``phrase`` is shown this once, for the user's backup."""
        return self._run("gem_wallet_service_create_wallet", (self._create_argument(name, word_count, chains),),
                         WalletCreated.from_json)

    async def create_wallet_async(self, name: Optional[str] = None, word_count: Optional[int] = None,
                                  chains: Optional[Iterable[str]] = None) -> WalletCreated:
        return await self._run_async("gem_wallet_service_create_wallet",
                                     (self._create_argument(name, word_count, chains),), WalletCreated.from_json)

    def import_wallet(self, request: ImportRequest) -> WalletImportResult:
        """Imports a wallet and makes it current; ``existing`` when the same wallet is stored already.
        A bad phrase, key or address raises InvalidInput before anything is written."""
        return self._run("gem_wallet_service_import_wallet", (_import_argument(request),), WalletImportResult.from_json)

    async def import_wallet_async(self, request: ImportRequest) -> WalletImportResult:
        return await self._run_async("gem_wallet_service_import_wallet", (_import_argument(request),),
                                     WalletImportResult.from_json)

    def preview_import(self, request: ImportRequest) -> WalletPreview:
        """What import_wallet would make, without writing or asking the password."""
        return self._run("gem_wallet_service_preview_import", (_import_argument(request),), WalletPreview.from_json)

    async def preview_import_async(self, request: ImportRequest) -> WalletPreview:
        return await self._run_async("gem_wallet_service_preview_import", (_import_argument(request),),
                                     WalletPreview.from_json)

    # manage

    def rename_wallet(self, wallet_id: WalletRef, name: str) -> Wallet:
        """Renames a wallet (trimmed, 1 to 64 characters); NotFound for an unknown id."""
        return self._run("gem_wallet_service_rename_wallet", (_wallet_id(wallet_id), _c_string(name, "name")),
                         Wallet.from_json)

    async def rename_wallet_async(self, wallet_id: WalletRef, name: str) -> Wallet:
        return await self._run_async("gem_wallet_service_rename_wallet",
                                     (_wallet_id(wallet_id), _c_string(name, "name")), Wallet.from_json)

    def set_pinned(self, wallet_id: WalletRef, pinned: bool) -> Wallet:
        return self._run("gem_wallet_service_set_pinned", (_wallet_id(wallet_id), 1 if pinned else 0),
                         Wallet.from_json)

    async def set_pinned_async(self, wallet_id: WalletRef, pinned: bool) -> Wallet:
        return await self._run_async("gem_wallet_service_set_pinned", (_wallet_id(wallet_id), 1 if pinned else 0),
                                     Wallet.from_json)

    def delete_wallet(self, wallet_id: WalletRef) -> WalletDeleted:
        """Deletes a wallet and its keystore record; the first remaining wallet becomes current when
        it was."""
        return self._run("gem_wallet_service_delete_wallet", (_wallet_id(wallet_id),), WalletDeleted.from_json)

    async def delete_wallet_async(self, wallet_id: WalletRef) -> WalletDeleted:
        return await self._run_async("gem_wallet_service_delete_wallet", (_wallet_id(wallet_id),),
                                     WalletDeleted.from_json)

    def set_current_wallet_id(self, wallet_id: WalletRef) -> Wallet:
        """Makes a stored wallet current; NotFound for an unknown id."""
        return self._run("gem_wallet_service_set_current_wallet_id", (_wallet_id(wallet_id),), Wallet.from_json)

    async def set_current_wallet_id_async(self, wallet_id: WalletRef) -> Wallet:
        return await self._run_async("gem_wallet_service_set_current_wallet_id", (_wallet_id(wallet_id),),
                                     Wallet.from_json)

    # secrets

    def export_secret(self, wallet_id: WalletRef) -> GemCopy:
        """The wallet's phrase or private key as a sensitive GemCopy, after the password port answered.
        InvalidInput for a watch-only wallet, NotFound for a missing keystore record, CryptoError
        (naming the failed check) for a wrong password or a damaged record."""
        return self._run("gem_wallet_service_export_secret", (_wallet_id(wallet_id),), GemCopy.from_json)

    async def export_secret_async(self, wallet_id: WalletRef) -> GemCopy:
        return await self._run_async("gem_wallet_service_export_secret", (_wallet_id(wallet_id),), GemCopy.from_json)

    # repair at start

    def startup_sweep(self) -> SecretSweep:
        """What the sweep at start did (waits for it): secrets an interrupted import left without a wallet,
        deleted (removed_secrets); wallets stored without their secret (wallets_without_secret); and the
        error that stopped it (failure, None when it ran through)."""
        return self._run("gem_wallet_service_startup_sweep", (), SecretSweep.from_json)

    async def startup_sweep_async(self) -> SecretSweep:
        return await self._run_async("gem_wallet_service_startup_sweep", (), SecretSweep.from_json)


def validate_address(chain: str, address: str) -> AddressValidation:
    """Checks an address the user typed or pasted for `chain` (its id, e.g. "ethereum"). A rejected
    address is an answer (``.error`` says why), not an exception; an unknown chain id raises
    InvalidArgument."""
    return calls.decode(calls.call_out(abi.lib().gem_address_validate, _c_string(chain, "chain"),
                                       _c_string(address, "address")), AddressValidation.from_json)
