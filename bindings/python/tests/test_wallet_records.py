"""Wallet and address records from and to their JSON shapes (include/gemstone.h "Wallets",
"Addresses"); secrets never in a repr."""

from __future__ import annotations

import pytest

from gemstone import (Account, AddressError, AddressErrorType, GemCopy,
                      MulticoinImport, PrivateKeyImport, RecordError, SingleImport, ViewImport, Wallet, WalletCreated,
                      WalletDeleted, WalletImportResult, WalletPreview, WalletSource, WalletType)
from gemstone.wallet_records import CopyKindPlain, import_json

ETH = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
PHRASE = "abandon " * 11 + "about"
WALLET = {
    "id": "multicoin_" + ETH, "external_id": "multicoin_" + ETH, "name": "Wallet #1", "index": 1,
    "type": "multicoin",
    "accounts": [{"chain": "bitcoin", "address": "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
                  "derivation_path": "m/84'/0'/0'/0/0", "extended_public_key": "zpub6rFR7y4Q2Aij"},
                 {"chain": "ethereum", "address": ETH, "derivation_path": "m/44'/60'/0'/0/0"}],
    "order": 0, "is_pinned": False, "source": "create",
}


def test_wallet_round_trip():
    wallet = Wallet.from_json(dict(WALLET, unknown_key=1))
    assert wallet.type is WalletType.MULTICOIN and wallet.source is WalletSource.CREATE
    assert wallet.account("ethereum") == Account("ethereum", ETH, "m/44'/60'/0'/0/0")
    assert wallet.account("bitcoin").extended_public_key == "zpub6rFR7y4Q2Aij" and wallet.account("tron") is None
    assert wallet.to_json() == WALLET and not wallet.is_watch_only
    view = Wallet.from_json(dict(WALLET, id="view_ethereum_" + ETH, type="view", external_id=None,
                                 image_url="https://x/y.png"))
    assert view.is_watch_only and view.external_id is None and "external_id" not in view.to_json()
    assert view.to_json()["image_url"] == "https://x/y.png"


def test_wallet_types():
    assert [kind.value for kind in WalletType] == ["multicoin", "single", "private_key", "view"]


@pytest.mark.parametrize("change", [
    {"id": 1}, {"type": "privateKey"}, {"type": "other"}, {"source": "made"}, {"index": "1"}, {"index": True},
    {"is_pinned": 0}, {"accounts": {}}, {"accounts": [{"chain": "ethereum", "address": ETH}]}, {"name": None},
])
def test_malformed_wallets_are_refused(change):
    with pytest.raises(RecordError):
        Wallet.from_json(dict(WALLET, **change))
    with pytest.raises(RecordError):
        Wallet.from_json([WALLET])


def test_import_requests_carry_the_header_shapes_and_hide_secrets():
    assert MulticoinImport(PHRASE).to_json() == {"type": "multicoin", "phrase": PHRASE}
    assert MulticoinImport(PHRASE, chains=("bitcoin",), name="Main").to_json() == \
        {"type": "multicoin", "phrase": PHRASE, "chains": ["bitcoin"], "name": "Main"}
    assert SingleImport(PHRASE, "solana").to_json() == {"type": "single", "phrase": PHRASE, "chain": "solana"}
    assert PrivateKeyImport("0x" + "11" * 32, "ethereum", name="K").to_json() == \
        {"type": "private_key", "private_key": "0x" + "11" * 32, "chain": "ethereum", "name": "K"}
    assert ViewImport(ETH, "ethereum").to_json() == {"type": "view", "address": ETH, "chain": "ethereum"}
    for request in (MulticoinImport(PHRASE), SingleImport(PHRASE, "solana"),
                    PrivateKeyImport("0x" + "11" * 32, "ethereum")):
        assert "abandon" not in repr(request) and "1111" not in repr(request) and "abandon" not in str(request)
    assert ETH in repr(ViewImport(ETH, "ethereum"))
    assert import_json({"type": "view", "address": ETH, "chain": "ethereum"})["type"] == "view"
    with pytest.raises(TypeError):
        import_json("view")


def test_import_results_previews_created_and_deleted():
    imported = WalletImportResult.from_json({"type": "imported", "wallet": WALLET})
    existing = WalletImportResult.from_json({"type": "existing", "wallet": WALLET})
    assert (imported.existing, existing.existing) == (False, True) and imported.wallet == existing.wallet
    assert WalletImportResult.from_json(existing.to_json()) == existing
    with pytest.raises(RecordError):
        WalletImportResult.from_json({"type": "duplicate", "wallet": WALLET})
    with pytest.raises(RecordError):
        WalletImportResult.from_json({"type": "imported"})

    preview = WalletPreview.from_json({"wallet_id": WALLET["id"], "wallet_type": "multicoin",
                                       "accounts": WALLET["accounts"], "existing": False})
    assert preview.wallet_type is WalletType.MULTICOIN and len(preview.accounts) == 2
    assert WalletPreview.from_json(preview.to_json()) == preview

    created = WalletCreated.from_json({"wallet": WALLET, "phrase": {"kind": {"type": "secret_phrase"},
                                                                    "value": PHRASE, "display": ""}})
    assert created.phrase.value == PHRASE and created.phrase.is_sensitive
    assert PHRASE not in repr(created) and WalletCreated.from_json(created.to_json()) == created
    with pytest.raises(RecordError):
        WalletCreated.from_json({"wallet": WALLET})

    assert WalletDeleted.from_json({"deleted_wallet_id": "a"}) == WalletDeleted("a", None)
    assert WalletDeleted("a", "b").to_json() == {"deleted_wallet_id": "a", "current_wallet_id": "b"}
    assert "current_wallet_id" not in WalletDeleted("a").to_json()


def test_copies_say_what_is_sensitive_and_hide_it():
    phrase = GemCopy.from_json({"kind": {"type": "secret_phrase"}, "value": PHRASE, "display": ""})
    key = GemCopy.from_json({"kind": {"type": "private_key"}, "value": "0x" + "ab" * 32, "display": ""})
    address = GemCopy.from_json({"kind": {"type": "address", "chain": "ethereum"}, "value": ETH,
                                 "display": "0x9858...da94"})
    plain = GemCopy(CopyKindPlain(), "memo", "memo")
    assert [copy.is_sensitive for copy in (phrase, key, address, plain)] == [True, True, False, False]
    assert "abandon" not in repr(phrase) and "abab" not in str(key) and "0x9858...da94" in repr(address)
    assert GemCopy.SECRET_FIELDS == ("value",) and MulticoinImport.SECRET_FIELDS == ("phrase",)
    assert address.kind.chain == "ethereum" and address.to_json()["kind"] == {"type": "address", "chain": "ethereum"}
    assert GemCopy.from_json(key.to_json()) == key
    for bad in ({"kind": {"type": "address"}, "value": ETH, "display": ""},
                {"kind": {"type": "clipboard"}, "value": "x", "display": ""},
                {"value": "x", "display": ""}, {"kind": {"type": "plain"}, "value": "x"}):
        with pytest.raises(RecordError):
            GemCopy.from_json(bad)


def test_address_rejections_round_trip():
    rejection = AddressError.from_json({"type": "wrong_prefix", "message": "m", "expected": "cosmos",
                                            "found": "osmo"})
    assert rejection.type is AddressErrorType.WRONG_PREFIX and rejection.to_json()["found"] == "osmo"
    assert AddressError.from_json({"type": "empty", "message": "m"}).to_json() == {"type": "empty", "message": "m"}
    with pytest.raises(RecordError):
        AddressError.from_json({"type": "empty"})
