from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.models import VARIANT_CHOICES
from ratings.models import Rating
from ratings.rate import FULL_MEETINGS, MODEL, REPEAT_WINDOW, displayed

LEADERBOARD_SIZE = 100


def leaderboard(request: HttpRequest, variant: str = "classic") -> HttpResponse:
    """The best displayed ratings in a variant, of players with enough rated matches that
    their number means something (RATING_MIN_MATCHES), against enough different opponents
    that it is not one person's accounts playing each other (RATING_MIN_OPPONENTS). One query."""
    labels = dict(VARIANT_CHOICES)
    if variant not in labels:
        raise Http404
    minimum, opponents = settings.RATING_MIN_MATCHES, settings.RATING_MIN_OPPONENTS
    rows = (Rating.objects.filter(variant=variant, matches__gte=minimum, opponents__gte=opponents,
                                  user__is_active=True)
            .order_by("-rating", "-matches", "user__username")
            .values("rating", "matches", "user__username")[:LEADERBOARD_SIZE])
    # The viewer's own way to the board, where they would look for themselves.
    mine = (Rating.objects.filter(user=request.user, variant=variant).values("matches", "opponents").first()
            if request.user.is_authenticated else None)
    standing = None
    if request.user.is_authenticated:
        played = mine or {"matches": 0, "opponents": 0}
        standing = {**played, "matches_needed": max(0, minimum - played["matches"]),
                    "opponents_needed": max(0, opponents - played["opponents"])}
    return render(request, "ratings/leaderboard.html", {
        "standing": standing,
        "variant": variant, "label": labels[variant], "variants": VARIANT_CHOICES, "rows": rows,
        "minimum": minimum, "opponents": opponents, "start": displayed(MODEL.mu, MODEL.sigma),
        "repeat_hours": round(REPEAT_WINDOW.total_seconds() / 3600), "full_meetings": FULL_MEETINGS})
