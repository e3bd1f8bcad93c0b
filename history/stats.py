"""A player's figures per variant, for the profile: matches, wins, hands, timer moves;
in Classic the contracts the player won the auction for and how many they made, and the
kaboots (deals in which the player's team took all 13 tricks, whoever bid); in Tarneeb 41
the player's own points per deal played out.

Counted over finished matches only, and over public ones unless the viewer may see the
player's private matches (history.listing.visible_matches decides, as for the list). The
deal figures are sums over history.models.HandResult, never the event logs.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Avg, Count, F, IntegerField, Q, Sum
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast

from accounts.models import User
from games.models import VARIANT_CHOICES, Match, MatchPlayer
from history.listing import visible_matches
from history.models import HandResult
from playban.models import Abandonment


@dataclass
class VariantStats:
    variant: str
    label: str
    matches: int
    wins: int  # matches the player's team won, except those the player abandoned
    abandoned: int  # left, removed, or the timer played most of their turns (playban)
    hands: int
    turns: int
    timer_moves: int
    contracts: int = 0
    made: int = 0
    kaboots: int = 0
    points_per_hand: float | None = None  # over deals played out; None before the first

    @property
    def win_percent(self) -> int:
        return round(100 * self.wins / self.matches) if self.matches else 0

    @property
    def timer_percent(self) -> int:
        return round(100 * self.timer_moves / self.turns) if self.turns else 0

    @property
    def made_percent(self) -> int:
        return round(100 * self.made / self.contracts) if self.contracts else 0


def variant_stats(player: User, viewer: Any) -> list[VariantStats]:
    finished = visible_matches(player, viewer).filter(status=Match.Status.FINISHED).values("pk")
    # A match the player abandoned is never their win, whatever the bot made of their seat.
    abandoned = Q(match__in=Abandonment.objects.filter(user=player).values("match"))
    seats = (MatchPlayer.objects.filter(user=player, match__in=finished)
             .values("match__variant")
             .annotate(matches=Count("match"),
                       wins=Count("match", filter=Q(match__winner=F("seat") % 2) & ~abandoned),
                       abandoned=Count("match", filter=abandoned),
                       hands=Sum(Cast(KeyTextTransform("hand_number", "match__state"), IntegerField()))))
    # The player's own turns too: a finished match's turns all fall in deals that are over.
    hands = (HandResult.objects.filter(user=player, match__in=finished)
             .values("match__variant")
             .annotate(turns=Sum("turns"), timer=Sum("timer_turns"), contracts=Count("bid"),
                       made=Count("pk", filter=Q(made=True)), kaboots=Count("pk", filter=Q(kaboot=True)),
                       points=Avg("points")))
    by_variant = {row["match__variant"]: row for row in seats}
    hands_by_variant = {row["match__variant"]: row for row in hands}
    return [VariantStats(variant=value, label=str(label), matches=by_variant[value]["matches"],
                         wins=by_variant[value]["wins"], abandoned=by_variant[value]["abandoned"],
                         hands=by_variant[value]["hands"] or 0,
                         **_hand_figures(hands_by_variant.get(value)))
            for value, label in VARIANT_CHOICES if value in by_variant]


def _hand_figures(row: Mapping[str, Any] | None) -> dict[str, Any]:
    if row is None:
        return {"turns": 0, "timer_moves": 0}
    return {"turns": row["turns"], "timer_moves": row["timer"], "contracts": row["contracts"],
            "made": row["made"], "kaboots": row["kaboots"], "points_per_hand": row["points"]}
