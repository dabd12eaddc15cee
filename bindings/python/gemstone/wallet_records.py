"""The wallet and address records of include/gemstone.h ("Wallets", "Addresses").

Every record here is generated from schema/wallets.json and schema/wallet_service.json (generated.py); this
module names them as the wallet API uses them and holds the few readers of whole answers. A field that holds a
secret (a phrase, a private key, a copied value) is left out of repr and named in the class's SECRET_FIELDS.
Python cannot wipe a ``str``: a secret read into Python lives until the garbage collector reuses its memory,
so keep secrets in Python no longer than the screen needs them.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Union

from .generated import (Account, AddressError, AddressErrorType, AddressValidation, AddressValidationInvalid,
                        AddressValidationValid, Copy, CopyKind, CopyKindAddress, CopyKindPlain, CopyKindPrivateKey,
                        CopyKindSecretPhrase, RecordError, SecretSweep, Wallet, WalletCreated, WalletDeleted, WalletImport,
                        WalletImportMulticoin, WalletImportPrivateKey, WalletImportResult, WalletImportResultExisting,
                        WalletImportResultImported, WalletImportSingle, WalletImportView, WalletPreview, WalletSource,
                        WalletType)

#: The import requests under the names the wallet API has always used.
MulticoinImport = WalletImportMulticoin
SingleImport = WalletImportSingle
PrivateKeyImport = WalletImportPrivateKey
ViewImport = WalletImportView
#: The specification's name for the one copy model.
GemCopy = Copy
GemCopyKind = CopyKind


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
    """The import_json value of a request (a WalletImport, or its JSON as a mapping)."""
    if isinstance(request, WalletImport):
        return request.to_json()
    if isinstance(request, Mapping):
        return dict(request)
    raise TypeError(f"expected a wallet import (MulticoinImport, SingleImport, PrivateKeyImport, ViewImport) "
                    f"or a mapping, got {type(request).__name__}")


__all__ = ["Account", "AddressError", "AddressErrorType", "AddressValidation", "AddressValidationInvalid",
           "AddressValidationValid", "Copy", "CopyKind", "CopyKindAddress", "CopyKindPlain", "CopyKindPrivateKey",
           "CopyKindSecretPhrase", "GemCopy", "GemCopyKind", "MulticoinImport", "PrivateKeyImport", "SecretSweep",
           "SingleImport", "ViewImport", "Wallet", "WalletCreated", "WalletDeleted", "WalletImport", "WalletImportResult",
           "WalletImportResultExisting", "WalletImportResultImported", "WalletPreview", "WalletSource", "WalletType"]
