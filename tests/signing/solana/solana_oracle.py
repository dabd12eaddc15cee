"""The oracle's own build of a Solana transfer: solders 0.29.0 compiles the same instructions (its Message /
MessageV0 order the keys) and signs with its Keypair, independently of the core. The instruction data follows
the SPL docs (TransferChecked = 12, ATA CreateIdempotent = 1, ComputeBudget SetComputeUnitLimit = 2 and
SetComputeUnitPrice = 3, SPL Memo v2 takes the UTF-8 text)."""
import struct

from solders.hash import Hash
from solders.instruction import AccountMeta as AM, Instruction
from solders.keypair import Keypair
from solders.message import Message, MessageV0
from solders.pubkey import Pubkey
from solders.system_program import ID as SYS, TransferParams, transfer
from solders.token import ID as TOKEN
from solders.token.associated import get_associated_token_address
from solders.transaction import Transaction, VersionedTransaction

TOKEN_2022 = Pubkey.from_string("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb")
ATA = Pubkey.from_string("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL")
COMPUTE_BUDGET = Pubkey.from_string("ComputeBudget111111111111111111111111111111")
MEMO = Pubkey.from_string("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr")


def keypair(inp) -> Keypair:
    return Keypair.from_seed(bytes.fromhex(inp["private_key"]))


def instructions(inp) -> list:
    payer = keypair(inp).pubkey()
    recipient = Pubkey.from_string(inp["recipient"])
    amount = int(inp["amount"])
    ixs = []
    if inp.get("compute_unit_limit") is not None:
        ixs.append(Instruction(COMPUTE_BUDGET, bytes([2]) + struct.pack("<I", int(inp["compute_unit_limit"])), []))
    if inp.get("compute_unit_price") is not None:
        ixs.append(Instruction(COMPUTE_BUDGET, bytes([3]) + struct.pack("<Q", int(inp["compute_unit_price"])), []))
    token = inp.get("token")
    if token is None:
        ixs.append(transfer(TransferParams(from_pubkey=payer, to_pubkey=recipient, lamports=amount)))
    else:
        program = TOKEN if token["program"] == "token" else TOKEN_2022
        mint = Pubkey.from_string(token["mint"])
        source = (Pubkey.from_string(token["sender_token_account"]) if token.get("sender_token_account")
                  else get_associated_token_address(payer, mint, program))
        destination = (Pubkey.from_string(token["recipient_token_account"]) if token.get("recipient_token_account")
                       else get_associated_token_address(recipient, mint, program))
        if token.get("create_recipient_account"):
            ixs.append(Instruction(ATA, b"\x01", [AM(payer, True, True), AM(destination, False, True),
                                                  AM(recipient, False, False), AM(mint, False, False),
                                                  AM(SYS, False, False), AM(program, False, False)]))
        ixs.append(Instruction(program, bytes([12]) + struct.pack("<QB", amount, token["decimals"]),
                               [AM(source, False, True), AM(mint, False, False), AM(destination, False, True),
                                AM(payer, True, False)]))
    if inp.get("memo"):
        ixs.append(Instruction(MEMO, inp["memo"].encode(), []))
    return ixs


def build(inp) -> bytes:
    kp = keypair(inp)
    blockhash = Hash.from_string(inp["recent_blockhash"])
    if inp.get("version", "v0") == "v0":
        return bytes(VersionedTransaction(MessageV0.try_compile(kp.pubkey(), instructions(inp), [], blockhash), [kp]))
    return bytes(Transaction([kp], Message.new_with_blockhash(instructions(inp), kp.pubkey(), blockhash), blockhash))
