from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.validators import UsernameValidator


class User(AbstractUser):
    """A player. Usernames may be Arabic: Django's validator accepts any Unicode letter.

    A bot is an account too, one per level (games.bot_players), so seats, matches and
    history treat it as any player; it cannot log in (moderation.backends).
    """

    class BotLevel(models.TextChoices):
        STANDARD = "standard", _("standard")
        EXPERT = "expert", _("expert")

    username = models.CharField(
        _("username"),
        max_length=150,
        unique=True,
        help_text=_("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
        validators=[UsernameValidator()],
        error_messages={"unique": _("A user with that username already exists.")},
    )
    # Empty for a person. A database default too: code that predates bots still inserts users.
    bot_level = models.CharField(_("bot level"), max_length=10, choices=BotLevel.choices, blank=True,
                                 default="", db_default="", editable=False)

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)


class LoginFailures(models.Model):
    """Recent wrong passwords counted under one key (accounts/throttle.py): an account, one
    trusted browser of an account, or a client address. Rows are pruned once forgiven."""

    key = models.CharField(max_length=200, unique=True)
    failures = models.PositiveIntegerField(default=0)
    last_failure = models.DateTimeField(db_index=True)
    # No attempt under this key is heard before this time.
    retry_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.key}: {self.failures} until {self.retry_at:%Y-%m-%d %H:%M:%S}"
