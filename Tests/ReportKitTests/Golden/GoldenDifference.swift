import Foundation
@testable import ReportKit

/// What differs between a golden PDF and a new rendering, as a person would look at it: pages
/// rasterised with pdftoppm, the share of pixels that differ and where, and images to open.
enum GoldenDifference {
    /// Writes the actual PDF and a difference image per differing page to the artifacts folder,
    /// and returns a one-paragraph summary.
    static func explain(name: String, expected: String, actual: [UInt8]) throws -> String {
        let folder = GoldenCase.artifacts
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let actualPath = folder.appendingPathComponent("\(name).actual.pdf").path
        try OutputFile.write(actual, to: actualPath)

        let expectedPages = try pages(expected), actualPages = try pages(actualPath)
        var lines = ["Actual PDF: \(actualPath)."]
        if expectedPages.count != actualPages.count {
            lines.append("Page count changed: \(expectedPages.count) expected, \(actualPages.count) rendered.")
        }
        for (index, (old, new)) in zip(expectedPages, actualPages).enumerated() {
            guard let difference = new.difference(from: old, threshold: 32) else {
                lines.append("Page \(index + 1): size changed (\(old.width)×\(old.height) → \(new.width)×\(new.height)).")
                continue
            }
            guard difference.differing > 0 else { continue }
            var line = "Page \(index + 1): \(difference.differing) pixels differ (\(String(format: "%.2f", difference.share * 100)) %)"
            if let bounds = difference.bounds {
                line += " within x \(Int(bounds.minX))–\(Int(bounds.maxX)), y \(Int(bounds.minY))–\(Int(bounds.maxY)) px at 60 dpi"
            }
            if let image = new.differenceImage(against: old, threshold: 32) {
                let path = folder.appendingPathComponent("\(name).page-\(index + 1).diff.png").path
                try OutputFile.write(try image.png(), to: path)
                line += "; drawn in \(path)"
            }
            lines.append(line + ".")
        }
        if lines.count == 1 { lines.append("The pages look the same at 60 dpi: the difference is in the file's bytes only (metadata, structure, or an object's order).") }
        return lines.joined(separator: " ")
    }

    /// Every page of a PDF at 60 dpi.
    private static func pages(_ path: String) throws -> [Raster] {
        let count = try Tool.run(["pdfinfo", path]).text.split(separator: "\n")
            .first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        return try (1...max(1, count)).compactMap { page in
            Raster(ppm: try Tool.run(["pdftoppm", "-r", "60", "-f", "\(page)", "-l", "\(page)", path]).stdout)
        }
    }
}
