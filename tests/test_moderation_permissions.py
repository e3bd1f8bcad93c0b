"""Every moderation page and endpoint checks the moderation permission: a player gets
403, a logged-out visitor the login page (pages) or a 403 with a JSON error (POST
endpoints). A moderator needs neither staff nor superuser."""

import pytest

from moderation.models import Report
from tests.moderators import make_moderator

pytestmark = pytest.mark.django_db

PAGES = ["/moderation/", "/moderation/log/", "/moderation/log/?action=warn&page=2"]


def endpoints(report_id: int) -> list[tuple[str, dict]]:
    return [("/moderation/act/", {"action": "warn", "username": "bob", "reason": "x"}),
            ("/moderation/act/", {"action": "close_room", "room": "nope", "reason": "x"}),
            (f"/moderation/reports/{report_id}/resolve/", {f"r{report_id}-decision": "dismiss",
                                                           f"r{report_id}-note": "x"})]


@pytest.fixture
def report(alice, bob):
    return Report.objects.create(reporter=alice, reported=bob, reason=Report.Reason.CHAT)


def test_logged_out_visitors_are_sent_to_log_in(client, report):
    for page in PAGES:
        response = client.get(page)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next="), page
    for path, form in endpoints(report.pk):
        response = client.post(path, form)
        assert response.status_code == 403, path
        assert response.json()["error"] == "login_required"
    assert not report.entries.exists()


def test_players_are_refused(client, alice, report):
    client.force_login(alice)
    for page in PAGES:
        assert client.get(page).status_code == 403, page
    for path, form in endpoints(report.pk):
        response = client.post(path, form, HTTP_ACCEPT="application/json")
        assert response.status_code == 403, path
        assert response.json()["error"] == "forbidden"
    report.refresh_from_db()
    assert report.is_open
    assert "/moderation/" not in client.get("/").content.decode()  # no nav link either


def test_a_moderator_needs_neither_staff_nor_superuser(client, report):
    moderator = make_moderator()
    assert not moderator.is_staff and not moderator.is_superuser
    client.force_login(moderator)
    for page in PAGES:
        assert client.get(page).status_code == 200, page
    assert 'href="/moderation/"' in client.get("/").content.decode()
    response = client.post("/moderation/act/", {"action": "warn", "username": "bob", "reason": "language"},
                           HTTP_ACCEPT="application/json")
    assert response.status_code == 200 and response.json()["ok"]


def test_the_role_is_the_moderators_group_from_the_migration(django_user_model):
    from django.contrib.auth.models import Group

    group = Group.objects.get(name="moderators")
    # Moderating, and seeing and forgiving leavers' abandonments (playban's migration).
    assert sorted(p.codename for p in group.permissions.all()) == [
        "forgive_abandonment", "moderate", "view_abandonment"]
    user = django_user_model.objects.create_user("helper", password="a-long-secret-9")
    user.groups.add(group)  # as the admin's groups field does
    assert django_user_model.objects.get(pk=user.pk).has_perm("moderation.moderate")
