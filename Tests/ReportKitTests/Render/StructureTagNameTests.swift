import Testing
@testable import ReportKit

@Suite("Structure tags")
struct StructureTagNameTests {
    /// cairo names each structure element's type (/S) by the tag it is given: every role's tag
    /// must be the standard type its raw value names, or readers would meet an unknown type.
    @Test func everyRoleIsTaggedWithItsStandardType() {
        for role in StructureRole.allCases {
            #expect(String(cString: role.tagName) == role.rawValue)
        }
    }
}
