"""Login throttling that an attacker can neither side-step nor turn against the player.

Wrong passwords are counted under keys, each with a growing delay once past its limit:

- the account (whatever address the attempts come from), shared by every browser that
  has not logged in to this account before;
- one browser that has logged in to this account before (it holds a signed device
  cookie, OWASP's "device cookie" pattern): its attempts are counted apart, so an
  attacker hammering the account elsewhere does not lock the player out of their own
  browser; and the account's and the address's counts do not apply to it;
- the client address (tarneeb/addresses.py), across every username, so one address
  cannot try one password on many accounts.

While a key waits, every attempt under it is refused unheard, the right password too:
otherwise waiting would not slow guessing. Only usernames that exist get an account key
and only browsers that logged in get a device key; address rows are pruned once forgiven,
so random usernames and addresses cannot grow the table without bound.
"""

import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import wraps
from ipaddress import IPv6Network, ip_address
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model, user_logged_in, user_login_failed
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import UsernameField
from django.core import signing
from django.db import transaction
from django.db.models import Max
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import ngettext

from accounts.models import LoginFailures
from tarneeb.addresses import request_client_address

DEVICE_COOKIE = "tarneeb_device"
DEVICE_SALT = "accounts.throttle.device"
DEVICE_COOKIE_DAYS = 365
# Accounts remembered per browser (a family computer), newest first.
DEVICES_PER_BROWSER = 5
PRUNE_EVERY = timedelta(minutes=1)

_last_prune: datetime | None = None


def now() -> datetime:
    return timezone.now()


def _delay(failures: int, limit: int) -> timedelta:
    """The wait after `failures` wrong passwords: none up to the limit, then the base
    delay doubling with each further one, up to the cool-off."""
    if failures < limit:
        return timedelta(0)
    cap = settings.LOGIN_COOLOFF_MINUTES * 60
    steps = failures - limit
    # 2**steps overflows float for huge counts; past the cap the count no longer matters.
    seconds = cap if steps > 40 else min(cap, settings.LOGIN_DELAY_SECONDS * 2**steps)
    return timedelta(seconds=seconds)


def _steps_to_cap() -> int:
    base = max(settings.LOGIN_DELAY_SECONDS, 1)
    return max(0, math.ceil(math.log2(max(settings.LOGIN_COOLOFF_MINUTES * 60 / base, 1))))


def _forgive_every() -> timedelta:
    # One wrong password is forgiven per cool-off without failures: an attacker waiting
    # out the longest delay each time stays at it rather than earning fresh tries.
    return timedelta(minutes=max(settings.LOGIN_COOLOFF_MINUTES, 1))


def _address_key(address: str) -> str:
    try:
        parsed = ip_address(address)
    except ValueError:
        return f"address:{address[:100]}"
    if parsed.version == 6:
        # One IPv6 subscriber holds a whole /64: count them as one address.
        return f"address:{IPv6Network((parsed, 64), strict=False)}"
    return f"address:{parsed}"


def _auth_hash(user: AbstractBaseUser) -> str:
    # Changing the password forgets the browsers: whoever knew the old one cannot keep
    # minting per-device counters for the account.
    return user.get_session_auth_hash()[:16]


def _devices(request: HttpRequest) -> list[list[Any]]:
    value = request.COOKIES.get(DEVICE_COOKIE)
    if not value:
        return []
    try:
        devices = signing.loads(value, salt=DEVICE_SALT, max_age=timedelta(days=DEVICE_COOKIE_DAYS))
    except signing.BadSignature:
        return []
    if not isinstance(devices, list):
        return []
    return [d for d in devices if isinstance(d, list) and len(d) == 3]


def _trusted_device(request: HttpRequest, user: AbstractBaseUser) -> str | None:
    """The device id this browser holds for `user`, if it logged in to it before."""
    for pk, device, auth_hash in _devices(request):
        if pk == user.pk and isinstance(device, str) and auth_hash == _auth_hash(user):
            return device
    return None


