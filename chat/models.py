from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Room


class ChatMessage(models.Model):
    """A line of a room's chat. Spectators' lines written while a match was being played
    are for spectators only (`Audience.SPECTATORS`); the players never receive them while
    they sit at a live match."""

    class Audience(models.TextChoices):
        EVERYONE = "everyone", _("everyone at the room")
        SPECTATORS = "spectators", _("spectators")

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="chat_lines")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    audience = models.CharField(max_length=10, choices=Audience.choices, default=Audience.EVERYONE)
    text = models.CharField(max_length=200, blank=True)
    # A quick phrase's key (chat.phrases): each reader sees it in their own language.
    phrase = models.CharField(max_length=20, blank=True)
    # A moderator's message to the room: shown apart, to everyone, chat on or off.
    moderator = models.BooleanField(_("from a moderator"), default=False)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    deleted_at = models.DateTimeField(null=True, blank=True)
    deleted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        indexes = [models.Index(fields=["room", "-id"], name="chat_room_latest"),
                   models.Index(fields=["user", "-created_at"], name="chat_user_latest")]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.room_id}: {self.text or self.phrase}"


class Mute(models.Model):
    """A moderator's mute: the user cannot write in any chat until `until`."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes")
    until = models.DateTimeField()
    reason = models.CharField(max_length=300, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("chat mute")
        verbose_name_plural = _("chat mutes")
        indexes = [models.Index(fields=["user", "-until"], name="mute_user_until")]

    def __str__(self) -> str:
        return f"{self.user_id} muted until {self.until:%Y-%m-%d %H:%M}"
