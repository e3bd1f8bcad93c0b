from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.models import VARIANT_CHOICES
from ratings.models import Rating
from ratings.rate import MODEL, displayed

LEADERBOARD_SIZE = 100


def leaderboard(request: HttpRequest, variant: str = "classic") -> HttpResponse:
    """The best displayed ratings in a variant, of players with enough rated matches that
    their number means something (RATING_MIN_MATCHES). One query."""
    labels = dict(VARIANT_CHOICES)
    if variant not in labels:
        raise Http404
    minimum = settings.RATING_MIN_MATCHES
    rows = (Rating.objects.filter(variant=variant, matches__gte=minimum, user__is_active=True)
            .order_by("-rating", "-matches", "user__username")
            .values("rating", "matches", "user__username")[:LEADERBOARD_SIZE])
    return render(request, "ratings/leaderboard.html", {
        "variant": variant, "label": labels[variant], "variants": VARIANT_CHOICES, "rows": rows,
        "minimum": minimum, "start": displayed(MODEL.mu, MODEL.sigma)})
