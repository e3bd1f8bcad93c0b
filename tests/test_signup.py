import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db


def test_it_creates_an_account_and_logs_in(client):
    response = client.post("/accounts/signup/", {
        "username": "player1", "password1": "a-long-secret-9", "password2": "a-long-secret-9"})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert get_user_model().objects.filter(username="player1").exists()
    assert "_auth_user_id" in client.session


def test_it_accepts_an_arabic_username(client):
    response = client.post("/accounts/signup/", {
        "username": "أبو_علي", "password1": "a-long-secret-9", "password2": "a-long-secret-9"})
    assert response.status_code == 302
    profile = client.get("/u/أبو_علي/")
    assert profile.status_code == 200
    assert "أبو_علي" in profile.content.decode()


def test_it_applies_the_password_validators(client):
    response = client.post("/accounts/signup/", {
        "username": "player2", "password1": "12345678", "password2": "12345678"})
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="player2").exists()


def test_it_refuses_a_taken_username(client, alice):
    response = client.post("/accounts/signup/", {
        "username": "alice", "password1": "a-long-secret-9", "password2": "a-long-secret-9"})
    assert response.status_code == 200
    assert get_user_model().objects.filter(username="alice").count() == 1


def test_it_requires_the_csrf_token(alice):
    from django.test import Client

    response = Client(enforce_csrf_checks=True).post("/accounts/signup/", {
        "username": "player3", "password1": "a-long-secret-9", "password2": "a-long-secret-9"})
    assert response.status_code == 403
