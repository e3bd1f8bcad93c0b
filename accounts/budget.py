"""How many passwords the site hashes: every sign-up, login and password change costs a
PBKDF2 hash, about 0.4 s of a core. Unbounded, 114 sign-ups from one address in 32 s
saturated the server and every table's moves waited behind them (docs/security.md).

Token buckets, counted in the database so they hold across every server process:

- the whole site: PASSWORD_HASHES_PER_SECOND and PASSWORD_HASHES_PER_MINUTE;
- one client address (an IPv6 /64): ADDRESS_PASSWORD_HASHES_PER_MINUTE, successful
  logins included; a trusted browser's attempts count under its account instead, so
  that others at its address cannot use up its logins (accounts/throttle.py);
- one address's new accounts: SIGNUP_ADDRESS_BURST, then SIGNUP_ADDRESS_PER_HOUR.

The same buckets count what else one person may ask for: mail (to an account, from an
address, resets of one email address), downloads of one's data, and hints at the table.

A request takes one token from each of its buckets before it hashes, or none at all
and is refused (429) with the wait until it would get them.
"""

import contextlib
import hashlib
import os
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import PasswordHashBudget

PRUNE_EVERY = timedelta(minutes=1)
# A player saving their settings, or turning the table's sound on and off.
SETTINGS_PER_HOUR = 120

_last_prune: datetime | None = None


def now() -> datetime:
    return timezone.now()


class Why(StrEnum):
    """Whose budget ran out: the words the refusal page says."""

    SITE = "site"
    ADDRESS = "address"
    SIGNUPS = "signups"
    MAIL = "mail"
    DOWNLOADS = "downloads"
    SETTINGS = "settings"
    HINTS = "hints"
    # Not a budget: too many wrong passwords (accounts/throttle.py).
    WRONG_PASSWORDS = "wrong_passwords"


@dataclass(frozen=True)
class Bucket:
    key: str
    capacity: float
    per_second: float
    why: Why


@dataclass(frozen=True)
class Refusal:
    wait: timedelta
    why: Why


def site() -> list[Bucket]:
    per_second, per_minute = settings.PASSWORD_HASHES_PER_SECOND, settings.PASSWORD_HASHES_PER_MINUTE
    return [Bucket("site:second", max(per_second, 1.0), per_second, Why.SITE),
            Bucket("site:minute", max(per_minute, 1.0), per_minute / 60, Why.SITE)]


def hashes_of(who: str) -> Bucket:
    """`who`: an address key (accounts.throttle.address_key) or "account:<pk>"."""
    per_minute = settings.ADDRESS_PASSWORD_HASHES_PER_MINUTE
    return Bucket(f"hashes:{who}", max(per_minute, 1.0), per_minute / 60, Why.ADDRESS)


def signups_of(address_key: str) -> Bucket:
    return Bucket(f"signups:{address_key}", max(settings.SIGNUP_ADDRESS_BURST, 1),
                  settings.SIGNUP_ADDRESS_PER_HOUR / 3600, Why.SIGNUPS)


def _hourly(key: str, per_hour: float, why: Why) -> Bucket:
    return Bucket(key, max(per_hour, 1.0), per_hour / 3600, why)


def mail_to(account_pk: int) -> Bucket:
    """Mail of any kind sent to one account (accounts/mail.py)."""
    return _hourly(f"mail:account:{account_pk}", settings.MAIL_ACCOUNT_PER_HOUR, Why.MAIL)


def mail_from(address_key: str) -> Bucket:
    """Requests for mail (a reset, a confirmation link) from one client address."""
    return _hourly(f"mail:address:{address_key}", settings.MAIL_ADDRESS_PER_HOUR, Why.MAIL)


def resets_of(email: str) -> Bucket:
    """Password resets asked for one email address, whether it is an account's or not (the
    answer must not tell): keyed by a hash, so the table holds no address typed at random."""
    digest = hashlib.sha256(email.strip().lower().encode()).hexdigest()
    return _hourly(f"mail:reset:{digest}", settings.RESET_EMAIL_PER_HOUR, Why.MAIL)


def confirmations_to(email: str) -> Bucket:
    """Confirmation links mailed to one address, whichever accounts ask for them and from
    wherever: keyed by a hash, as resets_of."""
    digest = hashlib.sha256(email.strip().lower().encode()).hexdigest()
    return _hourly(f"mail:confirm:{digest}", settings.CONFIRM_EMAIL_PER_HOUR, Why.MAIL)


def settings_of(account_pk: int) -> Bucket:
    """Changes to one account's settings: each is a write."""
    return _hourly(f"settings:{account_pk}", SETTINGS_PER_HOUR, Why.SETTINGS)


