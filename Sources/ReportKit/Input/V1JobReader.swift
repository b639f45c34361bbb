/// Reads ReportKit's own input format, version 1 (docs/input-format.md, docs/input-v1.schema.json).
extension JSONReader {
    static let v1JobKeys = [
        "version", "id", "locale", "title", "date", "endDate", "timeZone", "author", "field", "sprayRate", "tank", "water",
        "products", "operator", "operatorLicence", "holding", "equipment", "target", "targetCodes", "bbch",
        "growthStage", "weather", "notes", "recordedAt", "plannedHarvest",
    ]

    /// A v1 job, or nil with the reasons recorded.
    mutating func readV1Job(_ node: Node) -> SprayJob? {
        guard let root = object(node, allowed: Self.v1JobKeys) else { return nil }
        if let version = required("version", in: root, expected: MessageText("expected.version")) {
            if number(version) != 1 {
                error(version.path, MessageText("input.unsupported-version", ["version": Self.literal(version.value)]), code: DiagnosticCode.version)
            }
        }
        let id = root.optional("id").flatMap { text($0) }
        let locale = root.optional("locale").flatMap { choice($0, as: ReportLanguage.self) } ?? .english
        let title = root.optional("title").flatMap { text($0) }
        // UTC times are shown in the job's zone, else --time-zone's, else Poland's for a Polish job
        // and Germany's for a German one.
        let ownZone = root.optional("timeZone").flatMap { readTimeZone($0) }
        let zone = ownZone ?? defaultTimeZone ?? JobRules.timeZone(of: locale).flatMap { TimeZoneRules.named($0) }
        let date = root.optional("date").flatMap { readDate($0) }?.inZone(zone)
        let endDate = root.optional("endDate").flatMap { readDate($0) }?.inZone(zone)
        if let endDate, let path = root.optional("endDate")?.path, let problem = JobRules.endDate(endDate, start: date) {
            error(path, problem, code: DiagnosticCode.order)
        }
        let author = root.optional("author").flatMap { text($0) }
        let field = required("field", in: root, expected: MessageText("expected.field")).flatMap { readField($0) }
        let sprayRate = required("sprayRate", in: root, expected: MessageText("expected.spray-rate"))
            .flatMap { readQuantity($0, SprayRateUnit.self) }
        let tank = required("tank", in: root, expected: MessageText("expected.tank")).flatMap { readTank($0) }
        let water = root.optional("water").flatMap { choice($0, as: WaterRule.self) } ?? .fillToVolume
        let products = required("products", in: root, expected: MessageText("expected.products"))
            .flatMap { readProducts($0) }
        let growthStage = root.optional("growthStage").flatMap { text($0) }
        if let growthStage, root.optional("bbch") == nil, growthStage.uppercased().contains("BBCH"),
           BBCHStage.named(in: growthStage) == nil, let path = root.optional("growthStage")?.path {
            warning(path, MessageText("input.unreadable-bbch", ["text": String(reflecting: growthStage)]), notice: .unreadableBBCH(growthStage))
        }
        let recordedAt = root.optional("recordedAt").flatMap { readDate($0) }?.inZone(zone)
        if let recordedAt, let path = root.optional("recordedAt")?.path, let problem = JobRules.recordedAt(recordedAt, end: endDate ?? date) {
            error(path, problem, code: DiagnosticCode.order)
        }
        var record = ApplicationRecord(
            operatorName: root.optional("operator").flatMap { text($0) },
            target: root.optional("target").flatMap { text($0) },
            growthStage: growthStage,
            weather: root.optional("weather").flatMap { text($0) },
            notes: root.optional("notes").flatMap { text($0, maximumLength: JobLimits.maximumNotesLength, multiline: true) },
            targetCodes: root.optional("targetCodes").flatMap { eppoCodes($0) } ?? [],
            bbch: root.optional("bbch").flatMap { readBBCH($0) } ?? growthStage.flatMap(BBCHStage.named(in:)),
            operatorLicence: root.optional("operatorLicence").flatMap { text($0) },
            holding: root.optional("holding").flatMap { text($0) },
            equipment: root.optional("equipment").flatMap { text($0) }
        )
        record.recordedAt = recordedAt
        record.plannedHarvest = root.optional("plannedHarvest").flatMap { node -> JobDate? in
            guard let day = readDate(node) else { return nil }
            if day.hasTime { error(node.path, MessageText("input.harvest-day-with-time"), code: DiagnosticCode.date) }
            return day
        }
        guard let field, let sprayRate, let tank, let products, !hasErrors else { return nil }
        var job = SprayJob(
            id: id, title: title, locale: locale, date: date, author: author, field: field,
            sprayRate: sprayRate, tank: tank, waterRule: water, products: products,
            record: record, source: .v1,
            sourcePaths: .v1(at: node.path, productCount: products.count), endDate: endDate
        )
        job.timeZone = zone?.identifier
        job.localeIsStated = root.optional("locale") != nil
        return job
    }

