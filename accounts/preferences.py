"""A player's settings at work on every page: their interface language and time zone
over the browser's, and what the table's script reads (the deck's colours, confirming a
card, the hand's order, sound) as the page's `preferences` JSON (static/js/preferences.js)."""

import zoneinfo
from collections.abc import Callable
from functools import cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils import timezone, translation
from django.views.i18n import set_language as django_set_language

from accounts import budget
from accounts.models import User


@cache
def time_zones() -> list[str]:
    return sorted(zone for zone in zoneinfo.available_timezones() if "/" in zone or zone == "UTC")


def _account(request: HttpRequest) -> User | None:
    user = getattr(request, "user", None)
    return user if isinstance(user, User) and user.is_authenticated else None


def middleware(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    def apply(request: HttpRequest) -> HttpResponse:
        user = _account(request)
        if user is not None and user.language:
            translation.activate(user.language)
            request.LANGUAGE_CODE = user.language
        zone = user.time_zone if user is not None else ""
        if zone in time_zones():
            timezone.activate(zoneinfo.ZoneInfo(zone))
        try:
            return get_response(request)
        finally:
            timezone.deactivate()

    return apply


def preferences(request: HttpRequest) -> dict[str, Any]:
    """The template context: `preferences` for the page's script, None when logged out."""
    user = _account(request)
    if user is None:
        return {"preferences": None}
    return {"preferences": {"fourColour": user.four_colour_deck, "confirmCard": user.confirm_card,
                            "handSort": user.hand_sort, "sound": user.sound, "timeZone": user.time_zone}}


def set_language(request: HttpRequest) -> HttpResponseBase:
    """Django's language switch (the header's), which for a logged-in player also changes
    their setting: the one their pages and their mail are in."""
    response = django_set_language(request)
    user = _account(request)
    language = request.POST.get("language", "")
    if (request.method == "POST" and user is not None and language in dict(settings.LANGUAGES)
            and language != user.language and budget.take([budget.settings_of(user.pk)]) is None):
        # A change of setting is a write: counted with the settings page's (past the
        # budget the page still switches, for this browser only).
        User.objects.filter(pk=user.pk).update(language=language)
    return response
