import Foundation
import ZIPFoundation

/// A season's files as one ZIP, made in memory. PDFs are stored as they are (they are compressed
/// already); text is deflated. Every entry has the same time, so the same season gives the same
/// bytes: SOURCE_DATE_EPOCH when set, else the ZIP format's first day (1980-01-01).
package enum SeasonArchive {
    package static func zip(_ files: [SeasonExport.File]) throws -> [UInt8] {
        let archive = try Archive(data: Data(), accessMode: .create)
        let date = SourceDate.now
        for file in files {
            let bytes = Data(file.bytes)
            let compression: CompressionMethod = file.contentType == "application/pdf" ? .none : .deflate
            try archive.addEntry(with: file.path, type: .file, uncompressedSize: Int64(bytes.count), modificationDate: date,
                                 permissions: 0o644, compressionMethod: compression) { position, size in
                bytes.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let data = archive.data else { throw SettingsError("the ZIP could not be made") }
        return Array(data)
    }
}

/// The time written into made files: SOURCE_DATE_EPOCH, else 1980-01-01 (never the clock).
enum SourceDate {
    static var now: Date {
        if let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = TimeInterval(text) {
            return Date(timeIntervalSince1970: max(seconds, 315_532_800))
        }
        return Date(timeIntervalSince1970: 315_532_800)
    }
}
