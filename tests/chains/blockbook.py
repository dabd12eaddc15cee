"""A Blockbook-compatible REST server (API v2) over an in-memory UTXO set, one per chain: bitcoin, litecoin,
dogecoin. A spend is accepted only after Bitcoin Core's consensus code (py-bitcoinkernel, module pbk) verifies every
input against the output it spends; then its inputs are spent and its outputs added (unconfirmed until a mine).

Run: .venvs/utxo/bin/python tests/chains/blockbook.py --port 0 --ready-file F [--chain bitcoin]

Paths: /api/v2/... serves the --chain; /<chain>/api/v2/... serves that chain (base URL http://127.0.0.1:P/<chain>).
  GET  /api, /api/v2                      status ({blockbook: {coin, bestHeight, inSync, ...}, backend: {chain, blocks, ...}})
  GET  /api/v2/block/{height|hash}        block 1's previousBlockHash is the chain's real genesis hash
  GET  /api/v2/address/{address}          balance, unconfirmedBalance, txs, txids, ...
  GET  /api/v2/utxo/{address}[?confirmed=true]
  GET  /api/v2/tx/{txid}
  GET  /api/v2/estimatefee/{blocks}       {"result": "<coin per kB>"}
  POST /api/v2/sendtx/ (raw hex body), GET /api/v2/sendtx/{hex}   {"result": txid} or HTTP 400 {"error": "..."}

Verification flags (oracles.md): Bitcoin and Litecoin ScriptVerificationFlags.ALL with the spent outputs;
Dogecoin (no segwit, no taproot) P2SH | DERSIG | CHECKLOCKTIMEVERIFY, no precomputed data, and a witness
transaction is refused. A transaction must pay at least the chain's minimum relay fee (sat/vB: 1, 1, 100).

Control (POST /_control/<name>, JSON body; "chain" defaults to --chain), besides the fault switches of common.py
(a chain is a scope: {"chain": "litecoin", "delay_ms": 200} slows Litecoin alone):
  fund {chain, address, value, confirmed=true}   a faucet (coinbase) transaction paying value sats to address
  mine {chain, blocks=1}                         confirms the mempool in the first new block
  estimatefee {chain, rate}                      the fee rate in coin per kB (string) for a 3-block target
  minrelayfee {chain, sat_per_vbyte}
  syncing {chain, on, behind}                    status answers inSync false, the backend `behind` headers short
  info                                           the chains, heights, genesis hashes
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import struct
import sys
import time
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pbk  # noqa: E402
from pbk.script import PrecomputedTransactionData  # noqa: E402

from common import ChainServer, ControlError, main  # noqa: E402

F = pbk.ScriptVerificationFlags
CHAINS: dict[str, dict[str, Any]] = {
    "bitcoin": {"coin": "Bitcoin", "shortcut": "BTC", "p2pkh": 0x00, "p2sh": [0x05], "hrp": "bc",
                "genesis": "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f",
                "flags": F.ALL, "segwit": True, "fee": "0.00012", "minrelay": 1, "subversion": "/Satoshi:28.1.0/"},
    "litecoin": {"coin": "Litecoin", "shortcut": "LTC", "p2pkh": 0x30, "p2sh": [0x32, 0x05], "hrp": "ltc",
                 "genesis": "12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2",
                 "flags": F.ALL, "segwit": True, "fee": "0.0001", "minrelay": 1, "subversion": "/LitecoinCore:0.21.4/"},
    "dogecoin": {"coin": "Dogecoin", "shortcut": "DOGE", "p2pkh": 0x1E, "p2sh": [0x16], "hrp": None,
                 "genesis": "1a91e3dace36e2be3bf030a65679fe821aa1d6ef92e7c9902eb318182c355691",
                 "flags": F.P2SH | F.DERSIG | F.CHECKLOCKTIMEVERIFY, "segwit": False, "fee": "0.01", "minrelay": 100,
                 "subversion": "/Shibetoshi:1.14.9/"},
}
MAX_TX_BYTES = 400_000
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def dsha(b: bytes) -> bytes:
    return hashlib.sha256(hashlib.sha256(b).digest()).digest()


# ---- addresses
def b58check_encode(payload: bytes) -> str:
    data = payload + dsha(payload)[:4]
    n = int.from_bytes(data, "big")
    s = ""
    while n:
        n, r = divmod(n, 58)
        s = B58[r] + s
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + s


def b58check_decode(s: str) -> bytes | None:
    if not 20 <= len(s) <= 40 or any(c not in B58 for c in s):
        return None
    n = 0
    for c in s:
        n = n * 58 + B58.index(c)
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    data = b"\0" * (len(s) - len(s.lstrip("1"))) + body
    if len(data) < 5 or dsha(data[:-4])[:4] != data[-4:]:
        return None
    return data[:-4]


def _polymod(values: list[int]) -> int:
    gen = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
    chk = 1
    for v in values:
        b = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= gen[i] if (b >> i) & 1 else 0
    return chk


def _hrp_expand(hrp: str) -> list[int]:
    return [ord(x) >> 5 for x in hrp] + [0] + [ord(x) & 31 for x in hrp]


def _convertbits(data: bytes | list[int], frm: int, to: int, pad: bool) -> list[int] | None:
    acc = bits = 0
    out = []
    for v in data:
        acc = (acc << frm) | v
        bits += frm
        while bits >= to:
            bits -= to
            out.append((acc >> bits) & ((1 << to) - 1))
    if pad and bits:
        out.append((acc << (to - bits)) & ((1 << to) - 1))
    elif not pad and (bits >= frm or (acc << (to - bits)) & ((1 << to) - 1)):
        return None
    return out


def segwit_encode(hrp: str, version: int, prog: bytes) -> str:
    const = 1 if version == 0 else 0x2BC830A3
    data = [version] + (_convertbits(prog, 8, 5, True) or [])
    pm = _polymod(_hrp_expand(hrp) + data + [0] * 6) ^ const
    return hrp + "1" + "".join(BECH[d] for d in data + [(pm >> 5 * (5 - i)) & 31 for i in range(6)])


def segwit_decode(hrp: str, addr: str) -> tuple[int, bytes] | None:
    if len(addr) > 90 or (addr.lower() != addr and addr.upper() != addr):
        return None
    addr = addr.lower()
    pos = addr.rfind("1")
    if addr[:pos] != hrp or pos + 7 > len(addr) or any(c not in BECH for c in addr[pos + 1:]):
        return None
    data = [BECH.index(c) for c in addr[pos + 1:]]
    const = _polymod(_hrp_expand(hrp) + data)
    if not data or const not in (1, 0x2BC830A3):
        return None
    version, prog = data[0], _convertbits(data[1:-6], 5, 8, False)
    if prog is None or version > 16 or not 2 <= len(prog) <= 40 or (version == 0 and len(prog) not in (20, 32)):
        return None
    if (version == 0) != (const == 1):
        return None
    return version, bytes(prog)


def address_to_spk(chain: dict[str, Any], addr: str) -> bytes | None:
    if chain["hrp"] and addr.lower().startswith(chain["hrp"] + "1"):
        d = segwit_decode(chain["hrp"], addr)
        if d is None:
            return None
        v, prog = d
        return bytes([0x50 + v if v else 0, len(prog)]) + prog
    raw = b58check_decode(addr)
    if raw is None or len(raw) != 21:
        return None
    if raw[0] == chain["p2pkh"]:
        return b"\x76\xa9\x14" + raw[1:] + b"\x88\xac"
    if raw[0] in chain["p2sh"]:
        return b"\xa9\x14" + raw[1:] + b"\x87"
    return None


def spk_to_address(chain: dict[str, Any], spk: bytes) -> str | None:
    if len(spk) == 25 and spk[:3] == b"\x76\xa9\x14" and spk[23:] == b"\x88\xac":
        return b58check_encode(bytes([chain["p2pkh"]]) + spk[3:23])
    if len(spk) == 23 and spk[:2] == b"\xa9\x14" and spk[22] == 0x87:
        return b58check_encode(bytes([chain["p2sh"][0]]) + spk[2:22])
    if chain["hrp"] and 4 <= len(spk) <= 42 and (spk[0] == 0 or 0x51 <= spk[0] <= 0x60) and spk[1] == len(spk) - 2:
        return segwit_encode(chain["hrp"], spk[0] - 0x50 if spk[0] else 0, spk[2:])
    return None


# ---- transactions
class DecodeError(Exception):
    pass


def parse_tx(raw: bytes) -> dict[str, Any]:
    i = 0

    def take(n: int) -> bytes:
        nonlocal i
        if n < 0 or i + n > len(raw):
            raise DecodeError("truncated")
        b = raw[i:i + n]
        i += n
        return b

    def varint() -> int:
        b = take(1)[0]
        if b < 0xFD:
            return b
        return int.from_bytes(take({0xFD: 2, 0xFE: 4, 0xFF: 8}[b]), "little")

    version = struct.unpack("<i", take(4))[0]
    segwit = False
    if len(raw) > i + 1 and raw[i] == 0 and raw[i + 1] == 1:
        segwit = True
        take(2)
    n_in = varint()
    if not 0 < n_in <= 10_000:
        raise DecodeError("bad input count")
    vin = []
    for _ in range(n_in):
        prev = take(32)[::-1].hex()
        vout = struct.unpack("<I", take(4))[0]
        script = take(varint())
        seq = struct.unpack("<I", take(4))[0]
        vin.append({"txid": prev, "vout": vout, "script": script, "sequence": seq, "witness": []})
    n_out = varint()
    if not 0 < n_out <= 10_000:
        raise DecodeError("bad output count")
    vout_list = []
    for _ in range(n_out):
        value = struct.unpack("<q", take(8))[0]
        vout_list.append({"value": value, "spk": take(varint())})
    if segwit:
        for v in vin:
            v["witness"] = [take(varint()) for _ in range(varint())]
        if not any(v["witness"] for v in vin):
            raise DecodeError("superfluous witness record")
    locktime = struct.unpack("<I", take(4))[0]
    if i != len(raw):
        raise DecodeError("trailing bytes")
    base = struct.pack("<i", version) + _ser_inputs(vin) + _ser_outputs(vout_list) + struct.pack("<I", locktime)
    weight = len(base) * 3 + len(raw)
    return {"version": version, "vin": vin, "vout": vout_list, "locktime": locktime, "segwit": segwit,
            "txid": dsha(base)[::-1].hex(), "size": len(raw), "vsize": (weight + 3) // 4, "hex": raw.hex()}


def _varint(n: int) -> bytes:
    return bytes([n]) if n < 0xFD else b"\xfd" + struct.pack("<H", n) if n <= 0xFFFF else b"\xfe" + struct.pack("<I", n)


def _ser_inputs(vin: list[dict[str, Any]]) -> bytes:
    return _varint(len(vin)) + b"".join(bytes.fromhex(v["txid"])[::-1] + struct.pack("<I", v["vout"]) + _varint(len(v["script"]))
                                        + v["script"] + struct.pack("<I", v["sequence"]) for v in vin)


def _ser_outputs(vout: list[dict[str, Any]]) -> bytes:
    return _varint(len(vout)) + b"".join(struct.pack("<q", o["value"]) + _varint(len(o["spk"])) + o["spk"] for o in vout)


def coin(sats: int) -> str:
    return str(sats)


class Chain:
    def __init__(self, name: str) -> None:
        self.name, self.p = name, dict(CHAINS[name])
        self.blocks: list[dict[str, Any]] = [{"hash": self.p["genesis"], "height": 0, "txs": [], "time": 1231006505}]
        self.txs: dict[str, dict[str, Any]] = {}
        self.order: list[str] = []                       # txids in arrival order
        self.utxos: dict[tuple[str, int], dict[str, Any]] = {}
        self.spent: dict[tuple[str, int], str] = {}
        self.by_addr: dict[str, list[str]] = {}
        self.mempool: list[str] = []
        self.faucet_n = 0
        self.behind: int | None = None
        self.mine(1)

    @property
    def height(self) -> int:
        return len(self.blocks) - 1

    def mine(self, n: int) -> None:
        for _ in range(n):
            prev = self.blocks[-1]["hash"]
            txids, self.mempool = self.mempool, []
            h = len(self.blocks)
            bh = dsha(bytes.fromhex(prev) + struct.pack("<I", h) + b"".join(bytes.fromhex(t) for t in txids) + os.urandom(8))[::-1].hex()
            self.blocks.append({"hash": bh, "height": h, "txs": txids, "time": int(time.time())})
            for t in txids:
                self.txs[t]["height"] = h
                self.txs[t]["blockHash"] = bh
                self.txs[t]["blockTime"] = self.blocks[-1]["time"]
            for u in self.utxos.values():
                if u["height"] is None and u["txid"] in txids:
                    u["height"] = h

    def _index(self, txid: str, addrs: set[str]) -> None:
        for a in addrs:
            lst = self.by_addr.setdefault(a, [])
            if txid not in lst:
                lst.append(txid)

    def _add(self, tx: dict[str, Any], vin_info: list[dict[str, Any] | None]) -> None:
        txid = tx["txid"]
        tx["vin_info"] = vin_info
        tx["height"], tx["blockHash"], tx["blockTime"] = None, None, int(time.time())
        self.txs[txid] = tx
        self.order.append(txid)
        self.mempool.append(txid)
        addrs = set()
        for v, info in zip(tx["vin"], vin_info):
            if info is not None:
                key = (v["txid"], v["vout"])
                self.spent[key] = txid
                del self.utxos[key]
                if info["address"]:
                    addrs.add(info["address"])
        for n, o in enumerate(tx["vout"]):
            a = spk_to_address(self.p, o["spk"])
            self.utxos[(txid, n)] = {"txid": txid, "vout": n, "value": o["value"], "spk": o["spk"], "address": a,
                                     "height": None, "coinbase": vin_info == [None]}
            if a:
                addrs.add(a)
        self._index(txid, addrs)

    def fund(self, address: str, value: int, confirmed: bool) -> str:
        spk = address_to_spk(self.p, address)
        if spk is None:
            raise ControlError("invalid address for " + self.name)
        if not 0 < value <= 21 * 10**14 * 1000:
            raise ControlError("value out of range")
        self.faucet_n += 1
        tag = struct.pack("<Q", self.faucet_n) + os.urandom(8)
        raw = (struct.pack("<i", 1) + b"\x01" + bytes(32) + b"\xff" * 4 + _varint(len(tag)) + tag + b"\xff" * 4
               + b"\x01" + struct.pack("<q", value) + _varint(len(spk)) + spk + bytes(4))
        tx = parse_tx(raw)
        self._add(tx, [None])
        if confirmed:
            self.mine(1)
        return tx["txid"]

    # sendtx: the node's checks, then consensus verification of every input
    def send(self, hexstr: str) -> str:
        hexstr = hexstr.strip()
        if not re.fullmatch(r"(?:[0-9a-fA-F]{2})+", hexstr) or len(hexstr) > 2 * MAX_TX_BYTES:
            raise ValueError("-22: TX decode failed")
        raw = bytes.fromhex(hexstr)
        try:
            tx = parse_tx(raw)
        except (DecodeError, struct.error, KeyError):
            raise ValueError("-22: TX decode failed") from None
        if tx["segwit"] and not self.p["segwit"]:
            raise ValueError("-26: bad-txns-nonstandard-inputs (witness on a chain without segwit)")
        if tx["txid"] in self.txs:
            raise ValueError("-27: Transaction already in block chain" if self.txs[tx["txid"]]["height"] else "-26: txn-already-in-mempool")
        if all(v["txid"] == "00" * 32 for v in tx["vin"]):
            raise ValueError("-26: coinbase")
        if any(o["value"] < 0 for o in tx["vout"]):
            raise ValueError("-26: bad-txns-vout-negative")
        seen: set[tuple[str, int]] = set()
        spent = []
        for v in tx["vin"]:
            key = (v["txid"], v["vout"])
            if key in seen:
                raise ValueError("-26: bad-txns-inputs-duplicate")
            seen.add(key)
            u = self.utxos.get(key)
            if u is None:
                if key in self.spent:
                    raise ValueError("-26: txn-mempool-conflict" if self.txs[self.spent[key]]["height"] is None
                                     else "-25: bad-txns-inputs-missingorspent")
                raise ValueError("-25: bad-txns-inputs-missingorspent")
            spent.append(u)
        value_in, value_out = sum(u["value"] for u in spent), sum(o["value"] for o in tx["vout"])
        if value_in < value_out:
            raise ValueError(f"-26: bad-txns-in-belowout, value in ({Decimal(value_in) / 10**8}) < value out ({Decimal(value_out) / 10**8})")
        fee = value_in - value_out
        if fee < self.p["minrelay"] * tx["vsize"]:
            raise ValueError(f"-26: min relay fee not met, {fee} < {self.p['minrelay'] * tx['vsize']}")
        ptx = pbk.Transaction(raw)
        flags = self.p["flags"]
        pre = None
        if self.p["segwit"]:
            pre = PrecomputedTransactionData(ptx, [pbk.TransactionOutput(pbk.ScriptPubkey(u["spk"]), u["value"]) for u in spent])
        for i, u in enumerate(spent):
            try:
                ok = pbk.ScriptPubkey(u["spk"]).verify(u["value"], ptx, pre, i, flags)
            except pbk.ScriptVerifyException as e:
                raise ValueError(f"-26: mandatory-script-verify-flag-failed ({e.status.name})") from None
            if ok != 1:
                raise ValueError(f"-26: mandatory-script-verify-flag-failed (input {i}: script evaluated false)")
        self._add(tx, [{"value": u["value"], "address": u["address"], "spk": u["spk"]} for u in spent])
        return tx["txid"]

    # ---- Blockbook shapes
    def status(self) -> dict[str, Any]:
        best = self.blocks[-1]
        return {"blockbook": {"coin": self.p["coin"], "network": self.p["shortcut"], "host": "127.0.0.1", "version": "0.5.0",
                              "gitCommit": "local", "buildTime": "", "syncMode": True, "initialSync": False, "inSync": self.behind is None,
                              "bestHeight": self.height, "lastBlockTime": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(best["time"])),
                              "inSyncMempool": self.behind is None, "lastMempoolTime": "", "mempoolSize": len(self.mempool), "decimals": 8,
                              "dbSize": 0, "about": "Blockbook - blockchain indexer for Trezor Suite https://trezor.io/trezor-suite. "
                                                    "Do not use for any other purpose."},
                "backend": {"chain": "main", "blocks": self.height, "headers": self.height + (self.behind or 0), "bestBlockHash": best["hash"],
                            "difficulty": "1", "sizeOnDisk": 0, "version": "280100", "subversion": self.p["subversion"],
                            "protocolVersion": "70016"}}

    def block(self, ref: str) -> dict[str, Any] | None:
        b = None
        if ref.isdigit():
            h = int(ref)
            b = self.blocks[h] if h < len(self.blocks) else None
        else:
            b = next((x for x in self.blocks if x["hash"] == ref.lower()), None)
        if b is None:
            return None
        h = b["height"]
        return {"page": 1, "totalPages": 1, "itemsOnPage": 1000, "hash": b["hash"],
                "previousBlockHash": self.blocks[h - 1]["hash"] if h > 0 else None,
                "nextBlockHash": self.blocks[h + 1]["hash"] if h + 1 < len(self.blocks) else None,
                "height": h, "confirmations": self.height - h + 1, "size": 285, "time": b["time"], "version": 536870912,
                "merkleRoot": "00" * 32, "nonce": "0", "bits": "1d00ffff", "difficulty": "1", "txCount": len(b["txs"]),
                "txs": [self.tx(t) for t in b["txs"]]}

    def confirmations(self, tx: dict[str, Any]) -> int:
        return 0 if tx["height"] is None else self.height - tx["height"] + 1

    def tx(self, txid: str) -> dict[str, Any] | None:
        t = self.txs.get(txid)
        if t is None:
            return None
        vin = []
        for n, (v, info) in enumerate(zip(t["vin"], t["vin_info"])):
            if info is None:
                vin.append({"n": n, "sequence": v["sequence"], "coinbase": v["script"].hex(), "isAddress": False, "value": "0"})
                continue
            e = {"txid": v["txid"], "vout": v["vout"], "sequence": v["sequence"], "n": n, "isAddress": bool(info["address"]),
                 "value": coin(info["value"])}
            if info["address"]:
                e["addresses"] = [info["address"]]
            if v["script"]:
                e["hex"] = v["script"].hex()
            vin.append(e)
        vout = []
        for n, o in enumerate(t["vout"]):
            a = spk_to_address(self.p, o["spk"])
            e = {"value": coin(o["value"]), "n": n, "hex": o["spk"].hex(), "isAddress": a is not None,
                 "addresses": [a] if a else ["OP_RETURN " + o["spk"][2:].hex()] if o["spk"][:1] == b"\x6a" else []}
            if (txid, n) in self.spent:
                e["spent"] = True
            vout.append(e)
        value_out = sum(o["value"] for o in t["vout"])
        value_in = sum(i["value"] for i in t["vin_info"] if i)
        coinbase = t["vin_info"] == [None]
        return {"txid": txid, "version": t["version"], "vin": vin, "vout": vout,
                "blockHash": t["blockHash"], "blockHeight": t["height"] if t["height"] is not None else -1,
                "confirmations": self.confirmations(t), "blockTime": t["blockTime"], "size": t["size"], "vsize": t["vsize"],
                "value": coin(value_out), "valueIn": coin(0 if coinbase else value_in),
                "fees": coin(0 if coinbase else value_in - value_out), "hex": t["hex"]}

    def address(self, addr: str, q: dict[str, list[str]]) -> dict[str, Any]:
        received = sent = u_received = u_sent = 0
        txids = self.by_addr.get(addr, [])
        confirmed_n = 0
        for txid in txids:
            t = self.txs[txid]
            r = sum(o["value"] for o in t["vout"] if spk_to_address(self.p, o["spk"]) == addr)
            s = sum(i["value"] for i in t["vin_info"] if i and i["address"] == addr)
            if t["height"] is None:
                u_received, u_sent = u_received + r, u_sent + s
            else:
                received, sent, confirmed_n = received + r, sent + s, confirmed_n + 1
        ordered = sorted(txids, key=lambda x: (self.txs[x]["height"] is not None, -(self.txs[x]["height"] or 0),
                                               -self.order.index(x)))
        out: dict[str, Any] = {"page": 1, "totalPages": 1, "itemsOnPage": 1000, "address": addr,
                               "balance": coin(received - sent), "totalReceived": coin(received), "totalSent": coin(sent),
                               "unconfirmedBalance": str(u_received - u_sent), "unconfirmedTxs": len(txids) - confirmed_n,
                               "txs": confirmed_n}
        details = (q.get("details") or ["txids"])[0]
        if details in ("txids",) and ordered:
            out["txids"] = ordered
        elif details in ("txs", "txslight") and ordered:
            out["transactions"] = [self.tx(t) for t in ordered]
        return out

    def utxo(self, addr: str, q: dict[str, list[str]]) -> list[dict[str, Any]]:
        only_confirmed = (q.get("confirmed") or ["false"])[0] == "true"
        rows = []
        for (txid, n), u in self.utxos.items():
            if u["address"] != addr or (only_confirmed and u["height"] is None):
                continue
            e: dict[str, Any] = {"txid": txid, "vout": n, "value": coin(u["value"])}
            if u["height"] is not None:
                e["height"] = u["height"]
            e["confirmations"] = 0 if u["height"] is None else self.height - u["height"] + 1
            if u["coinbase"]:
                e["coinbase"] = True
            rows.append(e)
        rows.sort(key=lambda e: (e["confirmations"] > 0, -e.get("height", 0)))
        return rows

    def estimatefee(self, blocks: int) -> dict[str, str]:
        base = Decimal(self.p["fee"])
        factor = Decimal("2") if blocks <= 1 else Decimal("1.5") if blocks == 2 else Decimal("1") if blocks <= 3 \
            else Decimal("0.8") if blocks <= 6 else Decimal("0.5")
        v = (base * factor).quantize(Decimal("0.00000001"))
        return {"result": format(v.normalize(), "f")}


class Blockbook(ChainServer):
    def __init__(self, port: int = 0, chain: str = "bitcoin") -> None:
        super().__init__(port)
        if chain not in CHAINS:
            raise ValueError(f"unknown chain {chain}")
        self.default = chain
        self.chains = {name: Chain(name) for name in CHAINS}

    def scope_of(self, path: str) -> str:
        return self._route(path)[0].name      # /api/... is the default chain's

    def control_scope(self, body: dict[str, Any]) -> str | None:
        name = body.get("chain", body.get("scope"))
        if name is not None and name not in self.chains:
            raise ControlError(f"unknown chain {name}")
        return name

    def _route(self, path: str) -> tuple[Chain, str, dict[str, list[str]]] | None:
        parts = urlsplit(path)
        p, q = parts.path, parse_qs(parts.query)
        seg = p.strip("/").split("/", 1)
        chain = self.default
        if seg and seg[0] in self.chains:
            chain = seg[0]
            p = "/" + (seg[1] if len(seg) > 1 else "")
        return self.chains[chain], p, q

    def rpc_method(self, path: str, body: bytes) -> str | None:
        r = self._route(path)
        if r is None:
            return None
        p = r[1]
        m = re.match(r"^/api/v2/([a-z]+)", p)
        if m:
            return m.group(1)
        return "status" if p.rstrip("/") in ("/api", "/api/v2", "") else None

    def app(self, method: str, path: str, body: bytes, headers: Any) -> tuple[int, str, bytes]:
        chain, p, q = self._route(path)  # type: ignore[misc]
        p = p.rstrip("/") or "/"

        def ok(v: Any) -> tuple[int, str, bytes]:
            return 200, "application/json", json.dumps(v).encode()

        def bad(msg: str, status: int = 400) -> tuple[int, str, bytes]:
            return status, "application/json", json.dumps({"error": msg}).encode()

        if p in ("/api", "/api/v2", "/"):
            return ok(chain.status())
        m = re.fullmatch(r"/api/v2/(\w+)(?:/(.*))?", p)
        if not m:
            return bad("Not found", 404)
        ep, arg = m.group(1), m.group(2) or ""
        if ep == "sendtx":
            if method == "POST":
                data = body.decode("ascii", "replace")
            else:
                data = arg
            if not data:
                return bad("Missing tx blob")
            try:
                return ok({"result": chain.send(data)})
            except ValueError as e:
                return bad(str(e))
        if method != "GET":
            return bad("Method not allowed", 405)
        if ep == "block":
            b = chain.block(arg)
            return ok(b) if b else bad("Block not found")
        if ep == "tx":
            t = chain.tx(arg.lower()) if re.fullmatch(r"[0-9a-fA-F]{64}", arg) else None
            return ok(t) if t else bad(f"Transaction '{arg}' not found")
        if ep in ("address", "utxo"):
            if address_to_spk(chain.p, arg) is None:
                return bad(f"Invalid address, {chain.p['coin']} address decoding failed")
            return ok(chain.address(arg, q) if ep == "address" else chain.utxo(arg, q))
        if ep == "estimatefee":
            if not arg.isdigit() or not 0 < int(arg) <= 1008:
                return bad("Parameter 'number of blocks' is not a number")
            return ok(chain.estimatefee(int(arg)))
        return bad("Not found", 404)

    def _chain(self, body: dict[str, Any]) -> Chain:
        name = body.get("chain", self.default)
        if name not in self.chains:
            raise ControlError(f"unknown chain {name}")
        return self.chains[name]

    def control(self, name: str, body: dict[str, Any]) -> Any:
        if name == "info":
            return {n: {"height": c.height, "genesis": c.p["genesis"], "mempool": len(c.mempool)} for n, c in self.chains.items()}
        c = self._chain(body)
        if name == "fund":
            txid = c.fund(str(body["address"]), int(body["value"]), bool(body.get("confirmed", True)))
            return {"txid": txid, "vout": 0, "height": c.height}
        if name == "mine":
            n = int(body.get("blocks", 1))
            if not 0 < n <= 1000:
                raise ControlError("blocks must be 1..1000")
            c.mine(n)
            return {"height": c.height}
        if name == "estimatefee":
            rate = Decimal(str(body["rate"]))
            if rate < 0:
                raise ControlError("rate must be non-negative")
            c.p["fee"] = str(rate)
            return {"fee": c.p["fee"]}
        if name == "syncing":
            c.behind = int(body.get("behind", 10)) if body.get("on", True) else None
            return {"behind": c.behind}
        if name == "minrelayfee":
            c.p["minrelay"] = int(body["sat_per_vbyte"])
            return {"minrelay": c.p["minrelay"]}
        raise ControlError(f"unknown control endpoint {name}")


def make(args: Any) -> Blockbook:
    return Blockbook(args.port, args.chain)


if __name__ == "__main__":
    main(make, lambda ap: ap.add_argument("--chain", default="bitcoin", choices=sorted(CHAINS)))
