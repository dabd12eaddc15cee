import Primitives

/// Every EVM chain's answers (chain-apis.md § 1): `eth_getBalance`, batched ERC-20 `balanceOf` / `name` /
/// `symbol` / `decimals` calls, `eth_blockNumber`, `eth_chainId`. The stake is read where the specification's app
/// reads it and this client knows the contract: SmartChain (the StakeHub reader) and Monad (the staking lens).
/// Ethereum's (Everstake through Multicall3) is not read yet, so there, as on every other EVM chain, it is nil.
extension EthereumClient: ChainClient {
    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        try await tokenBalances(address: address, tokens: ChainClientSupport.bounded(tokenIds, chain))
    }

    /// SmartChain: one batch of `getDelegations(address, 0, 128)` and `getUndelegations(address, 0, 128)` to the
    /// HubReader; staked = Σ delegation `amount`, pending = Σ undelegation `amount` (the specification's
    /// `get_smartchain_staking_balance`). Monad: `getBalance(address)` of the staking lens → `(staked, pending,
    /// rewards)` (`get_monad_staking_balance`; rewards are not a balance kind). Nil, without a request, elsewhere.
    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        let account: [UInt8]
        switch chain {
        case .smartChain, .monad:
            do { account = try EthereumAddress.decode(address) } catch { throw .malformed("not an EVM address: \(ChainClientError.prefix(address, 44))") }
        default:
            return nil
        }
        if chain == .monad {
            let call = EthereumRPC.call(to: EVMStaking.monadLens, data: EVMStaking.monadGetBalance(account), block: .latest)
            let words = try EVMStaking.words(try EthereumMappers.data(try JSONRPC.result(try await transport.send(call.request())), field: "getBalance"),
                                             count: 3, field: "getBalance")
            return .stake(chain, staked: words[0], pending: words[1])
        }
        let calls = [EVMStaking.smartChainDelegations(account), EVMStaking.smartChainUndelegations(account)].map {
            EthereumRPC.call(to: EVMStaking.smartChainHubReader, data: $0, block: .latest)
        }
        let results = try JSONRPC.results(try await transport.send(EthereumRPC.batch(calls)), count: 2)
        let delegations = try EVMStaking.structs(try EthereumMappers.data(results[0], field: "getDelegations"), fields: 4, field: "getDelegations")
        let undelegations = try EVMStaking.structs(try EthereumMappers.data(results[1], field: "getUndelegations"), fields: 5, field: "getUndelegations")
        // Delegation {delegator, validator, amount, shares}; Undelegation {delegator, validator, amount, shares, unlockTime}.
        return .stake(chain, staked: delegations.reduce(BigUInt.zero) { $0 + $1[2] }, pending: undelegations.reduce(BigUInt.zero) { $0 + $1[2] })
    }

    /// One batch of `name()`, `symbol()`, `decimals()`; the type is the chain's token standard (BEP-20 on
    /// SmartChain and opBNB, ERC-20 elsewhere, as the specification's `default_asset_type`).
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        let metadata = try await tokenMetadata(contract: tokenId)
        return ChainTokenMetadata(name: metadata.name, symbol: metadata.symbol, decimals: Int32(metadata.decimals),
                                  type: EthereumClient.tokenType(chain))
    }

    /// The token standard of `chain` (the specification's `chain_config.rs` `default_asset_type`).
    static func tokenType(_ chain: Chain) -> AssetType {
        switch chain {
        case .smartChain, .opBNB: .bep20
        default: .erc20
        }
    }
}

/// The EVM staking contracts the specification's app reads (gemwalletcom/core `gem_bsc/src/stake_hub.rs`,
/// `gem_evm/src/monad/contracts.rs`, `primitives/src/contract_constants.rs`; chain-apis.md § 1).
enum EVMStaking {
    /// SmartChain's HubReader.
    static let smartChainHubReader = "0x830295c0abe7358f7e24bc38408095621474280b"
    /// Monad's staking lens.
    static let monadLens = "0xe754Ad5e300c81B02dC6583E1612025507ef90F7"
    /// The most delegations one read lists (the specification's `STAKING_VALIDATORS_LIMIT`).
    static let limit: UInt8 = 128

    /// `getDelegations(address,uint16,uint16)` (0xced0e70e) of `account` from 0, at most `limit`.
    static func smartChainDelegations(_ account: [UInt8]) -> [UInt8] {
        [0xce, 0xd0, 0xe7, 0x0e] + word(account) + word([0]) + word([limit])
    }

    /// `getUndelegations(address,uint16,uint16)` (0xd9d4c020).
    static func smartChainUndelegations(_ account: [UInt8]) -> [UInt8] {
        [0xd9, 0xd4, 0xc0, 0x20] + word(account) + word([0]) + word([limit])
    }

    /// `getBalance(address)` (0xf8b2cb4f).
    static func monadGetBalance(_ account: [UInt8]) -> [UInt8] {
        [0xf8, 0xb2, 0xcb, 0x4f] + word(account)
    }

    /// `bytes` left-padded to one 32-byte word.
    static func word(_ bytes: [UInt8]) -> [UInt8] {
        [UInt8](repeating: 0, count: max(0, 32 - bytes.count)) + bytes.suffix(32)
    }

    /// The first `count` words of an ABI answer.
    static func words(_ bytes: [UInt8], count: Int, field: String) throws(ChainClientError) -> [BigUInt] {
        guard bytes.count >= 32 * count else { throw .malformed("\(field): \(bytes.count) bytes, not \(count) ABI words") }
        return (0..<count).map { BigUInt(bigEndian: bytes[(32 * $0)..<(32 * $0 + 32)]) }
    }

    /// An ABI-encoded dynamic array of static structs of `fields` words (head: the offset; at it: the length,
    /// then each struct's words), each struct as its words.
    static func structs(_ bytes: [UInt8], fields: Int, field: String) throws(ChainClientError) -> [[BigUInt]] {
        let head = try words(bytes, count: 1, field: field)[0]
        guard let offset = head.uint64, offset % 32 == 0, offset <= UInt64(bytes.count), bytes.count - Int(offset) >= 32 else {
            throw .malformed("\(field): the array offset is out of the answer")
        }
        let start = Int(offset)
        let length = BigUInt(bigEndian: bytes[start..<(start + 32)])
        guard let count = length.uint64, count <= UInt64(EVMStaking.limit), (bytes.count - start - 32) / 32 >= Int(count) * fields else {
            throw .malformed("\(field): the array length is out of the answer")
        }
        var out: [[BigUInt]] = []
        for index in 0..<Int(count) {
            let base = start + 32 + index * fields * 32
            out.append((0..<fields).map { BigUInt(bigEndian: bytes[(base + 32 * $0)..<(base + 32 * $0 + 32)]) })
        }
        return out
    }
}
