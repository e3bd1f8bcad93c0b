"""The websocket Origin check, port included.

channels' AllowedHostsOriginValidator compares host names only, so a page of another
local app (http://localhost:9999) could open sockets to this site on :8000 with the
user's cookies. Here an Origin passes only when its scheme, host and port are the
socket's own (from the Host header, which must be an allowed host, and whether the
request is secure as Django decides it) or one of settings.CSRF_TRUSTED_ORIGINS, with
the semantics Django's CSRF check gives the Origin header of a POST.
"""

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest
from django.utils.http import is_same_domain

Scope = dict[str, Any]
Receive = Any
Send = Any

# The close code of a refused Origin (docs/protocol.md).
FORBIDDEN = 4403


class _Handshake(HttpRequest):
    """The handshake as a Django request, so Django itself decides the host (against
    ALLOWED_HOSTS) and whether the request is secure (SECURE_PROXY_SSL_HEADER)."""

    def __init__(self, scope: Scope):
        super().__init__()
        self._secure_transport = scope.get("scheme") == "wss"
        for name, value in scope.get("headers", []):
            key = name.decode("latin1").upper().replace("-", "_")
            if key not in ("CONTENT_TYPE", "CONTENT_LENGTH"):
                key = f"HTTP_{key}"
            # A repeated header is joined as a server would; Django splits where it must.
            text = value.decode("latin1")
            self.META[key] = f"{self.META[key]},{text}" if key in self.META else text
        server = scope.get("server") or (None, None)
        if server[0] is not None:
            self.META["SERVER_NAME"], self.META["SERVER_PORT"] = str(server[0]), str(server[1])

    def _get_scheme(self) -> str:
        return "https" if self._secure_transport else "http"


def own_origin(scope: Scope) -> str | None:
    """The socket's own origin, e.g. "http://127.0.0.1:8000"; None without a Host header
    naming an allowed host."""
    request = _Handshake(scope)
    if "HTTP_HOST" not in request.META:
        # Browsers always send Host: without it there is no page origin to compare with
        # (channels' WebsocketCommunicator sends none; tests add it).
        return None
    try:
        host = request.get_host()
    except DisallowedHost:
        return None
    return f"{'https' if request.is_secure() else 'http'}://{host}"


def trusted(origin: str) -> bool:
    """Whether CSRF_TRUSTED_ORIGINS admits `origin`: an exact entry, or a `*.` entry for
    subdomains of the same scheme (as django.middleware.csrf does)."""
    patterns = settings.CSRF_TRUSTED_ORIGINS
    if origin in (pattern for pattern in patterns if "*" not in pattern):
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    wildcards = (urlsplit(pattern) for pattern in patterns if "*" in pattern)
    return any(wildcard.scheme == parts.scheme and is_same_domain(parts.netloc, wildcard.netloc.lstrip("*"))
               for wildcard in wildcards)


def origin_allowed(scope: Scope) -> bool:
    origins = [value for name, value in scope.get("headers", []) if name == b"origin"]
    if len(origins) != 1:
        return False  # none (docs/protocol.md requires one) or ambiguous
    origin = origins[0].decode("latin1")
    return origin == own_origin(scope) or trusted(origin)


class OriginValidator:
    """Passes websockets whose Origin is allowed to `application`; refuses the others
    with close code 4403 before anything else (sessions included) runs."""

    def __init__(self, application: Any):
        self.application = application

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if origin_allowed(scope):
            await self.application(scope, receive, send)
            return
        if (await receive())["type"] == "websocket.connect":
            await send({"type": "websocket.close", "code": FORBIDDEN})
