from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A player. Usernames may be Arabic: Django's validator accepts any Unicode letter."""

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
