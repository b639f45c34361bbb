import Foundation
import Testing
@testable import ReportKit

/// A job against the labels of its products: what the catalogue fills in, and every warning, in
/// the record check, the report's notices and the record.
@Suite("Label checks")
struct LabelCheckTests {
    @Test func theCatalogueFillsWhatTheJobLeavesOut() throws {
        let check = checked(wheatJob(), try testCatalogue())
        let product = try #require(check.plan?.job.products.first)
        #expect(product.authorisation == "R-1/2020")
        #expect(product.activeIngredients == ["testazole 250 g/l"])
        #expect(product.restrictedEntryHours == 24)
        #expect(product.preHarvestIntervalDays == 35)
        #expect(check.labelWarnings.isEmpty, "\(check.labelMessages)")
        // The job's own values win.
        var job = wheatJob()
        job["products"] = [["name": "Test Fungicide 250 EC", "rate": ["value": 0.8, "unit": "L/ha"], "preHarvestIntervalDays": 42,
                            "activeIngredients": ["own"]]]
        let own = try #require(checked(job, try testCatalogue()).plan?.job.products.first)
        #expect(own.preHarvestIntervalDays == 42)
        #expect(own.activeIngredients == ["own"])
    }

    @Test func anAdjuvantNeedsNoAuthorisationAndSaysWhatItIs() throws {
        var job = wheatJob()
        job["products"] = [["name": "Test Adjuvant", "rate": ["value": 0.1, "unit": "%"]]]
        let check = checked(job, try testCatalogue())
        #expect(check.plan?.job.products.first?.kind == .adjuvant)
        #expect(JobCheck(decode(job), record: .pl, catalogue: try testCatalogue()).missing.allSatisfy { !$0.path.description.contains("authorisation") })
        // Without the catalogue it is taken for a plant protection product, as the input says nothing.
        #expect(JobCheck(decode(job)).plan?.job.products.first?.kind == .plantProtection)
    }

