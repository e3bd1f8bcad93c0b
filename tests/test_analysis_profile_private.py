"""A player's hand-analysis figures count a private match's hands only for those who may
see that match (history.listing.visible_matches): the player, staff and the others who sat
in it; a stranger and a logged-out visitor count the public matches alone."""

import pytest
from django.contrib.auth.models import AnonymousUser

from analysis import profile
from tests.analysis_rows import hand_data, match_of, player, store

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_medians():
    profile.forget_medians()
    yield
    profile.forget_medians()


def hands_seen(viewer) -> int:
    (row,) = profile.analysis_figures(player("alice"), viewer)
    return row.hands


def test_private_hands_are_counted_only_for_who_may_see_them():
    public = match_of(["alice", "bob", "carol", "dave"])
    store(public, 1, hand_data("classic", [(0, 0), (1, 0), (2, 0), (3, 0)], declarer=0))
    private = match_of(["alice", "erin", "frank", "grace"], private=True)
    for number in (1, 2):
        # Alice's private cards are all costly: a stranger's figures would show it.
        store(private, number, hand_data("classic", [(0, 3), (1, 0), (2, 0), (3, 0)], declarer=0))

    for stranger in (AnonymousUser(), player("mallory")):
        (row,) = profile.analysis_figures(player("alice"), stranger)
        assert row.hands == 1
        assert {f.key: f.value for f in row.figures}["best_cards"] == 1.0
        assert {f.key: f.value for f in row.figures}["lost"] == 0.0
    assert hands_seen(player("alice")) == 3
    assert hands_seen(player("erin")) == 3  # sat in it
    assert hands_seen(player("staff", is_staff=True)) == 3


def test_only_private_hands_show_nothing_to_a_stranger():
    private = match_of(["alice", "erin", "frank", "grace"], private=True)
    store(private, 1, hand_data("classic", [(0, 1), (1, 0), (2, 0), (3, 0)], declarer=0))
    assert profile.analysis_figures(player("alice"), player("mallory")) == []
    assert profile.analysis_figures(player("alice"), AnonymousUser()) == []
