"""A player's ratings for their profile: each variant's number, and a small chart of it
over their last rated matches, drawn on the server as SVG (no script).

The chart has neither dates nor links: a rating counts private rooms' matches too, and
nothing here says which match moved it, so none is shown to someone who may not see it.
"""

import math
from dataclasses import dataclass

from django.conf import settings
from django.db.models import F, Window
from django.db.models.functions import RowNumber

from accounts.models import User
from games.models import VARIANT_CHOICES
from ratings.models import Rating, RatingChange

HISTORY_POINTS = 100
# The chart's size and the room its axes take: ratings on the left, match numbers below.
WIDTH, HEIGHT = 360, 160
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 20, 34
Y_TICKS = 4  # about this many rating lines


@dataclass
class Tick:
    at: float  # the position along its axis, in the chart's units
    label: int


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
    y_ticks: list[Tick]  # a horizontal line and its rating, every round step
    x_ticks: list[Tick]  # the player's rated match numbers, the first and last shown among them
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM


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


def _step(span: float, ticks: int) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` steps over `span`."""
    raw = max(span / ticks, 1)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def chart(values: list[int], total: int | None = None) -> Chart | None:
    """The line through `values` (the rating before the first match shown, then after each),
    with its axes: the rating on the left at round values, below it the player's rated
    matches numbered from their first (`total` is how many they have; the last value is
    after the last of them)."""
    if len(values) < 2:
        return None
    matches = len(values) - 1
    total = matches if total is None else total
    step_y = _step(max(values) - min(values), Y_TICKS)
    # The range shown: the values, out to the round lines either side of them.
    low = min(values) // step_y * step_y
    high = -(-max(values) // step_y) * step_y
    if high == low:
        low, high = low - step_y, high + step_y
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(n: int) -> float:
        return round(LEFT + n * plot_w / matches, 1)

    def y(value: float) -> float:
        return round(TOP + (high - value) * plot_h / (high - low), 1)

    xy = [(x(n), y(value)) for n, value in enumerate(values)]
    first_number = total - matches  # the player's rated matches before the first one shown
    step_x = _step(matches, 4)
    # The ends, and round numbers between them not too close to either to read apart.
    inner = [n for n in range(first_number + 1, total) if n % step_x == 0
             and min(n - first_number, total - n) >= step_x / 2]
    numbers = [first_number, *inner, total]
    return Chart(points=" ".join(f"{px:g},{py:g}" for px, py in xy), last_x=xy[-1][0], last_y=xy[-1][1],
                 first=values[0], last=values[-1], low=min(values), high=max(values), matches=matches,
                 y_ticks=[Tick(at=y(v), label=v) for v in range(low, high + 1, step_y)],
                 x_ticks=[Tick(at=x(n - first_number), label=n) for n in numbers])


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
                          chart=chart(values.get(value, []), ratings[value].matches))
            for value, label in VARIANT_CHOICES if value in ratings]
