"""Accounts made before the look-alike key get theirs in the migration; of two older
accounts that already look alike, the older keeps the key and the other none, and both
can still be saved."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("accounts", "0006_user_username_skeleton"), ("accounts", "0008_username_skeleton_unique")


def migrate_to(*targets: tuple[str, str]):
    MigrationExecutor(connection).migrate(list(targets))
    return MigrationExecutor(connection).loader.project_state(list(targets)).apps


def latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def test_existing_accounts_get_their_key_and_a_look_alike_of_an_older_one_none():
    old = migrate_to(BEFORE)
    try:
        OldUser = old.get_model("accounts", "User")
        for name in ("alice", "\u0430lice", "bob"):  # the second: a Cyrillic a, made before the check
            OldUser.objects.create(username=name)
        migrate_to(AFTER)
        migrate_to(*latest())  # the model as it is now, on the columns added since
        User = get_user_model()
        keys = dict(User.objects.filter(username__in=["alice", "\u0430lice", "bob"])
                    .values_list("username", "username_skeleton"))
        assert keys["alice"] and keys["bob"] and keys["alice"] != keys["bob"]
        assert keys["\u0430lice"] is None
        impostor = User.objects.get(username="\u0430lice")
        impostor.set_password("a-long-secret-9")
        impostor.save()  # still savable: it keeps no key rather than clash
        assert User.objects.get(pk=impostor.pk).username_skeleton is None
    finally:
        migrate_to(*latest())
