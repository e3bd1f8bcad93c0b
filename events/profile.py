"""A player's events, for their profile (accounts.views.profile)."""

from typing import Any

from django.db.models import Q

from accounts.models import User
from events.models import Event


def player_events(player: User, viewer: Any, limit: int = 10) -> list[Event]:
    """The events `player` entered or played, newest first; private ones only to the
    player and staff."""
    events = (Event.objects.filter(Q(entries__user=player) | Q(pairs__first=player) | Q(pairs__second=player))
              .exclude(status=Event.Status.CANCELLED).distinct().order_by("-starts_at"))
    if not (viewer.is_authenticated and (viewer.pk == player.pk or viewer.is_staff)):
        events = events.filter(private=False)
    return list(events[:limit])
