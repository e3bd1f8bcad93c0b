from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from games.models import Match, MatchEvent, MatchPlayer, Room, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ["room_name", "id", "owner", "variant", "target", "turn_seconds", "private", "closed",
                    "created_at"]
    list_filter = ["variant", "quick", "private", "closed"]
    search_fields = ["name", "id", "owner__username"]
    raw_id_fields = ["owner"]
    inlines = [SeatInline]
    # Closing aborts the match and is a moderator's logged act: moderation.admin's
    # actions and form do it through moderation.services, never a bare field save.
    readonly_fields = ["closed"]

    @admin.display(description=_("name"), ordering="name")
    def room_name(self, room: Room) -> str:
        return room.display_name


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class MatchPlayerInline(ReadOnlyInline):
    model = MatchPlayer
    fields = readonly_fields = ("seat", "user")


class MatchEventInline(ReadOnlyInline):
    model = MatchEvent
    fields = readonly_fields = ("seq", "seat", "actor", "action", "result", "created_at")


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    """Past and current matches, for moderators: found by a player's username (exact), the
    match id, or the room's id or name; nothing here deletes a match or its log."""

    list_display = ["id", "room", "variant", "target", "status", "winner_team", "started_at",
                    "finished_at", "players_by_seat", "links"]
    list_filter = ["status", "variant", "started_at"]
    date_hierarchy = "started_at"
    # The players' names come from Match.seating, on the row: no query per match.
    list_select_related = ["room"]
    search_fields = ["id__exact", "room__id", "room__name", "=players__user__username"]
    search_help_text = _("A player's username (exact), a match id, or a room's id or name.")
    readonly_fields = [f.name for f in Match._meta.fields]
    inlines = [MatchPlayerInline, MatchEventInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Nor through its room: the room's delete page lists the matches and refuses.
        return False

    @admin.display(description=_("players"))
    def players_by_seat(self, match: Match) -> str:
        return format_html_join(", ", "{}: {}", ((seat, sitter.get("username", "?"))
                                                 for seat, sitter in enumerate(match.seating)))

    @admin.display(description=_("winner"), ordering="winner")
    def winner_team(self, match: Match) -> str:
        if match.winner is None:
            return "-"
        names = [sitter.get("username", "?") for seat, sitter in enumerate(match.seating)
                 if seat % 2 == match.winner]
        return _("team %(number)s: %(players)s") % {"number": match.winner, "players": " & ".join(names)}

    @admin.display(description=_("record"))
    def links(self, match: Match) -> str:
        return format_html('<a href="/matches/{}/">{}</a> · <a href="{}">{}</a>', match.pk, _("Replay"),
                           reverse("match_record", args=[match.pk]), _("record (JSON)"))


@admin.register(MatchEvent)
class MatchEventAdmin(admin.ModelAdmin):
    """The log is the record of what happened: nobody edits it."""

    list_display = ["match", "seq", "seat", "actor", "created_at"]
    list_filter = ["actor"]
    search_fields = ["match__id"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
