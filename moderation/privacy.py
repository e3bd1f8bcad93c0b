"""`Cache-Control: private, no-store` on every response that shows what only its viewer
may see: a private room's matches, a player's own parts of a profile, the moderation
pages. No cache may keep one (a shared proxy would hand it to the next visitor, a
shared computer's browser cache to the next person), and it replaces whatever a view
set, `public, max-age` included. docs/security.md, *What an attacker cannot see*."""

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.http import HttpRequest
from django.http.response import HttpResponseBase

PRIVATE = "private, no-store"

Response = TypeVar("Response", bound=HttpResponseBase)
View = TypeVar("View", bound=Callable[..., Any])


def keep_private(response: Response) -> Response:
    """Mark one response private: for views whose privacy depends on what they show."""
    response["Cache-Control"] = PRIVATE
    return response


def private_response(view: View) -> View:
    """Mark every response of `view` private, refusals and redirects included."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        return keep_private(view(request, *args, **kwargs))

    return wrapper  # type: ignore[return-value]  # same signature, by functools.wraps
