import pytest

pytestmark = pytest.mark.django_db


def test_it_shows_a_profile(client, alice):
    response = client.get("/u/alice/")
    assert response.status_code == 200
    assert "alice" in response.content.decode()


def test_it_answers_404_for_an_unknown_player(client):
    assert client.get("/u/nobody/").status_code == 404
