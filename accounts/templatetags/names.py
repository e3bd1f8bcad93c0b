"""{{ user.username|shown }}: a username as a page shows it (accounts.deletion.shown_name):
a deleted account's "deleted player N" in the reader's language."""

from django import template

from accounts.deletion import shown_name

register = template.Library()


@register.filter
def shown(username: str) -> str:
    return shown_name(str(username))
