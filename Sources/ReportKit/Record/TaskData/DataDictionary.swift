/// The entities of ISO 11783-11's data dictionary (DDIs) that task data is written and read with,
/// and the one conversion between a value in the record's units and the integer a terminal
/// reads. Each entry is the standard's row (docs/isoxml.md has the table with its source): a
/// value in the file is a whole number of the entity's resolution in the entity's unit.
struct DataDictionaryEntity: Sendable, Equatable {
    /// The DDI as ISO 11783-10 writes it in `PDV A`, `DLV A` and `PDT E`: four hex digits.
    let ddi: String
    /// The standard's name of the entity.
    let name: String
    /// The standard's unit, and the size of one integer step in it.
    let unit: String
    let resolution: Double
    /// The record's unit for the same quantity, and how many of the standard's units make one of it
    /// (1 L/ha = 100 mm³/m²).
    let recordUnit: String
    let standardUnitsPerRecordUnit: Double

    /// DDI 0x0001, Setpoint Volume Per Area Application Rate as [mm³/m²], resolution 0.01: 1 L/ha is
    /// 100 mm³/m², so 10,000 in the file.
    static let setpointVolumePerArea = DataDictionaryEntity(ddi: "0001", name: "Setpoint Volume Per Area Application Rate as [mm³/m²]",
                                                            unit: "mm³/m²", resolution: 0.01, recordUnit: "L/ha", standardUnitsPerRecordUnit: 100)
    /// DDI 0x0006, Setpoint Mass Per Area Application Rate, mg/m², resolution 1: 1 kg/ha is 100 in
    /// the file, so a step is 10 g/ha.
    static let setpointMassPerArea = DataDictionaryEntity(ddi: "0006", name: "Setpoint Mass Per Area Application Rate",
                                                          unit: "mg/m²", resolution: 1, recordUnit: "kg/ha", standardUnitsPerRecordUnit: 100)
    /// DDI 0x0048, Actual Volume Content, mL, resolution 1: a liquid product's quantity.
    static let volumeContent = DataDictionaryEntity(ddi: "0048", name: "Actual Volume Content",
                                                    unit: "ml", resolution: 1, recordUnit: "mL", standardUnitsPerRecordUnit: 1)
    /// DDI 0x004B, Actual Mass Content, g, resolution 1: a dry product's quantity.
    static let massContent = DataDictionaryEntity(ddi: "004B", name: "Actual Mass Content",
                                                  unit: "g", resolution: 1, recordUnit: "g", standardUnitsPerRecordUnit: 1)
    /// DDI 0x0050, Application Total Volume as [L], resolution 1: what a terminal logs as sprayed.
    static let applicationTotalVolume = DataDictionaryEntity(ddi: "0050", name: "Application Total Volume as [L]",
                                                             unit: "L", resolution: 1, recordUnit: "L", standardUnitsPerRecordUnit: 1)
    /// DDI 0x0074, Total Area, m², resolution 1: what a terminal logs as treated.
    static let totalArea = DataDictionaryEntity(ddi: "0074", name: "Total Area",
                                                unit: "m²", resolution: 1, recordUnit: "m²", standardUnitsPerRecordUnit: 1)

    /// Every entity task data is written or read with.
    static let all: [DataDictionaryEntity] = [setpointVolumePerArea, setpointMassPerArea, volumeContent, massContent,
                                              applicationTotalVolume, totalArea]

    /// The entity of a DDI as a file writes it (any case, leading zeros or not).
    static func entity(_ ddi: String) -> DataDictionaryEntity? {
        guard let number = UInt16(ddi, radix: 16) else { return nil }
        return all.first { UInt16($0.ddi, radix: 16) == number }
    }

    /// The value of one integer step, in the record's unit (0.0001 L/ha for 0x0001).
    var step: Double { resolution / standardUnitsPerRecordUnit }

    /// The integer a file holds for `value` in the record's unit: the nearest step, so what a
    /// terminal reads back differs from `value` by at most half a step.
    func integer(for value: Double) -> Int64 {
        Int64((value / step).rounded())
    }

    /// The value in the record's unit of the integer `raw` from a file.
    func value(of raw: Double) -> Double {
        raw * step
    }

    /// A difference below which a rounded dose is not reported: a thousandth is far inside any
    /// sprayer's metering, and a dose entered in US units never has an exact metric form
    /// (15 gal/ac is 140.3085… L/ha), so listing those would bury the losses that matter.
    static let reportedLoss = 0.001

    /// The integer for `value` and what a terminal reads back; `lost` when the two differ by a
    /// thousandth of the value or more.
    func written(_ value: Double) -> (integer: Int64, readBack: Double, lost: Bool) {
        let integer = integer(for: value)
        let readBack = self.value(of: Double(integer))
        return (integer, readBack, abs(readBack - value) >= abs(value) * Self.reportedLoss && readBack != value)
    }
}
