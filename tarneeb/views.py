import asyncio
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta

from asgiref.sync import sync_to_async
from channels.layers import BaseChannelLayer, get_channel_layer
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils import timezone

from games.models import Match
from tarneeb.tasks import ping

CHECK_TIMEOUT = 3.0


def _check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


async def _check_channel_layer() -> None:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    channel = await layer.new_channel("health.")  # type: ignore[call-arg]  # both real layers take a prefix
    try:
        await layer.send(channel, {"type": "health.ping"})
        await asyncio.wait_for(layer.receive(channel), CHECK_TIMEOUT)
    finally:
        await _give_up(layer, channel)


async def _give_up(layer: BaseChannelLayer, channel: str) -> None:
    """Channels has no call that ends a channel: the layers let one go when a receive on
    it is cancelled, as when a consumer closes (the pub/sub layer unsubscribes it). Without
    this every health check left a subscription behind. Bounded: the unsubscribe talks to
    Redis, which may be the part that is down."""
    waiting = asyncio.ensure_future(layer.receive(channel))
    await asyncio.sleep(0)
    waiting.cancel()
    await asyncio.wait({waiting}, timeout=CHECK_TIMEOUT)


def _check_worker() -> None:
    result = ping.apply_async(expires=CHECK_TIMEOUT)
    if result.get(timeout=CHECK_TIMEOUT, interval=0.02, disable_sync_subtasks=False) != "pong":
        raise RuntimeError("unexpected answer")


def _check_turn_timer() -> None:
    """The turn timer is beat's sweep (docs/timers.md): a turn overdue by more than a few
    sweeps means beat, or every worker, is not running, whatever the other checks say."""
    late = timezone.now() - timedelta(seconds=settings.TIMER_STALL_SECONDS)
    stalled = Match.objects.filter(status=Match.Status.PLAYING, deadline__lt=late).count()
    if stalled:
        raise RuntimeError(f"turns overdue by more than {settings.TIMER_STALL_SECONDS:g} s: {stalled}")


async def _timed(check: Callable[[], Awaitable[None]]) -> dict[str, object]:
    started = time.perf_counter()
    try:
        await check()
    except Exception as exc:  # any failure is the answer, not an error of this view
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:200]}
    return {"ok": True, "ms": round((time.perf_counter() - started) * 1000, 1)}


async def healthz(request: HttpRequest) -> JsonResponse:
    """Status of the database, the channel layer, the Celery worker and the turn timer;
    503 if one is down."""
    checks = {
        "database": await _timed(sync_to_async(_check_database)),
        "channel_layer": await _timed(_check_channel_layer),
        "worker": await _timed(sync_to_async(_check_worker, thread_sensitive=False)),
        "turn_timer": await _timed(sync_to_async(_check_turn_timer)),
    }
    healthy = all(check["ok"] for check in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "down", "mode": "scaled" if settings.SCALED else "embedded",
         "checks": checks},
        status=200 if healthy else 503,
    )
