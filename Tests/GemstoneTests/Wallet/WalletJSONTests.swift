import Primitives
import Testing
@testable import Gemstone

/// The JSON shapes the C ABI documents for wallet records.
struct WalletJSONTests {
    @Test(arguments: [
        (#"{"type":"multicoin","phrase":"a b","chains":["bitcoin","ethereum"],"name":"Main"}"#,
         GemWalletImport.multicoin(phrase: "a b", chains: [.bitcoin, .ethereum], name: "Main")),
        (#"{"type":"multicoin","phrase":"a b"}"#, .multicoin(phrase: "a b", chains: [], name: nil)),
        (#"{"type":"single","phrase":"a b","chain":"solana"}"#, .single(phrase: "a b", chain: .solana, name: nil)),
        (#"{"type":"private_key","private_key":"0x11","chain":"ethereum","name":"K"}"#,
         .privateKey(privateKey: "0x11", chain: .ethereum, name: "K")),
        (#"{"type":"view","address":"T1","chain":"tron"}"#, .view(address: "T1", chain: .tron, name: nil)),
    ])
    func importRequests(_ json: String, _ request: GemWalletImport) throws {
        #expect(try JSONCodec.decode(GemWalletImport.self, from: Array(json.utf8)) == request)
        #expect(try JSONCodec.decode(GemWalletImport.self, from: try JSONCodec.encode(request)) == request)
    }

    @Test(arguments: [
        #"{"type":"mnemonic","phrase":"a"}"#,
        #"{"type":"single","phrase":"a"}"#,
        #"{"type":"view","address":"x","chain":"dogecoin"}"#,
        #"{"type":"private_key","key":"x","chain":"ethereum"}"#,
        #"["view"]"#,
    ])
    func malformedImportRequests(_ json: String) {
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(GemWalletImport.self, from: Array(json.utf8)) }
    }

    @Test func requestsNeverPrintTheirSecret() {
        let request = GemWalletImport.privateKey(privateKey: "0xsecretkey", chain: .ethereum, name: nil)
        #expect(!String(describing: request).contains("secretkey"))
        #expect(!String(reflecting: request).contains("secretkey"))
        var dumped = ""
        dump(request, to: &dumped)
        #expect(!dumped.contains("secretkey"))
        #expect(!String(describing: GemWalletImport.multicoin(phrase: "abandon zoo", chains: [], name: nil)).contains("zoo"))
    }

    @Test func importResultAndPreview() throws {
        let wallet = Wallet(id: .view(chain: .tron, address: "T1"), externalId: nil, name: "W", index: 1,
                            accounts: [Account(chain: .tron, address: "T1", derivationPath: "")], order: 0,
                            isPinned: false, imageUrl: nil, source: .import)
        let walletJSON = #"{"id":"view_tron_T1","name":"W","index":1,"type":"view","accounts":[{"chain":"tron","address":"T1","derivation_path":""}],"order":0,"is_pinned":false,"source":"import"}"#
        #expect(try JSONCodec.encodeString(GemWalletImportResult.imported(wallet: wallet)) == #"{"type":"imported","wallet":"# + walletJSON + "}")
        #expect(try JSONCodec.encodeString(GemWalletImportResult.existing(wallet: wallet)) == #"{"type":"existing","wallet":"# + walletJSON + "}")
        let preview = GemWalletPreview(walletId: wallet.id, accounts: wallet.accounts, existing: true)
        #expect(try JSONCodec.encodeString(preview)
            == #"{"wallet_id":"view_tron_T1","wallet_type":"view","accounts":[{"chain":"tron","address":"T1","derivation_path":""}],"existing":true}"#)
    }
}

/// The rule between fields that the schema's "check" option leaves to Swift: a type must be the one its id names.
struct WalletTypeCheckTests {
    @Test func aWalletWhoseTypeIsNotItsIdsIsRefused() {
        let json = #"{"id":"view_tron_T1","name":"W","index":1,"type":"multicoin","accounts":[],"order":0,"is_pinned":false,"source":"import"}"#
        #expect(throws: JSONCodecError(path: "", reason: "wallet type multicoin does not match its id (view)")) {
            try JSONCodec.decode(Wallet.self, from: Array(json.utf8))
        }
        let preview = #"{"wallet_id":"view_tron_T1","wallet_type":"single","accounts":[],"existing":true}"#
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(GemWalletPreview.self, from: Array(preview.utf8)) }
    }
}
