"""Mail goes out from the worker (accounts/mail.py); the requests only ask for it."""

from celery import shared_task
from django.http import HttpRequest
from django.utils.translation import get_language

from accounts import mail
from accounts.models import User


def ask_to_confirm(request: HttpRequest, user: User, email: str) -> None:
    """`email` waits for its link, which is mailed (the caller took the mail budgets)."""
    user.pending_email = email
    user.save(update_fields=["pending_email"])
    send_confirmation.delay(user.pk, email, request.build_absolute_uri("/"), get_language())


def ask_for_reset(request: HttpRequest, email: str) -> None:
    """A reset mail to whichever accounts have `email`, if any: the request learns nothing."""
    send_password_reset.delay(email, request.build_absolute_uri("/"), get_language())


# A mail server that is down or refuses for a while (smtplib's errors are OSErrors) is
# tried again, waiting longer each time, for about half an hour in all.
@shared_task(ignore_result=True, autoretry_for=(OSError,), retry_backoff=30, max_retries=6)
def send_confirmation(user_id: int, email: str, base: str, language: str) -> None:
    mail.confirmation(user_id, email, base, language)


@shared_task(ignore_result=True, autoretry_for=(OSError,), retry_backoff=30, max_retries=6)
def send_password_reset(email: str, base: str, language: str) -> None:
    mail.password_reset(email, base, language)
