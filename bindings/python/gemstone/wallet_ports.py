"""The wallet ports of include/gemstone.h as interfaces: subclass one and pass the instance to
WalletSessionService / WalletService (or build a PortTable of the same kind yourself).

Records cross as the core's JSON (dicts): a store keeps what it is given and answers it back.
A store method raises StoreError (or any exception, read as a store failure) with nothing written.
"""

from __future__ import annotations

import abc
import ctypes
from typing import Any, Optional, Union

from .abi import Status
from .errors import InternalError, PortError
from .ports import PortCall, PortTable, _string_arg, deferred


def _wallet_arg(args: Any) -> dict:
    wallet = args.get("wallet") if isinstance(args, dict) else None
    if not isinstance(wallet, dict):
        raise InternalError(f"the core sent no wallet record: {args!r}")
    return wallet


class WalletStore(abc.ABC):
    """gem_wallet_store: the wallets and their accounts. Called on core threads where blocking
    (a SQLite transaction) is allowed."""

    @abc.abstractmethod
    def get_wallets(self) -> list:
        """Every stored wallet record (any order)."""

    @abc.abstractmethod
    def get_wallet(self, wallet_id: str) -> Optional[dict]:
        """The wallet record with this id, or None."""

    @abc.abstractmethod
    def add_wallet(self, wallet: dict) -> None:
        """Inserts the wallet and its accounts in one transaction; raises StoreError, writing
        nothing, when a wallet with this id is stored (never overwrites)."""

    @abc.abstractmethod
    def save_wallet(self, wallet: dict) -> None:
        """Replaces the stored wallet with this id, writing only what changed."""

    @abc.abstractmethod
    def delete_wallet(self, wallet_id: str) -> None:
        """Deletes the wallet and its accounts; an unknown id is not an error."""

    def port_table(self) -> PortTable:
        return PortTable("gem_wallet_store", {
            "get_wallets": lambda args: self.get_wallets(),
            "get_wallet": lambda args: self.get_wallet(_string_arg(args, "wallet_id")),
            "add_wallet": lambda args: self.add_wallet(_wallet_arg(args)),
            "save_wallet": lambda args: self.save_wallet(_wallet_arg(args)),
            "delete_wallet": lambda args: self.delete_wallet(_string_arg(args, "wallet_id")),
        }, default_status=Status.STORE)


class WalletSessionStore(abc.ABC):
    """gem_wallet_session_store: the current wallet id. SYNC: answered before returning, on the
    thread that needs it (the caller's or a core thread), from a value held in memory."""

    @abc.abstractmethod
    def get_current_wallet_id(self) -> Optional[str]: ...

    @abc.abstractmethod
    def set_current_wallet_id(self, wallet_id: Optional[str]) -> None:
        """Stores the id (None clears it); raises, keeping the old value, when it cannot."""

    def port_table(self) -> PortTable:
        return PortTable("gem_wallet_session_store", {
            "get_current_wallet_id": lambda args: self.get_current_wallet_id(),
            "set_current_wallet_id": lambda args: self.set_current_wallet_id(
                _string_arg(args, "wallet_id", optional=True)),
        }, default_status=Status.STORE)


class SecureStore(abc.ABC):
    """gem_secure_store: the core's encrypted keystore records, one per wallet, by key. Every
    method may fail (raise); a failed get is never read as an absent value."""

    @abc.abstractmethod
    def get(self, key: str) -> Optional[str]: ...

    @abc.abstractmethod
    def set(self, key: str, value: str) -> None:
        """Stores `value` under `key`, replacing any value."""

    @abc.abstractmethod
    def delete(self, key: str) -> None:
        """Removes `key`; an absent key is not an error."""

    def port_table(self) -> PortTable:
        return PortTable("gem_secure_store", {
            "get": lambda args: self.get(_string_arg(args, "key")),
            "set": lambda args: self.set(_string_arg(args, "key"), _string_arg(args, "value")),
            "delete_key": lambda args: self.delete(_string_arg(args, "key")),
        }, default_status=Status.STORE)


def answer_secret(call: PortCall, secret: Union[bytes, bytearray]) -> int:
    """Answers `call` with the raw bytes of `secret` (not JSON). A bytearray is wiped once the core
    has copied it; a bytes object cannot be wiped, so pass a bytearray."""
    if not isinstance(secret, (bytes, bytearray)):
        raise PortError(f"a keystore password is bytes, not {type(secret).__name__}")
    buffer = secret if isinstance(secret, bytearray) else bytearray(secret)
    view = (ctypes.c_char * len(buffer)).from_buffer(buffer)
    try:
        return call.ok_bytes(view)  # type: ignore[arg-type]  # c_char_p takes a c_char array
    finally:
        ctypes.memset(ctypes.addressof(view), 0, len(buffer))
        del view


class KeystorePassword(abc.ABC):
    """gem_keystore_password: the random per-install secret the keystore records are sealed under,
    asked on every create, import of a secret, and export. Return it as a bytearray (16 to 1024
    bytes), which the binding wipes after the core copied it; raise PermissionDenied to refuse."""

    @abc.abstractmethod
    def password(self) -> Union[bytes, bytearray]: ...

    def port_table(self) -> PortTable:
        @deferred
        def get_password(args: Any, call: PortCall) -> None:
            answer_secret(call, self.password())

        return PortTable("gem_keystore_password", {"get_password": get_password}, default_status=Status.STORE)
