"""Zcash transparent (P2PKH in a v5 transaction): the sendtx body is the raw transaction as hex text (Blockbook
`POST /api/v2/sendtx/`, chain-apis.md § 2).

No PyPI package checks a ZIP-244 signature (shared/reference/oracles.md, "Zcash transparent v5": uniffi-zcash
exposes no sighash and refuses the NU6 branch id), so the digest here is this module's own, written from ZIP-225
(the v5 format) and ZIP-244 (txid and transparent signature digest) after the oracles.md recipe, and checked
against every published zcash/zcash-test-vectors `zip_0244.json` vector (tests/signing/bitcoin/published/;
tests/chains/test_fixture_server.py::test_zcash_verifier_digest_matches_the_published_vectors). The ECDSA check
is coincurve's (libsecp256k1), over DER signatures, SIGHASH_ALL only.

What it checks: the ZIP-225 header (v5, the v5 version group, the spec's consensus branch id and expiry height,
lock time 0); no Sapling or Orchard part; every input spends one of the spec's UTXOs, once, and its scriptSig is
exactly <DER signature + 0x01> <compressed key> with the key hashing to the sender's P2PKH address, its signature
valid for that input's ZIP-244 digest (which commits to every spent amount and script); the first output pays the
spec's amount to the spec's recipient; any other output returns change to the sender; the fee (inputs less
outputs) is at least ZIP-317's conventional fee (5,000 zatoshis × max(2, logical actions)). It answers the txid
as explorers and nodes print it (the ZIP-244 txid digest, byte-reversed).

spec: {"family": "zcash", "sender", "recipient", "amount", "consensus_branch_id": "<8 hex digits, as the node's
consensus.nextblock>", "expiry_height": <int>, "utxos": [{"txid", "vout", "value"}] (the sender's UTXO answer)}."""

from __future__ import annotations

import hashlib
import io
import struct

from coincurve import PublicKey

B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
P2PKH_VERSION, P2SH_VERSION = b"\x1c\xb8", b"\x1c\xbd"       # t1…, t3… (Zcash protocol spec § 5.6.1.1)
MARGINAL_FEE, GRACE_ACTIONS = 5_000, 2                           # ZIP-317
P2PKH_INPUT_SIZE, P2PKH_OUTPUT_SIZE = 150, 34                    # ZIP-317


def H(person: bytes, data: bytes = b"") -> bytes:
    return hashlib.blake2b(data, digest_size=32, person=person).digest()


def _sha256(b: bytes) -> bytes:
    return hashlib.sha256(b).digest()


def hash160(b: bytes) -> bytes:
    return hashlib.new("ripemd160", _sha256(b)).digest()


def compact(n: int) -> bytes:
    if n < 253:
        return bytes([n])
    if n <= 0xFFFF:
        return b"\xfd" + struct.pack("<H", n)
    if n <= 0xFFFFFFFF:
        return b"\xfe" + struct.pack("<I", n)
    return b"\xff" + struct.pack("<Q", n)


def _read_compact(r: io.BytesIO) -> int:
    first = r.read(1)
    if not first:
        raise ValueError("truncated transaction")
    n = first[0]
    if n < 253:
        return n
    width = {253: 2, 254: 4, 255: 8}[n]
    return int.from_bytes(_read(r, width), "little")


def _read(r: io.BytesIO, n: int) -> bytes:
    b = r.read(n)
    if len(b) != n:
        raise ValueError("truncated transaction")
    return b


def b58check_decode(text: str) -> bytes:
    n = 0
    for c in text:
        if c not in B58:
            raise ValueError(f"{text!r} is not base58")
        n = n * 58 + B58.index(c)
    raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
    raw = b"\0" * (len(text) - len(text.lstrip("1"))) + raw
    payload, check = raw[:-4], raw[-4:]
    if _sha256(_sha256(payload))[:4] != check:
        raise ValueError(f"{text!r}: bad checksum")
    return payload