def downloads_of(account_pk: int) -> Bucket:
    """Downloads of one's own data (accounts/takeout.py): each reads the whole history."""
    return _hourly(f"downloads:{account_pk}", settings.DATA_DOWNLOADS_PER_HOUR, Why.DOWNLOADS)


def hints_of(account_pk: int) -> Bucket:
    """A learner's hints (games/hints.py): each is an expert's decision, up to 0.2 s of CPU."""
    per_minute = settings.HINTS_PER_MINUTE
    return Bucket(f"hints:{account_pk}", max(settings.HINT_BURST, 1), per_minute / 60, Why.HINTS)


def _level(bucket: Bucket, row: PasswordHashBudget | None, at: datetime) -> float:
    if row is None:
        return bucket.capacity
    refilled = max((at - row.updated_at).total_seconds(), 0.0) * bucket.per_second
    return min(bucket.capacity, row.tokens + refilled)


def _wait(bucket: Bucket, level: float) -> timedelta:
    if bucket.per_second <= 0:
        return timedelta(days=1)
    return timedelta(seconds=(1 - level) / bucket.per_second)


def _refusal(buckets: list[Bucket], rows: dict[str, PasswordHashBudget], at: datetime) -> Refusal | None:
    levels = {bucket.key: _level(bucket, rows.get(bucket.key), at) for bucket in buckets}
    short = [bucket for bucket in buckets if levels[bucket.key] < 1]
    if not short:
        return None
    worst = max(short, key=lambda bucket: (bucket.why == Why.SITE, _wait(bucket, levels[bucket.key])))
    return Refusal(_wait(worst, levels[worst.key]), worst.why)


def peek(buckets: list[Bucket]) -> Refusal | None:
    """The refusal `take` would give now, read without a lock and taking nothing: a
    request can be refused before any work of its own."""
    keys = [bucket.key for bucket in buckets]
    rows = {row.key: row for row in PasswordHashBudget.objects.filter(key__in=keys)}
    return _refusal(buckets, rows, now())


def take(buckets: list[Bucket]) -> Refusal | None:
    """One token from every bucket, or none from any: the refusal names the longest wait
    (the site's first when the site is short, as waiting out an address's is no use then)."""
    at = now()
    # Sorted: two requests lock shared rows in one order, never each other's first.
    ordered = sorted(buckets, key=lambda bucket: bucket.key)
    keys = [bucket.key for bucket in ordered]
    # A flood is mostly refusals: those are read without a lock (on SQLite the lock is the
    # database's one writer, which the tables' moves wait for).
    refusal = peek(ordered)
    if refusal is not None:
        return refusal
    with transaction.atomic():
        rows = {row.key: row for row in
                PasswordHashBudget.objects.select_for_update().filter(key__in=keys).order_by("key")}
        refusal = _refusal(ordered, rows, at)
        if refusal is not None:
            return refusal
        levels = {bucket.key: _level(bucket, rows.get(bucket.key), at) for bucket in ordered}
        for bucket in ordered:
            row = rows.get(bucket.key)
            if row is None:
                row, _ = PasswordHashBudget.objects.select_for_update().get_or_create(
                    key=bucket.key, defaults={"tokens": bucket.capacity, "updated_at": at})
            row.tokens, row.updated_at = levels[bucket.key] - 1, at
            row.save(update_fields=["tokens", "updated_at"])
    _prune(at)
    return None


def _prune(at: datetime) -> None:
    """Delete the rows that are full again (at most once a minute per process): a bucket
    with no row is full, so random addresses cannot grow the table without bound."""
    global _last_prune
    if _last_prune is not None and timedelta(0) <= at - _last_prune < PRUNE_EVERY:
        return
    _last_prune = at
    slowest = [signups_of("-"), hashes_of("-"), *site(), mail_to(0), mail_from("-"), resets_of("-"),
               downloads_of(0), settings_of(0)]
    longest = max((bucket.capacity / bucket.per_second for bucket in slowest if bucket.per_second > 0),
                  default=24 * 3600.0)
    PasswordHashBudget.objects.filter(updated_at__lt=at - timedelta(seconds=longest)).delete()


def lower_priority() -> None:
    """Let this request's thread hash at a lower CPU priority (Linux nice
    PASSWORD_HASH_NICE): PBKDF2 releases the GIL and takes a core, and the tables' moves
    come first. Only on a thread of its own, as Django gives each request under ASGI: a
    thread cannot take its priority back."""
    if threading.current_thread() is threading.main_thread() or not hasattr(os, "setpriority"):
        return
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), settings.PASSWORD_HASH_NICE)
