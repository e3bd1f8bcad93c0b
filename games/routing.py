from django.urls import path

from games import consumers

websocket_urlpatterns = [
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    path("ws/rooms/<str:room_id>/", consumers.RoomConsumer.as_asgi()),
]
