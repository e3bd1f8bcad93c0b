from celery import shared_task
from django.db import InterfaceError, OperationalError

from games import bot_players, groups
from games.services import move_path, room_life
from tarneeb.realtime import publish


@shared_task(ignore_result=True)
def announce(text: str) -> None:
    """Show a moderator's announcement to everyone in the lobby."""
    publish(groups.LOBBY, {"type": "announcement", "text": text})


# A connection the database dropped (a restart, a failover) fails one attempt and leaves
# the pool; a retry, which may draw another dropped one, soon gets a fresh connection,
# well before the turn's deadline makes the timer play for the bot.
retried_task = shared_task(  # type: ignore[call-overload]  # celery takes a float delay; celery-types says int
    ignore_result=True, autoretry_for=(InterfaceError, OperationalError), max_retries=10,
    default_retry_delay=0.1)


@retried_task
def bot_move(match_id: int, version: int) -> None:
    """A bot's turn at `version` (games.bot_players); the timer stands behind it."""
    bot_players.move(match_id, version)


@shared_task(ignore_result=True)
def fill_quick_room(room_id: str) -> None:
    """Quick play waited QUICK_PLAY_BOT_SECONDS for people: bots take the empty seats."""
    bot_players.fill_quick_room(room_id)


@shared_task(ignore_result=True)
def fill_waiting_quick_rooms() -> int:
    """Beat's backstop, every QUICK_PLAY_SWEEP_SECONDS: a Quick play room whose bots' task
    was lost is filled."""
    return bot_players.fill_waiting_quick_rooms()


@shared_task(ignore_result=True)
def release_left_seats() -> int:
    """Beat's sweep, every SEAT_SWEEP_SECONDS: seats whose people left a table that is not
    playing are given up."""
    return room_life.release_left_seats()


@shared_task(ignore_result=True)
def play_overdue() -> int:
    """The turn timer, run by beat every SWEEP_SECONDS: every turn whose deadline passed
    is played."""
    return move_path.play_overdue()
