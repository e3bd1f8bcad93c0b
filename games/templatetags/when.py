"""`{{ moment|when }}` and `{{ moment|when:"date" }}`: a <time> element in the site's one
date format (games/dates.py), which static/js/times.js (loaded by base.html) rewrites in
the reader's time zone. The server's text stays as it is without JavaScript."""

from datetime import date, datetime

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from games.dates import date_text, when_text

register = template.Library()


@register.filter(is_safe=True)
def when(moment: datetime | date | None, kind: str = "datetime") -> SafeString | str:
    if not moment:
        return ""
    if not isinstance(moment, datetime):  # a date: nothing to move between zones
        moment = datetime(moment.year, moment.month, moment.day)
        return format_html('<time datetime="{}">{}</time>', moment.date().isoformat(), date_text(moment))
    text = date_text(moment) if kind == "date" else when_text(moment)
    return format_html('<time datetime="{}" data-when="{}">{}</time>', moment.isoformat(), kind, text)
