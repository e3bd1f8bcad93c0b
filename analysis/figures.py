"""The stored sums behind the profile's figures and the fair-play signals: a match's four
SeatFigures rows, counted again from all its analyses of the current version whenever one
of them is saved (the task, `manage.py analyse_matches`, a newer version replacing an
older one). A match has tens of hands, so counting it again is bounded and leaves no
drift; a profile then sums the player's rows, one a match (analysis.profile)."""

from typing import Any

from django.db import transaction

from analysis import deal, tally
from analysis.models import HandAnalysis, SeatFigures
from games.models import Match, MatchPlayer


def refresh(match_id: int) -> None:
    """Count the match's seats' sums again from its stored analyses."""
    variant = Match.objects.filter(pk=match_id).values_list("variant", flat=True).first()
    if variant is None:
        return  # deleted while its hand was analysed
    analyses = (HandAnalysis.objects.filter(match_id=match_id, version=deal.VERSION)
                .values_list("data", flat=True))
    sums = tally.match_tally(analyses.iterator())
    users = dict(MatchPlayer.objects.filter(match_id=match_id).values_list("seat", "user_id"))
    with transaction.atomic():
        for seat, user_id in users.items():
            SeatFigures.objects.update_or_create(
                match_id=match_id, seat=seat,
                defaults={"user_id": user_id, "partner_id": users.get((seat + 2) % 4), "variant": variant,
                          **sums[seat]})


def analysis_saved(sender: Any, instance: HandAnalysis, raw: bool = False, **kwargs: Any) -> None:
    """post_save of HandAnalysis (connected in AnalysisConfig.ready)."""
    if not raw:  # loaddata: the fixtures carry their own SeatFigures
        refresh(instance.match_id)
