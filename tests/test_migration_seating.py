"""Matches saved before games 0002 keep their players' seats and timeout counts, both
ways."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("games", "0001_initial"), ("games", "0002_match_seating")


def migrate_to(*targets: tuple[str, str]):
    MigrationExecutor(connection).migrate(list(targets))
    return MigrationExecutor(connection).loader.project_state(list(targets)).apps


def latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def test_seating_is_filled_from_the_match_players():
    old = migrate_to(BEFORE)
    try:
        users = [old.get_model("accounts", "User").objects.create(username=f"old{n}") for n in range(4)]
        room = old.get_model("games", "Room").objects.create(id="oldroom", name="old", owner=users[0])
        match = old.get_model("games", "Match").objects.create(room=room, variant="classic", target=41,
                                                               first_dealer=0, state={})
        for seat, user in enumerate(users):
            old.get_model("games", "MatchPlayer").objects.create(
                match=match, seat=seat, user=user, away=seat == 2, timed_out_in_a_row=2 if seat == 2 else 0)
        new = migrate_to(AFTER)
        seating = new.get_model("games", "Match").objects.get(pk=match.pk).seating
        assert seating == [{"user": user.pk, "username": f"old{n}", "timeouts": 2 if n == 2 else 0}
                           for n, user in enumerate(users)]

        old = migrate_to(BEFORE)
        players = old.get_model("games", "MatchPlayer").objects.filter(match_id=match.pk).order_by("seat")
        assert [(p.away, p.timed_out_in_a_row) for p in players] == [
            (False, 0), (False, 0), (True, 2), (False, 0)]
    finally:
        migrate_to(*latest())
