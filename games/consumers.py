from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games import groups


class LobbyConsumer(AsyncJsonWebsocketConsumer):
    """The lobby's live feed: read-only for the client."""

    async def connect(self) -> None:
        await self.channel_layer.group_add(groups.LOBBY, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(groups.LOBBY, self.channel_name)

    async def announcement(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "announcement", "text": event["text"]})
