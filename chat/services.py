"""Writing to and reading a room's chat: check, then write, then send once committed.

A line goes to every socket at the room, except a spectator's line written while a match
is being played: that one reaches only the sockets not seated at it (games.consumers
filters by each socket's seat).
"""

import unicodedata
from collections.abc import Collection
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from chat.models import ChatMessage, Mute
from chat.phrases import PHRASES
from games import groups
from games.dates import when_text
from games.models import Match, Room
from games.services import hooks
from games.services.refusals import Refused
from tarneeb.realtime import publish
from tarneeb.text import clean_line

MAX_LENGTH = 200
# Per user across all rooms and processes: counted in the database.
RATE_COUNT, RATE_SECONDS = 5, 10
HISTORY = 50


def clean_text(text: str) -> str:
    """Control characters (newlines included) removed, and every invisible one but the
    joiners words and emoji need (text-direction controls, zero-width spaces); at most a
    few marks on a letter (tarneeb.text.clean_line). Each line is also shown in its own
    isolate, so it cannot reorder the page around it."""
    kept = "".join(" " if ch in "\n\t" else ch for ch in text
                   if ch in "\n\t" or unicodedata.category(ch) != "Cc")
    return " ".join(clean_line(kept).split())


def post(room_id: str, user: Any, *, text: Any = "", phrase: Any = "") -> dict[str, Any]:
    """Write a line (free text, or a quick phrase's key) to the room's chat."""
    if not user.is_authenticated:
        raise Refused("login_required", _("Log in to write in the chat."))
    hooks.may_act.check(user)
    if phrase:
        if type(phrase) is not str or phrase not in PHRASES:
            raise Refused("bad_phrase", _("There is no such quick phrase."))
        text = ""
    else:
        if type(text) is not str:
            raise Refused("bad_chat", _("A chat message is text."))
        text = clean_text(text)
        if not text:
            raise Refused("empty", _("Write something first."))
        if len(text) > MAX_LENGTH:
            raise Refused("too_long", _("Chat messages are limited to %(n)d characters.") % {"n": MAX_LENGTH})
    room = Room.objects.filter(pk=room_id).first()
    if room is None:
        raise Refused("no_room", _("This room does not exist."))
    if room.closed:
        # A moderator closed it: its chat was part of what they stopped.
        raise Refused("closed", _("This room was closed by a moderator."))
    if not room.chat:
        raise Refused("chat_off", _("The chat is turned off at this table."))
    refuse_muted(user)
    seat = room.seats.filter(user=user).values_list("number", flat=True).first()
    live = room.matches.filter(status=Match.Status.PLAYING).exists()
    audience = (ChatMessage.Audience.SPECTATORS if seat is None and live else ChatMessage.Audience.EVERYONE)
    with transaction.atomic():
        # Counted under the writer's row lock: lines sent at once through several servers
        # take turns, so none of them slips past the limit.
        list(User.objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
        since = timezone.now() - timedelta(seconds=RATE_SECONDS)
        if ChatMessage.objects.filter(user=user, created_at__gt=since).count() >= RATE_COUNT:
            too_fast = _("You are writing too fast: at most %(count)d messages in %(seconds)d seconds.")
            raise Refused("rate_limited", too_fast % {"count": RATE_COUNT, "seconds": RATE_SECONDS})
        line = ChatMessage.objects.create(room=room, user=user, seat=seat, audience=audience, text=text,
                                          phrase=phrase)
        message = as_message(line, user.username)
        # The author's id for the sockets only: each hides the lines of those its reader blocked.
        event = {"type": "room.chat", "message": message, "author": user.pk}
        transaction.on_commit(lambda: publish(groups.room(room.pk), event))
    return message


def refuse_muted(user: User) -> None:
    """A muted person writes nothing others read: no chat line, and no name for a room they
    open (games.services.hooks.may_write)."""
    mute = Mute.objects.filter(user=user, until__gt=timezone.now()).order_by("-until").first()
    if mute is not None:
        until = when_text(mute.until)
        raise Refused("muted", _("A moderator muted you until %(until)s: you cannot write in the chat or "
                                 "name a room.") % {"until": until})


def post_as_moderator(room_id: str, moderator: User, text: str) -> ChatMessage:
    """A moderator's line to everyone at the room, players at a live match included: it
    passes the room's switch, mutes and the rate (moderation checked the permission)."""
    text = clean_text(text)
    if not text:
        raise Refused("empty", _("Write something first."))
    if len(text) > MAX_LENGTH:
        raise Refused("too_long", _("Chat messages are limited to %(n)d characters.") % {"n": MAX_LENGTH})
    with transaction.atomic():
        line = ChatMessage.objects.create(room_id=room_id, user=moderator, text=text, moderator=True)
        event = {"type": "room.chat", "message": as_message(line, moderator.username)}
        transaction.on_commit(lambda: publish(groups.room(room_id), event))
    return line


def delete(message_id: int, moderator: User) -> ChatMessage | None:
    """Take a line down for everyone at once; it stays in the database for the audit."""
    with transaction.atomic():
        line = ChatMessage.objects.select_for_update().filter(pk=message_id, deleted_at=None).first()
        if line is None:
            return None
        line.deleted_at, line.deleted_by = timezone.now(), moderator
        line.save(update_fields=["deleted_at", "deleted_by"])
        event = {"type": "room.chat_deleted", "id": line.pk}
        transaction.on_commit(lambda: publish(groups.room(line.room_id), event))
    return line


def mute(user: User, *, minutes: int, moderator: User | None, reason: str = "") -> Mute:
    return Mute.objects.create(user=user, until=timezone.now() + timedelta(minutes=minutes),
                               created_by=moderator, reason=reason)


def recent(room_id: str, *, with_spectators: bool, hidden: Collection[int] = ()) -> list[dict[str, Any]]:
    """The last lines a socket may read, oldest first, without those of the `hidden`
    authors (people its reader blocked); a moderator's lines are never hidden."""
    lines = ChatMessage.objects.filter(room_id=room_id, deleted_at=None).select_related("user")
    if hidden:
        lines = lines.exclude(user_id__in=hidden, moderator=False)
    if not with_spectators:
        lines = lines.filter(audience=ChatMessage.Audience.EVERYONE)
    return [as_message(line, line.user.username) for line in reversed(lines.order_by("-id")[:HISTORY])]


def as_message(line: ChatMessage, username: str) -> dict[str, Any]:
    return {"type": "chat", "id": line.pk, "user": username, "seat": line.seat, "text": line.text,
            "phrase": line.phrase or None, "audience": line.audience, "moderator": line.moderator,
            "at": int(line.created_at.timestamp() * 1000)}


def forget_player(sender: object, user: User, **kwargs: Any) -> None:
    """A deleted account's chat lines go, everywhere (accounts.deletion)."""
    ChatMessage.objects.filter(user=user).delete()
