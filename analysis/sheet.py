"""What a match's page shows of its hands' analyses: the score sheet's double-dummy column,
and which hands the replay may fetch an analysis for (analysis.json, one a hand).

Only the few keys the column needs are read from each stored analysis (JSON key lookups in
the query), never the cards: a match of thirty hands stays one light query."""

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from analysis import deal
from analysis.models import HandAnalysis


@dataclass(frozen=True)
class SheetCell:
    """A hand's double-dummy figures in the score sheet."""

    tricks: list[int] | None  # [team 0's, team 1's] with best play in the hand's trump, from its lead
    result: str  # Classic: "made +1" or "down 2"; else ""
    points: list[int] | None  # the points the double-dummy line scores (per team, or per seat)
    costly: int  # cards that cost tricks, all seats'
    title: str  # the whole of it in words, for the cell's title


def analysed_hands(match_id: int) -> list[int]:
    """The numbers of the match's hands with an analysis of the current version."""
    return list(HandAnalysis.objects.filter(match_id=match_id, version=deal.VERSION)
                .order_by("hand").values_list("hand", flat=True))


def sheet_cells(match_id: int) -> dict[int, SheetCell]:
    """Hand number -> its cell, for the hands analysed (a hand missing is pending)."""
    rows = (HandAnalysis.objects.filter(match_id=match_id, version=deal.VERSION)
            .values_list("hand", "data__trump", "data__table", "data__classic__contract", "data__points",
                         "data__seats"))
    return {hand: _cell(trump, table, contract, points, seats)
            for hand, trump, table, contract, points, seats in rows}


def _cell(trump: str | None, table: dict[str, Any], contract: dict[str, Any] | None,
          points: dict[str, Any] | None, seats: list[dict[str, int]]) -> SheetCell:
    costly = sum(seat["costly"] for seat in seats)
    if trump is None or points is None:  # thrown in: no card was played
        return SheetCell(None, "", None, 0, _("Thrown in: no card was played."))
    tricks = table["tricks"][trump]
    result = ""
    if contract is not None:
        over = contract["result"]
        result = (_("made +%(n)s") % {"n": over} if over > 0 else _("made") if over == 0
                  else _("down %(n)s") % {"n": -over})
    title = ngettext("Double dummy from the opening lead: team 1 takes %(a)s tricks, team 2 %(b)s; "
                     "%(n)s card cost tricks.",
                     "Double dummy from the opening lead: team 1 takes %(a)s tricks, team 2 %(b)s; "
                     "%(n)s cards cost tricks.", costly) % {"a": tricks[0], "b": tricks[1], "n": costly}
    return SheetCell(tricks, result, points["double_dummy"], costly, title)
