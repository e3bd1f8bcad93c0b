"""How the worker and beat hold on to Redis, the broker (scaled mode).

Two fixes, both found by killing Redis under a running worker (docs/security.md, Faults):

1. `Transport`, kombu's Redis transport with one change (settings: CELERY_BROKER_TRANSPORT).

When the worker loses Redis while it holds unacknowledged messages (every turn timer
waiting for its ETA is one), Celery 5.7 cleans up with `connection.collect()` and then
`connection.close()`. The first closes the channel, whose pending BRPOP read fails with
Redis gone, so the close stops half-way, and then detaches the transport
(`connection.client = None`). The second close runs the channel's close again, which now
gets as far as restoring the unacknowledged messages: kombu builds a Redis client from
`connection.client.hostname` and raises AttributeError, which Celery does not count as a
connection error, and the worker exits for good (kombu 5.7.0, celery 5.7.0).

Restoring cannot succeed then anyway: Redis is unreachable. The messages stay in Redis's
unacked set, from which kombu restores them after `visibility_timeout`; the turns they
were waiting for are played by beat's sweeper (games.tasks.play_overdue) long before.

2. `AMQP`, whose connections retry a lost broker every 2 s (tarneeb.celery). The worker's
and beat's reconnect loops call kombu's `ensure_connection()` without intervals, so they
wait 2, 4, 6 ... up to 30 s between tries: a turn came up to 30 s after Redis was back.
Publishers (daphne) pass their own retry policy and are unchanged.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Self

import kombu
from celery.app.amqp import AMQP as CeleryAMQP
from kombu.transport import redis

logger = logging.getLogger("tarneeb.broker")


class QoS(redis.QoS):
    def restore_unacked(self, client: Any = None) -> None:
        if client is None and self.channel.connection.client is None:
            assert self._delivered is not None  # set by QoS.__init__
            # The connection was already collected: nothing to reach Redis with.
            logger.warning("Redis connection lost: %d unacknowledged message(s) stay in Redis's "
                           "unacked set (restored after the visibility timeout)", len(self._delivered))
            self._delivered.clear()
            return
        super().restore_unacked(client)


class Channel(redis.Channel):
    QoS = QoS


class Transport(redis.Transport):
    Channel = Channel


# A refused connect costs the broker nothing: retry often, so the first tick after
# Redis is back finds the worker and beat connected.
RECONNECT_EVERY = 2


class Connection(kombu.Connection):
    def _ensure_connection(self, errback: Callable[[Exception, float], None] | None = None,
                           max_retries: int | None = None, interval_start: int = 1, interval_step: int = 1,
                           interval_max: int = RECONNECT_EVERY, callback: Callable[[], None] | None = None,
                           reraise_as_library_errors: bool = True, timeout: int | None = None) -> Self:
        return super()._ensure_connection(errback, max_retries, interval_start, interval_step, interval_max,
                                          callback, reraise_as_library_errors, timeout)


class AMQP(CeleryAMQP):
    Connection = Connection
