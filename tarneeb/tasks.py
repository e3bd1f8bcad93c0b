import time

from celery import shared_task


@shared_task
def ping() -> str:
    """Answered by any live worker; /healthz waits for it."""
    return "pong"


def wait_for_worker(timeout: float = 30.0) -> None:
    """Return once a worker answers a ping (a worker process may take seconds to start)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if ping.apply_async(expires=2).get(timeout=2, disable_sync_subtasks=False) == "pong":
                return
        except Exception:
            time.sleep(0.2)
    raise TimeoutError(f"no Celery worker answered within {timeout:.0f} s")
