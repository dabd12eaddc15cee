import Primitives
import Testing
@testable import Gemstone

private func item(_ id: String, _ name: String, index: Int32 = 0, order: Int32 = 0, pinned: Bool = false, image: String? = nil) throws -> WalletListItem {
    WalletListItem(id: try WalletId(parsing: id), name: name, index: index, order: order, isPinned: pinned, imageUrl: image)
}

private let multicoin = "multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94"

@Suite struct WalletRowRulesTests {
    @Test func aRowsSubtitlePlaceholderAndBadges() throws {
        let main = walletRow(try item(multicoin, "main"), currentWalletId: try WalletId(parsing: multicoin))
        #expect(main.subtitle == .walletType(walletType: .multicoin))
        #expect(main.placeholder == "M")
        #expect(main.isCurrent)
        #expect(!main.showsWatchBadge)
        #expect(!main.hasAvatar)
        let watch = walletRow(try item("view_tron_T1", "watch", image: "https://example.com/a.png"), currentWalletId: nil)
        #expect(watch.subtitle == .text(text: "TRON"))
        #expect(watch.showsWatchBadge)
        #expect(!watch.isCurrent)
        #expect(watch.hasAvatar)
        #expect(!walletRow(try item("view_tron_T1", "", image: ""), currentWalletId: nil).hasAvatar)
    }

    @Test func sectionsPutPinnedWalletsFirstEachInTheUsersOrder() throws {
        let wallets = [
            try item("view_tron_T1", "c", index: 1, order: 2),
            try item("view_tron_T2", "b", index: 2, order: 1, pinned: true),
            try item("view_tron_T3", "a", index: 3, order: 0),
            try item("view_tron_T4", "d", index: 4, order: 0, pinned: true),
        ]
        let sections = walletSections(wallets, currentWalletId: nil)
        #expect(sections.map(\.kind) == [.pinned, .wallets])
        #expect(sections[0].rows.map(\.name) == ["d", "b"])
        #expect(sections[1].rows.map(\.name) == ["a", "c"])
        #expect(walletSections(wallets.reversed(), currentWalletId: nil) == sections)
        #expect(walletSections(wallets.filter { !$0.isPinned }, currentWalletId: nil).map(\.kind) == [.wallets])
    }

    @Test(arguments: [(WalletType.multicoin, GemWalletSecretKind?.some(.phrase)), (.privateKey, .some(.privateKey)), (.view, nil)])
    func detailsNameTheSecret(_ type: WalletType, _ kind: GemWalletSecretKind?) throws {
        let id = switch type {
        case .multicoin: multicoin
        case .privateKey: "privateKey_ethereum_0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
        default: "view_ethereum_0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
        }
        let wallet = Wallet(id: try WalletId(parsing: id), externalId: nil, name: "W", index: 1, type: type,
                            accounts: [Account(chain: .ethereum, address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", derivationPath: "")],
                            order: 0, isPinned: false, imageUrl: nil, source: .import)
        let details = walletDetails(wallet, currentWalletId: nil)
        #expect(details.secretKind == kind)
        #expect(details.showSecret == kind.map { .showSecret(kind: $0) })
        #expect(details.address?.address == "0x9858...da94")
        #expect(details.address?.copy.value == "0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
    }

    @Test func theAddressRowOnlyForASingleAccount() throws {
        let accounts = [Account(chain: .ethereum, address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", derivationPath: ""),
                        Account(chain: .bitcoin, address: "bc1qxyz", derivationPath: "")]
        let wallet = Wallet(id: try WalletId(parsing: multicoin), externalId: nil, name: "W", index: 1, type: .multicoin,
                            accounts: accounts, order: 0, isPinned: false, imageUrl: nil, source: .create)
        #expect(walletDetails(wallet, currentWalletId: nil).address == nil)
    }
}
