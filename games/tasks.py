from celery import shared_task

from games import groups, services
from tarneeb.realtime import publish


@shared_task(ignore_result=True)
def announce(text: str) -> None:
    """Show a moderator's announcement to everyone in the lobby."""
    publish(groups.LOBBY, {"type": "announcement", "text": text})


@shared_task(ignore_result=True)
def act_on_deadline(match_id: int, version: int) -> None:
    """The turn timer (or the pause before the next deal) ran out for `version`."""
    services.on_deadline(match_id, version)


@shared_task(ignore_result=True)
def play_overdue() -> int:
    """Beat's sweep: any turn whose timer message was lost is played here."""
    return services.play_overdue()
