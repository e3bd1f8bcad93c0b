"""Reports and moderator actions: check, then do under a lock, then send on commit.

Every action writes its `AuditEntry` in the same transaction as its change, so the log
holds exactly what happened. Refusals are games.services.refusals.Refused, as at the table.
"""

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.deletion import deleted_name
from accounts.models import User
from chat import services as chat
from chat.models import ChatMessage
from games import groups, tasks
from games.models import Match, Room
from games.services import move_path, room_life
from games.services.refusals import Refused
from moderation import signals
from moderation.models import AuditEntry, Report, Sanction, TableAddress, active_suspension
from moderation.roles import is_moderator, moderators_group
from moderation.texts import suspension_text
from tarneeb.realtime import publish

REPORTS_PER_DAY = 10
REPORT_CHAT_LINES = 20
Action = AuditEntry.Action


def _log(moderator: User | None, action: str, *, user: User | None = None, reason: str = "",
         report: Report | None = None, room_id: str = "", match_id: int | None = None,
         **details: Any) -> AuditEntry:
    return AuditEntry.objects.create(moderator=moderator, action=action, user=user, reason=reason,
                                     report=report, room_id=room_id or "", match_id=match_id,
                                     details=details)


# Reports

def report(reporter: User, reported: User, *, reason: str, text: str = "",
           room_id: str | None = None) -> Report:
    """A player reports another, with the room's context as it is now."""
    if reporter.pk == reported.pk:
        raise Refused("self", _("You cannot report yourself."))
    if reason not in Report.Reason.values:
        raise Refused("bad_reason", _("Choose a reason."))
    if len(text) > 500:
        raise Refused("too_long", _("Say it in at most 500 characters."))
    room = Room.objects.filter(pk=room_id).first() if room_id else None
    if room_id and room is None:
        raise Refused("no_room", _("This room does not exist."))
    with transaction.atomic():
        # One reporter's reports are counted and made one at a time.
        User.objects.select_for_update().filter(pk=reporter.pk).first()
        since = timezone.now() - timedelta(days=1)
        if Report.objects.filter(reporter=reporter, created_at__gt=since).count() >= REPORTS_PER_DAY:
            raise Refused("report_limit", _("You can make at most %(n)d reports a day: try again tomorrow.")
                          % {"n": REPORTS_PER_DAY})
        match = room.matches.first() if room is not None else None
        return Report.objects.create(
            reporter=reporter, reported=reported, reason=reason, text=chat.clean_text(text), room=room,
            match=match, move=match.version if match else None,
            chat=_chat_excerpt(room) if room is not None else [])


def _chat_excerpt(room: Room) -> list[dict[str, Any]]:
    """The room's last lines, oldest first: spectators' and deleted ones too, marked."""
    lines = ChatMessage.objects.filter(room=room).select_related("user").order_by("-id")[:REPORT_CHAT_LINES]
    return [{**chat.as_message(line, line.user.username), "deleted": line.deleted_at is not None}
            for line in reversed(lines)]


def resolve(moderator: User, report: Report, *, decision: str, note: str, minutes: int | None = None,
            days: int | None = None) -> Report:
    """Close a report with a moderator's decision (an action on the reported player, or
    none) and a note; the reporter is told the outcome on their next page."""
    with transaction.atomic():
        report = Report.objects.select_for_update().get(pk=report.pk)
        if not report.is_open:
            raise Refused("resolved", _("This report was already resolved."))
        target = report.reported
        room_id = report.room_id or ""
        if decision == "warn":
            warn(moderator, target, note, report=report, room_id=room_id)
        elif decision == "mute":
            mute(moderator, target, minutes or 60, note, report=report, room_id=room_id)
        elif decision == "remove":
            seat = _seat_at_live_match(report.room_id, target)
            remove(moderator, room_id, seat, note, report=report)
        elif decision == "suspend":
            suspend(moderator, target, note, days=days or 1, report=report)
        elif decision == "ban":
            suspend(moderator, target, note, days=None, report=report)
        elif decision != "dismiss":
            raise Refused("bad_action", _("Unknown action."))
        report.resolved_at, report.resolved_by, report.note = timezone.now(), moderator, note
        report.outcome = Report.Outcome.NO_ACTION if decision == "dismiss" else Report.Outcome.ACTION
        report.save(update_fields=["resolved_at", "resolved_by", "note", "outcome"])
        _log(moderator, Action.RESOLVE, user=target, reason=note, report=report, room_id=room_id,
             match_id=report.match_id, decision=decision)
        signals.report_resolved.send(Report, report=report)
        return report


