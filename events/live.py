"""The standings pushed to every page of an event, on commit (events.consumers)."""

from django.db import transaction

from tarneeb.realtime import publish


def group(event_id: int) -> str:
    return f"event.{event_id}"


def publish_standings(event_id: int) -> None:
    """Every open page of the event fetches the standings again (the text is in each
    reader's language, so the pages ask rather than receive it)."""
    transaction.on_commit(lambda: publish(group(event_id), {"type": "event.changed", "event": event_id}))
