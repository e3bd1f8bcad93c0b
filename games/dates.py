"""One way to write a date or a time, wherever the site shows one: the day, the month's
name and the year in the reader's language ("3 December 2026", "3 ديسمبر 2026"), and a
time on the 24-hour clock labelled with its zone ("3 December 2026, 14:05 UTC").

Numbers only ("12/03/2026") read as 3 December in one country and 12 March in the next;
a month's name cannot be misread. The server writes in its own zone (TIME_ZONE, UTC) and
says so; on a page, static/js/times.js rewrites each <time data-when> in the browser's
zone and labels it with that one (games/templatetags/when.py makes them).
"""

from datetime import datetime

from django.utils import formats, timezone
from django.utils.translation import get_language_bidi

DATE = "j F Y"
TIME = "H:i"


def _local(moment: datetime) -> datetime:
    return timezone.localtime(moment) if timezone.is_aware(moment) else moment


def date_text(moment: datetime) -> str:
    """The day alone: "3 December 2026"."""
    return formats.date_format(_local(moment), DATE)


def when_text(moment: datetime) -> str:
    """The day and the time, with the time zone: "3 December 2026, 14:05 UTC"."""
    local = _local(moment)
    separator = "، " if get_language_bidi() else ", "
    zone = local.tzname() or ""
    return (f"{formats.date_format(local, DATE)}{separator}{formats.time_format(local, TIME)}"
            f" {zone}").strip()
