import GemCrypto
import Primitives

/// Aptos transfers of APT (`0x1::aptos_account::transfer`), of a coin (`transfer_coins<T>`, a token id with `::`)
/// and of a fungible asset (`primary_fungible_store::transfer`, a token id that is a metadata address), signed with
/// the single-key Ed25519 authenticator.
///
/// - preload: `GET /v1/accounts/{sender}` (the sequence number; 0 for an account the node does not know), `GET /v1/`
///   (the chain id, and the ledger time the expiration counts from: the signer holds no clock), `GET
///   /v1/accounts/{sender}/balance/0x1::aptos_coin::AptosCoin`, and for a token its `…/balance/{token}`; in that order.
/// - fee rates: `GET /v1/estimate_gas_price` (octas per gas unit: slow, normal, fast).
/// - load: no request (no simulation). A priority's fee is the most the transaction can pay:
///   `AptosTransfer.maxGasAmount` (the app's generic 1,500 units) × that priority's gas unit price, the numbers
///   signed; the transaction expires `AptosTransfer.expirationSeconds` after the ledger time.
/// - broadcast: `POST /v1/transactions` as JSON (`AptosTransfer.submitBody`: the BCS body is not text, which the host's
///   HTTP transport needs); status: `GET /v1/transactions/by_hash/{hash}`.
extension AptosClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .ed25519 }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        let sequence = try await sequenceNumber(address: input.sender)
        let ledgerJSON = try await call(.ledger)
        let ledger = try AptosMapper.ledger(ledgerJSON)
        let now = try AptosTransfer.ledgerSeconds(ledgerJSON)
        let apt = try await balance(address: input.sender).available
        var balance = apt
        if let token = input.assetId.tokenId {
            balance = try await tokenBalances(owner: input.sender, tokens: [token]).first?.available ?? .zero
        }
        return TransferPreload(balance: balance, feeBalance: apt,
                               chain: .aptos(sequenceNumber: sequence, chainId: ledger.chainId,
                                             expirationTimestampSecs: now + AptosTransfer.expirationSeconds))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return try await feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .aptos(sequence, chainId, expiration) = preload.chain else { throw .unsupported("an Aptos load needs an Aptos preload") }
        let gas = AptosTransfer.maxGasAmount
        var fees: [TransferFee] = []
        for rate in rates.rates {
            guard let price = rate.value.uint64, price > 0 else { throw .malformed("gas price \(rate.priority.rawValue) is not a positive u64") }
            let fee = BigUInt(price) * BigUInt(gas)
            fees.append(TransferFee(priority: rate.priority, fee: fee, amount: TransferLoad.amount(input, balance: preload.balance, fee: fee)))
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, chain: .aptos(sequenceNumber: sequence, chainId: chainId, maxGasAmount: gas,
                                                      expirationTimestampSecs: expiration))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .ed25519(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .aptos(sequence, chainId, gas, expiration) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority), let price = load.rates.rate(priority)?.uint64 else { throw .missingField("fee_rate") }
        let asset: AptosSignerInput.Asset
        if let token = load.input.assetId.tokenId {
            asset = token.contains("::") ? .coin(type: token, balance: load.balance) : .fungibleAsset(metadata: token, balance: load.balance)
        } else {
            asset = .apt
        }
        let input = AptosSignerInput(asset: asset, recipient: load.input.recipient, amount: fee.amount, balance: load.feeBalance,
                                     sequenceNumber: sequence, maxGasAmount: gas, gasUnitPrice: price,
                                     expirationTimestampSecs: expiration, chainId: chainId)
        let signed = try AptosSigner.sign(input, key: privateKey)
        return SignedTransaction(bytes: signed.bytes, encoded: try AptosTransfer.submitBody(input, signed: signed.bytes), hash: signed.hash)
    }

    /// `POST /v1/transactions` of the JSON submit request `sign` answers as `encoded` (the host's HTTP transport
    /// carries text bodies only, so the BCS form cannot cross it).
    public func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        guard let body = try? JSONParser.parse(signed.encoded), case .object = body else {
            throw .malformed("signed transaction: not a JSON submit request")
        }
        let hash = try AptosMapper.broadcast(try await transport.send(.json(path: "/v1/transactions", body)))
        guard signed.hash.isEmpty || hash.lowercased() == signed.hash.lowercased() else {
            throw .malformed("the node answered hash \(ChainClientError.prefix(hash, 66)) for transaction \(signed.hash)")
        }
        return hash
    }

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(hash: hash)
    }
}

/// The numbers of an Aptos transfer the app fixes rather than simulates.
public enum AptosTransfer {
    /// The gas limit signed (the app's generic limit when it does not simulate).
    public static let maxGasAmount: UInt64 = 1_500
    /// How long after the ledger time the transaction may be committed.
    public static let expirationSeconds: UInt64 = 600

    /// `GET /v1/` `ledger_timestamp` (microseconds, a u64 string) in whole seconds.
    static func ledgerSeconds(_ json: JSON) throws(ChainClientError) -> UInt64 {
        try NodeAnswer.u64String(json["ledger_timestamp"], "ledger_timestamp") / 1_000_000
    }

    /// The JSON `SubmitTransactionRequest` of a signed transfer (Aptos REST v1 `POST /v1/transactions`,
    /// application/json): the raw transaction's fields (the node adds its own chain id), the entry function
    /// payload with its arguments as JSON (addresses as `0x` hex, u64 as a decimal string), and the
    /// `ed25519_signature` the signer's authenticator carries (its last 32 + 1 + 64 bytes: public key, length,
    /// signature).
    static func submitBody(_ input: AptosSignerInput, signed: [UInt8]) throws(SignerError) -> String {
        guard signed.count > 98, let amount = input.amount.uint64 else { throw .invalidField("signed", reason: "not a signed Aptos transaction") }
        let signature = Array(signed.suffix(64))
        let publicKey = Array(signed.dropLast(65).suffix(32))
        let function: String
        var typeArguments: [JSON] = []
        var arguments: [JSON] = [.string(input.recipient), .string(String(amount))]
        switch input.asset {
        case .apt:
            function = "0x1::aptos_account::transfer"
        case let .coin(type, _):
            function = "0x1::aptos_account::transfer_coins"
            typeArguments = [.string(type)]
        case let .fungibleAsset(metadata, _):
            function = "0x1::primary_fungible_store::transfer"
            typeArguments = [.string("0x1::fungible_asset::Metadata")]
            arguments.insert(.string(metadata), at: 0)
        }
        let body = JSON.object([
            ("sender", .string(AptosAddress.derive(publicKey))),
            ("sequence_number", .string(String(input.sequenceNumber))),
            ("max_gas_amount", .string(String(input.maxGasAmount))),
            ("gas_unit_price", .string(String(input.gasUnitPrice))),
            ("expiration_timestamp_secs", .string(String(input.expirationTimestampSecs))),
            ("payload", .object([
                ("type", .string("entry_function_payload")), ("function", .string(function)),
                ("type_arguments", .array(typeArguments)), ("arguments", .array(arguments)),
            ])),
            ("signature", .object([
                ("type", .string("ed25519_signature")),
                ("public_key", .string("0x" + Hex.encode(publicKey))), ("signature", .string("0x" + Hex.encode(signature))),
            ])),
        ])
        return JSONWriter.string(body)
    }
}
