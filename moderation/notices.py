"""What a player is told once, on their next page: a moderator's warning or sanction,
and the outcome of a report they made."""

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from games.dates import when_text
from moderation.models import Report, Sanction
from moderation.roles import is_moderator


def notices(request: HttpRequest) -> dict[str, Any]:
    """A context processor; the queries run only when a page shows the notices (base.html)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    taken: list[str] | None = None

    def take() -> list[str]:
        nonlocal taken
        if taken is None:
            # The flag comes with the user (moderation.backends): most pages ask nothing.
            taken = _take(user.pk) if getattr(user, "moderation_notices", True) else []
        return taken

    return {"moderation_notices": take, "is_moderator": lambda: is_moderator(user),
            "open_reports": lambda: getattr(user, "moderation_open_reports", 0)}


def _take(user_id: int) -> list[str]:
    now = timezone.now()
    sanctions = list(Sanction.objects.filter(user_id=user_id, seen_at=None).order_by("created_at"))
    reports = list(Report.objects.filter(reporter_id=user_id, reporter_told_at=None)
                   .exclude(resolved_at=None).select_related("reported").order_by("resolved_at"))
    Sanction.objects.filter(pk__in=[s.pk for s in sanctions], seen_at=None).update(seen_at=now)
    Report.objects.filter(pk__in=[r.pk for r in reports], reporter_told_at=None).update(reporter_told_at=now)
    return [*map(sanction_notice, sanctions), *map(_report_notice, reports)]


def told_live(sanction_id: int) -> str:
    """A sanction's notice for a socket of its player (in the current language), marked seen
    so their next page does not repeat it; "" when it is gone."""
    sanction = Sanction.objects.filter(pk=sanction_id).first()
    if sanction is None:
        return ""
    Sanction.objects.filter(pk=sanction_id, seen_at=None).update(seen_at=timezone.now())
    return sanction_notice(sanction)


def _when(moment: Any) -> str:
    return when_text(moment)


SANCTION_NOTICES: dict[str, Callable[[], str]] = {
    Sanction.Kind.WARNING: lambda: _("A moderator warned you: %(reason)s"),
    Sanction.Kind.MUTE: lambda: _("A moderator muted you in the chat until %(until)s: %(reason)s"),
    Sanction.Kind.REMOVAL: lambda: _("A moderator removed you from a table: %(reason)s"),
    Sanction.Kind.SUSPENSION: lambda: _("A moderator suspended your account until %(until)s: %(reason)s"),
    Sanction.Kind.BAN: lambda: _("A moderator banned your account: %(reason)s"),
}


def sanction_notice(sanction: Sanction) -> str:
    until = _when(sanction.until) if sanction.until else ""
    return SANCTION_NOTICES[sanction.kind]() % {"reason": sanction.reason, "until": until}


def _report_notice(report: Report) -> str:
    if report.outcome == Report.Outcome.ACTION:
        text = _("Your report about %(name)s: action was taken. Thank you.")
    else:
        text = _("Your report about %(name)s: no action was taken.")
    return text % {"name": report.reported.username}
