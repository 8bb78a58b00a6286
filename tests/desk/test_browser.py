"""The desk as a director uses it, in a real browser: Selenium driving Debian's chromium
through its chromedriver (``.ci/run`` installs both, and poppler-utils, when missing; here
the test skips, saying why, when one cannot be had).

The director types a dispute with a slip in it, sees the problem at its line, clicks it,
puts it right by typing, sees the decision beside the record, and prints the page to PDF;
the decision's words are found in the PDF's text (pdftotext). Selenium is pointed at
/usr/bin/chromedriver, so Selenium Manager downloads nothing.
"""

from __future__ import annotations

import base64
import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

DRIVER = "/usr/bin/chromedriver"  # Debian's chromium-driver, matching its chromium
BROWSER = next(
    (found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))), None
)
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # pragma: no cover - the test extra brings it
    webdriver = None

pytestmark = pytest.mark.skipif(
    webdriver is None or BROWSER is None or not os.path.exists(DRIVER),
    reason="needs selenium (the test extra), chromium and chromium-driver (Debian: apt-get"
    " install chromium chromium-driver); .ci/run installs them when run as root with apt-get",
)

#: A revoke dispute as a director types it, with one slip: the three of diamonds at trick 3
#: typed 3X (line 13, column 15).
TYPED = """%HRN 1
game whist
rules code=english-1900
players N="Harold Finch" E="Ivy Langley" S="James Otterburn" W="Kate Rushworth"
start NS=2 EW=1 games=EW:2
deal dealer=S trump=7D
N  AKQT76.932.K2.K3
E  954.K74.AQ63.764
S  83.AJ86.JT97.QJT
W  J2.QT5.854.A9852
  1  W   3C   4C   10C  AC
  2  W   KC   6C   JC   2C
  3  N   AS   3X   3S   2S
  4  E   QS   4S   8S   JS
  5  N   KS   5S   6H   4D
  6  W   2H   7H   8H   5H
  7  S   3H   4H   AH   10H
  8  S   6S   7C   QC   5C
  9  S   9H   KH   JH   QH
 10  E   7S   9S   7D   8D
 11  W   2D   6D   9D   9C
 12  S   KD   AD   10D  5D
 13  E   10S  QD   JD   8C
claim NS revoke against=E trick=3
penalty NS tricks
score NS 3 tricks
score NS 2 game
"""
SLIP = (13, 15)
UPHELD = "The claim is in time and upheld"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = BROWSER or ""
    for argument in ("--headless=new", "--disable-gpu", "--window-size=1400,900"):
        options.add_argument(argument)
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


@pytest.fixture(autouse=True)
def _left_clean(browser: Any) -> Iterator[None]:
    """Each test leaves the page as a director who is done would: nothing typed that the page
    would ask to keep (a record not saved makes leaving ask first) or bring back (the tab
    keeps its record across a reload)."""
    yield
    with contextlib.suppress(Exception):  # (no dialog open: the usual case)
        browser.switch_to.alert.accept()
    browser.execute_script(
        "sessionStorage.clear(); const r = document.getElementById('record'); if (r) r.value = '';"
    )


def test_a_director_types_a_dispute_puts_a_slip_right_and_prints_the_decision(
    browser: Any, desk_url: str, tmp_path: Path
) -> None:
    wait = WebDriverWait(browser, 10)
    browser.get(desk_url)
    editor = browser.find_element(By.ID, "record")
    editor.send_keys(TYPED)

    slip = wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#problems li"))
    assert len(slip) == 1, [p.text for p in slip]
    assert slip[0].get_attribute("data-line") == str(SLIP[0])
    assert f"line {SLIP[0]}, column {SLIP[1]}" in slip[0].text and "3X" in slip[0].text
    marked = browser.find_elements(By.CSS_SELECTOR, "#gutter .bad")
    assert [m.text for m in marked] == [str(SLIP[0])]
    assert browser.find_element(By.ID, "verdict").text == ""

    slip[0].click()  # the cursor goes to the slip
    cursor = browser.execute_script("return arguments[0].selectionStart", editor)
    assert cursor == TYPED.index("3X")
    editor.send_keys(Keys.DELETE, Keys.DELETE, "3D")

    wait.until(lambda b: UPHELD in b.find_element(By.ID, "decision").text)
    assert not browser.find_elements(By.CSS_SELECTOR, "#problems li")
    verdict = browser.find_element(By.ID, "verdict").text
    assert verdict.startswith("Verdict: violations found (1 violation")
    browser.save_screenshot(str(tmp_path / "desk.png"))

    pdf = base64.b64decode(browser.execute_cdp_cmd("Page.printToPDF", {})["data"])
    assert pdf.startswith(b"%PDF")
    text = " ".join(pdf_text(pdf, tmp_path).split())
    assert UPHELD in text and "Ruling on a whist record" in text
    assert "Save the record" not in text  # the print stylesheet leaves the editor out


PBN = """[Event "Club night"]
[Board "1"]
[Dealer "S"]
[Deal "N:AKQT76.932.K2.K3 954.K74.AQ63.764 83.AJ86.JT97.QJT J2.QT5.854.A9852"]

[Board "2"]
[Dealer "W"]
[Deal "W:J2.QT5.854.A9852 AKQT76.932.K2.K3 954.K74.AQ63.764 83.AJ86.JT97.QJT"]
"""


