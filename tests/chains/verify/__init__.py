"""Verifiers for the fixture server's broadcast routes: one module per family, `verify/<family>.py`, each using
that chain's own SDK from PyPI (pinned in tests/oracles/venvs/requirements-<env>.txt), never the core's code.

A module defines:

  verify(body: bytes, spec: dict) -> dict
      `body` is the broadcast request's body as the core sent it; `spec` is the route's "verify" object (the
      family plus what the send must say: "sender", "recipient", "amount" in base units as a decimal string, and
      any family field a fixture adds). It decodes the signed transaction with the SDK, checks that the
      signature verifies against the sender's public key and that the sender's address is `spec["sender"]`,
      that the recipient and amount are the spec's, and answers what it read:
      {"hash": <the transaction's hash or id as the chain names it>, "sender", "recipient", "amount", ...}.
      Anything wrong raises (ValueError with what differs, or the SDK's own error).

  tamper(body: bytes) -> bytes
      The same body with its signature altered by one bit, which `verify` must refuse (the end-to-end test checks
      that it does, so a verifier that accepts everything fails).

A send fixture (fixtures/send/<family>.json) is a fixture file whose broadcast route carries "verify", plus a
"send" object the end-to-end test reads (bindings/python/tests/test_fixture_sends.py):
  {"chain": "<chain id>", "server": "fixture" | "fixture-evm", "private_key": "<hex, as PrivateKeyImport takes it>",
   "sender": "<the key's address>", "recipient": "...", "amount": "<base units>", "asset_id": "<defaults to chain>"}
(a chain whose wallets import no private key, Zcash or Cardano, names "phrase": "<BIP-39 words>" instead of
"private_key", imported as a single-chain wallet, and "sender" is its first address at the chain's default path)
"""
