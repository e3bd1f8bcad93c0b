"""The analyses as open data beside the match records: each one as
/matches/<id>/hands/<n>/analysis.json serves it (docs/records.md, *Hand analysis*)."""

from collections.abc import Sequence
from typing import Any

from analysis import deal
from analysis.models import HandAnalysis


def served(match_id: int, hand: int, data: dict[str, Any]) -> dict[str, Any]:
    return {"match": match_id, "hand": hand, **data}


def of_matches(match_ids: Sequence[int]) -> dict[int, list[dict[str, Any]]]:
    """Per match, its analyses of the current version, by hand: one query for them all.
    Only hands that are over are ever analysed, so none is of a hand in play."""
    out: dict[int, list[dict[str, Any]]] = {pk: [] for pk in match_ids}
    rows = (HandAnalysis.objects.filter(match_id__in=match_ids, version=deal.VERSION)
            .order_by("match_id", "hand").values_list("match_id", "hand", "data"))
    for match_id, hand, data in rows:
        out[match_id].append(served(match_id, hand, data))
    return out
