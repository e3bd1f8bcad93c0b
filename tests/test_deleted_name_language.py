"""A deleted account's "deleted player N" reads in the reader's language on the pages
(the match page, match lists, its profile's page, a report's notification), while the
stored seating and the public record keep the same words for every reader (fairness
proofs and exports read them)."""

import pytest
from django.test import Client
from django.utils import translation

from accounts.deletion import delete_account, shown_name
from accounts.models import User
from friends.models import Notification
from friends.services import notify_report_outcome, text_of
from tests.rated import play_match

pytestmark = pytest.mark.django_db

ARABIC = "لاعب محذوف"


def test_a_deleted_name_reads_in_the_readers_language(settings):
    settings.RATING_MIN_MATCHES, settings.RATING_MIN_OPPONENTS = 1, 0
    users = [User.objects.create_user(name, password="a-long-secret-9")
             for name in ("nadia", "omar", "pia", "qais")]
    match = play_match(users)
    notify_report_outcome(1, users[1], users[0], "action")
    name = delete_account(users[0])
    number = name.rsplit(" ", 1)[1]
    arabic = Client(HTTP_ACCEPT_LANGUAGE="ar")
    for path in (f"/matches/{match.pk}/", "/u/omar/matches/"):
        page = arabic.get(path).content.decode()
        assert f"{ARABIC} {number}" in page and f">{name}<" not in page, path
    assert f"{ARABIC} {number}" in arabic.get(f"/u/{name}/").content.decode()
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/matches/{match.pk}/").content.decode()
    assert f">{name}<" in english
    # The record and the seating keep the stored words, whatever the reader's language.
    assert arabic.get(f"/matches/{match.pk}/record.json").json()["players"][0]["username"] == name
    match.refresh_from_db()
    assert match.seating[0]["username"] == name
    with translation.override("ar"):
        assert f"{ARABIC} {number}" in text_of(Notification.objects.get(user=users[1]))
        # Only the deleted words: a person's name is theirs, whatever it reads like.
        assert shown_name("deleted_player") == "deleted_player"
