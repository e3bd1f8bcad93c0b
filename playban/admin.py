from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from accounts.http import AuthenticatedHttpRequest
from playban import services
from playban.models import Abandonment


@admin.register(Abandonment)
class AbandonmentAdmin(admin.ModelAdmin):
    """Abandonments as the rules recorded them: read-only. A moderator with the permission
    may forgive one; who and when is kept on the row and in the admin's history."""

    list_display = ["user", "match_link", "seat", "reason", "created_at", "until", "forgiven", "forgiven_by",
                    "forgiven_at"]
    list_filter = ["reason", "forgiven", "created_at"]
    list_select_related = ["user", "forgiven_by"]
    search_fields = ["=user__username", "match__id__exact"]
    search_help_text = _("A player's username (exact) or a match id.")
    readonly_fields = [f.name for f in Abandonment._meta.fields]
    actions = ["forgive"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_forgive_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("playban.forgive_abandonment")

    @admin.display(description=_("match"), ordering="match")
    def match_link(self, abandonment: Abandonment) -> str:
        return format_html('<a href="/matches/{}/">{}</a>', abandonment.match_id, abandonment.match_id)

    @admin.action(description=_("Forgive the selected abandonments (ends their cool-downs)"),
                  permissions=["forgive"])
    def forgive(self, request: AuthenticatedHttpRequest, queryset: QuerySet[Abandonment]) -> None:
        forgiven = 0
        for pk in queryset.values_list("pk", flat=True):
            abandonment = services.forgive(pk, request.user)
            if abandonment is not None:
                self.log_change(request, abandonment, [{"changed": {"fields": ["forgiven"]}}])
                forgiven += 1
        self.message_user(request, _("Abandonments forgiven: %(count)d.") % {"count": forgiven},
                          messages.SUCCESS)
