from django.urls import path, re_path

from games import consumers

# Channels routes ASGI apps with Django's path(); django-stubs types it for views only.
websocket_urlpatterns = [
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),  # type: ignore[arg-type]  # an ASGI app
    # Room ids are secrets.token_urlsafe(8); anything else names no room.
    re_path(r"^ws/rooms/(?P<room_id>[A-Za-z0-9_-]{1,16})/$",
            consumers.RoomConsumer.as_asgi()),  # type: ignore[arg-type]  # an ASGI app
]
