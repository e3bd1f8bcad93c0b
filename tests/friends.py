"""Helpers for the tests of the friends app."""

from typing import Any

import pytest

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture(autouse=True)
def english(client: Any) -> None:
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"  # the site's default language is Arabic


def post(client: Any, path: str, data: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    """A script's POST: the status and the JSON answer."""
    response = client.post(path, data or {}, **JSON)
    return response.status_code, response.json()
