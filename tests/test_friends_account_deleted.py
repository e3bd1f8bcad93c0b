"""A deleted account takes its follows (both ways), blocks (both ways), invitations (sent
and received) and notifications with it (accounts.deletion.account_deleted); the other
people's own lists keep everyone else."""

import pytest

from accounts.deletion import delete_account, deleted_name, shown_name
from friends import services as friends
from friends.models import Block, Change, Follow, Invitation, Notification
from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db


def test_a_deleted_account_leaves_no_friends_data():
    leaving, friend, other, pest = make_players(4, prefix="leaving-")
    room = create_room(leaving)
    for follower, followed in [(leaving, friend), (friend, leaving), (friend, other), (other, leaving)]:
        friends.follow(follower, followed.username)
    friends.invite(leaving, friend.username, room.pk)
    friends.invite(other, leaving.username, create_room(other).pk)
    friends.block(leaving, pest.username)
    friends.block(pest, leaving.username)
    friends.notify_report_outcome(1, leaving, pest, "action")
    about_leaving = friends.notify_report_outcome(2, other, leaving, "action")

    delete_account(leaving)  # sends account_deleted in its transaction

    assert not Follow.objects.filter(follower=leaving).exists()
    assert not Follow.objects.filter(followed=leaving).exists()
    assert not Block.objects.exists() and not Invitation.objects.exists()
    assert not Notification.objects.filter(user=leaving).exists()
    assert not Change.objects.filter(user=leaving).exists()
    # Another's report about them keeps its outcome, and no longer their name.
    about_leaving.refresh_from_db()
    assert leaving.username not in friends.text_of(about_leaving)
    assert about_leaving.data["name"] == deleted_name(leaving)
    assert shown_name(deleted_name(leaving)) in friends.text_of(about_leaving)
    assert list(Follow.objects.values_list("follower__username", "followed__username")) == [
        (friend.username, other.username)]