    private mutating func readField(_ node: Node) -> Field? {
        guard let field = object(node, allowed: ["name", "crop", "cropCode", "area", "cropArea", "parcels"]) else { return nil }
        let name = field.optional("name").flatMap { text($0) }
        let crop = field.optional("crop").flatMap { text($0) }
        let cropCode = field.optional("cropCode").flatMap { eppoCode($0) }
        let area = required("area", in: field, expected: MessageText("expected.area"))
            .flatMap { readQuantity($0, AreaUnit.self) }
        let cropArea = field.optional("cropArea").flatMap { readQuantity($0, AreaUnit.self) }
        if let area, let cropArea, let path = field.optional("cropArea")?.path, let problem = JobRules.cropArea(cropArea, treated: area) {
            error(path, problem, code: DiagnosticCode.area)
        }
        let parcels = field.optional("parcels").flatMap { readParcels($0) } ?? []
        if let area, let path = field.optional("parcels")?.path, let problem = JobRules.parcelAreas(parcels, treated: area) {
            error(path, problem, code: DiagnosticCode.area)
        }
        return area.map { Field(name: name, crop: crop, area: $0, cropCode: cropCode, cropArea: cropArea, parcels: parcels) }
    }

    /// `[{"label": "A", "cadastral": ["0212/3"]}]`: each parcel with a label, cadastral numbers or both.
    private mutating func readParcels(_ node: Node) -> [Parcel]? {
        guard let elements = array(node) else { return nil }
        if let problem = JobRules.listLength(elements.count) {
            error(node.path, problem, code: DiagnosticCode.limit)
            return nil
        }
        var parcels: [Parcel] = []
        for element in elements {
            guard let parcel = object(element, allowed: ["label", "cadastral", "area", "flik", "point"]) else { continue }
            let label = parcel.optional("label").flatMap { text($0) }
            let cadastral = parcel.optional("cadastral").flatMap { list($0) { reader, item in reader.text(item) } } ?? []
            let area = parcel.optional("area").flatMap { readQuantity($0, AreaUnit.self) }
            let flik = parcel.optional("flik").flatMap { node -> String? in
                guard let flik = text(node, maximumLength: Self.maximumFLIKLength) else { return nil }
                if let problem = JobRules.flik(flik) { error(node.path, problem, code: DiagnosticCode.text) }
                return flik
            }
            let point = parcel.optional("point").flatMap { readPoint($0) }
            let read = Parcel(label: label, cadastral: cadastral, area: area, flik: flik, latitude: point?.latitude, longitude: point?.longitude)
            if let problem = JobRules.parcel(read) { error(element.path, problem, code: DiagnosticCode.parcel) }
            parcels.append(read)
        }
        if let problem = JobRules.parcelsText(parcels) { error(node.path, problem, code: DiagnosticCode.text) }
        return parcels
    }

