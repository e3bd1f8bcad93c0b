"""The header's unread count (templates/base.html)."""

from typing import Any

from django.http import HttpRequest

from friends.services import unread_count


def unread(request: HttpRequest) -> dict[str, Any]:
    """A context processor: the count is queried only when a page shows it."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notifications": lambda: unread_count(user)}
