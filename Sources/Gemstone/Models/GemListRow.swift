import Primitives

/// The one shared plain row (spec: "A plain list is Core sections of one shared row"): a title
/// from a fixed vocabulary and a finished value. One builder per app renders every case.
public enum GemListRow: Sendable, Equatable {
    case notice(title: GemListRowTitle, message: GemLocalizedText?, kind: GemNoticeKind)
    case text(title: GemListRowTitle, value: String)
    case amount(title: GemListRowTitle, amount: GemFormattedNumber, info: GemInfoTopic?)
    case duration(title: GemListRowTitle, parts: [GemDurationPart], info: GemInfoTopic?)
    case label(title: GemListRowTitle, text: GemLocalizedText, tone: GemValueTone, info: GemInfoTopic?, progress: Bool)
    /// `date` is Unix time in seconds; the app prints it in the device's calendar.
    case date(title: GemListRowTitle, date: Int64)
    case network(title: GemListRowTitle, chain: Chain, name: String)
    /// An in-app destination, keyed by its title.
    case link(title: GemListRowTitle, value: String?, icon: GemListRowIcon)
    case url(title: GemListRowTitle, value: String?, icon: GemListRowIcon, url: String, target: GemUrlTarget)
    case toggle(title: GemListRowTitle, value: String?, icon: GemListRowIcon, isOn: Bool)
    case picker(title: GemListRowTitle, value: String, icon: GemListRowIcon)
    case icon(chain: Chain)
    case address(address: String, copy: GemCopy)
    /// "View on `name`": the app composes the sentence around the explorer's name.
    case explorer(name: String, url: String)
    case loading
    case error(error: GemServiceError)
}

extension GemListRow {
    /// A network row named after the chain's native asset.
    public static func network(_ chain: Chain) -> GemListRow {
        .network(title: .network, chain: chain, name: chain.asset.name)
    }

    /// An address row with its copy model, the display shortened once.
    public static func address(_ address: String, chain: Chain) -> GemListRow {
        .address(address: address, copy: .address(address, chain: chain))
    }

    /// A transaction's status: the state named, toned, with progress while it is in flight.
    public static func transactionStatus(_ state: TransactionState) -> GemListRow {
        .label(title: .status, text: .transactionState(state: state), tone: GemTransactionRules.stateTone(state), info: .transactionStatus, progress: state.isInFlight)
    }
}

/// A section of plain rows; a screen returns `[GemListSection]` and declares no row type of its own.
public struct GemListSection: Sendable, Equatable, Codable {
    public var title: GemListSectionTitle
    public var footer: GemListSectionFooter
    public var rows: [GemListRow]

    public init(title: GemListSectionTitle, footer: GemListSectionFooter = .none, rows: [GemListRow]) {
        self.title = title
        self.footer = footer
        self.rows = rows
    }
}

