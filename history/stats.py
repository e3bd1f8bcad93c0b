"""A player's figures per variant, for the profile: matches, wins, hands, timer moves.

Counted over finished matches only, and over public ones unless the viewer may see the
player's private matches (history.listing.visible_matches decides, as for the list).
"""

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, F, IntegerField, Q, Sum
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast

from accounts.models import User
from games.models import VARIANT_CHOICES, Match, MatchEvent, MatchPlayer
from history.listing import visible_matches


@dataclass
class VariantStats:
    variant: str
    label: str
    matches: int
    wins: int
    hands: int
    turns: int
    timer_moves: int

    @property
    def win_percent(self) -> int:
        return round(100 * self.wins / self.matches) if self.matches else 0

    @property
    def timer_percent(self) -> int:
        return round(100 * self.timer_moves / self.turns) if self.turns else 0


def variant_stats(player: User, viewer: Any) -> list[VariantStats]:
    finished = visible_matches(player, viewer).filter(status=Match.Status.FINISHED).values("pk")
    seats = (MatchPlayer.objects.filter(user=player, match__in=finished)
             .values("match__variant")
             .annotate(matches=Count("match"),
                       wins=Count("match", filter=Q(match__winner=F("seat") % 2)),
                       hands=Sum(Cast(KeyTextTransform("hand_number", "match__state"), IntegerField()))))
    # The player's own turns: events at their seat in those matches.
    turns = (MatchEvent.objects.filter(match__in=finished, match__players__user=player,
                                       seat=F("match__players__seat"))
             .values("match__variant")
             .annotate(turns=Count("pk"), timer=Count("pk", filter=Q(actor=MatchEvent.Actor.TIMER))))
    by_variant = {row["match__variant"]: row for row in seats}
    turns_by_variant = {row["match__variant"]: row for row in turns}
    return [VariantStats(variant=value, label=str(label), matches=by_variant[value]["matches"],
                         wins=by_variant[value]["wins"], hands=by_variant[value]["hands"] or 0,
                         turns=turns_by_variant.get(value, {}).get("turns", 0),
                         timer_moves=turns_by_variant.get(value, {}).get("timer", 0))
            for value, label in VARIANT_CHOICES if value in by_variant]