def b58check_encode(payload: bytes) -> str:
    data = payload + _sha256(_sha256(payload))[:4]
    n, out = int.from_bytes(data, "big"), ""
    while n:
        n, r = divmod(n, 58)
        out = B58[r] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def script_of(address: str) -> bytes:
    """The scriptPubKey of a transparent address (P2PKH t1…, P2SH t3…)."""
    payload = b58check_decode(address)
    if len(payload) != 22:
        raise ValueError(f"{address!r} is not a transparent address")
    version, h = payload[:2], payload[2:]
    if version == P2PKH_VERSION:
        return bytes.fromhex("76a914") + h + bytes.fromhex("88ac")
    if version == P2SH_VERSION:
        return bytes.fromhex("a914") + h + bytes.fromhex("87")
    raise ValueError(f"{address!r}: version {version.hex()} is not a Zcash mainnet transparent one")


def address_of(script: bytes) -> str:
    if len(script) == 25 and script[:3] == bytes.fromhex("76a914") and script[23:] == bytes.fromhex("88ac"):
        return b58check_encode(P2PKH_VERSION + script[3:23])
    if len(script) == 23 and script[:2] == bytes.fromhex("a914") and script[22:] == b"\x87":
        return b58check_encode(P2SH_VERSION + script[2:22])
    raise ValueError(f"output script {script.hex()} is not P2PKH or P2SH")


# -- ZIP-225 parse and ZIP-244 digests ------------------------------------------------------------------------------

def parse_v5(raw: bytes) -> dict:
    """A v5 transaction: its 20-byte header, inputs (outpoint, scriptSig, sequence), outputs (serialized), and the
    Sapling and Orchard digests (ZIP-244 T.3, T.4) of whatever shielded parts it has."""
    r = io.BytesIO(raw)
    t = {"header": _read(r, 20)}
    if t["header"][:4] != bytes.fromhex("05000080"):
        raise ValueError(f"header {t['header'][:4].hex()} is not v5 with fOverwintered")
    t["vin"] = []
    for _ in range(_read_compact(r)):
        outpoint = _read(r, 36)
        script = _read(r, _read_compact(r))
        t["vin"].append((outpoint, script, _read(r, 4)))
    t["vout"] = []
    for _ in range(_read_compact(r)):
        value = _read(r, 8)
        n = _read_compact(r)
        t["vout"].append(value + compact(n) + _read(r, n))
    sp = [_read(r, 96) for _ in range(_read_compact(r))]
    so = [_read(r, 756) for _ in range(_read_compact(r))]
    vb = _read(r, 8) if sp or so else b""
    anchor = _read(r, 32) if sp else b""
    _read(r, 192 * len(sp) + 64 * len(sp) + 192 * len(so) + (64 if sp or so else 0))  # proofs, auth sigs, binding
    ac = [_read(r, 820) for _ in range(_read_compact(r))]
    orch = b""
    if ac:
        orch = _read(r, 41)                                  # flags, valueBalanceOrchard, anchorOrchard
        _read(r, _read_compact(r))                           # proofsOrchard
        _read(r, 64 * len(ac) + 64)                          # spend auth sigs, binding sig
    if r.read():
        raise ValueError("bytes after the transaction")
    j = b"".join
    t["shielded"] = bool(sp or so or ac)
    if sp or so:
        spends = (H(b"ZTxIdSSpendsHash", H(b"ZTxIdSSpendCHash", j(s[32:64] for s in sp))
                    + H(b"ZTxIdSSpendNHash", j(s[:32] + anchor + s[64:] for s in sp))) if sp else H(b"ZTxIdSSpendsHash"))
        outs = (H(b"ZTxIdSOutputHash", H(b"ZTxIdSOutC__Hash", j(o[32:148] for o in so))
                  + H(b"ZTxIdSOutM__Hash", j(o[148:660] for o in so)) + H(b"ZTxIdSOutN__Hash", j(o[:32] + o[660:] for o in so)))
                if so else H(b"ZTxIdSOutputHash"))
        t["sapling"] = H(b"ZTxIdSaplingHash", spends + outs + vb)
    else:
        t["sapling"] = H(b"ZTxIdSaplingHash")
    if ac:
        t["orchard"] = H(b"ZTxIdOrchardHash", H(b"ZTxIdOrcActCHash", j(a[32:64] + a[96:212] for a in ac))
                         + H(b"ZTxIdOrcActMHash", j(a[212:724] for a in ac))
                         + H(b"ZTxIdOrcActNHash", j(a[:32] + a[64:96] + a[724:] for a in ac)) + orch)
    else:
        t["orchard"] = H(b"ZTxIdOrchardHash")
    return t


