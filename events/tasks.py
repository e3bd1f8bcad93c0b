"""An event's background work: beat's sweep moves every event on; a table's end asks for
its round to be looked at at once. Both reach events.services.step, which is idempotent
under the event's lock: a lost task or a restarted worker only waits for the next sweep."""

from celery import shared_task

from events import services
from events.models import Round


@shared_task(ignore_result=True)
def advance() -> int:
    return services.advance()


@shared_task(ignore_result=True)
def check_round(round_id: int) -> None:
    event_id = Round.objects.filter(pk=round_id).values_list("event_id", flat=True).first()
    if event_id is not None:
        services.step(event_id)
