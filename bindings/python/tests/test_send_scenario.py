"""The send scenario every front end runs (gem-host's is tests/abi/gem_host_send_scenario.py), from Python over
this package's SQLite stores, against the local chains of tests/chains (EVM over py-evm, Solana over LiteSVM)
and the test API server (the scanner and simulation):

ETH and the TST token sent on the local EVM chain, SOL and the SPL token on the local Solana chain, each loaded
(the confirmation: sender, fee per priority, amount), submitted (signed with one password read, broadcast,
stored pending, scheduled through the TransactionStatusPort), tracked to confirmed by the host's scheduler,
stored as confirmed with the fee paid, and the sender's balance rows in SQLite refreshed by exactly the amount
(and the fee on the fee asset). Refusals that store nothing: an invalid recipient, an unaffordable amount (the
confirmation is answered with its shortfall; submit refuses), a malicious scanner verdict; a scanner outage
lets a send through."""

from __future__ import annotations

import os

import pytest

from gemstone import presentation
from gemstone.generated import (PricedAsset, TransactionDetailRowDate, TransactionDetailRowFee, TransactionDetailRowHash,
                                TransactionDetailRowNetwork, TransactionDetailRowRecipient, TransactionDetailRowStatus,
                                TransactionTitle)
from gemstone import (Asset, AssetType, ConfirmFailed, ConfirmRequest, FeePriority, PrivateKeyImport, TransactionsRequest,
                      TransactionState, TransferAmountResultAmount, TransferAmountResultError, TransferRequest)
from chain_support import ETH_ADDRESS, ETH_KEY, SOL_ADDRESS, control
from send_support import SendApp

pytestmark = pytest.mark.usefixtures("library")

ETH_100 = 100 * 10 ** 18
TST_1M = 1_000_000 * 10 ** 6
SOL_100 = 100 * 10 ** 9
SPL_1000 = 1_000 * 10 ** 6
ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def fresh_evm_address() -> str:
    return "0x" + os.urandom(20).hex()


def fresh_solana_address() -> str:
    """32 random bytes in base58: a recipient nobody holds the key of."""
    data = os.urandom(32)
    number, text = int.from_bytes(data, "big"), ""
    while number:
        number, digit = divmod(number, 58)
        text = ALPHABET[digit] + text
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + text


@pytest.fixture
def urls(local_chains, api_server):
    for url in (local_chains["evm"], local_chains["solana"]):
        control(url, "reset")
    return dict(local_chains, api=api_server.url)


def evm_app(tmp_path, urls) -> SendApp:
    return SendApp(tmp_path, {"ethereum": [f"{urls['evm']}/ethereum"]}, urls["api"])


def test_eth_and_a_token_are_sent_tracked_to_confirmed_and_the_balances_follow(tmp_path, urls):
    tst = f"ethereum_{urls['token']}"
    with evm_app(tmp_path, urls) as app:
        wallet_id = app.wallets.import_wallet(PrivateKeyImport(ETH_KEY, "ethereum")).wallet.id
        app.assets.add_token(wallet_id, tst)
        app.balances.update(wallet_id)
        # 100 ETH and 1,000,000 TST funded; another test of this module may have sent some ETH already
        eth_start, tst_start = app.available(wallet_id, "ethereum"), app.available(wallet_id, tst)
        assert ETH_100 - 10 ** 18 < eth_start <= ETH_100 and tst_start == TST_1M

        # ETH: 1.5 to a fresh address
        to = fresh_evm_address()
        load, submit, final = app.send(wallet_id, "ethereum", to, 15 * 10 ** 17)
        assert load.sender.address == ETH_ADDRESS and load.asset.symbol == "ETH" and load.fee_asset.id == "ethereum"
        assert [option.priority for option in load.fee.options] == [FeePriority.SLOW, FeePriority.NORMAL,
                                                                    FeePriority.FAST]
        assert isinstance(load.fee.amount, TransferAmountResultAmount)
        assert load.fee.amount.amount.value == 15 * 10 ** 17 and not load.fee.amount.amount.is_max
        eth_id = submit.transaction_ids[0]
        assert eth_id == f"ethereum_{submit.hashes[0]}"
        assert final.id == eth_id and final.state == TransactionState.CONFIRMED
        stored = app.transactions.transaction(eth_id)
        assert stored == final and stored.to.lower() == to.lower() and stored.value == 15 * 10 ** 17
        assert 0 < stored.fee <= load.fee.value, "the fee paid is at most the fee shown"
        assert app.stored(eth_id) is not None
        assert app.available(wallet_id, "ethereum") == eth_start - 15 * 10 ** 17 - stored.fee
        assert app.available(wallet_id, tst) == TST_1M

        # its details screen, from the stored record (gem_transaction_detail_rows)
        priced = PricedAsset(load.asset, 2000.0)
        details = presentation.transaction_detail_rows(stored, priced, priced, "USD")
        assert (details.id, details.state, details.title) == (eth_id, TransactionState.CONFIRMED, TransactionTitle.SENT)
        assert [type(row) for row in details.rows] == [TransactionDetailRowDate, TransactionDetailRowStatus,
                                                       TransactionDetailRowRecipient, TransactionDetailRowNetwork,
                                                       TransactionDetailRowFee, TransactionDetailRowHash]
        assert details.rows[2].address.lower() == to.lower() and details.rows[5].hash == submit.hashes[0]
        assert details.fiat is not None and abs(details.fiat.value - 1.5 * 2000.0) < 1e-9


        # TST: 250 tokens (6 decimals); the fee is paid in ETH
        eth_before = app.available(wallet_id, "ethereum")
        load, submit, final = app.send(wallet_id, tst, fresh_evm_address(), 250 * 10 ** 6)
        assert load.asset.symbol == "TST" and load.fee_asset.id == "ethereum"
        assert final.state == TransactionState.CONFIRMED and final.asset_id == tst
        assert app.available(wallet_id, tst) == TST_1M - 250 * 10 ** 6, "exactly less the amount"
        assert app.available(wallet_id, "ethereum") == eth_before - final.fee

        # the wallet's transactions, newest first (created_at in seconds, then id: two sends may share a second),
        # as records and as rows
        listed = app.transactions.transactions(TransactionsRequest(wallet_id))
        assert {transaction.id for transaction in listed} == {final.id, eth_id}
        assert listed == sorted(listed, key=lambda transaction: (transaction.created_at, transaction.id), reverse=True)
        assert final.created_at >= stored.created_at
        rows = app.transactions.rows(TransactionsRequest(wallet_id, currency="USD"))
        assert [row.id for row in rows] == [transaction.id for transaction in listed]


