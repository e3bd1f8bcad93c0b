"""Analysis 0002 counts the sums of the analyses stored before it (SeatFigures), as a
saved analysis counts them: the profile's figures and the fair-play signals start from
every hand analysed so far."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from analysis import deal
from analysis.models import SeatFigures
from tests.analysis_rows import hand_data
from tests.past_matches import past_match

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("analysis", "0001_initial")


def migrate_to(*targets: tuple[str, str]):
    MigrationExecutor(connection).migrate(list(targets))
    return MigrationExecutor(connection).loader.project_state(list(targets)).apps


def latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def test_stored_analyses_are_counted():
    old = migrate_to(BEFORE)
    try:
        OldAnalysis = old.get_model("analysis", "HandAnalysis")
        match = past_match(["ann", "bob", "cat", "dan"])
        OldAnalysis.objects.create(match_id=match.pk, hand=1, version=deal.VERSION, data=hand_data(
            "classic", [(0, 0), (1, 1), (2, 0), (3, 0)], declarer=0, calls=[(0, 8, "overreached")]))
        OldAnalysis.objects.create(match_id=match.pk, hand=2, version=deal.VERSION, data=hand_data(
            "classic", [(1, 0), (2, 0), (3, 2), (0, 0)], declarer=1, calls=[(1, 7, None)]))
        migrate_to(*latest())
        stored = SeatFigures.objects.filter(match=match).select_related("user", "partner")
        rows = {row.seat: row for row in stored}
        assert {seat: (row.user.username, row.partner.username) for seat, row in rows.items()} == {
            0: ("ann", "cat"), 1: ("bob", "dan"), 2: ("cat", "ann"), 3: ("dan", "bob")}
        ann, bob, dan = rows[0], rows[1], rows[3]
        assert (ann.hands, ann.leads, ann.best_leads, ann.bids, ann.makeable_bids) == (2, 1, 1, 1, 0)
        assert (bob.lost, bob.best_cards, bob.declarer_cards, bob.defence_cards) == (1, 1, 1, 1)
        assert (dan.lost, dan.defence_best, dan.declarer_best) == (2, 1, 0)
        assert {row.variant for row in rows.values()} == {"classic"}
    finally:
        migrate_to(*latest())
