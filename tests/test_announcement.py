import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import Client

from tests.tables import HOST, ORIGIN

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_moderators_announcement_reaches_the_lobby(worker, asgi_application):
    def moderator_client() -> Client:
        client = Client()
        client.force_login(get_user_model().objects.create_superuser("mod", password="a-long-secret-9"))
        return client

    client = await database_sync_to_async(moderator_client)()
    lobby = WebsocketCommunicator(asgi_application, "/ws/lobby/", headers=[HOST, ORIGIN])
    assert (await lobby.connect(timeout=10))[0]
    assert (await lobby.receive_json_from(timeout=10))["type"] == "rooms"
    response = await database_sync_to_async(client.post)(
        "/moderation/announce/", {"text": "Restart in 5 minutes", "delay_minutes": 0})
    assert response.status_code == 302
    message = await lobby.receive_json_from(timeout=10)
    assert message == {"type": "announcement", "text": "Restart in 5 minutes"}
    await lobby.disconnect()


def test_players_cannot_announce(client, alice):
    client.force_login(alice)
    response = client.post("/moderation/announce/", {"text": "hi", "delay_minutes": 0})
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
