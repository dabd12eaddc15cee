"""Writes Tests/BlockchainTests/Vectors/signing/bitcoin.json: byte-for-byte vectors for the Bitcoin-family signer.

Run in the utxo environment (tests/oracles/venvs/requirements-utxo.txt):
    .venvs/utxo/bin/python tests/signing/bitcoin/make_vectors.py

Where each expected byte comes from (no byte from the signer under test):
- Bitcoin / Litecoin P2WPKH, Bitcoin P2PKH, Dogecoin P2PKH: bitcoin-utils 0.8.8 builds the transaction and its
  BIP-143 / legacy SIGHASH_ALL digest and serializes it; python-ecdsa 0.19.2 signs (RFC 6979, canonical low S);
- Bitcoin P2TR key path: bitcoin-utils 0.8.8 builds, computes the BIP-341 digest and signs (its own BIP-340 code,
  32 zero bytes of auxiliary randomness);
- Bitcoin Cash: bitcash 1.2.1 `create_p2pkh_transaction` (SIGHASH_ALL|FORKID, coincurve), with its version
  constant set to 2, the version this signer writes;
- Zcash v5: the ZIP-244 digest of shared/reference/oracles.md (checked below against every transparent
  SIGHASH_ALL digest and txid of the published zip_0244.json) and python-ecdsa;
- BIP-137: python-ecdsa recoverable signature over the BIP-137 digest, checked with bitcoin-utils'
  verify_message for P2PKH; plus Bitcoin Core's published message_sign vector (src/test/util_tests.cpp);
- coin selection: written again in utxo_lib.select from BitcoinCoinSelection's documented rule.
Published vectors: published/bip143_native_p2wpkh.json, bip341_wallet_test_vectors.json and zip_0244.json
(SOURCES.md) become the `bip143`, `bip341` and `zip244` sections, which the Swift tests check the sighash
functions (and, for BIP-143, the signatures and serialization) against.
"""
import io
import json
import struct
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")

import bitcash.transaction as bitcash_tx  # noqa: E402
from bitcash import PrivateKey as BchKey  # noqa: E402
from bitcash.network.meta import Unspent  # noqa: E402
from bitcoinutils.keys import PrivateKey, PublicKey  # noqa: E402
from bitcoinutils.script import Script  # noqa: E402
from bitcoinutils.setup import setup  # noqa: E402
from bitcoinutils.transactions import Transaction, TxInput, TxOutput, TxWitnessInput  # noqa: E402

from utxo_lib import (P2PKH, P2SH, P2TR, P2WPKH, P2WSH, address, bip137_digest, cs, dsha, ecdsa_der,  # noqa: E402
                      ecdsa_recoverable, hash160, parse_v5, pubkey, select, sha256, taproot_output_key, tex_address,
                      zcash_sighash_all, zcash_txid, zcash_v5)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
OUT = ROOT / "Tests/BlockchainTests/Vectors/signing/bitcoin.json"
setup("mainnet")
SEQ = b"\xff\xff\xff\xff"
NU5, NU6, NU6_1 = 0xC2D6D0B4, 0xC8E71055, 0x4DEC4DF0

KEYS = [bytes.fromhex("11" * 32), sha256(b"gem utxo key 2"), sha256(b"gem utxo key 3")]
OTHER = [hash160(pubkey(sha256(b"other %d" % i))) for i in range(4)]


def sender_script(kind, priv):
    pub = pubkey(priv)
    return {"p2pkh": P2PKH, "p2wpkh": P2WPKH}[kind](hash160(pub)) if kind != "p2tr" else P2TR(taproot_output_key(pub))


