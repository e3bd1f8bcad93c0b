import cProfile, pstats, time
import pytest
from django.db import transaction
from games import services
from games.models import Match
from tests.tables import start_match

pytestmark = pytest.mark.django_db

def calls(fn, n=200):
    p = cProfile.Profile(); p.enable()
    for _ in range(n): fn()
    p.disable()
    return pstats.Stats(p).total_calls / n

def test_lock_variants():
    match = start_match("classic", turn_seconds=30)
    pk = match.pk
    base = lambda: services._locking().get(pk=pk)
    slim = lambda: services._locking().defer("room__owner__password", "room__owner__last_login", "room__owner__first_name", "room__owner__last_name", "room__owner__email", "room__owner__date_joined").get(pk=pk)
    norel = lambda: Match.objects.select_for_update(of=("self",)).get(pk=pk)
    for name, fn in [("base", base), ("slim", slim), ("norel", norel)]:
        t = time.perf_counter(); [fn() for _ in range(300)]; dt = (time.perf_counter() - t) / 300
        print(name, "calls", calls(fn), "ms", round(dt * 1000, 3))
