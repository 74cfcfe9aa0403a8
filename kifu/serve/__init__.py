"""``kifu serve``: an explorer of a corpus index in the browser, an ASGI application (Starlette)
over the index, read-only.

- :mod:`.app`: the application: its routes, the security headers every answer carries, errors
  as JSON;
- :mod:`.api`: the JSON API (``/api/...``, described by ``static/openapi.json``);
- :mod:`.pages`: the explorer's page and its files (``static/``), and kifu's viewer of a record
  of the index at a move.
"""
from __future__ import annotations

from kifu.serve.app import create_app

__all__ = ["create_app"]
