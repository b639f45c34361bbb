import Testing
@testable import ReportKit

@Suite("Strict JSON parser")
struct JSONParserTests {
    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryKindOfValueAndKeepsMemberOrder() throws {
        let value = try JSONParser.parse(Array(#"{"z": [1, -2.5e3, true, false, null], "a": "Dzia\u0142ka 😀 \ud83d\ude00"}"#.utf8))
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["z", "a"])
        #expect(object["a"] == .string("Działka 😀 😀"))
        guard case .array(let elements)? = object["z"], case .number(let number) = elements[1] else {
            Issue.record("not an array of numbers"); return
        }
        #expect(number.value == -2500)
        #expect(elements[2] == .bool(true) && elements[4] == .null)
    }

    @Test func reportsLineAndColumnCountingCharactersNotBytes() {
        let error = syntaxError("{\n  \"pole\": \"Działka\",\n  \"ą\": 1,,\n}")
        #expect(error?.line == 3)
        #expect(error?.column == 10)
        #expect(error?.message.contains("expected a member name") == true)
    }

    @Test func namesThePathBeingReadWhenSyntaxFails() {
        let error = syntaxError(#"{"products": [{"rate": {"value": 1.5 "unit": "L/ha"}}]}"#)
        #expect(error?.path.description == "$.products[0].rate")
    }

    @Test func refusesDuplicateKeys() {
        let error = syntaxError(#"{"value": 1, "value": 2}"#)
        #expect(error?.message.contains("\"value\" appears twice") == true)
        #expect(error?.column == 14)
    }

    /// Small objects compare each key with those read, large ones keep a set: a duplicate is
    /// found either way, at its own place and with the path of its object.
    @Test(arguments: [2, 15, 16, 17, 40])
    func refusesDuplicateKeysInObjectsOfAnySize(members: Int) {
        let keys = (0..<members).map { "\"k\($0)\": \($0)" }
        let error = syntaxError("{\"outer\": [{" + keys.joined(separator: ", ") + ", \"k\(members / 2)\": 0}]}")
        #expect(error?.message.contains("\"k\(members / 2)\" appears twice") == true, "\(error?.message ?? "no error")")
        #expect(error?.path.description == "$.outer[0]")
        #expect(syntaxError("{\"outer\": [{" + keys.joined(separator: ", ") + "}]}") == nil)
    }

    @Test func refusesInvalidUTF8InAStringAtItsQuote() {
        let error: JSONSyntaxError?
        do {
            _ = try JSONParser.parse(Array("{\"name\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8))
            error = nil
        } catch let caught {
            error = caught
        }
        #expect(error?.message.contains("UTF-8") == true, "\(error?.message ?? "no error")")
        #expect(error?.column == 10)
        #expect(error?.path.description == "$.name")
    }

    @Test func keepsHugeNumbersAsLiteralsWithoutAValue() throws {
        let value = try JSONParser.parse(Array("[1e999]".utf8))
        #expect(value == .array([.number(JSONNumber(literal: "1e999"))]))
        #expect(JSONNumber(literal: "1e999").value == nil)
    }

    @Test(arguments: [
        ("", "empty"), ("[1,]", "expected a value"), ("{'a': 1}", "double quotes"), ("[01]", "may not start with 0"),
        ("[1.]", "digits after the decimal point"), ("[NaN]", "expected a value"), ("[True]", "lower case"),
        ("\"abc", "not closed"), ("[\"a\u{01}\"]", "control character"), ("[\"\\x\"]", "unknown escape"),
        ("[\"\\ud800\"]", "low surrogate"), ("[1] [2]", "after the end"), ("{\"a\" 1}", "expected ':'"),
    ])
    func explainsMalformedInput(text: String, expected: String) {
        let error = syntaxError(text)
        #expect(error != nil)
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "no error")")
    }

    @Test func boundsNestingDepth() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(syntaxError(deep)?.message.contains("deeper than 64") == true)
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(syntaxError(fine) == nil)
    }

    @Test func refusesInvalidUTF8() {
        let error: JSONSyntaxError?
        do {
            _ = try JSONParser.parse([0x22, 0xC3, 0x28, 0x22])
            error = nil
        } catch let syntax {
            error = syntax
        }
        #expect(error?.message.contains("not valid UTF-8") == true)
    }

    @Test func writerRoundTripsWhatTheParserReads() throws {
        let text = #"{"b": [1, 2.5, "a\"\\\n\u0001", null, {}], "a": {"x": true}}"#
        let value = try JSONParser.parse(Array(text.utf8))
        let written = JSONWriter.write(value)
        #expect(try JSONParser.parse(Array(written.utf8)) == value)
    }
}
