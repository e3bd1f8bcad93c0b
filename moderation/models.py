"""Reports, sanctions and the moderators' audit log.

A report carries its context as it was when it was made (the room, the match and its
move number, the last chat lines, copied): what a moderator reads later cannot change
under them. Every moderator action writes one `AuditEntry`; nothing updates or deletes one.
"""

import functools
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Match, Room

# The permission every moderation page, endpoint and admin action checks.
MODERATE = "moderation.moderate"
MODERATORS_GROUP = "moderators"


class Report(models.Model):
    class Reason(models.TextChoices):
        CHAT = "chat", _("Abusive chat")
        CHEATING = "cheating", _("Cheating or collusion")
        LEAVING = "leaving", _("Leaving or stalling")
        NAME = "name", _("Offensive name")

    class Outcome(models.TextChoices):
        ACTION = "action", _("Action was taken")
        NO_ACTION = "no_action", _("No action")

    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="reports_made")
    reported = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="reports_against")
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    text = models.CharField(_("details"), max_length=500, blank=True)
    room = models.ForeignKey(Room, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # The match's version when the report was made: its move number.
    move = models.PositiveIntegerField(null=True, blank=True)
    # The room's last chat lines, as chat.services.as_message gives them, with "deleted".
    chat: Any = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")
    outcome = models.CharField(max_length=10, choices=Outcome.choices, blank=True)
    note = models.CharField(_("note"), max_length=500, blank=True)
    # When the reporter was told the outcome (once, on their next page).
    reporter_told_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        permissions = [("moderate", _("Can moderate: reports, sanctions and tables"))]
        indexes = [models.Index(fields=["resolved_at", "created_at"], name="report_queue"),
                   models.Index(fields=["reporter", "-created_at"], name="report_reporter_latest")]

    def __str__(self) -> str:
        return f"report {self.pk}: {self.reported_id} ({self.reason})"

    @property
    def is_open(self) -> bool:
        return self.resolved_at is None


# What a moderator decides on a report (forms.ResolveForm; the log shows it).
DECISIONS = [("dismiss", _("No action")), ("warn", _("Warn")), ("mute", _("Mute in chat")),
             ("remove", _("Remove from their seat")), ("suspend", _("Suspend")), ("ban", _("Ban"))]


class Sanction(models.Model):
    """What a player is told a moderator did to them. Suspensions and bans refuse their
    login, sockets and sessions while `active()`; mutes are enforced by chat.Mute, removals
    by the match's seating."""

    class Kind(models.TextChoices):
        WARNING = "warning", _("Warning")
        MUTE = "mute", _("Chat mute")
        REMOVAL = "removal", _("Removed from a table")
        SUSPENSION = "suspension", _("Suspension")
        BAN = "ban", _("Ban")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sanctions")
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    reason = models.CharField(_("reason"), max_length=500)
    # Mutes and suspensions end; warnings, removals and bans have no end.
    until = models.DateTimeField(_("until"), null=True, blank=True)
    room = models.ForeignKey(Room, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # When the player first saw it (a notice on their next page).
    seen_at = models.DateTimeField(null=True, blank=True)
    lifted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "kind"], name="sanction_user_kind")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.user_id}"

    @classmethod
    def blocking(cls) -> Q:
        """Sanctions that keep a user out right now."""
        return (Q(kind__in=[cls.Kind.SUSPENSION, cls.Kind.BAN], lifted_at=None)
                & (Q(until=None) | Q(until__gt=timezone.now())))


def active_suspension(user_id: int) -> Sanction | None:
    """The suspension or ban keeping `user_id` out now (a ban before a suspension, then
    the one ending last), or None."""
    if not _blocked(user_id):
        return None
    return (Sanction.objects.filter(Sanction.blocking(), user_id=user_id)
            .order_by(models.F("until").desc(nulls_first=True)).first())


