#!/usr/bin/env python3
"""Build address-validation vectors for every chain family: valid forms and invalid ones, each invalid one
labelled with the AddressError case the wallet must report.

Writes Tests/BlockchainTests/Vectors/validation.json. Sources:
- Valid addresses: the derived accounts of addresses.json (bip-utils), other address kinds encoded here with
  bip-utils encoders (P2SH, P2WSH, P2TR, CashAddr P2SH, Cosmos 32-byte accounts, TON bounceable and raw forms,
  Cardano enterprise), and published examples named in "why" (EIP-55's own examples).
- Invalid addresses: made from a valid one by one controlled change (a changed character, another network's
  version byte or prefix re-encoded with a valid checksum, a payload one byte short re-encoded with a valid
  checksum). Where bip-utils has a decoder for the chain, the script confirms that it rejects every invalid
  address and accepts every valid one ("checked_by"), so the labels do not rest on this script alone.

Usage: pip install bip-utils==2.12.3 && python3 tests/oracles/validation.py (after addresses.py)
"""
import base64
import hashlib
import json
import sys
from pathlib import Path

import bip_utils as bu

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "Tests/BlockchainTests/Vectors"
ACCOUNTS = [p["accounts"] for p in json.loads((VECTORS / "addresses.json").read_text())["phrases"]]

# --- bech32 / bech32m (BIP173, BIP350), written from the BIPs' description ---------------------------------
CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
BECH32, BECH32M = 1, 0x2BC830A3


def _polymod(values):
    gen = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
    chk = 1
    for v in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= gen[i] if (top >> i) & 1 else 0
    return chk


def _expand(hrp):
    return [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]


def bech32_encode(hrp, data5, const=BECH32):
    pm = _polymod(_expand(hrp) + data5 + [0] * 6) ^ const
    return hrp + "1" + "".join(CHARSET[d] for d in data5) + "".join(CHARSET[(pm >> 5 * (5 - i)) & 31] for i in range(6))


def to5(data):
    acc = bits = 0
    out = []
    for b in data:
        acc = acc << 8 | b
        bits += 8
        while bits >= 5:
            bits -= 5
            out.append(acc >> bits & 31)
    if bits:
        out.append(acc << (5 - bits) & 31)
    return out


def bech32_bytes(hrp, data, const=BECH32):
    return bech32_encode(hrp, to5(data), const)


def segwit(hrp, version, program, const=None):
    return bech32_encode(hrp, [version] + to5(program), const if const is not None else (BECH32 if version == 0 else BECH32M))


def bech32_payload(address):
    hrp, data = address.lower().rsplit("1", 1)
    values = [CHARSET.index(c) for c in data[:-6]]
    acc = bits = 0
    out = []
    for v in values:
        acc = acc << 5 | v
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append(acc >> bits & 255)
    return hrp, bytes(out)


# --- base58check -----------------------------------------------------------------------------------------------
def b58check(payload, alphabet=bu.Base58Alphabets.BITCOIN):
    return bu.Base58Encoder.CheckEncode(payload, alphabet)


def b58check_payload(address, alphabet=bu.Base58Alphabets.BITCOIN):
    return bu.Base58Decoder.CheckDecode(address, alphabet)


def flip(address, index=-3):
    """The address with one character replaced by another of the same alphabet class (a typo)."""
    chars = list(address)
    c = chars[index]
    pool = "qpzry9x8gf2tvdw0s3jn54khce6mua7l" if c in "qpzry9x8gf2tvdw0s3jn54khce6mua7l" and address.islower() else None
    if c.isdigit():
        chars[index] = "2" if c != "2" else "3"
    elif pool:
        chars[index] = pool[(pool.index(c) + 1) % 32]
    elif c.isupper():
        chars[index] = "B" if c != "B" else "C"
    else:
        chars[index] = "b" if c != "b" else "c"
    return "".join(chars)


VECTORS_OUT = []


def add(chain, address, expect, why, normalized=None, checked_by=None):
    entry = {"chain": chain, "address": address, "expect": expect, "why": why}
    if expect == "valid":
        entry["normalized"] = normalized if normalized is not None else address
    if checked_by:
        entry["checked_by"] = checked_by
    VECTORS_OUT.append(entry)


