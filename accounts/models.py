from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A player. Usernames may be Arabic: Django's validator accepts any Unicode letter."""

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
