"""The match page's Download link gets the record as a file named after the match."""

import pytest

from tests.tables import start_match

pytestmark = pytest.mark.django_db


def test_the_page_links_to_the_download(client):
    match = start_match("classic", turn_seconds=30)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    link = f'href="/matches/{match.pk}/record.json?download=1" download="tarneeb-match-{match.pk}.json"'
    assert link in page


def test_download_1_sends_an_attachment(client):
    match = start_match("classic", turn_seconds=30)
    response = client.get(f"/matches/{match.pk}/record.json?download=1")
    assert response["Content-Disposition"] == f'attachment; filename="tarneeb-match-{match.pk}.json"'
    assert response.json()["id"] == match.pk
    assert "Content-Disposition" not in client.get(f"/matches/{match.pk}/record.json")
