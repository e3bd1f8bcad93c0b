from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from games import records
from games.models import Match
from history.scoresheet import HandLine, score_sheet

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """A match's players, result and score sheet, with each deal's fairness check."""
    match = get_object_or_404(Match.objects.select_related("room"), pk=match_id)
    if not records.visible_to(match, request.user):
        raise Http404
    names = [sitter["username"] for sitter in match.seating]
    lines = score_sheet(match)
    return render(request, "history/match.html", {
        "match": match,
        "seats": [{"seat": n, "username": name, "team": n % 2} for n, name in enumerate(names)],
        "winners": None if match.winner is None else names[match.winner::2],
        "lines": [_line(line, names, match.variant) for line in lines],
        "final": lines[-1].scores if lines else [],
    })


def _line(line: HandLine, names: list[str], variant: str) -> dict[str, Any]:
    result = line.result
    calls = ", ".join(f"{names[c['seat']]} {_('pass') if c.get('pass') else c['value']}" for c in line.calls)
    if line.thrown_in:
        outcome = (_("Thrown in: everyone passed") if result.get("reason") == "all_passed"
                   else _("Thrown in: the bids came to less than 11"))
    elif variant == "classic":
        contract = result["contract"]
        outcome = (f"{names[contract['seat']]} {contract['value']} {SUITS[contract['trump']]} · "
                   + (_("made") if result["made"] else _("failed")))
    else:
        # Each seat's bid / tricks taken.
        outcome = ", ".join(f"{name} {bid}/{taken}"
                            for name, bid, taken in zip(names, result["bids"], result["tricks"], strict=True))
    return {
        "number": line.number, "dealer": names[line.dealer], "calls": calls, "outcome": outcome,
        "trump": SUITS.get(line.trump or "", ""), "exposed_card": line.exposed_card,
        "team_tricks": result.get("team_tricks"), "points": result.get("points"), "scores": line.scores,
        "kaboot": result.get("kaboot", False), "sha256": line.sha256, "seed": line.seed,
        "verified": line.verified,
    }
