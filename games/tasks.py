from celery import shared_task
from django.db import InterfaceError, OperationalError

from games import groups, services
from tarneeb.realtime import publish


@shared_task(ignore_result=True)
def announce(text: str) -> None:
    """Show a moderator's announcement to everyone in the lobby."""
    publish(groups.LOBBY, {"type": "announcement", "text": text})


# A connection the database dropped (a restart, a failover) fails one attempt and leaves
# the pool; a retry, which may draw another dropped one, soon gets a fresh connection,
# well before beat's sweep.
@shared_task(ignore_result=True, autoretry_for=(InterfaceError, OperationalError), max_retries=10,
             default_retry_delay=0.1)
def act_on_deadline(match_id: int, version: int) -> None:
    """The turn timer (or the pause before the next deal) ran out for `version`."""
    services.on_deadline(match_id, version)


@shared_task(ignore_result=True)
def play_overdue() -> int:
    """Beat's sweep: any turn whose timer message was lost is played here."""
    return services.play_overdue()
