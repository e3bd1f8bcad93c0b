"""Helpers for the rating-farming tests: matches written as if played and rated as the live
path rates them, fast enough to play a season and a farming run in one test."""

from datetime import datetime, timedelta
from itertools import combinations
from typing import Any

from games import engine
from games.models import Match, MatchPlayer, Room
from ratings.rate import rate_match


def rated(users: list[Any], winner: int, when: datetime) -> Match:
    """A Classic match of `users` by seat that team `winner` won, finished and rated at
    `when`; in a room of its own, written straight to the tables (no room-opening limit)."""
    room = Room.objects.create(owner=users[0], name="rated", variant="classic", target=31)
    match = Match.objects.create(
        room=room, variant="classic", target=31, status=Match.Status.FINISHED, first_dealer=0,
        state=engine.new_match("classic", dealer=0, target=31).to_dict(), winner=winner, finished_at=when,
        seating=[{"user": user.pk, "username": user.username, "timeouts": 0} for user in users])
    MatchPlayer.objects.bulk_create(MatchPlayer(match=match, seat=seat, user=user)
                                    for seat, user in enumerate(users))
    rate_match(match)
    return match


def farm(accounts: list[Any], matches: int, start: datetime, every: timedelta = timedelta(seconds=8)) -> None:
    """The attack: one person's four accounts, the first two always beating the other two,
    one match every `every` (50 matches in the 7 minutes of issue 28)."""
    winners, losers = accounts[:2], accounts[2:]
    for n in range(matches):
        rated([winners[0], losers[0], winners[1], losers[1]], 0, start + n * every)


def honest_season(players: list[Any], start: datetime) -> None:
    """Eight honest players over two weeks: every four of them meet once (70 matches, the
    sides split three ways in turn), so each faces all seven others. The stronger side
    wins: the lower sum of places in `players` (the first is the strongest), on a tie the
    side with the better player."""
    splits = ((0, 1), (0, 2), (0, 3))
    for n, four in enumerate(combinations(players[:8], 4)):
        ours = [four[i] for i in splits[n % 3]]
        theirs = [p for p in four if p not in ours]
        ours_key, theirs_key = ((sum(map(players.index, side)), min(map(players.index, side)))
                                for side in (ours, theirs))
        rated([ours[0], theirs[0], ours[1], theirs[1]], 0 if ours_key < theirs_key else 1,
              start + n * timedelta(hours=5))
