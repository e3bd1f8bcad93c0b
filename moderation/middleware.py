from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth import logout
from django.http import HttpRequest, HttpResponse

from moderation.models import active_suspension
from moderation.texts import suspension_text


def end_suspended_sessions(get_response: Callable[[HttpRequest], HttpResponse],
                           ) -> Callable[[HttpRequest], HttpResponse]:
    """Log a suspended or banned player out on their next request, saying until when.

    A suspension cannot reach into the session store (sessions are not indexed by user),
    so each session ends the next time it is used; their sockets are closed at once
    (games.consumers)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        # The flag comes with the user (moderation.backends); without it, ask.
        if user is not None and user.is_authenticated and getattr(user, "moderation_blocked", True):
            sanction = active_suspension(user.pk)
            if sanction is not None:
                logout(request)
                messages.error(request, suspension_text(sanction))
        return get_response(request)

    return middleware
