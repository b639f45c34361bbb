/// What a warning says, as facts a report can print in its own language and units (the
/// diagnostic's message is the same in English, for standard error). Every warning a plan carries
/// that a person loading the sprayer should see has one.
public enum Notice: Sendable, Equatable {
    /// The last load holds only `litres` of spray liquid, `shareOfTank` % of the tank.
    case smallLastLoad(litres: Double, shareOfTank: Int)
    /// Product `number` (from 1) has the name of product `sameAs`.
    case repeatedProduct(name: String, number: Int, sameAs: Int)
    /// A text at `field` holds characters the report's fonts cannot draw (their code points).
    case unprintableText(field: String, characters: [String])
    /// A key of the input that is not read, and so left out.
    case ignoredKey(String)
    /// A growth stage whose BBCH stage cannot be read (a range backwards, …).
    case unreadableBBCH(String)
}
