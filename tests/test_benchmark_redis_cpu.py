"""benchmarks.load counts redis-server with the scaled servers' CPU: the channel layer's and
the broker's work is a move's cost too."""

from pathlib import Path

import pytest
from django.conf import settings

from benchmarks.load_servers import redis_servers
from tests.conftest import require_service

pytestmark = pytest.mark.scaled


def test_the_redis_server_on_the_url_s_port_is_counted_and_no_other() -> None:
    require_service("Redis", settings.REDIS_URL)
    found = redis_servers(settings.REDIS_URL)
    assert len(found) == 1
    assert Path(f"/proc/{found[0]}/cmdline").read_bytes().startswith(b"redis-server")
    assert redis_servers("redis://127.0.0.1:1/0") == []
