"""Deleting an account: the person's name leaves every page, record, export, leaderboard
and chat, a stable "deleted player N" stands in it, and their matches stay whole for the
other three (scores, replays, fairness proofs)."""

import json

import pytest
from django.test import Client

from accounts.models import DeletedAccount, User
from chat import services as chat
from chat.models import ChatMessage
from games import records
from games.models import Match
from games.services import room_life
from moderation import services as moderation
from moderation.models import AuditEntry, Report, TableAddress
from tests.rated import play_match
from tests.tables import create_room

pytestmark = pytest.mark.django_db

NAME = "zoraida"
PASSWORD = "a-long-secret-9"


@pytest.fixture
def played(settings):
    """zoraida played a rated match with three others, chatted and was reported, and
    has a line a moderator deleted: everything her deletion must reach."""
    settings.RATING_MIN_MATCHES, settings.RATING_MIN_OPPONENTS = 1, 0
    users = [User.objects.create_user(name, password=PASSWORD) for name in (NAME, "yusuf", "xena", "walid")]
    match = play_match(users)
    for text in ("good game all", "rematch?"):
        ChatMessage.objects.create(room=match.room, user=users[0], seat=0, text=text)
    ChatMessage.objects.create(room=match.room, user=users[1], seat=1, text="thanks")
    moderation.report(users[1], users[0], reason="chat", room_id=match.room_id)
    TableAddress.objects.create(room=match.room, user=users[0], address="192.0.2.7",
                                first_seen=match.started_at, last_seen=match.started_at)
    moderator = User.objects.create_user("mod", password=PASSWORD, is_staff=True)
    line = ChatMessage.objects.create(room=match.room, user=users[0], seat=0, text="something rude")
    moderation.delete_message(moderator, line.pk, "rude")
    return match, users


def delete(user: User) -> str:
    """Deletes the account as its person would; its deleted name."""
    client = Client()
    client.force_login(user)
    response = client.post("/accounts/delete/", {"password": PASSWORD, "confirm": "on"})
    assert response.status_code == 200, response.content
    name = User.objects.get(pk=user.pk).username
    assert name == f"deleted player {user.deletion.pk}"
    return name


def everything_public(match: Match) -> str:
    """Every page, record and export that shows the match or its players."""
    client = Client()
    parts = [client.get(url).getvalue().decode() for url in (
        f"/matches/{match.pk}/", f"/matches/{match.pk}/record.json", "/u/yusuf/matches.jsonl",
        "/u/yusuf/matches/", "/u/yusuf/", "/leaderboard/", f"/matches/{match.pk}/hands/1.json")]
    parts.append(json.dumps(chat.recent(match.room_id, with_spectators=True), ensure_ascii=False))
    parts.append(json.dumps([report.chat for report in Report.objects.all()], ensure_ascii=False))
    return "\n".join(parts)


def test_her_name_is_nowhere_and_the_match_still_checks_out(played):
    match, users = played
    before = everything_public(match)
    assert NAME in before
    state, scores = match.state, match.state["scores"]

    deleted = delete(users[0])

    after = everything_public(match)
    assert NAME not in after
    assert deleted in after
    match.refresh_from_db()
    assert match.seating[0]["username"] == deleted
    assert [sitter["username"] for sitter in match.seating[1:]] == ["yusuf", "xena", "walid"]
    # The match as it was, for the other three: its result, its replay and every deal's proof.
    assert (match.state, match.state["scores"], match.status) == (state, scores, Match.Status.FINISHED)
    assert records.verify(match) == []
    record = Client().get(f"/matches/{match.pk}/record.json").json()
    assert [player["username"] for player in record["players"]] == [deleted, "yusuf", "xena", "walid"]
    assert all(hand["seed"] for hand in record["hands"])


def test_her_account_is_gone(played):
    _match, users = played
    deleted = delete(users[0])
    user = User.objects.get(pk=users[0].pk)
    assert (user.is_active, user.email, user.has_usable_password()) == (False, "", False)
    assert not ChatMessage.objects.filter(user=user).exists()
    assert not TableAddress.objects.filter(user=user).exists()
    assert Client().get(f"/u/{NAME}/").status_code == 404
    gone = Client(headers={"accept-language": "en"}).get(f"/u/{deleted}/")
    assert gone.status_code == 404 and "This player deleted their account." in gone.content.decode()
    login = Client().post("/accounts/login/", {"username": NAME, "password": PASSWORD})
    assert login.status_code == 200 and "_auth_user_id" not in login.client.session
    # Her name is free again for a new person, and the next deletion gets the next number.
    newcomer = User.objects.create_user(NAME, password=PASSWORD)
    number = int(deleted.rsplit(" ", 1)[1])
    assert delete(newcomer) == f"deleted player {number + 1}"


def test_moderation_keeps_its_records_under_the_deleted_name(played):
    _match, users = played
    deleted = delete(users[0])
    report = Report.objects.get()
    assert report.reported_id == users[0].pk
    erased = [line for line in report.chat if line["user"] == deleted]
    assert erased and all(line["text"] == "" and line["erased"] for line in erased)
    assert [line["text"] for line in report.chat if line["user"] == "yusuf"] == ["thanks"]
    # The audit log is never rewritten (docs/privacy.md): the entry names the account by id.
    entry = AuditEntry.objects.get(action=AuditEntry.Action.DELETE_MESSAGE)
    assert entry.user_id == users[0].pk and entry.details["text"] == "something rude"


def test_a_wrong_password_deletes_nothing(alice):
    client = Client()
    client.force_login(alice)
    response = client.post("/accounts/delete/", {"password": "wrong", "confirm": "on"})
    assert response.status_code == 400
    assert User.objects.get(pk=alice.pk).username == "alice"


def test_it_is_refused_while_she_plays_a_match():
    players = [User.objects.create_user(f"p{n}", password=PASSWORD) for n in range(4)]
    room = create_room(players[1])
    for seat, user in enumerate(players):
        room_life.sit(room.pk, user, seat)
    ChatMessage.objects.create(room=room, user=players[0], seat=0, text="hello")
    client = Client(headers={"accept-language": "en"})
    client.force_login(players[0])
    response = client.post("/accounts/delete/", {"password": PASSWORD, "confirm": "on"})
    assert response.status_code == 400
    assert "finish it first" in response.content.decode()
    # Rolled back whole: the deletion's number, taken before any app was asked, too.
    assert User.objects.get(pk=players[0].pk).username == "p0"
    assert not DeletedAccount.objects.exists()
    assert ChatMessage.objects.filter(user=players[0]).exists()
