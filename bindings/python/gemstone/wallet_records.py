"""The wallet and address records of include/gemstone.h ("Wallets", "Addresses") as dataclasses.

``from_json`` reads the parsed JSON (unknown keys ignored, as in records.py); ``to_json`` gives what
the core reads. Secrets (a phrase, a private key, an exported secret) never appear in a repr.
Python cannot wipe a ``str``: a secret read into Python lives until the garbage collector reuses its
memory, so keep secrets in Python no longer than the screen needs them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Union

from .generated import Account, WalletSource, WalletType
from .records import RecordError, _check, _mapping, _optional, _require


def _enum(kind: type, data: Mapping[str, Any], key: str, record: str) -> Any:
    value = _require(data, key, str, record)
    try:
        return kind(value)
    except ValueError as error:
        raise RecordError(f"{record}.{key} is unknown: {value!r}") from error


def _strings(data: Mapping[str, Any], key: str, record: str) -> tuple[str, ...]:
    return tuple(_check(item, str, f"{record}.{key}[]") for item in _require(data, key, list, record))


def _accounts(data: Mapping[str, Any], record: str) -> tuple[Account, ...]:
    return tuple(Account.from_json(item) for item in _require(data, "accounts", list, record))


@dataclass(frozen=True)
class Wallet:
    """A wallet record. ``external_id`` is its keystore record's key (None for watch-only)."""

    id: str
    name: str
    index: int
    type: WalletType
    accounts: tuple[Account, ...]
    order: int
    is_pinned: bool
    source: WalletSource
    external_id: Optional[str] = None
    image_url: Optional[str] = None

    @classmethod
    def from_json(cls, data: Any) -> "Wallet":
        data = _mapping(data, "wallet")
        return cls(
            id=_require(data, "id", str, "wallet"),
            name=_require(data, "name", str, "wallet"),
            index=_require(data, "index", int, "wallet"),
            type=_enum(WalletType, data, "type", "wallet"),
            accounts=_accounts(data, "wallet"),
            order=_require(data, "order", int, "wallet"),
            is_pinned=_require(data, "is_pinned", bool, "wallet"),
            source=_enum(WalletSource, data, "source", "wallet"),
            external_id=_optional(data, "external_id", str, "wallet"),
            image_url=_optional(data, "image_url", str, "wallet"),
        )

    def to_json(self) -> dict:
        out: dict[str, Any] = {"id": self.id}
        if self.external_id is not None:
            out["external_id"] = self.external_id
        out.update({"name": self.name, "index": self.index, "type": WalletType(self.type).value,
                    "accounts": [account.to_json() for account in self.accounts], "order": self.order,
                    "is_pinned": self.is_pinned})
        if self.image_url is not None:
            out["image_url"] = self.image_url
        out["source"] = WalletSource(self.source).value
        return out

    @property
    def is_watch_only(self) -> bool:
        return self.type is WalletType.VIEW

    def account(self, chain: str) -> Optional[Account]:
        """The wallet's account on `chain`, if it has one."""
        return next((account for account in self.accounts if account.chain == chain), None)


# --- import requests ----------------------------------------------------------------------


def _named(out: dict, name: Optional[str]) -> dict:
    if name is not None:
        out["name"] = name
    return out


@dataclass(frozen=True)
class MulticoinImport:
    """A phrase with accounts on many chains (``chains`` empty: every chain a phrase wallet derives)."""

    phrase: str = field(repr=False)
    chains: tuple[str, ...] = ()
    name: Optional[str] = None

    def to_json(self) -> dict:
        out: dict[str, Any] = {"type": "multicoin", "phrase": self.phrase}
        if self.chains:
            out["chains"] = list(self.chains)
        return _named(out, self.name)


@dataclass(frozen=True)
class SingleImport:
    """A phrase used on one chain."""

    phrase: str = field(repr=False)
    chain: str = ""
    name: Optional[str] = None

    def to_json(self) -> dict:
        return _named({"type": "single", "phrase": self.phrase, "chain": self.chain}, self.name)


@dataclass(frozen=True)
class PrivateKeyImport:
    """A private key on one chain, in one of the chain's usual encodings (see gemstone.h)."""

    private_key: str = field(repr=False)
    chain: str = ""
    name: Optional[str] = None

    def to_json(self) -> dict:
        return _named({"type": "private_key", "private_key": self.private_key, "chain": self.chain}, self.name)


@dataclass(frozen=True)
class ViewImport:
    """A watch-only address on one chain."""

    address: str
    chain: str
    name: Optional[str] = None

    def to_json(self) -> dict:
        return _named({"type": "view", "address": self.address, "chain": self.chain}, self.name)


#: What import_wallet and preview_import take: one of the four import types, or its JSON as a dict.
WalletImport = Union[MulticoinImport, SingleImport, PrivateKeyImport, ViewImport]
WALLET_IMPORT_TYPES = (MulticoinImport, SingleImport, PrivateKeyImport, ViewImport)