def confirm(decode, address, valid, label):
    """Check a vector with bip-utils' own decoder; returns the name recorded in checked_by."""
    try:
        decode(address)
        ok = True
    except Exception:
        ok = False
    if ok != valid:
        sys.exit(f"bip-utils disagrees on {label}: {address} (expected {'valid' if valid else 'invalid'})")
    return LIBS.get(label, "bip-utils " + bu.__version__ + " decoder")


LIBS = {"ton": "pytoniq-core (bip-utils dependency) Address parser"}


# --- Ethereum / EVM / HyperCore ----------------------------------------------------------------------------------
def evm(chain):
    dec = lambda a: bu.EthAddrDecoder.DecodeAddr(a)
    dec_lc = lambda a: bu.EthAddrDecoder.DecodeAddr(a, skip_chksum_enc=True)
    for acc in ACCOUNTS:
        a = acc[chain]["address"]
        add(chain, a, "valid", "derived account (addresses.json)", checked_by=confirm(dec, a, True, chain))
        add(chain, a.lower(), "valid", "all lower case carries no checksum (EIP-55)", normalized=a,
            checked_by=confirm(dec_lc, a.lower(), True, chain))
        add(chain, "0x" + a[2:].upper(), "valid", "all upper case carries no checksum (EIP-55)", normalized=a)
    # EIP-55's own examples (eips.ethereum.org/EIPS/eip-55, "Test Cases").
    for a in ["0x52908400098527886E0F7030069857D2E4169EE7", "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
              "0xde709f2102306220921060314715629080e2fb77", "0x27b1fdb04752bbc536007a920d24acb045561c26",
              "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
              "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"]:
        mixed = a[2:] != a[2:].lower() and a[2:] != a[2:].upper()
        add(chain, a, "valid", "EIP-55 test case", normalized=_eip55(a),
            checked_by=confirm(dec if mixed else dec_lc, a, True, chain))
    a = ACCOUNTS[0][chain]["address"]
    swapped = a[:2] + a[2:].swapcase()
    if any(c.isalpha() for c in a[2:]):
        add(chain, swapped, "invalid_checksum", "every letter's case inverted: mixed case that fails EIP-55",
            checked_by=confirm(dec, swapped, False, chain))
    one = a[:-1] + (a[-1].swapcase() if a[-1].isalpha() else a[-1])
    if one != a:
        add(chain, one, "invalid_checksum", "one letter's case changed")
    add(chain, a[2:], "wrong_prefix", "no 0x prefix")
    add(chain, "0X" + a[2:], "wrong_prefix", "upper-case 0X prefix")
    add(chain, a[:-2], "invalid_length", "one byte short")
    add(chain, a + "aa", "invalid_length", "one byte long")
    add(chain, a[:-1] + "g", "invalid_character", "g is not a hex digit")
    add(chain, "", "empty", "nothing typed")
    add(chain, "  \n", "empty", "whitespace only")
    add(chain, "  " + a + "\n", "valid", "surrounding whitespace is removed", normalized=a)


def _eip55(a):
    lower = a[2:].lower()
    h = bu.utils.crypto.Kekkak256.QuickDigest(lower.encode()).hex()
    return "0x" + "".join(c.upper() if c.isalpha() and int(h[i], 16) >= 8 else c for i, c in enumerate(lower))


# --- Bitcoin family ------------------------------------------------------------------------------------------------
def hash160(b):
    return bu.utils.crypto.Hash160.QuickDigest(b)


def utxo_common(chain, p2pkh, p2sh, other_version, hrp=None):
    acc = ACCOUNTS[0][chain]
    key = bytes.fromhex(acc["public_key"])
    h = hash160(key)
    legacy = b58check(p2pkh + h)
    script_hash = hash160(b"\x51")  # any 20-byte script hash
    p2sh_addr = b58check(p2sh + script_hash)
    pk_dec = lambda a: bu.P2PKHAddrDecoder.DecodeAddr(a, net_ver=p2pkh)
    sh_dec = lambda a: bu.P2SHAddrDecoder.DecodeAddr(a, net_ver=p2sh)
    add(chain, legacy, "valid", "legacy P2PKH of the derived key", checked_by=confirm(pk_dec, legacy, True, chain))
    add(chain, p2sh_addr, "valid", "P2SH", checked_by=confirm(sh_dec, p2sh_addr, True, chain))
    bad = flip(legacy, 5)
    add(chain, bad, "invalid_checksum", "one character changed in a base58check address",
        checked_by=confirm(pk_dec, bad, False, chain))
    other = b58check(other_version + h)
    add(chain, other, "wrong_network", "the same hash under another network's version byte",
        checked_by=confirm(pk_dec, other, False, chain))
    short = b58check(p2pkh + h[:-1])
    add(chain, short, "invalid_length", "19-byte hash with a valid checksum", checked_by=confirm(pk_dec, short, False, chain))
    add(chain, legacy[:5] + "0" + legacy[6:], "invalid_character", "0 is not in the base58 alphabet")
    return h


