from celery import shared_task

from games import groups
from tarneeb.realtime import publish


@shared_task(ignore_result=True)
def announce(text: str) -> None:
    """Show a moderator's announcement to everyone in the lobby."""
    publish(groups.LOBBY, {"type": "announcement", "text": text})
