"""A real browser for the viewer's tests: the system's headless Chromium driven by Playwright.

One browser serves the whole session.  Each page opened through :func:`open_page` records the
console's errors and every request; a test fails if the page logged an error or asked for
anything that is not the file itself (``file:``) or inline data (``data:``).  Tests that need
the browser carry the ``browser`` marker: ``pytest -m 'not browser'`` leaves them out on a
machine without Chromium; CI installs it and runs them (``.ci/run``).
"""
from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

#: Headless and quiet: no GPU, no background traffic of the browser's own.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LOCAL_SCHEMES = ("file:", "data:", "about:")


def chromium_path() -> str:
    found = os.environ.get("KIFU_CHROMIUM") or shutil.which("chromium") or shutil.which(
        "chromium-browser")
    if not found:
        pytest.fail("the browser tests need Chromium (Debian: apt-get install chromium; or set "
                    "KIFU_CHROMIUM); leave them out with -m 'not browser'")
    return found


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(),
                                              args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@dataclass
class Watched:
    """A page with what it logged and asked for."""

    page: Any
    errors: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)

    def check(self) -> None:
        assert self.errors == [], self.errors
        assert self.foreign == [], self.foreign


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[..., Watched]]:
    """Open a file in a fresh context: ``open_page(path, hash="", width=1280, height=800,
    dark=False, phone=False, script=True)``; checked for errors and requests afterwards."""
    opened: list[tuple[Any, Watched]] = []

    def open_(path: Path, hash: str = "", *, width: int = 1280, height: int = 800,
              dark: bool = False, phone: bool = False, script: bool = True) -> Watched:
        context = browser.new_context(
            viewport={"width": width, "height": height}, color_scheme="dark" if dark else "light",
            is_mobile=phone, has_touch=phone, java_script_enabled=script)
        page = context.new_page()
        watched = Watched(page)
        page.on("console", lambda m: watched.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: watched.errors.append(f"uncaught: {e}"))
        page.on("dialog", lambda d: (watched.errors.append(f"dialog: {d.message}"), d.dismiss()))

        def route(request_route: Any) -> None:
            url = request_route.request.url
            if url.startswith(LOCAL_SCHEMES):
                request_route.continue_()
            else:
                watched.foreign.append(url)
                request_route.abort()

        context.route("**/*", route)
        page.on("request", lambda r: None if r.url.startswith(LOCAL_SCHEMES)
                else watched.foreign.append(r.url))
        page.goto(path.as_uri() + hash)
        if script:
            page.wait_for_selector(".kifu-viewer.kv-js")
        opened.append((context, watched))
        return watched

    yield open_
    for context, _ in opened:
        context.close()
    for _, watched in opened:
        watched.check()
