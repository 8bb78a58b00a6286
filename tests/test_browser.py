"""The report as a person sees it: one fixture of each game opened in headless Chromium.

The rendered page must show the decision, the highlighted card and the corrected score; a
screenshot of each report is kept under the test's temporary folder. The report has no
script: the test opens a copy with a small probe script appended, which measures what the
browser actually laid out (size, display, visibility) and writes it into the page, and
reads it back from ``--dump-dom``. Chromium is Debian's ``chromium`` package, which
``.ci/run`` installs when it runs as root with apt-get; elsewhere the test skips, saying so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from adjudicator import adjudicate, load_record
from adjudicator.render.html import render_html
from adjudicator.ruling.model import Ruling, Sentence
from tests.conftest import FIXTURES

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
BROWSER = next((found for name in BROWSERS if (found := shutil.which(name))), None)

pytestmark = pytest.mark.skipif(
    BROWSER is None,
    reason="headless Chromium not found on PATH (Debian: apt-get install chromium); .ci/run"
    " installs it only when run as root where apt-get exists",
)

#: fixture, a decision sentence written by hand (the decision builder is issue 12's other part),
#: the first card a finding concerns, and the corrected result as the page gives it
CASES = {
    "whist": (
        FIXTURES / "whist" / "revoke-penalty-tricks.json",
        "The revoke claim of N-S is in time and upheld: they take three tricks from E-W.",
        "3♦",
        "Game in progress\t—\tNS 0, EW 0",
    ),
    "bezique": (
        FIXTURES / "bezique" / "endplay-revoke.json",
        "A did not follow suit to trick 31 while holding a club: tricks 31 on are replayed.",
        "K♠",
        "A 170, B 280; winner not yet decided",
    ),
    "rubicon-bezique": (
        FIXTURES / "rubicon-bezique" / "draw-irregularities.json",
        "A drew before the winner and later played a card short; A still wins, B rubiconed.",
        "J♦",
        "A wins 2100, rubicon (A 640, B 290)",
    ),
}

PROBE = """<script>
(function () {
  function seen(el) {
    if (!el) return null;
    var box = el.getBoundingClientRect(), style = getComputedStyle(el);
    var shown = box.width > 0 && box.height > 0 && style.display !== "none"
      && style.visibility !== "hidden" && parseFloat(style.opacity) > 0;
    return {shown: shown, text: el.innerText, outline: style.outlineStyle,
            weight: style.fontWeight, marker: getComputedStyle(el, "::after").content};
  }
  var out = {
    decision: seen(document.querySelector("ol.decision li")),
    offending: seen(document.querySelector(".tricks .card.offending")),
    corrected: seen(document.querySelector("#result table.side-by-side")),
  };
  var pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>"""


def chromium(*args: str) -> subprocess.CompletedProcess[str]:
    sandbox = ["--no-sandbox"] if os.geteuid() == 0 else []
    command = [BROWSER or "chromium", "--headless", "--disable-gpu", *sandbox, *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)


def ruling_of(path: Path, sentence: str) -> Ruling:
    ruling = adjudicate(load_record(path))
    return ruling.model_copy(update={"decision": [Sentence(text=sentence, rules=[])]})


@pytest.mark.parametrize("game", list(CASES))
def test_the_report_shows_decision_highlighted_card_and_corrected_score(
    game: str, tmp_path: Path
) -> None:
    path, sentence, card, corrected = CASES[game]
    report = tmp_path / f"{path.stem}.html"
    page = render_html(ruling_of(path, sentence))
    report.write_text(page, "utf-8")
    probe = tmp_path / "probe.html"
    probe.write_text(page.replace("</body>", PROBE + "\n</body>"), "utf-8")
    profile = f"--user-data-dir={tmp_path / 'profile'}"

    done = chromium(profile, "--window-size=1100,1400", "--dump-dom", probe.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    found = json.loads(dom.split('<pre id="probe">', 1)[1].split("</pre>", 1)[0])

    assert found["decision"]["shown"] and found["decision"]["text"].strip() == sentence
    offending = found["offending"]
    assert offending["shown"], "the card a finding concerns is not on the page"
    assert offending["text"].strip() == card
    # marked by more than colour: an outline, bold type and a star after the card
    assert offending["outline"] == "solid" and int(offending["weight"]) >= 700
    assert "✱" in offending["marker"]
    assert found["corrected"]["shown"] and corrected in found["corrected"]["text"]

    shot = tmp_path / f"{path.stem}.png"
    done = chromium(profile, "--window-size=1100,2400", f"--screenshot={shot}", report.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