def _seat_at_live_match(room_id: str | None, user: User) -> int:
    match = Match.objects.filter(room_id=room_id, status=Match.Status.PLAYING).first() if room_id else None
    seats = enumerate(match.seating) if match else ()
    seat = next((n for n, sitter in seats if sitter["user"] == user.pk), None)
    if seat is None:
        raise Refused("not_seated", _("This player is not seated at a match being played in that room."))
    return seat


# Sanctions

def _tell(sanction: Sanction) -> None:
    """The player's open pages show it at once, with the reason (games.consumers'
    user_sanction), not on their next page load."""
    event = {"type": "user.sanction", "sanction": sanction.pk}
    transaction.on_commit(lambda: publish(groups.user(sanction.user_id), event))


def _check_target(moderator: User, user: User) -> None:
    """Every sanction asks this first: a moderator's power stops at the staff and the
    other moderators, whom only a superuser may sanction (so no moderator can lock a
    colleague out of the admin or silence a moderator who disagrees)."""
    if user.pk == moderator.pk:
        raise Refused("self", _("You cannot sanction yourself."))
    if user.is_superuser:
        raise Refused("protected", _("Administrators cannot be sanctioned here."))
    if not moderator.is_superuser and (user.is_staff or is_moderator(user)):
        raise Refused("protected", _("Only an administrator can sanction staff or moderators."))


def warn(moderator: User, user: User, reason: str, *, report: Report | None = None,
         room_id: str = "") -> Sanction:
    _check_target(moderator, user)
    with transaction.atomic():
        sanction = Sanction.objects.create(user=user, kind=Sanction.Kind.WARNING, reason=reason,
                                           created_by=moderator, report=report, room_id=room_id or None)
        _log(moderator, Action.WARN, user=user, reason=reason, report=report, room_id=room_id)
        _tell(sanction)
    return sanction


def mute(moderator: User, user: User, minutes: int, reason: str, *, report: Report | None = None,
         room_id: str = "") -> Sanction:
    _check_target(moderator, user)
    with transaction.atomic():
        muted = chat.mute(user, minutes=minutes, moderator=moderator, reason=reason)
        sanction = Sanction.objects.create(user=user, kind=Sanction.Kind.MUTE, reason=reason,
                                           until=muted.until, created_by=moderator, report=report,
                                           room_id=room_id or None)
        _log(moderator, Action.MUTE, user=user, reason=reason, report=report, room_id=room_id,
             minutes=minutes)
        _tell(sanction)
    return sanction


def remove(moderator: User, room_id: str, seat: Any, reason: str, *,
           report: Report | None = None) -> Sanction:
    """Take a player off their seat at the room's live match (games.services.move_path.remove_player)."""
    with transaction.atomic():
        match, user_id = move_path.remove_player(room_id, seat)
        user = User.objects.get(pk=user_id)
        _check_target(moderator, user)  # raising here rolls the removal back
        sanction = Sanction.objects.create(user=user, kind=Sanction.Kind.REMOVAL, reason=reason,
                                           created_by=moderator, report=report, room_id=room_id)
        _log(moderator, Action.REMOVE, user=user, reason=reason, report=report, room_id=room_id,
             match_id=match.pk, seat=seat, move=match.version)
        _tell(sanction)
    return sanction


def suspend(moderator: User, user: User, reason: str, *, days: int | None,
            report: Report | None = None) -> Sanction:
    """Suspend for `days`, or ban (`days=None`): login refused, sessions ended on their
    next request, sockets closed at once, and their seats at live matches given to the timer."""
    _check_target(moderator, user)
    if is_moderator(user):
        raise Refused("protected", _("Revoke the moderator role first."))
    with transaction.atomic():
        User.objects.select_for_update().get(pk=user.pk)
        until = None if days is None else timezone.now() + timedelta(days=days)
        kind = Sanction.Kind.BAN if days is None else Sanction.Kind.SUSPENSION
        sanction = Sanction.objects.create(user=user, kind=kind, reason=reason, until=until,
                                           created_by=moderator, report=report)
        removed = []
        for match in Match.objects.filter(status=Match.Status.PLAYING, players__user=user):
            seat = next(n for n, sitter in enumerate(match.seating) if sitter["user"] == user.pk)
            if not match.seating[seat].get("removed"):
                move_path.remove_player(match.room_id, seat)
                removed.append(match.pk)
        _log(moderator, Action.BAN if days is None else Action.SUSPEND, user=user, reason=reason,
             report=report, days=days, until=until.isoformat() if until else None, removed_from=removed)
        event = {"type": "user.suspended", "until": until.isoformat() if until else None, "reason": reason}
        transaction.on_commit(lambda: publish(groups.user(user.pk), event))
    return sanction


