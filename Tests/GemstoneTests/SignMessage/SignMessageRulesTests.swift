import Blockchain
import Primitives
import Testing
@testable import Gemstone

/// `SignMessageRules`: bytes, sizes, kinds per chain and the preview rows.
@Suite struct SignMessageRulesTests {
    static func request(_ chain: Chain = .ethereum, _ kind: GemSignMessageKind = .eip191, _ message: String,
                        encoding: GemMessageEncoding = .text, appName: String = "Uniswap",
                        appUrl: String = "https://app.uniswap.org") -> GemSignMessageRequest {
        GemSignMessageRequest(chain: chain, kind: kind, message: message, encoding: encoding, appName: appName, appUrl: appUrl)
    }

    /// The EIP-712 Mail example (ethereum/EIPs assets/eip-712/Example.js).
    static func mail(chainId: String = "1") -> String {
        #"{"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"version","type":"string"},{"name":"chainId","type":"uint256"},{"name":"verifyingContract","type":"address"}],"Person":[{"name":"name","type":"string"},{"name":"wallet","type":"address"}],"Mail":[{"name":"from","type":"Person"},{"name":"to","type":"Person"},{"name":"contents","type":"string"}]},"primaryType":"Mail","domain":{"name":"Ether Mail","version":"1","chainId":\#(chainId),"verifyingContract":"0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC"},"message":{"from":{"name":"Cow","wallet":"0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"},"to":{"name":"Bob","wallet":"0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"},"contents":"Hello, Bob!"}}"#
    }

