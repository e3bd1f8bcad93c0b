"""Rating finished matches with openskill's Weng-Lin model (PlackettLuce, its defaults).

A match is two teams of two: seats 0 and 2 against seats 1 and 3, ranked by who won.
Ratings are per variant: Classic and Tarneeb 41 are different games. How the number
players see is made from openskill's belief is docs/ratings.md.
"""

from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import cast

from django.db import connection, transaction
from openskill.models import PlackettLuce

from games.models import Match, MatchPlayer
from ratings.models import Rating, RatingChange

# openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300.
MODEL = PlackettLuce()
# The displayed rating: openskill's ordinal, mu - 3 sigma (a skill the player is very
# likely above), scaled to a familiar range. A new player shows 1000 and climbs as their
# matches make the model surer; an established average player sits near 1500.
DISPLAY_Z, DISPLAY_ALPHA, DISPLAY_TARGET = 3.0, 25.0, 1000.0
TEAMS = ((0, 2), (1, 3))


def displayed(mu: float, sigma: float) -> int:
    return round(MODEL.rating(mu, sigma).ordinal(z=DISPLAY_Z, alpha=DISPLAY_ALPHA, target=DISPLAY_TARGET))


def rate_seats(beliefs: Sequence[tuple[float, float]], winner: int) -> list[tuple[float, float]]:
    """Each seat's (mu, sigma) after a match team `winner` won, from the four before it."""
    teams = [[MODEL.rating(*beliefs[seat]) for seat in team] for team in TEAMS]
    rated = MODEL.rate(teams, ranks=[0, 1] if winner == 0 else [1, 0])  # lower rank won
    after: list[tuple[float, float]] = [(0.0, 0.0)] * 4
    for team, players in zip(TEAMS, rated, strict=True):
        for seat, player in zip(team, players, strict=True):
            after[seat] = (player.mu, player.sigma)
    return after


def is_rated(match: Match) -> bool:
    """Finished matches between four people are rated; aborted ones (a moderator closed the
    room) and those with a bot account in a seat are not. A bot playing for an away player
    leaves the match rated: the seat is still theirs."""
    return (match.status == Match.Status.FINISHED and match.winner in (0, 1)
            and match.finished_at is not None and not any(sitter.get("bot") for sitter in match.seating))


def new_rating(user_id: int, variant: str, when: datetime) -> Rating:
    return Rating(user_id=user_id, variant=variant, mu=MODEL.mu, sigma=MODEL.sigma,
                  rating=displayed(MODEL.mu, MODEL.sigma), matches=0, updated=when)


def _step(match_id: int, variant: str, winner: int, finished_at: datetime,
          ratings: Sequence[Rating]) -> list[RatingChange]:
    """Apply one match to its players' ratings (by seat, changed in place); return the
    changes to store. The one step both the live path and rebuild_ratings take."""
    after = rate_seats([(rating.mu, rating.sigma) for rating in ratings], winner)
    changes = []
    for rating, (mu, sigma) in zip(ratings, after, strict=True):
        shown = displayed(mu, sigma)
        changes.append(RatingChange(
            user_id=rating.user_id, variant=variant, match_id=match_id,
            mu_before=rating.mu, sigma_before=rating.sigma, mu_after=mu, sigma_after=sigma,
            rating_before=rating.rating, rating_after=shown, created=finished_at))
        rating.mu, rating.sigma, rating.rating = mu, sigma, shown
        rating.matches += 1
        rating.updated = finished_at
    return changes


def _four_players(users: Sequence[int]) -> bool:
    return len(users) == 4 and len(set(users)) == 4


def rate_match(match: Match) -> list[RatingChange]:
    """Rate `match` if it finished: games.services._apply calls this in the transaction
    that finishes it, under the match's row lock, the one place a match becomes finished;
    so a match is rated once, and the unique (match, user) constraint would refuse a
    second time. Nothing happens for a match that is not rated."""
    if not is_rated(match):
        return []
    assert match.finished_at is not None and match.winner is not None
    users = list(MatchPlayer.objects.filter(match=match).order_by("seat").values_list("user_id", flat=True))
    if not _four_players(users):
        return []
    # Create missing rows first, then lock all four in one order: two matches finishing at
    # once that share a player wait for each other instead of losing one's change.
    Rating.objects.bulk_create([new_rating(user, match.variant, match.finished_at) for user in sorted(users)],
                               ignore_conflicts=True)
    locked = {rating.user_id: rating for rating in Rating.objects.select_for_update()
              .filter(variant=match.variant, user_id__in=users).order_by("user_id")}
    latest = max((rating.updated for rating in locked.values() if rating.matches), default=None)
    if latest is not None and latest >= match.finished_at:
        # A match of one of these players with a later (or the same) finishing time was
        # rated first (on PostgreSQL two matches can finish at once): this one counts as
        # finishing just after it, so rebuild_ratings replays them in the order rated.
        match.finished_at = latest + timedelta(microseconds=1)
        Match.objects.filter(pk=match.pk).update(finished_at=match.finished_at)
    ratings = [locked[user] for user in users]
    changes = _step(match.pk, match.variant, match.winner, match.finished_at, ratings)
    RatingChange.objects.bulk_create(changes)
    Rating.objects.bulk_update(ratings, ["mu", "sigma", "rating", "matches", "updated"])
    return changes


FinishedMatch = tuple[int, str, int, datetime]  # id, variant, winner, finished_at


def _chunks(items: Sequence[FinishedMatch], size: int) -> Iterable[Sequence[FinishedMatch]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def rebuild(batch: int = 1000) -> int:
    """Forget every rating and replay every rated match in the order they finished
    (finished_at, then id), through the same step as the live path. Returns the number of
    matches rated."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            # A match finishing meanwhile waits here to be rated, then is rated on top of
            # the rebuilt rows. (SQLite lets one writer in at a time anyway.)
            with connection.cursor() as cursor:
                cursor.execute(f"LOCK TABLE {Rating._meta.db_table} IN EXCLUSIVE MODE")
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        # The filter leaves no NULL winner or finished_at, which the column types allow.
        matches = cast(list[FinishedMatch], list(
            Match.objects.filter(status=Match.Status.FINISHED, winner__in=(0, 1), finished_at__isnull=False)
            .order_by("finished_at", "pk").values_list("pk", "variant", "winner", "finished_at")))
        ratings: dict[tuple[int, str], Rating] = {}
        rated = 0
        for chunk in _chunks(matches, batch):
            seats: dict[int, list[int]] = {}
            for match_id, user_id in (MatchPlayer.objects.filter(match_id__in=[m[0] for m in chunk])
                                      .order_by("match_id", "seat").values_list("match_id", "user_id")):
                seats.setdefault(match_id, []).append(user_id)
            changes: list[RatingChange] = []
            for match_id, variant, winner, finished_at in chunk:
                users = seats.get(match_id, [])
                if not _four_players(users):
                    continue
                players = [ratings.setdefault((user, variant), new_rating(user, variant, finished_at))
                           for user in users]
                changes += _step(match_id, variant, winner, finished_at, players)
                rated += 1
            RatingChange.objects.bulk_create(changes, batch_size=batch)
        Rating.objects.bulk_create(ratings.values(), batch_size=batch)
    return rated
