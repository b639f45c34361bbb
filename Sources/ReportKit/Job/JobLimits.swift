/// The bounds an accepted job must keep. They keep out typing mistakes (a spray rate of 20,000 L/ha)
/// and hostile input (a 1 L tank on a 100,000 ha field), and are documented in docs/input-format.md.
public enum JobLimits {
    /// Largest field: 100,000 ha, larger than any single field sprayed as one job. The crop's
    /// area (`cropArea`) has the same bound.
    public static let maximumAreaHectares = 100_000.0
    /// Smallest area treated: 1 m², a garden bed. Smaller areas (4.9e-324 ha is a valid number)
    /// round to nothing in every unit the report and the record print.
    public static let minimumAreaHectares = 0.000_1
    /// Spray volume: from ultra-low-volume work (0.1 L/ha) to dilute orchard spraying (10,000 L/ha).
    public static let sprayRateLitresPerHectare = 0.1...10_000.0
    /// Tank: from a 1 L hand sprayer to a 100,000 L tanker.
    public static let tankCapacityLitres = 1.0...100_000.0
    /// Per-area product rates up to 1,000 L/ha or kg/ha (liquid fertiliser).
    public static let maximumPerAreaRate = 1_000.0
    /// Concentrations up to 1 L or 1 kg per litre of spray liquid (100 %).
    public static let maximumConcentration = 1.0
    public static let maximumProducts = 20
    /// The most tank loads one plan may have: far beyond a real job (1,000 ha at 200 L/ha in a
    /// 200 L tank), and a bound on the pages a report of it takes (a tank card is one page a load).
    public static let maximumLoads = 1_000
    /// Names, crops, and other single-line text, in characters.
    public static let maximumTextLength = 200
    /// The free-text notes, in characters.
    public static let maximumNotesLength = 2_000
    /// The parcels' labels and cadastral numbers together, in characters: about 350 cadastral
    /// numbers, far more than one field's, and a bound each list alone did not set (200 parcels of
    /// 200 numbers of 200 characters, 8 million characters, took minutes and gigabytes to lay out).
    public static let maximumParcelsText = 5_000
    /// The largest input document read for one job or one history, in bytes.
    public static let maximumDocumentBytes = 16 * 1024 * 1024
    /// The longest line of a JSON Lines history (one job), in bytes.
    public static let maximumLineBytes = 1024 * 1024
    /// A partial load smaller than this share of the tank is worth a warning.
    public static let smallLoadShareOfTank = 0.10
    /// Spray liquid left over that is too little to be a load (the app's threshold), in litres.
    public static let negligibleRemainderLitres = 0.01
}
