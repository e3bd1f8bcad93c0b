"""An event's pages: the list and the form, its page (entries, rounds, tables, standings,
deals), the standings alone for the live page, each deal's traveller, the results as
JSON and CSV, and moderators' acts. Views parse, call events.services, and render."""

import csv
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.http import AuthenticatedHttpRequest
from events import services, travellers
from events.forms import AdjustForm, EventForm, RegisterForm, RemoveForm
from events.models import Deal, Event, Pair, Round, Table
from games.services.refusals import Refused
from moderation.privacy import keep_private
from moderation.roles import is_moderator

LISTED = 50


def event_list(request: HttpRequest) -> HttpResponse:
    public = Event.objects.filter(private=False).exclude(status=Event.Status.CANCELLED)
    mine = Event.objects.none()
    if request.user.is_authenticated:
        mine = (Event.objects.filter(Q(owner=request.user) | Q(entries__user=request.user)
                                     | Q(pairs__first=request.user) | Q(pairs__second=request.user))
                .distinct().order_by("-starts_at")[:LISTED])
    return keep_private(render(request, "events/list.html", {
        "coming": public.filter(status__in=(Event.Status.REGISTRATION, Event.Status.RUNNING))
        .order_by("starts_at")[:LISTED],
        "finished": public.filter(status=Event.Status.FINISHED).order_by("-starts_at")[:LISTED],
        "mine": mine, "form": EventForm() if request.user.is_authenticated else None}))


