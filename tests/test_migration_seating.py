"""Matches saved before games 0002 keep their players' seats and timeout counts."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("games", "0001_initial"), ("games", "0002_match_seating")


def migrate_to(target: tuple[str, str]):  # type: ignore[no-untyped-def]
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    return MigrationExecutor(connection).loader.project_state([target]).apps


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
    finally:
        new = migrate_to(AFTER)

    seating = new.get_model("games", "Match").objects.get(pk=match.pk).seating
    assert seating == [{"user": user.pk, "username": f"old{n}", "timeouts": 2 if n == 2 else 0}
                       for n, user in enumerate(users)]
