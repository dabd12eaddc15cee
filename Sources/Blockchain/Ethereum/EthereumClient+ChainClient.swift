import Primitives

/// Every EVM chain's answers (chain-apis.md § 1): `eth_getBalance`, batched ERC-20 `balanceOf` / `name` /
/// `symbol` / `decimals` calls, `eth_blockNumber`, `eth_chainId`. The stake is read where the specification's app
/// reads it: Ethereum (Everstake's accounting contract through Multicall3), SmartChain (the StakeHub reader) and
/// Monad (the staking lens); nil on every other EVM chain.
extension EthereumClient: ChainClient {
    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        try await tokenBalances(address: address, tokens: ChainClientSupport.bounded(tokenIds, chain))
    }

    /// Ethereum: one `eth_call` of Multicall3 `aggregate3` bundling Everstake's `depositedBalanceOf`,
    /// `pendingBalanceOf`, `pendingDepositedBalanceOf`, `withdrawRequest` and `restakedRewardOf` (each allowed to
    /// fail; a failed balance reads 0, a failed withdraw request fails the answer, as `get_everstake_account_state`);
    /// staked = deposited, pending = pending + pending deposited + the whole withdraw request (unstaking and ready
    /// to claim), as `get_ethereum_staking_balance` (rewards are not a balance kind).
    /// SmartChain: one batch of `getDelegations(address, 0, 128)` and `getUndelegations(address, 0, 128)` to the
    /// HubReader; staked = Σ delegation `amount`, pending = Σ undelegation `amount` (the specification's
    /// `get_smartchain_staking_balance`). Monad: `getBalance(address)` of the staking lens → `(staked, pending,
    /// rewards)` (`get_monad_staking_balance`; rewards are not a balance kind). Nil, without a request, elsewhere.
    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        let account: [UInt8]
        switch chain {
        case .ethereum, .smartChain, .monad:
            do { account = try EthereumAddress.decode(address) } catch { throw .malformed("not an EVM address: \(ChainClientError.prefix(address, 44))") }
        default:
            return nil
        }
        if chain == .ethereum {
            let call = EthereumRPC.call(to: EVMStaking.multicall3, data: EVMStaking.everstakeAggregate(account), block: .latest)
            let data = try EthereumMappers.data(try JSONRPC.result(try await transport.send(call.request())), field: "aggregate3")
            let results = try EVMStaking.aggregateResults(data, count: EVMStaking.everstakeSelectors.count)
            func uint(_ index: Int) throws(ChainClientError) -> BigUInt {
                guard let bytes = results[index] else { return .zero }
                return try EVMStaking.words(bytes, count: 1, field: "aggregate3[\(index)]")[0]
            }
            guard let request = results[3] else { throw .rpc(code: 0, message: "withdrawRequest reverted") }
            let requested = try EVMStaking.words(request, count: 2, field: "withdrawRequest")[0]
            return .stake(chain, staked: try uint(0), pending: try uint(1) + (try uint(2)) + requested)
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
    /// Multicall3 (the same address on every EVM chain).
    static let multicall3 = "0xcA11bde05977b3631167028862bE2a173976CA11"
    /// Everstake's accounting contract on Ethereum (gemwalletcom/core `everstake/constants.rs`).
    static let everstakeAccounting: [UInt8] = [0x7a, 0x7f, 0x0b, 0x3c, 0x23, 0xc2, 0x3a, 0x31, 0xcf, 0xcb, 0x0c, 0x44, 0x70, 0x9b, 0xe7, 0x0d,
                                               0x4d, 0x54, 0x5c, 0x6e]
    /// `depositedBalanceOf`, `pendingBalanceOf`, `pendingDepositedBalanceOf`, `withdrawRequest`, `restakedRewardOf`
    /// (each `(address)`), in the order they are bundled.
    static let everstakeSelectors: [[UInt8]] = [[0x68, 0xb4, 0x82, 0x54], [0x59, 0xb8, 0xc7, 0x63], [0x80, 0xf1, 0x4e, 0xcc],
                                                [0x14, 0xcb, 0xc4, 0x6a], [0x0c, 0x98, 0x92, 0x9a]]

    /// `aggregate3((address,bool,bytes)[])` (0x82ad56cb) of the five Everstake reads of `account`, each with
    /// allowFailure true.
    static func everstakeAggregate(_ account: [UInt8]) -> [UInt8] {
        let calls = everstakeSelectors.map { (target: everstakeAccounting, data: $0 + word(account)) }
        var out: [UInt8] = [0x82, 0xad, 0x56, 0xcb] + uintWord(32) + uintWord(calls.count)
        var tails: [[UInt8]] = []
        for call in calls {
            let padded = call.data + [UInt8](repeating: 0, count: (32 - call.data.count % 32) % 32)
            tails.append(word(call.target) + uintWord(1) + uintWord(96) + uintWord(call.data.count) + padded)
        }
        var offset = 32 * calls.count
        for tail in tails {
            out += uintWord(offset)
            offset += tail.count
        }
        return out + tails.flatMap { $0 }
    }

    /// `aggregate3`'s `(bool success, bytes returnData)[]`: each call's return data, nil where it failed.
    static func aggregateResults(_ bytes: [UInt8], count: Int) throws(ChainClientError) -> [[UInt8]?] {
        let array = try offset(bytes, at: 0, field: "aggregate3")
        guard try words(Array(bytes[array...]), count: 1, field: "aggregate3")[0] == BigUInt(UInt64(count)) else {
            throw .malformed("aggregate3: not \(count) results")
        }
        let elements = array + 32
        var results: [[UInt8]?] = []
        for index in 0..<count {
            let tuple = elements + (try offset(bytes, at: elements + 32 * index, field: "aggregate3[\(index)]", base: elements))
            let head = try words(Array(bytes[min(tuple, bytes.count)...]), count: 2, field: "aggregate3[\(index)]")
            let data = tuple + (try offset(bytes, at: tuple + 32, field: "aggregate3[\(index)].returnData", base: tuple))
            let length = try offset(bytes, at: data, field: "aggregate3[\(index)].returnData length", base: 0, isLength: true)
            guard length <= bytes.count - data - 32 else { throw .malformed("aggregate3[\(index)].returnData: beyond the answer") }
            results.append(head[0] == .zero ? nil : Array(bytes[(data + 32)..<(data + 32 + length)]))
        }
        return results
    }

    /// The word at byte `at` as an offset (relative to `base`) or a length that stays inside `bytes`.
    private static func offset(_ bytes: [UInt8], at: Int, field: String, base: Int = 0, isLength: Bool = false) throws(ChainClientError) -> Int {
        guard at >= 0, at <= bytes.count - 32 else { throw .malformed("\(field): beyond the answer") }
        guard let value = BigUInt(bigEndian: bytes[at..<(at + 32)]).uint64, value <= UInt64(bytes.count) else {
            throw .malformed("\(field): beyond the answer")
        }
        let result = Int(value)
        guard isLength || base + result <= bytes.count - 32 else { throw .malformed("\(field): beyond the answer") }
        return result
    }

    /// `value` as one 32-byte word.
    static func uintWord(_ value: Int) -> [UInt8] {
        word(BigUInt(UInt64(max(0, value))).bigEndianBytes)
    }

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
