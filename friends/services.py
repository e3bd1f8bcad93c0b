"""Following, blocking, inviting a friend to one's table, and the notifications.

Each change checks, then takes from the person's budget under their row lock (counted in
the database, so it holds across every server process), then writes; what reaches other
people's sockets is sent once committed. Refusals are games' `Refused`, sent as `error`.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.deletion import deleted_name, shown_name
from accounts.models import User
from friends.models import Block, Change, Follow, Invitation, Notification
from games import groups
from games.models import Match, Room, Seat
from games.services import hooks
from games.services.refusals import Refused
from tarneeb.realtime import publish
from tarneeb.sockets import online

# Caps on what one person keeps.
FOLLOWS_MAX = 300
BLOCKS_MAX = 500
NOTIFICATIONS_KEPT = 100
# Budgets: follows, unfollows, blocks and unblocks together; invitations sent.
PEOPLE_CHANGES, PEOPLE_SECONDS = 30, 600
INVITES, INVITE_SECONDS = 10, 600
INVITATION_MINUTES = 30


def _take(user: User, kind: str) -> None:
    """One from `user`'s budget of `kind`, or Refused; call inside a transaction."""
    people = kind == Change.Kind.PEOPLE
    limit, seconds = (PEOPLE_CHANGES, PEOPLE_SECONDS) if people else (INVITES, INVITE_SECONDS)
    # Under the person's row lock: requests sent at once through several servers take
    # turns, so none of them slips past the count.
    list(User.objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
    now = timezone.now()
    since = now - timedelta(seconds=seconds)
    Change.objects.filter(user=user, kind=kind, at__lte=since).delete()
    if Change.objects.filter(user=user, kind=kind).count() >= limit:
        minutes = seconds // 60
        if people:
            text = _("Too many changes to your friends and blocks: at most %(count)d in %(minutes)d minutes.")
        else:
            text = _("Too many invitations: at most %(count)d in %(minutes)d minutes.")
        raise Refused("rate_limited", text % {"count": limit, "minutes": minutes})
    Change.objects.create(user=user, kind=kind, at=now)


def person(username: object) -> User:
    """The person named `username`, or Refused (a bot is nobody's friend)."""
    found = (User.objects.filter(username=username, is_active=True, bot_level="").first()
             if type(username) is str else None)
    if found is None:
        raise Refused("no_player", _("There is no such player."))
    return found


def _other(user: User, username: object) -> User:
    other = person(username)
    if other.pk == user.pk:
        raise Refused("self", _("That is you."))
    return other


def you_blocked(other: User) -> Refused:
    return Refused("you_blocked", _("You blocked %(name)s: unblock them first.") % {"name": other.username})


def blocks(blocker: User, blocked: User) -> bool:
    return Block.objects.filter(blocker=blocker, blocked=blocked).exists()


def follow(user: User, username: object) -> User:
    other = _other(user, username)
    if blocks(user, other):
        raise you_blocked(other)
    if blocks(other, user):
        raise Refused("blocked", _("%(name)s does not accept follows from you.") % {"name": other.username})
    with transaction.atomic():
        _take(user, Change.Kind.PEOPLE)
        if Follow.objects.filter(follower=user, followed=other).exists():
            return other
        if Follow.objects.filter(follower=user).count() >= FOLLOWS_MAX:
            raise Refused("too_many_friends", _("You follow %(n)d people, as many as anyone may: unfollow "
                                                "someone first.") % {"n": FOLLOWS_MAX})
        Follow.objects.create(follower=user, followed=other)
    return other


def unfollow(user: User, username: object) -> User:
    other = _other(user, username)
    with transaction.atomic():
        _take(user, Change.Kind.PEOPLE)
        Follow.objects.filter(follower=user, followed=other).delete()
    return other


def block(user: User, username: object) -> User:
    """`user` blocks `username`: follows both ways end, and the invitations between them."""
    other = _other(user, username)
    with transaction.atomic():
        _take(user, Change.Kind.PEOPLE)
        if not blocks(user, other):
            if Block.objects.filter(blocker=user).count() >= BLOCKS_MAX:
                raise Refused("too_many_blocks", _("You blocked %(n)d people, as many as anyone may: unblock "
                                                   "someone first.") % {"n": BLOCKS_MAX})
            Block.objects.create(blocker=user, blocked=other)
        Follow.objects.filter(Q(follower=user, followed=other) | Q(follower=other, followed=user)).delete()
        Invitation.objects.filter(Q(sender=user, receiver=other) | Q(sender=other, receiver=user)).delete()
        _hidden_changed(user)
    return other


def unblock(user: User, username: object) -> User:
    other = _other(user, username)
    with transaction.atomic():
        _take(user, Change.Kind.PEOPLE)
        Block.objects.filter(blocker=user, blocked=other).delete()
        _hidden_changed(user)
    return other


def _hidden_changed(user: User) -> None:
    # The user's open tables read whose lines to hide again (games.consumers).
    transaction.on_commit(lambda: publish(groups.user(user.pk), {"type": "user.hidden_changed"}))


def blocked_by(user: User) -> list[int]:
    """The people `user` blocked: their chat lines are hidden from `user` (hooks.hidden_authors)."""
    return list(Block.objects.filter(blocker=user).values_list("blocked_id", flat=True))


def refuse_blocked_sitter(user: User, room: Room) -> None:
    """Nobody sits in a private room whose owner blocked them (hooks.may_sit_at)."""
    if room.private and Block.objects.filter(blocker_id=room.owner_id, blocked=user).exists():
        raise Refused("blocked", _("The owner of this private room blocked you: you cannot sit here."))


def inviting_from(user: User, room_id: object) -> Room:
    """The room `user` may invite to: one they sit at or own, open."""
    room = Room.objects.filter(pk=room_id).select_related("owner").first() if type(room_id) is str else None
    if room is None:
        raise Refused("no_room", _("This room does not exist."))
    if room.closed:
        raise Refused("closed", _("This room was closed by a moderator."))
    if room.owner_id != user.pk and not room.seats.filter(user=user, bot=False).exists():
        raise Refused("not_seated", _("Invite friends to a table you sit at or opened."))
    return room


def invite(user: User, username: object, room_id: object) -> Invitation:
    """`user` asks a person they follow to their table; it reaches that person's open
    pages at once, and their notifications."""
    other = _other(user, username)
    room = inviting_from(user, room_id)
    if not Follow.objects.filter(follower=user, followed=other).exists():
        raise Refused("not_friend", _("Follow %(name)s first: you invite the people you follow.")
                      % {"name": other.username})
    if blocks(user, other):
        raise you_blocked(other)
    if blocks(other, user):
        refused = _("%(name)s does not accept invitations from you.")
        raise Refused("blocked", refused % {"name": other.username})
    now = timezone.now()
    with transaction.atomic():
        _take(user, Change.Kind.INVITE)
        Invitation.objects.filter(sender=user, expires_at__lte=now).delete()
        if Invitation.objects.filter(sender=user, receiver=other, room=room).exists():
            raise Refused("already_invited", _("You already invited %(name)s to this table.")
                          % {"name": other.username})
        invitation = Invitation.objects.create(sender=user, receiver=other, room=room,
                                               expires_at=now + timedelta(minutes=INVITATION_MINUTES))
        notification = _notify(other, Notification.Kind.INVITATION, invitation=invitation)
        event = {"type": "user.notice", "kind": "invitation", "id": notification.pk,
                 "texts": _in_every_language(lambda: text_of(notification)),
                 "url": join_url(notification), "unread": unread_count(other)}
        transaction.on_commit(lambda: publish(groups.user(other.pk), event))
    return invitation


def _in_every_language(text: Callable[[], str]) -> dict[str, str]:
    """`text` written in each of the site's languages: each socket sends its own."""
    texts = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            texts[code] = text()
    return texts


def _notify(user: User, kind: str, **fields: object) -> Notification:
    notification = Notification.objects.create(user=user, kind=kind, **fields)
    # Only the latest are kept: nobody's list grows without end.
    old = Notification.objects.filter(user=user).order_by("-id").values_list("pk", flat=True)
    old = old[NOTIFICATIONS_KEPT:]
    Notification.objects.filter(pk__in=list(old)).delete()
    return notification


def notify_report_outcome(report_id: int, reporter: User, reported: User, outcome: str) -> Notification:
    # The reported player's id too: if their account is deleted, `forget` renames them here.
    data = {"report": report_id, "reported": reported.pk, "name": reported.username, "outcome": outcome}
    return _notify(reporter, Notification.Kind.REPORT, data=data)


def text_of(notification: Notification) -> str:
    """The notification's words, in the current language."""
    # An invitation's notification goes with it (CASCADE): one without is a report's.
    if notification.invitation is not None:
        invitation = notification.invitation
        # Each name isolated (FSI ... PDI): a Latin name in an Arabic sentence, or an
        # Arabic room name in an English one, keeps its own direction and the sentence's.
        return _("%(name)s invites you to their table “%(room)s”.") % {
            "name": isolated(invitation.sender.username), "room": isolated(invitation.room.display_name)}
    name = {"name": isolated(shown_name(notification.data.get("name", "")))}
    if notification.data.get("outcome") == "action":
        return _("Your report about %(name)s: action was taken. Thank you.") % name
    return _("Your report about %(name)s: no action was taken.") % name


def isolated(text: str) -> str:
    return f"\u2068{text}\u2069"


def join_url(notification: Notification) -> str:
    return f"/friends/invitations/{notification.pk}/"


def join(user: User, notification_id: int) -> Room:
    """`user` follows an invitation's link: it is read, and its room is where they go."""
    # A path's number may be beyond the database's integers: no invitation has it.
    notification = (Notification.objects.filter(pk=notification_id, user=user)
                    .exclude(invitation=None).select_related("invitation__room", "invitation__sender").first()
                    if 0 < notification_id < 2**63 else None)
    if notification is None:
        raise Refused("no_invitation", _("There is no such invitation."))
    if notification.read_at is None:
        Notification.objects.filter(pk=notification.pk).update(read_at=timezone.now())
    invitation = notification.invitation
    if invitation is None or invitation.expires_at <= timezone.now() or not _still_inviting(invitation):
        raise Refused("expired", _("This invitation has ended: ask for a new one."))
    if invitation.room.closed:
        raise Refused("closed", _("This room was closed by a moderator."))
    return invitation.room


def _still_inviting(invitation: Invitation) -> bool:
    """The sender's say-so, read again as the link is followed: they still sit at or own
    the table, and may act (a suspended sender's links, a private room's above all, end)."""
    room = invitation.room
    if room.owner_id != invitation.sender_id and not room.seats.filter(user_id=invitation.sender_id,
                                                                       bot=False).exists():
        return False
    try:
        hooks.may_act.check(invitation.sender)
    except Refused:
        return False
    return True


def unread_count(user: User) -> int:
    return Notification.objects.filter(user=user, read_at=None).count()


@dataclass
class Line:
    notification: Notification
    text: str
    url: str | None
    unread: bool


def read_notifications(user: User) -> list[Line]:
    """The person's notifications, newest first, in the current language; reading them
    marks them read."""
    now = timezone.now()
    notifications = list(Notification.objects.filter(user=user).order_by("-id")
                         .select_related("invitation__sender", "invitation__room")[:NOTIFICATIONS_KEPT])
    lines = [Line(n, text_of(n), join_url(n) if n.invitation is not None and n.invitation.expires_at > now
                  else None, n.read_at is None) for n in notifications]
    Notification.objects.filter(user=user, read_at=None).update(read_at=now)
    return lines


@dataclass
class Friend:
    user: User
    online: bool
    # The public table they are at, if any; True for a private one (not named).
    room: Room | None
    private_table: bool


def friends_of(user: User) -> list[Friend]:
    """The people `user` follows, who is online first, and at which public table."""
    followed = list(User.objects.filter(pk__in=Follow.objects.filter(follower=user).values("followed"))
                    .order_by("username"))
    ids = [friend.pk for friend in followed]
    now = timezone.now()
    # At a table: their page there is open (here_until), or their match is being played.
    seats = (Seat.objects.filter(user_id__in=ids, bot=False, room__closed=False)
             .filter(Q(here_until__gt=now) | Q(room__matches__status=Match.Status.PLAYING))
             .select_related("room").order_by("-here_until"))
    tables: dict[int, Room] = {}
    for seat in seats:
        tables.setdefault(seat.user_id, seat.room)
    sockets = online(ids)
    rows = []
    for friend in followed:
        room = tables.get(friend.pk)
        rows.append(Friend(friend, friend.pk in sockets or room is not None,
                           None if room is None or room.private else room, room is not None and room.private))
    rows.sort(key=lambda row: not row.online)
    return rows


def table_of(user: User) -> Room | None:
    """The open table `user` sits at (the latest), which they can invite friends to."""
    seat = (Seat.objects.filter(user=user, bot=False, room__closed=False).select_related("room")
            .order_by("-room__created_at").first())
    return seat.room if seat is not None else None


def forget(user: User) -> None:
    """An account deleted: its follows, blocks, invitations and notifications go with it."""
    with transaction.atomic():
        Follow.objects.filter(Q(follower=user) | Q(followed=user)).delete()
        Block.objects.filter(Q(blocker=user) | Q(blocked=user)).delete()
        Invitation.objects.filter(Q(sender=user) | Q(receiver=user)).delete()
        Notification.objects.filter(user=user).delete()
        # Others' reports about them keep their outcome, under the deleted name.
        reports = Notification.objects.filter(kind=Notification.Kind.REPORT, data__reported=user.pk)
        for notification in reports:
            notification.data["name"] = deleted_name(user)
            notification.save(update_fields=["data"])
        Change.objects.filter(user=user).delete()
