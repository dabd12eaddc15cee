"""Writes Tests/BlockchainTests/Vectors/signing/cardano.json: Shelley ADA transfers built and signed with
pycardano 0.19.2 (cbor2 5.9.0): TransactionBody / TransactionOutput / Transaction CBOR, pycardano.utils.fee
(min fee a·size + b) and min_lovelace_post_alonzo (minimum ada), HDWallet (CIP-3 Icarus, BIP32-Ed25519) and
ExtendedSigningKey.sign for the vkey witness. The coin selection and fee fixed point below restate the core's
documented rule (Sources/Blockchain/Cardano/CardanoSigner.swift) over those pycardano pieces.

Run in the multi environment: .venvs/multi/bin/python tests/signing/cardano/make_vectors.py
"""
import json
from pathlib import Path
from types import SimpleNamespace

from pycardano import (Address, ExtendedSigningKey, Network, Transaction, TransactionBody, TransactionId,
                       TransactionInput, TransactionOutput, TransactionWitnessSet, VerificationKeyWitness)
from pycardano.crypto.bip32 import HDWallet
from pycardano.utils import fee as pycardano_fee, min_lovelace_post_alonzo

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests/BlockchainTests/Vectors/signing/cardano.json"
PHRASES = [p["phrase"] for p in json.loads((ROOT / "Tests/BlockchainTests/Vectors/addresses.json").read_text())["phrases"]]
PAYMENT_PATH, STAKE_PATH = "m/1852'/1815'/0'/0/0", "m/1852'/1815'/0'/2/0"
MAINNET = {"min_fee_a": 44, "min_fee_b": 155_381, "coins_per_utxo_byte": 4_310, "max_tx_size": 16_384}


def context(parameters: dict):
    return SimpleNamespace(protocol_param=SimpleNamespace(
        min_fee_coefficient=parameters["min_fee_a"], min_fee_constant=parameters["min_fee_b"],
        coins_per_utxo_byte=parameters["coins_per_utxo_byte"], price_mem=0, price_step=0,
        maximum_reference_scripts_size=None, min_fee_reference_scripts=None))


def wallet(phrase: str):
    hd = HDWallet.from_mnemonic(phrase)
    payment = ExtendedSigningKey.from_hdwallet(hd.derive_from_path(PAYMENT_PATH))
    stake = ExtendedSigningKey.from_hdwallet(hd.derive_from_path(STAKE_PATH))
    vk = payment.to_verification_key().to_non_extended()
    address = Address(vk.hash(), stake.to_verification_key().to_non_extended().hash(), network=Network.MAINNET)
    return payment, vk, address


def min_ada(address: Address, coin: int, ctx) -> int:
    return min_lovelace_post_alonzo(TransactionOutput(address, coin), ctx)


def transaction(inputs, recipient, amount, sender, change, fee, ttl, vk, signature=bytes(64)):
    ordered = sorted(inputs, key=lambda u: (bytes.fromhex(u["tx_hash"]), u["index"]))
    outputs = [TransactionOutput(recipient, amount)] + ([TransactionOutput(sender, change)] if change is not None else [])
    body = TransactionBody(inputs=[TransactionInput(TransactionId(bytes.fromhex(u["tx_hash"])), u["index"]) for u in ordered],
                           outputs=outputs, fee=fee, ttl=ttl)
    return body, Transaction(body, TransactionWitnessSet(vkey_witnesses=[VerificationKeyWitness(vk, signature)]))


def fixed_point_fee(ctx, build):
    fee = 0
    for _ in range(16):
        tx = build(fee)
        if tx is None:
            return None
        needed = pycardano_fee(ctx, len(tx.to_cbor()))
        if needed <= fee:
            return fee
        fee = needed
    return None


class Refused(Exception):
    pass


