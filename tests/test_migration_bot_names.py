"""Bots already seated when games 0009 runs get names, distinct at their table, and the
people beside them keep none."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from games import bot_names, bot_players
from tests.tables import make_players

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("games", "0008_match_deals_match_seeds_held_room_arranged"), ("games", "0009_seat_bot_name")


def migrate_to(*targets: tuple[str, str]):
    MigrationExecutor(connection).migrate(list(targets))
    return MigrationExecutor(connection).loader.project_state(list(targets)).apps


def test_seated_bots_are_named():
    # Users made now: migrating games back leaves the accounts table as it is.
    (person,) = make_players(1, prefix="seated-before")
    bot = bot_players.bot_account("standard")
    old = migrate_to(BEFORE)
    try:
        room = old.get_model("games", "Room").objects.create(id="oldbots", name="old", owner_id=person.pk)
        Seat = old.get_model("games", "Seat")
        # At the table: beat's sweep (release_left_seats), running in this process since
        # an earlier test started the embedded worker, would give an absent person's seat up.
        Seat.objects.create(room=room, number=0, user_id=person.pk,
                            here_until=timezone.now() + timedelta(hours=1))
        for number in (1, 2, 3):
            Seat.objects.create(room=room, number=number, user_id=bot.pk, bot=True)
        new = migrate_to(AFTER)
        names = dict(new.get_model("games", "Seat").objects.filter(room_id="oldbots")
                     .values_list("number", "bot_name"))
        assert names[0] == ""
        bots = {names[1], names[2], names[3]}
        assert len(bots) == 3 and bots <= set(bot_names.KEYS)
    finally:
        migrate_to(*MigrationExecutor(connection).loader.graph.leaf_nodes())