def build(chain, kind, priv, inputs, outputs, branch=None, expiry=None):
    """inputs: [(txid, vout, value)], outputs: [(value, script)] -> (raw bytes, txid display hex)."""
    pub = pubkey(priv)
    spk = sender_script(kind, priv)
    if chain == "zcash":
        unsigned = parse_v5(zcash_v5(branch, expiry, [(t, v, b"") for t, v, _ in inputs], outputs))
        sigs = []
        for i in range(len(inputs)):
            digest = zcash_sighash_all(unsigned, i, [v for _, _, v in inputs], [spk] * len(inputs))
            sig = ecdsa_der(priv, digest) + b"\x01"
            sigs.append(cs(len(sig)) + sig + cs(len(pub)) + pub)
        raw = zcash_v5(branch, expiry, [(t, v, s) for (t, v, _), s in zip(inputs, sigs)], outputs)
        return raw, zcash_txid(parse_v5(raw))[::-1].hex()
    if chain == "bitcoincash":
        bitcash_tx.VERSION_1 = (2).to_bytes(4, "little")
        key = BchKey.from_hex(priv.hex())
        unspents = [Unspent(v, 1, spk.hex(), t, n) for t, n, v in inputs]
        raw = bytes.fromhex(bitcash_tx.create_p2pkh_transaction(key, unspents, [(s, v, None) for v, s in outputs]))
        return raw, dsha(raw)[::-1].hex()
    ins = [TxInput(t, n, sequence=SEQ) for t, n, _ in inputs]
    tx = Transaction(ins, [TxOutput(v, Script.from_raw(s.hex())) for v, s in outputs], has_segwit=kind != "p2pkh")
    if kind == "p2pkh":
        for i in range(len(ins)):
            digest = tx.get_transaction_digest(i, Script.from_raw(spk.hex()))
            ins[i].script_sig = Script([(ecdsa_der(priv, digest) + b"\x01").hex(), pub.hex()])
    elif kind == "p2wpkh":
        for i, (_, _, value) in enumerate(inputs):
            digest = tx.get_transaction_segwit_digest(i, Script.from_raw(P2PKH(hash160(pub)).hex()), value)
            tx.witnesses.append(TxWitnessInput([(ecdsa_der(priv, digest) + b"\x01").hex(), pub.hex()]))
    else:
        key = PrivateKey(secret_exponent=int.from_bytes(priv, "big"))
        scripts = [Script.from_raw(spk.hex())] * len(inputs)
        for i in range(len(inputs)):
            tx.witnesses.append(TxWitnessInput([key.sign_taproot_input(tx, i, scripts, [v for _, _, v in inputs])]))
    return bytes.fromhex(tx.serialize()), tx.get_txid()


def utxo_set(seed, values):
    return [(sha256(b"%s %d" % (seed.encode(), i)).hex(), i % 3, v) for i, v in enumerate(values)]


def transfer(name, chain, kind, key, utxos, amount, rate, dest, change=None, branch=None, expiry=None):
    priv = KEYS[key]
    spk = sender_script(kind, priv)
    change_script = change if change is not None else spk
    chosen, sent, rest, fee = select(chain, kind, utxos, amount, rate, dest, change_script)
    outputs = [(sent, dest)] + ([(rest, change_script)] if rest is not None else [])
    raw, txid = build(chain, kind, priv, chosen, outputs, branch, expiry)
    vector = {
        "name": name, "chain": chain, "private_key": priv.hex(), "sender_address": address(chain, spk),
        "destination_address": dest_address(chain, dest), "amount": str(amount),
        "change_address": address(chain, change) if change is not None else None, "fee_rate": str(rate),
        "utxos": [{"txid": t, "vout": n, "value": str(v)} for t, n, v in utxos],
        "expected": {"raw": raw.hex(), "hash": txid, "amount": str(sent), "change": None if rest is None else str(rest),
                     "fee": str(fee), "inputs": ["%s:%d" % (t, n) for t, n, _ in chosen]},
    }
    if chain == "zcash":
        vector["consensus_branch_id"], vector["expiry_height"] = branch, expiry
    return vector


TEX = {}


def dest_address(chain, script):
    return TEX.get(script) or address(chain, script)


