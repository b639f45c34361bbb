import CCairo
import Foundation
import Testing
@testable import ReportKit

/// A text engine's end waits for Pango's fontconfig thread to let go of its font map before the
/// map's caches are cleared: clearing them under a font look-up still under way on that thread
/// crashed report-gen (SIGFPE in GLib's hash table look-up).
@Suite("Font map lifetime")
struct FontMapLifetimeTests {
    /// A plain GObject, standing for a font map.
    private func makeObject() -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(g_object_new_with_properties(g_object_get_type(), 0, nil, nil))
    }

    @Test func waitsForAnotherThreadToLetGoOfItsReference() throws {
        let object = makeObject()
        defer { g_object_unref(object) }
        g_object_ref(object)
        let address = UInt(bitPattern: object)
        let released = Thread {
            usleep(30_000)
            g_object_unref(UnsafeMutableRawPointer(bitPattern: address))
        }
        released.start()
        let clock = ContinuousClock()
        let start = clock.now
        #expect(PangoFontMap.waitUntilLastReference(object, within: .seconds(5)))
        #expect(clock.now - start >= .milliseconds(20), "returned before the other thread let go")
        #expect(reportkit_object_reference_count(object) == 1)
    }

    @Test func givesUpOnAReferenceThatIsNeverLetGo() {
        let object = makeObject()
        g_object_ref(object)
        defer { g_object_unref(object); g_object_unref(object) }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(!PangoFontMap.waitUntilLastReference(object, within: .milliseconds(50)))
        #expect(clock.now - start >= .milliseconds(50))
    }

    @Test func anOnlyReferenceIsNotWaitedFor() {
        let object = makeObject()
        defer { g_object_unref(object) }
        #expect(PangoFontMap.waitUntilLastReference(object, within: .zero))
    }

    /// Engines made, used and dropped at once, as a batch's set-up check does: each end comes while
    /// Pango may still be sorting the fonts its first text asked for.
    @Test func enginesDroppedAtOnceEndCleanly() throws {
        for index in 0..<30 {
            let engine = try PangoTextEngine()
            let measured = engine.measure(StyledText("Zbiornik \(index): 1000 L", style: TextStyle(size: 9 + Double(index % 5))),
                                          width: nil, alignment: .leading, ellipsize: false)
            #expect(measured.size.width > 0)
        }
    }
}
