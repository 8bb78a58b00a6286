"""The desk is a server (issue 20): each guard tried against the running desk, over the
loopback, as a page of another site or a hostile client would try it."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from adjudicator.batch import Item, Settings, judge_item
from adjudicator.desk.server import MAX_REQUEST_BYTES
from tests.conftest import FIXTURES

ROOT = Path(__file__).resolve().parents[2]


def ask(
    url: str,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, bytes, dict[str, str]]:
    """One request to the desk; ``Host`` is the desk's own unless ``headers`` say otherwise."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        sent = {"Host": parts.netloc} | (headers or {})
        if body is not None and "Content-Length" not in sent:
            sent["Content-Length"] = str(len(body))
        for name, value in sent.items():
            if value is not None:
                connection.putheader(name, value)
        connection.endheaders(body)
        answer = connection.getresponse()
        return answer.status, answer.read(), {k.lower(): v for k, v in answer.getheaders()}
    finally:
        connection.close()


def check(url: str, raw: bytes, **headers: str) -> dict[str, Any]:
    status, body, _ = ask(url, "POST", "/api/check", raw, headers)
    assert status == 200, body[:300]
    answer: dict[str, Any] = json.loads(body)
    return answer


# Host: DNS rebinding ------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.1:1", ""])
def test_a_request_for_another_host_is_refused(desk_url: str, host: str) -> None:
    port = str(urlsplit(desk_url).port)
    for method, path, body in (("GET", "/", None), ("POST", "/api/check", b"%HRN 1\n")):
        status, answer, _ = ask(desk_url, method, path, body, {"Host": host.format(port=port)})
        assert status == 421, (method, answer)
        assert b"desk.js" not in answer and b"status" in answer


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "LOCALHOST"])
def test_the_desk_answers_at_its_own_address(desk_url: str, host: str) -> None:
    port = urlsplit(desk_url).port
    status, page, headers = ask(desk_url, "GET", "/", headers={"Host": f"{host}:{port}"})
    assert status == 200 and b'<script src="/desk.js"' in page
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY"


# Cross-origin writes --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://127.0.0.1:1"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Origin": "{own}", "Sec-Fetch-Site": "cross-site"},
    ],
)
def test_a_write_from_another_site_is_refused(desk_url: str, headers: dict[str, str]) -> None:
    own = desk_url.rstrip("/")
    sent = {k: v.format(own=own) for k, v in headers.items()}
    record = (FIXTURES / "whist" / "revoke-penalty-tricks.hrn").read_bytes()
    status, answer, _ = ask(desk_url, "POST", "/api/check", record, sent)
    assert status == 403 and b"another site" in answer and b"ruled" not in answer


def test_a_write_from_the_desks_own_page_is_answered(desk_url: str) -> None:
    record = (FIXTURES / "whist" / "revoke-penalty-tricks.hrn").read_bytes()
    own = {"Origin": desk_url.rstrip("/"), "Sec-Fetch-Site": "same-origin"}
    assert check(desk_url, record, **own)["status"] == "ruled"


# Size ---------------------------------------------------------------------------------------


def test_a_request_over_the_limit_is_refused_by_its_length(desk_url: str) -> None:
    headers = {"Content-Length": str(MAX_REQUEST_BYTES + 1)}
    status, answer, _ = ask(desk_url, "POST", "/api/check", b"", headers)
    assert status == 413 and b"at most 8,388,608 bytes" in answer


def test_a_request_over_the_limit_is_refused_however_it_is_sent(desk_url: str) -> None:
    """Sent in chunks without a length: the desk stops reading at the limit."""
    parts = urlsplit(desk_url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    chunk = b" " * (1 << 20)
    try:
        connection.request(
            "POST",
            "/api/check",
            body=iter([chunk] * 9),
            encode_chunked=True,
            headers={"Transfer-Encoding": "chunked"},
        )
        answer = connection.getresponse()
        assert answer.status == 413
    except (BrokenPipeError, ConnectionResetError):
        pass  # refused before the whole body was sent: refused all the same
    finally:
        connection.close()


# Files ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/../pyproject.toml",
        "/%2e%2e/pyproject.toml",
        "/static/desk.js",
        "/desk.js/../../README.md",
        "/templates/whist-deal.hrn",
        "/api/check?path=/etc/passwd",
        "//etc/passwd",
    ],
)
def test_no_file_is_served_but_the_pages_own(desk_url: str, path: str) -> None:
    status, answer, _ = ask(desk_url, "GET", path)
    assert status in (404, 405)
    assert b"[project]" not in answer and b"root:" not in answer and b"%HRN" not in answer


def test_a_path_in_a_request_is_read_as_a_record_not_opened(desk_url: str) -> None:
    for name in (b"/etc/passwd", str(FIXTURES / "whist" / "revoke-penalty-tricks.hrn").encode()):
        answer = check(desk_url, name)
        assert answer["status"] == "problems" and "root:" not in json.dumps(answer)


# Hostile records ------------------------------------------------------------------------------

HOSTILE = {
    "not JSON": b'{"format": ',
    "nested": b"[" * 5000 + b"]" * 5000,
    "a notation slip": b"%HRN 1\ngame whist\n  1  W  3X\n",
    "a number of 5000 digits": b'{"format": "hand-record/1", "game": "whist", "x": '
    + b"9" * 5000
    + b"}",
    "a surrogate": b'{"format": "hand-record/1", "game": "\\ud800"}',
    "not UTF-8": b"\xff\xfe%HRN 1\n",
    "a script in a name": (FIXTURES / "whist" / "revoke-penalty-tricks.hrn")
    .read_bytes()
    .replace(b"Harold Finch", b"<script>alert(1)</script>"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_record_gets_checks_own_errors(desk_url: str, name: str) -> None:
    raw = HOSTILE[name]
    answer = check(desk_url, raw)
    outcome = judge_item(Item("desk", raw), Settings(fmt="html"))
    if outcome.status == "unjudgeable":
        assert answer["status"] == "problems"
        assert answer["text"] == outcome.error
        assert len(answer["problems"]) == len(outcome.problems)
    else:
        assert answer["status"] == "ruled" and answer["report"] == outcome.output
        assert "<script>" not in answer["report"]


# The command --------------------------------------------------------------------------------


def test_the_desk_serves_the_loopback_and_stops_on_ctrl_c() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "adjudicator", "desk", "--port", "0", "--no-browser"]
    desk = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        assert desk.stderr is not None
        line = desk.stderr.readline()
        url = line.split(" is at ", 1)[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        status, _, _ = ask(url, "GET", "/")
        assert status == 200
        desk.send_signal(signal.SIGINT)
        assert desk.wait(timeout=10) == 130
        said = desk.stderr.read()
        assert "Traceback" not in said and "desk: stopped by SIGINT" in said
    finally:
        if desk.poll() is None:
            desk.kill()
            desk.wait()
