package com.gemwallet.gemstone

// The wallet records of gemstone.h ("Wallets") are generated from schema/wallets.json and
// schema/wallet_service.json (generated/Records.kt): Wallet, WalletImport, WalletImportResult, WalletPreview,
// WalletCreated, WalletDeleted, Copy and CopyKind. Their behaviour stays here, as extensions. A record that
// holds a phrase, a private key or a copied value never prints it (its toString shows <redacted>).

/** A watch-only wallet has no secret to export. */
val Wallet.isWatchOnly: Boolean get() = type == WalletType.VIEW

/** The wallet's account on [chain], if it has one. */
fun Wallet.account(chain: String): Account? = accounts.firstOrNull { it.chain == chain }

/** The name given with the import (null or blank: "Wallet #<index>"). */
val WalletImport.name: String?
    get() = when (this) {
        is WalletImport.Multicoin -> name
        is WalletImport.Single -> name
        is WalletImport.PrivateKey -> name
        is WalletImport.View -> name
    }

/** The type of the wallet the import makes. */
val WalletImport.type: WalletType
    get() = when (this) {
        is WalletImport.Multicoin -> WalletType.MULTICOIN
        is WalletImport.Single -> WalletType.SINGLE
        is WalletImport.PrivateKey -> WalletType.PRIVATE_KEY
        is WalletImport.View -> WalletType.VIEW
    }

/** The wallet imported, or the one stored before under the same id. */
val WalletImportResult.wallet: Wallet
    get() = when (this) {
        is WalletImportResult.Imported -> wallet
        is WalletImportResult.Existing -> wallet
    }

/** True when the wallet was stored already (made current, nothing duplicated). */
val WalletImportResult.isExisting: Boolean get() = this is WalletImportResult.Existing

/** A secret (a phrase, a key): mark the clipboard item sensitive and never show it in a toast. */
val CopyKind.isSecret: Boolean get() = this is CopyKind.SecretPhrase || this is CopyKind.PrivateKey

/** The copied value is a secret (its kind says so). */
val Copy.isSensitive: Boolean get() = kind.isSecret

/**
 * The specification's name for the one copy model, [Copy]: what [WalletService.exportSecret] and
 * [WalletService.createWallet] answer, and what `Presentation.addressCopy` answers for an address.
 */
typealias GemCopy = Copy
