from datetime import datetime, time, timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.http import AuthenticatedHttpRequest
from accounts.models import User
from chat.phrases import PHRASES
from games.services.refusals import Refused
from moderation import services
from moderation.forms import ActionForm, LogFilterForm, ReportForm, ResolveForm
from moderation.models import AuditEntry, Report, Sanction
from moderation.privacy import private_response
from moderation.roles import moderator_endpoint, moderator_page, refusal

REPORTS_PER_PAGE = 20
ENTRIES_PER_PAGE = 50
HISTORY = 10  # earlier reports and sanctions shown with a report


def _wants_json(request: HttpRequest) -> bool:
    return request.get_preferred_type(["text/html", "application/json"]) == "application/json"


@require_http_methods(["GET", "POST"])
@private_response
def report_player(request: HttpRequest, username: str) -> HttpResponse:
    """A player reports another: a page from the profile, or the table's dialog (JSON)."""
    reported = get_object_or_404(User, username=username, is_active=True)
    if not request.user.is_authenticated:
        if request.method == "POST":
            return refusal("login_required", _("Log in to report a player."), 403)
        return redirect_to_login(request.get_full_path())
    form = ReportForm(request.POST or None, initial={"room": request.GET.get("room", "")})
    if request.method == "POST":
        if form.is_valid():
            try:
                services.report(request.user, reported, reason=form.cleaned_data["reason"],
                                text=form.cleaned_data["text"], room_id=form.cleaned_data["room"] or None)
            except Refused as refused:
                if _wants_json(request):
                    return refusal(refused.code, refused.message)
                form.add_error(None, refused.message)
            else:
                thanks = _("Thank you: a moderator will look at your report.")
                if _wants_json(request):
                    return JsonResponse({"ok": True, "message": thanks})
                messages.success(request, thanks)
                return redirect("profile", reported.username)
        elif _wants_json(request):
            return refusal("bad_report", " ".join(str(e) for errors in form.errors.values() for e in errors))
    return render(request, "moderation/report.html", {"reported": reported, "form": form},
                  status=400 if form.errors else 200)


@require_GET
@moderator_page
def queue(request: HttpRequest) -> HttpResponse:
    """Open reports, oldest first, each with its context and the reported player's past."""
    reports = (Report.objects.filter(resolved_at=None).select_related("reporter", "reported", "room", "match")
               .order_by("created_at", "id"))
    page = Paginator(reports, REPORTS_PER_PAGE).get_page(request.GET.get("page"))
    reported_ids = {report.reported_id for report in page}
    earlier = _by_user(Report.objects.filter(reported_id__in=reported_ids).select_related("reporter")
                       .order_by("-created_at"), "reported_id")
    sanctions = _by_user(Sanction.objects.filter(user_id__in=reported_ids).order_by("-created_at"), "user_id")
    items = [{"report": report, "chat": _chat_lines(report),
              "earlier": [r for r in earlier.get(report.reported_id, []) if r.pk != report.pk][:HISTORY],
              "sanctions": sanctions.get(report.reported_id, [])[:HISTORY],
              "form": ResolveForm(prefix=f"r{report.pk}")}
             for report in page]
    return render(request, "moderation/queue.html", {"page": page, "items": items})


def _by_user(rows: QuerySet[Any], key: str) -> dict[int, list[Any]]:
    grouped: dict[int, list[Any]] = {}
    for row in rows:
        grouped.setdefault(getattr(row, key), []).append(row)
    return grouped


def _chat_lines(report: Report) -> list[dict[str, Any]]:
    return [{**line, "shown": line["text"] or str(PHRASES.get(line.get("phrase") or "", "")),
             "is_reported": line["user"] == report.reported.username} for line in report.chat]


@require_POST
@moderator_endpoint
def resolve(request: AuthenticatedHttpRequest, report_id: int) -> HttpResponse:
    report = get_object_or_404(Report, pk=report_id)
    form = ResolveForm(request.POST, prefix=f"r{report.pk}")
    if not form.is_valid():
        messages.error(request, _("Report %(id)s: choose an action and write a note.") % {"id": report.pk})
        return redirect("moderation:queue")
    try:
        services.resolve(request.user, report, **form.cleaned_data)
    except Refused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("Report %(id)s resolved.") % {"id": report.pk})
    return redirect("moderation:queue")


@require_POST
@moderator_endpoint
def act(request: AuthenticatedHttpRequest) -> HttpResponse:
    """One moderator action (ActionForm): JSON for the table's menus, else back to `next`."""
    form = ActionForm(request.POST)
    if not form.is_valid():
        message = " ".join(f"{name}: {' '.join(map(str, errors))}" for name, errors in form.errors.items())
        return _answer(request, False, message, code="bad_action")
    data = form.cleaned_data
    try:
        _do(request.user, data)
    except Refused as refused:
        return _answer(request, False, refused.message, code=refused.code)
    return _answer(request, True, _("Done."))


def _do(moderator: User, data: dict[str, Any]) -> None:
    action, reason = data["action"], data["reason"]
    if action == "warn":
        services.warn(moderator, data["user"], reason, room_id=data["room"])
    elif action == "mute":
        services.mute(moderator, data["user"], data["minutes"], reason, room_id=data["room"])
    elif action == "remove":
        services.remove(moderator, data["room"], data["seat"], reason)
    elif action in ("suspend", "ban"):
        services.suspend(moderator, data["user"], reason, days=data["days"] if action == "suspend" else None)
    elif action == "lift":
        services.lift(moderator, data["user"], reason)
    elif action == "delete_message":
        services.delete_message(moderator, data["message"], reason)
    elif action == "close_room":
        services.close_room(moderator, data["room"], reason)
    elif action == "reopen_room":
        services.reopen_room(moderator, data["room"], reason)
    elif action == "message_room":
        services.message_room(moderator, data["room"], data["text"])


def _answer(request: HttpRequest, ok: bool, message: str, code: str = "") -> HttpResponse:
    if _wants_json(request):
        return JsonResponse({"ok": True, "message": message}) if ok else refusal(code, message)
    (messages.success if ok else messages.error)(request, message)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = "moderation:queue"
    return redirect(back)


@require_GET
@moderator_page
def log(request: HttpRequest) -> HttpResponse:
    """The audit log, newest first, filtered by moderator, action, player and dates."""
    form = LogFilterForm(request.GET or None)
    entries = AuditEntry.objects.select_related("moderator", "user", "report")
    if form.is_valid():
        data = form.cleaned_data
        if data["moderator"]:
            entries = entries.filter(moderator__username=data["moderator"])
        if data["action"]:
            entries = entries.filter(action=data["action"])
        if data["username"]:
            entries = entries.filter(user__username=data["username"])
        zone = timezone.get_current_timezone()
        if data["start"]:
            entries = entries.filter(created_at__gte=datetime.combine(data["start"], time.min, zone))
        if data["end"]:
            after = datetime.combine(data["end"] + timedelta(days=1), time.min, zone)
            entries = entries.filter(created_at__lt=after)
    ordered = entries.order_by("-created_at", "-id")
    page = Paginator(ordered, ENTRIES_PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "moderation/log.html", {"form": form, "page": page, "query": query.urlencode()})


