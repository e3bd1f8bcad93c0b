"""Beat sleeps until the turn timer's sweep is due, rather than spinning (tarneeb.beat).

Celery's own scheduler wakes 10 ms early and calls `tick` without sleeping until the entry
is due: about seventy ticks each time, four times a second, 4% of a core for beat alone.
With celery's scheduler the test below counts some 500 ticks for 8 sends.
"""

import itertools
import time
from typing import Any

from celery import Celery, beat

from tarneeb.beat import Scheduler

SWEEP_SECONDS = 0.25


def run_beat(scheduler_class: type[beat.Scheduler], seconds: float) -> tuple[int, list[float]]:
    """Run the scheduler as `celery beat`'s Service does for `seconds` after its first send;
    the ticks and when each send was."""
    app = Celery("beat-test", broker="memory://", set_as_current=False)
    app.conf.beat_schedule = {"sweep": {"task": "sweep", "schedule": SWEEP_SECONDS}}
    scheduler = scheduler_class(app=app, lazy=False)
    sent: list[float] = []

    def apply_async(entry: Any, producer: Any = None, advance: bool = True, **kwargs: Any) -> None:
        sent.append(time.monotonic())

    scheduler.apply_async = apply_async  # type: ignore[method-assign]
    # Counted from the first send: on a loaded CI machine the first tick alone has taken
    # a second, which says nothing about the pace.
    ticks, give_up = 0, time.monotonic() + seconds + 10
    while time.monotonic() < (sent[0] + seconds if sent else give_up):
        interval = scheduler.tick()
        ticks += 1
        if interval and interval > 0:
            time.sleep(interval)
    return ticks, sent


def test_beat_ticks_about_once_a_send_and_keeps_the_sweeps_pace() -> None:
    ticks, sent = run_beat(Scheduler, seconds=2.0)
    assert len(sent) >= 7  # every quarter of a second
    assert max(later - earlier for earlier, later in itertools.pairwise(sent)) < 2 * SWEEP_SECONDS
    assert ticks <= 3 * len(sent) + 2