def bitcoin():
    for acc in ACCOUNTS:
        a = acc["bitcoin"]["address"]
        add("bitcoin", a, "valid", "derived P2WPKH (addresses.json)",
            checked_by=confirm(lambda x: bu.P2WPKHAddrDecoder.DecodeAddr(x, hrp="bc"), a, True, "bitcoin"))
        add("bitcoin", a.upper(), "valid", "bech32 in upper case", normalized=a)
    for p in json.loads((VECTORS / "addresses.json").read_text())["phrases"]:
        t = p["bitcoin_taproot"]["address"]
        add("bitcoin", t, "valid", "BIP86 P2TR (addresses.json bitcoin_taproot)",
            checked_by=confirm(lambda x: bu.P2TRAddrDecoder.DecodeAddr(x, hrp="bc"), t, True, "bitcoin"))
    h = utxo_common("bitcoin", b"\x00", b"\x05", b"\x6f")
    p2wsh = segwit("bc", 0, hashlib.sha256(b"\x51").digest())
    add("bitcoin", p2wsh, "valid", "P2WSH (v0, 32-byte program)")
    a = ACCOUNTS[0]["bitcoin"]["address"]
    add("bitcoin", flip(a), "invalid_checksum", "one character changed in a bech32 address",
        checked_by=confirm(lambda x: bu.P2WPKHAddrDecoder.DecodeAddr(x, hrp="bc"), flip(a), False, "bitcoin"))
    add("bitcoin", segwit("tb", 0, h), "wrong_prefix", "testnet hrp tb with a valid checksum")
    add("bitcoin", ACCOUNTS[0]["litecoin"]["address"], "wrong_prefix", "a Litecoin address")
    add("bitcoin", segwit("bc", 0, h[:-1]), "invalid_length", "v0 program of 19 bytes with a valid checksum")
    add("bitcoin", segwit("bc", 1, h), "unsupported_format", "v1 program of 20 bytes (Taproot needs 32)")
    add("bitcoin", segwit("bc", 2, h), "unsupported_format", "witness v2, reserved for a future soft fork")
    tap = json.loads((VECTORS / "addresses.json").read_text())["phrases"][0]["bitcoin_taproot"]["address"]
    _, prog = bech32_payload(tap)
    add("bitcoin", segwit("bc", 1, prog[1:], BECH32), "invalid_checksum", "Taproot program under a bech32 (not bech32m) checksum (BIP350)")
    add("bitcoin", segwit("bc", 0, h, BECH32M), "invalid_checksum", "v0 program under a bech32m checksum (BIP350)")
    add("bitcoin", a[:8] + a[8:].upper(), "mixed_case", "bech32 with mixed case")


def litecoin():
    for acc in ACCOUNTS:
        a = acc["litecoin"]["address"]
        add("litecoin", a, "valid", "derived P2WPKH (addresses.json)",
            checked_by=confirm(lambda x: bu.P2WPKHAddrDecoder.DecodeAddr(x, hrp="ltc"), a, True, "litecoin"))
    h = utxo_common("litecoin", b"\x30", b"\x32", b"\x00")
    add("litecoin", segwit("tltc", 0, h), "wrong_prefix", "testnet hrp tltc")
    add("litecoin", ACCOUNTS[0]["bitcoin"]["address"], "wrong_prefix", "a Bitcoin address")
    add("litecoin", flip(ACCOUNTS[0]["litecoin"]["address"]), "invalid_checksum", "one character changed")


def doge():
    for acc in ACCOUNTS:
        a = acc["doge"]["address"]
        add("doge", a, "valid", "derived P2PKH (addresses.json)",
            checked_by=confirm(lambda x: bu.P2PKHAddrDecoder.DecodeAddr(x, net_ver=b"\x1e"), a, True, "doge"))
    utxo_common("doge", b"\x1e", b"\x16", b"\x00")
    btc = ACCOUNTS[0]["bitcoin"]["address"]
    add("doge", btc, "invalid_character" if set(btc) & set("0OIl") else "invalid_checksum",
        "a bech32 Bitcoin address is not base58check")


