"""The desk's web application (Starlette, served by uvicorn) and the guards in front of it.

The guards, each tested against the running server (tests/desk/test_server.py):

* it answers only requests whose ``Host`` is the address and port it serves, so that a page
  of another site cannot reach it by pointing a name of its own at 127.0.0.1 (DNS rebinding);
* it refuses a write (any method but GET and HEAD) that a browser says comes from another
  site: an ``Origin`` that is not its own, or ``Sec-Fetch-Site`` other than ``same-origin``;
* it reads at most ``MAX_REQUEST_BYTES`` of a request, the record limit of ``check``;
* it opens no file a request names: the page's three files are fixed routes to the package,
  and a record or a PBN file comes in the request's body, never as a path;
* its answers forbid framing, sniffing and any script or style not its own (CSP).
"""

from __future__ import annotations

import json
import socket
import threading
import time
import webbrowser
from collections.abc import Awaitable, Callable, MutableMapping
from functools import cache
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from adjudicator.desk import judge
from adjudicator.desk.pbn import board_notation, read_pbn
from adjudicator.errors import InputError
from adjudicator.record.load import MAX_RECORD_BYTES, decode_text

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The most bytes of a request's body read: a record as large as ``check`` reads.
MAX_REQUEST_BYTES = MAX_RECORD_BYTES
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
#: The page's files: route -> (file of ``static/``, media type). Nothing else is served.
STATIC = {
    "/": ("desk.html", "text/html; charset=utf-8"),
    "/desk.css": ("desk.css", "text/css; charset=utf-8"),
    "/desk.js": ("desk.js", "text/javascript; charset=utf-8"),
}
#: Sent with every answer. The report shown in the page is HTML of ours with its own
#: <style>, hence 'unsafe-inline' for styles only; no script but desk.js ever runs.
HEADERS = {
    "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self'"
    " 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'none';"
    " frame-ancestors 'none'; base-uri 'none'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
    "cross-origin-resource-policy": "same-origin",
}
_READS = frozenset({"GET", "HEAD"})


class Guard:
    """The guards that stand before the application (see the module's docstring)."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str], limit: int = MAX_REQUEST_BYTES):
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        self.origins = frozenset(f"http://{h}" for h in self.hosts)
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refused = self._refusal(scope["method"], headers)
        if refused is not None:
            await _plain(send, *refused)
            return
        if scope["method"] not in _READS:
            body = await _body(receive, self.limit)
            if body is None:
                await _plain(send, 413, f"at most {self.limit:,} bytes are read of a request")
                return
            receive = _replay(body)
        await self.app(scope, receive, _with_headers(send))

    def _refusal(self, method: str, headers: dict[str, str]) -> tuple[int, str] | None:
        """Why a request is refused (status, message), or None."""
        if headers.get("host", "").lower() not in self.hosts:
            return 421, "this server answers only at its own address"
        if method in _READS:
            return None
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in self.origins:
            return 403, "a write from another site is refused"
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return 403, "a write from another site is refused"
        length = headers.get("content-length", "0")
        if not length.isdigit() or int(length) > self.limit:
            return 413, f"at most {self.limit:,} bytes are read of a request"
        return None


async def _body(receive: Receive, limit: int) -> bytes | None:
    """The request's body, or None once it passes ``limit`` (what was read is dropped)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks)
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replay(body: bytes) -> Receive:
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive


def _with_headers(send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            names = {k.lower() for k, _ in message.get("headers", [])}
            extra = [
                (k.encode(), v.encode()) for k, v in HEADERS.items() if k.encode() not in names
            ]
            message["headers"] = [*message.get("headers", []), *extra]
        await send(message)

    return wrapped


async def _plain(send: Send, status: int, text: str) -> None:
    body = json.dumps({"status": "refused", "message": text}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers += [(k.encode(), v.encode()) for k, v in HEADERS.items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


# The routes ---------------------------------------------------------------------------------


@cache
def _static(name: str) -> bytes:
    return (resources.files("adjudicator.desk") / "static" / name).read_bytes()


def _page(request: Request) -> Response:
    name, media = STATIC[request.url.path]
    return Response(_static(name), media_type=media)


def _templates(request: Request) -> Response:
    items = [{"key": t.key, "title": t.title, "text": t.text} for t in judge.templates()]
    return JSONResponse({"templates": items})


async def _check(request: Request) -> Response:
    raw = await request.body()
    return JSONResponse(await run_in_threadpool(judge.check, raw))


async def _convert(request: Request) -> Response:
    to = request.query_params.get("to", "")
    if to not in ("json", "text"):
        return JSONResponse({"status": "refused", "message": "to= json or text"}, status_code=400)
    raw = await request.body()
    return JSONResponse(await run_in_threadpool(judge.converted, raw, to))


async def _pbn(request: Request) -> Response:
    raw = await request.body()
    return JSONResponse(await run_in_threadpool(pbn_boards, raw))


def pbn_boards(raw: bytes) -> dict[str, Any]:
    """The boards of a PBN file, each as the start of a record in the notation."""
    try:
        boards = read_pbn(decode_text(raw))
    except InputError as error:
        where = {"line": error.line, "column": error.column}
        return {
            "status": "problems",
            "problems": [where | {"pointer": "", "message": error.message}],
        }
    if not boards:
        problem = {"line": None, "column": None, "pointer": "", "message": "no [Deal] tag found"}
        return {"status": "problems", "problems": [problem]}
    items = [{"number": b.number, "dealer": b.dealer, "text": board_notation(b)} for b in boards]
    return {"status": "boards", "boards": items}


def create_app(hosts: frozenset[str], limit: int = MAX_REQUEST_BYTES) -> ASGIApp:
    """The desk's application behind its guards, answering at ``hosts`` (``host:port``)."""
    routes = [Route(path, _page, methods=["GET", "HEAD"]) for path in STATIC]
    routes += [
        Route("/api/templates", _templates, methods=["GET"]),
        Route("/api/check", _check, methods=["POST"]),
        Route("/api/convert", _convert, methods=["POST"]),
        Route("/api/pbn", _pbn, methods=["POST"]),
    ]
    return Guard(Starlette(routes=routes), hosts, limit)


def local_names(host: str, port: int) -> frozenset[str]:
    """The ``Host`` values the desk answers to: the address it serves and, on the loopback,
    the loopback's names; on every address (0.0.0.0), this machine's name too."""
    names = {host, "127.0.0.1", "localhost", "[::1]"}
    if host in ("0.0.0.0", "::", ""):
        names |= {socket.gethostname(), socket.getfqdn()}
    if ":" in host and not host.startswith("["):
        names.add(f"[{host}]")
    return frozenset(f"{name}:{port}" for name in names)


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free one). Raises OSError."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(64)
    except OSError:
        sock.close()
        raise
    return sock


def server(sock: socket.socket) -> Any:
    """A uvicorn server for the desk on a listening socket (``.run(sockets=[sock])``)."""
    import uvicorn

    host, port = sock.getsockname()[:2]
    config = uvicorn.Config(
        create_app(local_names(host, port)),
        log_level="warning",
        access_log=False,
        lifespan="off",
        server_header=False,
        timeout_graceful_shutdown=2,
    )
    return uvicorn.Server(config)


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def open_when_started(running: Any, url: str) -> threading.Thread:
    """Open the page in the user's browser once the server answers (in a thread)."""

    def wait_and_open() -> None:
        for _ in range(200):
            if running.started:
                webbrowser.open(url)
                return
            time.sleep(0.05)

    thread = threading.Thread(target=wait_and_open, daemon=True)
    thread.start()
    return thread
