from celery import shared_task


@shared_task
def ping() -> str:
    """Answered by any live worker; /healthz waits for it."""
    return "pong"