def transfers():
    v = []
    btc, ltc = "bitcoin", "litecoin"
    # Bitcoin P2WPKH
    v.append(transfer("btc p2wpkh one input with change", btc, "p2wpkh", 0, utxo_set("a", [100_000]), 40_000, 5, P2WPKH(OTHER[0])))
    v.append(transfer("btc p2wpkh two of three inputs", btc, "p2wpkh", 1, utxo_set("b", [30_000, 50_000, 20_000]), 70_000, 12, P2TR(bytes(range(32)))))
    v.append(transfer("btc p2wpkh change is dust, goes to fee", btc, "p2wpkh", 0, utxo_set("c", [50_000]), 48_500, 10, P2PKH(OTHER[1])))
    v.append(transfer("btc p2wpkh max to p2sh", btc, "p2wpkh", 2, utxo_set("d", [12_345, 67_890, 1_000]), "max", 3, P2SH(OTHER[2])))
    v.append(transfer("btc p2wpkh change to another address", btc, "p2wpkh", 1, utxo_set("e", [250_000, 250_000]), 300_000, 25, P2WSH(sha256(b"w")), change=P2WPKH(OTHER[3])))
    # Bitcoin P2TR key path
    v.append(transfer("btc p2tr one input with change", btc, "p2tr", 0, utxo_set("f", [100_000]), 40_000, 5, P2WPKH(OTHER[0])))
    v.append(transfer("btc p2tr three inputs", btc, "p2tr", 1, utxo_set("g", [30_000, 30_000, 30_000]), 85_000, 2, P2TR(bytes(32 * [7]))))
    v.append(transfer("btc p2tr change is dust", btc, "p2tr", 2, utxo_set("h", [10_000]), 9_000, 4, P2PKH(OTHER[1])))
    v.append(transfer("btc p2tr max", btc, "p2tr", 0, utxo_set("i", [5_000, 6_000, 7_000, 8_000]), "max", 1, P2WPKH(OTHER[2])))
    v.append(transfer("btc p2tr change to p2wpkh", btc, "p2tr", 1, utxo_set("j", [1_000_000]), 123_456, 40, P2SH(OTHER[3]), change=P2WPKH(OTHER[0])))
    # Bitcoin P2PKH (legacy)
    v.append(transfer("btc p2pkh legacy", btc, "p2pkh", 0, utxo_set("k", [80_000, 40_000]), 90_000, 6, P2WPKH(OTHER[1])))
    # Litecoin P2WPKH
    v.append(transfer("ltc p2wpkh one input", ltc, "p2wpkh", 0, utxo_set("l", [1_000_000]), 250_000, 2, P2WPKH(OTHER[0])))
    v.append(transfer("ltc p2wpkh two inputs", ltc, "p2wpkh", 1, utxo_set("m", [400_000, 300_000, 200_000]), 600_000, 10, P2PKH(OTHER[1])))
    v.append(transfer("ltc p2wpkh change below litecoin dust", ltc, "p2wpkh", 2, utxo_set("n", [100_000]), 96_000, 5, P2WPKH(OTHER[2])))
    v.append(transfer("ltc p2wpkh max to p2sh", ltc, "p2wpkh", 0, utxo_set("o", [70_000, 80_000]), "max", 8, P2SH(OTHER[3])))
    v.append(transfer("ltc p2wpkh change elsewhere", ltc, "p2wpkh", 1, utxo_set("p", [5_000_000]), 1_000_000, 1, P2WPKH(OTHER[0]), change=P2PKH(OTHER[2])))
    # Dogecoin P2PKH (koinu per byte)
    doge = "doge"
    v.append(transfer("doge one input", doge, "p2pkh", 0, utxo_set("q", [500_000_000]), 100_000_000, 1_000, P2PKH(OTHER[0])))
    v.append(transfer("doge three inputs", doge, "p2pkh", 1, utxo_set("r", [200_000_000, 150_000_000, 100_000_000]), 400_000_000, 1_000, P2SH(OTHER[1])))
    v.append(transfer("doge change below 0.01 doge", doge, "p2pkh", 2, utxo_set("s", [300_000_000]), 299_300_000, 2_000, P2PKH(OTHER[2])))
    v.append(transfer("doge max", doge, "p2pkh", 0, utxo_set("t", [10_000_000, 20_000_000]), "max", 1_000, P2PKH(OTHER[3])))
    v.append(transfer("doge change elsewhere", doge, "p2pkh", 1, utxo_set("u", [1_000_000_000]), 10_000_000, 500, P2PKH(OTHER[0]), change=P2PKH(OTHER[3])))
    # Bitcoin Cash P2PKH, SIGHASH_FORKID
    bch = "bitcoincash"
    v.append(transfer("bch one input", bch, "p2pkh", 0, utxo_set("v", [100_000]), 40_000, 1, P2PKH(OTHER[0])))
    v.append(transfer("bch two inputs to p2sh", bch, "p2pkh", 1, utxo_set("w", [30_000, 50_000, 20_000]), 70_000, 2, P2SH(OTHER[1])))
    v.append(transfer("bch change is dust", bch, "p2pkh", 2, utxo_set("x", [50_000]), 49_300, 1, P2PKH(OTHER[2])))
    v.append(transfer("bch max", bch, "p2pkh", 0, utxo_set("y", [10_000, 20_000, 30_000]), "max", 1, P2PKH(OTHER[3])))
    v.append(transfer("bch change elsewhere", bch, "p2pkh", 1, utxo_set("z", [1_000_000]), 500_000, 3, P2PKH(OTHER[0]), change=P2PKH(OTHER[2])))
    # Zcash transparent v5 (ZIP-317 marginal fee per logical action)
    zec = "zcash"
    v.append(transfer("zec one input nu6", zec, "p2pkh", 0, utxo_set("za", [1_000_000]), 250_000, 5_000, P2PKH(OTHER[0]), branch=NU6, expiry=3_000_000))
    v.append(transfer("zec three inputs nu5", zec, "p2pkh", 1, utxo_set("zb", [300_000, 200_000, 100_000]), 450_000, 5_000, P2SH(OTHER[1]), branch=NU5, expiry=2_800_000))
    v.append(transfer("zec change is dust", zec, "p2pkh", 2, utxo_set("zc", [100_000]), 89_980, 5_000, P2PKH(OTHER[2]), branch=NU6, expiry=0))
    v.append(transfer("zec max", zec, "p2pkh", 0, utxo_set("zd", [40_000, 60_000, 80_000]), "max", 5_000, P2PKH(OTHER[3]), branch=NU6, expiry=3_100_000))
    v.append(transfer("zec two inputs nu6.1", zec, "p2pkh", 2, utxo_set("zf", [150_000, 150_000]), 200_000, 5_000, P2PKH(OTHER[1]), branch=NU6_1, expiry=3_400_000))
    tex_script = P2PKH(OTHER[2])
    TEX[tex_script] = tex_address(OTHER[2])
    v.append(transfer("zec to a tex address, change elsewhere", zec, "p2pkh", 1, utxo_set("ze", [2_000_000]), 700_000, 10_000, tex_script, change=P2PKH(OTHER[0]), branch=NU6, expiry=3_000_100))
    TEX.clear()
    return v


