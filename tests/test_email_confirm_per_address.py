"""Confirmation links sent to one address are capped, whoever asks and from wherever
(each account and each network has its own cap too): accounts made from many networks
cannot fill a stranger's mailbox with links, as a password reset's per-address cap keeps
resets from doing."""

import pytest
from django.test import Client

from tests.tables import make_players

pytestmark = pytest.mark.django_db


def test_a_few_links_an_hour_to_one_address(mail_now, settings):
    players = make_players(settings.CONFIRM_EMAIL_PER_HOUR + 1, prefix="bomber-")
    answers = []
    for n, player in enumerate(players):
        client = Client(REMOTE_ADDR=f"203.0.113.{n + 1}")
        client.force_login(player)
        # The same address, written differently: one mailbox.
        address = "Victim@Example.org" if n % 2 else "victim@example.org"
        answers.append(client.post("/accounts/settings/", {"email": address}).status_code)
    assert answers == [302] * settings.CONFIRM_EMAIL_PER_HOUR + [429]
    assert len(mail_now) == settings.CONFIRM_EMAIL_PER_HOUR
