"""Only a superuser sanctions a staff account or a moderator: a moderator who tries (the
table's menus, the queue, the admin) is refused with `protected` and nothing changes, so
no moderator can lock a colleague out of the admin or silence another moderator. Nor
can a moderator take the role away first: granting and revoking it is a superuser's."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.contrib.messages import get_messages

from moderation.models import AuditEntry, Report, Sanction
from tests.moderators import make_moderator
from tests.tables import make_players

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-secret-9"


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def clerk():
    """Staff, not a moderator: the admin's user at a desk."""
    return get_user_model().objects.create_user("clerk", password=PASSWORD, is_staff=True)


def act(client, **form) -> dict:
    response = client.post("/moderation/act/", form, HTTP_ACCEPT="application/json")
    return {"status": response.status_code, **response.json()}


@pytest.mark.parametrize("action", ["ban", "suspend", "mute", "warn"])
def test_a_moderator_cannot_sanction_staff_or_another_moderator(client, clerk, action):
    moderator, colleague = make_moderator("moderator"), make_moderator("colleague")
    client.force_login(moderator)
    for target in (clerk, colleague):
        answer = act(client, action=action, username=target.username, reason="disagreed with me")
        assert answer["status"] == 400 and answer["error"] == "protected", (target, answer)
        assert "administrator" in answer["message"]
    assert not Sanction.objects.exists()
    assert not AuditEntry.objects.exclude(action="grant").exists()
    # The clerk still gets into the admin.
    client.force_login(get_user_model().objects.get(pk=clerk.pk))
    assert client.get("/admin/").status_code == 200


def test_a_report_against_a_moderator_stays_open_when_a_moderator_mutes_them(client):
    moderator, colleague = make_moderator("moderator"), make_moderator("colleague")
    (reporter,) = make_players(1)
    report = Report.objects.create(reporter=reporter, reported=colleague, reason=Report.Reason.CHAT)
    client.force_login(moderator)
    prefix = f"r{report.pk}"
    client.post(f"/moderation/reports/{report.pk}/resolve/",
                {f"{prefix}-decision": "mute", f"{prefix}-minutes": 60, f"{prefix}-days": 1,
                 f"{prefix}-note": "rude"})
    report.refresh_from_db()
    assert report.is_open and not Sanction.objects.exists()
    assert [str(m) for m in get_messages(client.get("/moderation/").wsgi_request)] == [
        "Only an administrator can sanction staff or moderators."]


def test_in_the_admin_a_staff_moderator_is_refused_alike(client, clerk):
    moderator = make_moderator("deskmod")
    get_user_model().objects.filter(pk=moderator.pk).update(is_staff=True)
    # The admin's list of users needs its own permission; the actions need moderation's.
    moderator.user_permissions.add(Permission.objects.get(codename="view_user"))
    colleague = make_moderator("colleague")
    client.force_login(get_user_model().objects.get(pk=moderator.pk))
    for action, target in [("ban", clerk), ("suspend_week", colleague), ("revoke_moderator", colleague)]:
        response = client.post("/admin/accounts/user/", {"action": action, "_selected_action": [target.pk]},
                               follow=True)
        shown = [str(m) for m in response.context["messages"]]
        assert len(shown) == 1 and "Only an administrator can" in shown[0], (action, shown)
    assert not Sanction.objects.exists()
    assert get_user_model().objects.get(pk=colleague.pk).has_perm("moderation.moderate")


def test_a_superuser_may(client, clerk):
    root = get_user_model().objects.create_superuser("root", password=PASSWORD)
    colleague = make_moderator("colleague")
    client.force_login(root)
    assert act(client, action="mute", username=colleague.username, reason="spam")["ok"]
    assert act(client, action="ban", username=clerk.username, reason="left the company")["ok"]
    assert sorted(Sanction.objects.values_list("kind", flat=True)) == ["ban", "mute"]
    # A ban's login refusal reaches the admin's form too.
    client.logout()
    response = client.post("/admin/login/", {"username": "clerk", "password": PASSWORD})
    assert response.status_code == 200 and "banned" in response.content.decode()
