import Primitives

/// What a Polkadot Asset Hub transfer needs: the transfer and what the preload returns (Substrate API Sidecar
/// `GET /transaction/material` for the block, genesis hash and versions; `GET /accounts/{sender}/balance-info` for
/// the nonce and balance; the fee estimate of `POST /transaction/fee-estimate`). Optional fields are the preload's:
/// the signer refuses to sign without them (`SignerError.missingField` with the snake_case name in each doc).
public struct PolkadotSignerInput: Sendable, Equatable {
    /// `sender`: the SS58 address of the signing key (checked against it).
    public var sender: String
    /// `recipient`: an SS58 account address on the runtime's network (prefix 0 on Polkadot).
    public var recipient: String
    /// `value`: the amount in planck (10^-10 DOT); a u128 on chain, above zero.
    public var value: BigUInt
    /// `balance`: the sender's transferable balance (free − reserved, in planck) the preload reported.
    public var balance: BigUInt?
    /// `fee`: the estimated fee (`partialFee`); not part of the extrinsic, only of the balance check. Zero for the
    /// fee-estimation build itself.
    public var fee: BigUInt
    /// `tip`: the tip in planck paid through ChargeAssetTxPayment (u128).
    public var tip: BigUInt
    /// `nonce`: the sender's account nonce (u32 on Asset Hub).
    public var nonce: UInt32?
    /// `block_number` and `block_hash`: the block the mortal era starts at (its phase is `block_number % period`),
    /// and that block's hash, which CheckEra signs.
    public var blockNumber: UInt64?
    public var blockHash: [UInt8]
    /// `era_period`: the era's length in blocks, 4...65536 (Gem's preload uses 64); rounded up to a power of two as
    /// `Era::mortal` does.
    public var eraPeriod: UInt64?
    /// `genesis_hash`: the chain's genesis hash as the node reports it; it must be the runtime's own
    /// (`PolkadotRuntime.genesisHash`), so that a relay-chain node's answer is refused rather than signed over.
    public var genesisHash: [UInt8]
    /// `spec_version` and `transaction_version`: the runtime versions CheckSpecVersion and CheckTxVersion sign.
    public var specVersion: UInt32?
    public var transactionVersion: UInt32?
    /// The runtime the extrinsic is built for (call index, address prefix, existential deposit, genesis).
    public var runtime: PolkadotRuntime

    public init(
        sender: String, recipient: String, value: BigUInt, balance: BigUInt?, fee: BigUInt, tip: BigUInt = 0,
        nonce: UInt32?, blockNumber: UInt64?, blockHash: [UInt8], eraPeriod: UInt64?, genesisHash: [UInt8],
        specVersion: UInt32?, transactionVersion: UInt32?, runtime: PolkadotRuntime = .assetHubPolkadot
    ) {
        self.sender = sender
        self.recipient = recipient
        self.value = value
        self.balance = balance
        self.fee = fee
        self.tip = tip
        self.nonce = nonce
        self.blockNumber = blockNumber
        self.blockHash = blockHash
        self.eraPeriod = eraPeriod
        self.genesisHash = genesisHash
        self.specVersion = specVersion
        self.transactionVersion = transactionVersion
        self.runtime = runtime
    }
}

/// The per-chain constants of a Substrate runtime the signer builds `balances.transfer_keep_alive` for.
public struct PolkadotRuntime: Sendable, Equatable {
    /// The index of `pallet_balances` in the runtime's `construct_runtime!` and of `transfer_keep_alive` in it.
    public var balancesPallet: UInt8
    public var transferKeepAliveCall: UInt8
    /// The SS58 prefix of its addresses.
    public var ss58Prefix: UInt16
    /// `pallet_balances::Config::ExistentialDeposit`: what transfer_keep_alive leaves in the sender's account.
    public var existentialDeposit: BigUInt
    /// The genesis block hash CheckGenesis signs.
    public var genesisHash: [UInt8]
    /// The first spec version whose extensions are the ones the signer writes (CheckMetadataHash included); an
    /// older runtime would read the extra bytes differently, so it is refused.
    public var minimumSpecVersion: UInt32

    public init(balancesPallet: UInt8, transferKeepAliveCall: UInt8, ss58Prefix: UInt16, existentialDeposit: BigUInt,
                genesisHash: [UInt8], minimumSpecVersion: UInt32) {
        self.balancesPallet = balancesPallet
        self.transferKeepAliveCall = transferKeepAliveCall
        self.ss58Prefix = ss58Prefix
        self.existentialDeposit = existentialDeposit
        self.genesisHash = genesisHash
        self.minimumSpecVersion = minimumSpecVersion
    }

    /// Polkadot Asset Hub (spec name "statemint"). Sources:
    /// - polkadot-fellows/runtimes, system-parachains/asset-hubs/asset-hub-polkadot/src/lib.rs: `Balances:
    ///   pallet_balances = 10` in `construct_runtime!`, `SS58Prefix = 0`, `ExistentialDeposit =
    ///   SYSTEM_PARA_EXISTENTIAL_DEPOSIT / 10` (1 DOT / 10 / 10 = 10^8 planck, 0.01 DOT), and the `TxExtension` tuple
    ///   whose order the signer follows (see `PolkadotSigner`).
    /// - paritytech/polkadot-sdk, substrate/frame/balances/src/lib.rs: `#[pallet::call_index(3)] transfer_keep_alive`.
    /// - Minimum spec version 1_002_005: where Asset Hub Polkadot gained CheckMetadataHash (gemwalletcom/core
    ///   crates/gem_polkadot/src/transfer.rs `CHECK_METADATA_MIN_SPEC_VERSION`).
    /// - Genesis 0x68d56f15…d7c3de2f: blake2b-256 of the genesis header of substrate-interface 1.8.1's
    ///   `polkadot_asset_hub.json` chain spec (shared/reference/oracles.md); the relay chain's is 0x91b171bb…90c3.
    public static let assetHubPolkadot = PolkadotRuntime(
        balancesPallet: 10,
        transferKeepAliveCall: 3,
        ss58Prefix: 0,
        existentialDeposit: 100_000_000,
        genesisHash: [
            0x68, 0xd5, 0x6f, 0x15, 0xf8, 0x5d, 0x31, 0x36, 0x97, 0x0e, 0xc1, 0x69, 0x46, 0x04, 0x0b, 0xc1,
            0x75, 0x26, 0x54, 0xe9, 0x06, 0x14, 0x7f, 0x7e, 0x43, 0xe9, 0xd5, 0x39, 0xd7, 0xc3, 0xde, 0x2f,
        ],
        minimumSpecVersion: 1_002_005
    )
}
