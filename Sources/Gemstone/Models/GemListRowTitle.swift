/// The fixed vocabulary of plain-row titles. Each app resolves a case to its localized text in its
/// one shared localization file; a new title is a case here, never a per-feature mapper.
public enum GemListRowTitle: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    // Identity
    case name, network, address, wallet, app, contract, token, symbol, decimals, type, memo
    case transactionId = "transaction_id"
    case sender, recipient, provider, validator, status, date
    // Balances
    case available, stake, reserved, earn, freeze, unfreeze
    case pendingUnconfirmed = "pending_unconfirmed"
    case claimRewards = "claim_rewards"
    // Fees and amounts
    case value, amount, fee
    case networkFee = "network_fee"
    case minimumAmount = "minimum_amount"
    case minimumReceive = "minimum_receive"
    case slippage
    case priceImpact = "price_impact"
    case rate, price
    case estimatedTime = "estimated_time"
    case estimatedConfirmation = "estimated_confirmation"
    // Staking and markets
    case stakeApr = "stake_apr"
    case lockTime = "lock_time"
    case marketCap = "market_cap"
    case circulatingSupply = "circulating_supply"
    case totalSupply = "total_supply"
    case maxSupply = "max_supply"
    case tradingVolume = "trading_volume"
    case allTimeHigh = "all_time_high"
    case allTimeLow = "all_time_low"
    // Settings and navigation
    case wallets, security, notifications, preferences, currency, language, appearance, networks, contacts
    case walletConnect = "wallet_connect"
    case priceAlerts = "price_alerts"
    case support, developer, version, website
    case aboutUs = "about_us"
    case termsOfService = "terms_of_service"
    case privacyPolicy = "privacy_policy"
    case hideBalance = "hide_balance"
    case lockPeriod = "lock_period"
    case authentication
    // Notices
    case warning, error
    case suspiciousAddress = "suspicious_address"
    case unlimitedApproval = "unlimited_approval"
    case noData = "no_data"
}

/// The titles of plain sections; `none` for a section without a header.
public enum GemListSectionTitle: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case none, balances, info, details, network, community, manage, resources, properties, security
    case socialLinks = "social_links"
}

/// The footer under a plain section.
public enum GemListSectionFooter: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case none
    /// The explanation under the authentication settings.
    case authentication
}

/// The leading icon of a navigable row; each app maps it to its own image once.
public enum GemListRowIcon: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case none, wallets, security, notifications, preferences, support, developer, currency, language, appearance, networks, contacts
    case appLogo = "app_logo"
    case walletConnect = "wallet_connect"
    case priceAlerts = "price_alerts"
    case aboutUs = "about_us"
}

/// Where a row's web page opens.
public enum GemUrlTarget: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case inApp = "in_app"
    case external
}

/// How a notice row reads.
public enum GemNoticeKind: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case error, warning, info
}

/// The explanation a row's info button opens; each app composes its sheet from the topic.
public enum GemInfoTopic: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case networkFee = "network_fee"
    case transactionStatus = "transaction_status"
    case priceImpact = "price_impact"
    case slippage
    case minimumAmount = "minimum_amount"
    case stakeApr = "stake_apr"
    case stakeLockTime = "stake_lock_time"
    case estimatedConfirmation = "estimated_confirmation"
    case watchWallet = "watch_wallet"
    case pendingUnconfirmedBalance = "pending_unconfirmed_balance"
}