    @Test func aDoseAboveTheLabelsMaximumIsWarnedOfPerAreaAndAsAConcentration() throws {
        let over = checked(wheatJob(rate: 1.2), try testCatalogue())
        #expect(over.labelMessages == ["$.products[0].rate: test fungicide 250EC at 1.2 L/ha is above the label's maximum of 1 L/ha on pszenica ozima"])
        #expect(checked(wheatJob(rate: 1), try testCatalogue()).labelWarnings.isEmpty)
        // 1,200 mL/ha in 200 L/ha is 0.6 L/ha: below; 12 L/ha is above, whatever unit it is given in.
        #expect(checked(wheatJob(rate: 600, unit: "mL/ha"), try testCatalogue()).labelWarnings.isEmpty)
        #expect(checked(wheatJob(rate: 0.6, unit: "%"), try testCatalogue()).labelWarnings.count == 1)
        var apple = wheatJob(rate: 60, unit: "mL/100 L")
        apple["field"] = ["crop": "Jabłoń", "area": ["value": 2, "unit": "ha"]]
        #expect(checked(apple, try testCatalogue()).labelMessages
                == ["$.products[0].rate: test fungicide 250EC at 60 mL/100 L is above the label's maximum of 50 mL/100 L on Jabłoń"])
        // A liquid maximum cannot be compared with a dose in kilograms: said so, not guessed.
        let solid = checked(wheatJob(rate: 1, unit: "kg/ha"), try testCatalogue())
        #expect(solid.labelMessages.count == 1)
        #expect(solid.labelMessages.first?.contains("were not compared") == true)
        // Printed in a Polish report's box in Polish (it once kept its English message there).
        let warning = try #require(solid.labelWarnings.first)
        let plan = try #require(solid.plan)
        let polish = NoticeText.text(warning, job: plan.job, locale: BuiltInLocales.polish)
        #expect(polish.contains("nie porównano") && polish.contains("kg/ha") && !polish.contains("compared"), "\(polish)")
    }

    /// Every warning the label and season checks can give is printed in the report's language:
    /// each carries its facts (a ``Notice``), which NoticeText words per locale.
    @Test func everyLabelWarningCarriesItsFactsForThePage() throws {
        var cases: [[String: Any]] = [wheatJob(rate: 1.2), wheatJob(rate: 1, unit: "kg/ha"), wheatJob(date: "2031-01-01T07:30:00+01:00")]
        var maize = wheatJob()
        maize["field"] = ["crop": "kukurydza", "area": ["value": 2, "unit": "ha"]]
        var early = wheatJob()
        early["bbch"] = "12"
        var unknown = wheatJob()
        unknown["products"] = [["name": "Nieznany 100 SC", "rate": ["value": 1, "unit": "L/ha"], "authorisation": "R-9/2099"]]
        cases += [maize, early, unknown]
        for job in cases {
            let check = checked(job, try testCatalogue(validUntil: "2030-12-31"))
            for warning in check.labelWarnings + (check.plan?.warnings ?? []) where warning.severity == .warning {
                #expect(warning.notice != nil, "\(warning.message)")
            }
        }
    }

    @Test func aCropOrStageOffTheLabelIsWarnedOf() throws {
        var maize = wheatJob()
        maize["field"] = ["crop": "kukurydza", "area": ["value": 2, "unit": "ha"]]
        #expect(checked(maize, try testCatalogue()).labelMessages
                == ["$.products[0].name: test fungicide 250EC's label in the catalogue lists no use on kukurydza; check that the crop is on the label"])
        var late = wheatJob()
        late["bbch"] = [59, 65]
        #expect(checked(late, try testCatalogue()).labelMessages
                == ["$.bbch: the crop at BBCH 59–65 is outside test fungicide 250EC's label window on pszenica ozima, BBCH 30–61"])
        // By EPPO code when the job's crop name is one the catalogue does not list.
        var coded = wheatJob()
        coded["field"] = ["crop": "Weizen", "cropCode": "TRZAW", "area": ["value": 2, "unit": "ha"]]
        #expect(checked(coded, try testCatalogue()).labelWarnings.isEmpty)
    }

    @Test func unknownAndExpiredAuthorisationsAreNamed() throws {
        var other = wheatJob()
        other["products"] = [["name": "Test Fungicide 250 EC", "authorisation": "R-9/2021", "rate": ["value": 0.8, "unit": "L/ha"]]]
        #expect(checked(other, try testCatalogue()).labelMessages.first?.contains("R-9/2021 is not the catalogue's (R-1/2020)") == true)
        var unknown = wheatJob()
        unknown["products"] = [["name": "Nowhere 10 SL", "rate": ["value": 1, "unit": "L/ha"]]]
        #expect(checked(unknown, try testCatalogue()).labelMessages
                == ["$.products[0].name: Nowhere 10 SL is not in the product catalogue; its authorisation number and label are not checked"])
        let expired = checked(wheatJob(), try testCatalogue(validUntil: "2026-05-13"))
        #expect(expired.labelMessages == ["$.products[0].authorisation: test fungicide 250EC's authorisation R-1/2020 allowed its use until 2026-05-13; the application is on 2026-05-14"])
        #expect(checked(wheatJob(), try testCatalogue(validUntil: "2026-05-14")).labelWarnings.isEmpty)
    }

    @Test func theReportPrintsTheWarningsInItsLanguage() throws {
        var job = wheatJob(rate: 1.2)
        job["locale"] = "pl"
        let plan = try #require(checked(job, try testCatalogue()).plan)
        let texts = NoticeText.texts(plan, locale: BuiltInLocales.of(.polish)).map { $0.replacing("\u{A0}", with: " ") }
        #expect(texts.contains("test fungicide 250EC w dawce 1,2 l/ha przekracza maksymalną dawkę z etykiety, 1 l/ha, dla tej uprawy."), "\(texts)")
    }

    @Test func theEarliestHarvestFollowsTheLongestIntervalFromTheApplicationsLastDay() throws {
        var job = wheatJob(date: "2026-05-30T22:30:00+02:00")
        job["endDate"] = "2026-05-31T00:30:00+02:00"
        job["products"] = [["name": "Test Fungicide 250 EC", "rate": ["value": 0.8, "unit": "L/ha"]],
                           ["name": "Other", "rate": ["value": 1, "unit": "L/ha"], "preHarvestIntervalDays": 7]]
        let plan = try #require(checked(job, try testCatalogue()).plan)
        let harvest = try #require(plan.job.earliestHarvest)
        #expect(harvest.days == 35)
        #expect(harvest.product == "Test Fungicide 250 EC")
        #expect(BuiltInLocales.of(.english).text(harvest.day, includeTime: false) == "5\u{A0}July\u{A0}2026")
        let lines = RecordLine.lines(of: plan)
        #expect(lines.map(\.earliestHarvest) == ["2026-07-05", "2026-06-07"])
        #expect(lines.map(\.preHarvestIntervalDays) == [35, 7])
        #expect(RecordCSV.row(lines[0]).contains(",35,2026-07-05,"))
    }

    @Test func aHarvestPlannedTooEarlyIsWarnedOfWithOrWithoutACatalogue() throws {
        var job = wheatJob()
        job["plannedHarvest"] = "2026-06-10"
        job["products"] = [["name": "Own 1 SL", "rate": ["value": 1, "unit": "L/ha"], "preHarvestIntervalDays": 30]]
        #expect(JobCheck(decode(job)).labelWarnings.map(\.description)
                == ["$.plannedHarvest: harvest is planned for 2026-06-10, before 2026-06-13: Own 1 SL's pre-harvest interval is 30 days"])
        job["plannedHarvest"] = "2026-06-13"
        #expect(JobCheck(decode(job)).labelWarnings.isEmpty)
        job["plannedHarvest"] = "2026-06-13T08:00:00+02:00"
        #expect(errorLines(decode(job)).first?.contains("$.plannedHarvest: is a date and time") == true)
    }
}
