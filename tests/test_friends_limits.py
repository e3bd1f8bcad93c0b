"""Every friends action has a budget and every list a cap, at their real values: 30
follows, unfollows, blocks and unblocks in 10 minutes; 10 invitations in 10 minutes, one
per friend and table; 300 people followed, 500 blocked; the latest 100 notifications
kept. Each refusal is a clear `error`, with 429 for a budget; the friends page's work does
not grow with the friends."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import User
from friends import services as friends
from friends.models import Block, Change, Follow, Invitation, Notification
from tests.friends import english, post  # noqa: F401 - english is an autouse fixture
from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db


def many(count: int, prefix: str) -> list[User]:
    return User.objects.bulk_create([User(username=f"{prefix}{n}") for n in range(count)])


def test_thirty_changes_in_ten_minutes(client):
    me, friend = make_players(2, prefix="busy-")
    client.force_login(me)
    for n in range(30):
        assert post(client, f"/friends/{'follow' if n % 2 == 0 else 'unfollow'}/{friend.username}/")[0] == 200
    assert post(client, f"/friends/block/{friend.username}/") == (429, {"error": "rate_limited", "message": (
        "Too many changes to your friends and blocks: at most 30 in 10 minutes.")})
    assert not Block.objects.exists()
    Change.objects.update(at=timezone.now() - timedelta(minutes=10, seconds=1))
    assert post(client, f"/friends/block/{friend.username}/")[0] == 200
    assert Change.objects.count() == 1  # the old ones pruned as the new one was taken


def test_ten_invitations_in_ten_minutes_one_per_friend_and_table(client):
    me, *people = make_players(12, prefix="host-")
    room = create_room(me)
    Follow.objects.bulk_create([Follow(follower=me, followed=person) for person in people])
    client.force_login(me)
    assert post(client, f"/friends/invite/{people[0].username}/", {"room": room.pk})[0] == 200
    assert post(client, f"/friends/invite/{people[0].username}/", {"room": room.pk}) == (403, {
        "error": "already_invited", "message": f"You already invited {people[0].username} to this table."})
    for person in people[1:10]:
        assert post(client, f"/friends/invite/{person.username}/", {"room": room.pk})[0] == 200
    assert post(client, f"/friends/invite/{people[10].username}/", {"room": room.pk}) == (429, {
        "error": "rate_limited", "message": "Too many invitations: at most 10 in 10 minutes."})
    assert Invitation.objects.count() == 10
    # Refusals before the budget is touched: a table the inviter neither sits at nor
    # opened, a table that does not exist, someone they do not follow.
    (stranger, other_host) = make_players(2, prefix="other-")
    elsewhere = create_room(other_host)
    assert post(client, f"/friends/invite/{people[10].username}/", {"room": elsewhere.pk}) == (403, {
        "error": "not_seated", "message": "Invite friends to a table you sit at or opened."})
    assert post(client, f"/friends/invite/{people[10].username}/", {"room": "nope"})[1]["error"] == "no_room"
    assert post(client, f"/friends/invite/{people[10].username}/")[1]["error"] == "no_room"
    assert post(client, f"/friends/invite/{stranger.username}/", {"room": room.pk}) == (403, {
        "error": "not_friend",
        "message": f"Follow {stranger.username} first: you invite the people you follow."})


def test_three_hundred_followed_five_hundred_blocked(client):
    (me,) = make_players(1, prefix="collector-")
    followed = many(301, "followed-")
    Follow.objects.bulk_create([Follow(follower=me, followed=person) for person in followed[:300]])
    client.force_login(me)
    assert post(client, f"/friends/follow/{followed[300].username}/") == (403, {
        "error": "too_many_friends",
        "message": "You follow 300 people, as many as anyone may: unfollow someone first."})
    blocked = many(501, "blocked-")
    Block.objects.bulk_create([Block(blocker=me, blocked=person) for person in blocked[:500]])
    assert post(client, f"/friends/block/{blocked[500].username}/") == (403, {
        "error": "too_many_blocks",
        "message": "You blocked 500 people, as many as anyone may: unblock someone first."})
    assert Follow.objects.count() == 300 and Block.objects.count() == 500
    # The friends page stays one page of bounded work however many there are.
    assert client.get("/friends/").status_code == 200


def test_the_latest_hundred_notifications_are_kept():
    reporter, someone = make_players(2, prefix="reporter-")
    first = friends.notify_report_outcome(1, reporter, someone, "action")
    for n in range(100):
        friends.notify_report_outcome(n + 2, reporter, someone, "no_action")
    assert Notification.objects.filter(user=reporter).count() == 100
    assert not Notification.objects.filter(pk=first.pk).exists()


def test_the_friends_page_costs_the_same_for_3_or_300_friends(client):
    (me,) = make_players(1, prefix="counted-")
    people = many(300, "counted-friend-")
    client.force_login(me)

    def queries(count: int) -> int:
        Follow.objects.all().delete()
        Follow.objects.bulk_create([Follow(follower=me, followed=person) for person in people[:count]])
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/friends/").status_code == 200
        return len(captured.captured_queries)

    assert queries(3) == queries(300)
