"""Hand-written behaviour of generated records (schema option "python_base"): properties and methods only,
never fields or JSON. Each ``<Name>Behaviour`` is a base of the generated class ``<Name>`` in generated.py,
which owns the fields, ``from_json`` and ``to_json``. Nothing here is imported from generated.py at load
time (generated.py imports this module)."""

from __future__ import annotations

from typing import Any, Optional


class WalletBehaviour:
    @property
    def is_watch_only(self) -> bool:
        """A watch-only wallet has no secret to export."""
        return getattr(self, "type").value == "view"

    def account(self, chain: str) -> Optional[Any]:
        """The wallet's account on `chain`, if it has one."""
        return next((account for account in getattr(self, "accounts") if account.chain == chain), None)


class WalletImportBehaviour:
    @property
    def wallet_type(self) -> str:
        """The type of the wallet the import makes ("multicoin", "single", "private_key", "view")."""
        return getattr(self, "TYPE")


class WalletImportResultBehaviour:
    @property
    def existing(self) -> bool:
        """True when the wallet was stored already under the same id (made current, nothing duplicated)."""
        return getattr(self, "TYPE") == "existing"


class CopyKindBehaviour:
    @property
    def is_sensitive(self) -> bool:
        """A secret: mark the clipboard item sensitive and never show it in a toast."""
        return getattr(self, "TYPE") in ("secret_phrase", "private_key")


class CopyBehaviour:
    @property
    def is_sensitive(self) -> bool:
        """The copied value is a secret (its kind says so): mark the clipboard item sensitive."""
        return bool(getattr(self, "kind").is_sensitive)


class AddressValidationBehaviour:
    @property
    def is_valid(self) -> bool:
        return getattr(self, "TYPE") == "valid"

    def __bool__(self) -> bool:
        return self.is_valid

    def __getattr__(self, name: str) -> Any:
        # The other case's key reads as None (valid.error, invalid.address), as the one-record answer always did.
        if name in ("address", "error"):
            return None
        raise AttributeError(name)
