"""The drop page in a real browser (Debian's chromium driven by Playwright): the bundled
examples and a 50-job season dropped, what the record lacks in plain words, the fill-once fields
kept in the browser, the downloads checked (PDFs open, the CSV is report-gen's record), Polish,
English and German, a phone's screen, the keyboard, no JavaScript, and axe with zero violations."""
import io
import json
import pathlib
import subprocess
import tempfile
import zipfile

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import REPORT_GEN, ROOT
from seasons import season_of_50

EXAMPLES = sorted((ROOT / "docs/examples").glob("*.json")) + sorted((ROOT / "docs/examples/app").glob("*.json"))
HISTORY = ROOT / "docs/examples/app/history.json"
GERMAN_SEASON = ROOT / "docs/examples/season-de.jsonl"


def pdf_opens(data):
    with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
        file.write(data)
        file.flush()
        info = subprocess.run(["pdfinfo", file.name], capture_output=True, text=True)
    return info.returncode == 0 and "Pages:" in info.stdout


def record_csv(path, check):
    """The record as the command-line tool writes it."""
    with tempfile.TemporaryDirectory() as folder:
        out = pathlib.Path(folder) / "record.csv"
        subprocess.run([str(REPORT_GEN), "record", str(path), "-o", str(out), "--record-check", check], check=True,
                       capture_output=True, env={"PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": folder})
        return out.read_bytes()


def open_page(browser, server, language, **context):
    page = browser.new_context(accept_downloads=True, **context).new_page()
    page.goto(f"{server.url}/?lang={language}")
    return page


def check_file(page, path):
    page.set_input_files("#history", str(path))
    page.wait_for_selector("#result h2")
    return page.inner_text("#result")


def download(page, selector="#download"):
    with page.expect_download(timeout=60_000) as event:
        page.click(selector)
    return event.value.suggested_filename, pathlib.Path(event.value.path()).read_bytes()


def test_the_page_speaks_polish_and_english(browser, server):
    page = open_page(browser, server, "pl")
    assert page.locator("h1").inner_text() == "Raporty oprysków i ewidencja zabiegów"
    assert page.get_attribute("html", "lang") == "pl"
    page.click("text=English")
    assert page.get_attribute("html", "lang") == "en"
    assert page.locator("h1").inner_text() == "Spray reports and the record of applications"
    assert page.get_by_label("Who sprayed (name)").is_visible()
    page.click("text=Deutsch")
    assert page.get_attribute("html", "lang") == "de"
    assert page.locator("h1").inner_text() == "Spritzberichte und Aufzeichnung der Anwendungen"
    assert page.get_by_label("Wer gespritzt hat (Name des Anwenders)").is_visible()


def test_a_browser_set_to_german_gets_the_german_page(browser, server):
    page = browser.new_context(locale="de-DE").new_page()
    page.goto(server.url + "/")
    assert page.get_attribute("html", "lang") == "de"
    assert page.locator("#recordCheck").input_value() == "de", "a German page checks for the German record"


def test_a_german_season_is_checked_in_german_and_made_into_german_files(browser, server):
    page = open_page(browser, server, "de")
    result = check_file(page, GERMAN_SEASON)
    assert "Was der Aufzeichnung fehlt" in result, result
    assert "Deutschland ✓" in result, result
    page.check("input[name=csvPolish]")
    name, data = download(page)
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = archive.namelist()
    assert name == "season.zip" and "record-excel-de.csv" in names, names
    assert archive.read("summary.txt").decode().startswith("Zusammenfassung der Saison: 7 Einträge, 7 gültige Anwendungen."), archive.read("summary.txt")[:200]
    report = next(n for n in names if n.startswith("reports/"))
    assert pdf_opens(archive.read(report))
    text = subprocess.run(["pdftotext", "-", "-"], input=archive.read(report), capture_output=True).stdout.decode()
    assert "SPRITZBERICHT" in text, text[:300]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.name)
def test_every_bundled_example_is_checked_and_made_into_its_files(browser, server, example):
    page = open_page(browser, server, "en")
    result = check_file(page, example)
    assert "What the record lacks" in result
    assert "$." not in result, "no JSON paths for a farmer"
    name, data = download(page)
    assert name == "season.zip"
    archive = zipfile.ZipFile(io.BytesIO(data))
    reports = [entry for entry in archive.namelist() if entry.startswith("reports/")]
    assert reports and all(pdf_opens(archive.read(entry)) for entry in reports)
    assert pdf_opens(archive.read("register.pdf"))
    assert archive.read("record.csv") == record_csv(example, "eu"), "the CSV is report-gen's record"


def test_the_app_history_in_polish_lacks_in_plain_words_and_fills_once(browser, server):
    page = open_page(browser, server, "pl")
    result = check_file(page, HISTORY)
    assert "Czego brakuje w ewidencji" in result
    assert "numery działek ewidencyjnych" in result
    page.fill("#holding", "068812345")
    page.fill("#operatorName", "Jan Kowalski")
    page.fill("#operatorLicence", "PL-2024-01234")
    for box in ["reports", "tankCards", "register", "json"]:
        page.uncheck(f"input[name={box}]")
    name, data = download(page)
    assert name == "record.csv"
    text = data.decode("utf-8")
    assert text.count("068812345") >= len(json.loads(HISTORY.read_text())), "every job has the holding filled in"
    assert "Jan Kowalski" in text and "PL-2024-01234" in text
    # Kept in this browser only: a new visit finds them, the server keeps nothing.
    page.reload()
    assert page.input_value("#holding") == "068812345"
    assert page.input_value("#operatorName") == "Jan Kowalski"


