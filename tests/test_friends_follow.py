"""Following and unfollowing from a profile (its buttons, or a script's POST): the
profile says which, the friends list shows whom; nobody follows themselves, a bot or a
name that does not exist, each refusal saying why."""

import pytest

from accounts.models import User
from friends.models import Follow
from tests.friends import english, post  # noqa: F401 - english is an autouse fixture
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def test_follow_and_unfollow_from_a_profile(client):
    me, friend = make_players(2, prefix="follow-")
    client.force_login(me)
    page = client.get(f"/u/{friend.username}/").content.decode()
    assert f'action="/friends/follow/{friend.username}/"' in page and ">Follow</button>" in page

    # The profile's own form: back to the profile, saying so.
    response = client.post(f"/friends/follow/{friend.username}/", {"next": f"/u/{friend.username}/"},
                           follow=True)
    assert response.redirect_chain == [(f"/u/{friend.username}/", 302)]
    page = response.content.decode()
    assert f"You follow {friend.username}." in page and ">Unfollow</button>" in page
    assert Follow.objects.filter(follower=me, followed=friend).count() == 1
    listing = client.get("/friends/").content.decode()
    assert f'data-friend="{friend.username}"' in listing

    # Following twice keeps one follow.
    assert post(client, f"/friends/follow/{friend.username}/")[0] == 200
    assert Follow.objects.count() == 1
    assert post(client, f"/friends/unfollow/{friend.username}/") == (
        200, {"ok": True, "message": f"You no longer follow {friend.username}."})
    assert not Follow.objects.exists()
    assert f'data-friend="{friend.username}"' not in client.get("/friends/").content.decode()


def test_follow_refusals_say_why(client):
    (me,) = make_players(1, prefix="alone-")
    bot = User.objects.create_user("a-bot", bot_level="standard")
    client.force_login(me)
    assert post(client, f"/friends/follow/{me.username}/") == (
        403, {"error": "self", "message": "That is you."})
    for name in ["nobody-here", bot.username]:
        assert post(client, f"/friends/follow/{name}/") == (
            404, {"error": "no_player", "message": "There is no such player."})
    # Nobody is offered a Follow button on their own profile.
    assert "/friends/follow/" not in client.get(f"/u/{me.username}/").content.decode()
    assert not Follow.objects.exists()


def test_logged_out_people_follow_nobody(client):
    (friend,) = make_players(1, prefix="target-")
    response = client.post(f"/friends/follow/{friend.username}/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert "/friends/follow/" not in client.get(f"/u/{friend.username}/").content.decode()
    assert not Follow.objects.exists()
