"""The oracle's own build of a Sui transfer: pysui 1.5.1's BCS types (bcs.TransactionData V1, programmable
transaction) assembled from the same request, and pysui's keypair (pysui-fastcrypto) signing it."""
import base64
import hashlib
import struct

from pysui.sui.sui_bcs import bcs
from pysui.sui.sui_crypto import keypair_from_keystring


def b2b(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=32).digest()


def keypair(inp):
    return keypair_from_keystring(base64.b64encode(b"\x00" + bytes.fromhex(inp["private_key"])).decode())


def sender(inp) -> str:
    return "0x" + b2b(b"\x00" + base64.b64decode(keypair(inp).public_key.pub_key)).hex()


def ref(coin):
    return bcs.ObjectReference(bcs.Address.from_str(coin["object_id"]), int(coin["version"]), bcs.Digest.from_str(coin["digest"]))


def pure(data: bytes):
    return bcs.CallArg("Pure", list(data))


def tx_bytes(inp) -> bytes:
    amount = struct.pack("<Q", int(inp["amount"]))
    recipient = bytes.fromhex(inp["recipient"][2:])
    if "coins" not in inp:
        inputs = [pure(amount), pure(recipient)]
        commands = [bcs.Command("SplitCoin", bcs.SplitCoin(bcs.Argument("GasCoin"), [bcs.Argument("Input", 0)])),
                    bcs.Command("TransferObjects", bcs.TransferObjects([bcs.Argument("NestedResult", (0, 0))], bcs.Argument("Input", 1)))]
    else:
        coins = inp["coins"]
        n = len(coins)
        whole = int(inp["amount"]) == sum(int(c["balance"]) for c in coins)
        inputs = [bcs.CallArg("Object", bcs.ObjectArg("ImmOrOwnedObject", ref(c))) for c in coins]
        inputs += ([] if whole else [pure(amount)]) + [pure(recipient)]
        to = bcs.Argument("Input", n if whole else n + 1)
        commands = []
        if n > 1:
            commands.append(bcs.Command("MergeCoins", bcs.MergeCoins(bcs.Argument("Input", 0), [bcs.Argument("Input", i) for i in range(1, n)])))
        if whole:
            commands.append(bcs.Command("TransferObjects", bcs.TransferObjects([bcs.Argument("Input", 0)], to)))
        else:
            commands.append(bcs.Command("SplitCoin", bcs.SplitCoin(bcs.Argument("Input", 0), [bcs.Argument("Input", n)])))
            commands.append(bcs.Command("TransferObjects", bcs.TransferObjects(
                [bcs.Argument("NestedResult", (len(commands) - 1, 0))], to)))
    me = bcs.Address.from_str(sender(inp))
    return bcs.TransactionData("V1", bcs.TransactionDataV1(
        bcs.TransactionKind("ProgrammableTransaction", bcs.ProgrammableTransaction(inputs, commands)), me,
        bcs.GasData([ref(c) for c in inp["gas_coins"]], me, int(inp["gas_price"]), int(inp["gas_budget"])),
        bcs.TransactionExpiration("None"))).serialize()


def build(inp):
    """(tx bytes, base64 serialized signature from pysui, base58 digest)."""
    import base58
    data = tx_bytes(inp)
    signature = keypair(inp).new_sign_secure(base64.b64encode(data).decode())
    return data, signature, base58.b58encode(b2b(b"TransactionData::" + data)).decode()
