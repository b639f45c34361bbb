import Foundation
import Hummingbird
import ReportServer

/// Files of the repository the tests send, and helpers to send them.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func file(_ path: String) throws -> Data { try Data(contentsOf: root.appendingPathComponent(path)) }
}

/// A multipart/form-data body, as a browser sends a form.
struct MultipartForm {
    let boundary = "----report-gen-test-boundary"
    var parts: [(name: String, fileName: String?, bytes: Data)] = []

    mutating func add(_ name: String, _ value: String) { parts.append((name, nil, Data(value.utf8))) }
    mutating func add(file name: String, fileName: String, _ bytes: Data) { parts.append((name, fileName, bytes)) }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    var body: ByteBuffer {
        var data = Data()
        for part in parts {
            data += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\"".utf8)
            if let fileName = part.fileName { data += Data("; filename=\"\(fileName)\"\r\nContent-Type: application/json".utf8) }
            data += Data("\r\n\r\n".utf8) + part.bytes + Data("\r\n".utf8)
        }
        data += Data("--\(boundary)--\r\n".utf8)
        return ByteBuffer(bytes: data)
    }
}

extension ServerSettings {
    static func with(_ change: (inout ServerSettings) -> Void) -> ServerSettings {
        var settings = ServerSettings()
        change(&settings)
        return settings
    }
}

func testApp(_ settings: ServerSettings = ServerSettings()) throws -> RouterTestApp {
    RouterTestApp(router: try ServerApplication.router(settings: settings))
}