    /// A FLIK has 16 characters; room for a Land's variant, never for a paragraph.
    static let maximumFLIKLength = 32

    /// `{"latitude": 52.3906, "longitude": 13.0645}`: a point in WGS 84, decimal degrees.
    private mutating func readPoint(_ node: Node) -> (latitude: Double, longitude: Double)? {
        guard let point = object(node, allowed: ["latitude", "longitude"]) else { return nil }
        func coordinate(_ key: String, isLatitude: Bool) -> Double? {
            guard let node = required(key, in: point, expected: MessageText(isLatitude ? "expected.latitude" : "expected.longitude")),
                  let value = number(node) else { return nil }
            if let problem = JobRules.coordinate(value, isLatitude: isLatitude) {
                error(node.path, problem, code: DiagnosticCode.range)
                return nil
            }
            return value
        }
        let latitude = coordinate("latitude", isLatitude: true), longitude = coordinate("longitude", isLatitude: false)
        guard let latitude, let longitude else { return nil }
        return (latitude, longitude)
    }

    /// An EPPO code: five or six capital letters or digits (EPPO Global Database), `TRZAW`, `ALOMY`.
    mutating func eppoCode(_ node: Node) -> String? {
        guard let code = text(node) else { return nil }
        if let problem = JobRules.eppoCode(code) {
            error(node.path, problem, code: DiagnosticCode.eppoCode)
            return nil
        }
        return code
    }

    private mutating func eppoCodes(_ node: Node) -> [String]? {
        list(node) { reader, item in reader.eppoCode(item) }
    }

    /// A list of at most ``JobRules/maximumListItems`` items, each read by `read`; nil (with the
    /// reasons recorded) when the list or any item is wrong.
    mutating func list<Item>(_ node: Node, _ read: (inout JSONReader, Node) -> Item?) -> [Item]? {
        guard let items = array(node) else { return nil }
        if let problem = JobRules.listLength(items.count) {
            error(node.path, problem, code: DiagnosticCode.limit)
            return nil
        }
        var values: [Item] = []
        for item in items {
            if let value = read(&self, item) { values.append(value) }
        }
        return values.count == items.count ? values : nil
    }

    /// A BBCH stage, 31, or a range, [31, 37] (both 0–99, the first not after the second).
    mutating func readBBCH(_ node: Node) -> BBCHStage? {
        if case .array = node.value {
            guard let items = array(node) else { return nil }
            guard items.count == 2 else {
                error(node.path, MessageText("input.bbch-stages", ["count": String(items.count)]), code: DiagnosticCode.bbch)
                return nil
            }
            guard let from = bbchCode(items[0]), let to = bbchCode(items[1]) else { return nil }
            if let problem = JobRules.bbchRange(from: from, to: to) {
                error(node.path, problem, code: DiagnosticCode.bbch)
                return nil
            }
            return BBCHStage(from, to: to)
        }
        return bbchCode(node).map { BBCHStage($0) }
    }

    private mutating func bbchCode(_ node: Node) -> Int? {
        guard let value = number(node) else { return nil }
        if let problem = JobRules.bbchCode(value) {
            error(node.path, problem, code: DiagnosticCode.bbch)
            return nil
        }
        return Int(value)
    }

    private mutating func readTank(_ node: Node) -> Tank? {
        guard let tank = object(node, allowed: ["capacity", "loads"]) else { return nil }
        let capacity = required("capacity", in: tank, expected: MessageText("expected.capacity"))
            .flatMap { readQuantity($0, TankUnit.self) }
        let loading = tank.optional("loads").flatMap { choice($0, as: LoadingStrategy.self) } ?? .fullThenPartial
        return capacity.map { Tank(capacity: $0, loading: loading) }
    }

