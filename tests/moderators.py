"""Helpers for the moderation tests: a moderator who is neither staff nor superuser."""

from typing import Any

from django.contrib.auth import get_user_model

from moderation import services


def make_moderator(username: str = "moderator") -> Any:
    user = get_user_model().objects.create_user(username, password="a-long-secret-9")
    services.grant(user)
    return get_user_model().objects.get(pk=user.pk)  # permissions are cached per instance