def test_a_pbn_file_opened_starts_a_record_from_the_board_chosen(
    browser: Any, desk_url: str, tmp_path: Path
) -> None:
    wait = WebDriverWait(browser, 10)
    browser.get(desk_url)
    path = tmp_path / "club.pbn"
    path.write_text(PBN, "utf-8")
    browser.find_element(By.ID, "file").send_keys(str(path))
    editor = browser.find_element(By.ID, "record")
    wait.until(lambda b: "deal dealer=S" in editor.get_attribute("value"))
    board = Select(browser.find_element(By.ID, "board"))
    assert [o.text for o in board.options] == ["Board 1 (S deals)", "Board 2 (W deals)"]
    board.select_by_index(1)
    wait.until(lambda b: "deal dealer=W" in editor.get_attribute("value"))
    # the card turned up is the director's to add: the check asks for it at the deal line
    wait.until(lambda b: "trump" in b.find_element(By.ID, "problems").text)


def pdf_text(pdf: bytes, folder: Path) -> str:
    """The PDF's text, by poppler's pdftotext (``.ci/run`` installs poppler-utils)."""
    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.skip("pdftotext not found (Debian: apt-get install poppler-utils)")
    path = folder / "ruling.pdf"
    path.write_bytes(pdf)
    done = subprocess.run([tool, str(path), "-"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _ruled(browser: Any, desk_url: str) -> Any:
    """The desk with the typed dispute, slip put right, and its ruling beside it."""
    wait = WebDriverWait(browser, 10)
    browser.get(desk_url)
    editor = browser.find_element(By.ID, "record")
    editor.send_keys(TYPED.replace("3X", "3D"))
    wait.until(lambda b: UPHELD in b.find_element(By.ID, "decision").text)
    assert browser.find_element(By.ID, "print").is_enabled()
    return editor


def test_a_ruling_of_an_earlier_text_cannot_be_printed_or_outlive_a_failed_check(
    browser: Any, desk_url: str
) -> None:
    """A review printed a ruling beside a record it was not the ruling of: while the record
    is checked anew the old ruling is greyed and Print and Save are off; when the server
    cannot answer, the ruling goes and the status says why."""
    editor = _ruled(browser, desk_url)
    editor.send_keys(" ")  # (a space at the end: the same dispute)
    assert not browser.find_element(By.ID, "print").is_enabled()  # at once, before the check
    assert not browser.find_element(By.ID, "save-report").is_enabled()
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "print").is_enabled())

    browser.execute_script("window.fetch = () => Promise.reject(new TypeError('offline'))")
    editor.send_keys(Keys.BACK_SPACE)
    status = browser.find_element(By.ID, "status")
    WebDriverWait(browser, 10).until(lambda b: "does not answer" in status.text)
    assert "No ruling is shown" in status.text
    assert browser.find_element(By.ID, "decision").text == ""
    assert not browser.find_element(By.ID, "print").is_enabled()


def test_a_template_chosen_over_a_typed_record_asks_first(browser: Any, desk_url: str) -> None:
    editor = _ruled(browser, desk_url)
    typed = editor.get_attribute("value")
    templates = Select(browser.find_element(By.ID, "template"))
    WebDriverWait(browser, 10).until(lambda b: len(templates.options) > 1)
    templates.select_by_index(1)
    alert = WebDriverWait(browser, 5).until(lambda b: b.switch_to.alert)
    assert "Replace the record" in alert.text
    alert.dismiss()  # the director keeps his record
    assert editor.get_attribute("value") == typed
    templates.select_by_index(1)
    WebDriverWait(browser, 5).until(lambda b: b.switch_to.alert).accept()
    assert editor.get_attribute("value") != typed


def test_a_reload_brings_back_the_record_of_the_tab(browser: Any, desk_url: str) -> None:
    editor = _ruled(browser, desk_url)
    typed = editor.get_attribute("value")
    browser.execute_script("location.reload()")
    with contextlib.suppress(Exception):  # (it may ask first: a record not saved)
        WebDriverWait(browser, 3).until(lambda b: b.switch_to.alert).accept()
    editor = WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "record"))
    WebDriverWait(browser, 10).until(lambda b: editor.get_attribute("value") == typed)
    WebDriverWait(browser, 10).until(lambda b: UPHELD in b.find_element(By.ID, "decision").text)


def test_the_keyboard_alone_reaches_a_problem_and_its_line(browser: Any, desk_url: str) -> None:
    """A review found the problems and "Open a file…" out of the Tab order."""
    wait = WebDriverWait(browser, 10)
    browser.get(desk_url)
    editor = browser.find_element(By.ID, "record")
    editor.send_keys(TYPED)
    slip = wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#problems li"))
    assert slip[0].get_attribute("tabindex") == "0"
    assert browser.find_element(By.ID, "open-file").get_attribute("tabindex") == "0"
    browser.execute_script("arguments[0].setSelectionRange(0, 0)", editor)
    slip[0].send_keys(Keys.ENTER)
    cursor = browser.execute_script("return arguments[0].selectionStart", editor)
    assert cursor == TYPED.index("3X")
