import Foundation
import ReportKit

/// Writes a laid-out document as a plain list of drawing operations, one per line, which the C
/// baseline (Benchmarks/baseline.c, `--replay`) draws with cairo and Pango directly: the same
/// page, without any of ReportKit's work before drawing. Text is written in hexadecimal.
///
///     P width height                          a page
///     F r g b a PATH / S r g b a width PATH   fill, stroke; PATH: M x y, L x y, C x1 y1 x2 y2 x y, Z
///     T x y width align ellipsize runs RUN…   text (width -1: unwrapped; align 0 left, 1 centre, 2 right)
///         RUN: weight italic size r g b a lineHeight letterSpacing tabular underline hex
///     B role / E role                         structure element
///     K dest|uri hex x y width height         link
///     D hex x y                               destination
///     O level hexTitle hexDestination         outline entry
enum PageDump {
    static func write(_ document: LaidOutDocument) throws -> String {
        var lines: [String] = []
        for page in document.pages {
            lines.append("P \(page.size.width) \(page.size.height)")
            for command in page.commands { lines.append(try line(command)) }
        }
        for item in document.outline { lines.append("O \(item.level) \(hex(item.title)) \(hex(item.destination))") }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func line(_ command: DrawCommand) throws -> String {
        switch command {
        case .fill(let path, let color): return "F \(rgba(color)) \(trace(path))"
        case .stroke(let path, let color, let width): return "S \(rgba(color)) \(width) \(trace(path))"
        case .text(let text):
            let align = switch text.alignment { case .leading: 0; case .center: 1; case .trailing: 2 }
            var line = "T \(text.origin.x) \(text.origin.y) \(text.width ?? -1) \(align) \(text.ellipsize ? 1 : 0) \(text.text.runs.count)"
            for run in text.text.runs {
                let style = run.style
                line += " \(style.weight.rawValue) \(style.italic ? 1 : 0) \(style.size) \(rgba(style.color)) \(style.lineHeight)"
                line += " \(style.letterSpacing) \(style.tabularFigures ? 1 : 0) \(style.underline ? 1 : 0) \(hex(run.text))"
            }
            return line
        case .image: throw DumpError("images are not part of the benchmark page")
        case .modules(let modules):
            let r = modules.rect
            return "Q \(r.minX) \(r.minY) \(r.width) \(r.height) \(modules.columns) \(rgba(modules.color)) " + String(modules.dark.map { $0 ? "1" : "0" })
        case .beginStructure(let role, _): return "B \(role.rawValue)"
        case .endStructure(let role): return "E \(role.rawValue)"
        case .link(let rect, .uri(let uri), _): return "K uri \(hex(uri)) \(rect.minX) \(rect.minY) \(rect.width) \(rect.height)"
        case .link(let rect, .internalDestination(let name), _): return "K dest \(hex(name)) \(rect.minX) \(rect.minY) \(rect.width) \(rect.height)"
        case .destination(let name, let point): return "D \(hex(name)) \(point.x) \(point.y)"
        }
    }

    private static func rgba(_ color: Color) -> String { "\(color.red) \(color.green) \(color.blue) \(color.alpha)" }

    private static func trace(_ path: Path) -> String {
        path.elements.map { element in
            switch element {
            case .move(let p): "M \(p.x) \(p.y)"
            case .line(let p): "L \(p.x) \(p.y)"
            case .curve(let c1, let c2, let p): "C \(c1.x) \(c1.y) \(c2.x) \(c2.y) \(p.x) \(p.y)"
            case .close: "Z"
            }
        }.joined(separator: " ")
    }

    private static func hex(_ text: String) -> String {
        text.isEmpty ? "-" : text.utf8.map { String(format: "%02x", $0) }.joined()
    }

    struct DumpError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