def _root(t: dict, transparent: bytes) -> bytes:
    return H(b"ZcashTxHash_" + t["header"][8:12], H(b"ZTxIdHeadersHash", t["header"]) + transparent + t["sapling"] + t["orchard"])


def txid_digest(t: dict) -> bytes:
    """ZIP-244 T: the txid in internal byte order."""
    vin, vout = t["vin"], t["vout"]
    if not vin and not vout:
        return _root(t, H(b"ZTxIdTranspaHash"))
    return _root(t, H(b"ZTxIdTranspaHash", H(b"ZTxIdPrevoutHash", b"".join(i[0] for i in vin))
                      + H(b"ZTxIdSequencHash", b"".join(i[2] for i in vin)) + H(b"ZTxIdOutputsHash", b"".join(vout))))


def sighash(t: dict, index: int | None, hash_type: int, amounts: list[int], scripts: list[bytes]) -> bytes:
    """ZIP-244 S.2 for transparent input `index` under `hash_type` (index None: the digest shielded parts sign)."""
    vin, vout = t["vin"], t["vout"]
    if not vin or (len(vin) == 1 and vin[0][0] == bytes(32) + b"\xff" * 4):
        return txid_digest(t)
    anyone, base = hash_type & 0x80, hash_type & 0x1F
    if base == 2 or (base == 3 and (index is None or index >= len(vout))):
        outputs = H(b"ZTxIdOutputsHash")
    elif base == 3:
        outputs = H(b"ZTxIdOutputsHash", vout[index])
    else:
        outputs = H(b"ZTxIdOutputsHash", b"".join(vout))
    spk = lambda s: compact(len(s)) + s  # noqa: E731
    txin = b"" if index is None else vin[index][0] + struct.pack("<q", amounts[index]) + spk(scripts[index]) + vin[index][2]
    return _root(t, H(b"ZTxIdTranspaHash", bytes([hash_type])
                      + H(b"ZTxIdPrevoutHash", b"" if anyone else b"".join(i[0] for i in vin))
                      + H(b"ZTxTrAmountsHash", b"" if anyone else b"".join(struct.pack("<q", a) for a in amounts))
                      + H(b"ZTxTrScriptsHash", b"" if anyone else b"".join(spk(s) for s in scripts))
                      + H(b"ZTxIdSequencHash", b"" if anyone else b"".join(i[2] for i in vin))
                      + outputs + H(b"Zcash___TxInHash", txin)))


def _pushes(script: bytes) -> list[bytes]:
    """The data pushes of a scriptSig made only of direct pushes (1–75 bytes each)."""
    out, i = [], 0
    while i < len(script):
        n = script[i]
        if not 1 <= n <= 75 or i + 1 + n > len(script):
            raise ValueError(f"scriptSig {script.hex()} is not two direct pushes")
        out.append(script[i + 1:i + 1 + n])
        i += 1 + n
    return out


def _output(serialized: bytes) -> tuple[int, bytes]:
    """(value, scriptPubKey) of a serialized output."""
    r = io.BytesIO(serialized[8:])
    script = _read(r, _read_compact(r))
    value = struct.unpack("<q", serialized[:8])[0]
    if value < 0:
        raise ValueError("a negative output value")
    return value, script