def messages():
    out = []
    cases = [(0, "p2pkh", "Hello, World!"), (1, "p2pkh", ""), (2, "p2wpkh", "gem wallet"), (0, "p2wpkh", "é ünïcode ✓"),
             (1, "p2sh-p2wpkh", "x" * 300), (2, "p2pkh", "Sign in to example.com\nnonce: 42")]
    for key, kind, text in cases:
        priv = KEYS[key]
        pub = pubkey(priv)
        h = hash160(pub)
        script = {"p2pkh": P2PKH(h), "p2wpkh": P2WPKH(h), "p2sh-p2wpkh": P2SH(hash160(P2WPKH(h)))}[kind]
        recid, rs = ecdsa_recoverable(priv, bip137_digest(text.encode()))
        header = {"p2pkh": 31, "p2sh-p2wpkh": 35, "p2wpkh": 39}[kind] + recid
        import base64
        encoded = base64.b64encode(bytes([header]) + rs).decode()
        if kind == "p2pkh":
            assert PublicKey.verify_message(address("bitcoin", script), encoded, text)
        out.append({"name": f"bip137 {kind} {len(text)} bytes", "chain": "bitcoin", "private_key": priv.hex(),
                    "address": address("bitcoin", script), "message": text, "encoded": encoded})
    # Published: Bitcoin Core src/test/util_tests.cpp, test case message_sign (MessageSign, compressed P2PKH).
    out.append({"name": "bitcoin core util_tests message_sign", "chain": "bitcoin",
                "private_key": "d97f5108f11cda6eeebaaa420fef0726b1f898060b98489fa3098463c0032866",
                "address": "15CRxFdyRpGZLW9w8HnHvVduizdL5jKNbs", "message": "Trust no one",
                "encoded": "IPojfrX2dfPnH26UegfbGQQLrdK844DlHq5157/P6h57WyuS/Qsl+h/WSVGDF4MUi4rWSswW38oimDYfNNUBUOk=",
                "source": "bitcoin/bitcoin src/test/util_tests.cpp BOOST_AUTO_TEST_CASE(message_sign)"})
    for m in out:
        assert PublicKey.verify_message(m["address"], m["encoded"], m["message"]) or m["address"][0] != "1"
    return out


def read_cs(r):
    n = r.read(1)[0]
    return n if n < 253 else int.from_bytes(r.read({253: 2, 254: 4, 255: 8}[n]), "little")


def unsigned_tx(raw_hex):
    """Parsed here by hand: bitcoin-utils re-encodes a non-standard output script (BIP-341's second output)."""
    r = io.BytesIO(bytes.fromhex(raw_hex))
    version = struct.unpack("<I", r.read(4))[0]
    inputs = []
    for _ in range(read_cs(r)):
        txid, vout = r.read(32)[::-1].hex(), struct.unpack("<I", r.read(4))[0]
        r.read(read_cs(r))
        inputs.append({"txid": txid, "vout": vout, "sequence": struct.unpack("<I", r.read(4))[0]})
    outputs = []
    for _ in range(read_cs(r)):
        value = struct.unpack("<q", r.read(8))[0]
        outputs.append({"value": str(value), "script": r.read(read_cs(r)).hex()})
    lock_time = struct.unpack("<I", r.read(4))[0]
    assert r.read() == b""
    return {"version": version, "lock_time": lock_time, "inputs": inputs, "outputs": outputs}


