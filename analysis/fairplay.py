"""Fair-play signals for moderators (docs/fairplay.md): players, and partnerships (two
accounts that sat across the table from each other), whose opening leads or defence were at
cost 0 far more often than everyone's, over enough rated hands. They inform a moderator's
look at the player; nothing here acts.

Each figure is a count of cards at cost 0 out of cards played (analysis.tally), summed over
the SeatFigures rows of rated matches (those that changed ratings: four people, finished),
per variant. Against all players' rate `p` of the variant, a player's share `x` of `n`
cards has the z-score

    z = (x - p) / sqrt(p (1 - p) / n + s²)

where p (1 - p) / n is how far chance alone moves a share of n cards, and s² is how far
skill moves it: the spread of the measured players' shares (their median absolute
deviation, which a few outliers do not widen) less chance's part, never below 0.

The page's work is three grouped queries whatever the number of players (all players',
each player's, each partnership's sums; never the analyses themselves).
"""

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db.models import Q, QuerySet, Sum
from django.db.models.functions import Greatest, Least

from analysis.models import SeatFigures
from games.models import VARIANT_CHOICES, Match

# The settings' defaults (tarneeb/settings.py, FAIRPLAY_MIN_HANDS and FAIRPLAY_Z).
MIN_HANDS = 200
THRESHOLD = 3.0
# The median absolute deviation of normally spread values, times this, is their standard deviation.
MAD_TO_SD = 1.4826
# At most this many are listed, highest z first.
LISTED = 200
# (measure, its cards, those at cost 0): defence is Classic's only (Tarneeb 41 has no contract).
MEASURES = (("leads", "leads", "best_leads"), ("defence", "defence_cards", "defence_best"))
SUMS = ("hands", "leads", "best_leads", "defence_cards", "defence_best")


@dataclass(frozen=True)
class Signal:
    cards: int  # the cards measured
    best: int  # ... at cost 0
    everyone: float | None  # all players' share at cost 0 in the variant
    z: float | None  # None with no cards, or when everyone's share is 0 or 1

    @property
    def share(self) -> float | None:
        return self.best / self.cards if self.cards else None

    @property
    def percent(self) -> int | None:
        share = self.share
        return None if share is None else round(100 * share)

    @property
    def everyone_percent(self) -> int | None:
        return None if self.everyone is None else round(100 * self.everyone)


@dataclass(frozen=True)
class Player:
    pk: int
    username: str


@dataclass(frozen=True)
class Flagged:
    """A player (one) or a partnership (two) beyond the threshold in a variant."""

    players: tuple[Player, ...]
    variant: str
    label: str
    hands: int  # rated hands analysed (a partnership's: those they played together)
    leads: Signal
    defence: Signal
    top: float = field(default=0.0)  # the highest of the two z-scores

    @property
    def partnership(self) -> bool:
        return len(self.players) == 2

    @property
    def signals(self) -> tuple[Signal, Signal]:
        return self.leads, self.defence


def min_hands_measured() -> int:
    return int(getattr(settings, "FAIRPLAY_MIN_HANDS", MIN_HANDS))


def threshold_listed() -> float:
    return float(getattr(settings, "FAIRPLAY_Z", THRESHOLD))


def rated_figures() -> "QuerySet[SeatFigures]":
    """The seats' sums of rated matches: those that changed ratings (ratings.rate)."""
    rated = Match.objects.filter(rating_changes__isnull=False).values("pk")
    return SeatFigures.objects.filter(match__in=rated)


def _sums(rows: Any, *keys: str, min_hands: int = 0) -> list[dict[str, Any]]:
    grouped = rows.values(*keys).annotate(**{f"sum_{name}": Sum(name) for name in SUMS})
    if min_hands:
        grouped = grouped.filter(sum_hands__gte=min_hands)
    return [{**{key: row[key] for key in keys}, **{name: row[f"sum_{name}"] or 0 for name in SUMS}}
            for row in grouped]


def skill_spread(shares: Sequence[tuple[int, int]], everyone: float) -> float:
    """s²: the variance of the (best, cards) shares beyond what chance alone gives."""
    measured = [(best / cards, cards) for best, cards in shares if cards]
    if len(measured) < 2:
        return 0.0
    rates = [rate for rate, _ in measured]
    centre = statistics.median(rates)
    spread = (MAD_TO_SD * statistics.median(abs(rate - centre) for rate in rates)) ** 2
    chance = statistics.median(everyone * (1 - everyone) / cards for _, cards in measured)
    return max(0.0, spread - chance)


def z_score(best: int, cards: int, everyone: float | None, spread: float) -> float | None:
    if not cards or everyone is None or not 0 < everyone < 1:
        return None
    return (best / cards - everyone) / math.sqrt(everyone * (1 - everyone) / cards + spread)


def signals() -> list[Flagged]:
    """Players and partnerships of FAIRPLAY_MIN_HANDS rated hands or more whose opening
    leads or defence have a z-score of FAIRPLAY_Z or more, highest first."""
    min_hands, threshold = min_hands_measured(), threshold_listed()
    rows = rated_figures()
    everyone: dict[str, dict[str, float | None]] = {}
    for sums in _sums(rows, "variant"):
        everyone[sums["variant"]] = {name: sums[best] / sums[cards] if sums[cards] else None
                                     for name, cards, best in MEASURES}
    players = _sums(rows.filter(user__bot_level=""), "user", "user__username", "variant", min_hands=min_hands)
    names = {row["user"]: row["user__username"] for row in players}
    # A partnership's rows are both partners' (each of its matches twice): twice the hands.
    pairs = _sums(rows.filter(~Q(partner=None), user__bot_level="", partner__bot_level="")
                  .annotate(low=Least("user", "partner"), high=Greatest("user", "partner")),
                  "low", "high", "variant", min_hands=2 * min_hands)
    for pair in pairs:
        pair["hands"] //= 2
    labels = {value: str(label) for value, label in VARIANT_CHOICES}
    out = []
    for group, members in ((players, lambda row: (row["user"],)),
                           (pairs, lambda row: (row["low"], row["high"]))):
        for variant in labels:
            measured = [row for row in group if row["variant"] == variant]
            rates = everyone.get(variant, {})
            spreads = {name: skill_spread([(row[best], row[cards]) for row in measured],
                                          rates.get(name) or 0.0)
                       for name, cards, best in MEASURES}
            for row in measured:
                found = {name: Signal(cards=row[cards], best=row[best], everyone=rates.get(name),
                                      z=z_score(row[best], row[cards], rates.get(name), spreads[name]))
                         for name, cards, best in MEASURES}
                top = max((signal.z for signal in found.values() if signal.z is not None), default=None)
                if top is None or top < threshold:
                    continue
                out.append(Flagged(players=tuple(Player(pk, names.get(pk, "")) for pk in members(row)),
                                   variant=variant, label=labels[variant], hands=row["hands"],
                                   leads=found["leads"], defence=found["defence"], top=top))
    out.sort(key=lambda flagged: -flagged.top)
    return out[:LISTED]