def zip317_fee(raw_inputs: list[tuple[bytes, bytes, bytes]], raw_outputs: list[bytes]) -> int:
    in_size = sum(36 + len(compact(len(s))) + len(s) + 4 for _, s, _ in raw_inputs)
    out_size = sum(len(o) for o in raw_outputs)
    actions = max(GRACE_ACTIONS, -(-in_size // P2PKH_INPUT_SIZE), -(-out_size // P2PKH_OUTPUT_SIZE))
    return MARGINAL_FEE * actions


def verify(body: bytes, spec: dict) -> dict:
    raw = bytes.fromhex(body.decode("ascii").strip())
    t = parse_v5(raw)
    version, group, branch, lock_time, expiry = struct.unpack("<IIIII", t["header"])
    if group != 0x26A7270A:
        raise ValueError(f"version group {group:#010x} is not v5's")
    if branch != int(spec["consensus_branch_id"], 16):
        raise ValueError(f"consensus branch id {branch:08x}, expected {spec['consensus_branch_id']}")
    if expiry != int(spec["expiry_height"]) or lock_time != 0:
        raise ValueError(f"expiry {expiry} lock time {lock_time}, expected {spec['expiry_height']} and 0")
    if t["shielded"]:
        raise ValueError("a transparent send has no Sapling or Orchard part")
    if not t["vin"] or not t["vout"]:
        raise ValueError("no inputs or no outputs")

    sender_script = script_of(spec["sender"])
    if sender_script[:3] != bytes.fromhex("76a914"):
        raise ValueError(f"sender {spec['sender']} is not P2PKH")
    utxos = {(bytes.fromhex(u["txid"])[::-1] + struct.pack("<I", int(u["vout"]))): int(u["value"]) for u in spec["utxos"]}
    amounts, seen = [], set()
    for outpoint, _, _ in t["vin"]:
        if outpoint not in utxos or outpoint in seen:
            raise ValueError(f"input {outpoint[:32][::-1].hex()}:{int.from_bytes(outpoint[32:], 'little')} is not an unspent output of the sender")
        seen.add(outpoint)
        amounts.append(utxos[outpoint])
    scripts = [sender_script] * len(t["vin"])

    for index, (_, script_sig, _) in enumerate(t["vin"]):
        pushes = _pushes(script_sig)
        if len(pushes) != 2:
            raise ValueError(f"input {index}: scriptSig has {len(pushes)} pushes, not <signature> <key>")
        signature, key = pushes
        if len(key) != 33 or hash160(key) != sender_script[3:23]:
            raise ValueError(f"input {index}: the key does not hash to {spec['sender']}")
        if signature[-1] != 0x01:
            raise ValueError(f"input {index}: hash type {signature[-1]:#04x} is not SIGHASH_ALL")
        digest = sighash(t, index, 0x01, amounts, scripts)
        if not PublicKey(key).verify(signature[:-1], digest, hasher=None):
            raise ValueError(f"input {index}: the signature does not verify")

    value, recipient_script = _output(t["vout"][0])
    recipient = address_of(recipient_script)
    if (recipient, value) != (spec["recipient"], int(spec["amount"])):
        raise ValueError(f"recipient/amount {recipient} {value}, expected {spec['recipient']} {spec['amount']}")
    total_out = value
    for output in t["vout"][1:]:
        change, script = _output(output)
        if script != sender_script:
            raise ValueError(f"output {output.hex()} is neither the recipient's nor change to the sender")
        total_out += change
    fee = sum(amounts) - total_out
    required = zip317_fee(t["vin"], t["vout"])
    if fee < required:
        raise ValueError(f"fee {fee} is below ZIP-317's conventional fee {required}")
    return {"hash": txid_digest(t)[::-1].hex(), "sender": spec["sender"], "recipient": recipient, "amount": str(value),
            "fee": str(fee), "inputs": len(t["vin"]), "expiry_height": expiry, "consensus_branch_id": f"{branch:08x}",
            "version": f"{version:#010x}"}


def tamper(body: bytes) -> bytes:
    """The first input's signature with one bit of r flipped (the DER stays well formed)."""
    raw = bytearray(bytes.fromhex(body.decode("ascii").strip()))
    r = io.BytesIO(bytes(raw))
    _read(r, 20)
    _read_compact(r)
    _read(r, 36)
    _read_compact(r)
    # scriptSig: push length, then DER 30 len 02 rlen r…; flip a bit inside r.
    raw[r.tell() + 1 + 10] ^= 0x01
    return raw.hex().encode()
