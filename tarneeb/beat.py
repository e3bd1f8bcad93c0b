"""Beat's schedulers, which sleep until the next entry is due.

Celery's scheduler sleeps until 10 ms before an entry is due, then calls `tick` without
sleeping until it is (`Scheduler.adjust`'s drift): about 70 ticks of 0.15 ms each time.
The turn timer's sweep is due four times a second, so beat spent 4% of a core spinning,
a third of a millisecond a move at 200 tables (docs/performance.md). A sleep overshoots by
a fraction of a millisecond, which a turn's deadline never feels.
"""

from celery import beat


class Scheduler(beat.Scheduler):
    """The embedded server's beat thread (tarneeb.embedded): its schedule kept in memory."""

    def adjust(self, n: int, drift: float = 0.0) -> float:
        return n


class PersistentScheduler(Scheduler, beat.PersistentScheduler):
    """`celery -A tarneeb beat`'s: each entry's last run kept in the `-s` file."""