def zcash():
    for acc in ACCOUNTS:
        a = acc["zcash"]["address"]
        add("zcash", a, "valid", "derived transparent P2PKH (addresses.json)",
            checked_by=confirm(lambda x: bu.P2PKHAddrDecoder.DecodeAddr(x, net_ver=b"\x1c\xb8"), a, True, "zcash"))
    h = utxo_common("zcash", b"\x1c\xb8", b"\x1c\xbd", b"\x1d\x25")
    tex = bech32_bytes("tex", h, BECH32M)
    add("zcash", tex, "valid", "ZIP-320 TEX address of the derived key hash")
    add("zcash", bech32_bytes("tex", h, BECH32), "invalid_checksum", "TEX under a bech32 (not bech32m) checksum")
    add("zcash", bech32_bytes("tex", h[:-1], BECH32M), "invalid_length", "TEX of a 19-byte hash")
    add("zcash", b58check(b"\x00" + h), "wrong_network", "a Bitcoin P2PKH (one version byte)")


def bitcoincash():
    def cash(prefix, version, payload):
        return bu.BchBech32Encoder.Encode(prefix, version, payload)

    dec = lambda x: bu.BchP2PKHAddrDecoder.DecodeAddr(x, hrp="bitcoincash", net_ver=b"\x00")
    for acc in ACCOUNTS:
        short = acc["bitcoincash"]["address"]
        full = "bitcoincash:" + short
        add("bitcoincash", short, "valid", "derived CashAddr without prefix (addresses.json)")
        add("bitcoincash", full, "valid", "CashAddr with its prefix", normalized=short, checked_by=confirm(dec, full, True, "bch"))
        add("bitcoincash", full.upper(), "valid", "CashAddr in upper case", normalized=short)
    # The pair given as an example in the CashAddr specification (Bitcoin Cash upgrade document, 2018).
    spec = "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a"
    add("bitcoincash", spec, "valid", "CashAddr specification example", normalized=spec.split(":")[1],
        checked_by=confirm(dec, spec, True, "bch"))
    add("bitcoincash", "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", "valid",
        "the legacy form of the CashAddr specification example", normalized=spec.split(":")[1])
    key = bytes.fromhex(ACCOUNTS[0]["bitcoincash"]["public_key"])
    h = hash160(key)
    short = ACCOUNTS[0]["bitcoincash"]["address"]
    legacy = b58check(b"\x00" + h)
    add("bitcoincash", legacy, "valid", "legacy P2PKH of the same key, returned as CashAddr", normalized=short)
    p2sh = cash("bitcoincash", b"\x08", hash160(b"\x51"))
    add("bitcoincash", p2sh, "valid", "CashAddr P2SH", normalized=p2sh.split(":")[1],
        checked_by=confirm(lambda x: bu.BchP2SHAddrDecoder.DecodeAddr(x, hrp="bitcoincash", net_ver=b"\x08"), p2sh, True, "bch"))
    bad = "bitcoincash:" + flip(short)
    add("bitcoincash", bad, "invalid_checksum", "one character changed", checked_by=confirm(dec, bad, False, "bch"))
    add("bitcoincash", flip(short), "invalid_checksum", "one character changed, no prefix")
    testnet = cash("bchtest", b"\x00", h)
    add("bitcoincash", testnet, "wrong_prefix", "testnet prefix bchtest with a valid checksum",
        checked_by=confirm(dec, testnet, False, "bch"))
    add("bitcoincash", testnet.split(":")[1], "invalid_checksum", "a testnet payload without its prefix")
    add("bitcoincash", cash("bitcoincash", b"\x00", h[:-1]), "invalid_length", "19-byte hash with a valid checksum")
    add("bitcoincash", cash("bitcoincash", b"\x01", h).split(":")[1], "unsupported_format", "size code 1 (192-bit hash) on a 160-bit hash")
    add("bitcoincash", b58check(b"\x30" + h), "wrong_network", "a Litecoin legacy address")
    mixed = "bitcoincash:" + short[:5] + short[5:].upper()
    add("bitcoincash", mixed, "mixed_case", "CashAddr with mixed case")
    add("bitcoincash", "bitcoincash:" + short[:-1] + "b", "invalid_character", "b is not in the CashAddr alphabet")


