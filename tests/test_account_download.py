"""Download my data: one zip of the profile, the matches (JSON Lines, as the export gives
them), the chat lines, the reports made and the sanctions received; a few an hour."""

import io
import json
import zipfile

import pytest

from accounts import budget
from accounts.models import PasswordHashBudget, User
from chat.models import ChatMessage
from moderation import services as moderation
from tests.rated import play_match

pytestmark = pytest.mark.django_db


def download(client):
    response = client.post("/accounts/data/")
    assert response.status_code == 200, response
    assert response["Content-Type"] == "application/zip"
    assert response["Cache-Control"] == "private, no-store"
    return zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))


def test_it_holds_everything_on_the_player(client):
    users = [User.objects.create_user(name, password="a-long-secret-9", email=f"{name}@example.org")
             for name in ("hala", "imad", "jana", "kamal")]
    match = play_match(users)
    ChatMessage.objects.create(room=match.room, user=users[0], seat=0, text="well played")
    ChatMessage.objects.create(room=match.room, user=users[1], seat=1, text="not hers")
    moderation.report(users[0], users[1], reason="chat", text="rude", room_id=match.room_id)
    moderator = User.objects.create_superuser("mod", password="a-long-secret-9")
    moderation.warn(moderator, users[0], "be kind")
    client.force_login(users[0])

    archive = download(client)
    assert sorted(archive.namelist()) == ["chat.jsonl", "matches.jsonl", "profile.json", "reports.json",
                                          "sanctions.json"]
    profile = json.loads(archive.read("profile.json"))
    assert (profile["username"], profile["email"]) == ("hala", "hala@example.org")
    [record] = [json.loads(line) for line in archive.read("matches.jsonl").decode().splitlines()]
    assert record == client.get(f"/matches/{match.pk}/record.json").json()
    assert [json.loads(line)["text"] for line in archive.read("chat.jsonl").decode().splitlines()] == [
        "well played"]
    [report] = json.loads(archive.read("reports.json"))
    assert (report["reported"], report["details"]) == ("imad", "rude")
    sanctions = json.loads(archive.read("sanctions.json"))
    assert [(s["kind"], s["reason"]) for s in sanctions] == [("warning", "be kind")]


def test_it_needs_a_login_and_a_post(client, alice):
    assert client.post("/accounts/data/")["Location"].startswith("/accounts/login/")
    client.force_login(alice)
    assert client.get("/accounts/data/").status_code == 405


def test_a_few_downloads_an_hour(client, alice, settings):
    client.force_login(alice)
    for _ in range(settings.DATA_DOWNLOADS_PER_HOUR):
        download(client)
    response = client.post("/accounts/data/")
    assert response.status_code == 429
    assert PasswordHashBudget.objects.get(key=budget.downloads_of(alice.pk).key).tokens < 1
