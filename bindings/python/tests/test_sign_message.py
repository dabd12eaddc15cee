"""SignMessageService (gem_sign_message_service) through the binding: preview rows, a signature for the wallet's
account (the signature itself is checked by eth-account in the gem-host ctest and by the Swift suites), the
asyncio form, refusals as exceptions, and the service outliving the WalletService it was made over."""

from __future__ import annotations

import asyncio

import pytest

from gemstone import (InvalidArgument, InvalidInput, MulticoinImport, SignMessageKind, SignMessageRequest,
                      SignMessageSection, SignMessageService, SignMessageValueStyle, sign_message_request)
from wallet_support import ABANDON, WalletApp

pytestmark = pytest.mark.usefixtures("library")


def test_preview_and_sign(tmp_path):
    app = WalletApp(tmp_path)
    try:
        wallet = app.wallets.import_wallet(MulticoinImport(ABANDON, chains=("ethereum", "solana"))).wallet
        service = SignMessageService(app.wallets, wait_timeout=60)
        request = sign_message_request("ethereum", "eip191", "0x68656c6c6f", encoding="hex", app_name="Example",
                                       app_url="https://example.org")
        preview = service.preview(request)
        assert preview.printable and preview.kind == SignMessageKind.EIP191
        assert [(row.section, row.label, row.value) for row in preview.rows] == [
            (SignMessageSection.APP, "app", "Example"), (SignMessageSection.APP, "url", "https://example.org"),
            (SignMessageSection.APP, "network", "Ethereum"), (SignMessageSection.MESSAGE, "message", "hello")]
        assert preview.rows[1].style == SignMessageValueStyle.URL

        signed = service.sign(wallet.id, request)
        ethereum = next(account.address for account in wallet.accounts if account.chain == "ethereum")
        assert signed.signer == ethereum
        assert signed.signature.startswith("0x") and len(signed.signature) == 132 and signed.signature[-2:] in ("1b", "1c")
        # Deterministic (RFC 6979): the asyncio form signs the same bytes.
        assert asyncio.run(service.sign_async(wallet.id, request)) == signed

        solana = service.sign(wallet.id, {"chain": "solana", "kind": "solana", "message": "hello"})
        assert solana.signer == next(account.address for account in wallet.accounts if account.chain == "solana")

        # The service retains the wallet service's session and keystore.
        app.wallets.close()
        assert service.sign(wallet.id, request) == signed
        service.close()
    finally:
        app.close()


def test_refusals(tmp_path):
    app = WalletApp(tmp_path)
    try:
        wallet = app.wallets.import_wallet(MulticoinImport(ABANDON, chains=("ethereum",))).wallet
        service = SignMessageService(app.wallets, wait_timeout=60)
        with pytest.raises(InvalidInput, match="eip191 messages are not signed on solana"):
            service.preview(SignMessageRequest(chain="solana", kind=SignMessageKind.EIP191, message="hi"))
        with pytest.raises(InvalidInput, match="typed_data"):
            service.preview({"chain": "ethereum", "kind": "eip712", "message": "{}"})
        with pytest.raises(InvalidArgument):
            service.preview({"chain": "ethereum", "kind": "nope", "message": "hi"})
        with pytest.raises(InvalidInput, match="no solana account"):
            service.sign(wallet.id, {"chain": "solana", "kind": "solana", "message": "hi"})
        with pytest.raises(TypeError):
            SignMessageService(app.session)
        service.close()
    finally:
        app.close()
