/// What a sync changed in the local store (`GemPriceAlertService.sync`): the remote alerts that
/// were missing or different locally and were written, and the ids of local alerts the remote side
/// no longer has, which were deleted. Both empty when local and remote already agreed (then
/// nothing was written).
///
/// JSON: `{"upserted":[{"id":…,"asset_id":…,…}],"deleted_ids":["bitcoin:USD:100000::up"]}`.
public struct GemPriceAlertSyncResult: Sendable, Equatable, Codable {
    public var upserted: [PriceAlert]
    public var deletedIds: [String]

    public init(upserted: [PriceAlert], deletedIds: [String]) {
        self.upserted = upserted
        self.deletedIds = deletedIds
    }
}
