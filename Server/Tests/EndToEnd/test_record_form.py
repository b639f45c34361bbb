"""The drop page completes the record (issue 49): the app's own export, which has no field, crop,
product name, authorisation or target, is completed job by job through the page's form, with
JavaScript and without, on a phone and a desktop, and the season downloaded holds a record with
every item the Polish register asks for (../shared/record-keeping.md: date, parcel and its
cadastral numbers, crop and its EPPO code, crop area, product and authorisation, reason, holding,
operator), read from the record itself rather than from the page's own count."""
import io
import json
import subprocess
import tempfile
import zipfile

import openpyxl
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import REPORT_GEN
from test_drop_page import HISTORY, open_page, download
from seasons import season_of_50

JOBS = len(json.loads(HISTORY.read_text()))
FIRST_JOB = {
    "e0-field": "Za stodołą", "e0-crop": "pszenica ozima", "e0-cropCode": "TRZAW", "e0-cropArea": "20,5", "e0-parcels": "12A, 12B",
    "e0-cadastral": "0212/3, 0212/4", "e0-target": "chwasty dwuliścienne", "e0-bbch": "31-32",
    "e0-p0-name": "Chwastox Extra 300 SL", "e0-p0-authorisation": "R-108/2015",
}


def test_the_apps_export_alone_fails_the_polish_check():
    run = subprocess.run([str(REPORT_GEN), "validate", "--record-check", "pl", "--strict", str(HISTORY)], capture_output=True, text=True)
    assert run.returncode == 65 and "cadastral" in run.stderr, run.stderr


def complete_the_season(page):
    """Fills what every job shares, the first job's gaps, and "same as above" on the others."""
    page.fill("#holding", "068812345")
    page.fill("#operatorName", "Jan Kowalski")
    page.fill("#operatorLicence", "PL-2024-01234")
    for name, value in FIRST_JOB.items():
        page.fill(f"[name='{name}']", value)
    for entry in range(1, JOBS):
        page.check(f"[name='e{entry}-same']")
    for box in ["workbook", "csvPolish"]:
        page.check(f"input[name={box}]")


def assert_the_polish_record_is_complete(archive):
    record = json.loads(archive.read("record.json"))
    assert len(record["lines"]) == JOBS
    for line in record["lines"]:
        assert line["date"] and line["holding"] == "068812345" and line["operator"] == "Jan Kowalski"
        assert [parcel["label"] for parcel in line["parcels"]] == ["12A", "12B"]
        assert sum((parcel["cadastral"] for parcel in line["parcels"]), []) == ["0212/3", "0212/4"]
        assert line["crop"] == "pszenica ozima" and line["cropCode"] == "TRZAW"
        assert line["croppedAreaHa"] == 20.5, "20,5 ha, whatever unit a job shows it in"
        assert line["croppedAreaHa"] >= line["treatedAreaHa"]
        assert line["product"] == "Chwastox Extra 300 SL" and line["authorisation"] == "R-108/2015"
        assert line["reason"] == "chwasty dwuliścienne" and line["bbch"] == {"from": 31, "to": 32}
    workbook = openpyxl.load_workbook(io.BytesIO(archive.read("record.xlsx")))
    cells = [str(cell.value) for sheet in workbook for row in sheet.iter_rows() for cell in row if cell.value is not None]
    assert cells.count("R-108/2015") >= JOBS, "the workbook carries the answers (the record sheet and the totals)"
    polish_csv = archive.read("record-excel-pl.csv").decode("utf-8-sig")
    assert polish_csv.splitlines()[0].startswith("job_id;") and "20,5" in polish_csv
    for name in [n for n in archive.namelist() if n.startswith("reports/")]:
        with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
            file.write(archive.read(name))
            file.flush()
            text = subprocess.run(["pdftotext", "-layout", file.name, "-"], capture_output=True, text=True, check=True).stdout
            # report-gen itself finds the report complete for Poland (its record holds what its
            # job, the app's entry as read, lacks); the app's export alone fails the same check.
            check = subprocess.run([str(REPORT_GEN), "validate", "--record-check", "pl", "--strict", file.name], capture_output=True, text=True)
        assert check.returncode == 0, f"{name}: {check.stderr}"
        assert "Chwastox Extra 300 SL" in text and "R-108/2015" in text, f"{name} prints the answers"


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_apps_export_is_completed_through_the_form_with_javascript(browser, server, device):
    phone = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True} if device == "phone" else {}
    page = open_page(browser, server, "pl", **phone)
    page.set_input_files("#history", str(HISTORY))
    page.wait_for_selector("#result h2")
    assert "Polska: 0 z 3" in page.inner_text("#result .counts")
    complete_the_season(page)
    page.click("#result .check-again")
    # The page's CSP allows no string evaluation: wait through locators.
    expect(page.locator("#result .counts")).to_contain_text("Polska: 3 z 3", timeout=30_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= (360 if device == "phone" else 10_000)
    axe = Axe().run(page)
    assert axe.violations_count == 0, axe.generate_report()
    name, data = download(page, "#result .download")
    assert name == "season.zip"
    assert_the_polish_record_is_complete(zipfile.ZipFile(io.BytesIO(data)))


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_apps_export_is_completed_without_javascript(browser, server, device):
    phone = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True} if device == "phone" else {}
    page = open_page(browser, server, "pl", java_script_enabled=False, **phone)
    page.set_input_files("#history", str(HISTORY))
    page.click("#check")
    page.wait_for_selector("#result h2")
    complete_the_season(page)
    # The check page carries the history: nothing to pick again.
    page.click("#result .check-again")
    page.wait_for_selector("#result h2")
    assert "Polska: 3 z 3" in page.inner_text("#result .counts")
    assert page.evaluate("document.documentElement.scrollWidth") <= (360 if device == "phone" else 10_000)
    # (axe runs in the page's scripts, which this browser has off; the same form is checked by
    # axe with JavaScript on above.)
    name, data = download(page, "#result .download")
    assert name == "season.zip"
    assert_the_polish_record_is_complete(zipfile.ZipFile(io.BytesIO(data)))


