"""The profile's deal figures for a whole match of each variant are the engine's: contracts
won at auction, made and kaboots in Classic, points a deal in Tarneeb 41, as counted here
from the match's log (its hand_scored events) independently of history.models."""

import random
from collections.abc import Iterator
from statistics import mean

import pytest

from games.models import Match, MatchEvent
from history.stats import VariantStats, variant_stats
from tests.seeded_play import play_seeded, seeded_deals
from tests.tables import start_match

pytestmark = pytest.mark.django_db


def scored(match: Match) -> list[dict]:
    return [event for row in MatchEvent.objects.filter(match=match).order_by("seq")
            for event in row.result if event["type"] == "hand_scored"]


def figures_of(match: Match) -> Iterator[tuple[int, VariantStats]]:
    for seat in range(4):
        user = match.players.get(seat=seat).user
        (stats,) = variant_stats(user, user)
        yield seat, stats


def test_classic_contracts_made_and_kaboots_are_the_logs(monkeypatch):
    rng = random.Random(41)  # 15 deals: two thrown in, contracts by all four, five made, three kaboots
    seeded_deals(monkeypatch, rng, sweeps=0.2)
    match = play_seeded(start_match("classic", turn_seconds=30), rng)
    hands = scored(match)
    declared = [hand["contract"]["seat"] for hand in hands]
    assert len(set(declared)) > 1 and not all(hand["made"] for hand in hands)  # a mixed match
    for seat, stats in figures_of(match):
        mine = [hand for hand in hands if hand["contract"]["seat"] == seat]
        assert stats.contracts == len(mine)
        assert stats.made == sum(hand["made"] for hand in mine)
        assert stats.kaboots == sum(hand["team_tricks"][seat % 2] == 13 for hand in hands)
    assert any(stats.kaboots for _, stats in figures_of(match))


def test_forty_one_points_a_hand_are_the_logs(monkeypatch):
    rng = random.Random(47)  # 13 deals, three of them kaboots
    seeded_deals(monkeypatch, rng, sweeps=0.2)
    match = play_seeded(start_match("forty_one", turn_seconds=30), rng)
    hands = scored(match)
    assert len(hands) > 1 and any(13 in hand["team_tricks"] for hand in hands)
    for seat, stats in figures_of(match):
        assert stats.points_per_hand == pytest.approx(mean(hand["points"][seat] for hand in hands))
        assert (stats.contracts, stats.kaboots) == (len(hands), sum(
            hand["team_tricks"][seat % 2] == 13 for hand in hands))


def test_the_profile_shows_them(client, monkeypatch):
    rng = random.Random(47)
    seeded_deals(monkeypatch, rng, sweeps=0.2)
    match = play_seeded(start_match("forty_one", turn_seconds=30), rng)
    username = match.seating[0]["username"]
    player = match.players.get(seat=0).user
    (stats,) = variant_stats(player, player)
    page = client.get(f"/u/{username}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Kaboots" in page and f"{stats.points_per_hand:.1f}" in page
