"""Security headers on every response: a Content-Security-Policy and the browser hardening
headers (no sniffing, no referrer, no framing, no opener, no powerful features).

The web page loads only its own files (module scripts, one stylesheet, the favicon, the
preview PNGs and the API), so its policy allows ``'self'`` and nothing inline; its images may
also be ``blob:`` URLs, to show the picture a user chose before it is uploaded. The API docs
(Swagger UI at /docs, ReDoc at /redoc, served offline) style themselves inline, draw icons
from ``data:`` URLs and (ReDoc) search in a worker started from a ``blob:`` URL, so their
pages alone get those allowances; their scripts are files too (ReDoc's logo, fetched from
its CDN, stays blocked).
"""

from __future__ import annotations

from typing import Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

PAGE_CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The policy of the web page and of every API answer."""
DOCS_CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; worker-src blob:; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The policy of the API docs pages: as the page's, plus inline styles, ``data:`` images and
a ``blob:`` worker."""
DOCS_PATHS: Final = ("/docs", "/redoc")
"""The API docs pages."""
HEADERS: Final = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
}
"""The headers every response carries besides its Content-Security-Policy."""


def security_headers(path: str) -> dict[str, str]:
    """The security headers of a response to a request for ``path``."""
    docs = path in DOCS_PATHS or path.startswith(tuple(f"{docs}/" for docs in DOCS_PATHS))
    return {"Content-Security-Policy": DOCS_CSP if docs else PAGE_CSP, **HEADERS}


class SecurityHeaders:
    """ASGI middleware: add the security headers to every HTTP response that lacks them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to the response as it starts."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = [
            (name.lower().encode(), value.encode())
            for name, value in security_headers(scope["path"]).items()
        ]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in extra if name not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