# --- answers ------------------------------------------------------------------------------


@dataclass(frozen=True)
class WalletImportResult:
    """The answer of an import: the new wallet, or (``existing``) the one already stored under the
    same id, which was made current and not duplicated."""

    wallet: Wallet
    existing: bool

    @classmethod
    def from_json(cls, data: Any) -> "WalletImportResult":
        data = _mapping(data, "wallet_import_result")
        kind = _require(data, "type", str, "wallet_import_result")
        if kind not in ("imported", "existing"):
            raise RecordError(f"wallet_import_result.type is unknown: {kind!r}")
        if "wallet" not in data:
            raise RecordError("wallet_import_result.wallet is missing")
        return cls(wallet=Wallet.from_json(data["wallet"]), existing=kind == "existing")

    def to_json(self) -> dict:
        return {"type": "existing" if self.existing else "imported", "wallet": self.wallet.to_json()}


@dataclass(frozen=True)
class WalletPreview:
    """What an import would make, computed without writing: its id, type, accounts, and whether a
    wallet with that id is stored already."""

    wallet_id: str
    wallet_type: WalletType
    accounts: tuple[Account, ...]
    existing: bool

    @classmethod
    def from_json(cls, data: Any) -> "WalletPreview":
        data = _mapping(data, "wallet_preview")
        return cls(
            wallet_id=_require(data, "wallet_id", str, "wallet_preview"),
            wallet_type=_enum(WalletType, data, "wallet_type", "wallet_preview"),
            accounts=_accounts(data, "wallet_preview"),
            existing=_require(data, "existing", bool, "wallet_preview"),
        )

    def to_json(self) -> dict:
        return {"wallet_id": self.wallet_id, "wallet_type": WalletType(self.wallet_type).value,
                "accounts": [account.to_json() for account in self.accounts], "existing": self.existing}


class CopyKindType(str, enum.Enum):
    ADDRESS = "address"
    PLAIN = "plain"
    SECRET_PHRASE = "secret_phrase"
    PRIVATE_KEY = "private_key"


@dataclass(frozen=True)
class GemCopyKind:
    """What a copied value is: {"type":"address","chain":C}, plain, secret_phrase or private_key."""

    type: CopyKindType
    chain: Optional[str] = None

    @property
    def is_sensitive(self) -> bool:
        """A secret: mark the clipboard item sensitive and never show it in a toast."""
        return self.type in (CopyKindType.SECRET_PHRASE, CopyKindType.PRIVATE_KEY)

    @classmethod
    def from_json(cls, data: Any) -> "GemCopyKind":
        data = _mapping(data, "copy_kind")
        kind = _enum(CopyKindType, data, "type", "copy_kind")
        chain = _require(data, "chain", str, "copy_kind") if kind is CopyKindType.ADDRESS else None
        return cls(kind, chain)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"type": CopyKindType(self.type).value}
        if self.chain is not None:
            out["chain"] = self.chain
        return out


@dataclass(frozen=True)
class GemCopy:
    """One value for the clipboard: ``value`` to copy, ``display`` for a toast (empty for a secret),
    and ``kind``, which says whether it is sensitive. A sensitive value never shows in a repr."""

    kind: GemCopyKind
    value: str
    display: str = ""

    @property
    def is_sensitive(self) -> bool:
        return self.kind.is_sensitive

    def __repr__(self) -> str:
        shown = "<redacted>" if self.is_sensitive else repr(self.value)
        return f"GemCopy(kind={self.kind!r}, value={shown}, display={self.display!r})"

    __str__ = __repr__

    @classmethod
    def from_json(cls, data: Any) -> "GemCopy":
        data = _mapping(data, "copy")
        if "kind" not in data:
            raise RecordError("copy.kind is missing")
        return cls(kind=GemCopyKind.from_json(data["kind"]), value=_require(data, "value", str, "copy"),
                   display=_require(data, "display", str, "copy"))

    def to_json(self) -> dict:
        return {"kind": self.kind.to_json(), "value": self.value, "display": self.display}


@dataclass(frozen=True)
class WalletCreated:
    """A new wallet and its phrase (a sensitive GemCopy), shown this once for the user's backup."""

    wallet: Wallet
    phrase: GemCopy

    @classmethod
    def from_json(cls, data: Any) -> "WalletCreated":
        data = _mapping(data, "wallet_created")
        for key in ("wallet", "phrase"):
            if key not in data:
                raise RecordError(f"wallet_created.{key} is missing")
        return cls(wallet=Wallet.from_json(data["wallet"]), phrase=GemCopy.from_json(data["phrase"]))

    def to_json(self) -> dict:
        return {"wallet": self.wallet.to_json(), "phrase": self.phrase.to_json()}


