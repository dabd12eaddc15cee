"""The signer's transactions mined on a regtest chain inside libbitcoinkernel (py-bitcoinkernel 0.1.0a5).

After the recipe of shared/reference/oracles.md ("Local chain"): blocks are mined by hand (regtest difficulty,
BIP-34 height push, BIP-141 witness commitment). The harness signs a P2WPKH spend of a matured coinbase to a P2TR
output with change, then a P2TR key-path spend of that output; the kernel accepts both blocks, the balances read
from its block store and undo data are the expected ones, and a second spend of the coinbase is refused.
"""
import hashlib
import struct
import tempfile

import pbk

from conftest import sign
from utxo_lib import P2TR, P2WPKH, address, hash160, pubkey, sha256, taproot_output_key

dsha = lambda b: hashlib.sha256(hashlib.sha256(b).digest()).digest()  # noqa: E731


def merkle(hashes):
    while len(hashes) > 1:
        hashes = hashes + hashes[-1:] if len(hashes) % 2 else hashes
        hashes = [dsha(hashes[i] + hashes[i + 1]) for i in range(0, len(hashes), 2)]
    return hashes[0]


def bip34(n):
    return bytes([0x50 + n]) if n <= 16 else bytes([(n.bit_length() + 8) // 8]) + n.to_bytes((n.bit_length() + 8) // 8, "little")


ALICE, BOB = sha256(b"regtest alice"), sha256(b"regtest bob")
A = P2WPKH(hash160(pubkey(ALICE)))
B = P2TR(taproot_output_key(pubkey(BOB)))
MINER = bytes.fromhex("0014" + "00" * 20)


class Chain:
    def __init__(self):
        self.cm = pbk.load_chainman(tempfile.mkdtemp(), pbk.ChainType.REGTEST)
        self.prev = bytes(self.cm.get_active_chain().block_tree_entries[0].block_hash)

    def tip(self):
        return self.cm.get_active_chain().height

    def mine(self, height, raws, fees=0):
        """raws: signed segwit transactions (bytes). Returns the coinbase txid (internal order) if accepted."""
        ids = [(dsha(strip_witness(r)), dsha(r)) for r in raws]
        pay = A if height == 1 else MINER
        outs = [struct.pack("<q", 50 * 10**8 + fees) + bytes([len(pay)]) + pay]
        if raws:
            commitment = dsha(merkle([bytes(32)] + [w for _, w in ids]) + bytes(32))
            outs.append(bytes(8) + bytes.fromhex("266a24aa21a9ed") + commitment)
        ss = bip34(height) + b"\x00"
        body = b"\x01" + bytes(32) + b"\xff" * 4 + bytes([len(ss)]) + ss + b"\xff" * 4 + bytes([len(outs)]) + b"".join(outs)
        cb_id = dsha(struct.pack("<i", 2) + body + bytes(4))
        cb = struct.pack("<i", 2) + (b"\x00\x01" + body + b"\x01\x20" + bytes(32) if raws else body) + bytes(4)
        hdr = (struct.pack("<i", 0x20000000) + self.prev + merkle([cb_id] + [i for i, _ in ids])
               + struct.pack("<II", 1296688602 + 60 * height, 0x207FFFFF))
        nonce = 0
        while int.from_bytes(dsha(hdr + struct.pack("<I", nonce))[::-1], "big") > 0x7FFFFF << 232:
            nonce += 1
        raw = hdr + struct.pack("<I", nonce) + bytes([1 + len(raws)]) + cb + b"".join(raws)
        self.cm.process_block(pbk.Block(raw))
        if self.tip() == height:
            self.prev = dsha(raw[:80])
            return cb_id
        return None

    def balances(self, upto):
        bal = {}
        for e in self.cm.get_active_chain().block_tree_entries:
            if not 0 < e.height <= upto:
                continue
            for t in self.cm.blocks[e].transactions:
                for o in t.outputs:
                    bal[bytes(o.script_pubkey)] = bal.get(bytes(o.script_pubkey), 0) + o.amount
            for tso in self.cm.block_spent_outputs[e].transactions:
                for c in tso.coins:
                    bal[bytes(c.output.script_pubkey)] -= c.output.amount
        return bal.get(A, 0), bal.get(B, 0)


def strip_witness(raw):
    """The serialization without witness (marker, flag and witness stacks removed), for the txid."""
    assert raw[4:6] == b"\x00\x01"
    pos = 6

    def cs(p):
        n = raw[p]
        return (n, p + 1) if n < 253 else (int.from_bytes(raw[p + 1:p + 3], "little"), p + 3)

    n_in, pos = cs(pos)
    for _ in range(n_in):
        pos += 36
        length, pos = cs(pos)
        pos += length + 4
    n_out, pos = cs(pos)
    for _ in range(n_out):
        pos += 8
        length, pos = cs(pos)
        pos += length
    return raw[:4] + raw[6:pos] + raw[-4:]


def spend(key, sender_script, utxo, to_script, amount, rate):
    answer = sign("bitcoin", "sign", {
        "chain": "bitcoin", "private_key": key.hex(), "sender_address": address("bitcoin", sender_script),
        "destination_address": address("bitcoin", to_script), "amount": str(amount), "fee_rate": str(rate),
        "utxos": [utxo]})
    raw = bytes.fromhex(answer["raw"])
    assert dsha(strip_witness(raw))[::-1].hex() == answer["hash"]
    return raw, answer


def test_signed_spends_are_mined_and_move_the_balances():
    chain = Chain()
    cb1 = chain.mine(1, [])
    assert cb1 and all(chain.mine(h, []) for h in range(2, 101))  # block 1's coinbase matures at height 101
    coinbase = {"txid": cb1[::-1].hex(), "vout": 0, "value": str(50 * 10**8)}
    tx1, a1 = spend(ALICE, A, coinbase, B, 10**8, 2)
    fee1 = int(a1["fee"])
    assert a1["change"] == str(49 * 10**8 - fee1)
    assert chain.mine(101, [tx1], fees=fee1)
    assert chain.balances(101) == (50 * 10**8 - 10**8 - fee1, 10**8)
    # A second spend of the same coinbase is refused: the tip stays.
    double, a2 = spend(ALICE, A, coinbase, B, 2 * 10**8, 2)
    assert not chain.mine(102, [double], fees=int(a2["fee"])) and chain.tip() == 101
    # The P2TR output is spent on the key path, everything back to Alice.
    tx2, a3 = spend(BOB, B, {"txid": a1["hash"], "vout": 0, "value": str(10**8)}, A, "max", 3)
    assert a3["change"] is None
    fee2 = int(a3["fee"])
    assert chain.mine(102, [tx2], fees=fee2)
    assert chain.balances(102) == (50 * 10**8 - fee1 - fee2, 0)
