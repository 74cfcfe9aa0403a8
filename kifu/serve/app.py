"""The ASGI application of ``kifu serve`` (Starlette): the explorer's page and files, the JSON
API, the viewer of a record; every answer with headers that keep the page to itself (a
content security policy that allows nothing from elsewhere, no sniffing, no framing), every
error as JSON with a clear message."""
from __future__ import annotations

import functools
import hashlib
import json
import os
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kifu.base.errors import CorpusError, KifuError
from kifu.corpus.store import UnusableIndex, remedy
from kifu.serve import boards, pages, words
from kifu.serve.api import PATTERN_SECONDS, Api, BadRequest


def create_app(path: str, *, pattern_seconds: float = PATTERN_SECONDS,
               warm: bool = False) -> Starlette:
    """The explorer over the index at ``path``, opened read-only; a ``CorpusError`` (an
    ``UnusableIndex``) now if it is no index this kifu reads.  With ``warm``, the first step
    of each game is worked out at once, before it is asked for."""
    api = Api(path, pattern_seconds)
    if warm:
        api.warm()

    def answer(request: Request, value: Any) -> Response:
        return Response(json.dumps(value, ensure_ascii=False), media_type="application/json")

    def games(request: Request) -> Response:
        return answer(request, api.games())

    @functools.cache
    def steps_in_turn() -> anyio.CapacityLimiter:
        # An explorer step is Python under the GIL: threads answering steps at once only take
        # turns, at a cost. Fifty clients stepping in lockstep were answered at a p95 three
        # times longer by Starlette's forty threads than by one thread answering each step in
        # turn (the speed page, kifu serve); other questions (a pattern search may take
        # seconds) keep their own threads. Made on the first step, in the server's event loop.
        return anyio.CapacityLimiter(1)

    async def explore(request: Request) -> Response:
        asked = request.url.query
        body = api.sent(asked)
        if body is None:
            stamp = api.stamp()
            body = await anyio.to_thread.run_sync(api.explore, request.query_params,
                                                  limiter=steps_in_turn())
            api.keep_sent(asked, stamp, body)
        return Response(body, media_type="application/json")

    def search(request: Request) -> Response:
        return answer(request, api.search(request.query_params))

    def record(request: Request) -> Response:
        return answer(request, api.record(request.path_params["id"], request.query_params))

    def moves(request: Request) -> Response:
        return answer(request, api.moves(request.query_params))

    def play(request: Request) -> Response:
        return answer(request, api.play(request.query_params))

    def board(request: Request) -> Response:
        # A drawing changes only with the index (a record's node) or never (a key): the
        # browser keeps it and asks again with its tag, answered "not modified" at no cost.
        said = f"{api.current_stamp()} {request.url.query}"
        tag = '"' + hashlib.sha256(said.encode()).hexdigest()[:32] + '"'
        kept = {"ETag": tag, "Cache-Control": "private, no-cache"}
        if request.headers.get("if-none-match") == tag:
            return Response(status_code=304, headers=kept)
        return Response(api.board(request.query_params), media_type="image/svg+xml",
                        headers=kept)

    def viewer(request: Request) -> Response:
        info, place = api.place(request.path_params["id"], request.query_params)
        marker = None
        if "pattern" in request.query_params or "marked" in request.query_params:
            # the marks worked out from the position the viewer draws there
            marker = functools.partial(boards.matched, pattern=api.pattern(request.query_params))
        try:
            html, policy = pages.viewer_page(info, place, marker)
        except KifuError as error:
            raise BadRequest(f"record {info.id}: {error.message}", 410) from None
        return Response(html, media_type="text/html; charset=utf-8",
                        headers={"Content-Security-Policy": policy})

    def static(request: Request) -> Response:
        name = request.path_params.get("name", "explorer.html")
        if name not in pages.FILES:
            raise BadRequest(f"no such file: {name[:80]}", 404)
        if name == "explorer.html":
            # written in the language asked for (?lang=), else the browser's
            language = words.chosen(request.query_params.get("lang"),
                                    request.headers.get("accept-language"))
            return Response(pages.explorer_page(language), media_type=pages.FILES[name],
                            headers={"Vary": "Accept-Language"})
        return Response(pages.static(name), media_type=pages.FILES[name])

    routes = [
        Route("/", static),
        Route("/static/{name}", static),
        Route("/api/openapi.json", lambda request: Response(pages.static("openapi.json"),
                                                            media_type="application/json")),
        Route("/api/games", games),
        Route("/api/explore", explore),
        Route("/api/search", search),
        Route("/api/record/{id}", record),
        Route("/api/board", board),
        Route("/api/moves", moves),
        Route("/api/play", play),
        Route("/record/{id}", viewer),
        Route("/index.html", lambda request: RedirectResponse("/")),
        # Browsers ask for an icon of their own accord: none, said without an error.
        Route("/favicon.ico", lambda request: Response(status_code=204)),
    ]
    handlers = {BadRequest: _bad_request, HTTPException: _http_error, KifuError: _kifu_error,
                Exception: _server_error}
    app = Starlette(routes=routes, exception_handlers=handlers,
                    middleware=[Middleware(Guarded)])
    app.state.api = api
    return app


#: The variable that names the index to the worker processes of ``kifu serve --workers``
#: (each imports :func:`from_environment` and opens the index read-only itself).
INDEX_VARIABLE = "KIFU_SERVE_INDEX"


def from_environment() -> Starlette:
    """The explorer over the index :data:`INDEX_VARIABLE` names: the application of each
    worker process of ``kifu serve --workers``."""
    return create_app(os.environ[INDEX_VARIABLE], warm=True)


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message, "status": status}, status_code=status)


def _bad_request(request: Request, error: Exception) -> Response:
    assert isinstance(error, BadRequest)
    return _error(error.message, error.status)


def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return _error(str(error.detail), error.status_code)


def _kifu_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, KifuError)
    if isinstance(error, UnusableIndex):
        # The index was replaced while serving by one kifu cannot use: said as kifu index
        # mends it, the server's own user being a user of the command line.
        return _error(remedy(error, "kifu index PATH... -o INDEX",
                             "kifu index, rebuilding {path}"), 503)
    return _error(error.message, 400 if isinstance(error, CorpusError) else 422)


def _server_error(request: Request, error: Exception) -> Response:
    return _error(f"the server could not answer ({type(error).__name__}); the request was "
                  "not done", 500)


class Guarded:
    """Headers on every answer: what the page may load (only its own files), no sniffing of
    types, no framing, no referrer, no caching of answers that may change."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                for name, value in ((b"content-security-policy", pages.POLICY.encode()),
                                    (b"x-content-type-options", b"nosniff"),
                                    (b"x-frame-options", b"DENY"),
                                    (b"referrer-policy", b"no-referrer"),
                                    (b"cache-control", b"no-store")):
                    if name not in names:
                        headers.append((name, value))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, guarded)