# --- Cosmos ------------------------------------------------------------------------------------------------------
def cosmos(chain, hrp, other_hrp):
    dec = lambda x: bu.AtomAddrDecoder.DecodeAddr(x, hrp=hrp)
    for acc in ACCOUNTS:
        a = acc[chain]["address"]
        add(chain, a, "valid", "derived account (addresses.json)", checked_by=confirm(dec, a, True, chain))
        add(chain, a.upper(), "valid", "bech32 in upper case", normalized=a)
    a = ACCOUNTS[0][chain]["address"]
    _, payload = bech32_payload(a)
    add(chain, bech32_bytes(hrp, hashlib.sha256(payload).digest()), "valid", "32-byte module/contract account")
    add(chain, flip(a), "invalid_checksum", "one character changed", checked_by=confirm(dec, flip(a), False, chain))
    other = bech32_bytes(other_hrp, payload)
    add(chain, other, "wrong_prefix", f"the same account under {other_hrp}", checked_by=confirm(dec, other, False, chain))
    add(chain, bech32_bytes(hrp + "valoper", payload), "wrong_prefix", "a validator operator address")
    short = bech32_bytes(hrp, payload[:-1])
    add(chain, short, "invalid_length", "19-byte account with a valid checksum", checked_by=confirm(dec, short, False, chain))
    add(chain, bech32_bytes(hrp, payload, BECH32M), "invalid_checksum", "bech32m checksum instead of bech32")
    data5 = to5(payload)
    data5[-1] |= 1  # 160 bits take 32 characters exactly; 21 bytes leave 2 padding bits, set one of them
    padded = to5(payload + b"\x00")
    padded[-1] |= 1
    add(chain, bech32_encode(hrp, padded), "non_canonical_encoding", "non-zero padding bits after a 21-byte payload (valid checksum)",
        checked_by=confirm(dec, bech32_encode(hrp, padded), False, chain))


def injective():
    dec = lambda x: bu.InjAddrDecoder.DecodeAddr(x)
    for acc in ACCOUNTS:
        a = acc["injective"]["address"]
        add("injective", a, "valid", "derived account (addresses.json)", checked_by=confirm(dec, a, True, "inj"))
    a = ACCOUNTS[0]["injective"]["address"]
    _, payload = bech32_payload(a)
    add("injective", bech32_bytes("inj", hashlib.sha256(payload).digest()), "invalid_length", "32-byte payload (Injective accounts are 20 bytes)")
    add("injective", flip(a), "invalid_checksum", "one character changed")
    add("injective", bech32_bytes("cosmos", payload), "wrong_prefix", "the same bytes under cosmos")


# --- Solana, Tron, XRP -------------------------------------------------------------------------------------------
def solana():
    dec = bu.SolAddrDecoder.DecodeAddr
    for acc in ACCOUNTS:
        a = acc["solana"]["address"]
        add("solana", a, "valid", "derived account (addresses.json)", checked_by=confirm(dec, a, True, "sol"))
    pda = bu.Base58Encoder.Encode(hashlib.sha256(b"program derived").digest())
    add("solana", pda, "valid", "any 32 bytes (program-derived addresses are off the curve)")
    a = ACCOUNTS[0]["solana"]["address"]
    short = bu.Base58Encoder.Encode(bu.Base58Decoder.Decode(a)[:-1])
    add("solana", short, "invalid_length", "31 bytes", checked_by=confirm(dec, short, False, "sol"))
    add("solana", a + "1", "invalid_length", "33 bytes (a leading-zero byte appended)")
    add("solana", a[:-1] + "0", "invalid_character", "0 is not in the base58 alphabet")
    add("solana", ACCOUNTS[0]["ethereum"]["address"], "invalid_character", "an Ethereum address")


def tron():
    dec = bu.TrxAddrDecoder.DecodeAddr
    for acc in ACCOUNTS:
        a = acc["tron"]["address"]
        add("tron", a, "valid", "derived account (addresses.json)", checked_by=confirm(dec, a, True, "trx"))
    a = ACCOUNTS[0]["tron"]["address"]
    payload = b58check_payload(a)
    add("tron", flip(a), "invalid_checksum", "one character changed", checked_by=confirm(dec, flip(a), False, "trx"))
    wrong = b58check(b"\xa0" + payload[1:])
    add("tron", wrong, "wrong_network", "version byte 0xa0 instead of 0x41", checked_by=confirm(dec, wrong, False, "trx"))
    short = b58check(payload[:-1])
    add("tron", short, "invalid_length", "20-byte payload with a valid checksum", checked_by=confirm(dec, short, False, "trx"))