@dataclass
class Attempt:
    user: AbstractBaseUser | None
    device: str | None
    address: str
    limits: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, request: HttpRequest) -> "Attempt":
        model = get_user_model()
        max_length = model._meta.get_field(model.USERNAME_FIELD).max_length
        # The login form's own cleaning (strip, NFKC): a full-width "alice" is alice's account.
        username = UsernameField(max_length=max_length).to_python(request.POST.get(model.USERNAME_FIELD))
        user = model._default_manager.filter(**{model.USERNAME_FIELD: username}).first() if username else None
        device = _trusted_device(request, user) if user is not None else None
        attempt = cls(user=user, device=device, address=request_client_address(request))
        if device is not None:
            attempt.limits[f"device:{user.pk}:{device}"] = settings.LOGIN_FAILURE_LIMIT
        else:
            attempt.limits[_address_key(attempt.address)] = settings.LOGIN_ADDRESS_FAILURE_LIMIT
            if user is not None:
                attempt.limits[f"account:{user.pk}"] = settings.LOGIN_FAILURE_LIMIT
        return attempt

    def wait(self) -> timedelta:
        """How long before this attempt may be heard (zero: now)."""
        retry_at = LoginFailures.objects.filter(key__in=self.limits).aggregate(at=Max("retry_at"))["at"]
        return max(retry_at - now(), timedelta(0)) if retry_at else timedelta(0)

    def failed(self) -> None:
        at = now()
        forgive = _forgive_every()
        with transaction.atomic():
            for key, limit in sorted(self.limits.items()):  # one order: no deadlock between two attempts
                row, _ = LoginFailures.objects.select_for_update().get_or_create(
                    key=key, defaults={"last_failure": at, "retry_at": at})
                forgiven = (at - row.last_failure) // forgive
                # Past the cap more failures would only make forgiveness take longer.
                row.failures = min(max(row.failures - forgiven, 0) + 1, limit + _steps_to_cap() + 1)
                row.last_failure = at
                row.retry_at = at + _delay(row.failures, limit)
                row.save(update_fields=["failures", "last_failure", "retry_at"])
        _prune(at)

    def succeeded(self) -> None:
        # The address keeps its count: with an account of their own, an attacker could
        # otherwise clear it between guesses at other accounts. A trusted browser clears
        # only its own count: the account's may be an attack still going on.
        keys = [key for key in self.limits if not key.startswith("address:")]
        LoginFailures.objects.filter(key__in=keys).delete()


def _prune(at: datetime) -> None:
    """Delete rows whose every failure is forgiven (at most once a minute per process)."""
    global _last_prune
    if _last_prune is not None and timedelta(0) <= at - _last_prune < PRUNE_EVERY:
        return
    _last_prune = at
    longest = max(settings.LOGIN_FAILURE_LIMIT, settings.LOGIN_ADDRESS_FAILURE_LIMIT) + _steps_to_cap() + 1
    LoginFailures.objects.filter(last_failure__lt=at - _forgive_every() * longest).delete()


def remember_device(request: HttpRequest, response: HttpResponse, user: AbstractBaseUser) -> None:
    """Mark this browser as one that logged in to `user` (after a successful login)."""
    device = _trusted_device(request, user) or secrets.token_urlsafe(12)
    others = [d for d in _devices(request) if d[0] != user.pk]
    devices = [[user.pk, device, _auth_hash(user)], *others][:DEVICES_PER_BROWSER]
    response.set_cookie(
        DEVICE_COOKIE, signing.dumps(devices, salt=DEVICE_SALT),
        max_age=DEVICE_COOKIE_DAYS * 24 * 3600, httponly=True, samesite="Lax",
        secure=not settings.DEBUG,
    )


def format_wait(wait: timedelta) -> str:
    seconds = math.ceil(wait.total_seconds())
    if seconds <= 90:
        return ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}


def locked_out(request: HttpRequest, wait: timedelta) -> HttpResponse:
    response = render(request, "accounts/locked_out.html", {"wait": format_wait(wait)}, status=429)
    response["Retry-After"] = str(math.ceil(wait.total_seconds()))
    return response


# What authenticate() concluded during the view: Django's own signals say it exactly
# (a form refused for a missing field or a bad CSRF token is not a wrong password).
@receiver(user_login_failed, dispatch_uid="accounts.throttle.failed")
def _note_failure(sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None,
                  **kwargs: Any) -> None:
    if request is not None:
        request.login_outcome = "failed"  # type: ignore[attr-defined]


@receiver(user_logged_in, dispatch_uid="accounts.throttle.logged_in")
def _note_login(sender: Any, request: HttpRequest | None, user: AbstractBaseUser, **kwargs: Any) -> None:
    if request is not None:
        request.login_outcome = user  # type: ignore[attr-defined]


View = Callable[..., HttpResponse]


def throttled_login(view: View) -> View:
    """Wrap a login view (ours, the admin's): refuse attempts that must wait, count the
    wrong passwords, and remember the browser after a successful login."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        attempt = Attempt.of(request)
        wait = attempt.wait()
        if wait:
            return locked_out(request, wait)
        response = view(request, *args, **kwargs)
        outcome = getattr(request, "login_outcome", None)
        if outcome == "failed":
            attempt.failed()
        elif isinstance(outcome, AbstractBaseUser):
            if attempt.user is not None and outcome.pk == attempt.user.pk:
                attempt.succeeded()
            remember_device(request, response, outcome)
        return response

    return wrapper
