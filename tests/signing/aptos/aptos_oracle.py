"""The oracle's own build of an Aptos transfer: aptos-sdk 0.11.0's RawTransaction / EntryFunction /
SignedTransaction from the same request, signed with its ed25519.PrivateKey."""
import hashlib
import warnings

from aptos_sdk import ed25519
from aptos_sdk.account_address import AccountAddress
from aptos_sdk.bcs import Serializer
from aptos_sdk.transactions import EntryFunction, RawTransaction, SignedTransaction, TransactionArgument, TransactionPayload
from aptos_sdk.type_tag import StructTag, TypeTag


def key(inp):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")                              # AIP-80 notice on from_hex
        return ed25519.PrivateKey.from_hex("0x" + inp["private_key"])


def payload(inp) -> TransactionPayload:
    to = AccountAddress.from_str_relaxed(inp["recipient"])
    amount = TransactionArgument(int(inp["amount"]), Serializer.u64)
    if "coin_type" in inp:
        return TransactionPayload(EntryFunction.natural("0x1::aptos_account", "transfer_coins",
            [TypeTag(StructTag.from_str(inp["coin_type"]))], [TransactionArgument(to, Serializer.struct), amount]))
    if "metadata" in inp:
        return TransactionPayload(EntryFunction.natural("0x1::primary_fungible_store", "transfer",
            [TypeTag(StructTag.from_str("0x1::fungible_asset::Metadata"))],
            [TransactionArgument(AccountAddress.from_str_relaxed(inp["metadata"]), Serializer.struct),
             TransactionArgument(to, Serializer.struct), amount]))
    return TransactionPayload(EntryFunction.natural("0x1::aptos_account", "transfer", [],
                                                    [TransactionArgument(to, Serializer.struct), amount]))


def raw_transaction(inp) -> RawTransaction:
    sender = AccountAddress.from_key(key(inp).public_key())
    return RawTransaction(sender, int(inp["sequence_number"]), payload(inp), int(inp["max_gas_amount"]),
                          int(inp["gas_unit_price"]), int(inp["expiration_timestamp_secs"]), int(inp["chain_id"]))


def build(inp):
    """(signed transaction BCS, 0x hash)."""
    raw = raw_transaction(inp)
    wire = SignedTransaction(raw, raw.sign(key(inp))).bytes()
    return wire, "0x" + hashlib.sha3_256(hashlib.sha3_256(b"APTOS::Transaction").digest() + b"\x00" + wire).hexdigest()
