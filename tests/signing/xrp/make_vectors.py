"""Writes Tests/BlockchainTests/Vectors/signing/xrp.json: XRP Ledger Payments (XRP and issued currencies,
destination tags, memos) whose expected blobs come from xrpl-py 5.2.0 (PyPI), run in the multi environment:

    .venvs/multi/bin/python tests/signing/xrp/make_vectors.py

xrpl-py's models build each Payment, `xrpl.transaction.sign` serializes it with its binary codec and signs it
(secp256k1, RFC 6979, canonical low-S DER over SHA-512Half of "STX\\0" || fields), and the expected hash is its
`get_hash()` (SHA-512Half of "TXN\\0" || blob).
"""
import json
from pathlib import Path

from xrpl.core.keypairs import derive_classic_address
from xrpl.models.amounts import IssuedCurrencyAmount
from xrpl.models.transactions import Memo, Payment
from xrpl.transaction import sign
from xrpl.wallet import Wallet
from coincurve import PrivateKey

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests/BlockchainTests/Vectors/signing/xrp.json"


def wallet(private_key: str) -> Wallet:
    pub = PrivateKey(bytes.fromhex(private_key)).public_key.format().hex().upper()
    return Wallet(pub, "00" + private_key.upper())


def build(v: dict):
    w = wallet(v["private_key"])
    if "currency" in v:
        amount = IssuedCurrencyAmount(currency=v["currency"], issuer=v["issuer"], value=v["value"])
    else:
        amount = v["amount"]
    memos = [Memo(memo_type=m.get("type"), memo_data=m.get("data"), memo_format=m.get("format"))
             for m in v.get("memos", [])] or None
    payment = Payment(account=w.address, destination=v["destination"], amount=amount, fee=v["fee"],
                      sequence=int(v["sequence"]), last_ledger_sequence=int(v["last_ledger_sequence"]),
                      destination_tag=int(v["destination_tag"]) if "destination_tag" in v else None,
                      memos=memos, flags=int(v.get("flags", "0")))
    signed = sign(payment, w)
    return signed.blob(), signed.get_hash()


K1 = "a5576c0f63da10e584568c8d134569ff44017b0a249eb70657127ae04f38cc77"
K2 = "574e99f7946cfa2a6ca9368ca72fd37e42583cddb9ecc746aa4cb194ef4b2480"
K3 = "66" * 32
# Published: Trust Wallet Core tests/chains/XRP/TWAnySignerTests.cpp @62ef27c5 (lines 17-33 and 134-152), as
# Gem core's gem_xrp signer tests carry them (LastLedgerSequence = ledger index + 12).
WALLET_CORE_XRP = ("12000022000000002401EC5FD8201B01EC5FED61400000000000000A68400000000000000A732103D13E1152965A51A4A9FD9A8B4EA3DD82A4EBA6B25FCAD5F460A2342BB650333F74463044022037D32835C9394F39B2CFD4EAF5B0A80E0DB397ACE06630FA2B099FF73E425DBC02205288F780330B7A88A1980FA83C647B5908502AD7DE9A44500C08F0750B0D9E8481144C55F5A78067206507580BE7BB2686C8460ADFF983148132E4E20AECF29090AC428A9C43F230A829220D")
WALLET_CORE_RLUSD = ("12000022000000002405955DC7201B0B2ABBBE61D4838D7EA4C68000524C555344000000000000000000000000000000E5E961C6A025C9404AA7B662DD1DF975BE75D13E68400000000000000C7321039C77E9329017CED5F8673EBAFCD29687A1FFF181140C030062FA77865688FC5D744630440220552E90F417C2CABE39368BB45CF7495BA6EBE395F259A6509C9F3A7296E76A0D02201B37DAE0C4C77FA70A451CD4A61C10575C8B052C282C082A32C229E7624A05E381140265C09D122FAB2A261A80EE59F1F4CD8FBA8CF88314EF20A3D93B00CC729EEC11A3058D3D1FEB4465E0")
RLUSD_ISSUER = "rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De"
RLUSD = "524C555344000000000000000000000000000000"
PAYMENTS = [
    {"name": "xrp payment", "private_key": K1, "destination": "rU893viamSnsfP3zjzM2KPxjqZjXSXK6VF",
     "amount": "10", "fee": "10", "sequence": "32268248", "last_ledger_sequence": "32268269", "balance": "20",
     "published": WALLET_CORE_XRP},
    {"name": "xrp with destination tag", "private_key": K3, "destination": "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
     "amount": "25000000", "destination_tag": "4294967295", "fee": "12", "sequence": "1",
     "last_ledger_sequence": "90000000", "balance": "100000000"},
    {"name": "xrp with memo and tfFullyCanonicalSig", "private_key": K2, "destination": "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
     "amount": "1", "memos": [{"type": "746578742f706c61696e", "data": "48656c6c6f2c2058524c21", "format": "746578742f706c61696e"}],
     "destination_tag": "7", "flags": str(0x80000000), "fee": "15", "sequence": "93674951",
     "last_ledger_sequence": "93674963", "balance": "16"},
    {"name": "xrp all of it (10^17 drops)", "private_key": K3, "destination": "rU893viamSnsfP3zjzM2KPxjqZjXSXK6VF",
     "amount": str(10 ** 17 - 12), "fee": "12", "sequence": "4294967295", "last_ledger_sequence": "4294967295",
     "balance": str(10 ** 17)},
    {"name": "RLUSD (160-bit code)", "private_key": K2, "destination": "r4oPb529jpRA1tVTDARmBuZPYB2CJjKFac",
     "currency": RLUSD, "issuer": RLUSD_ISSUER, "value": "1", "fee": "12", "sequence": "93674951",
     "last_ledger_sequence": "187349950", "balance": "12", "token_balance": "1", "published": WALLET_CORE_RLUSD},
    {"name": "USD 3-letter code, fraction and tag", "private_key": K1, "destination": "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
     "currency": "USD", "issuer": "rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B", "value": "1234.56789", "destination_tag": "99",
     "fee": "12", "sequence": "5", "last_ledger_sequence": "100", "balance": "1000", "token_balance": "5000"},
    {"name": "tiny IOU value (1e-80)", "private_key": K3, "destination": "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
     "currency": "EUR", "issuer": "rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B", "value": "1e-80", "fee": "10",
     "sequence": "9", "last_ledger_sequence": "12", "balance": "10", "token_balance": "0.5"},
    {"name": "large IOU value, 16 digits", "private_key": K1, "destination": "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
     "currency": "BTC", "issuer": "rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B", "value": "9999999999999999e64",
     "memos": [{"data": "ff00" * 100}], "fee": "10", "sequence": "9", "last_ledger_sequence": "12",
     "balance": "10", "token_balance": "9999999999999999e64"},
]


def main():
    vectors = []
    for v in PAYMENTS:
        name = v.pop("name")
        published = v.pop("published", None)
        blob, tx_hash = build(v)
        assert published is None or blob.upper() == published, name     # xrpl-py reproduces the published blob
        vectors.append({"name": name, "input": v, **({"published": "Trust Wallet Core TWAnySignerTests.cpp"} if published else {}), "account": derive_classic_address(wallet(v["private_key"]).public_key),
                        "blob": blob.upper(), "hash": tx_hash.upper()})
    OUT.write_text(json.dumps({"source": "tests/signing/xrp/make_vectors.py: xrpl-py 5.2.0 (PyPI; models, binary "
                               "codec, transaction.sign over ecpy)", "payments": vectors}, indent=1) + "\n")
    print(f"wrote {len(vectors)} payments to {OUT}")


if __name__ == "__main__":
    main()
