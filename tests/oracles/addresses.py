#!/usr/bin/env python3
"""Derive the default account of every chain from three phrases with independent libraries.

Writes Tests/BlockchainTests/Vectors/addresses.json: for each phrase and chain, the derivation path, the public
key(s) the address is made from, the address, and the library that produced it ("source"). Each value is
computed here by PyPI libraries that share no code with libgemstone:

- bip-utils 2.12 (BIP39 seed, BIP32/SLIP-10 keys, Cardano Icarus/CIP-1852 keys, and its address encoders:
  EIP-55, P2WPKH, P2TR, P2PKH, CashAddr, Cosmos/Injective bech32, Tron, Solana, Aptos, Sui, XRP, Near, Stellar,
  Algorand, SS58, TON wallet v4R2, Cardano Shelley base).
- For every chain the key is derived at the chain's default path from chains.md, not at the library's default.

The script also checks its addresses for the phrase of chains.md against the example addresses listed there
(taken from the specification's apps), and exits non-zero on any difference.

Adjustments made to library output, each named in the record's "note":
- Bitcoin Cash: the "bitcoincash:" prefix is removed, as the specification's apps store it.
- Aptos: the specification's apps (WalletCore's to_hex_literal) print the address with leading zero digits
  trimmed; "address" is that form and "address_long" the 64-digit one the library prints.

Usage: pip install bip-utils==2.12.3 && python3 tests/oracles/addresses.py
"""
import json
import sys
from pathlib import Path

import bip_utils as bu

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/BlockchainTests/Vectors/addresses.json"

PHRASES = [
    # BIP39's all-zero-entropy 12-word phrase.
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
    # The phrase chains.md's example addresses were derived from by the specification's apps.
    "shoot island position soft burden budget tooth cruel issue economy destroy above",
    # A 24-word phrase from the BIP39 reference vectors (Trezor python-mnemonic vectors.json), used here
    # with an empty passphrase.
    "void come effort suffer camp survey warrior heavy shoot primary clutch crush open amazing screen patrol "
    "group space point ten exist slush involve unfold",
]

EVM = ["ethereum", "smartchain", "polygon", "arbitrum", "optimism", "base", "avalanchec", "opbnb", "fantom",
       "gnosis", "seievm", "manta", "blast", "zksync", "linea", "mantle", "celo", "world", "sonic", "plasma",
       "abstract", "berachain", "ink", "unichain", "hyperliquid", "monad", "xlayer", "stable"]
COSMOS = {  # chain: (hrp, path)
    "cosmos": ("cosmos", "m/44'/118'/0'/0/0"),
    "osmosis": ("osmo", "m/44'/118'/0'/0/0"),
    "celestia": ("celestia", "m/44'/118'/0'/0/0"),
    "sei": ("sei", "m/44'/118'/0'/0/0"),
    "noble": ("noble", "m/44'/118'/0'/0/0"),
    "thorchain": ("thor", "m/44'/931'/0'/0/0"),
}
# The 52 chain ids in the specification's order (chains.md table).
CHAIN_ORDER = ["bitcoin", "bitcoincash", "litecoin", "ethereum", "smartchain", "solana", "polygon", "thorchain",
               "cosmos", "osmosis", "arbitrum", "ton", "tron", "doge", "zcash", "optimism", "aptos", "base",
               "avalanchec", "sui", "xrp", "opbnb", "fantom", "gnosis", "celestia", "injective", "sei", "seievm",
               "manta", "blast", "noble", "zksync", "linea", "mantle", "celo", "near", "world", "stellar", "sonic",
               "algorand", "polkadot", "plasma", "cardano", "abstract", "berachain", "ink", "unichain",
               "hyperliquid", "hypercore", "monad", "xlayer", "stable"]

BIP = "bip-utils " + bu.__version__


def secp(seed: bytes, path: str):
    return bu.Bip32Slip10Secp256k1.FromSeed(seed).DerivePath(path)


def ed(seed: bytes, path: str):
    return bu.Bip32Slip10Ed25519.FromSeed(seed).DerivePath(path)


def record(path, public_key, address, source, **extra):
    out = {"derivation_path": path, "public_key": public_key, "address": address, "source": source}
    out.update(extra)
    return out


def ed_pub(node) -> bytes:
    # bip-utils prefixes ed25519 public keys with 0x00; the chains use the 32 raw bytes.
    raw = node.PublicKey().RawCompressed().ToBytes()
    return raw[1:] if len(raw) == 33 else raw