@require_POST
@login_required
def new_event(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = EventForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            event = services.create_event(request.user, **form.cleaned_data)
        except Refused as refusal:
            form.add_error(None, refusal.message)
            status = 429 if refusal.code == "too_many_events" else 400
        else:
            return redirect(_link(event))
    return keep_private(render(request, "events/list.html", {"coming": [], "finished": [], "mine": [],
                                                             "form": form}, status=status))


def _link(event: Event) -> str:
    """A private event's page with its invite: what its owner shares."""
    return event.get_absolute_url() + (f"?invite={event.invite}" if event.private else "")


def _visible_event(request: HttpRequest, event_id: int) -> tuple[Event, str]:
    """The event if this reader may see it (a private one: its owner, staff, its players,
    or whoever has its link), and the invite they came with."""
    event = get_object_or_404(Event.objects.select_related("owner"), pk=event_id)
    invite = request.GET.get("invite", "") or request.POST.get("invite", "")
    if not services.visible(event, request.user, invite):
        raise Http404
    return event, invite


def event_page(request: HttpRequest, event_id: int) -> HttpResponse:
    event, invite = _visible_event(request, event_id)
    user = request.user
    entered = user.is_authenticated and event.entries.filter(user=user).exists()
    if entered:
        services.here(event.pk, user)  # type: ignore[arg-type]  # authenticated
    rounds = list(event.round_set.select_related("bye__first", "bye__second").order_by("number"))
    tables = (Table.objects.filter(round__event=event).select_related("ns__first", "ns__second", "ew__first",
                                                                        "ew__second", "match")
              .order_by("round__number", "number"))
    by_round: dict[int, list[dict[str, Any]]] = {}
    for table in tables:
        by_round.setdefault(table.round_id, []).append(_table_line(table))
    finished = event.status == Event.Status.FINISHED
    deals = list(Deal.objects.filter(event=event).order_by("number"))
    done_rounds = {r.number for r in rounds if r.status == Round.Status.DONE}
    return keep_private(render(request, "events/event.html", {
        "event": event, "invite": invite, "link": request.build_absolute_uri(_link(event)),
        "entered": entered, "entries": event.entries.select_related("user", "partner"),
        "rounds": [{"round": r, "tables": by_round.get(r.pk, [])} for r in rounds],
        "rows": services.standings(event),
        "deals": [{"deal": deal, "seed": deal.seed if finished else None,
                   "traveller": (deal.number - 1) // event.deals + 1 in done_rounds} for deal in deals],
        "register_form": RegisterForm(initial={"invite": invite}),
        "moderator": is_moderator(user), "adjust_form": AdjustForm(), "remove_form": RemoveForm(),
    }))


def _table_line(table: Table) -> dict[str, Any]:
    names = [sitter["username"] for sitter in table.match.seating] if table.match else []
    return {"table": table, "ns": _names(table.ns), "ew": _names(table.ew), "match": table.match,
            "bots": [{"seat": seat, "player": _wanted(table, seat)} for seat in table.bot_seats],
            "seated": names}


def _wanted(table: Table, seat: int) -> str:
    """Who should have sat at `seat`, for the line saying a bot played for them."""
    pair = table.ns if seat % 2 == 0 else table.ew
    user = pair.first if seat < 2 else pair.second
    return user.username if user is not None else _("a bot")


def _names(pair: Pair) -> str:
    return f"{pair.first.username} & {pair.second.username if pair.second else _('a bot')}"


def standings_part(request: HttpRequest, event_id: int) -> HttpResponse:
    """The standings alone: what the event's page fetches when its socket says they moved."""
    event, _invite = _visible_event(request, event_id)
    return keep_private(render(request, "events/standings.html", {"event": event,
                                                                  "rows": services.standings(event)}))


@require_POST
@login_required
def register(request: AuthenticatedHttpRequest, event_id: int) -> HttpResponse:
    event, invite = _visible_event(request, event_id)
    form = RegisterForm(request.POST)
    if form.is_valid():
        try:
            services.register(event.pk, request.user, partner=form.cleaned_data["partner"], invite=invite)
        except Refused as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, _("You are registered."))
    return redirect(_link(event))


@require_POST
@login_required
def unregister(request: AuthenticatedHttpRequest, event_id: int) -> HttpResponse:
    event, _invite = _visible_event(request, event_id)
    try:
        services.unregister(event.pk, request.user)
    except Refused as refusal:
        messages.error(request, refusal.message)
    return redirect(_link(event))


def traveller(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """How every table played one deal, once its round is over."""
    event, invite = _visible_event(request, event_id)
    deal = get_object_or_404(Deal, event=event, number=number)
    lines = travellers.traveller(event, deal)
    if lines is None:
        raise Http404
    return keep_private(render(request, "events/traveller.html", {
        "event": event, "deal": deal, "lines": lines, "invite": invite,
        "seed": deal.seed if event.status == Event.Status.FINISHED else None}))


def results_json(request: HttpRequest, event_id: int) -> JsonResponse:
    event, _invite = _visible_event(request, event_id)
    response = JsonResponse(travellers.results(event), json_dumps_params={"ensure_ascii": False})
    response["Content-Disposition"] = f'inline; filename="tarneeb-event-{event.pk}.json"'
    return keep_private(response)


def results_csv(request: HttpRequest, event_id: int) -> HttpResponse:
    event, _invite = _visible_event(request, event_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tarneeb-event-{event.pk}.csv"'
    writer = csv.writer(response)
    duplicate = event.format == Event.Format.DUPLICATE
    writer.writerow(["rank", "pair", "first", "second", "removed", *(
        ["matchpoints", "top", "percentage", "imps", "deals"] if duplicate
        else ["score", "buchholz", "difference"]), "adjustment"])
    for row in services.standings(event):
        pair = row.pair
        second = pair.second.username if pair.second else ""
        writer.writerow([row.rank, pair.pk, _cell(pair.first.username), _cell(second), pair.removed, *(
            [row.matchpoints, row.top, row.percentage, row.imps, row.deals] if duplicate
            else [row.score, row.buchholz, row.difference]), row.adjustment])
    return keep_private(response)


def _cell(text: str) -> str:
    # A spreadsheet runs a cell that starts with these as a formula.
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


@require_POST
@login_required
def moderate(request: AuthenticatedHttpRequest, event_id: int) -> HttpResponse:
    event, _invite = _visible_event(request, event_id)
    if not is_moderator(request.user):
        raise Http404
    action = request.POST.get("action")
    form: AdjustForm | RemoveForm = (AdjustForm(request.POST) if action == "adjust"
                                     else RemoveForm(request.POST))
    if action not in ("adjust", "remove") or not form.is_valid():
        messages.error(request, _("Fill in the pair, the change and the reason."))
        return redirect(_link(event))
    data = form.cleaned_data
    if not Pair.objects.filter(pk=data["pair"], event=event).exists():
        raise Http404
    try:
        if action == "adjust":
            services.adjust(request.user, data["pair"], data["amount"], data["reason"])
        else:
            services.remove_pair(request.user, data["pair"], data["reason"])
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Done; the audit log has it."))
    return redirect(_link(event))
