from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page

from accounts.models import User
from analysis.sheet import sheet_cells
from games import bot_names, records
from games.models import VARIANT_CHOICES, Match
from history import listing
from history.replay import hand_positions
from history.scoresheet import HandLine, score_sheet
from moderation.privacy import keep_private, private_response
from ratings.models import RatingChange

MATCHES_PER_PAGE = 50

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """A match's players, result and score sheet, with each deal's fairness check."""
    match = get_object_or_404(Match.objects.select_related("room"), pk=match_id)
    if not records.visible_to(match, request.user):
        raise Http404
    # A bot by its name at the table (games.bot_names), in the reader's language.
    names = [bot_names.sitter_name(sitter, n) for n, sitter in enumerate(match.seating)]
    lines = score_sheet(match)
    changes = {change.user_id: change for change in RatingChange.objects.filter(match=match)}
    cells = sheet_cells(match.pk)
    response = render(request, "history/match.html", {
        "match": match,
        "seats": [{"seat": n, "username": sitter["username"], "name": names[n], "team": n % 2,
                   "bot": sitter.get("bot"),
                   "rating": _rating_change(changes.get(sitter.get("user")))}
                  for n, sitter in enumerate(match.seating)],
        "rated": _rated(match, bool(changes)),
        "rating_column": bool(changes),
        "players": [{"name": name, "bot": sitter.get("bot")} for name, sitter in zip(names, match.seating,
                                                                                      strict=True)],
        "winners": None if match.winner is None else names[match.winner::2],
        "lines": [{**_line(line, names, match.variant), "double_dummy": cells.get(line.number)}
                  for line in lines],
        # The replay's "view from" starts at the viewer's own seat when they played.
        "viewer_seat": next((n for n, sitter in enumerate(match.seating) if request.user.is_authenticated
                             and sitter.get("user") == request.user.pk), None),
        "analysed": sorted(cells),
        "final": next((line.scores for line in reversed(lines) if line.finished), []),
    })
    return keep_private(response) if match.room.private else response


def _rated(match: Match, has_changes: bool) -> str:
    """Whether the match counts for the ratings, as docs/ratings.md says: "bot" (a bot
    account sat in it: never), "aborted" (never), "rated" (its changes are below) or
    "playing" (it will be, once over)."""
    if any(sitter.get("bot") for sitter in match.seating):
        return "bot"
    if match.status == Match.Status.ABORTED:
        return "aborted"
    return "rated" if has_changes or match.status == Match.Status.FINISHED else "playing"


def _rating_change(change: RatingChange | None) -> dict[str, float] | None:
    """Before, after, the difference, and the share of a full match it counted (below 100
    against opponents met again and again: docs/ratings.md, Repeated opponents)."""
    if change is None:
        return None
    return {"before": change.rating_before, "after": change.rating_after,
            "diff": change.rating_after - change.rating_before, "percent": round(change.weight * 100, 1)}


@gzip_page
def hand_replay(request: HttpRequest, match_id: int, number: int) -> JsonResponse:
    """One hand that is over, every position of it, for the replay viewer."""
    match = get_object_or_404(Match.objects.select_related("room"), pk=match_id)
    if not records.visible_to(match, request.user):
        raise Http404
    hand = hand_positions(match, records.events_of(match), number)
    if hand is None:
        raise Http404
    response = JsonResponse(hand, json_dumps_params={"ensure_ascii": False})
    if match.room.private:
        return keep_private(response)
    response["Cache-Control"] = "public, max-age=86400"  # a hand that is over never changes
    return response


def _line(line: HandLine, names: list[str], variant: str) -> dict[str, Any]:
    result = line.result
    passed = _("pass")  # outside the f-string, where makemessages finds it
    # One call a line, the name apart from its bid: a run of names and numbers in one
    # sentence is hard to read, and in Arabic its order breaks up.
    calls = [(names[c["seat"]], passed if "pass" in c else str(c["value"])) for c in line.calls]
    if not line.finished:  # the deal a moderator's close cut short: revealed, never scored
        outcome = _("Not finished: the room was closed")
    elif line.thrown_in:
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
        "verified": line.verified, "finished": line.finished,
    }


@private_response  # the private rooms' matches are listed to their players and staff
def player_matches(request: HttpRequest, username: str) -> HttpResponse:
    """A player's matches, newest first, filtered by variant, result and who they played with."""
    player = get_object_or_404(User, username=username, is_active=True)
    filters = {"variant": request.GET.get("variant", ""), "result": request.GET.get("result", ""),
               "with_user": request.GET.get("with", "").strip()[:150]}
    if filters["variant"] not in dict(VARIANT_CHOICES):
        filters["variant"] = ""
    if filters["result"] not in listing.RESULTS:
        filters["result"] = ""
    page = Paginator(listing.seats_of(player, request.user, **filters), MATCHES_PER_PAGE).get_page(
        request.GET.get("page"))
    query = {"variant": filters["variant"], "result": filters["result"], "with": filters["with_user"]}
    return render(request, "history/player_matches.html", {
        "player": player, "page": page, "rows": [listing.row(seat) for seat in page],
        "filters": query, "variants": VARIANT_CHOICES,
        "results": [("won", _("won")), ("lost", _("lost")), ("aborted", _("aborted")),
                    ("playing", _("being played"))],
        "query": "&".join(f"{k}={v}" for k, v in query.items() if v),
    })
