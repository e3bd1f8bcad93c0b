"""A hand's analysis as open data: /matches/<id>/hands/<n>/analysis.json, and which hands
have one: /matches/<id>/analysis.json; and the fair-play
signals drawn from the analyses, for moderators: /moderation/fairplay/."""

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_GET

from analysis import deal, fairplay, sheet
from analysis.models import HandAnalysis
from analysis.records import served
from games import records
from games.models import Match
from moderation.privacy import keep_private
from moderation.roles import moderator_page


@gzip_page
def hand_analysis(request: HttpRequest, match_id: int, number: int) -> JsonResponse:
    """Hand `number`'s analysis; 404 for a hand in play, one not analysed yet (or being
    analysed again after a new version), and a private match's to strangers, as its record."""
    match = get_object_or_404(Match.objects.select_related("room"), pk=match_id)
    if not records.visible_to(match, request.user):
        raise Http404
    # A row exists only for a hand that is over: the task analyses nothing else.
    analysis = HandAnalysis.objects.filter(match=match, hand=number, version=deal.VERSION).first()
    if analysis is None:
        raise Http404
    response = JsonResponse(served(match.pk, number, analysis.data),
                            json_dumps_params={"ensure_ascii": False})
    if match.room.private:
        return keep_private(response)
    # A new version of the analysis replaces this one: cached for an hour, not a day.
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_GET
@moderator_page
def fairplay_signals(request: HttpRequest) -> HttpResponse:
    """Players and partnerships whose opening leads or defence stand out (docs/fairplay.md):
    evidence for a moderator to look into, never a verdict. Moderators only, never cached."""
    return render(request, "analysis/fairplay.html", {
        "flagged": fairplay.signals(), "min_hands": fairplay.min_hands_measured(),
        "threshold": fairplay.threshold_listed(), "listed": fairplay.LISTED})


@require_GET
def match_analyses(request: HttpRequest, match_id: int) -> JsonResponse:
    """Which of the match's hands have an analysis to serve: what the replay asks while a
    hand's analysis is pending. One light query; private matches as their records."""
    match = get_object_or_404(Match.objects.select_related("room"), pk=match_id)
    if not records.visible_to(match, request.user):
        raise Http404
    response = JsonResponse({"match": match.pk, "version": deal.VERSION,
                             "hands": sheet.analysed_hands(match.pk)})
    if match.room.private:
        return keep_private(response)
    response["Cache-Control"] = "no-cache"  # the list grows as hands are analysed
    return response
