"""The analysis queue's task (CELERY_TASK_ROUTES): a worker of its own runs it, so that a
backlog of hands never holds up a turn timer, a deal or a bot move (docs/records.md,
*Hand analysis*)."""

from celery import shared_task

from analysis import hands


@shared_task(ignore_result=True)
def analyse_hand(match_id: int, hand: int) -> None:
    """Analyse hand `hand` of the match, once it is over (analysis.hands.analyse)."""
    hands.analyse(match_id, hand)
