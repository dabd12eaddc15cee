"""Solana: the core signs, LiteSVM (solders 0.29.0) executes and the balances move as asked; solders decodes,
PyNaCl verifies the signature, and solders' own build of the same instructions gives the same bytes."""
import base64
import struct

import base58
import pytest
from conftest import refusal, sign
from nacl.signing import SigningKey, VerifyKey
from solders.instruction import AccountMeta as AM, Instruction
from solders.keypair import Keypair
from solders.litesvm import LiteSVM
from solders.message import MessageV0, to_bytes_versioned
from solders.pubkey import Pubkey
from solders.system_program import CreateAccountParams, create_account
from solders.token import ID as TOKEN
from solders.token.associated import get_associated_token_address
from solders.token.state import TokenAccount
from solders.transaction import VersionedTransaction
from solders.transaction_metadata import FailedTransactionMetadata

import solana_oracle as oracle

ALICE_SEED = bytes([0x11] * 32)
ALICE = Keypair.from_seed(ALICE_SEED)
BOB = Keypair.from_seed(bytes([0x22] * 32)).pubkey()
FEE = 5000


@pytest.fixture
def svm():
    vm = LiteSVM()
    vm.airdrop(ALICE.pubkey(), 10**10)
    return vm


def base(svm, **extra):
    inp = {"private_key": ALICE_SEED.hex(), "recipient": str(BOB), "amount": "1000000",
           "balance": str(svm.get_balance(ALICE.pubkey())), "recent_blockhash": str(svm.latest_blockhash())}
    inp.update(extra)
    return inp


def decode_verify(raw: bytes) -> VersionedTransaction:
    tx = VersionedTransaction.from_bytes(raw)
    n = tx.message.header.num_required_signatures
    assert n == 1 and tx.message.account_keys[0] == ALICE.pubkey()
    VerifyKey(bytes(ALICE.pubkey())).verify(to_bytes_versioned(tx.message), bytes(tx.signatures[0]))
    return tx


def sign_send(svm, inp) -> VersionedTransaction:
    out = sign("solana", "sign", inp)
    raw = bytes.fromhex(out["raw"])
    assert raw == oracle.build(inp)                                  # solders' own build, byte for byte
    assert base64.b64decode(out["encoded"]) == raw
    tx = decode_verify(raw)
    assert out["hash"] == str(tx.signatures[0]) == base58.b58encode(raw[1:65]).decode()
    assert len(raw) <= 1232
    res = svm.send_transaction(tx)
    assert not isinstance(res, FailedTransactionMetadata), res
    return tx


def make_mint(svm, program: Pubkey, decimals=6) -> Pubkey:
    mint = Keypair()
    ixs = [create_account(CreateAccountParams(from_pubkey=ALICE.pubkey(), to_pubkey=mint.pubkey(),
                                              lamports=svm.minimum_balance_for_rent_exemption(82), space=82, owner=program)),
           Instruction(program, bytes([20, decimals]) + bytes(ALICE.pubkey()) + b"\x00", [AM(mint.pubkey(), False, True)])]
    alice_ata = get_associated_token_address(ALICE.pubkey(), mint.pubkey(), program)
    ixs += [Instruction(oracle.ATA, b"\x00", [AM(ALICE.pubkey(), True, True), AM(alice_ata, False, True),
                                              AM(ALICE.pubkey(), False, False), AM(mint.pubkey(), False, False),
                                              AM(Pubkey.default(), False, False), AM(program, False, False)]),
            Instruction(program, bytes([7]) + struct.pack("<Q", 10**9),
                        [AM(mint.pubkey(), False, True), AM(alice_ata, False, True), AM(ALICE.pubkey(), True, False)])]
    tx = VersionedTransaction(MessageV0.try_compile(ALICE.pubkey(), ixs, [], svm.latest_blockhash()), [ALICE, mint])
    assert not isinstance(svm.send_transaction(tx), FailedTransactionMetadata)
    svm.expire_blockhash()
    return mint.pubkey()


def token_amount(svm, account: Pubkey) -> int:
    data = bytes(svm.get_account(account).data)
    if len(data) == 165:
        return TokenAccount.from_bytes(data).amount
    return struct.unpack_from("<Q", data, 64)[0]                     # Token-2022 with extensions: same base layout


