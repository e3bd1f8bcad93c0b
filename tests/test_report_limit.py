"""A player makes at most 10 reports a day, and never about themselves; the refusal
says why. A day later they may report again."""

from datetime import timedelta

import pytest
from django.utils import timezone

from moderation.models import Report
from tests.tables import make_players

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"  # the site's default language is Arabic

JSON = {"HTTP_ACCEPT": "application/json"}


def test_the_eleventh_report_in_a_day_is_refused(client):
    reporter, *others = make_players(12)
    client.force_login(reporter)
    for other in others[:10]:
        assert client.post(f"/u/{other.username}/report/", {"reason": "cheating"}, **JSON).status_code == 200
    response = client.post(f"/u/{others[10].username}/report/", {"reason": "cheating"}, **JSON)
    assert response.status_code == 400
    assert response.json() == {"error": "report_limit",
                               "message": "You can make at most 10 reports a day: try again tomorrow."}
    # The page form says the same, under the form.
    page = client.post(f"/u/{others[10].username}/report/", {"reason": "cheating"})
    assert page.status_code == 400 and "at most 10 reports a day" in page.content.decode()
    assert Report.objects.count() == 10

    Report.objects.update(created_at=timezone.now() - timedelta(days=1, minutes=1))
    assert client.post(f"/u/{others[10].username}/report/", {"reason": "cheating"}, **JSON).status_code == 200


def test_no_report_about_yourself_and_the_text_is_limited(client):
    reporter, other = make_players(2)
    client.force_login(reporter)
    response = client.post(f"/u/{reporter.username}/report/", {"reason": "name"}, **JSON)
    assert response.json()["error"] == "self"
    response = client.post(f"/u/{other.username}/report/", {"reason": "name", "text": "x" * 501}, **JSON)
    assert response.status_code == 400 and response.json()["error"] == "bad_report"
    response = client.post(f"/u/{other.username}/report/", {"reason": "rude"}, **JSON)
    assert response.json()["error"] == "bad_report"
    assert not Report.objects.exists()


def test_logged_out_visitors_cannot_report(client):
    (other,) = make_players(1)
    assert client.get(f"/u/{other.username}/report/").status_code == 302
    assert client.post(f"/u/{other.username}/report/", {"reason": "name"}).status_code == 403
