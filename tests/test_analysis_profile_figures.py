"""The profile's hand-analysis figures, per variant, on analyses written by hand whose
answer is counted below: share of cards at cost 0, tricks lost a hand, opening leads at
cost 0, declarer play at cost 0 and bids that could make (Classic); and rendered as a
table, every label translated."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.utils import translation

from analysis import profile
from analysis.models import SeatFigures
from tests.analysis_rows import hand_data, match_of, store

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_medians():
    profile.forget_medians()
    yield
    profile.forget_medians()


@pytest.fixture
def alice_hands():
    """Alice at seat 0 of a Classic match (two hands) and seat 2 of a Tarneeb 41 one (one)."""
    classic = match_of(["alice", "bob", "carol", "dave"])
    # Hand 1: Alice declares; she leads at cost 0, then a card that costs 2; she bid 8 and
    # overreached.
    store(classic, 1, hand_data("classic", [(0, 0), (1, 0), (2, 1), (3, 0), (0, 2), (1, 0), (2, 0), (3, 0)],
                                declarer=0, calls=[(1, None, None), (2, 7, None), (3, None, None),
                                                   (0, 8, "overreached")]))
    # Hand 2: Bob declares and leads; Alice defends, one card at cost 1; her 7 could make.
    store(classic, 2, hand_data("classic", [(1, 0), (2, 0), (3, 0), (0, 1), (1, 0), (2, 0), (3, 0), (0, 0)],
                                declarer=1, calls=[(0, 7, None), (1, 8, None), (2, None, None),
                                                   (3, None, None), (0, None, None)]))
    forty_one = match_of(["carol", "bob", "alice", "dave"], variant="forty_one")
    store(forty_one, 1, hand_data("forty_one", [(0, 0), (1, 0), (2, 0), (3, 1)]))
    return classic, forty_one


def test_figures_counted_by_hand(alice_hands):
    classic, _ = alice_hands
    alice = classic.players.get(seat=0).user
    rows = {row.variant: row for row in profile.analysis_figures(alice, alice)}
    assert list(rows) == ["classic", "forty_one"]
    assert rows["classic"].hands == 2
    got = {f.key: (f.value, f.over) for f in rows["classic"].figures}
    assert got == {"best_cards": (2 / 4, 4), "lost": (3 / 2, 2), "leads": (1.0, 1),
                   "declarer": (1 / 2, 2), "makeable": (1 / 2, 2)}
    assert rows["forty_one"].hands == 1
    got = {f.key: (f.value, f.over) for f in rows["forty_one"].figures}
    assert got == {"best_cards": (1.0, 1), "lost": (0.0, 1), "leads": (None, 0)}  # Carol led
    # The stored sums: one row a seat, counted again (not added to) when an analysis is saved again.
    row = SeatFigures.objects.get(match=classic, seat=0)
    assert (row.defence_cards, row.defence_best, row.partner.username) == (2, 1, "carol")
    classic.analyses.get(hand=2).save()
    assert SeatFigures.objects.get(match=classic, seat=0).cards == 4
    # Another viewer of these public matches sees the same.
    assert profile.analysis_figures(alice, AnonymousUser()) == list(rows.values())


def test_rendered_as_a_table_in_english_and_arabic(alice_hands):
    alice = alice_hands[0].players.get(seat=0).user
    with translation.override("en"):
        context = {"analysis_figures": profile.analysis_figures(alice, alice)}
        html = render_to_string("analysis/profile_figures.html", context)
    assert html.count("<table") == 2 and '<th scope="row">' in html and "<caption>Classic" in html
    assert "Cards at cost 0" in html and "50%" in html and "1.50" in html and "100%" in html
    with translation.override("ar"):
        context = {"analysis_figures": profile.analysis_figures(alice, alice)}
        arabic = render_to_string("analysis/profile_figures.html", context)
    assert arabic.count("<table") == 2 and "Classic" not in arabic  # the variants' names, translated
    assert render_to_string("analysis/profile_figures.html", {"analysis_figures": []}).strip() == ""
