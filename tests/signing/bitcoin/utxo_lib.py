"""Independent Bitcoin-family helpers for make_vectors.py and the oracle tests (utxo environment).

Nothing here calls the harness: addresses are encoded with bitcoin-utils' bech32 and bitcash's CashAddr, ECDSA
signatures come from python-ecdsa (pure Python RFC 6979, canonical low S), transactions and their BIP-143 /
legacy / BIP-341 digests from bitcoin-utils 0.8.8, Bitcoin Cash from bitcash 1.2.1, and the ZIP-244 digest from
the recipe in shared/reference/oracles.md, checked here against the published zip_0244.json vectors.
The coin-selection rule is written again from its documentation in BitcoinCoinSelection.swift.
"""
import hashlib
import io
import struct
import warnings

warnings.filterwarnings("ignore")

import ecdsa  # noqa: E402
from bitcoinutils import bech32  # noqa: E402
from bitcash.cashaddress import Address as CashAddress  # noqa: E402

N = ecdsa.SECP256k1.order
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def sha256(b):
    return hashlib.sha256(b).digest()


def dsha(b):
    return sha256(sha256(b))


def hash160(b):
    return hashlib.new("ripemd160", sha256(b)).digest()


def b58check(payload):
    data = payload + dsha(payload)[:4]
    n = int.from_bytes(data, "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = B58[r] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def cs(n):
    return bytes([n]) if n < 253 else b"\xfd" + struct.pack("<H", n)


# -- keys and scripts ---------------------------------------------------------------------------------------------

def pubkey(priv: bytes) -> bytes:
    return ecdsa.SigningKey.from_string(priv, curve=ecdsa.SECP256k1).get_verifying_key().to_string("compressed")


def taproot_output_key(pub: bytes) -> bytes:
    """BIP-86 / BIP-341: x(P + hashTapTweak(x(P))·G), P with even y (pure Python point arithmetic via ecdsa)."""
    curve = ecdsa.SECP256k1
    point = ecdsa.VerifyingKey.from_string(pub, curve=curve).pubkey.point
    x = point.x().to_bytes(32, "big")
    if point.y() % 2:
        point = -point
    tag = sha256(b"TapTweak")
    t = int.from_bytes(sha256(tag + tag + x), "big")
    q = point + curve.generator * t
    return q.x().to_bytes(32, "big")


P2PKH = lambda h: bytes.fromhex("76a914") + h + bytes.fromhex("88ac")
P2SH = lambda h: bytes.fromhex("a914") + h + bytes.fromhex("87")
P2WPKH = lambda h: bytes.fromhex("0014") + h
P2WSH = lambda h: bytes.fromhex("0020") + h
P2TR = lambda k: bytes.fromhex("5120") + k

CHAINS = {
    # chain: (segwit hrp, p2pkh version, p2sh version)
    "bitcoin": ("bc", b"\x00", b"\x05"),
    "litecoin": ("ltc", b"\x30", b"\x32"),
    "doge": (None, b"\x1e", b"\x16"),
    "bitcoincash": (None, b"\x00", b"\x05"),
    "zcash": (None, b"\x1c\xb8", b"\x1c\xbd"),
}


def address(chain, script: bytes) -> str:
    hrp, p2pkh, p2sh = CHAINS[chain]
    if chain == "bitcoincash":
        kind = {0x76: "P2PKH", 0xA9: "P2SH20"}[script[0]]
        h = script[3:23] if kind == "P2PKH" else script[2:22]
        return CashAddress(kind, list(h)).cash_address().split(":")[1]
    if script[0] == 0x76:
        return b58check(p2pkh + script[3:23])
    if script[0] == 0xA9:
        return b58check(p2sh + script[2:22])
    version = 0 if script[0] == 0 else script[0] - 0x50
    return bech32.encode(hrp, version, list(script[2:]))


def script_of(chain, text: str) -> bytes:
    """The scriptPubKey an address pays to (bech32 via bitcoin-utils, CashAddr via bitcash, base58check here)."""
    hrp, p2pkh, p2sh = CHAINS[chain]
    if chain == "bitcoincash" and not text[0] in "13":
        return CashAddress.from_string(text if ":" in text else "bitcoincash:" + text).scriptcode
    if hrp and text.lower().startswith(hrp + "1"):
        version, program = bech32.decode(hrp, text)
        return bytes([version + 0x50 if version else 0, len(program)]) + bytes(program)
    n = 0
    for c in text:
        n = n * 58 + B58.index(c)
    data = n.to_bytes(25 + len(p2pkh) - 1, "big")
    payload, check = data[:-4], data[-4:]
    assert dsha(payload)[:4] == check
    version, h = payload[:len(p2pkh)], payload[len(p2pkh):]
    return P2PKH(h) if version == p2pkh else P2SH(h)


def tex_address(h: bytes) -> str:
    """ZIP-320 TEX: bech32m of the 20-byte P2PKH hash under "tex"."""
    return bech32.bech32_encode("tex", bech32.convertbits(list(h), 8, 5), bech32.Encoding.BECH32M)


# -- signatures ---------------------------------------------------------------------------------------------------

def ecdsa_der(priv: bytes, digest: bytes) -> bytes:
    """RFC 6979 (SHA-256), low S, DER: python-ecdsa, pure Python."""
    key = ecdsa.SigningKey.from_string(priv, curve=ecdsa.SECP256k1)
    return key.sign_digest_deterministic(digest, hashfunc=hashlib.sha256, sigencode=ecdsa.util.sigencode_der_canonize)


def ecdsa_recoverable(priv: bytes, digest: bytes):
    """(recid, r‖s) with low S; recid found by recovering each candidate key."""
    key = ecdsa.SigningKey.from_string(priv, curve=ecdsa.SECP256k1)
    rs = key.sign_digest_deterministic(digest, hashfunc=hashlib.sha256, sigencode=ecdsa.util.sigencode_strings_canonize)
    sig = rs[0] + rs[1]
    target = key.get_verifying_key().to_string("compressed")
    for recid, candidate in enumerate(
            ecdsa.VerifyingKey.from_public_key_recovery_with_digest(sig, digest, ecdsa.SECP256k1, allow_truncate=False)):
        if candidate.to_string("compressed") == target:
            return recid, sig
    raise AssertionError("no recovery id")


def bip137_digest(message: bytes) -> bytes:
    return dsha(cs(24) + b"Bitcoin Signed Message:\n" + cs(len(message)) + message)


# -- fee and coin selection (BitcoinCoinSelection.swift, written again) ------------------------------------------

INPUT_WEIGHT = {"p2pkh": 4 * 148, "p2wpkh": 4 * 41 + 108, "p2tr": 4 * 41 + 66}


def out_size(script):
    return 8 + len(cs(len(script))) + len(script)


def fee_of(chain, kind, n_inputs, out_scripts, rate):
    if chain == "zcash":
        actions = max(2, -(-n_inputs * 148 // 150), -(-sum(out_size(s) for s in out_scripts) // 34))
        return rate * actions
    weight = 4 * (8 + len(cs(n_inputs)) + len(cs(len(out_scripts))) + sum(out_size(s) for s in out_scripts))
    weight += n_inputs * INPUT_WEIGHT[kind] + (2 if kind != "p2pkh" else 0)
    return -(-weight // 4) * rate


def dust(chain, script):
    witness = script[0] in (0x00, 0x51)
    if chain == "doge":
        return 1_000_000
    if chain == "zcash":
        return 3 * ((out_size(script) + 148) * 100 // 1000)
    rate = 30_000 if chain == "litecoin" else 3_000
    return (out_size(script) + (67 if witness else 148)) * rate // 1000


def select(chain, kind, utxos, amount, rate, recipient, change):
    """utxos: [(txid, vout, value)] -> (inputs, amount, change or None, fee)."""
    order = sorted(utxos, key=lambda u: (-u[2], u[0], u[1]))
    if amount == "max":
        fee = fee_of(chain, kind, len(order), [recipient], rate)
        total = sum(u[2] for u in order)
        assert total - fee >= dust(chain, recipient)
        return order, total - fee, None, fee
    chosen, total = [], 0
    for u in order:
        chosen.append(u)
        total += u[2]
        alone = fee_of(chain, kind, len(chosen), [recipient], rate)
        if total < amount + alone:
            continue
        with_change = fee_of(chain, kind, len(chosen), [recipient, change], rate)
        rest = total - amount - with_change
        if rest >= 0 and rest >= dust(chain, change):
            return chosen, amount, rest, with_change
        return chosen, amount, None, total - amount
    raise ValueError("insufficient")


# -- ZIP-244 (shared/reference/oracles.md, "Zcash transparent v5") -----------------------------------------------

def H(p, d=b""):
    return hashlib.blake2b(d, digest_size=32, person=p).digest()


def _cs_read(r):
    n = r.read(1)[0]
    return n if n < 253 else int.from_bytes(r.read({253: 2, 254: 4, 255: 8}[n]), "little")


def parse_v5(raw):
    r = io.BytesIO(raw)
    t = {"header": r.read(20)}
    assert t["header"][:4] == bytes.fromhex("05000080")
    t["vin"] = [(r.read(36), r.read(_cs_read(r)), r.read(4)) for _ in range(_cs_read(r))]
    t["vout"] = [(v := r.read(8)) + cs(n := _cs_read(r)) + r.read(n) for _ in range(_cs_read(r))]
    sp = [r.read(96) for _ in range(_cs_read(r))]
    so = [r.read(756) for _ in range(_cs_read(r))]
    vb = r.read(8) if sp or so else b""
    anchor = r.read(32) if sp else b""
    r.read(256 * len(sp) + 192 * len(so) + (64 if sp or so else 0))
    ac = [r.read(820) for _ in range(_cs_read(r))]
    orch = b""
    if ac:
        orch = r.read(41)
        r.read(_cs_read(r))
        r.read(64 * len(ac) + 64)
    assert r.read() == b""
    j = b"".join
    t["sapling"] = H(b"ZTxIdSaplingHash", (H(b"ZTxIdSSpendsHash", H(b"ZTxIdSSpendCHash", j(s[32:64] for s in sp)) +
        H(b"ZTxIdSSpendNHash", j(s[:32] + anchor + s[64:] for s in sp))) if sp else H(b"ZTxIdSSpendsHash")) +
        (H(b"ZTxIdSOutputHash", H(b"ZTxIdSOutC__Hash", j(o[32:148] for o in so)) + H(b"ZTxIdSOutM__Hash", j(o[148:660] for o in so)) +
         H(b"ZTxIdSOutN__Hash", j(o[:32] + o[660:] for o in so))) if so else H(b"ZTxIdSOutputHash")) + vb) if sp or so else H(b"ZTxIdSaplingHash")
    t["orchard"] = H(b"ZTxIdOrchardHash", H(b"ZTxIdOrcActCHash", j(a[32:64] + a[96:212] for a in ac)) +
        H(b"ZTxIdOrcActMHash", j(a[212:724] for a in ac)) + H(b"ZTxIdOrcActNHash", j(a[:32] + a[64:96] + a[724:] for a in ac)) + orch) if ac else H(b"ZTxIdOrchardHash")
    return t


def _root(t, tr):
    return H(b"ZcashTxHash_" + t["header"][8:12], H(b"ZTxIdHeadersHash", t["header"]) + tr + t["sapling"] + t["orchard"])


def zcash_txid(t):
    vin, vout = t["vin"], t["vout"]
    return _root(t, H(b"ZTxIdTranspaHash", H(b"ZTxIdPrevoutHash", b"".join(i[0] for i in vin)) + H(b"ZTxIdSequencHash",
        b"".join(i[2] for i in vin)) + H(b"ZTxIdOutputsHash", b"".join(vout))) if vin or vout else H(b"ZTxIdTranspaHash"))


def zcash_sighash_all(t, idx, amounts, spks):
    vin, vout = t["vin"], t["vout"]
    spk = lambda s: cs(len(s)) + s
    return _root(t, H(b"ZTxIdTranspaHash", bytes([1]) +
        H(b"ZTxIdPrevoutHash", b"".join(i[0] for i in vin)) +
        H(b"ZTxTrAmountsHash", b"".join(struct.pack("<q", a) for a in amounts)) +
        H(b"ZTxTrScriptsHash", b"".join(spk(s) for s in spks)) +
        H(b"ZTxIdSequencHash", b"".join(i[2] for i in vin)) + H(b"ZTxIdOutputsHash", b"".join(vout)) +
        H(b"Zcash___TxInHash", vin[idx][0] + struct.pack("<q", amounts[idx]) + spk(spks[idx]) + vin[idx][2])))


def zcash_v5(branch, expiry, inputs, outputs):
    """inputs: [(txid display hex, vout, scriptSig)], outputs: [(value, script)] -> raw v5 bytes."""
    out = struct.pack("<IIIII", 0x80000005, 0x26A7270A, branch, 0, expiry) + cs(len(inputs))
    for txid, vout, ss in inputs:
        out += bytes.fromhex(txid)[::-1] + struct.pack("<I", vout) + cs(len(ss)) + ss + b"\xff" * 4
    out += cs(len(outputs))
    for value, script in outputs:
        out += struct.pack("<q", value) + cs(len(script)) + script
    return out + b"\x00\x00\x00"