@pytest.mark.parametrize("version", ["legacy", "v0"])
def test_sol_transfer_executes(svm, version):
    before = svm.get_balance(ALICE.pubkey())
    tx = sign_send(svm, base(svm, amount="1500000", version=version))
    assert svm.get_balance(BOB) == 1_500_000
    assert svm.get_balance(ALICE.pubkey()) == before - 1_500_000 - FEE
    ix = tx.message.instructions[0]
    assert struct.unpack("<IQ", bytes(ix.data)) == (2, 1_500_000)
    assert (tx.message.__class__.__name__ == "MessageV0") == (version == "v0")


@pytest.mark.parametrize("version", ["legacy", "v0"])
def test_compute_budget_fee_is_charged_as_counted(svm, version):
    before = svm.get_balance(ALICE.pubkey())
    # priority fee ceil(20_001 * 50_000 / 10^6) = 1001 lamports
    tx = sign_send(svm, base(svm, compute_unit_limit=50_000, compute_unit_price="20001", version=version))
    assert svm.get_balance(ALICE.pubkey()) == before - 1_000_000 - FEE - 1001
    ixs = tx.message.instructions
    keys = tx.message.account_keys
    assert [str(keys[i.program_id_index]) for i in ixs[:2]] == [str(oracle.COMPUTE_BUDGET)] * 2
    assert bytes(ixs[0].data) == bytes([2]) + struct.pack("<I", 50_000)
    assert bytes(ixs[1].data) == bytes([3]) + struct.pack("<Q", 20_001)


@pytest.mark.parametrize("program", [TOKEN, oracle.TOKEN_2022], ids=["spl-token", "token-2022"])
@pytest.mark.parametrize("version", ["legacy", "v0"])
def test_token_transfer_creates_the_recipient_account(svm, program, version):
    mint = make_mint(svm, program)
    rent = svm.minimum_balance_for_rent_exemption(165 if program == TOKEN else 170)  # Token-2022 ATA: ImmutableOwner
    name = "token" if program == TOKEN else "token2022"
    bob_ata = get_associated_token_address(BOB, mint, program)
    assert svm.get_account(bob_ata) is None
    before = svm.get_balance(ALICE.pubkey())
    token = {"mint": str(mint), "program": name, "decimals": 6, "token_balance": str(10**9),
             "create_recipient_account": True, "account_creation_lamports": str(rent)}
    tx = sign_send(svm, base(svm, amount="250000", token=token, version=version, compute_unit_limit=80_000,
                              compute_unit_price="1000"))
    assert token_amount(svm, bob_ata) == 250_000
    assert token_amount(svm, get_associated_token_address(ALICE.pubkey(), mint, program)) == 10**9 - 250_000
    assert svm.get_balance(ALICE.pubkey()) == before - FEE - 80 - svm.get_balance(bob_ata)
    assert svm.get_balance(bob_ata) == rent
    svm.expire_blockhash()
    # the account exists now: a plain TransferChecked
    token.update(create_recipient_account=False, token_balance=str(10**9 - 250_000))
    token.pop("account_creation_lamports")
    tx = sign_send(svm, base(svm, amount="1", token=token, version=version))
    assert len(tx.message.instructions) == 1 and bytes(tx.message.instructions[0].data) == bytes([12]) + struct.pack("<QB", 1, 6)
    assert token_amount(svm, bob_ata) == 250_001


def test_token_transfer_to_an_existing_non_associated_account(svm):
    mint = make_mint(svm, TOKEN)
    # Bob's ATA exists, given by address; the sender's account is given explicitly too.
    bob_ata = get_associated_token_address(BOB, mint)
    token = {"mint": str(mint), "program": "token", "decimals": 6, "token_balance": str(10**9),
             "create_recipient_account": True, "account_creation_lamports": str(svm.minimum_balance_for_rent_exemption(165))}
    sign_send(svm, base(svm, amount="5", token=token))
    svm.expire_blockhash()
    token = {"mint": str(mint), "program": "token", "decimals": 6, "token_balance": str(10**9 - 5),
             "sender_token_account": str(get_associated_token_address(ALICE.pubkey(), mint)),
             "recipient_token_account": str(bob_ata)}
    sign_send(svm, base(svm, amount="7", token=token, version="legacy"))
    assert token_amount(svm, bob_ata) == 12


def test_wrong_decimals_fail_on_chain(svm):
    # TransferChecked really checks: the chain refuses a transfer signed with the wrong decimals.
    mint = make_mint(svm, TOKEN, decimals=6)
    token = {"mint": str(mint), "program": "token", "decimals": 9, "token_balance": str(10**9),
             "create_recipient_account": True, "account_creation_lamports": "2039280"}
    out = sign("solana", "sign", base(svm, amount="5", token=token))
    res = svm.send_transaction(VersionedTransaction.from_bytes(bytes.fromhex(out["raw"])))
    assert isinstance(res, FailedTransactionMetadata)


