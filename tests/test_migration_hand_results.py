"""history 0002 fills HandResult for matches played before it, from their logs, with the
rows the live writes (history.hands.record, from games.services) give them."""

import random

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from history.models import HandResult
from tests.seeded_play import play_seeded, seeded_deals
from tests.tables import start_match

pytestmark = pytest.mark.django_db(transaction=True)

FIELDS = ("match", "hand", "seat", "user", "bid", "made", "kaboot", "tricks", "points", "turns",
          "timer_turns")


def migrate_to(target: tuple[str, str]) -> None:
    MigrationExecutor(connection).migrate([target])


def rows() -> list[tuple]:
    return list(HandResult.objects.order_by("match", "hand", "seat").values_list(*FIELDS))


def test_the_backfill_gives_the_rows_written_live(monkeypatch):
    rng = random.Random(47)
    seeded_deals(monkeypatch, rng, sweeps=0.2)
    classic = play_seeded(start_match("classic", turn_seconds=30), rng)
    rng = random.Random(47)
    seeded_deals(monkeypatch, rng, sweeps=0.2)
    forty_one = play_seeded(start_match("forty_one", turn_seconds=30), rng)
    live = rows()
    # Both variants, thrown-in deals and the timer's moves among them.
    assert {row[0] for row in live} == {classic.pk, forty_one.pk}
    assert any(row[FIELDS.index("points")] is None for row in live)
    assert any(row[FIELDS.index("timer_turns")] for row in live)
    try:
        migrate_to(("history", "0001_initial"))
        assert not HandResult.objects.exists()
        migrate_to(("history", "0002_fill_hand_results"))
        assert rows() == live
    finally:
        MigrationExecutor(connection).migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