extension GemListRow: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, title, message, kind, value, amount, info, parts, text, tone, progress, date, chain, name, icon, url, target, isOn, address, copy, error
    }

    private enum Kind: String, Codable {
        case notice, text, amount, duration, label, date, network, link, url, toggle, picker, icon, address, explorer, loading, error
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(Kind.self, forKey: .type) {
        case .notice:
            self = .notice(title: try c.decode(GemListRowTitle.self, forKey: .title), message: try c.decodeIfPresent(GemLocalizedText.self, forKey: .message), kind: try c.decode(GemNoticeKind.self, forKey: .kind))
        case .text:
            self = .text(title: try c.decode(GemListRowTitle.self, forKey: .title), value: try c.decode(String.self, forKey: .value))
        case .amount:
            self = .amount(title: try c.decode(GemListRowTitle.self, forKey: .title), amount: try c.decode(GemFormattedNumber.self, forKey: .amount), info: try c.decodeIfPresent(GemInfoTopic.self, forKey: .info))
        case .duration:
            self = .duration(title: try c.decode(GemListRowTitle.self, forKey: .title), parts: try c.decode([GemDurationPart].self, forKey: .parts), info: try c.decodeIfPresent(GemInfoTopic.self, forKey: .info))
        case .label:
            self = .label(
                title: try c.decode(GemListRowTitle.self, forKey: .title), text: try c.decode(GemLocalizedText.self, forKey: .text),
                tone: try c.decode(GemValueTone.self, forKey: .tone), info: try c.decodeIfPresent(GemInfoTopic.self, forKey: .info),
                progress: try c.decode(Bool.self, forKey: .progress))
        case .date:
            self = .date(title: try c.decode(GemListRowTitle.self, forKey: .title), date: try c.decode(Int64.self, forKey: .date))
        case .network:
            self = .network(title: try c.decode(GemListRowTitle.self, forKey: .title), chain: try c.decode(Chain.self, forKey: .chain), name: try c.decode(String.self, forKey: .name))
        case .link:
            self = .link(title: try c.decode(GemListRowTitle.self, forKey: .title), value: try c.decodeIfPresent(String.self, forKey: .value), icon: try c.decode(GemListRowIcon.self, forKey: .icon))
        case .url:
            self = .url(
                title: try c.decode(GemListRowTitle.self, forKey: .title), value: try c.decodeIfPresent(String.self, forKey: .value),
                icon: try c.decode(GemListRowIcon.self, forKey: .icon), url: try c.decode(String.self, forKey: .url),
                target: try c.decode(GemUrlTarget.self, forKey: .target))
        case .toggle:
            self = .toggle(
                title: try c.decode(GemListRowTitle.self, forKey: .title), value: try c.decodeIfPresent(String.self, forKey: .value),
                icon: try c.decode(GemListRowIcon.self, forKey: .icon), isOn: try c.decode(Bool.self, forKey: .isOn))
        case .picker:
            self = .picker(title: try c.decode(GemListRowTitle.self, forKey: .title), value: try c.decode(String.self, forKey: .value), icon: try c.decode(GemListRowIcon.self, forKey: .icon))
        case .icon:
            self = .icon(chain: try c.decode(Chain.self, forKey: .chain))
        case .address:
            self = .address(address: try c.decode(String.self, forKey: .address), copy: try c.decode(GemCopy.self, forKey: .copy))
        case .explorer:
            self = .explorer(name: try c.decode(String.self, forKey: .name), url: try c.decode(String.self, forKey: .url))
        case .loading:
            self = .loading
        case .error:
            self = .error(error: try c.decode(GemServiceError.self, forKey: .error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .notice(title, message, kind):
            try c.encode(Kind.notice, forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encodeIfPresent(message, forKey: .message)
            try c.encode(kind, forKey: .kind)
        case let .text(title, value):
            try c.encode(Kind.text, forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encode(value, forKey: .value)
        case let .amount(title, amount, info):
            try c.encode(Kind.amount, forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encode(amount, forKey: .amount)
            try c.encodeIfPresent(info, forKey: .info)
        case let .duration(title, parts, info):
            try c.encode(Kind.duration, forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encode(parts, forKey: .parts)
            try c.encodeIfPresent(info, forKey: .info)
        case let .label(title, text, tone, info, progress):
            try c.encode(Kind.label, forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encode(text, forKey: .text)
            try c.encode(tone, forKey: .tone)
            try c.encodeIfPresent(info, forKey: .info)
            try c.encode(progress, forKey: .progress)
        case let .date(title, date):
            try c.encode(Kind.date, forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encode(date, forKey: .date)
        case let .network(title, chain, name):
            try c.encode(Kind.network, forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encode(chain, forKey: .chain)
            try c.encode(name, forKey: .name)
        case let .link(title, value, icon):
            try c.encode(Kind.link, forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encodeIfPresent(value, forKey: .value)
            try c.encode(icon, forKey: .icon)
        case let .url(title, value, icon, url, target):
            try c.encode(Kind.url, forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encodeIfPresent(value, forKey: .value)
            try c.encode(icon, forKey: .icon)
            try c.encode(url, forKey: .url)
            try c.encode(target, forKey: .target)
        case let .toggle(title, value, icon, isOn):
            try c.encode(Kind.toggle, forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encodeIfPresent(value, forKey: .value)
            try c.encode(icon, forKey: .icon)
            try c.encode(isOn, forKey: .isOn)
        case let .picker(title, value, icon):
            try c.encode(Kind.picker, forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encode(value, forKey: .value)
            try c.encode(icon, forKey: .icon)
        case let .icon(chain):
            try c.encode(Kind.icon, forKey: .type)
            try c.encode(chain, forKey: .chain)
        case let .address(address, copy):
            try c.encode(Kind.address, forKey: .type)
            try c.encode(address, forKey: .address)
            try c.encode(copy, forKey: .copy)
        case let .explorer(name, url):
            try c.encode(Kind.explorer, forKey: .type)
            try c.encode(name, forKey: .name)
            try c.encode(url, forKey: .url)
        case .loading:
            try c.encode(Kind.loading, forKey: .type)
        case let .error(error):
            try c.encode(Kind.error, forKey: .type)
            try c.encode(error, forKey: .error)
        }
    }
}
