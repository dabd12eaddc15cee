"""A Bitcoin send end to end through the C ABI from Python, against the Blockbook server of tests/chains, whose
sendtx accepts a transaction only after Bitcoin Core's consensus library (py-bitcoinkernel) verifies every input:
a wallet imported from a phrase, its address paid by the server's faucet, the send loaded (fee per priority from the
node's estimates), submitted (signed inside the core, broadcast, stored pending, scheduled), tracked to confirmed
once a block is mined, stored with the fee paid, and the balance row following by the amount and that fee."""

from __future__ import annotations

import sys
import threading

import pytest

from gemstone import FeePriority, TransactionState, TransferAmountResultAmount
from gemstone.generated import WalletImportSingle
from chain_support import control
from header import REPO
from send_support import SendApp

pytestmark = pytest.mark.usefixtures("library")

FUNDED = 5_000_000          # sats the faucet pays
AMOUNT = 1_234_567          # sats sent
RECIPIENT = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"   # BIP-173's P2WPKH example
PHRASE = " ".join(["abandon"] * 11 + ["about"])           # BIP-39's first English test vector


@pytest.fixture
def blockbook():
    sys.path.insert(0, str(REPO / "tests" / "chains"))
    import run  # noqa: E402  (tests/chains/run.py)
    server = run.start("blockbook", "--chain", "bitcoin")
    yield server
    server.stop()


def test_a_bitcoin_send_is_accepted_by_the_consensus_checked_server_and_tracked_to_confirmed(tmp_path, blockbook,
                                                                                              api_server):
    with SendApp(tmp_path, {"bitcoin": [f"{blockbook.url}/bitcoin"]}, api_server.url) as app:
        wallet = app.wallets.import_wallet(WalletImportSingle(PHRASE, "bitcoin")).wallet
        sender = wallet.accounts[0].address
        control(blockbook.url, "fund", {"chain": "bitcoin", "address": sender, "value": FUNDED})
        control(blockbook.url, "mine", {"chain": "bitcoin", "blocks": 100})  # a coinbase output's maturity
        app.balances.update(wallet.id)
        assert app.available(wallet.id, "bitcoin") == FUNDED

        # Mine while the host's scheduler tracks: the send confirms in the next block.
        stop = threading.Event()

        def miner():
            while not stop.wait(0.2):
                control(blockbook.url, "mine", {"chain": "bitcoin"})

        thread = threading.Thread(target=miner, daemon=True)
        thread.start()
        try:
            load, submit, final = app.send(wallet.id, "bitcoin", RECIPIENT, AMOUNT)
        finally:
            stop.set()
            thread.join()

        assert load.sender.address == sender and load.fee_asset.id == "bitcoin"
        assert [option.priority for option in load.fee.options] == [FeePriority.SLOW, FeePriority.NORMAL,
                                                                    FeePriority.FAST]
        assert isinstance(load.fee.amount, TransferAmountResultAmount) and load.fee.amount.amount.value == AMOUNT
        assert final.state == TransactionState.CONFIRMED and final.id == f"bitcoin_{submit.hashes[0]}"
        stored = app.transactions.transaction(final.id)
        assert stored.to == RECIPIENT and stored.value == AMOUNT and 0 < stored.fee <= load.fee.value
        assert app.available(wallet.id, "bitcoin") == FUNDED - AMOUNT - stored.fee, \
            "the change came back: less exactly the amount and the fee paid"
