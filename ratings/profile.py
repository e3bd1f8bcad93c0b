"""A player's ratings for their profile: each variant's number, and a small chart of it
over their last rated matches, drawn on the server as SVG (no script).

The chart has neither dates nor links: a rating counts private rooms' matches too, and
nothing here says which match moved it, so none is shown to someone who may not see it.
"""

from dataclasses import dataclass

from django.conf import settings
from django.db.models import F, Window
from django.db.models.functions import RowNumber

from accounts.models import User
from games.models import VARIANT_CHOICES
from ratings.models import Rating, RatingChange

HISTORY_POINTS = 100
WIDTH, HEIGHT, PAD = 320, 80, 4


@dataclass
class Chart:
    points: str  # the polyline's, oldest first
    last_x: float
    last_y: float
    first: int
    last: int
    low: int
    high: int
    matches: int
    width: int = WIDTH
    height: int = HEIGHT


@dataclass
class VariantRating:
    variant: str
    label: str
    rating: int
    matches: int
    needed: int  # more rated matches before the leaderboard lists the player
    opponents: int  # different accounts met on the other side
    opponents_needed: int  # more of them before the leaderboard lists the player
    chart: Chart | None


def chart(values: list[int]) -> Chart | None:
    """The line through `values` (the rating before the first match shown, then after each)."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    step = (WIDTH - 2 * PAD) / (len(values) - 1)
    scale = (HEIGHT - 2 * PAD) / (high - low) if high > low else 0.0

    def y(value: int) -> float:
        return round(HEIGHT / 2 if high == low else PAD + (high - value) * scale, 1)

    xy = [(round(PAD + n * step, 1), y(value)) for n, value in enumerate(values)]
    return Chart(points=" ".join(f"{x:g},{y:g}" for x, y in xy), last_x=xy[-1][0], last_y=xy[-1][1],
                 first=values[0], last=values[-1], low=low, high=high, matches=len(values) - 1)


def profile_ratings(player: User) -> list[VariantRating]:
    """Two queries, however many matches the player has: their ratings, and the last
    HISTORY_POINTS changes in each variant (a window function numbers them)."""
    ratings = {rating.variant: rating for rating in Rating.objects.filter(user=player)}
    if not ratings:
        return []
    recent = (RatingChange.objects.filter(user=player)
              .annotate(recent=Window(RowNumber(), partition_by=[F("variant")],
                                      order_by=[F("created").desc(), F("match_id").desc()]))
              .filter(recent__lte=HISTORY_POINTS)
              .order_by("variant", "created", "match_id")
              .values_list("variant", "rating_before", "rating_after"))
    values: dict[str, list[int]] = {}
    for variant, before, after in recent:
        values.setdefault(variant, [before]).append(after)
    return [VariantRating(variant=value, label=str(label), rating=ratings[value].rating,
                          matches=ratings[value].matches,
                          needed=max(0, settings.RATING_MIN_MATCHES - ratings[value].matches),
                          opponents=ratings[value].opponents,
                          opponents_needed=max(0, settings.RATING_MIN_OPPONENTS - ratings[value].opponents),
                          chart=chart(values.get(value, [])))
            for value, label in VARIANT_CHOICES if value in ratings]
