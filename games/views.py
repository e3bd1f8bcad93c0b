import math
from datetime import timedelta

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.http import AuthenticatedHttpRequest
from chat import phrases
from games import bot_players, records
from games.forms import AnnouncementForm, RoomForm
from games.models import Match, Room
from games.services import hooks, published, refusals, room_life
from moderation import services as moderation
from moderation.privacy import keep_private, private_response
from playban import services as playban


def lobby(request: HttpRequest) -> HttpResponse:
    cool_down = playban.cool_down(request.user)
    return render(request, "games/lobby.html", {
        "rooms": published.lobby_rooms(), "form": RoomForm(),
        "cool_down": playban.refusal(cool_down) if cool_down else ""})


@require_POST
@login_required
def new_room(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = RoomForm(request.POST)
    if not form.is_valid():
        return render(request, "games/lobby.html",
                      {"rooms": published.lobby_rooms(), "form": form}, status=400)
    try:
        room = room_life.create_room(request.user, **form.cleaned_data)
    except refusals.Refused as refusal:
        form.add_error(None, refusal.message)
        status = 429 if refusal.code in ("rooms_too_fast", "too_many_rooms") else 403
        return render(request, "games/lobby.html", {"rooms": published.lobby_rooms(), "form": form},
                      status=status)
    return redirect(room)


@require_POST
@login_required
def quick_play(request: AuthenticatedHttpRequest) -> HttpResponse:
    try:
        return redirect(room_life.quick_play(request.user, request.POST.get("variant", "classic")))
    except refusals.Refused as refusal:
        if refusal.url is not None:  # playing elsewhere: back to that table
            messages.info(request, refusal.message)
            return redirect(refusal.url)
        if refusal.code != "cooling_down":  # the lobby itself says why and until when
            messages.error(request, refusal.message)
        return redirect("lobby")


@require_POST
@login_required
def play_now_with_bots(request: AuthenticatedHttpRequest, room_id: str) -> HttpResponse:
    """Quick play's "Play now with bots": JSON for the waiting screen's script (quick.js),
    back to the table for a form sent without it."""
    wants_json = request.headers.get("Accept") == "application/json"
    try:
        bot_players.play_now_with_bots(room_id, request.user)
    except refusals.Refused as refusal:
        if wants_json:
            status = 429 if refusal.code in ("bots_now_too_fast", "too_many_bot_rooms") else 409
            return JsonResponse({"error": refusal.code, "message": refusal.message}, status=status)
        messages.error(request, refusal.message)
    if wants_json:
        return JsonResponse({"ok": True})
    return redirect("room", room_id=room_id)


def room(request: HttpRequest, room_id: str) -> HttpResponse:
    room = get_object_or_404(Room, pk=room_id)
    response = render(request, "games/room.html", {"room": room, "phrases": phrases.in_current_language(),
                                                   "first_match": playban.first_match_note(request.user),
                                                   "quick_wait": _quick_wait(room), "home": _home(room)})
    return keep_private(response) if room.private else response


def _home(room: Room) -> tuple[str, str] | None:
    """The page an app's room belongs to (an event's table: its event), if any."""
    return next((home for function in hooks.room_home if (home := function(room)) is not None), None)


def _quick_wait(room: Room) -> int | None:
    """Seconds until bots fill a Quick play table waiting for its first match (its task
    was sent for QUICK_PLAY_BOT_SECONDS after it opened); None for any other table."""
    if not room.quick or room.matches.exists():
        return None
    ready = room.created_at + timedelta(seconds=settings.QUICK_PLAY_BOT_SECONDS)
    return max(0, math.ceil((ready - timezone.now()).total_seconds()))


def rules(request: HttpRequest) -> HttpResponse:
    """How to play: long prose, written in each language rather than translated string by
    string, so each language has its own template."""
    language = "ar" if (get_language() or "").startswith("ar") else "en"
    return render(request, f"rules/rules_{language}.html", {"leaving": playban.leaving_rules(request.user)})


def match_record(request: HttpRequest, match_id: int) -> JsonResponse:
    """The public record (docs/records.md): moves everyone saw, and each finished hand's
    deal seed; `?download=1` sends it as a file."""
    match = get_object_or_404(Match.objects.select_related("room"), pk=match_id)
    if not records.visible_to(match, request.user):
        raise Http404
    response = JsonResponse(records.public_record(match), json_dumps_params={"ensure_ascii": False})
    if request.GET.get("download") == "1":
        response["Content-Disposition"] = f'attachment; filename="tarneeb-match-{match.pk}.json"'
    return keep_private(response) if match.room.private else response


@staff_member_required
@private_response
def announcement(request: AuthenticatedHttpRequest) -> HttpResponse:
    """A moderator's message to everyone in the lobby, now or in a few minutes."""
    form = AnnouncementForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # Through moderation, which writes the audit entry before it is sent.
        moderation.announce(request.user, form.cleaned_data["text"],
                            delay_minutes=form.cleaned_data["delay_minutes"])
        messages.success(request, _("The announcement is on its way."))
        return redirect("announcement")
    return render(request, "games/announce.html", {"form": form, "title": _("Announce to the lobby")})
