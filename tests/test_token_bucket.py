from tarneeb.ratelimit import RecentBuckets, SharedBuckets, TokenBucket


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_it_allows_a_burst_then_the_rate():
    clock = Clock()
    bucket = TokenBucket(3, rate=2, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now = 0.5  # one token back
    assert [bucket.take() for _ in range(2)] == [True, False]


def test_it_never_holds_more_than_its_capacity():
    clock = Clock()
    bucket = TokenBucket(2, rate=10, clock=clock)
    clock.now = 60
    assert [bucket.take() for _ in range(3)] == [True, True, False]


def test_shared_buckets_last_while_a_socket_holds_them():
    buckets = SharedBuckets()
    first = buckets.join("alice", 5, 1)
    assert buckets.join("alice", 5, 1) is first
    buckets.leave("alice")
    assert buckets.join("alice", 5, 1) is first
    buckets.leave("alice")
    buckets.leave("alice")
    assert len(buckets) == 0


def test_recent_buckets_forget_the_least_recently_seen_key():
    buckets = RecentBuckets(keys=2)
    assert buckets.take("a", 1, 0.001)
    assert not buckets.take("a", 1, 0.001)
    buckets.take("b", 1, 0.001)
    buckets.take("c", 1, 0.001)
    assert len(buckets) == 2
    assert buckets.take("a", 1, 0.001), "a was forgotten, so it starts afresh"
