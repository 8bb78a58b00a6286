"""The desk served for a test: uvicorn in a thread, on a free port of the loopback."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from adjudicator.desk.server import listen, server, url_of


@pytest.fixture(scope="package")
def desk_url() -> Iterator[str]:
    """The address of a desk running for the tests (stopped after them)."""
    sock = listen("127.0.0.1", 0)
    running = server(sock)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert running.started, "the desk did not start"
    yield url_of(sock)
    running.should_exit = True
    thread.join(10)
    sock.close()
