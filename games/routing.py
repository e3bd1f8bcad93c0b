from django.urls import path, re_path

from games import consumers

websocket_urlpatterns = [
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    # Room ids are secrets.token_urlsafe(8); anything else names no room.
    re_path(r"^ws/rooms/(?P<room_id>[A-Za-z0-9_-]{1,16})/$", consumers.RoomConsumer.as_asgi()),
]
