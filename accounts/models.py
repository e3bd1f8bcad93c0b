import hashlib
from typing import Any, ClassVar

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.dispatch import Signal
from django.utils.translation import gettext_lazy as _

from accounts.validators import UsernameValidator
from tarneeb.text import skeleton

LOOKALIKE_MESSAGE = _("This username looks like the name of another player. Please choose a "
                      "name that others cannot mistake for theirs.")


def skeleton_key(username: str) -> str:
    """What look-alike usernames share (tarneeb.text.skeleton), as a fixed-size key: a
    skeleton can be several times longer than its name."""
    return hashlib.sha256(skeleton(username).encode()).hexdigest()


class Accounts(UserManager["User"]):
    def get_by_natural_key(self, username: str | None) -> "User":
        """The account a login names (ModelBackend's lookup, and the login throttle's
        through `named`): one reading as an address is the account that confirmed it, else
        a name. An older name with @ (no longer given) cannot stand in front of the address
        of someone who proved they read its mail (tests/test_login_email_before_name.py)."""
        if username and "@" in username:
            owner = self.filter(email__iexact=username).first()
            if owner is not None:
                return owner
        return super().get_by_natural_key(username)

    def named(self, login: str | None) -> "User | None":
        try:
            return self.get_by_natural_key(login)
        except self.model.DoesNotExist:
            return None


# Sent once a new password is saved (a change, a reset), with `user`: every other session
# ends at its next request (Django's session hash); games closes the account's sockets.
password_changed = Signal()


class HandSort(models.TextChoices):
    TRUMP_FIRST = "trump_first", _("By suit, trump first, high to low")
    FIXED = "fixed", _("By suit in a fixed order (♠ ♥ ♣ ♦), high to low")
    LOW_FIRST = "low_first", _("By suit, trump first, low to high")


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

    # The username's look-alike key: unique, so no two accounts can look alike, however
    # many sign up at once. Empty (NULL) only for an account made before it existed that
    # already looked like an older one (migration 0007).
    # NULL, not "": many accounts may have no key, and a unique column holds many NULLs.
    username_skeleton = models.CharField(max_length=64, unique=True, null=True, editable=False)  # noqa: DJ001

    # `email` (AbstractUser's) is a confirmed address: one that a link sent to it opened
    # (accounts/emails.py). It logs in and gets password resets; no two accounts share one.
    # An address given but not confirmed yet waits here.
    pending_email = models.EmailField(_("email address waiting for confirmation"), blank=True, default="",
                                      db_default="")

    # Settings (accounts/preferences.py). Empty language or time zone: the browser's. The
    # database has the defaults too (migration 0011), as for every column added since
    # 0001: rows written through an older migration's model (the migration tests) get them.
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True,
                                default="", db_default="")
    time_zone = models.CharField(_("time zone"), max_length=64, blank=True, default="", db_default="")
    sound = models.BooleanField(_("sound at the table"), default=False, db_default=False)
    four_colour_deck = models.BooleanField(_("four-colour deck"), default=False, db_default=False)
    confirm_card = models.BooleanField(_("confirm before playing a card"), default=False, db_default=False)
    hand_sort = models.CharField(_("how the hand is sorted"), max_length=12, choices=HandSort.choices,
                                 default=HandSort.TRUMP_FIRST, db_default=HandSort.TRUMP_FIRST)

    objects: ClassVar[Accounts] = Accounts()
    _loaded_username: str | None = None

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        constraints = [models.UniqueConstraint(Lower("email"), condition=~models.Q(email=""),
                                               name="one_account_per_email")]

    @classmethod
    def from_db(cls, *args: Any, **kwargs: Any) -> "User":
        user = super().from_db(*args, **kwargs)
        user._loaded_username = user.__dict__.get("username")
        return user

    def clean(self) -> None:
        super().clean()  # NFKC, as the login form reads usernames
        if not self.username:
            return  # refused already (empty, or its field did not validate)
        taken = User._default_manager.exclude(pk=self.pk)
        if taken.filter(username__iexact=self.username).exists():
            return  # the uniqueness check says so, in its own words
        if taken.filter(username_skeleton=skeleton_key(self.username)).exists():
            raise ValidationError({"username": ValidationError(LOOKALIKE_MESSAGE, code="lookalike")})

    def save(self, *args: Any, **kwargs: Any) -> None:
        # Read before saving, which forgets it (set_password's mark).
        new_password = getattr(self, "_password", None) is not None and not self._state.adding
        # Only a new or changed name gets a new key: a key made with an older confusables
        # table stays, rather than making the account unsavable.
        update_fields = kwargs.get("update_fields")
        changed = self._state.adding or getattr(self, "_loaded_username", None) != self.username
        if changed and (update_fields is None or "username" in update_fields):
            self.username_skeleton = skeleton_key(self.username)
            if update_fields is not None:
                kwargs["update_fields"] = {*update_fields, "username_skeleton"}
        super().save(*args, **kwargs)
        self._loaded_username = self.username
        if new_password:
            password_changed.send(sender=User, user=self)

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


class PasswordHashBudget(models.Model):
    """A token bucket of password hashes (accounts/budget.py): the whole site's, one client
    address's, one account's trusted browsers', or an address's sign-ups. Rows of addresses
    are pruned once full again."""

    key = models.CharField(max_length=200, unique=True)
    tokens = models.FloatField()
    updated_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key}: {self.tokens:.2f} at {self.updated_at:%Y-%m-%d %H:%M:%S}"


class DeletedAccount(models.Model):
    """An account its person deleted (accounts/deletion.py): its number is the N of the
    "deleted player N" that stands for them in the matches they played."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="deletion")
    deleted_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"deleted player {self.pk}"
