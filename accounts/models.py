from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.validators import UsernameValidator


class User(AbstractUser):
    """A player. Usernames may be Arabic: Django's validator accepts any Unicode letter."""

    username = models.CharField(
        _("username"),
        max_length=150,
        unique=True,
        help_text=_("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
        validators=[UsernameValidator()],
        error_messages={"unique": _("A user with that username already exists.")},
    )

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"


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