def xrp():
    alpha = bu.Base58Alphabets.RIPPLE
    dec = bu.XrpAddrDecoder.DecodeAddr
    for acc in ACCOUNTS:
        a = acc["xrp"]["address"]
        add("xrp", a, "valid", "derived classic address (addresses.json)", checked_by=confirm(dec, a, True, "xrp"))
    a = ACCOUNTS[0]["xrp"]["address"]
    payload = b58check_payload(a, alpha)
    add("xrp", flip(a), "invalid_checksum", "one character changed", checked_by=confirm(dec, flip(a), False, "xrp"))
    wrong = b58check(b"\x23" + payload[1:], alpha)
    add("xrp", wrong, "wrong_network", "type byte 0x23 instead of 0x00", checked_by=confirm(dec, wrong, False, "xrp"))
    short = b58check(payload[:-1], alpha)
    add("xrp", short, "invalid_length", "19-byte account id", checked_by=confirm(dec, short, False, "xrp"))
    xaddr = b58check(b"\x05\x44" + payload[1:] + b"\x00" + b"\x00" * 8, alpha)
    add("xrp", xaddr, "unsupported_format", "an X-address (XLS-5) without tag")
    add("xrp", b58check(b"\x00" + payload[1:]), "invalid_checksum", "a Bitcoin-alphabet encoding of the same bytes")


# --- ed25519 chains ----------------------------------------------------------------------------------------------
def ton():
    from pytoniq_core import Address  # installed with bip-utils; an independent TON address parser

    def dec(x):
        parsed = Address(x)
        if parsed.is_test_only:
            raise ValueError("testnet")
        if parsed.wc not in (0, -1):
            raise ValueError("workchain")

    for acc in ACCOUNTS:
        a = acc["ton"]["address"]
        add("ton", a, "valid", "derived wallet v4R2, non-bounceable (addresses.json)", checked_by=confirm(dec, a, True, "ton"))
    a = ACCOUNTS[0]["ton"]["address"]
    raw = base64.urlsafe_b64decode(a)
    body = raw[:34]

    def friendly(tag, wc, account, alphabet_url=True):
        b = bytes([tag, wc]) + account
        out = b + _crc16(b)
        return base64.urlsafe_b64encode(out).decode() if alphabet_url else base64.b64encode(out).decode()

    account = body[2:]
    bounce = friendly(0x11, 0, account)
    add("ton", bounce, "valid", "the same wallet, bounceable (EQ…)", checked_by=confirm(dec, bounce, True, "ton"))
    add("ton", "0:" + account.hex(), "valid", "raw form workchain:hex", checked_by=confirm(dec, "0:" + account.hex(), True, "ton"))
    add("ton", "-1:" + account.hex(), "valid", "raw form on the masterchain")
    add("ton", "0:" + account.hex().upper(), "valid", "raw form with upper-case hex")
    std = friendly(0x51, 0, account, alphabet_url=False)
    add("ton", std, "valid", "user-friendly in the standard base64 alphabet")
    add("ton", flip(a, 10), "invalid_checksum", "one character changed", checked_by=confirm(dec, flip(a, 10), False, "ton"))
    add("ton", friendly(0x51 | 0x80, 0, account), "wrong_network", "testnet flag set",
        checked_by=confirm(dec, friendly(0x51 | 0x80, 0, account), False, "ton"))
    add("ton", friendly(0x22, 0, account), "unsupported_format", "unknown tag 0x22")
    add("ton", friendly(0x51, 5, account), "unsupported_format", "workchain 5 does not exist")
    add("ton", a[:-4], "invalid_length", "44 characters")
    add("ton", "0:" + account.hex()[:-2], "invalid_length", "raw form with 31 bytes")
    add("ton", "0:" + account.hex()[:-1] + "g", "invalid_character", "raw form with a non-hex digit")
    add("ton", "x:" + account.hex(), "invalid_character", "raw form with a non-numeric workchain")
    add("ton", "+0:" + account.hex(), "invalid_character", "raw form with a signed workchain")
    add("ton", "2:" + account.hex(), "unsupported_format", "raw form on a workchain that does not exist")
    add("ton", a[:10] + "*" + a[11:], "invalid_character", "* is not base64")


