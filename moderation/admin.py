"""Moderation in the admin: reports and sanctions to read, the audit log (append-only),
and the actions that make sense here, each through moderation.services so it is logged.
Admin pages need staff; each action here also needs the moderation permission."""

from typing import TYPE_CHECKING, Any, cast

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.http import AuthenticatedHttpRequest
from accounts.models import User
from chat.models import ChatMessage
from games.admin import RoomAdmin
from games.models import Room
from games.services.refusals import Refused
from moderation import services
from moderation.forms import AdminLoginForm
from moderation.models import AuditEntry, Report, Sanction
from moderation.roles import is_moderator

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise

# The admin's login refuses suspended accounts as ours does.
admin.site.login_form = AdminLoginForm


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return is_moderator(request.user)

    def has_module_permission(self, request: HttpRequest) -> bool:
        return is_moderator(request.user)


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnly):
    list_display = ["created_at", "moderator", "action", "user", "reason", "report", "room_id", "match_id"]
    list_filter = ["action", "created_at"]
    search_fields = ["=moderator__username", "=user__username", "room_id"]
    date_hierarchy = "created_at"
    list_select_related = ["moderator", "user"]


@admin.register(Report)
class ReportAdmin(ReadOnly):
    list_display = ["created_at", "reported", "reason", "reporter", "room", "match", "move", "outcome",
                    "resolved_at"]
    list_filter = ["reason", "outcome", "created_at"]
    search_fields = ["=reported__username", "=reporter__username"]
    list_select_related = ["reported", "reporter", "room", "match"]


@admin.register(Sanction)
class SanctionAdmin(ReadOnly):
    list_display = ["created_at", "user", "kind", "until", "reason", "created_by", "lifted_at"]
    list_filter = ["kind", "created_at"]
    search_fields = ["=user__username"]
    list_select_related = ["user", "created_by"]


def _each(modeladmin: admin.ModelAdmin, request: HttpRequest, items: QuerySet[Any], do: Any,
          done: "_StrOrPromise") -> None:
    """Run a logged moderator action on each selected row, saying what was refused."""
    if not is_moderator(request.user):
        modeladmin.message_user(request, _("Only moderators can do this."), messages.ERROR)
        return
    done_any = False
    for item in items:
        try:
            do(item)
        except Refused as refused:
            modeladmin.message_user(request, f"{item}: {refused.message}", messages.WARNING)
        else:
            done_any = True
    if done_any:  # "Banned." after every ban was refused would say the opposite of what happened
        modeladmin.message_user(request, done, messages.SUCCESS)


FROM_ADMIN = _("from the admin")

admin.site.unregister(User)


@admin.register(User)
class PlayerAdmin(UserAdmin):
    """The moderator role is the `moderators` group (the groups field, or these actions)."""

    actions = ["grant_moderator", "revoke_moderator", "suspend_week", "ban", "lift"]

    @admin.action(description=_("Grant the moderator role"))
    def grant_moderator(self, request: AuthenticatedHttpRequest, queryset: QuerySet[User]) -> None:
        _each(self, request, queryset, lambda user: services.grant(user, request.user), _("Granted."))

    @admin.action(description=_("Revoke the moderator role"))
    def revoke_moderator(self, request: AuthenticatedHttpRequest, queryset: QuerySet[User]) -> None:
        _each(self, request, queryset, lambda user: services.revoke(user, request.user), _("Revoked."))

    @admin.action(description=_("Suspend for 7 days"))
    def suspend_week(self, request: AuthenticatedHttpRequest, queryset: QuerySet[User]) -> None:
        _each(self, request, queryset, lambda user: services.suspend(
            request.user, user, str(FROM_ADMIN), days=7), _("Suspended."))

    @admin.action(description=_("Ban"))
    def ban(self, request: AuthenticatedHttpRequest, queryset: QuerySet[User]) -> None:
        _each(self, request, queryset, lambda user: services.suspend(
            request.user, user, str(FROM_ADMIN), days=None), _("Banned."))

    @admin.action(description=_("Lift suspensions and bans"))
    def lift(self, request: AuthenticatedHttpRequest, queryset: QuerySet[User]) -> None:
        _each(self, request, queryset, lambda user: services.lift(request.user, user, str(FROM_ADMIN)),
              _("Lifted."))


admin.site.unregister(Room)


@admin.register(Room)
class ModeratedRoomAdmin(RoomAdmin):
    actions = ["close_rooms", "reopen_rooms"]

    @admin.action(description=_("Close the selected rooms (ends their matches)"))
    def close_rooms(self, request: AuthenticatedHttpRequest, queryset: QuerySet[Room]) -> None:
        _each(self, request, queryset, lambda room: services.close_room(
            request.user, room.pk, str(FROM_ADMIN)), _("Rooms closed."))

    @admin.action(description=_("Reopen the selected rooms"))
    def reopen_rooms(self, request: AuthenticatedHttpRequest, queryset: QuerySet[Room]) -> None:
        _each(self, request, queryset, lambda room: services.reopen_room(
            request.user, room.pk, str(FROM_ADMIN)), _("Rooms reopened."))

    def get_readonly_fields(self, request: HttpRequest,
                            obj: Room | None = None) -> list[str] | tuple[str, ...]:
        # A moderator may tick `closed` in the form: save_model closes through the service.
        fields = super().get_readonly_fields(request, obj)
        return [name for name in fields if name != "closed"] if is_moderator(request.user) else fields

    def save_model(self, request: HttpRequest, obj: Room, form: Any, change: bool) -> None:
        """The form's other fields are saved as they are; `closed` changes only through
        moderation.services, which aborts the match and writes the audit entry."""
        if "closed" not in form.changed_data:
            super().save_model(request, obj, form, change)
            return
        moderator = cast(User, request.user)  # `closed` is in the form for moderators only
        closing = obj.closed
        obj.closed = not closing
        super().save_model(request, obj, form, change)
        if closing:
            services.close_room(moderator, obj.pk, str(FROM_ADMIN))
        else:
            services.reopen_room(moderator, obj.pk, str(FROM_ADMIN))
        obj.closed = closing


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnly):
    list_display = ["created_at", "room", "user", "text", "phrase", "moderator", "deleted_at"]
    list_filter = ["moderator", "created_at"]
    search_fields = ["=user__username", "room__id"]
    list_select_related = ["room", "user"]
    actions = ["delete_for_everyone"]

    @admin.action(description=_("Delete for everyone at the room"))
    def delete_for_everyone(self, request: AuthenticatedHttpRequest, queryset: QuerySet[ChatMessage]) -> None:
        _each(self, request, queryset, lambda line: services.delete_message(
            request.user, line.pk, str(FROM_ADMIN)), _("Deleted."))
