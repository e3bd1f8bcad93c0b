"""The mail the site sends an account: a link to confirm an email address, a link to set
a new password. Each is written in the account's language (its setting, or the language
of the page that asked) and sent from the worker (accounts/tasks.py), never from a
request: a slow mail server holds no page, and a password reset's answer costs the same
whether or not the address is anyone's (accounts/reset.py).

Caps (accounts/budget.py): mail to one account an hour, whatever its kind; mail asked for
from one client address; resets asked for one email address.
"""

import logging
from urllib.parse import urlsplit

from django.contrib.auth.forms import PasswordResetForm
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import translation

from accounts import budget, emails
from accounts.models import User

log = logging.getLogger("accounts.mail")


def _send(user: User, to: str, template: str, context: dict[str, object], language: str) -> None:
    with translation.override(user.language or language):
        subject = " ".join(render_to_string(f"accounts/mail/{template}_subject.txt", context).split())
        body = render_to_string(f"accounts/mail/{template}.txt", {"user": user, **context})
    send_mail(subject, body, None, [to])


def confirmation(user_id: int, email: str, base: str, language: str) -> None:
    """The link that confirms `email` as the account's, while it is still the one waiting."""
    user = User.objects.filter(pk=user_id, is_active=True, pending_email=email).first()
    if user is None:
        return  # another address was given since, or the account is gone
    link = base.rstrip("/") + emails.confirm_path(user, email)
    _send(user, email, "confirm_email", {"link": link, "email": email, "hours": emails.valid_hours()},
          language)


class ResetForm(PasswordResetForm):
    """Django's reset mail, for each account with the address that is under its hourly cap
    of mail, in that account's language."""

    language = ""

    def get_users(self, email: str) -> list[User]:
        users = [user for user in super().get_users(email) if isinstance(user, User)]
        return [user for user in users if budget.take([budget.mail_to(user.pk)]) is None]

    def send_mail(self, subject_template_name: str, email_template_name: str, context: dict[str, object],
                  from_email: str | None, to_email: str, html_email_template_name: str | None = None) -> None:
        user = context["user"]
        assert isinstance(user, User)
        _send(user, to_email, "password_reset", context, self.language)


def password_reset(email: str, base: str, language: str) -> None:
    """Django's password reset mail to every active account whose confirmed address is
    `email` (none: nothing is sent, and nobody is told)."""
    form = ResetForm(data={"email": email})
    if not form.is_valid():
        return
    form.language = language
    url = urlsplit(base)
    form.save(domain_override=url.netloc, use_https=url.scheme == "https")
