"""Message signing (gem_sign_message_service): a dApp's request previewed as rows, then signed inside
the core with one keystore password read."""

from __future__ import annotations

import ctypes
from typing import Optional, Union

from . import abi, calls
from .errors import InvalidArgument
from .generated import (MessageEncoding, SignMessageKind, SignMessagePreview, SignMessageRequest,
                        SignMessageSignature)
from .services import _construct, _json_argument, _Service
from .wallets import WalletRef, WalletService, _wallet_id

RequestRef = Union[SignMessageRequest, dict]


def _request(request: RequestRef) -> bytes:
    if isinstance(request, SignMessageRequest):
        return _json_argument(request.to_json(), "request")
    if isinstance(request, dict):
        return _json_argument(request, "request")
    raise InvalidArgument(f"request must be a SignMessageRequest or a dict, not {type(request).__name__}")


def sign_message_request(chain: str, kind: Union[SignMessageKind, str], message: str, *,
                         encoding: Union[MessageEncoding, str] = MessageEncoding.TEXT, app_name: str = "",
                         app_url: str = "") -> SignMessageRequest:
    """A request record from its parts (kind and encoding by value or by name)."""
    return SignMessageRequest(chain=chain, kind=SignMessageKind(kind), message=message,
                              encoding=MessageEncoding(encoding), app_name=app_name, app_url=app_url)


class SignMessageService(_Service):
    """Previews and signs message requests (EIP-191, EIP-712, Solana, Sui, Tron, TON proof, Cosmos
    ADR-036, Bitcoin BIP-137) with a wallet's key; retains `wallets` (a WalletService: its session and
    keystore). A key never leaves the core."""

    _FREE = "gem_sign_message_service_free"

    def __init__(self, wallets: WalletService, *, wait_timeout: Optional[float] = None) -> None:
        if not isinstance(wallets, WalletService):
            raise TypeError(f"wallets must be a WalletService, not {type(wallets).__name__}")
        library = abi.lib()
        with wallets._use() as wallets_handle:
            handle = _construct(lambda out, error: library.gem_sign_message_service_new(
                ctypes.c_void_p(wallets_handle), out, error), [])
        super().__init__(handle, [], wait_timeout)

    def preview(self, request: RequestRef) -> SignMessagePreview:
        """The confirmation screen's rows (synchronous, no I/O). InvalidInput: a request that breaks a
        rule (another family's chain, an undecodable message, malformed typed data, a typed-data domain
        for another chain); InvalidArgument: request JSON over the size limit or malformed."""
        return calls.decode(self._call_out("gem_sign_message_service_preview", _request(request)),
                            SignMessagePreview.from_json)

    def sign(self, wallet_id: WalletRef, request: RequestRef) -> SignMessageSignature:
        """Signs with the wallet's key on the request's chain after one password read."""
        return self._run("gem_sign_message_service_sign", (_wallet_id(wallet_id), _request(request)),
                         SignMessageSignature.from_json)

    async def sign_async(self, wallet_id: WalletRef, request: RequestRef) -> SignMessageSignature:
        return await self._run_async("gem_sign_message_service_sign", (_wallet_id(wallet_id), _request(request)),
                                     SignMessageSignature.from_json)


__all__ = ["SignMessageService", "sign_message_request"]
