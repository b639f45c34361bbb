import FoundationEssentials
import Glibc

/// The value rules every job must keep, whatever format it came from or however it was made:
/// the decoder's rules (``JobRules``: positive finite quantities, named products, 1 to 20 of them,
/// texts within their lengths and ``TextRules``, EPPO codes, BBCH stages, dates in order),
/// magnitudes within ``JobLimits``, and product units that fit their rule. Errors mean the job is
/// refused; warnings are passed on to the user.
package enum JobValidator {
    /// Every problem of `job`, errors and warnings, each at the JSON path the value has (or
    /// would have) in the v1 format.
    public static func diagnostics(for job: SprayJob) -> [Diagnostic] {
        valueDiagnostics(for: job) + limitDiagnostics(for: job)
    }

    /// The magnitudes within ``JobLimits`` and the warnings: what the decoder checks once a job
    /// is read (it applied ``JobRules`` to each value as it read it, so they are not run twice).
    static func limitDiagnostics(for job: SprayJob) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let paths = job.sourcePaths

        let area = job.field.area
        if area.internalValue > JobLimits.maximumAreaHectares {
            found.append(tooLarge(area, limitInternal: JobLimits.maximumAreaHectares, what: "field area", at: paths.area))
        } else if area.internalValue > 0, area.internalValue < JobLimits.minimumAreaHectares {
            found.append(tooSmall(area, limitInternal: JobLimits.minimumAreaHectares, what: "field area", at: paths.area))
        }
        if let cropArea = job.field.cropArea, cropArea.internalValue > JobLimits.maximumAreaHectares {
            found.append(tooLarge(cropArea, limitInternal: JobLimits.maximumAreaHectares, what: "crop area",
                                  at: paths.job.appending("field").appending("cropArea")))
        }
        let sprayRate = job.sprayRate
        if !JobLimits.sprayRateLitresPerHectare.contains(sprayRate.internalValue) {
            found.append(outOfRange(sprayRate, range: JobLimits.sprayRateLitresPerHectare, what: "spray volume", at: paths.sprayRate))
        }
        let capacity = job.tank.capacity
        if !JobLimits.tankCapacityLitres.contains(capacity.internalValue) {
            found.append(outOfRange(capacity, range: JobLimits.tankCapacityLitres, what: "tank capacity", at: paths.tankCapacity))
        }
        for (index, product) in job.products.enumerated() {
            let path = index < paths.productRates.count ? paths.productRates[index] : paths.products
            let limit = product.rate.unit.basis == .perArea ? JobLimits.maximumPerAreaRate : JobLimits.maximumConcentration
            if product.rate.internalValue > limit {
                found.append(tooLarge(product.rate, limitInternal: limit, what: "product rate", at: path))
            }
        }
        found += duplicateProductWarnings(job)
        return found
    }

    /// Refuses `job` as the decoder would (its errors, with paths, in one ``InputError``); its
    /// warnings are left for ``SprayCalculator/plan(for:inputWarnings:)`` to carry.
    public static func validate(_ job: SprayJob) throws(InputError) {
        let errors = diagnostics(for: job).filter { $0.severity == .error }
        if !errors.isEmpty { throw InputError(errors) }
    }

    /// The same product named twice is almost always a copying mistake that doubles a dose.
    private static func duplicateProductWarnings(_ job: SprayJob) -> [Diagnostic] {
        var firstIndex: [String: Int] = [:]
        var warnings: [Diagnostic] = []
        for (index, product) in job.products.enumerated() {
            guard let name = product.name else { continue }
            let key = name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if let first = firstIndex[key] {
                warnings.append(Diagnostic(.warning, at: job.sourcePaths.products.appending(index: index),
                    MessageText("input.repeated-product", ["name": name, "first": String(first + 1)]),
                    notice: .repeatedProduct(name: name, number: index + 1, sameAs: first + 1)))
            } else {
                firstIndex[key] = index
            }
        }
        return warnings
    }

    private static func tooLarge<Unit>(_ quantity: Quantity<Unit>, limitInternal: Double, what: String, at path: JSONPath) -> Diagnostic {
        let limit = limitInternal / quantity.unit.toInternal
        let values = ["value": "\(number(quantity.value)) \(quantity.unit.rawValue)", "limit": "\(number(limit)) \(quantity.unit.rawValue)"]
        return Diagnostic(.error, at: path.appending("value"), MessageText("input.above-limit", values, texts: ["what": quantityName(what)]),
                          code: DiagnosticCode.limit)
    }

    private static func tooSmall<Unit>(_ quantity: Quantity<Unit>, limitInternal: Double, what: String, at path: JSONPath) -> Diagnostic {
        let limit = limitInternal / quantity.unit.toInternal
        let values = ["value": "\(number(quantity.value)) \(quantity.unit.rawValue)", "limit": "\(number(limit)) \(quantity.unit.rawValue)"]
        return Diagnostic(.error, at: path.appending("value"), MessageText("input.below-limit", values, texts: ["what": quantityName(what)]),
                          code: DiagnosticCode.limit)
    }

    private static func outOfRange<Unit>(_ quantity: Quantity<Unit>, range: ClosedRange<Double>, what: String, at path: JSONPath) -> Diagnostic {
        let low = range.lowerBound / quantity.unit.toInternal
        let high = range.upperBound / quantity.unit.toInternal
        let values = ["value": "\(number(quantity.value)) \(quantity.unit.rawValue)", "lowest": number(low),
                      "highest": "\(number(high)) \(quantity.unit.rawValue)"]
        return Diagnostic(.error, at: path.appending("value"), MessageText("input.outside-limits", values, texts: ["what": quantityName(what)]),
                          code: DiagnosticCode.limit)
    }

    /// A quantity's name in the words of a message ("field area").
    private static func quantityName(_ what: String) -> MessageText {
        MessageText("quantity." + what.replacing(" ", with: "-"))
    }

    /// Up to six significant digits, enough to recognise a limit in any unit.
    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e12 { return String(Int64(value)) }
        var text = String(printf: "%.6g", value)
        if text.contains("e") == false, text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
