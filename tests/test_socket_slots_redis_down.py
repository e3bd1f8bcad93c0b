"""While Redis cannot be reached, scaled mode's socket slots admit every socket uncounted
rather than refuse them all (the rate limits still hold), without an error."""

from redis.asyncio import BlockingConnectionPool, Redis

from tarneeb import sockets
from tarneeb.sockets import RedisSlots, address_limit, user_limit
from tests.processes import free_port


async def test_a_socket_is_admitted_uncounted_while_redis_is_away(caplog, monkeypatch):
    monkeypatch.setattr(sockets, "_warned_at", {})  # warned once a minute: this test's own
    pool = BlockingConnectionPool.from_url(f"redis://127.0.0.1:{free_port()}/0", max_connections=2,
                                           timeout=2, socket_timeout=2, socket_connect_timeout=2)
    slots = RedisSlots(Redis(connection_pool=pool), "away", 60.0)
    limits = [address_limit("203.0.113.7"), user_limit(1)]
    for holder in ("a", "b", "c"):
        assert await slots.take(holder, limits) is None
    assert slots.held == {} and slots.renewing is None
    await slots.give_back("a", limits)
    assert [record.getMessage() for record in caplog.records if "socket slots" in record.getMessage()]
    await pool.disconnect()
