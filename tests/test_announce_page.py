"""The Announce page shows its heading once (the admin's layout prints the title)."""

import re

import pytest

pytestmark = pytest.mark.django_db


def test_the_announce_page_has_one_heading(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("mod", password="a-long-secret-9"))
    html = client.get("/moderation/announce/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert re.findall(r"<h1>([^<]*)</h1>", html) == ["Announce to the lobby"]