def _crc16(data):
    crc = 0
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = (crc << 1 ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc.to_bytes(2, "big")


def hex_chain(chain, dec, long_len):
    for acc in ACCOUNTS:
        a = acc[chain]["address"]
        add(chain, a, "valid", "derived account (addresses.json)", checked_by=confirm(dec, acc[chain].get("address_long", a), True, chain))
        add(chain, "0x" + a[2:].upper(), "valid", "upper-case hex", normalized=a)
    a = ACCOUNTS[0][chain]["address"]
    add(chain, a[2:], "wrong_prefix", "no 0x prefix")
    add(chain, a[:-1] + "g", "invalid_character", "g is not a hex digit")
    add(chain, a + "0" * (66 - len(a) + 1), "invalid_length", "65 hex digits")


def aptos():
    hex_chain("aptos", bu.AptosAddrDecoder.DecodeAddr, 64)
    for acc in ACCOUNTS:
        if "address_long" in acc["aptos"]:
            add("aptos", acc["aptos"]["address_long"], "valid", "the 64-digit long form (AIP-40)")
    add("aptos", "0x1", "valid", "short form of a special address (AIP-40)")
    add("aptos", "0x", "invalid_length", "no digits")


def sui():
    hex_chain("sui", bu.SuiAddrDecoder.DecodeAddr, 64)
    a = ACCOUNTS[0]["sui"]["address"]
    add("sui", a[:-2], "invalid_length", "31 bytes (Sui accounts are written in full)")


def near():
    dec = bu.NearAddrDecoder.DecodeAddr
    for acc in ACCOUNTS:
        a = acc["near"]["address"]
        add("near", a, "valid", "derived implicit account (addresses.json)", checked_by=confirm(dec, a, True, "near"))
    a = ACCOUNTS[0]["near"]["address"]
    for named in ["alice.near", "app.alice.near", "a-b_c.near", "ab", "0x" + "ab" * 20]:
        add("near", named, "valid", "named or Ethereum-implicit account (NEAR account id rules)")
    add("near", a.upper(), "invalid_character", "implicit accounts are lower-case hex")
    add("near", "a", "invalid_length", "one character")
    add("near", "a" * 65, "invalid_length", "65 characters")
    add("near", ".alice.near", "invalid_character", "leading separator")
    add("near", "alice..near", "invalid_character", "two separators in a row")
    add("near", "alice.near-", "invalid_character", "trailing separator")
    add("near", "alice@near", "invalid_character", "@ is not allowed")


def stellar():
    dec = lambda x: bu.XlmAddrDecoder.DecodeAddr(x, addr_type=bu.XlmAddrTypes.PUB_KEY)
    for acc in ACCOUNTS:
        a = acc["stellar"]["address"]
        add("stellar", a, "valid", "derived account (addresses.json)", checked_by=confirm(dec, a, True, "xlm"))
    a = ACCOUNTS[0]["stellar"]["address"]
    add("stellar", flip(a, 10), "invalid_checksum", "one character changed", checked_by=confirm(dec, flip(a, 10), False, "xlm"))
    raw = base64.b32decode(a)
    seed_like = base64.b32encode(bytes([18 << 3]) + raw[1:33] + _crc16_le(bytes([18 << 3]) + raw[1:33])).decode()
    add("stellar", seed_like, "wrong_prefix", "an S… StrKey (secret seed version byte) of the same 32 bytes")
    muxed_body = bytes([12 << 3]) + raw[1:33] + b"\x00" * 8
    muxed = base64.b32encode(muxed_body + _crc16_le(muxed_body)).decode().rstrip("=")
    add("stellar", muxed, "unsupported_format", "a muxed M… account (SEP-23)")
    add("stellar", a[:-8], "invalid_length", "8 characters short")
    add("stellar", a.lower(), "wrong_prefix", "lower case (StrKeys are upper-case base32)")
    add("stellar", a[:-1] + "1", "invalid_character", "1 is not in the base32 alphabet")


def _crc16_le(data):
    return _crc16(data)[::-1]


def algorand():
    dec = bu.AlgoAddrDecoder.DecodeAddr
    for acc in ACCOUNTS:
        a = acc["algorand"]["address"]
        add("algorand", a, "valid", "derived account (addresses.json)", checked_by=confirm(dec, a, True, "algo"))
    a = ACCOUNTS[0]["algorand"]["address"]
    add("algorand", flip(a, 10), "invalid_checksum", "one character changed", checked_by=confirm(dec, flip(a, 10), False, "algo"))
    add("algorand", a[:-8], "invalid_length", "8 characters short")
    add("algorand", a.lower(), "invalid_character", "lower case")
    last = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".index(a[-1])
    add("algorand", a[:-1] + "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[last | 1 if last % 2 == 0 else last & ~1],
        "non_canonical_encoding", "the last character's unused low bit set")


def polkadot():
    dec = lambda x: bu.SubstrateEd25519AddrDecoder.DecodeAddr(x, ss58_format=0)
    for acc in ACCOUNTS:
        a = acc["polkadot"]["address"]
        add("polkadot", a, "valid", "derived account (addresses.json)", checked_by=confirm(dec, a, True, "dot"))
    key = bytes.fromhex(ACCOUNTS[0]["polkadot"]["public_key"])
    a = ACCOUNTS[0]["polkadot"]["address"]
    add("polkadot", flip(a, 10), "invalid_checksum", "one character changed", checked_by=confirm(dec, flip(a, 10), False, "dot"))
    for fmt, why in [(2, "Kusama (network 2)"), (42, "generic Substrate (network 42)")]:
        other = bu.SubstrateEd25519AddrEncoder.EncodeKey(key, ss58_format=fmt)
        add("polkadot", other, "wrong_network", why, checked_by=confirm(dec, other, False, "dot"))
    add("polkadot", a[:-4], "invalid_length", "4 characters short")
    add("polkadot", a[:-1] + "0", "invalid_character", "0 is not in the base58 alphabet")


def cardano():
    dec = lambda x: bu.AdaShelleyAddrDecoder.DecodeAddr(x, net_tag=bu.AdaShelleyAddrNetworkTags.MAINNET)
    for acc in ACCOUNTS:
        a = acc["cardano"]["address"]
        add("cardano", a, "valid", "derived base address (addresses.json)", checked_by=confirm(dec, a, True, "ada"))
    a = ACCOUNTS[0]["cardano"]["address"]
    _, payload = bech32_payload(a)
    enterprise = bech32_bytes("addr", bytes([0x61]) + payload[1:29])
    add("cardano", enterprise, "valid", "enterprise address (type 6, CIP-19)")
    add("cardano", flip(a, 20), "invalid_checksum", "one character changed", checked_by=confirm(dec, flip(a, 20), False, "ada"))
    test = bech32_bytes("addr_test", bytes([0x00]) + payload[1:])
    add("cardano", test, "wrong_prefix", "testnet hrp addr_test", checked_by=confirm(dec, test, False, "ada"))
    wrong_net = bech32_bytes("addr", bytes([0x00]) + payload[1:])
    add("cardano", wrong_net, "wrong_network", "mainnet hrp with a testnet header (network 0)")
    stake = bech32_bytes("addr", bytes([0xE1]) + payload[29:])
    add("cardano", stake, "unsupported_format", "a reward (stake) header under addr")
    add("cardano", bech32_bytes("stake", bytes([0xE1]) + payload[29:]), "wrong_prefix", "a stake address")
    add("cardano", bech32_bytes("addr", payload[:-1]), "invalid_length", "base address one byte short")


if __name__ == "__main__":
    for chain in ["ethereum", "smartchain", "hyperliquid", "hypercore"]:
        evm(chain)
    bitcoin()
    litecoin()
    doge()
    zcash()
    bitcoincash()
    for chain, hrp, other in [("cosmos", "cosmos", "osmo"), ("osmosis", "osmo", "cosmos"), ("celestia", "celestia", "cosmos"),
                              ("sei", "sei", "cosmos"), ("noble", "noble", "cosmos"), ("thorchain", "thor", "cosmos")]:
        cosmos(chain, hrp, other)
    injective()
    solana()
    tron()
    xrp()
    ton()
    aptos()
    sui()
    near()
    stellar()
    algorand()
    polkadot()
    cardano()
    out = {
        "source": "tests/oracles/validation.py (bip-utils " + bu.__version__ + " encoders and decoders; EIP-55 test "
                  "cases); invalid addresses are one controlled change of a valid one, labelled with the AddressError case",
        "vectors": VECTORS_OUT,
    }
    (VECTORS / "validation.json").write_text(json.dumps(out, indent=1) + "\n")
    kinds = {}
    for v in VECTORS_OUT:
        kinds[v["expect"]] = kinds.get(v["expect"], 0) + 1
    print(f"wrote {len(VECTORS_OUT)} vectors: {kinds}")
