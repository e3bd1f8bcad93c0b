"""Token buckets for what clients send over websockets.

A socket may send a burst, then a steady trickle; what it sends beyond that is refused
at once, before any database work, so a flood costs the server little and ends when it
stops. A socket that keeps sending into an empty bucket is closed, and a client that
keeps reconnecting is closed before it costs a database read.
"""

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class TokenBucket:
    """`capacity` tokens, refilled at `rate` a second; each message takes one."""

    capacity: float
    rate: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    updated: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.capacity
        self.updated = self.clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class SharedBuckets:
    """One bucket per key (a user) shared by all of that key's sockets in this process;
    a key's bucket is dropped when its last socket closes."""

    def __init__(self) -> None:
        self._buckets: dict[object, tuple[TokenBucket, int]] = {}

    def join(self, key: object, capacity: float, rate: float) -> TokenBucket:
        bucket, sockets = self._buckets.get(key) or (TokenBucket(capacity, rate), 0)
        self._buckets[key] = (bucket, sockets + 1)
        return bucket

    def leave(self, key: object) -> None:
        bucket, sockets = self._buckets[key]
        if sockets <= 1:
            del self._buckets[key]
        else:
            self._buckets[key] = (bucket, sockets - 1)

    def __len__(self) -> int:
        return len(self._buckets)


class RecentBuckets:
    """One bucket per key for the keys seen lately (at most `keys` of them, the least
    recently used forgotten first), so memory stays bounded whoever connects."""

    def __init__(self, keys: int = 10_000) -> None:
        self.keys = keys
        self._buckets: OrderedDict[object, TokenBucket] = OrderedDict()

    def take(self, key: object, capacity: float, rate: float) -> bool:
        bucket = self._buckets.pop(key, None) or TokenBucket(capacity, rate)
        self._buckets[key] = bucket
        if len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)
        return bucket.take()

    def __len__(self) -> int:
        return len(self._buckets)
