"""Blocking: the blocked player's follows and invitations are refused and saying why,
follows both ways end, and they cannot sit in the blocker's private rooms (they still
may in the blocker's public ones). Unblocking lifts it all."""

import pytest
from channels.db import database_sync_to_async

from friends import services as friends
from friends.models import Block, Follow, Invitation, Notification
from games.services import room_life
from tests.friends import english, post  # noqa: F401 - english is an autouse fixture
from tests.tables import create_room, make_players, open_socket, receive


@pytest.mark.django_db
def test_a_blocked_players_follows_and_invitations_are_refused(client):
    blocker, pest = make_players(2, prefix="block-")
    room = create_room(pest)
    friends.follow(pest, blocker.username)
    friends.follow(blocker, pest.username)
    friends.invite(pest, blocker.username, room.pk)
    client.force_login(blocker)
    assert post(client, f"/friends/block/{pest.username}/") == (200, {"ok": True, "message": (
        f"You blocked {pest.username}: you will not see their chat, and they cannot follow or invite you.")})
    # Follows both ways ended; the pending invitation and its notification are gone.
    assert not Follow.objects.exists() and not Invitation.objects.exists()
    assert not Notification.objects.exists()
    assert Block.objects.filter(blocker=blocker, blocked=pest).count() == 1
    assert pest.username in client.get("/friends/").content.decode()  # under Blocked, to unblock

    client.force_login(pest)
    assert post(client, f"/friends/follow/{blocker.username}/") == (
        403, {"error": "blocked", "message": f"{blocker.username} does not accept follows from you."})
    # A follow as if made before the block: invitations stay refused.
    Follow.objects.create(follower=pest, followed=blocker)
    assert post(client, f"/friends/invite/{blocker.username}/", {"room": room.pk}) == (
        403, {"error": "blocked", "message": f"{blocker.username} does not accept invitations from you."})
    assert not Invitation.objects.exists()

    # The blocker is told to unblock first.
    client.force_login(blocker)
    assert post(client, f"/friends/follow/{pest.username}/") == (
        403, {"error": "you_blocked", "message": f"You blocked {pest.username}: unblock them first."})
    assert post(client, f"/friends/unblock/{pest.username}/")[0] == 200
    assert post(client, f"/friends/follow/{pest.username}/")[0] == 200


@pytest.mark.django_db(transaction=True)
async def test_a_blocked_player_cannot_sit_in_the_blockers_private_room(asgi_application):
    blocker, pest = await database_sync_to_async(make_players)(2, prefix="owner-")
    private = await database_sync_to_async(room_life.create_room)(
        blocker, name="private", variant="classic", target=31, turn_seconds=60, private=True)
    public = await database_sync_to_async(create_room)(blocker)
    await database_sync_to_async(friends.block)(blocker, pest.username)

    socket = await open_socket(asgi_application, private.pk, pest)
    await receive(socket)  # they may watch, as anyone with the link may
    await socket.send_json_to({"type": "sit", "seat": 1})
    # In the page's language: a socket without a language cookie speaks the site's, Arabic.
    assert await receive(socket, "error") == {
        "type": "error", "code": "blocked", "message": "صاحب هذه الغرفة الخاصة حظرك: لا يمكنك الجلوس هنا."}
    await socket.disconnect()

    elsewhere = await open_socket(asgi_application, public.pk, pest)
    await receive(elsewhere)
    await elsewhere.send_json_to({"type": "sit", "seat": 1})
    assert (await receive(elsewhere))["room"]["seats"][1]["username"] == pest.username
    await elsewhere.disconnect()

    await database_sync_to_async(friends.unblock)(blocker, pest.username)
    again = await open_socket(asgi_application, private.pk, pest)
    await receive(again)
    await again.send_json_to({"type": "sit", "seat": 1})
    assert (await receive(again))["room"]["seats"][1]["username"] == pest.username
    await again.disconnect()
