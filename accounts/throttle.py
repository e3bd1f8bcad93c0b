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

Every attempt, right or wrong, also takes its password hash from the budgets of
accounts/budget.py: the site's, and its address's (a trusted browser's: its account's).
The password change form's old password is guessed like a login's and counted the same.

While a key waits, every attempt under it is refused unheard, the right password too:
otherwise waiting would not slow guessing. Only usernames that exist get an account key
(an email address that is nobody's gets a key of its own: see Attempt.of), and only
browsers that logged in get a device key; address rows are pruned once forgiven,
so random usernames and addresses cannot grow the table without bound.
"""

import hashlib
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.auth import user_logged_in
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import UsernameField
from django.core import signing
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import ngettext

from accounts import budget
from accounts.budget import Refusal, Why
from accounts.models import LoginFailures, User
from tarneeb import addresses
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


def address_key(address: str) -> str:
    """The throttle's name for a client address: the one every budget counts it under
    (tarneeb.addresses.address_key: an IPv6 /64 as one subscriber)."""
    return f"address:{addresses.address_key(address)[:100]}"


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
class _Charge:
    at: datetime
    retry_at: datetime
    # The row as it was before this attempt's charge (None: the charge created it).
    before: tuple[int, datetime, datetime] | None


@dataclass
class Attempt:
    user: AbstractBaseUser | None
    device: str | None
    address: str
    limits: dict[str, int] = field(default_factory=dict)
    charges: dict[str, _Charge] = field(default_factory=dict)

    @classmethod
    def of(cls, request: HttpRequest) -> "Attempt":
        """A login: the account is the one the form names, if it exists."""
        # The login form's own cleaning (strip, NFKC): a full-width "alice" is alice's account.
        # An account's confirmed email names it too (the backend's lookup): both count as one.
        username = UsernameField(max_length=254).to_python(request.POST.get(User.USERNAME_FIELD))
        user = User.objects.named(username) if username else None
        attempt = cls.for_user(request, user)
        if user is None and username and "@" in username:
            # An address that is nobody's waits as an account's would: the wait must not
            # tell which addresses have accounts (tests/test_login_email_enumeration.py).
            # Its rows are bounded by the client address's limit and pruned as any.
            digest = hashlib.sha256(username.lower().encode()).hexdigest()[:32]
            attempt.limits[f"login:{digest}"] = settings.LOGIN_FAILURE_LIMIT
        return attempt

    @classmethod
    def for_user(cls, request: HttpRequest, user: AbstractBaseUser | None) -> "Attempt":
        """An attempt at `user`'s password (a login, or the password change form's old one)."""
        device = _trusted_device(request, user) if user is not None else None
        attempt = cls(user=user, device=device, address=request_client_address(request))
        if device is not None and user is not None:  # a device is only ever the user's
            attempt.limits[f"device:{user.pk}:{device}"] = settings.LOGIN_FAILURE_LIMIT
        else:
            attempt.limits[address_key(attempt.address)] = settings.LOGIN_ADDRESS_FAILURE_LIMIT
            if user is not None:
                attempt.limits[f"account:{user.pk}"] = settings.LOGIN_FAILURE_LIMIT
        return attempt

    def hash_buckets(self) -> list[budget.Bucket]:
        # A trusted browser is not held back by its address (others there may be
        # attacking), but by its account: an account's own logins still cost hashes.
        who = f"account:{self.user.pk}" if self.device is not None and self.user is not None \
            else address_key(self.address)
        return [*budget.site(), budget.hashes_of(who)]

    def begin(self) -> Refusal | None:
        """Refuse (the wait, untouched counts) or count this attempt as a failure before
        the password is checked. Checking first and counting after would let a burst of
        simultaneous requests all pass the check: each would be a free guess. An attempt
        that must wait takes no hash from the budgets; one the budgets refuse is not
        counted as a failure."""
        at = now()
        forgive = _forgive_every()
        with transaction.atomic():
            # Sorted: two attempts lock shared rows in one order, never each other's first.
            # (Failures before budgets, always: accounts.budget locks only its own rows.)
            rows = {row.key: row for row in
                    LoginFailures.objects.select_for_update().filter(key__in=self.limits).order_by("key")}
            waits = [row.retry_at - at for row in rows.values() if row.retry_at > at]
            if waits:
                return Refusal(max(waits), Why.WRONG_PASSWORDS)
            refused = budget.take(self.hash_buckets())
            if refused is not None:
                return refused
            for key, limit in sorted(self.limits.items()):
                row = rows.get(key)
                before = None if row is None else (row.failures, row.last_failure, row.retry_at)
                if row is None:
                    row, _ = LoginFailures.objects.select_for_update().get_or_create(
                        key=key, defaults={"last_failure": at, "retry_at": at})
                forgiven = max((at - row.last_failure) // forgive, 0)
                # Past the cap more failures would only make forgiveness take longer.
                row.failures = min(max(row.failures - forgiven, 0) + 1, limit + _steps_to_cap() + 1)
                row.last_failure = at
                row.retry_at = at + _delay(row.failures, limit)
                row.save(update_fields=["failures", "last_failure", "retry_at"])
                self.charges[key] = _Charge(at=at, retry_at=row.retry_at, before=before)
        _prune(at)
        return None

    def succeeded(self) -> None:
        """The right password: clear the account's or this browser's count (the account's
        only when this browser was not trusted: a trusted browser's login says nothing
        about an attack elsewhere). The address gets back only this attempt's charge:
        clearing it would let an attacker with an account of their own reset it between
        guesses at other accounts."""
        with transaction.atomic():
            for key, charge in sorted(self.charges.items()):
                if not key.startswith("address:"):
                    LoginFailures.objects.filter(key=key).delete()
                    continue
                row = LoginFailures.objects.select_for_update().filter(key=key).first()
                if row is None:
                    continue
                row.failures = max(row.failures - 1, 0)
                unchanged = (row.last_failure, row.retry_at) == (charge.at, charge.retry_at)
                if charge.before is not None and unchanged:
                    # No failure since ours: the row as it was.
                    _, row.last_failure, row.retry_at = charge.before
                if row.failures == 0:
                    row.delete()
                else:
                    row.save(update_fields=["failures", "last_failure", "retry_at"])


def _prune(at: datetime) -> None:
    """Delete rows whose every failure is forgiven (at most once a minute per process)."""
    global _last_prune
    if _last_prune is not None and timedelta(0) <= at - _last_prune < PRUNE_EVERY:
        return
    _last_prune = at
    longest = max(settings.LOGIN_FAILURE_LIMIT, settings.LOGIN_ADDRESS_FAILURE_LIMIT) + _steps_to_cap() + 1
    LoginFailures.objects.filter(last_failure__lt=at - _forgive_every() * longest).delete()


def remember_device(request: HttpRequest, response: HttpResponseBase, user: AbstractBaseUser) -> None:
    """Mark this browser as one that logged in to `user` (after a successful login)."""
    device = _trusted_device(request, user) or secrets.token_urlsafe(12)
    others = [d for d in _devices(request) if d[0] != user.pk]
    devices = [[user.pk, device, _auth_hash(user)], *others][:DEVICES_PER_BROWSER]
    response.set_cookie(
        DEVICE_COOKIE, signing.dumps(devices, salt=DEVICE_SALT),
        max_age=DEVICE_COOKIE_DAYS * 24 * 3600, httponly=True, samesite="Lax",
        # As the session cookie: over plain HTTP (`make run`) a Secure cookie is dropped by
        # the browser, and the player would never be trusted.
        secure=settings.SECURE_COOKIES,
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


def refused(request: HttpRequest, refusal: Refusal) -> HttpResponse:
    """429 with the reason in the player's words: their wrong passwords, or a budget of
    password hashes (their address's, or the whole site's)."""
    if refusal.why == Why.WRONG_PASSWORDS:
        return locked_out(request, refusal.wait)
    wait = max(refusal.wait, timedelta(seconds=1))
    response = render(request, "accounts/busy.html", {"wait": format_wait(wait), "why": refusal.why.value},
                      status=429)
    response["Retry-After"] = str(math.ceil(wait.total_seconds()))
    return response


# A login during the view (Django's signal): anything else was a wrong password, or at
# least not a right one, and stays counted.
@receiver(user_logged_in, dispatch_uid="accounts.throttle.logged_in")
def _note_login(sender: Any, request: HttpRequest | None, user: AbstractBaseUser, **kwargs: Any) -> None:
    if request is not None:
        request.logged_in_user = user  # type: ignore[attr-defined]  # for throttled_login, below


View = Callable[..., HttpResponseBase]


def throttled_login(view: View) -> View:
    """Wrap a login view (ours, the admin's): refuse attempts that must wait, count the
    others as failures until they log in, and remember the browser that does."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        attempt = Attempt.of(request)
        # A flood's attempts are refused from an unlocked read first: begin() takes a lock,
        # which on SQLite is the database's one writer.
        refusal = budget.peek(attempt.hash_buckets()) or attempt.begin()
        if refusal is not None:
            return refused(request, refusal)
        budget.lower_priority()
        response = view(request, *args, **kwargs)
        user = getattr(request, "logged_in_user", None)
        if user is not None:
            if attempt.user is not None and user.pk == attempt.user.pk:
                attempt.succeeded()
            remember_device(request, response, user)
        return response

    return wrapper
