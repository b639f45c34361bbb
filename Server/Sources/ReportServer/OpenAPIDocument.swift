/// The document /openapi.yaml serves: openapi.yaml, the one the routes are generated from, with
/// the job and history bodies described by docs/input-v1.schema.json and the app's entry
/// (`scripts/server-openapi-publish.py` writes it; a router test keeps it current).
enum OpenAPIDocument {
    static let text = #"""
openapi: 3.1.0
info:
  title: report-gen server
  version: v1
  description: >
    Spray reports and the record of the applications from Kalkulator Oprysku jobs, over HTTP
    (docs/server.md). A job is the JSON that `report-gen` reads (docs/input-format.md); a history
    is any form `report-gen batch` reads: the app's history export, an array of jobs,
    `{"version": 1, "jobs": [...]}`, or JSON Lines. Every error is problem+json (RFC 9457) with
    report-gen's JSON paths and messages. When the server is started with a token file, every
    `/v1` route asks for `Authorization: Bearer <token>` (401 otherwise).
servers:
  - url: /
paths:
  /v1/reports:
    post:
      operationId: makeReport
      summary: One report from one job (or the job inside a report PDF), as a PDF or a PNG page.
      parameters:
        - $ref: '#/components/parameters/template'
        - $ref: '#/components/parameters/theme'
        - $ref: '#/components/parameters/locale'
        - name: format
          in: query
          schema: {type: string, enum: [pdf, png], default: pdf}
        - name: page
          in: query
          description: With `format=png`, the page drawn (from 1).
          schema: {type: integer, minimum: 1, maximum: 1000, default: 1}
        - name: dpi
          in: query
          description: With `format=png`, the resolution.
          schema: {type: integer, minimum: 36, maximum: 300, default: 150}
        - name: pdfStandard
          in: query
          description: "`pdfa-3b-ua-1` (archival and accessible, with the job and its record attached) or `none`."
          schema: {type: string, enum: [pdfa-3b-ua-1, none], default: pdfa-3b-ua-1}
      requestBody:
        required: true
        content:
          application/json:
            schema: {}
            example:
              version: 1
              title: Herbicide, spring
              locale: en
              field: {name: North 7, crop: winter wheat, area: {value: 12.5, unit: ha}}
              sprayRate: {value: 200, unit: L/ha}
              tank: {capacity: {value: 1000, unit: L}}
              products:
                - {name: Roundup 360 SL, rate: {value: 1.5, unit: L/ha}, authorisation: R-12/2019}
          application/pdf:
            schema: {type: string, format: binary}
      responses:
        '200':
          description: The report.
          content:
            application/pdf:
              schema: {type: string, format: binary}
            image/png:
              schema: {type: string, format: binary}
        '400': {$ref: '#/components/responses/Problem'}
        '401': {$ref: '#/components/responses/Problem'}
        '406': {$ref: '#/components/responses/Problem'}
        '413': {$ref: '#/components/responses/Problem'}
        '422': {$ref: '#/components/responses/Problem'}
        '429': {$ref: '#/components/responses/Overloaded'}
        '503': {$ref: '#/components/responses/Problem'}
  /v1/records:
    post:
      operationId: makeRecord
      summary: The record of a history, as CSV, JSON, an Excel workbook or the season register (a PDF carrying the record).
      parameters:
        - name: format
          in: query
          schema: {type: string, enum: [csv, csv-excel-pl, json, xlsx, register], default: csv}
        - $ref: '#/components/parameters/recordCheck'
        - $ref: '#/components/parameters/theme'
        - $ref: '#/components/parameters/locale'
      requestBody:
        $ref: '#/components/requestBodies/History'
      responses:
        '200':
          description: >
            The record. Entries that are not valid jobs are left out; `Record-Entries`,
            `Record-Lines`, `Record-Invalid` and `Record-Incomplete` count them. A history with no
            valid job is refused (422), as `report-gen record` refuses it.
          headers:
            Record-Entries: {schema: {type: integer}}
            Record-Lines: {schema: {type: integer}}
            Record-Invalid: {schema: {type: integer}}
            Record-Incomplete: {schema: {type: integer}}
          content:
            text/csv:
              schema: {type: string}
            application/json:
              schema: {}
            application/vnd.openxmlformats-officedocument.spreadsheetml.sheet:
              schema: {type: string, format: binary}
            application/pdf:
              schema: {type: string, format: binary}
        '400': {$ref: '#/components/responses/Problem'}
        '401': {$ref: '#/components/responses/Problem'}
        '413': {$ref: '#/components/responses/Problem'}
        '422': {$ref: '#/components/responses/Problem'}
        '429': {$ref: '#/components/responses/Overloaded'}
        '503': {$ref: '#/components/responses/Problem'}
  /v1/batches:
    post:
      operationId: makeBatch
      summary: A season in one ZIP - reports, tank cards, the register, the record as CSV and JSON, and what each jurisdiction's record still lacks.
      parameters:
        - name: outputs
          in: query
          description: What goes into the ZIP (reports, tankCards, register, csv and json when left out; workbook is record.xlsx, csvPolish record-excel-pl.csv for a Polish spreadsheet).
          style: form
          explode: false
          schema:
            type: array
            items: {type: string, enum: [reports, tankCards, register, csv, json, workbook, csvPolish]}
        - $ref: '#/components/parameters/theme'
        - $ref: '#/components/parameters/locale'
      requestBody:
        $ref: '#/components/requestBodies/History'
      responses:
        '200':
          description: >
            The ZIP: reports/ and tank-cards/ (one PDF per valid job), register.pdf, record.csv,
            record.json, and summary.json and summary.txt (per job, what the EU, Polish and US
            records still lack; which entries are not valid jobs and why).
          content:
            application/zip:
              schema: {type: string, format: binary}
        '400': {$ref: '#/components/responses/Problem'}
        '401': {$ref: '#/components/responses/Problem'}
        '413': {$ref: '#/components/responses/Problem'}
        '422': {$ref: '#/components/responses/Problem'}
        '429': {$ref: '#/components/responses/Overloaded'}
        '503': {$ref: '#/components/responses/Problem'}
  /v1/validate:
    post:
      operationId: validateJobs
      summary: A job or a history checked, each diagnostic in the shape `--diagnostics json` writes.
      description: Held to the same limits as a record (the jobs a request may hold, a render slot, the deadline). Each diagnostic's message is in `locale` (English without it), its code the same in every language.
      parameters:
        - $ref: '#/components/parameters/recordCheck'
        - $ref: '#/components/parameters/messageLocale'
      requestBody:
        $ref: '#/components/requestBodies/History'
      responses:
        '200':
          description: The diagnostics (empty when every job is valid and complete).
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Validation'}
        '400': {$ref: '#/components/responses/Problem'}
        '401': {$ref: '#/components/responses/Problem'}
        '413': {$ref: '#/components/responses/Problem'}
        '429': {$ref: '#/components/responses/Overloaded'}
        '503': {$ref: '#/components/responses/Problem'}
  /v1/templates:
    get:
      operationId: listTemplates
      summary: The templates a request may name - the built-in ones and those of the server's definitions folder.
      responses:
        '200':
          description: Their names.
          content:
            application/json:
              schema:
                type: array
                items: {type: string}
        '401': {$ref: '#/components/responses/Problem'}
  /healthz:
    get:
      operationId: health
      summary: Alive.
      responses:
        '200':
          description: Alive.
          content:
            text/plain:
              schema: {type: string}
  /readyz:
    get:
      operationId: ready
      summary: Ready - fonts, templates and definitions loaded, a report can be drawn.
      responses:
        '200':
          description: Ready.
          content:
            text/plain:
              schema: {type: string}
        '503': {$ref: '#/components/responses/Problem'}
  /metrics:
    get:
      operationId: metrics
      summary: Prometheus metrics - requests, latency histogram, reports made, errors by kind, requests in flight.
      responses:
        '200':
          description: The Prometheus text format.
          content:
            text/plain:
              schema: {type: string}
components:
  parameters:
    template:
      name: template
      in: query
      description: >
        A template by name - built in (`spray-report`, `tank-card`) or from the server's
        definitions folder (GET /v1/templates), never a path.
      schema: {type: string, pattern: '^[A-Za-z0-9_-]{1,64}$', default: spray-report}
    theme:
      name: theme
      in: query
      schema: {type: string, enum: [light, dark], default: light}
    locale:
      name: locale
      in: query
      description: The report's language (each job's own when left out), and of a refusal's diagnostics (English when left out).
      schema: {type: string, enum: [en, pl, de]}
    messageLocale:
      name: locale
      in: query
      description: The language of the diagnostics' messages (English when left out); their codes are the same in every language.
      schema: {type: string, enum: [en, pl, de]}
    recordCheck:
      name: recordCheck
      in: query
      description: The jurisdiction whose record each job is checked for.
      schema: {type: string, enum: [eu, pl, us, de]}
  requestBodies:
    History:
      required: true
      description: A job or a history, in any form `report-gen batch` reads, or a report PDF report-gen made (read as the job or history it carries).
      content:
        application/json:
          schema: {$ref: '#/components/schemas/JobOrHistory'}
          example:
            - {id: 6F1C2B7A-3D4E-4F50-9A8B-1C2D3E4F5A6B, date: 797846400, fieldArea: 15, areaUnit: ha, sprayRate: 150, chemicalRate: 15, tankCapacity: 800}
            - {id: 0B9E2D41-7C1A-4C8E-8F0D-5A6B7C8D9E0F, date: 797932800, fieldArea: 250, areaUnit: ar, sprayRate: 200, chemicalRate: 1.2, tankCapacity: 600}
        application/x-ndjson:
          schema: {type: string, format: binary}
        application/jsonl:
          schema: {type: string, format: binary}
        application/pdf:
          schema: {type: string, format: binary}
  responses:
    Problem:
      description: What is wrong (RFC 9457), with the same JSON paths and messages as report-gen.
      content:
        application/problem+json:
          schema: {$ref: '#/components/schemas/Problem'}
    Overloaded:
      description: Every render slot and the queue are taken; try again after `Retry-After` seconds.
      headers:
        Retry-After:
          required: true
          schema: {type: integer}
      content:
        application/problem+json:
          schema: {$ref: '#/components/schemas/Problem'}
  schemas:
    Problem:
      type: object
      required: [title, status]
      properties:
        type: {type: string}
        title: {type: string}
        status: {type: integer}
        detail: {type: string}
        code:
          type: string
          description: What kind of failure it is, stable across versions (report-gen's codes, docs/diagnostics.md), such as render.fonts or layout.cannot-fit.
        diagnostics:
          type: array
          items: {$ref: '#/components/schemas/Diagnostic'}
    Validation:
      type: object
      required: [jobs, valid, diagnostics]
      properties:
        jobs: {type: integer}
        valid: {type: integer}
        diagnostics:
          type: array
          items: {$ref: '#/components/schemas/Diagnostic'}
    Diagnostic:
      description: One diagnostic, as `report-gen --diagnostics json` writes it (docs/diagnostics.md).
      type: object
      required: [path, rule, severity, message]
      properties:
        entry: {type: integer}
        line: {type: integer}
        id: {type: string}
        file: {type: string}
        path: {type: string}
        rule: {type: string}
        code:
          type: string
          description: The diagnostic's stable code within its rule (`record.pl.cadastral`), for programs to act on instead of the message (docs/diagnostics.md).
        severity: {type: string, enum: [error, warning, hint]}
        message: {type: string}
    AppEntry: {"description": "One entry of the Kalkulator Oprysku app's history export (docs/input-format.md).", "type": "object", "required": ["fieldArea", "sprayRate", "chemicalRate", "tankCapacity"], "properties": {"id": {"type": "string", "maxLength": 200}, "date": {"type": "number", "description": "seconds since 2001-01-01T00:00:00Z"}, "fieldArea": {"type": "number", "exclusiveMinimum": 0}, "areaUnit": {"enum": ["ha", "ar", "m²", "m2"]}, "sprayRate": {"type": "number", "exclusiveMinimum": 0, "description": "L/ha"}, "chemicalRate": {"type": "number", "exclusiveMinimum": 0, "description": "L/ha"}, "tankCapacity": {"type": "number", "exclusiveMinimum": 0, "description": "L"}}}
    Job: {"title": "report-gen spray job, version 1", "description": "One spray job for report-gen. See docs/input-format.md for the meaning of each field, the calculation rules and the limits. Limits that depend on units (largest field, spray volume range, tank range) are checked by report-gen itself.", "type": "object", "additionalProperties": false, "required": ["version", "field", "sprayRate", "tank", "products"], "properties": {"version": {"const": 1}, "id": {"$ref": "#/components/schemas/Job_text"}, "locale": {"enum": ["en", "pl", "de"], "default": "en"}, "title": {"$ref": "#/components/schemas/Job_text"}, "date": {"type": "string", "description": "A calendar date (2026-04-14) or an RFC 3339 date-time with its UTC offset (2026-04-14T07:30:00+02:00).", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}([Tt][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?([Zz]|[+-][0-9]{2}:[0-9]{2}))?$"}, "endDate": {"type": "string", "description": "When the application ended (date is its start); RFC 3339, not before date, and only with date"}, "timeZone": {"type": "string", "description": "The IANA time zone (Europe/Warsaw) the job's UTC times (written with Z) are shown in; default --time-zone, else Europe/Warsaw for a Polish job. Must be in the system's time zone database"}, "author": {"$ref": "#/components/schemas/Job_text"}, "field": {"type": "object", "additionalProperties": false, "required": ["area"], "properties": {"name": {"$ref": "#/components/schemas/Job_text"}, "crop": {"$ref": "#/components/schemas/Job_text"}, "area": {"$ref": "#/components/schemas/Job_area"}, "cropCode": {"$ref": "#/components/schemas/Job_eppoCode", "description": "The crop's EPPO code, beside field.crop"}, "cropArea": {"$ref": "#/components/schemas/Job_area", "description": "The area of the crop when only part of it was treated (field.area stays the treated area); at least field.area"}, "parcels": {"type": "array", "maxItems": 200, "description": "The parcels treated, each named by the label of the IACS aid application's parcel, its cadastral parcel numbers, its German FLIK or, where it has none of these, a point in WGS 84. Their labels, FLIKs and numbers together hold at most 5,000 characters (checked by report-gen; a schema cannot say it)", "items": {"type": "object", "additionalProperties": false, "minProperties": 1, "properties": {"label": {"$ref": "#/components/schemas/Job_text", "description": "The parcel's label (its reference) in the IACS aid application (GSAA)"}, "cadastral": {"type": "array", "maxItems": 200, "items": {"$ref": "#/components/schemas/Job_text"}}, "area": {"$ref": "#/components/schemas/Job_area", "description": "The area treated on this parcel; the parcels' areas add up to field.area when every parcel gives one (checked by report-gen)"}, "flik": {"type": "string", "minLength": 1, "maxLength": 32, "description": "The German field block or parcel identifier (Flächenidentifikator; Bavaria's FID): DE, the Land, the type (LI, LE, NF, PS), then 10 letters or digits, e.g. DEBBLI0260100301. Its form is checked by --record-check de"}, "point": {"type": "object", "additionalProperties": false, "required": ["latitude", "longitude"], "description": "A point of the parcel in WGS 84, decimal degrees: the location where the parcel has no IACS reference (2023/564 Art. 1(2): the Member State's alternative; German guidance accepts a GPS point)", "properties": {"latitude": {"type": "number", "minimum": -90, "maximum": 90, "description": "Degrees north (negative: south)"}, "longitude": {"type": "number", "minimum": -180, "maximum": 180, "description": "Degrees east (negative: west)"}}}}}}}}, "sprayRate": {"type": "object", "additionalProperties": false, "required": ["value", "unit"], "properties": {"value": {"$ref": "#/components/schemas/Job_positive"}, "unit": {"enum": ["L/ha", "gal/ac"]}}}, "tank": {"type": "object", "additionalProperties": false, "required": ["capacity"], "properties": {"capacity": {"type": "object", "additionalProperties": false, "required": ["value", "unit"], "properties": {"value": {"$ref": "#/components/schemas/Job_positive"}, "unit": {"enum": ["L", "gal"]}}}, "loads": {"enum": ["fullThenPartial", "equal"], "default": "fullThenPartial"}}}, "water": {"enum": ["fillToVolume", "addToCarrier"], "default": "fillToVolume"}, "products": {"type": "array", "minItems": 1, "maxItems": 20, "items": {"type": "object", "additionalProperties": false, "required": ["name", "rate"], "properties": {"name": {"$ref": "#/components/schemas/Job_text", "minLength": 1}, "rate": {"type": "object", "additionalProperties": false, "required": ["value", "unit"], "properties": {"value": {"$ref": "#/components/schemas/Job_positive"}, "unit": {"enum": ["L/ha", "mL/ha", "kg/ha", "g/ha", "gal/ac", "qt/ac", "pt/ac", "fl oz/ac", "lb/ac", "oz/ac", "L/100 L", "mL/100 L", "kg/100 L", "g/100 L", "fl oz/100 gal", "lb/100 gal", "%"]}}}, "authorisation": {"$ref": "#/components/schemas/Job_text"}, "kind": {"enum": ["plantProtection", "adjuvant", "fertiliser", "biostimulant", "other"], "description": "What the product is (default plantProtection); only a plant protection product needs an authorisation number"}, "activeIngredients": {"type": "array", "maxItems": 200, "items": {"$ref": "#/components/schemas/Job_text"}, "description": "The active ingredients as the label names them (US WPS application information)"}, "restrictedEntryHours": {"$ref": "#/components/schemas/Job_positive", "maximum": 8760, "description": "The label's restricted-entry interval, hours"}, "preHarvestIntervalDays": {"type": "integer", "minimum": 0, "maximum": 366, "description": "The label's pre-harvest interval on the job's crop, days: the earliest harvest is this many days after the application's last day (filled from --products when absent)"}}}}, "operator": {"$ref": "#/components/schemas/Job_text"}, "operatorLicence": {"$ref": "#/components/schemas/Job_text", "description": "The applicator's certificate or licence number"}, "holding": {"$ref": "#/components/schemas/Job_text", "description": "The farm's identifier, e.g. the producer number of the paying agency"}, "equipment": {"$ref": "#/components/schemas/Job_text", "description": "The sprayer and its nozzles"}, "target": {"$ref": "#/components/schemas/Job_text"}, "targetCodes": {"type": "array", "maxItems": 200, "items": {"$ref": "#/components/schemas/Job_eppoCode"}, "description": "The EPPO codes of the pests, diseases or weeds treated, beside target"}, "bbch": {"description": "The growth stage as a BBCH code, or a range [from, to]; a growthStage like \"BBCH 31\" is read as 31 when bbch is absent", "oneOf": [{"$ref": "#/components/schemas/Job_bbchStage"}, {"type": "array", "items": {"$ref": "#/components/schemas/Job_bbchStage"}, "minItems": 2, "maxItems": 2}]}, "growthStage": {"$ref": "#/components/schemas/Job_text"}, "weather": {"$ref": "#/components/schemas/Job_text"}, "notes": {"type": "string", "maxLength": 2000, "pattern": "^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F]*$"}, "recordedAt": {"type": "string", "description": "When the application was recorded, by whoever confirms it was done: an RFC 3339 date and time, not before the application's end (endDate, else date)"}, "plannedHarvest": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": "The day harvest is planned (YYYY-MM-DD): warned of when it comes before the products' pre-harvest intervals allow"}}}
    JobOrHistory: {"description": "A job, or a history: an array of jobs or app entries, or {\"version\": 1, \"jobs\": [...]}.", "anyOf": [{"anyOf": [{"$ref": "#/components/schemas/Job"}, {"$ref": "#/components/schemas/AppEntry"}]}, {"type": "array", "minItems": 1, "items": {"anyOf": [{"$ref": "#/components/schemas/Job"}, {"$ref": "#/components/schemas/AppEntry"}]}}, {"type": "object", "required": ["version", "jobs"], "additionalProperties": false, "properties": {"version": {"const": 1}, "jobs": {"type": "array", "minItems": 1, "items": {"anyOf": [{"$ref": "#/components/schemas/Job"}, {"$ref": "#/components/schemas/AppEntry"}]}}}}]}
    Job_area: {"type": "object", "additionalProperties": false, "required": ["value", "unit"], "properties": {"value": {"$ref": "#/components/schemas/Job_positive"}, "unit": {"enum": ["ha", "a", "m2", "m²", "ac"]}}}
    Job_bbchStage: {"type": "integer", "minimum": 0, "maximum": 99}
    Job_eppoCode: {"type": "string", "pattern": "^[0-9A-Z]{5,6}$", "description": "An EPPO code (EPPO Global Database): five or six capital letters or digits, e.g. TRZAW"}
    Job_positive: {"type": "number", "exclusiveMinimum": 0}
    Job_text: {"type": "string", "maxLength": 200, "pattern": "^[^\\u0000-\\u001F\\u007F]*$"}
"""#
}