def test_sol_and_an_spl_token_are_sent_and_tracked_to_confirmed(tmp_path, urls):
    solana = urls["solana"]
    mint = control(solana, "info")["splMint"]
    spl = f"solana_{mint}"
    with SendApp(tmp_path, {"solana": [f"{solana}/solana"]}, urls["api"]) as app:
        wallet = app.wallets.import_wallet(PrivateKeyImport(ETH_KEY, "solana")).wallet
        assert wallet.accounts[0].address == SOL_ADDRESS
        # The local mint has no Metaplex metadata: the asset store knows it, as a host shipping a token list would.
        app.asset_store.add_assets([Asset(spl, "Local SPL", "LSPL", 6, AssetType.SPL)])
        app.assets.add_token(wallet.id, spl)
        app.balances.update(wallet.id)
        assert app.balance_rows(wallet.id) == {"solana": str(SOL_100), spl: str(SPL_1000)}

        load, submit, final = app.send(wallet.id, "solana", fresh_solana_address(), 10 ** 9)
        assert final.state == TransactionState.CONFIRMED and submit.transaction_ids[0].startswith("solana_")
        after = app.available(wallet.id, "solana")
        assert SOL_100 - 10 ** 9 - load.fee.value <= after < SOL_100 - 10 ** 9, \
            f"less the amount and a fee of at most {load.fee.value}: {after}"

        sol_before = after
        load, submit, final = app.send(wallet.id, spl, fresh_solana_address(), 250 * 10 ** 6)
        assert load.fee_asset.id == "solana" and final.state == TransactionState.CONFIRMED
        assert app.available(wallet.id, spl) == SPL_1000 - 250 * 10 ** 6, "exactly less the amount"
        assert app.available(wallet.id, "solana") < sol_before, "the fee (and the recipient's account) in SOL"


def test_refusals_store_nothing_and_a_scanner_outage_lets_a_send_through(tmp_path, urls, api_server):
    with evm_app(tmp_path, urls) as app:
        wallet_id = app.wallets.import_wallet(PrivateKeyImport(ETH_KEY, "ethereum")).wallet.id
        app.balances.update(wallet_id)
        before = app.available(wallet_id, "ethereum")
        assert before > 10 ** 18

        with pytest.raises(ConfirmFailed) as raised:
            app.confirm.load(ConfirmRequest(TransferRequest(wallet_id, "ethereum", "0x1234", amount=1)))
        assert raised.value.record["type"] == "invalid_recipient", raised.value.record

        # unaffordable: the confirmation still answers, with the shortfall; submit refuses
        request = ConfirmRequest(TransferRequest(wallet_id, "ethereum", fresh_evm_address(), amount=1000 * 10 ** 18))
        load = app.confirm.load(request)
        assert isinstance(load.fee.amount, TransferAmountResultError), load.fee.amount
        with pytest.raises(ConfirmFailed) as raised:
            app.confirm.submit(request)
        assert raised.value.record["type"] == "insufficient_balance"
        requirement = raised.value.record["requirement"]
        assert int(requirement["shortfall"]) == int(requirement["required"]) - int(requirement["available"]) > 0

        # a malicious verdict stops the send
        api_server.control("POST", "/_control/verdict", {"is_malicious": True})
        with pytest.raises(ConfirmFailed) as raised:
            app.confirm.submit(ConfirmRequest(TransferRequest(wallet_id, "ethereum", fresh_evm_address(), amount=1)))
        assert raised.value.record["type"] == "scan_malicious"
        assert app.count() == 0 and app.tracker.scheduled() == [], "nothing stored, nothing scheduled"
        app.balances.update(wallet_id)
        assert app.available(wallet_id, "ethereum") == before, "nothing left the account"

        # the scanner is down: the send goes through (fail open)
        api_server.control("POST", "/_control/verdict", {"status": 503})
        load, submit, final = app.send(wallet_id, "ethereum", fresh_evm_address(), 10 ** 15)
        assert final.state == TransactionState.CONFIRMED and app.count() == 1