def test_a_50_job_season_shows_progress_and_downloads_the_zip(browser, server):
    with tempfile.TemporaryDirectory() as folder:
        season = season_of_50(folder)
        page = open_page(browser, server, "pl")
        result = check_file(page, season)
        assert "50 wpisów, 50 poprawnych zabiegów" in result
        with page.expect_download(timeout=120_000) as event:
            page.click("#download")
            page.wait_for_selector("#progress:not([hidden])")
        archive = zipfile.ZipFile(event.value.path())
        names = archive.namelist()
        assert len([n for n in names if n.startswith("reports/")]) == 50
        assert len([n for n in names if n.startswith("tank-cards/")]) == 50
        assert_cli_record_with_the_fields_suggestions(archive.read("record.csv"), record_csv(season, "pl"))
        assert "Gotowe" in page.inner_text("#progress")


def assert_cli_record_with_the_fields_suggestions(page_csv, cli_csv):
    """The page's record is report-gen's, except where the check offered a field's facts from its
    earlier job (shown in the inputs, so sent with the download): there a value report-gen left
    empty is the one the same field's earlier line has."""
    import csv
    page_rows = list(csv.DictReader(io.StringIO(page_csv.decode("utf-8"))))
    cli_rows = list(csv.DictReader(io.StringIO(cli_csv.decode("utf-8"))))
    assert len(page_rows) == len(cli_rows)
    suggested = {"parcels", "crop", "crop_eppo", "cropped_area_ha"}
    changed = 0
    for index, (page_row, cli_row) in enumerate(zip(page_rows, cli_rows)):
        for column, value in page_row.items():
            if value == cli_row[column]:
                continue
            assert column in suggested and cli_row[column] == "", (index, column, value, cli_row[column])
            earlier = [row[column] for row in page_rows[:index] if row["field"] == page_row["field"] and row[column]]
            assert earlier and earlier[-1] == value, (index, column, value)
            changed += 1
    assert changed, "the season repeats fields, so something was suggested"


def test_without_javascript_the_form_still_checks_and_downloads(browser, server):
    page = open_page(browser, server, "pl", java_script_enabled=False)
    page.set_input_files("#history", str(HISTORY))
    page.click("#check")
    page.wait_for_selector("#result h2")
    assert "numery działek ewidencyjnych" in page.inner_text("#result")
    # The check page keeps the history: downloading needs no second pick of the file.
    name, data = download(page)
    assert name == "season.zip" and zipfile.ZipFile(io.BytesIO(data)).namelist()


def test_on_a_phone_nothing_runs_off_the_screen(browser, server):
    for language in ["pl", "en", "de"]:
        page = open_page(browser, server, language, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
        check_file(page, HISTORY)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        for selector in ["#check", "#download"]:
            box = page.locator(selector).bounding_box()
            assert box["height"] >= 44, "a finger-sized button"


def test_the_keyboard_reaches_every_control_in_order(browser, server):
    page = open_page(browser, server, "en")
    reached = []
    for _ in range(22):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("document.activeElement.id || document.activeElement.name"))
    order = ["history", "holding", "operatorName", "operatorLicence", "parcels", "reports", "tankCards", "register", "csv", "json", "recordCheck", "check", "download"]
    positions = [reached.index(name) for name in order]
    assert positions == sorted(positions), reached


@pytest.mark.parametrize("language", ["pl", "en", "de"])
def test_axe_finds_no_violation_before_or_after_a_check(browser, server, language):
    page = open_page(browser, server, language)
    axe = Axe()
    before = axe.run(page)
    assert before.violations_count == 0, before.generate_report()
    check_file(page, HISTORY)
    after = axe.run(page)
    assert after.violations_count == 0, after.generate_report()


def test_the_access_key_is_kept_for_the_tab_only(browser):
    """With tokens, the key typed in the page is kept for the tab (sessionStorage), never in the
    browser's lasting storage, where it sat in plain text; the holding is still remembered."""
    import tempfile
    from conftest import Server
    with tempfile.NamedTemporaryFile("w", suffix=".tokens") as tokens:
        tokens.write("k" * 32 + "\n")
        tokens.flush()
        server = Server("--tokens", tokens.name)
        try:
            page = open_page(browser, server, "en")
            page.fill("#token", "k" * 32)
            page.fill("#holding", "068812345")
            lasting = page.evaluate("() => JSON.stringify(Object.entries(localStorage))")
            assert "k" * 32 not in lasting and "068812345" in lasting, lasting
            assert page.evaluate("() => sessionStorage.getItem('report-gen.token')") == "k" * 32
        finally:
            assert server.stop() == 0


# Words of the German page that Debian's German dictionary does not have, each a name, a code or
# a term of the trade (../shared/record-keeping-de.md); anything else it does not know is a misspelling.
GERMAN_TERMS = {"Kalkulator", "Oprysku", "JSON", "Lines", "json-", "jsonl-Datei", "PflSchG", "Befüllkarten", "Sammelantrag",
                "Flurstücksnummern", "Wiederbetretungsfrist", "EPPO-Code", "BBCH", "TRZAW", "gd.eppo.int", "XLSX", "CSV", "PDF", "USA",
                # "App" is German since the dictionary's 2016 list; "English" is the link to the English page, in English.
                "App", "English"}


def test_the_german_page_is_spelled_right(browser, server):
    page = open_page(browser, server, "de")
    check_file(page, GERMAN_SEASON)
    text = page.inner_text("body")
    unknown = set(subprocess.run(["hunspell", "-d", "de_DE", "-l"], input=text, capture_output=True, text=True, check=True).stdout.split())
    unknown = {word.strip(".,:;()") for word in unknown}
    # The season's own data (its fields, crops, products and names) is the user's, not the page's.
    data = GERMAN_SEASON.read_text(encoding="utf-8")
    misspelt = sorted(word for word in unknown - GERMAN_TERMS if word and word not in data)
    assert misspelt == [], misspelt