def refuse_suspended(user: User) -> None:
    """Every action of a suspended or banned account is refused from the database's state
    (games.services.hooks.may_act): the message that closes its sockets can be lost."""
    if (sanction := active_suspension(user.pk)) is not None:
        raise Refused("suspended", suspension_text(sanction))


def lift(moderator: User, user: User, reason: str) -> int:
    """End a user's suspensions and bans now."""
    with transaction.atomic():
        lifted = Sanction.objects.filter(Sanction.blocking(), user=user).update(lifted_at=timezone.now())
        if not lifted:
            raise Refused("not_suspended", _("This player is not suspended."))
        _log(moderator, Action.LIFT, user=user, reason=reason)
    return lifted


# The chat and the rooms

def delete_message(moderator: User, message_id: int, reason: str, *,
                   report: Report | None = None) -> ChatMessage:
    with transaction.atomic():
        line = chat.delete(message_id, moderator)
        if line is None:
            raise Refused("no_message", _("That message does not exist or was already deleted."))
        _log(moderator, Action.DELETE_MESSAGE, user=line.user, reason=reason, report=report,
             room_id=line.room_id, message=line.pk, text=line.text or line.phrase)
    return line


def close_room(moderator: User, room_id: str, reason: str, *, report: Report | None = None) -> None:
    with transaction.atomic():
        match = _live_match_id(room_id)
        room_life.close_room(room_id)
        _log(moderator, Action.CLOSE_ROOM, reason=reason, report=report, room_id=room_id, match_id=match)


def reopen_room(moderator: User, room_id: str, reason: str) -> None:
    with transaction.atomic():
        room_life.reopen_room(room_id)
        _log(moderator, Action.REOPEN_ROOM, reason=reason, room_id=room_id)


def message_room(moderator: User, room_id: str, text: str) -> ChatMessage:
    if not Room.objects.filter(pk=room_id).exists():
        raise Refused("no_room", _("This room does not exist."))
    with transaction.atomic():
        line = chat.post_as_moderator(room_id, moderator, text)
        _log(moderator, Action.MESSAGE_ROOM, reason=line.text, room_id=room_id,
             match_id=_live_match_id(room_id), message=line.pk)
    return line


def announce(moderator: User, text: str, *, delay_minutes: int = 0) -> AuditEntry:
    """A message to everyone in the lobby, now or in `delay_minutes`: logged like any
    other word a moderator sends, and sent only once its entry is written."""
    with transaction.atomic():
        entry = _log(moderator, Action.ANNOUNCE, reason=text, delay_minutes=delay_minutes)
        transaction.on_commit(lambda: tasks.announce.apply_async((text,), countdown=delay_minutes * 60))
    return entry


def _live_match_id(room_id: str) -> int | None:
    return (Match.objects.filter(room_id=room_id, status=Match.Status.PLAYING)
            .values_list("pk", flat=True).first())


# The role

def _check_role_change(by: User | None) -> None:
    # Revoking would open a moderator to sanctions: only a superuser (or the
    # `moderator` command, by=None) changes the role.
    if by is not None and not by.is_superuser:
        raise Refused("protected", _("Only an administrator can grant or revoke the moderator role."))


def grant(user: User, by: User | None = None) -> None:
    _check_role_change(by)
    with transaction.atomic():
        user.groups.add(moderators_group())
        _log(by, Action.GRANT, user=user)


def revoke(user: User, by: User | None = None) -> None:
    _check_role_change(by)
    with transaction.atomic():
        user.groups.remove(moderators_group())
        _log(by, Action.REVOKE, user=user)


def forget_player(sender: object, user: User, **kwargs: Any) -> None:
    """A deleted account's chat lines are erased from the excerpts that reports copied,
    its name too, as everywhere, and the addresses it came to tables from are forgotten.
    Reports, sanctions and the audit log keep the rest (docs/privacy.md says what and why)."""
    TableAddress.objects.filter(user=user).delete()
    name = deleted_name(user)
    for report in Report.objects.exclude(chat=[]).only("id", "chat").iterator(chunk_size=200):
        if not any(line.get("user") == user.username for line in report.chat):
            continue
        report.chat = [{**line, "user": name, "text": "", "phrase": None, "erased": True}
                       if line.get("user") == user.username else line for line in report.chat]
        report.save(update_fields=["chat"])