def xpub(seed: bytes, path: str, version_hex: str) -> str:
    versions = bu.Bip32KeyNetVersions(bytes.fromhex(version_hex), bytes.fromhex("00000000"))
    node = bu.Bip32Slip10Secp256k1.FromSeed(seed, versions).DerivePath(path)
    return node.PublicKey().ToExtended()


def derive(phrase: str) -> dict:
    seed = bu.Bip39SeedGenerator(phrase).Generate()
    out = {}

    path = "m/44'/60'/0'/0/0"
    key = secp(seed, path).PublicKey().RawCompressed().ToBytes()
    eth = bu.EthAddrEncoder.EncodeKey(key)
    for chain in EVM + ["hypercore"]:
        out[chain] = record(path, key.hex(), eth, BIP + " EthAddrEncoder (EIP-55)")
    out["injective"] = record(path, key.hex(), bu.InjAddrEncoder.EncodeKey(key, hrp="inj"),
                              BIP + " InjAddrEncoder (bech32 of keccak256 account bytes)")

    for chain, (hrp, path) in COSMOS.items():
        key = secp(seed, path).PublicKey().RawCompressed().ToBytes()
        out[chain] = record(path, key.hex(), bu.AtomAddrEncoder.EncodeKey(key, hrp=hrp),
                            BIP + " AtomAddrEncoder (bech32 of RIPEMD160(SHA256))")

    # Bitcoin family. The account-level extended public key (the account's extended_public_key) is serialized
    # with the version named in chains.md: zpub 04b24746, xpub 0488b21e, dgub 02facafd.
    path = "m/84'/0'/0'/0/0"
    key = secp(seed, path).PublicKey().RawCompressed().ToBytes()
    out["bitcoin"] = record(path, key.hex(), bu.P2WPKHAddrEncoder.EncodeKey(key, hrp="bc", wit_ver=0),
                            BIP + " P2WPKHAddrEncoder", extended_public_key=xpub(seed, "m/84'/0'/0'", "04b24746"))
    path = "m/84'/2'/0'/0/0"
    key = secp(seed, path).PublicKey().RawCompressed().ToBytes()
    out["litecoin"] = record(path, key.hex(), bu.P2WPKHAddrEncoder.EncodeKey(key, hrp="ltc", wit_ver=0),
                             BIP + " P2WPKHAddrEncoder", extended_public_key=xpub(seed, "m/84'/2'/0'", "04b24746"))
    path = "m/44'/3'/0'/0/0"
    key = secp(seed, path).PublicKey().RawCompressed().ToBytes()
    out["doge"] = record(path, key.hex(), bu.P2PKHAddrEncoder.EncodeKey(key, net_ver=b"\x1e"),
                         BIP + " P2PKHAddrEncoder", extended_public_key=xpub(seed, "m/44'/3'/0'", "02facafd"))
    path = "m/44'/133'/0'/0/0"
    key = secp(seed, path).PublicKey().RawCompressed().ToBytes()
    out["zcash"] = record(path, key.hex(), bu.P2PKHAddrEncoder.EncodeKey(key, net_ver=b"\x1c\xb8"),
                          BIP + " P2PKHAddrEncoder", extended_public_key=xpub(seed, "m/44'/133'/0'", "0488b21e"))
    path = "m/44'/145'/0'/0/0"
    key = secp(seed, path).PublicKey().RawCompressed().ToBytes()
    full = bu.BchP2PKHAddrEncoder.EncodeKey(key, hrp="bitcoincash", net_ver=b"\x00")
    out["bitcoincash"] = record(path, key.hex(), full.removeprefix("bitcoincash:"), BIP + " BchP2PKHAddrEncoder",
                                extended_public_key=xpub(seed, "m/44'/145'/0'", "0488b21e"),
                                note="prefix 'bitcoincash:' removed as the specification's apps store it")

    path = "m/44'/195'/0'/0/0"
    key = secp(seed, path).PublicKey().RawCompressed().ToBytes()
    out["tron"] = record(path, key.hex(), bu.TrxAddrEncoder.EncodeKey(key), BIP + " TrxAddrEncoder")
    path = "m/44'/144'/0'/0/0"
    key = secp(seed, path).PublicKey().RawCompressed().ToBytes()
    out["xrp"] = record(path, key.hex(), bu.XrpAddrEncoder.EncodeKey(key), BIP + " XrpAddrEncoder")

    def ed_chain(chain, path, encode, name, **kw):
        key = ed_pub(ed(seed, path))
        out[chain] = record(path, key.hex(), encode(key), BIP + " " + name, **kw)

    ed_chain("solana", "m/44'/501'/0'/0'", bu.SolAddrEncoder.EncodeKey, "SolAddrEncoder")
    ed_chain("ton", "m/44'/607'/0'",
             lambda k: bu.TonAddrEncoder.EncodeKey(k, version=bu.TonAddrVersions.V4, is_bounceable=False),
             "TonAddrEncoder (wallet v4R2, workchain 0, non-bounceable)")
    ed_chain("sui", "m/44'/784'/0'/0'/0'", bu.SuiAddrEncoder.EncodeKey, "SuiAddrEncoder")
    ed_chain("near", "m/44'/397'/0'", bu.NearAddrEncoder.EncodeKey, "NearAddrEncoder")
    ed_chain("stellar", "m/44'/148'/0'", lambda k: bu.XlmAddrEncoder.EncodeKey(k, addr_type=bu.XlmAddrTypes.PUB_KEY),
             "XlmAddrEncoder")
    ed_chain("algorand", "m/44'/283'/0'/0'/0'", bu.AlgoAddrEncoder.EncodeKey, "AlgoAddrEncoder")
    ed_chain("polkadot", "m/44'/354'/0'/0'/0'", lambda k: bu.SubstrateEd25519AddrEncoder.EncodeKey(k, ss58_format=0),
             "SubstrateEd25519AddrEncoder (SS58 network 0)")

    path = "m/44'/637'/0'/0'/0'"
    key = ed_pub(ed(seed, path))
    long_form = bu.AptosAddrEncoder.EncodeKey(key)
    digits = long_form[2:].lstrip("0") or "0"
    out["aptos"] = record(path, key.hex(), "0x" + digits, BIP + " AptosAddrEncoder", address_long=long_form,
                          note="leading zero digits trimmed as the specification's apps print it")

    # Cardano: Icarus master key from the BIP39 entropy, CIP-1852 payment key m/1852'/1815'/0'/0/0 and
    # staking key m/1852'/1815'/0'/2/0, Shelley base address on mainnet (network id 1).
    entropy = bu.CardanoIcarusSeedGenerator(phrase).Generate()
    account = bu.Cip1852.FromSeed(entropy, bu.Cip1852Coins.CARDANO_ICARUS).Purpose().Coin().Account(0)
    shelley = bu.CardanoShelley.FromCip1852Object(account).Change(bu.Bip44Changes.CHAIN_EXT).AddressIndex(0)
    pub = shelley.PublicKeys()
    payment = pub.AddressKey().RawCompressed().ToBytes()[1:]
    staking = pub.StakingKey().RawCompressed().ToBytes()[1:]
    out["cardano"] = record("m/1852'/1815'/0'/0/0", payment.hex(), pub.ToAddress(),
                            BIP + " Cip1852 (Icarus) + CardanoShelley.ToAddress (base address, mainnet)",
                            stake_public_key=staking.hex(), stake_derivation_path="m/1852'/1815'/0'/2/0")

    missing = set(CHAIN_ORDER) - set(out)
    if missing:
        sys.exit(f"no derivation for {sorted(missing)}")
    return {chain: out[chain] for chain in CHAIN_ORDER}


