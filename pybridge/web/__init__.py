"""``puzzlog serve``: a local page and a JSON API on the engine (``pip install puzzlog[web]``).

The page and the API live in ``app.py`` (what it accepts and refuses, and the route groups
it is made of), the engine work of each call in ``calls.py``, the engine processes behind it
in ``engines.py``, and the HTTP server's own limits in ``server.py``; this module only says
clearly when the optional dependencies are missing.
"""
from __future__ import annotations

from ..engine.errors import PuzzlogError

try:
    from .app import BadRequest, ServeLimits, create_app
    from .server import make_server
except ImportError as exc:  # starlette is an optional extra
    raise PuzzlogError(f"puzzlog serve needs the web extra: pip install 'puzzlog[web]' ({exc})") from None

__all__ = ["BadRequest", "ServeLimits", "create_app", "make_server"]
