#!/usr/bin/env python3
"""Private-key import and export forms, computed with independent PyPI libraries.

Writes Tests/GemstoneTests/Wallet/Vectors/private_keys.json: for a few fixed 32-byte keys and the chains that
import private keys, the key's export form and the account address. Sources, named per record in "source":

- stellar-sdk 16 (Keypair.from_raw_ed25519_seed): the StrKey secret seed "S…" and the account id "G…".
- bech32 1.2 (the BIP173 reference encoder): Sui's "suiprivkey1…" form, flag byte 0x00 (ed25519) then the key.
- base58 2.1 and PyNaCl 1.6: Solana's base58 keypair (seed ‖ public key) and Near's "ed25519:" base58 keypair.
- bip-utils 2.12.3 address encoders for each chain's address (EIP-55, Tron, Cosmos, XRP, Solana, Sui, Near,
  Algorand, Stellar).

The keys are SHA-256 of fixed labels, so anyone can re-derive them. Also the example of the web3.js
documentation (web3.eth.accounts.privateKeyToAccount): key 0x4c0883a6…f362318, address 0x2c7536E3…65c23.

Usage: pip install stellar-sdk bech32 base58 pynacl bip-utils==2.12.3 && python3 tests/oracles/private_keys.py
"""
import hashlib
import json
from pathlib import Path

import base58
import bech32
import bip_utils as bu
import nacl.signing
from stellar_sdk import Keypair

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/GemstoneTests/Wallet/Vectors/private_keys.json"

SECP = {
    "ethereum": bu.EthAddrEncoder.EncodeKey,
    "tron": bu.TrxAddrEncoder.EncodeKey,
    "cosmos": lambda k: bu.AtomAddrEncoder.EncodeKey(k, hrp="cosmos"),
    "xrp": bu.XrpAddrEncoder.EncodeKey,
}
ED = {
    "solana": bu.SolAddrEncoder.EncodeKey,
    "sui": bu.SuiAddrEncoder.EncodeKey,
    "near": bu.NearAddrEncoder.EncodeKey,
    "algorand": bu.AlgoAddrEncoder.EncodeKey,
    "stellar": lambda k: bu.XlmAddrEncoder.EncodeKey(k, addr_type=bu.XlmAddrTypes.PUB_KEY),
}


def record(chain, key, forms, address, source):
    return {"chain": chain, "key_hex": key.hex(), "forms": forms, "address": address, "source": source}


def main():
    records = []
    web3 = bytes.fromhex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
    records.append(record("ethereum", web3, {"export": "0x" + web3.hex()},
                          "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23",
                          "web3.js documentation, web3.eth.accounts.privateKeyToAccount example"))
    for label in ["gemstone private key 1", "gemstone private key 2"]:
        key = hashlib.sha256(label.encode()).digest()
        for chain, encode in SECP.items():
            public = bu.Secp256k1PublicKey.FromBytes(bu.Secp256k1PrivateKey.FromBytes(key).PublicKey().RawCompressed().ToBytes())
            export = ("0x" if chain == "ethereum" else "") + key.hex()
            records.append(record(chain, key, {"export": export}, encode(public),
                                  "bip-utils 2.12.3 address encoder"))
        for chain, encode in ED.items():
            public = bytes(nacl.signing.SigningKey(key).verify_key)
            address = encode(bu.Ed25519PublicKey.FromBytes(b"\x00" + public))
            forms = {}
            if chain == "solana":
                forms["export"] = base58.b58encode(key + public).decode()
                forms["base58_seed"] = base58.b58encode(key).decode()
                forms["hex_keypair"] = (key + public).hex()
            elif chain == "near":
                forms["export"] = "ed25519:" + base58.b58encode(key + public).decode()
            elif chain == "stellar":
                keypair = Keypair.from_raw_ed25519_seed(key)
                forms["export"] = keypair.secret
                assert keypair.public_key == address
            elif chain == "sui":
                forms["export"] = bech32.bech32_encode("suiprivkey", bech32.convertbits(b"\x00" + key, 8, 5))
            else:
                forms["export"] = key.hex()
            records.append(record(chain, key, forms, address,
                                  "PyNaCl public key; stellar-sdk, bech32, base58 key forms; bip-utils 2.12.3 address"))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"source": "tests/oracles/private_keys.py", "keys": records}, indent=1) + "\n")
    print(f"wrote {len(records)} records to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