@dataclass(frozen=True)
class WalletDeleted:
    """The wallet deleted and the current wallet id afterwards (None when no wallet remains)."""

    deleted_wallet_id: str
    current_wallet_id: Optional[str] = None

    @classmethod
    def from_json(cls, data: Any) -> "WalletDeleted":
        data = _mapping(data, "wallet_deleted")
        return cls(deleted_wallet_id=_require(data, "deleted_wallet_id", str, "wallet_deleted"),
                   current_wallet_id=_optional(data, "current_wallet_id", str, "wallet_deleted"))

    def to_json(self) -> dict:
        out = {"deleted_wallet_id": self.deleted_wallet_id}
        if self.current_wallet_id is not None:
            out["current_wallet_id"] = self.current_wallet_id
        return out


# --- addresses ----------------------------------------------------------------------------


class AddressErrorType(str, enum.Enum):
    """Why gem_address_validate rejected an address."""

    EMPTY = "empty"
    INVALID_CHARACTER = "invalid_character"
    MIXED_CASE = "mixed_case"
    INVALID_CHECKSUM = "invalid_checksum"
    WRONG_PREFIX = "wrong_prefix"
    WRONG_NETWORK = "wrong_network"
    INVALID_LENGTH = "invalid_length"
    NON_CANONICAL_ENCODING = "non_canonical_encoding"
    UNSUPPORTED_FORMAT = "unsupported_format"
    INVALID_PUBLIC_KEY = "invalid_public_key"


@dataclass(frozen=True)
class AddressRejection:
    """The reason an address was rejected. ``type`` is an AddressErrorType, or the plain string of a
    reason this binding does not know yet (a newer core). ``expected``/``found`` come with wrong_prefix."""

    type: Union[AddressErrorType, str]
    message: str
    expected: Optional[str] = None
    found: Optional[str] = None

    @classmethod
    def from_json(cls, data: Any) -> "AddressRejection":
        data = _mapping(data, "address_error")
        kind = _require(data, "type", str, "address_error")
        try:
            parsed: Union[AddressErrorType, str] = AddressErrorType(kind)
        except ValueError:
            parsed = kind
        return cls(type=parsed, message=_require(data, "message", str, "address_error"),
                   expected=_optional(data, "expected", str, "address_error"),
                   found=_optional(data, "found", str, "address_error"))

    def to_json(self) -> dict:
        kind = self.type.value if isinstance(self.type, AddressErrorType) else self.type
        out: dict[str, Any] = {"type": kind, "message": self.message}
        if self.expected is not None:
            out["expected"] = self.expected
        if self.found is not None:
            out["found"] = self.found
        return out


@dataclass(frozen=True)
class AddressValidation:
    """The answer of validate_address: ``address`` (the form to send to) when valid, else ``error``."""

    chain: str
    address: Optional[str] = None
    error: Optional[AddressRejection] = None

    @property
    def is_valid(self) -> bool:
        return self.address is not None

    def __bool__(self) -> bool:
        return self.is_valid

    @classmethod
    def from_json(cls, data: Any) -> "AddressValidation":
        data = _mapping(data, "address_validation")
        address = _optional(data, "address", str, "address_validation")
        error = None if data.get("error") is None else AddressRejection.from_json(data["error"])
        if (address is None) == (error is None):
            raise RecordError(f"address_validation needs exactly one of address and error: {dict(data)!r}")
        return cls(chain=_require(data, "chain", str, "address_validation"), address=address, error=error)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"chain": self.chain}
        if self.address is not None:
            out["address"] = self.address
        if self.error is not None:
            out["error"] = self.error.to_json()
        return out


def wallet_list(data: Any) -> list[Wallet]:
    if not isinstance(data, list):
        raise RecordError(f"expected a list of wallets, got {data!r}")
    return [Wallet.from_json(item) for item in data]


def optional_wallet(data: Any) -> Optional[Wallet]:
    return None if data is None else Wallet.from_json(data)


def optional_string(data: Any) -> Optional[str]:
    if data is not None and not isinstance(data, str):
        raise RecordError(f"expected a string or null, got {data!r}")
    return data


def import_json(request: Union[WalletImport, Mapping[str, Any]]) -> Any:
    """The import_json value of a request (an import dataclass, or its JSON as a mapping)."""
    if isinstance(request, WALLET_IMPORT_TYPES):
        return request.to_json()
    if isinstance(request, Mapping):
        return dict(request)
    raise TypeError(f"expected a wallet import (MulticoinImport, SingleImport, PrivateKeyImport, ViewImport) "
                    f"or a mapping, got {type(request).__name__}")


__all__ = ["Account", "AddressErrorType", "AddressRejection", "AddressValidation", "CopyKindType", "GemCopy",
           "GemCopyKind", "MulticoinImport", "PrivateKeyImport", "SingleImport", "ViewImport", "Wallet",
           "WalletCreated", "WalletDeleted", "WalletImport", "WalletImportResult", "WalletPreview", "WalletSource",
           "WalletType"]