def _blocked(user_id: int) -> bool:
    """Whether `user_id` has a blocking sanction: Sanction.blocking() in SQL written once.
    Every move asks (games.services.hooks.may_act) and almost nobody is; the ORM building
    the query afresh each time was a fifth of a scaled daphne's CPU (docs/performance.md)."""
    connection = connections[DEFAULT_DB_ALIAS]
    with connection.cursor() as cursor:
        cursor.execute(_blocked_sql(), [user_id, Sanction.Kind.SUSPENSION, Sanction.Kind.BAN,
                                        connection.ops.adapt_datetimefield_value(timezone.now())])
        return cursor.fetchone() is not None


@functools.cache
def _blocked_sql() -> str:
    table = Sanction._meta.db_table
    return (f"SELECT 1 FROM {table} WHERE user_id = %s AND kind IN (%s, %s) AND lifted_at IS NULL"
            " AND (until IS NULL OR until > %s) LIMIT 1")


class AuditEntry(models.Model):
    """One moderator action: append-only (the admin offers neither change nor delete)."""

    class Action(models.TextChoices):
        WARN = "warn", _("Warn")
        MUTE = "mute", _("Mute in chat")
        DELETE_MESSAGE = "delete_message", _("Delete a chat message")
        REMOVE = "remove", _("Remove from a seat")
        SUSPEND = "suspend", _("Suspend")
        BAN = "ban", _("Ban")
        LIFT = "lift", _("Lift a suspension or ban")
        CLOSE_ROOM = "close_room", _("Close a room")
        REOPEN_ROOM = "reopen_room", _("Reopen a room")
        MESSAGE_ROOM = "message_room", _("Message a room")
        ANNOUNCE = "announce", _("Announce to the lobby")
        RESOLVE = "resolve", _("Resolve a report")
        GRANT = "grant", _("Grant the moderator role")
        REVOKE = "revoke", _("Revoke the moderator role")
        REMOVE_PAIR = "remove_pair", _("Remove a pair from an event")
        ADJUST_SCORE = "adjust_score", _("Adjust a score in an event")

    # Null when a management command did it.
    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT,
                                  related_name="moderation_actions")
    action = models.CharField(_("action"), max_length=16, choices=Action.choices, db_index=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                             related_name="moderation_entries")
    reason = models.CharField(_("reason"), max_length=500, blank=True)
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.PROTECT,
                               related_name="entries")
    # Kept as plain ids: the log outlives the rooms and matches it names.
    room_id = models.CharField(max_length=16, blank=True)
    match_id = models.BigIntegerField(null=True, blank=True)
    # What else the action needs to be read later: minutes, the deleted line, the seat.
    details: Any = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.moderator_id} {self.action} {self.user_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("audit entries are never changed")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise ValueError("audit entries are never deleted")

    @property
    def decision_label(self) -> str:
        return str(dict(DECISIONS).get(self.details.get("decision", ""), ""))


class TableAddress(models.Model):
    """A client address a socket at a table came from, and whose (moderation.addresses):
    one row for each room, person and address, its first and last time."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="+")
    # None: a logged-out visitor (a spectator).
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, related_name="+")
    address = models.CharField(_("address"), max_length=64)
    first_seen = models.DateTimeField(_("first seen"))
    last_seen = models.DateTimeField(_("last seen"))

    class Meta:
        verbose_name = _("address at a table")
        verbose_name_plural = _("addresses at tables")
        constraints = [
            models.UniqueConstraint(fields=["room", "user", "address"], condition=Q(user__isnull=False),
                                    name="one_row_per_room_user_address"),
            models.UniqueConstraint(fields=["room", "address"], condition=Q(user__isnull=True),
                                    name="one_row_per_room_anonymous_address"),
        ]
        indexes = [models.Index(fields=["user"], name="table_addresses_by_user"),
                   models.Index(fields=["room", "address"], name="table_addresses_shared"),
                   models.Index(fields=["last_seen"], name="table_addresses_by_age")]

    def __str__(self) -> str:
        return f"{self.room_id} {self.user_id} {self.address}"
