"""An event page's socket: the page hears when the event moved (a round began or ended, a
deal was scored, a moderator acted) and fetches itself again, in its reader's language;
a registered player's page says "here" so that a round's start seats them rather than a bot."""

from typing import Any, cast
from urllib.parse import parse_qs

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _

from accounts.models import User
from events import live, services
from events.models import Event
from games.consumers import ProtocolConsumer, database

CLOSE_NO_EVENT = 4404


class EventConsumer(ProtocolConsumer):
    event_id: int
    joined = False

    async def connect(self) -> None:
        self.event_id = int(self.scope["url_route"]["kwargs"]["event_id"])
        self.user = cast("User | AnonymousUser", self.scope["user"])
        query = parse_qs(self.scope.get("query_string", b"").decode())
        invite = query.get("invite", [""])[0]
        visible = await database(self.open_event)(invite)
        if visible:
            # Joined before the accept: nothing the page is told of can fall in between.
            self.joined = True
            await self.channel_layer.group_add(live.group(self.event_id), self.channel_name)
        await self.accept()
        if not visible:
            await self.close(code=CLOSE_NO_EVENT)

    def open_event(self, invite: str) -> bool:
        event = Event.objects.filter(pk=self.event_id).first()
        if event is None or not services.visible(event, self.user, invite):
            return False
        if self.user.is_authenticated:
            services.here(event.pk, self.user)
        return True

    async def disconnect(self, code: int) -> None:
        if self.joined:
            await self.channel_layer.group_discard(live.group(self.event_id), self.channel_name)

    async def handle_message(self, content: dict[str, Any]) -> None:
        if content.get("type") == "here":
            if self.user.is_authenticated:
                await database(services.here)(self.event_id, self.user)
            return
        await self.refuse("unknown_type", _("Unknown message type."))

    async def event_changed(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "changed"})
