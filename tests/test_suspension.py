"""A suspension or a ban takes effect at once: the player's open sockets (at a table and
in the lobby) get an `error` with code `suspended` and are closed with 4401 within
seconds, new sockets are refused the same way, the login form refuses them with the end
date, and their sessions end on the next request. Lifting it lets them back in."""


import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.models import User
from moderation import services
from moderation.models import AuditEntry
from tests.moderators import make_moderator
from tests.tables import HOST, ORIGIN, create_room, make_players, open_socket, receive, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-secret-9"
CLOSE_SUSPENDED = 4401


async def closed_with(socket: WebsocketCommunicator, timeout: float = 15) -> int:
    output = await socket.receive_output(timeout=timeout)
    assert output["type"] == "websocket.close", output
    return output["code"]


async def open_lobby(application, user) -> WebsocketCommunicator:
    cookie = await database_sync_to_async(session_cookie)(user)
    socket = WebsocketCommunicator(application, "/ws/lobby/", headers=[HOST, ORIGIN, (b"cookie", cookie)])
    assert (await socket.connect(timeout=10))[0]
    await receive(socket, "rooms")
    return socket


async def test_a_suspension_closes_live_sockets_within_seconds(asgi_application):
    player, other = await database_sync_to_async(make_players)(2)
    moderator = await database_sync_to_async(make_moderator)()
    room = await database_sync_to_async(create_room)(other)
    table = await open_socket(asgi_application, room.pk, player)
    await receive(table)
    lobby = await open_lobby(asgi_application, player)
    bystander = await open_socket(asgi_application, room.pk, other)
    await receive(bystander)

    await database_sync_to_async(services.suspend)(moderator, player, "cheating", days=3)
    # Without the event the sockets would stay open until they next sent something.
    for socket in (table, lobby):
        refusal = await receive(socket, "error", timeout=15)
        assert refusal["code"] == "suspended"
        assert "cheating" in refusal["message"]
        assert await closed_with(socket) == CLOSE_SUSPENDED
    # Nobody else is touched: the bystander's own line is the first thing their socket gets.
    await bystander.send_json_to({"type": "chat", "text": "where did they go?"})
    assert (await receive(bystander, "chat"))["text"] == "where did they go?"

    # A new socket of theirs is refused the same way, before any state.
    again = await open_socket(asgi_application, room.pk, player)
    assert (await receive(again, "error"))["code"] == "suspended"
    assert await closed_with(again) == CLOSE_SUSPENDED
    await bystander.disconnect()



def english() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")  # the site's default language is Arabic

def test_login_is_refused_with_the_end_date_and_sessions_end():
    (player,) = make_players(1)
    moderator = make_moderator()
    session = english()
    session.force_login(player)
    assert session.get("/").context["user"].is_authenticated

    sanction = services.suspend(moderator, player, "abusive chat", days=7)
    response = session.get("/")
    assert not response.context["user"].is_authenticated  # the session ended on this request
    assert "Your account is suspended until" in response.content.decode()

    response = english().post("/accounts/login/", {"username": player.username, "password": PASSWORD})
    assert response.status_code == 200  # the form again, with the reason
    page = response.content.decode()
    until = sanction.until.strftime("%Y")
    assert "Your account is suspended until" in page and until in page and "abusive chat" in page
    assert "_auth_user_id" not in response.wsgi_request.session

    services.lift(moderator, player, "appeal accepted")
    response = english().post("/accounts/login/", {"username": player.username, "password": PASSWORD})
    assert response.status_code == 302
    assert list(AuditEntry.objects.filter(user=player).order_by("id").values_list("action", flat=True)) == [
        "suspend", "lift"]


def test_a_ban_has_no_end_and_takes_their_seat_at_a_live_match():
    from tests.tables import start_match

    match = start_match("classic", turn_seconds=30)
    player = User.objects.get(pk=match.seating[2]["user"])
    services.suspend(make_moderator(), player, "bot account", days=None)
    match.refresh_from_db()
    assert match.seating[2]["removed"] is True
    response = english().post("/accounts/login/", {"username": player.username, "password": PASSWORD})
    assert "Your account is banned: bot account" in response.content.decode()
    entry = AuditEntry.objects.get(action="ban")
    assert entry.details["removed_from"] == [match.pk] and entry.details["until"] is None


def test_moderators_and_administrators_cannot_be_suspended():
    moderator, other = make_moderator("mod1"), make_moderator("mod2")
    with pytest.raises(services.Refused):
        services.suspend(moderator, other, "no", days=1)
    with pytest.raises(services.Refused):
        services.suspend(moderator, moderator, "no", days=1)
