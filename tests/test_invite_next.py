"""An invite survives signing up and logging in (issue 27): a logged-out friend who opens a
room's link (a private room's too) is offered both, and lands back in that room; a `next`
pointing off the site is ignored, never followed."""

import re

import pytest
from django.contrib.auth import get_user_model

from games.models import Room
from tests.tables import make_players

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]

PASSWORD = "a-long-secret-9"
OFF_SITE = ["https://evil.example/rooms/x/", "//evil.example/", "/\\evil.example/", "javascript:alert(1)",
            "http://testserver.evil.example/"]


@pytest.fixture
def private_room() -> Room:
    (owner,) = make_players(1, prefix="host")
    return Room.objects.create(owner=owner, name="friends", private=True)


def sign_up(client, name: str, next_page: str):
    return client.post("/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD,
                                             "next": next_page})


def test_the_room_page_offers_both_ways_back_to_it(client, private_room):
    html = client.get(private_room.get_absolute_url()).content.decode()
    back = f"?next=/rooms/{private_room.pk}/"
    assert f'id="join-signup" href="/accounts/signup/{back}"' in html
    assert f'id="join-login" href="/accounts/login/{back}"' in html
    assert f'href="/accounts/signup/{back}" id="nav-signup"' in html  # the header's too


def test_the_sign_up_page_keeps_the_room_for_its_form_and_its_log_in_link(client, private_room):
    url = private_room.get_absolute_url()
    html = client.get(f"/accounts/signup/?next={url}").content.decode()
    assert f'<input type="hidden" name="next" value="{url}">' in html
    assert f'href="/accounts/login/?next={url}"' in html
    html = client.get(f"/accounts/login/?next={url}").content.decode()
    assert f'href="/accounts/signup/?next={url}"' in html


def test_signing_up_lands_in_the_room(client, private_room):
    response = sign_up(client, "friend", private_room.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"] == private_room.get_absolute_url()
    assert get_user_model().objects.filter(username="friend").exists()


def test_a_form_with_errors_keeps_the_room(client, private_room):
    url = private_room.get_absolute_url()
    response = client.post("/accounts/signup/", {"username": "friend", "password1": PASSWORD,
                                                 "password2": "something-else-9", "next": url})
    assert response.status_code == 200
    assert f'<input type="hidden" name="next" value="{url}">' in response.content.decode()


def test_logging_in_lands_in_the_room(client, private_room):
    (friend,) = make_players(1, prefix="friend")
    response = client.post("/accounts/login/", {"username": friend.username, "password": PASSWORD,
                                                "next": private_room.get_absolute_url()})
    assert response.status_code == 302
    assert response["Location"] == private_room.get_absolute_url()


def test_a_logged_in_visitor_to_sign_up_goes_on_to_the_room(client, private_room):
    (friend,) = make_players(1, prefix="friend")
    client.force_login(friend)
    response = client.get(f"/accounts/signup/?next={private_room.get_absolute_url()}")
    assert response["Location"] == private_room.get_absolute_url()


@pytest.mark.parametrize("target", OFF_SITE)
def test_a_next_off_the_site_is_ignored(client, target):
    response = sign_up(client, "friend", target)
    assert response.status_code == 302
    assert response["Location"] == "/"
    client.logout()
    for page in ("/accounts/login/", "/accounts/signup/"):
        html = client.get(page, {"next": target}).content.decode()
        assert not re.search(r'href="/accounts/(login|signup)/\?next=', html)
        assert f'name="next" value="{target}"' not in html
