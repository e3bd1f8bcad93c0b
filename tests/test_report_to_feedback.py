"""A report travels the whole way over HTTP: a player reports from the table with the
room's context attached, the queue shows it with its chat excerpt and the player's past,
the moderator resolves it with a warning, the audit log has the entry, the warned player
is told once and keeps it on their profile, and the reporter is told once."""

import pytest
from django.test import Client

from chat.models import ChatMessage
from games.models import Match
from moderation.models import AuditEntry, Report, Sanction
from tests.moderators import make_moderator
from tests.tables import make_players, start_match

pytestmark = pytest.mark.django_db(transaction=True)


def logged_in(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_report_queue_action_log_and_feedback():
    match = start_match("classic", turn_seconds=30)
    reporter_id, reported_id = match.seating[0]["user"], match.seating[1]["user"]
    reporter, reported = (match.players.get(seat=n).user for n in (0, 1))
    ChatMessage.objects.bulk_create(
        ChatMessage(room_id=match.room_id, user=reported if n % 2 else reporter, text=f"line {n} <b>bold</b>")
        for n in range(25))
    Match.objects.filter(pk=match.pk).update(version=17)

    # The player reports from the table (the dialog posts JSON).
    response = logged_in(reporter).post(f"/u/{reported.username}/report/", {
        "reason": "chat", "text": "insults <script>", "room": match.room_id}, HTTP_ACCEPT="application/json")
    assert response.status_code == 200 and response.json()["ok"], response.content
    report = Report.objects.get()
    assert (report.reporter_id, report.reported_id, report.room_id, report.match_id, report.move) == (
        reporter_id, reported_id, match.room_id, match.pk, 17)
    assert [line["text"] for line in report.chat] == [f"line {n} <b>bold</b>" for n in range(5, 25)]

    moderator = make_moderator()
    desk = logged_in(moderator)
    queue = desk.get("/moderation/").content.decode()
    assert f'data-report="{report.pk}"' in queue
    assert "line 24 &lt;b&gt;bold&lt;/b&gt;" in queue and "<b>bold</b>" not in queue  # text, not markup
    assert "insults &lt;script&gt;" in queue
    assert f'href="/matches/{match.pk}/"' in queue

    response = desk.post(f"/moderation/reports/{report.pk}/resolve/", {
        f"r{report.pk}-decision": "warn", f"r{report.pk}-minutes": "60", f"r{report.pk}-days": "1",
        f"r{report.pk}-note": "Keep the chat friendly."})
    assert response.status_code == 302
    report.refresh_from_db()
    assert report.outcome == "action" and report.resolved_by == moderator
    assert f'data-report="{report.pk}"' not in desk.get("/moderation/").content.decode()

    entries = list(AuditEntry.objects.filter(report=report).order_by("id").values_list(
        "action", "moderator", "user", "reason"))
    assert entries == [("warn", moderator.pk, reported_id, "Keep the chat friendly."),
                       ("resolve", moderator.pk, reported_id, "Keep the chat friendly.")]
    log = desk.get("/moderation/log/?action=warn").content.decode()
    assert "Keep the chat friendly." in log and reported.username in log

    # The warned player: told once on their next page, and it stays on their profile.
    warned = logged_in(reported)
    assert "A moderator warned you: Keep the chat friendly." in warned.get("/").content.decode()
    assert "A moderator warned you" not in warned.get("/").content.decode()
    profile = warned.get(f"/u/{reported.username}/").content.decode()
    assert "Your warnings and sanctions" in profile and "Keep the chat friendly." in profile
    assert Sanction.objects.get(user=reported).kind == "warning"

    # The reporter: told once that action was taken; others do not see the warning.
    mine = logged_in(reporter)
    assert "action was taken" in mine.get("/").content.decode()
    assert "action was taken" not in mine.get("/").content.decode()
    assert "Keep the chat friendly." not in mine.get(f"/u/{reported.username}/").content.decode()


def test_a_dismissed_report_tells_the_reporter_no_action():
    reporter, reported = make_players(2)
    response = logged_in(reporter).post(f"/u/{reported.username}/report/", {"reason": "name"})
    assert response.status_code == 302  # the profile page's form
    report = Report.objects.get()
    assert report.room is None and report.chat == []
    make_moderator_client = logged_in(make_moderator())
    make_moderator_client.post(f"/moderation/reports/{report.pk}/resolve/", {
        f"r{report.pk}-decision": "dismiss", f"r{report.pk}-minutes": "60", f"r{report.pk}-days": "1",
        f"r{report.pk}-note": "The name is fine."})
    assert "no action was taken" in logged_in(reporter).get("/").content.decode()
    assert not Sanction.objects.exists()
