"""The generated chain constants (gemstone.CHAINS, schema/chains.json) against the library's answer at run time
(gem_chains), and the generated enum values against the values the library accepts."""

from __future__ import annotations

import pytest

import gemstone
from gemstone import presentation
from gemstone.generated import AssetType, ChainType


def test_the_generated_chains_are_what_the_library_answers(library):
    assert presentation.chains() == gemstone.CHAINS
    assert gemstone.CHAIN_IDS == tuple(chain.chain for chain in presentation.chains())
    asked = ("solana", "bitcoin")
    assert presentation.chains(asked) == tuple(next(c for c in gemstone.CHAINS if c.chain == i) for i in asked)


def test_every_chain_family_and_native_asset_reads_as_a_generated_enum_value(library):
    assert {chain.family for chain in presentation.chains()} == set(ChainType)
    assert all(chain.native_asset.type is AssetType.NATIVE and chain.native_asset.id == chain.chain
               for chain in gemstone.CHAINS)


def test_an_unknown_chain_is_refused_naming_it(library):
    with pytest.raises(gemstone.InvalidArgument) as caught:
        presentation.chains(("bitcoin", "dogecoin"))
    assert 'chains[1]: unknown chain id "dogecoin"' in str(caught.value)
