"""Addresses through the Python binding against committed oracle data:

- Tests/BlockchainTests/Vectors/addresses.json (tests/oracles/addresses.py: bip-utils 2.12.3 from PyPI
  at chains.md's default paths): every account of a multi-coin import of `abandon ×11 about` and two
  other phrases, and single-chain imports;
- Tests/BlockchainTests/Vectors/validation.json (tests/oracles/validation.py: bip-utils 2.12.3 decoders,
  EIP-55 cases): validate_address answers valid (with the form to send to) or the labelled reason.
"""

from __future__ import annotations

import pytest

from gemstone import (AddressErrorType, AddressValidation, InvalidArgument, MulticoinImport, SingleImport, Status,
                      validate_address)
from gemstone.records import RecordError
from wallet_support import ABANDON, ADDRESS_VECTORS, VALIDATION_VECTORS, MemoryWalletPorts

pytestmark = pytest.mark.usefixtures("library")


@pytest.fixture(scope="module")
def wallet_service(library):
    ports = MemoryWalletPorts()
    session, wallets = ports.services()
    yield wallets
    wallets.close()
    session.close()


def expected_accounts(entry: dict) -> dict:
    return {chain: (vector["address"], vector["derivation_path"], vector.get("extended_public_key"))
            for chain, vector in entry["accounts"].items()}


@pytest.mark.parametrize("entry", ADDRESS_VECTORS["phrases"], ids=lambda entry: " ".join(entry["phrase"].split()[:2]))
def test_every_account_of_a_phrase_matches_the_vectors(wallet_service, entry):
    assert ADDRESS_VECTORS["passphrase"] == ""
    preview = wallet_service.preview_import(MulticoinImport(entry["phrase"]))
    derived = {account.chain: (account.address, account.derivation_path, account.extended_public_key)
               for account in preview.accounts}
    assert len(preview.accounts) == len(derived), "one account per chain"
    assert derived == expected_accounts(entry)
    assert preview.wallet_id == "multicoin_" + entry["accounts"]["ethereum"]["address"]


SINGLE_CHAINS = ["bitcoin", "litecoin", "doge", "bitcoincash", "zcash", "ethereum", "solana", "cosmos", "injective",
                 "ton", "tron", "aptos", "sui", "xrp", "near", "stellar", "algorand", "polkadot", "cardano", "hypercore"]


@pytest.mark.parametrize("chain", SINGLE_CHAINS)
def test_single_chain_imports_of_the_abandon_phrase(wallet_service, chain):
    vector = next(entry for entry in ADDRESS_VECTORS["phrases"] if entry["phrase"] == ABANDON)["accounts"][chain]
    preview = wallet_service.preview_import(SingleImport(ABANDON, chain))
    assert [(account.chain, account.address, account.derivation_path) for account in preview.accounts] == \
        [(chain, vector["address"], vector["derivation_path"])]
    assert preview.wallet_id == f"single_{chain}_{vector['address']}"


def validation_cases():
    for index, vector in enumerate(VALIDATION_VECTORS["vectors"]):
        yield pytest.param(vector, id=f"{index}-{vector['chain']}-{vector['expect']}")


@pytest.mark.parametrize("vector", validation_cases())
def test_validate_address_answers_the_labelled_outcome(vector):
    answer = validate_address(vector["chain"], vector["address"])
    assert isinstance(answer, AddressValidation) and answer.chain == vector["chain"]
    if vector["expect"] == "valid":
        assert answer.is_valid and bool(answer) and answer.error is None, vector["why"]
        assert answer.address == vector.get("normalized", vector["address"]), vector["why"]
        assert validate_address(vector["chain"], answer.address).address == answer.address, "the sent form is valid"
    else:
        assert not answer.is_valid and not answer and answer.address is None, vector["why"]
        assert answer.error.type is AddressErrorType(vector["expect"]), vector["why"]
        assert answer.error.message
        if answer.error.type is AddressErrorType.WRONG_PREFIX:
            assert answer.error.expected and answer.error.found is not None


def test_every_reason_the_header_lists_is_covered_by_the_vectors():
    header_reasons = {"empty", "invalid_character", "mixed_case", "invalid_checksum", "wrong_prefix", "wrong_network",
                      "invalid_length", "non_canonical_encoding", "unsupported_format"}
    assert header_reasons <= {vector["expect"] for vector in VALIDATION_VECTORS["vectors"]}
    assert header_reasons <= {reason.value for reason in AddressErrorType}


def test_whitespace_is_trimmed_and_the_form_to_send_to_is_answered():
    answer = validate_address("ethereum", "  0x9858effd232b4033e47d90003d41ec34ecaeda94\n")
    assert answer.address == "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
    cash = validate_address("bitcoincash", "bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6")
    assert cash.address == "qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6"


def test_a_wrong_prefix_names_what_was_expected():
    osmosis = next(entry for entry in ADDRESS_VECTORS["phrases"] if entry["phrase"] == ABANDON)["accounts"]["osmosis"]
    answer = validate_address("cosmos", osmosis["address"])
    assert answer.error is not None and answer.error.type is AddressErrorType.WRONG_PREFIX
    assert (answer.error.expected, answer.error.found) == ("cosmos", "osmo")
    assert answer.to_json()["error"]["type"] == "wrong_prefix"


@pytest.mark.parametrize("chain,address,fragment", [
    ("nochain", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "unknown chain"),
    ("Ethereum", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "unknown chain"),
    (None, "0x00", "chain"),
    ("ethereum", None, "address"),
])
def test_unknown_chains_and_missing_arguments_raise_invalid_argument(chain, address, fragment):
    with pytest.raises(InvalidArgument) as caught:
        validate_address(chain, address)
    error = caught.value
    assert (error.status, error.type) == (Status.INVALID_ARGUMENT, "invalid_argument")
    assert error.record == {"type": "invalid_argument", "message": error.message} and fragment in error.message


def test_arguments_python_cannot_pass_are_refused_before_the_call():
    with pytest.raises(InvalidArgument, match="NUL"):
        validate_address("ethereum", "0x00\x00")
    with pytest.raises(InvalidArgument, match="string"):
        validate_address("ethereum", b"0x00")


def test_an_answer_with_neither_or_both_outcomes_is_not_read():
    with pytest.raises(RecordError):
        AddressValidation.from_json({"chain": "ethereum"})
    with pytest.raises(RecordError):
        AddressValidation.from_json({"chain": "ethereum", "address": "0x", "error": {"type": "empty", "message": "m"}})
    with pytest.raises(RecordError, match="expected one of empty, invalid_character"):
        AddressValidation.from_json({"chain": "ton", "error": {"type": "reason_of_a_newer_core", "message": "m"}})
