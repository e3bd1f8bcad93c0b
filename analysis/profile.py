"""A player's hand-analysis figures per variant, for the profile, each beside the median of
all players.

The player's figures sum their SeatFigures rows (one a match, analysis.figures keeps them)
over the matches the viewer may see: public ones, and private ones only for the player,
staff and those who sat in them (history.listing.visible_matches, as history.stats). The
medians are of every person (bots aside) with at least ANALYSIS_MEDIAN_MIN_HANDS analysed
hands of the variant in public matches: one grouped query over all players' rows, kept in
the cache for ANALYSIS_MEDIANS_SECONDS, since a median cannot be kept up to date by adding
to it and moves little from one hour to the next.
"""

import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import Sum

from accounts.models import User
from analysis.models import SeatFigures
from analysis.tally import FIELDS
from games.models import VARIANT_CHOICES
from history.listing import visible_matches

MEDIANS_CACHE_KEY = "analysis:profile-medians:1"
# The settings' defaults (tarneeb/settings.py, ANALYSIS_MEDIAN_MIN_HANDS and
# ANALYSIS_MEDIANS_SECONDS).
MEDIAN_MIN_HANDS = 50
MEDIANS_SECONDS = 3600


def median_min_hands() -> int:
    return int(getattr(settings, "ANALYSIS_MEDIAN_MIN_HANDS", MEDIAN_MIN_HANDS))


@dataclass(frozen=True)
class Measure:
    key: str  # the template names it
    counted: str  # the sum counted (a SeatFigures field)
    over: str  # the sum it is a share of, or an average over
    percent: bool  # a share (shown as a percentage), else an average a hand


MEASURES: dict[str, tuple[Measure, ...]] = {
    "classic": (
        Measure("best_cards", "best_cards", "cards", True),
        Measure("lost", "lost", "hands", False),
        Measure("leads", "best_leads", "leads", True),
        Measure("declarer", "declarer_best", "declarer_cards", True),
        Measure("makeable", "makeable_bids", "bids", True),
    ),
    "forty_one": (
        Measure("best_cards", "best_cards", "cards", True),
        Measure("lost", "lost", "hands", False),
        Measure("leads", "best_leads", "leads", True),
    ),
}


@dataclass(frozen=True)
class Figure:
    key: str  # best_cards, lost, leads, declarer or makeable (MEASURES)
    value: float | None  # the player's: a share 0..1, or tricks a hand; None over nothing
    over: int  # what it is counted over: cards, hands, leads or bids
    median: float | None  # of all players with enough analysed hands; None before any
    percent: bool

    @property
    def value_percent(self) -> int | None:
        return None if self.value is None else round(100 * self.value)

    @property
    def median_percent(self) -> int | None:
        return None if self.median is None else round(100 * self.median)


@dataclass(frozen=True)
class VariantFigures:
    variant: str
    label: str
    hands: int  # analysed hands the player played cards in
    figures: list[Figure]
    median_min_hands: int  # the analysed hands a player needs to count in the medians


def _ratio(sums: Mapping[str, Any], measure: Measure) -> float | None:
    over = sums.get(measure.over) or 0
    return (sums.get(measure.counted) or 0) / over if over else None


def _summed(rows: Any, *keys: str, min_hands: int = 0) -> Iterable[dict[str, Any]]:
    """`rows` grouped by `keys`, each with every sum (tally.FIELDS) under its own name;
    only the groups of at least `min_hands` hands."""
    grouped = rows.values(*keys).annotate(**{f"sum_{name}": Sum(name) for name in FIELDS})
    if min_hands:
        grouped = grouped.filter(sum_hands__gte=min_hands)
    for row in grouped:
        yield {**{key: row[key] for key in keys}, **{name: row[f"sum_{name}"] or 0 for name in FIELDS}}


def analysis_figures(player: User, viewer: Any) -> list[VariantFigures]:
    """Per variant the player has analysed hands in (that the viewer may see), the figures."""
    seen = visible_matches(player, viewer).values("pk")
    by_variant = {row["variant"]: row for row in
                  _summed(SeatFigures.objects.filter(user=player, match__in=seen), "variant")}
    all_medians = medians()
    out = []
    for variant, label in VARIANT_CHOICES:
        sums = by_variant.get(variant)
        if sums is None or not sums["hands"]:
            continue
        variant_medians = all_medians.get(variant, {})
        out.append(VariantFigures(
            variant=variant, label=str(label), hands=sums["hands"],
            figures=[Figure(key=measure.key, value=_ratio(sums, measure), over=sums[measure.over],
                            median=variant_medians.get(measure.key), percent=measure.percent)
                     for measure in MEASURES[variant]],
            median_min_hands=median_min_hands()))
    return out


def medians() -> dict[str, dict[str, float | None]]:
    """{variant: {measure: median}} over the players with enough analysed public hands."""
    cached: dict[str, dict[str, float | None]] | None = cache.get(MEDIANS_CACHE_KEY)
    if cached is None:
        cached = compute_medians()
        seconds = int(getattr(settings, "ANALYSIS_MEDIANS_SECONDS", MEDIANS_SECONDS))
        cache.set(MEDIANS_CACHE_KEY, cached, seconds)
    return cached


def compute_medians() -> dict[str, dict[str, float | None]]:
    rows = SeatFigures.objects.filter(match__room__private=False, user__bot_level="")
    values: dict[str, dict[str, list[float]]] = {variant: {m.key: [] for m in measures}
                                                 for variant, measures in MEASURES.items()}
    for sums in _summed(rows, "user", "variant", min_hands=median_min_hands()):
        if sums["variant"] not in MEASURES:
            continue
        for measure in MEASURES[sums["variant"]]:
            ratio = _ratio(sums, measure)
            if ratio is not None:
                values[sums["variant"]][measure.key].append(ratio)
    return {variant: {key: statistics.median(found) if found else None for key, found in by_key.items()}
            for variant, by_key in values.items()}


def forget_medians() -> None:
    """Drop the cached medians: the next profile counts them again."""
    cache.delete(MEDIANS_CACHE_KEY)
