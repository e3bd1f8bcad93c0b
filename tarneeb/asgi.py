"""ASGI entry point: `daphne tarneeb.asgi:application`."""

import asyncio
import logging
import os

from asgiref.typing import ASGIReceiveCallable, ASGISendCallable, Scope
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarneeb.settings")
django_asgi_app = get_asgi_application()

# Imported after Django is set up: these load models.
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from events.routing import websocket_urlpatterns as event_sockets  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402
from tarneeb import embedded, realtime  # noqa: E402
from tarneeb.handshake import CloseCodesOnly, HandshakesPerAddress, with_not_found  # noqa: E402
from tarneeb.origins import OriginValidator  # noqa: E402
from tarneeb.sockets import SocketsPerAddress, SocketsPerUser  # noqa: E402

log = logging.getLogger("tarneeb")

router = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # An address's handshake budget, the Origin and the address's open sockets are
        # checked before the session is read, the user's open sockets and the room's
        # spectators after; every refusal, an unknown path's included, reaches the client
        # as a close code (docs/protocol.md).
        "websocket": CloseCodesOnly(HandshakesPerAddress(OriginValidator(SocketsPerAddress(
            AuthMiddlewareStack(SocketsPerUser(URLRouter(with_not_found([*websocket_urlpatterns,
                                                                         *event_sockets]))))
        )))),
    }
)


async def application(scope: Scope, receive: ASGIReceiveCallable, send: ASGISendCallable) -> None:
    # The worker thread publishes through the loop that serves the sockets.
    realtime.remember_server_loop(asyncio.get_running_loop())
    await router(scope, receive, send)


if settings.SCALED:
    log.info("Tarneeb serving in scaled mode: %s, channels_redis, Celery on Redis",
             settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1])
else:
    log.info("Tarneeb serving in embedded mode: %s, in-memory channel layer, in-process Celery",
             settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1])
if settings.EMBEDDED_WORKER:
    embedded.start_worker()
