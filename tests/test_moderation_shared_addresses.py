"""Shared addresses (docs/fairplay.md): every socket opened at a table records its room,
person and address; a moderator sees on a player's profile who else came to a table of
theirs from the same address when one of the two sat there (a seated partner, a logged-out
spectator), nothing for a stranger at another address; nobody else sees any of it; rows
not seen for TABLE_ADDRESS_DAYS are dropped."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import timezone

from moderation import addresses
from moderation.models import TableAddress
from tests.moderators import make_moderator
from tests.socket_slots import open_socket
from tests.tables import make_players, receive, session_cookie, start_match

pytestmark = pytest.mark.django_db(transaction=True)

HOUSE, ELSEWHERE = "198.51.100.7", "203.0.113.9"


def profile(viewer, username: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(viewer)
    return client.get(f"/u/{username}/").content.decode()


async def test_a_moderator_sees_who_shared_an_address_at_a_table(asgi_application):
    match = await database_sync_to_async(start_match)("classic", 30)
    seated = await database_sync_to_async(lambda: [p.user for p in match.players.order_by("seat")])()
    [stranger] = await database_sync_to_async(make_players)(1, prefix="watcher")
    path = f"/ws/rooms/{match.room_id}/"
    cookie = database_sync_to_async(session_cookie)
    sockets = [
        await open_socket(asgi_application, path, HOUSE, await cookie(seated[0])),
        await open_socket(asgi_application, path, HOUSE, await cookie(seated[2])),  # the partner
        await open_socket(asgi_application, path, HOUSE),  # a logged-out spectator
        await open_socket(asgi_application, path, ELSEWHERE, await cookie(stranger)),
        await open_socket(asgi_application, path, HOUSE, await cookie(seated[0])),  # a second tab
    ]
    for socket in sockets:
        await receive(socket)
        await socket.disconnect()
    assert await database_sync_to_async(TableAddress.objects.count)() == 4

    moderator = await database_sync_to_async(make_moderator)()
    page = await database_sync_to_async(profile)(moderator, seated[0].username)
    assert "Addresses shared at tables" in page
    assert f'data-other="{seated[2].username}"' in page and 'data-other=""' in page
    assert f'data-other="{stranger.username}"' not in page and ELSEWHERE not in page
    assert HOUSE in page
    # The player sees their own profile without it, as anyone else does.
    assert HOUSE not in await database_sync_to_async(profile)(seated[0], seated[0].username)
    assert HOUSE not in await database_sync_to_async(profile)(stranger, seated[0].username)


def test_old_rows_are_forgotten(settings):
    match = start_match("classic", 30)
    user = match.players.get(seat=0).user
    old = timezone.now() - timedelta(days=settings.TABLE_ADDRESS_DAYS + 1)
    TableAddress.objects.create(room_id=match.room_id, user=user, address=HOUSE, first_seen=old,
                                last_seen=old)
    addresses.record(match.room_id, user, ELSEWHERE)
    assert addresses.forget_old() == 1
    assert list(TableAddress.objects.values_list("address", flat=True)) == [ELSEWHERE]