def taproot(phrase: str) -> dict:
    """BIP86 key-path Taproot for bitcoin, an address form the Bitcoin family derives besides the default."""
    seed = bu.Bip39SeedGenerator(phrase).Generate()
    path = "m/86'/0'/0'/0/0"
    key = secp(seed, path).PublicKey().RawCompressed().ToBytes()
    return record(path, key.hex(), bu.P2TRAddrEncoder.EncodeKey(key, hrp="bc"), BIP + " P2TRAddrEncoder (BIP86)")


def ton_code() -> dict:
    """Representation hash and depth of the wallet v4R2 code cell that bip-utils' TON encoder deploys."""
    from bip_utils.ton.addr.ton_v4_addr_encoder import TonV4AddrEncoderConst
    from pytoniq_core import Cell

    code = Cell.one_from_boc(TonV4AddrEncoderConst.CONTRACT_CODE)
    return {"hash": code.hash.hex(), "depth": code.get_depth(),
            "source": BIP + " TonV4AddrEncoderConst.CONTRACT_CODE parsed by pytoniq-core Cell"}


# Example addresses from chains.md (TestCreateAccountOperator.kt of the specification's Android app).
CHAINS_MD_PHRASE = PHRASES[1]
CHAINS_MD_EVM = "0x8f348F300873Fd5DA36950B2aC75a26584584feE"
CHAINS_MD = {
    "bitcoin": "bc1quvuarfksewfeuevuc6tn0kfyptgjvwsvrprk9d",
    "bitcoincash": "qpzl3jxkzgvfd9flnd26leud5duv795fnv7vuaha70",
    "litecoin": "ltc1qhd8fxxp2dx3vsmpac43z6ev0kllm4n53t5sk0u",
    "doge": "DJRFZNg8jkUtjcpo2zJd92FUAzwRjitw6f",
    "zcash": "t1YYnByMzdGhQv3W3rnjHMrJs6HH4Y231gy",
    "solana": "57mwmnV2rFuVDmhiJEjonD7cfuFtcaP9QvYNGfDEWK71",
    "thorchain": "thor1c8jd7ad9pcw4k3wkuqlkz4auv95mldr2kyhc65",
    "cosmos": "cosmos142j9u5eaduzd7faumygud6ruhdwme98qsy2ekn",
    "osmosis": "osmo142j9u5eaduzd7faumygud6ruhdwme98qclefqp",
    "celestia": "celestia142j9u5eaduzd7faumygud6ruhdwme98qpwmfv7",
    "sei": "sei142j9u5eaduzd7faumygud6ruhdwme98qagm0sj",
    "noble": "noble142j9u5eaduzd7faumygud6ruhdwme98qc8l3wa",
    "injective": "inj13u6g7vqgw074mgmf2ze2cadzvkz9snlwcrtq8a",
    "ton": "UQDgEMqToTacHic7SnvnPFmvceG5auFkCcAw0mSCvzvKUaT4",
    "tron": "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio",
    "aptos": "0x7968dab936c1bad187c60ce4082f307d030d780e91e694ae03aef16aba73f30",
    "sui": "0xada112cfb90b44ba889cc5d39ac2bf46281e4a91f7919c693bcd9b8323e81ed2",
    "xrp": "rPwE3gChNKtZ1mhH3Ko8YFGqKmGRWLWXV3",
    "near": "0c91f6106ff835c0195d5388565a2d69e25038a7e23d26198f85caf6594117ec",
    "stellar": "GA3H6I4C5XUBYGVB66KXR27JV5KS3APSTKRUWOIXZ5MVWZKVTLXWKZ2P",
    "algorand": "JTJWO524JXIHVPGBDWFLJE7XUIA32ECOZOBLF2QP3V5TQBT3NKZSCG67BQ",
    "polkadot": "13nN6BGAoJwd7Nw1XxeBCx5YcBXuYnL94Mh7i3xBprqVSsFk",
    "cardano": "addr1qyr8jjfnypp95eq74aqzn7ss687ehxclgj7mu6gratmg3mul2040vt35dypp042awzsjk5xm3zr3zm5qh7454uwdv08s84ray2",
}
CHAINS_MD.update({chain: CHAINS_MD_EVM for chain in EVM + ["hypercore"]})


def main() -> None:
    phrases = [{"phrase": p, "accounts": derive(p), "bitcoin_taproot": taproot(p)} for p in PHRASES]
    derived = phrases[1]["accounts"]
    wrong = {c: (derived[c]["address"], a) for c, a in CHAINS_MD.items() if derived[c]["address"] != a}
    if wrong or len(CHAINS_MD) != 52:
        for chain, (got, want) in wrong.items():
            print(f"{chain}: derived {got}, chains.md {want}", file=sys.stderr)
        sys.exit("oracle disagrees with chains.md")
    doc = {
        "source": "tests/oracles/addresses.py: " + BIP + " (PyPI), keys at chains.md's default paths; "
                  "cross-checked against chains.md's example addresses for its phrase (52 of 52 agree)",
        "passphrase": "",
        "ton_wallet_v4r2_code": ton_code(),
        "phrases": phrases,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(PHRASES)} phrases x {len(CHAIN_ORDER)} chains; "
          f"chains.md examples agree ({len(CHAINS_MD)} chains)")


if __name__ == "__main__":
    main()
