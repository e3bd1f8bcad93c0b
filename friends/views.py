"""Friends' pages and actions: parse, call friends.services, answer. A form gets its
answer as a message on the page it came from; a script (Accept: application/json) gets
{"ok": true, "message"} or {"error": code, "message"}. Every refusal says why, with its status."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.http import AuthenticatedHttpRequest
from accounts.models import User
from friends import services
from friends.models import Block
from games.services.refusals import Refused
from moderation.privacy import private_response


def _status(refusal: Refused) -> int:
    if refusal.code == "rate_limited":
        return 429
    return 404 if refusal.code.startswith("no_") else 403


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _answer(request: HttpRequest, message: str, *, refusal: Refused | None = None) -> HttpResponse:
    if _wants_json(request):
        if refusal is not None:
            return JsonResponse({"error": refusal.code, "message": message}, status=_status(refusal))
        return JsonResponse({"ok": True, "message": message})
    (messages.error if refusal else messages.success)(request, message)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        back = "/friends/"
    return redirect(back)


@private_response
@login_required
def friends(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Who the person follows, who is online and where; invitations to their table."""
    room = None
    if "room" in request.GET:
        try:
            room = services.inviting_from(request.user, request.GET["room"])
        except Refused as refusal:
            messages.error(request, refusal.message)
    room = room or services.table_of(request.user)
    blocked = list(User.objects.filter(pk__in=Block.objects.filter(blocker=request.user).values("blocked"))
                   .order_by("username").values_list("username", flat=True)[:services.BLOCKS_MAX])
    return render(request, "friends/friends.html", {
        "friends": services.friends_of(request.user), "room": room, "blocked": blocked,
        "title": _("Friends")})


@require_POST
@login_required
def change(request: AuthenticatedHttpRequest, action: str, username: str) -> HttpResponse:
    """Follow, unfollow, block or unblock `username`."""
    done = {"follow": (services.follow, _("You follow %(name)s.")),
            "unfollow": (services.unfollow, _("You no longer follow %(name)s.")),
            "block": (services.block, _("You blocked %(name)s: you will not see their chat, and they cannot "
                                        "follow or invite you.")),
            "unblock": (services.unblock, _("You unblocked %(name)s."))}
    function, text = done[action]
    try:
        other = function(request.user, username)
    except Refused as refusal:
        return _answer(request, refusal.message, refusal=refusal)
    return _answer(request, text % {"name": other.username})


@require_POST
@login_required
def invite(request: AuthenticatedHttpRequest, username: str) -> HttpResponse:
    try:
        invitation = services.invite(request.user, username, request.POST.get("room"))
    except Refused as refusal:
        return _answer(request, refusal.message, refusal=refusal)
    return _answer(request, _("Invitation sent to %(name)s.") % {"name": invitation.receiver.username})


@private_response
@login_required
def join(request: AuthenticatedHttpRequest, notification_id: int) -> HttpResponse:
    """An invitation's link: to its room, the way its link leads anyone."""
    try:
        room = services.join(request.user, notification_id)
    except Refused as refusal:
        messages.error(request, refusal.message)
        return redirect("friends:notifications")
    return redirect(room)


@private_response
@login_required
def notifications(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(request, "friends/notifications.html", {
        "lines": services.read_notifications(request.user), "title": _("Notifications")})