@pytest.mark.parametrize("javascript", [True, False])
def test_an_answer_that_cannot_be_taken_is_named_in_the_pages_language(browser, server, javascript):
    page = open_page(browser, server, "pl", java_script_enabled=javascript)
    page.set_input_files("#history", str(HISTORY))
    if not javascript:
        page.click("#check")
    page.wait_for_selector("#result h2")
    page.fill("[name='e0-cropArea']", "dużo")
    page.fill("[name='e0-cropCode']", "X")
    page.click("#result .download")
    page.wait_for_selector("#result .field-error")
    errors = page.inner_text("#result")
    assert "Powierzchnia całej uprawy (ha): wpisz powierzchnię liczbą" in errors
    assert "Kod EPPO uprawy: kod EPPO ma 5 lub 6 liter" in errors
    assert "$." not in errors and "HTTP" not in errors
    assert page.get_attribute("[name='e0-cropArea']", "aria-invalid") == "true"
    assert page.input_value("[name='e0-cropArea']") == "dużo", "what was typed stays"
    # A rule report-gen holds answers to, told in the page's words: the crop holds the area sprayed.
    page.fill("[name='e0-cropArea']", "2")
    page.fill("[name='e0-cropCode']", "TRZAW")
    page.click("#result .download")
    expect(page.locator("#result")).to_contain_text("Powierzchnia całej uprawy (ha): cała uprawa nie może być mniejsza niż opryskana powierzchnia (15 ha)")


def test_the_same_fields_earlier_job_fills_a_later_one(browser, server):
    page = open_page(browser, server, "en")
    page.select_option("#recordCheck", "pl")
    page.set_input_files("#history", str(HISTORY))
    page.wait_for_selector("#result h2")
    page.fill("[name='e0-field']", "North 7")
    page.fill("[name='e0-crop']", "winter wheat")
    page.fill("[name='e0-cadastral']", "0212/3")
    page.click("[data-entry='2'] summary")
    page.fill("[name='e2-field']", "North 7")
    page.click("#result .check-again")
    expect(page.locator("[data-entry='2'] summary")).to_contain_text("suggested", timeout=30_000)
    assert page.get_attribute("[data-entry='2'] details", "open") is not None, "a job being typed into stays open"
    assert "North 7" in page.inner_text("[data-entry='2'] summary"), "its line names the field typed"
    assert page.input_value("[name='e2-crop']") == "winter wheat"
    assert page.input_value("[name='e2-cadastral']") == "0212/3"
    assert "the EPPO database has TRZAW" in page.inner_text("[data-entry='0']"), "the code of a crop report-gen knows, offered"
    assert page.input_value("[name='e0-cropCode']") == "", "a code is the person's claim, never filled in for them"
    assert "From the earlier job on this field" in page.inner_text("[data-entry='2']")


def test_a_50_job_season_is_summed_up_within_a_phone_screen(browser, server):
    with tempfile.TemporaryDirectory() as folder:
        page = open_page(browser, server, "pl", viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
        page.set_input_files("#history", str(season_of_50(folder)))
        page.wait_for_selector("#result h2")
        summary = page.locator("#result .summary").bounding_box()
        assert summary["height"] <= 740, summary
        # Only the first job's form is open; each of the others is one line.
        assert page.locator("#result details[open]").count() <= 1
        top = page.locator("#result h2").bounding_box()["y"]
        assert summary["y"] + summary["height"] - top <= 740, "the season's summary fits the first screen"
        rows = [page.locator(f"#result [data-entry='{entry}']").bounding_box()["height"] for entry in range(1, 50)]
        assert max(rows) <= 160, f"a closed job is a short card, not a form: {max(rows)} px"


def test_a_servers_catalogue_gives_a_product_named_on_the_page_its_authorisation(browser):
    """With `--products`, naming a product the catalogue knows is enough: its authorisation is
    the catalogue's, on the page's check, in the record and in the report."""
    from conftest import ROOT, Server
    server = Server("--products", str(ROOT / "docs/catalogue/products.json"))
    try:
        page = open_page(browser, server, "pl")
        page.set_input_files("#history", str(HISTORY))
        page.wait_for_selector("#result h2")
        assert page.locator("[name='e0-p0-authorisation']").count() == 1, "unnamed, the product's number is asked for"
        page.fill("[name='e0-p0-name']", "Karate 2,5 WG")
        page.click("#result .check-again")
        expect(page.locator("[data-entry='0'] .lacks")).not_to_contain_text("numer zezwolenia", timeout=30_000)
        for box in ["reports", "tankCards", "register", "csv"]:
            page.uncheck(f"input[name={box}]")
        name, data = download(page, "#result .download")
        assert name == "record.json"
        line = json.loads(data)["lines"][0]
        assert line["product"] == "Karate 2,5 WG" and line["authorisation"] == "R-159/2013"
    finally:
        assert server.stop() == 0