def test_memo_decodes():
    inp = {"private_key": ALICE_SEED.hex(), "recipient": str(BOB), "amount": "1", "balance": str(10**9),
           "recent_blockhash": "4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM", "memo": "invoice #42 ✓"}
    out = sign("solana", "sign", inp)
    raw = bytes.fromhex(out["raw"])
    assert raw == oracle.build(inp)
    tx = decode_verify(raw)
    memo = tx.message.instructions[-1]
    assert tx.message.account_keys[memo.program_id_index] == oracle.MEMO
    assert bytes(memo.data).decode() == "invoice #42 ✓" and list(memo.accounts) == []


def test_sign_message_is_the_plain_ed25519_signature():
    message = "Sign in to example.org\nNonce: 1234".encode()
    out = sign("solana", "sign_message", {"private_key": ALICE_SEED.hex(), "message": message.hex()})
    signature = bytes.fromhex(out["signature"])
    VerifyKey(bytes(ALICE.pubkey())).verify(message, signature)
    assert signature == SigningKey(ALICE_SEED).sign(message).signature
    assert out["encoded"] == base58.b58encode(signature).decode()


def test_refusals():
    inp = {"private_key": ALICE_SEED.hex(), "recipient": str(BOB), "amount": "1000", "balance": "900000",
           "recent_blockhash": "4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM"}
    # 895,000 - 6,000 leaves 889,000 lamports, under the rent-exempt minimum of 890,880
    assert refusal("solana", "sign", {**inp, "balance": "895000"}) == "insufficientBalance(required: 896880, available: 895000)"
    assert refusal("solana", "sign", {**inp, "balance": "1000"}) == "insufficientBalance(required: 6000, available: 1000)"
    assert refusal("solana", "sign", {**inp, "recipient": "0OIl"}) == 'invalidAddress("recipient")'
    assert refusal("solana", "sign", {**inp, "amount": str(2**64)}) == 'amountOutOfRange("amount")'
    assert refusal("solana", "sign", {**inp, "compute_unit_price": "5"}) == 'missingField("compute_unit_limit")'
    assert refusal("solana", "sign", {**inp, "memo": "x" * 1200}).startswith("memoTooLong(maxBytes: ")


def test_associated_accounts_match_solders_for_many_owners():
    # Half of all first candidates (bump 255) fall on the curve: 60 random owners and mints exercise
    # the off-curve test of find_program_address against solders' get_associated_token_address.
    import os
    from conftest import run_harness
    requests, inputs = [], []
    for i in range(60):
        inp = {"private_key": os.urandom(32).hex(), "recipient": str(Pubkey(os.urandom(32))), "amount": "3",
               "balance": str(10**9), "recent_blockhash": str(Pubkey(os.urandom(32))),
               "token": {"mint": str(Pubkey(os.urandom(32))), "program": ["token", "token2022"][i % 2], "decimals": 0,
                         "token_balance": "3", "create_recipient_account": i % 3 == 0, "account_creation_lamports": "2039280"}}
        inputs.append(inp)
        requests.append({"family": "solana", "op": "sign", "input": inp})
    # base58 edge cases: keys with leading zero bytes, the all-zero key
    for lead in (1, 2, 5, 31, 32):
        inp = {"private_key": os.urandom(32).hex(), "recipient": str(Pubkey(bytes(lead) + os.urandom(32 - lead))), "amount": "3",
               "balance": str(10**9), "recent_blockhash": str(Pubkey(bytes(lead - 1) + os.urandom(33 - lead)))}
        inputs.append(inp)
        requests.append({"family": "solana", "op": "sign", "input": inp})
    for inp, result in zip(inputs, run_harness(requests)):
        raw = bytes.fromhex(result["ok"]["raw"])
        assert raw == oracle.build(inp)
        assert result["ok"]["hash"] == base58.b58encode(raw[1:65]).decode()


@pytest.mark.parametrize("version", ["legacy", "v0"])
def test_sign_message_refuses_a_transaction_message(version):
    inp = {"private_key": ALICE_SEED.hex(), "recipient": str(BOB), "amount": "1", "balance": str(10**9),
           "recent_blockhash": "4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM", "version": version}
    message = to_bytes_versioned(VersionedTransaction.from_bytes(oracle.build(inp)).message)   # solders' message bytes
    assert refusal("solana", "sign_message", {"private_key": ALICE_SEED.hex(), "message": message.hex()}) \
        == 'invalidField("message", reason: "is a Solana transaction message")'
