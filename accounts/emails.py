"""An email address becomes an account's once a link sent to it is opened: signed,
expiring (EMAIL_CONFIRM_SECONDS) and good once. Until then it waits in `pending_email`
and neither logs in nor gets a password reset, so nobody can take over an address they
cannot read, nor have mail sent in someone's name more than the caps allow.

A link stays good only while its address is the one waiting: confirming it, or giving
another address since, ends it.
"""

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.urls import reverse

from accounts.models import User

SALT = "accounts.emails.confirm"


def valid_hours() -> int:
    return max(1, round(settings.EMAIL_CONFIRM_SECONDS / 3600))


def confirm_path(user: User, email: str) -> str:
    token = signing.dumps({"u": user.pk, "e": email}, salt=SALT, compress=True)
    return reverse("confirm_email", args=[token])


def waiting(token: str) -> tuple[User, str] | None:
    """The account and the address a link confirms, if it is good now."""
    try:
        data = signing.loads(token, salt=SALT, max_age=settings.EMAIL_CONFIRM_SECONDS)
    except signing.BadSignature:  # a forged or mangled link, or an expired one
        return None
    if not isinstance(data, dict) or not isinstance(data.get("e"), str) or not isinstance(data.get("u"), int):
        return None
    user = User.objects.filter(pk=data["u"], is_active=True).first()
    if user is None or not user.pending_email or user.pending_email.lower() != data["e"].lower():
        return None
    return user, data["e"]


def confirm(user: User, email: str) -> bool:
    """Make `email` the account's; False when another account confirmed it first."""
    try:
        with transaction.atomic():
            updated = (User.objects.filter(pk=user.pk, pending_email=email)
                       .update(email=email, pending_email=""))
    except IntegrityError:  # one_account_per_email
        return False
    return updated == 1