def expected(case: dict) -> dict:
    """The signed transaction for a vector input, or Refused with the reason."""
    ctx = context(case.get("parameters", MAINNET))
    sk, vk, sender = wallet(case["mnemonic"])
    assert str(sender) == case["sender"]
    recipient, amount, ttl = Address.from_primitive(case["recipient"]), int(case["amount"]), case["ttl"]
    if amount < min_ada(recipient, amount, ctx):
        raise Refused("amount below minimum ada")
    candidates = sorted((u for u in case["utxos"] if not u.get("has_tokens") and int(u["lovelace"]) > 0),
                        key=lambda u: (-int(u["lovelace"]), bytes.fromhex(u["tx_hash"]), u["index"]))

    def finish(chosen, change, fee):
        body, _ = transaction(chosen, recipient, amount, sender, change, fee, ttl, vk)
        signature = sk.sign(body.hash())
        body, tx = transaction(chosen, recipient, amount, sender, change, fee, ttl, vk, signature)
        return {"raw": tx.to_cbor().hex(), "hash": body.hash().hex(), "fee": str(fee),
                "change": None if change is None else str(change), "inputs": len(chosen)}

    chosen, total = [], 0
    for position, utxo in enumerate(candidates):
        chosen.append(utxo)
        total += int(utxo["lovelace"])

        def with_change(fee):
            change = total - amount - fee
            return None if change < 0 else transaction(chosen, recipient, amount, sender, change, fee, ttl, vk)[1]

        fee_c = fixed_point_fee(ctx, with_change)
        if fee_c is not None:
            change = total - amount - fee_c
            if change > 0 and change >= min_ada(sender, change, ctx):
                return finish(chosen, change, fee_c)
        fee_n = fixed_point_fee(ctx, lambda fee: transaction(chosen, recipient, amount, sender, None, fee, ttl, vk)[1])
        leftover = total - amount - fee_n
        if leftover < 0:
            continue
        if leftover == 0:
            return finish(chosen, None, fee_n)
        if position == len(candidates) - 1:
            return finish(chosen, None, total - amount)      # leftover below the minimum ada: folded into the fee
    raise Refused("insufficient balance")


def utxo(seed: int, index: int, lovelace: int, has_tokens: bool = False) -> dict:
    return {"tx_hash": bytes([seed] * 32).hex(), "index": index, "lovelace": str(lovelace), "has_tokens": has_tokens}


def case(name, sender_phrase, recipient, amount, utxos, ttl=150_000_000):
    _, _, sender = wallet(PHRASES[sender_phrase])
    return {"name": name, "input": {"mnemonic": PHRASES[sender_phrase], "sender": str(sender),
                                    "recipient": recipient, "amount": str(amount), "ttl": ttl, "utxos": utxos}}


def address_of(phrase: int) -> str:
    return str(wallet(PHRASES[phrase])[2])


ENTERPRISE = str(Address(wallet(PHRASES[2])[1].hash(), network=Network.MAINNET))   # addr1v…: payment key only


def exact_amount(sender_phrase, recipient, utxos):
    """The amount that spends `utxos` (all needed) with no change: total − fee without change."""
    ctx = context(MAINNET)
    _, vk, sender = wallet(PHRASES[sender_phrase])
    total = sum(int(u["lovelace"]) for u in utxos)
    r = Address.from_primitive(recipient)
    amount = total - 200_000
    for _ in range(8):
        fee = fixed_point_fee(ctx, lambda f: transaction(utxos, r, amount, sender, None, f, 150_000_000, vk)[1])
        amount = total - fee
    return amount


CASES = [
    case("one-input-with-change", 0, address_of(1), 1_500_000, [utxo(1, 0, 10_000_000)]),
    case("two-inputs-largest-first", 1, address_of(2), 11_000_000,
         [utxo(2, 3, 5_000_000), utxo(3, 0, 8_000_000), utxo(4, 1, 2_000_000)]),
    case("exact-amount-no-change", 2, address_of(0), exact_amount(2, address_of(0), [utxo(5, 0, 3_000_000)]),
         [utxo(5, 0, 3_000_000)]),
    case("tiny-change-folded-into-fee", 0, address_of(2), 2_500_000, [utxo(6, 7, 3_000_000)]),
    case("token-utxo-skipped-and-ties-ordered", 1, ENTERPRISE, 4_000_000,
         [utxo(9, 0, 50_000_000, has_tokens=True), utxo(8, 2, 3_000_000), utxo(7, 5, 3_000_000)]),
    case("second-input-makes-change-viable", 2, address_of(1), 4_000_000,
         [utxo(10, 0, 4_500_000), utxo(11, 300, 1_200_000)], ttl=2**32 + 5),
    case("large-amounts", 0, ENTERPRISE, 45_000_000_000_000_000,
         [utxo(12, 65_535, 2**64 - 1)], ttl=2**62),
]


def main():
    vectors = []
    for c in CASES:
        vectors.append({**c, "expected": expected(c["input"])})
    OUT.write_text(json.dumps({
        "source": "tests/signing/cardano/make_vectors.py: pycardano 0.19.2 (cbor2 5.9.0) TransactionBody/Transaction "
                  "CBOR, utils.fee, min_lovelace_post_alonzo, HDWallet + ExtendedSigningKey (CIP-3 Icarus, BIP32-Ed25519)",
        "parameters": MAINNET,
        "vectors": vectors,
    }, indent=1) + "\n")
    print(f"wrote {len(vectors)} vectors to {OUT}")
    for v in vectors:
        print(v["name"], {k: v["expected"][k] for k in ("fee", "change", "inputs")})


if __name__ == "__main__":
    main()
