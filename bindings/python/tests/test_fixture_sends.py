"""One send per family without a local virtual machine, end to end through the C ABI from Python: each send
fixture of tests/chains/fixtures/send/ (its format: tests/chains/verify/__init__.py) is served by the fixture
server in the environment holding the chain's own SDK. A wallet imported from the fixture's key (or, for a chain
whose wallets import no private key, Zcash and Cardano, a single-chain import of the fixture's "phrase") loads the send
(the confirmation: sender, fee per priority, amount), submits it (signed inside the core with one password read,
broadcast, stored pending, scheduled through the TransactionStatusPort) and the host's scheduler tracks it to
confirmed. The fixture's broadcast route decodes the signed transaction with the SDK, verifies its signature
against the sender and checks recipient and amount before it answers a hash, and the submit must answer that hash.
The same verifier must refuse the body with its signature altered by one bit, and the server must have received
nothing it did not expect."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gemstone import PrivateKeyImport, TransactionState, TransferAmountResultAmount
from gemstone.generated import WalletImportSingle
from chain_support import control
from header import REPO
from send_support import SendApp

pytestmark = pytest.mark.usefixtures("library")

SENDS = sorted((REPO / "tests" / "chains" / "fixtures" / "send").glob("*.json"))


def _spec(path: Path) -> dict:
    with open(path) as f:
        fixture = json.load(f)
    return {"name": fixture["name"], **fixture["send"]}


@pytest.fixture
def fixture_server(request):
    import sys
    sys.path.insert(0, str(REPO / "tests" / "chains"))
    import run  # noqa: E402  (tests/chains/run.py)
    path, spec = request.param, _spec(request.param)
    server = run.start(spec.get("server", "fixture"), "--fixture", str(path))
    yield server, spec
    server.stop()


@pytest.mark.skipif(not SENDS, reason="no send fixture in tests/chains/fixtures/send")
@pytest.mark.parametrize("fixture_server", SENDS, ids=[p.stem for p in SENDS], indirect=True)
def test_a_send_is_verified_by_the_chains_sdk_and_tracked_to_confirmed(tmp_path, fixture_server, api_server):
    server, spec = fixture_server
    chain, asset_id, amount = spec["chain"], spec.get("asset_id", spec["chain"]), int(spec["amount"])
    with SendApp(tmp_path, {chain: [f"{server.url}/{spec['name']}"]}, api_server.url) as app:
        # A chain whose wallets import no private key (the Bitcoin family) names a phrase instead.
        request = WalletImportSingle(spec["phrase"], chain) if "phrase" in spec else PrivateKeyImport(spec["private_key"], chain)
        wallet = app.wallets.import_wallet(request).wallet
        assert wallet.accounts[0].address == spec["sender"]

        load, submit, final = app.send(wallet.id, asset_id, spec["recipient"], amount)
        assert load.sender.address == spec["sender"] and load.fee_asset.id == chain
        assert isinstance(load.fee.amount, TransferAmountResultAmount), load.fee.amount
        assert load.fee.amount.amount.value == amount and load.fee.value > 0
        assert [option.priority for option in load.fee.options], "fee options to choose from"

        verified = control(server.url, "verified")
        assert len(verified) == 1, "exactly one broadcast, verified by the chain's SDK"
        answer = verified[0]["answer"]
        assert (answer["sender"], answer["recipient"], int(answer["amount"])) == (spec["sender"], spec["recipient"],
                                                                                   amount)
        assert list(submit.hashes) == [answer["hash"]], "the hash the submit answers is the transaction's"
        assert list(submit.transaction_ids) == [f"{chain}_{answer['hash']}"]
        assert final.id == submit.transaction_ids[0] and final.state == TransactionState.CONFIRMED
        stored = app.transactions.transaction(final.id)
        assert stored == final and stored.to == spec["recipient"] and stored.value == amount

        tampered = control(server.url, "verified/tamper", {"index": 0})
        assert tampered["refused"] is True, "the verifier refuses an altered signature"
        assert control(server.url, "mismatches") == []