    static func expectInvalid(_ request: GemSignMessageRequest, _ message: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: GemServiceError.invalidInput(message: message), sourceLocation: sourceLocation) {
            try SignMessageRules.preview(request)
        }
    }

    @Test(arguments: [
        (GemSignMessageKind.eip191, Chain.ethereum, true), (.eip191, .polygon, true), (.eip712, .arbitrum, true),
        (.eip191, .solana, false), (.solana, .solana, true), (.solana, .sui, false), (.sui, .sui, true),
        (.tron, .tron, true), (.tron, .ethereum, false), (.tonProof, .ton, true), (.cosmosADR036, .cosmos, true),
        (.cosmosADR036, .osmosis, true), (.cosmosADR036, .tron, false), (.bitcoinBIP137, .bitcoin, true),
        (.bitcoinBIP137, .litecoin, false),
    ])
    func kindBelongsToItsFamily(kind: GemSignMessageKind, chain: Chain, supported: Bool) {
        #expect(SignMessageRules.supports(kind, on: chain) == supported)
    }

    @Test func decodesEachEncoding() throws {
        #expect(try SignMessageRules.messageBytes(Self.request(.ethereum, .eip191, "hi")) == [0x68, 0x69])
        #expect(try SignMessageRules.messageBytes(Self.request(.ethereum, .eip191, "0x6869", encoding: .hex)) == [0x68, 0x69])
        #expect(try SignMessageRules.messageBytes(Self.request(.ethereum, .eip191, "6869", encoding: .hex)) == [0x68, 0x69])
        // Base58 of "hi" is "8wr".
        #expect(try SignMessageRules.messageBytes(Self.request(.solana, .solana, "8wr", encoding: .base58)) == [0x68, 0x69])
    }

    @Test func refusesMalformedRequests() {
        Self.expectInvalid(Self.request(.ethereum, .eip191, "0xzz", encoding: .hex), "the message is not hex")
        Self.expectInvalid(Self.request(.solana, .solana, "0OIl", encoding: .base58), "the message is not base58")
        Self.expectInvalid(Self.request(.ethereum, .eip191, ""), "the message is empty")
        Self.expectInvalid(Self.request(.ethereum, .eip191, "0x", encoding: .hex), "the message is empty")
        Self.expectInvalid(Self.request(.solana, .eip191, "hi"), "eip191 messages are not signed on solana")
        Self.expectInvalid(Self.request(.litecoin, .bitcoinBIP137, "hi"), "bitcoin_bip137 messages are not signed on litecoin")
        Self.expectInvalid(Self.request(.ethereum, .eip712, "7b7d", encoding: .hex), "eip712 typed data is given as its JSON text")
    }

    @Test func sizesAreBoundedBeforeParsing() throws {
        let limit = GemConstants.signMessageMaxBytes
        _ = try SignMessageRules.preview(Self.request(.ethereum, .eip191, String(repeating: "a", count: limit)))
        Self.expectInvalid(Self.request(.ethereum, .eip191, String(repeating: "a", count: limit + 1)),
                           "the message is longer than \(limit) bytes")
        // Typed data over the limit is refused before it is parsed (it is not even JSON here).
        Self.expectInvalid(Self.request(.ethereum, .eip712, String(repeating: "{", count: limit + 1)),
                           "the message is longer than \(limit) bytes")
        let app = GemConstants.signMessageMaxAppBytes
        Self.expectInvalid(Self.request(.ethereum, .eip191, "hi", appName: String(repeating: "n", count: app + 1)),
                           "the app name or URL is longer than \(app) bytes")
        Self.expectInvalid(Self.request(.ethereum, .eip191, "hi", appUrl: "https://" + String(repeating: "u", count: app)),
                           "the app name or URL is longer than \(app) bytes")
    }

    @Test func printableMessageIsText() throws {
        let preview = try SignMessageRules.preview(Self.request(.ethereum, .eip191, "0x68656c6c6f0a776f726c64", encoding: .hex))
        #expect(preview.printable)
        #expect(preview.rows == [
            GemSignMessageRow(section: .app, label: "app", value: "Uniswap", style: .text),
            GemSignMessageRow(section: .app, label: "url", value: "https://app.uniswap.org", style: .url),
            GemSignMessageRow(section: .app, label: "network", value: "Ethereum", style: .text),
            GemSignMessageRow(section: .message, label: "message", value: "hello\nworld", style: .text),
        ])
    }

    @Test(arguments: ["deadbeef", "68690068", "68e2808b69", "68e280ae69", "c0af"])
    func unprintableMessageIsHex(_ hex: String) throws {
        // Invalid UTF-8, a NUL, a zero-width space, a right-to-left override, an overlong encoding.
        let preview = try SignMessageRules.preview(Self.request(.ethereum, .eip191, hex, encoding: .hex, appName: "", appUrl: ""))
        #expect(!preview.printable)
        #expect(preview.rows.last == GemSignMessageRow(section: .message, label: "message", value: "0x" + hex, style: .hex))
        #expect(preview.rows.count == 2)
    }

    @Test func typedDataRowsFollowTheTypes() throws {
        let preview = try SignMessageRules.preview(Self.request(.ethereum, .eip712, Self.mail()))
        #expect(preview.printable)
        #expect(Array(preview.rows.dropFirst(3)) == [
            GemSignMessageRow(section: .domain, label: "name", value: "Ether Mail", style: .text),
            GemSignMessageRow(section: .domain, label: "version", value: "1", style: .text),
            GemSignMessageRow(section: .domain, label: "chainId", value: "1", style: .text),
            GemSignMessageRow(section: .domain, label: "verifyingContract", value: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC", style: .address),
            GemSignMessageRow(section: .message, label: "primary_type", value: "Mail", style: .text),
            GemSignMessageRow(section: .message, label: "from.name", value: "Cow", style: .text),
            GemSignMessageRow(section: .message, label: "from.wallet", value: "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826", style: .address),
            GemSignMessageRow(section: .message, label: "to.name", value: "Bob", style: .text),
            GemSignMessageRow(section: .message, label: "to.wallet", value: "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB", style: .address),
            GemSignMessageRow(section: .message, label: "contents", value: "Hello, Bob!", style: .text),
        ])
    }

    @Test func typedDataArraysIntegersAndTimestamps() throws {
        let json = #"{"types":{"EIP712Domain":[{"name":"name","type":"string"}],"Permit":[{"name":"spender","type":"address"},{"name":"value","type":"uint256"},{"name":"deadline","type":"uint256"},{"name":"ids","type":"int8[]"},{"name":"one","type":"uint8[]"},{"name":"salt","type":"bytes32"}]},"primaryType":"Permit","domain":{"name":"T"},"message":{"spender":"0x0000000000000000000000000000000000000001","value":"0xff","deadline":1700000000,"ids":[-1,2],"one":[7],"salt":"0x\#(String(repeating: "AB", count: 32))"}}"#
        let rows = try SignMessageRules.preview(Self.request(.ethereum, .eip712, json, appName: "", appUrl: "")).rows
        #expect(rows.filter { $0.section == .message }.map { "\($0.label)=\($0.value):\($0.style)" } == [
            "primary_type=Permit:text", "spender=0x0000000000000000000000000000000000000001:address", "value=255:text",
            "deadline=1700000000:timestamp", "ids[1]=-1:text", "ids[2]=2:text", "one=7:text",
            "salt=0x\(String(repeating: "ab", count: 32)):hex",
        ])
    }

    @Test func typedDataForAnotherChainIsRefused() throws {
        Self.expectInvalid(Self.request(.ethereum, .eip712, Self.mail(chainId: "137")),
                           "the typed data's domain is for chain id 137, not ethereum (1)")
        // Polygon's id is 137: the same typed data is that chain's.
        _ = try SignMessageRules.preview(Self.request(.polygon, .eip712, Self.mail(chainId: "\"0x89\"")))
    }

    @Test(arguments: [
        ("{", "typed_data: not JSON (expected a string key at byte 1)"),
        ("[]", "typed_data: not a JSON object"),
        (#"{"types":{},"primaryType":"Mail","domain":{},"message":{}}"#, "typed_data: types has no EIP712Domain"),
    ])
    func malformedTypedDataIsAnErrorRecord(json: String, message: String) {
        Self.expectInvalid(Self.request(.ethereum, .eip712, json), message)
    }

    @Test func tonProofShowsTheSignedDomain() throws {
        let preview = try SignMessageRules.preview(Self.request(.ton, .tonProof, "payload-1", appName: "Demo",
                                                                appUrl: "https://Ton-Connect.github.io:443/demo?x=1"))
        #expect(preview.rows.contains(GemSignMessageRow(section: .app, label: "domain", value: "ton-connect.github.io", style: .text)))
        #expect(preview.rows.last?.value == "payload-1")
        Self.expectInvalid(Self.request(.ton, .tonProof, "p", appUrl: ""),
                           "ton_proof needs the app's http(s) URL: its host is the signed domain")
        Self.expectInvalid(Self.request(.ton, .tonProof, "p", appUrl: "https://user@evil.example"), "the app's URL has user information")
        Self.expectInvalid(Self.request(.ton, .tonProof, "p", appUrl: "https://"), "the app's URL has no valid host")
    }
}