def bip143():
    """BIP-143's native P2WPKH example: a P2PK input (legacy digest) and a P2WPKH input, with both signatures."""
    d = json.loads((HERE / "published/bip143_native_p2wpkh.json").read_text())
    spent = [d["p2pk_input"], d["p2wpkh_input"]]
    tx = dict(unsigned_tx(d["unsigned_tx"]), spent=[{"value": str(i["value"]), "script": i["script_pubkey"]} for i in spent])
    assert ecdsa_der(bytes.fromhex(d["p2wpkh_input"]["private_key"]), bytes.fromhex(d["sighash"])).hex() + "01" == d["signature"]
    return {"tx": tx, "p2pk_private_key": d["p2pk_input"]["private_key"], "p2wpkh_private_key": d["p2wpkh_input"]["private_key"],
            "script_code": d["script_code"][2:], "sighash": d["sighash"], "signature": d["signature"], "signed_tx": d["signed_tx"]}


def bip341():
    """The key-path inputs of the published vectors whose hash type this signer makes (0x00, 0x01)."""
    data = json.loads((HERE / "published/bip341_wallet_test_vectors.json").read_text())
    out = []
    for case in data["keyPathSpending"]:
        spent = case["given"]["utxosSpent"]
        body = dict(unsigned_tx(case["given"]["rawUnsignedTx"]),
                    spent=[{"value": str(s["amountSats"]), "script": s["scriptPubKey"]} for s in spent])
        for spend in case["inputSpending"]:
            g = spend["given"]
            if g["hashType"] not in (0, 1):
                continue
            out.append({"tx": body, "index": g["txinIndex"], "hash_type": g["hashType"], "internal_private_key": g["internalPrivkey"],
                        "merkle_root": g["merkleRoot"], "tweaked_private_key": spend["intermediary"]["tweakedPrivkey"],
                        "sighash": spend["intermediary"]["sigHash"], "witness": spend["expected"]["witness"][0]})
    return out


def zip244():
    """Every published ZIP-244 vector: the txid, and the transparent SIGHASH_ALL digest where there is one."""
    data = json.loads((HERE / "published/zip_0244.json").read_text())
    names = data[1][0].split(", ")
    out = []
    for row in data[2:]:
        v = dict(zip(names, row))
        t = parse_v5(bytes.fromhex(v["tx"]))
        spks = [bytes.fromhex(s) for s in v["script_pubkeys"]]
        assert zcash_txid(t).hex() == v["txid"]
        if v["transparent_input"] is not None:
            assert zcash_sighash_all(t, v["transparent_input"], v["amounts"], spks).hex() == v["sighash_all"]
        header = t["header"]
        _, _, branch, lock, expiry = struct.unpack("<IIIII", header)
        out.append({
            "consensus_branch_id": branch, "lock_time": lock, "expiry_height": expiry,
            "inputs": [{"prevout": p.hex(), "script_sig": s.hex(), "sequence": int.from_bytes(q, "little")} for p, s, q in t["vin"]],
            "outputs": [{"value": str(int.from_bytes(o[:8], "little")), "script": o[8 + len(cs(len(o) - 9)):].hex()} for o in t["vout"]],
            "sapling_digest": t["sapling"].hex(), "orchard_digest": t["orchard"].hex(),
            "amounts": [str(a) for a in v["amounts"]], "script_pubkeys": v["script_pubkeys"],
            "transparent_input": v["transparent_input"], "txid": v["txid"], "sighash_all": v["sighash_all"]})
    return out


def main():
    doc = {
        "source": "tests/signing/bitcoin/make_vectors.py: bitcoin-utils 0.8.8 (transactions, digests, BIP-340), "
                  "python-ecdsa 0.19.2 (RFC 6979 low-S ECDSA), bitcash 1.2.1 (Bitcoin Cash), the ZIP-244 digest of "
                  "shared/reference/oracles.md checked against zcash/zcash-test-vectors zip_0244.json; bip341 from "
                  "bitcoin/bips bip-0341/wallet-test-vectors.json, zip244 from zip_0244.json (tests/signing/bitcoin/published/SOURCES.md)",
        "transfers": transfers(),
        "messages": messages(),
        "bip143": bip143(),
        "bip341": bip341(),
        "zip244": zip244(),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    print(f"{OUT.relative_to(ROOT)}: {len(doc['transfers'])} transfers, {len(doc['messages'])} messages, bip143, "
          f"{len(doc['bip341'])} bip341, {len(doc['zip244'])} zip244")


if __name__ == "__main__":
    main()
