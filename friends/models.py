"""Follows, blocks, invitations to a table, and the notifications a person reads."""

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from games.models import Room


class Follow(models.Model):
    """`follower` follows `followed`: `followed` is on the follower's friends list."""

    follower = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    followed = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("follow")
        verbose_name_plural = _("follows")
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_once"),
            models.CheckConstraint(condition=~Q(follower=F("followed")), name="follow_not_self"),
        ]
        indexes = [models.Index(fields=["followed"], name="follow_followed")]

    def __str__(self) -> str:
        return f"{self.follower_id} follows {self.followed_id}"


class Block(models.Model):
    """`blocker` hides `blocked`'s chat lines and refuses their follows, invitations and
    seats in the blocker's private rooms."""

    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("block")
        verbose_name_plural = _("blocks")
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")), name="block_not_self"),
        ]
        indexes = [models.Index(fields=["blocked"], name="block_blocked")]

    def __str__(self) -> str:
        return f"{self.blocker_id} blocks {self.blocked_id}"


class Invitation(models.Model):
    """`sender` asks `receiver` to their table at `room` until `expires_at`: it shows the
    receiver the room's link, which is what opens a private room."""

    sender = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    receiver = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [models.UniqueConstraint(fields=["sender", "receiver", "room"], name="invite_once")]
        indexes = [models.Index(fields=["sender", "-created_at"], name="invitation_sender_latest")]

    def __str__(self) -> str:
        return f"{self.sender_id} invites {self.receiver_id} to {self.room_id}"


class Notification(models.Model):
    """One line of a person's notifications page: an invitation, or the outcome of a
    report they made. Its words are written when it is read, in the reader's language."""

    class Kind(models.TextChoices):
        INVITATION = "invitation", _("invitation")
        REPORT = "report", _("report outcome")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    invitation = models.ForeignKey(Invitation, null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="+")
    # A report's outcome: {"reported": their id, "name": their name, "outcome": Report.Outcome}.
    data: Any = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        indexes = [models.Index(fields=["user", "-id"], name="notification_user_latest"),
                   models.Index(fields=["user"], condition=Q(read_at=None), name="notification_unread")]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}"


class Change(models.Model):
    """One follow, block, invitation or reading a person did: what their budgets count
    (friends.services), across every server process. Pruned as each is taken."""

    class Kind(models.TextChoices):
        PEOPLE = "people", _("follow or block")
        INVITE = "invite", _("invitation")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=6, choices=Kind.choices)
    at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["user", "kind", "at"], name="friends_change_budget")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind} at {self.at:%H:%M:%S}"
