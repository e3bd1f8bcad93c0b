from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import Group, Permission
from django.db.models import Case, Count, Exists, OuterRef, Q, Subquery, Value, When
from django.db.models.functions import Coalesce

from accounts.models import User
from moderation.models import MODERATE, Report, Sanction

APP, CODENAME = MODERATE.split(".")


class ModerationBackend(ModelBackend):
    """ModelBackend that loads, with the user's row, what every request asks of moderation:
    whether they moderate (the nav, with the open reports' count), a suspension keeping them
    out (the middleware, the sockets) and a notice waiting (base.html). One query, where each
    would be its own; the reports are counted only for a moderator.
    Bot accounts never authenticate."""

    def get_user(self, user_id: Any) -> Any:
        pk = OuterRef("pk")
        role = {"codename": CODENAME, "content_type__app_label": APP}
        permission = Permission.objects.filter(**role)
        open_reports = (Report.objects.filter(resolved_at=None).order_by().values("resolved_at")
                        .annotate(n=Count("pk")).values("n"))
        user = (User._default_manager.annotate(
            moderation_role=Exists(Group.objects.filter(user=pk, permissions__in=permission))
            | Exists(permission.filter(user=pk)),
            moderation_blocked=Exists(Sanction.objects.filter(Sanction.blocking(), user=pk)),
            moderation_notices=Exists(Sanction.objects.filter(user=pk, seen_at=None))
            | Exists(Report.objects.filter(reporter=pk, reporter_told_at=None, resolved_at__isnull=False)),
        ).annotate(
            moderation_open_reports=Case(When(Q(moderation_role=True) | Q(is_superuser=True),
                                              then=Coalesce(Subquery(open_reports), 0)), default=Value(0)),
        ).filter(pk=user_id).first())
        return user if user is not None and self.user_can_authenticate(user) else None

    def user_can_authenticate(self, user: Any) -> bool:
        # Bots play from the server's own tasks; nobody logs in as one.
        return super().user_can_authenticate(user) and not getattr(user, "bot_level", "")