    private mutating func readProducts(_ node: Node) -> [Product]? {
        guard let elements = array(node) else { return nil }
        if let problem = JobRules.productCount(elements.count) {
            error(node.path, problem, code: DiagnosticCode.limit)
            return nil
        }
        let products = elements.map { readProduct($0) }
        return products.contains { $0 == nil } ? nil : products.compactMap { $0 }
    }

    private mutating func readProduct(_ node: Node) -> Product? {
        guard let product = object(node, allowed: ["name", "rate", "authorisation", "kind", "activeIngredients", "restrictedEntryHours",
                                                       "preHarvestIntervalDays"]) else { return nil }
        let name = required("name", in: product, expected: MessageText("expected.product-name")).flatMap { text($0) }
        if let name, let path = product.optional("name")?.path, let problem = JobRules.productName(name) {
            error(path, problem, code: DiagnosticCode.text)
        }
        let rate = required("rate", in: product, expected: MessageText("expected.rate"))
            .flatMap { readQuantity($0, ProductRateUnit.self) }
        let authorisation = product.optional("authorisation").flatMap { text($0) }
        let kind = product.optional("kind").flatMap { choice($0, as: ProductKind.self) } ?? .plantProtection
        let ingredients = product.optional("activeIngredients").flatMap { list($0) { reader, item in reader.text(item) } } ?? []
        let reentry = product.optional("restrictedEntryHours").flatMap { node -> Double? in
            guard let hours = positiveNumber(node) else { return nil }
            if let problem = JobRules.restrictedEntryHours(hours) {
                error(node.path, problem, code: DiagnosticCode.range)
                return nil
            }
            return hours
        }
        let preHarvest = product.optional("preHarvestIntervalDays").flatMap { node -> Int? in
            guard let days = number(node) else { return nil }
            if let problem = JobRules.preHarvestIntervalDays(days) {
                error(node.path, problem, code: DiagnosticCode.range)
                return nil
            }
            return Int(days)
        }
        guard let name, let rate else { return nil }
        var made = Product(name: name, rate: rate, authorisation: authorisation, kind: kind)
        made.activeIngredients = ingredients
        made.restrictedEntryHours = reentry
        made.preHarvestIntervalDays = preHarvest
        made.kindIsStated = product.optional("kind") != nil
        return made
    }

    /// `{"value": <number > 0>, "unit": <symbol>}`.
    mutating func readQuantity<Unit: InputUnit>(_ node: Node, _ type: Unit.Type) -> Quantity<Unit>? {
        guard let quantity = object(node, allowed: ["value", "unit"]) else { return nil }
        let value = required("value", in: quantity, expected: MessageText("expected.positive-number")).flatMap { positiveNumber($0) }
        let unit = required("unit", in: quantity, expected: MessageText("expected.unit", ["symbols": Unit.acceptedSymbols.joined(separator: ", ")]))
            .flatMap { self.unit($0, as: type) }
        guard let value, let unit else { return nil }
        return Quantity(value, unit)
    }

    /// An IANA time zone the system's database has: `"Europe/Warsaw"`.
    private mutating func readTimeZone(_ node: Node) -> TimeZoneRules? {
        guard let name = text(node) else { return nil }
        guard let zone = TimeZoneRules.named(name) else {
            error(node.path, MessageText("input.unknown-time-zone", ["name": String(reflecting: name), "database": TimeZoneRules.databaseFolder]),
                  code: DiagnosticCode.timeZone)
            return nil
        }
        return zone
    }

    private mutating func readDate(_ node: Node) -> JobDate? {
        guard let text = text(node) else { return nil }
        guard let date = JobDate(rfc3339: text) else {
            error(node.path, MessageText("input.not-a-date", ["text": text]), code: DiagnosticCode.date)
            return nil
        }
        return date
    }

    /// A value as it would appear in the input, for error messages.
    static func literal(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): number.literal
        case .string(let text): "\"\(text)\""
        case .bool(let flag): String(flag)
        default: value.typeDescription
        }
    }
}
