/// The plan in the JSON shape programs read (docs/plan-output.md): values at full precision in
/// their display unit, `display` rounded and localised.
package enum PlanJSON {
    package static func value(for plan: SprayPlan, display: PlanDisplay, locale: ReportLocale) -> JSONValue {
        let names = plan.job.products.map { $0.name.map(JSONValue.string) ?? .null }
        func quantity(_ quantity: DisplayQuantity) -> JSONValue {
            .object([
                "value": .number(quantity.value),
                "unit": .string(quantity.unit.rawValue),
                "rounded": .number(quantity.rounded),
                "display": .string(locale.text(quantity)),
            ])
        }
        func products(_ amounts: [DisplayQuantity]) -> JSONValue {
            .array(zip(names, amounts).map { .object(["name": $0, "amount": quantity($1)]) })
        }
        return .object([
            "locale": .string(locale.language.rawValue),
            "loading": .string(plan.job.tank.loading.rawValue),
            "water": .string(plan.job.waterRule.rawValue),
            "totals": .object([
                "area": quantity(display.totals.area),
                "sprayLiquid": quantity(display.totals.sprayLiquid),
                "water": quantity(display.totals.water),
                "tankContents": quantity(display.totals.tankContents),
                "products": products(display.totals.products),
            ]),
            "areaPerFullLoad": quantity(display.areaPerFullLoad),
            "loadCount": .object([
                "full": .number(Double(plan.fullLoadCount)),
                "partial": .number(Double(plan.partialLoadCount)),
                "total": .number(Double(plan.loads.count)),
            ]),
            "loads": .array(display.loads.map { load in
                .object([
                    "index": .number(Double(load.index)),
                    "kind": .string(load.kind.rawValue),
                    "area": quantity(load.area),
                    "volume": quantity(load.volume),
                    "water": quantity(load.water),
                    "tankContents": quantity(load.tankContents),
                    "products": products(load.products),
                ])
            }),
            "warnings": .array(plan.warnings.map { .string($0.description) }),
        ])
    }
}
