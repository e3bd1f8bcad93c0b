"""Rating finished matches with openskill's Weng-Lin model (PlackettLuce, its defaults).

A match is two teams of two: seats 0 and 2 against seats 1 and 3, ranked by who won.
Ratings are per variant: Classic and Tarneeb 41 are different games. A match whose players
met the same people often in the last REPEAT_WINDOW moves their ratings less (farming,
issue 28). How the number players see is made from openskill's belief is docs/ratings.md.
"""

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, cast

from django.db import connection, transaction
from django.db.models import F, Window
from django.db.models.functions import RowNumber
from openskill.models import PlackettLuce

from games.models import Match, MatchPlayer
from ratings.models import LaterResult, Opponent, Rating, RatingChange

# openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300.
MODEL = PlackettLuce()
# The displayed rating: openskill's ordinal, mu - 3 sigma (a skill the player is very
# likely above), scaled to a familiar range. A new player shows 1000 and climbs as their
# matches make the model surer; an established average player sits near 1500.
DISPLAY_Z, DISPLAY_ALPHA, DISPLAY_TARGET = 3.0, 25.0, 1000.0
TEAMS = ((0, 2), (1, 3))
# Repeated opponents (docs/ratings.md, rating farming): a player's meetings with an
# opponent are their earlier rated matches on opposite sides in the REPEAT_WINDOW before
# this one. The first FULL_MEETINGS with each opponent count fully; each one beyond them,
# with either of the match's two opponents, halves the weight of the match for the player:
# the share of openskill's change applied. Not settings: a rating is a function of the
# matches, the same live and rebuilt, whatever the environment says.
REPEAT_WINDOW = timedelta(hours=24)
FULL_MEETINGS = 2
REPEAT_DECAY = 0.5
# At most each player's last REPEAT_LOOKBACK rated matches in the window are looked at: it
# bounds the rows read while rating a match (a farmer at 8 s a match plays 10,000 a day),
# and a weight after so many meetings is nothing already.
REPEAT_LOOKBACK = 100

# The seats of the players of the match being rated who sat at an earlier one: {user: seat}.
Meeting = Mapping[int, int]


def displayed(mu: float, sigma: float) -> int:
    return round(MODEL.rating(mu, sigma).ordinal(z=DISPLAY_Z, alpha=DISPLAY_ALPHA, target=DISPLAY_TARGET))


def rate_seats(beliefs: Sequence[tuple[float, float]], winner: int,
               weights: Sequence[float] = (1.0, 1.0, 1.0, 1.0)) -> list[tuple[float, float]]:
    """Each seat's (mu, sigma) after a match team `winner` won, from the four before it;
    a seat of weight w moves w of the way openskill says (1: all of it, exactly)."""
    teams = [[MODEL.rating(*beliefs[seat]) for seat in team] for team in TEAMS]
    rated = MODEL.rate(teams, ranks=[0, 1] if winner == 0 else [1, 0])  # lower rank won
    after: list[tuple[float, float]] = [(0.0, 0.0)] * 4
    for team, players in zip(TEAMS, rated, strict=True):
        for seat, player in zip(team, players, strict=True):
            after[seat] = _scaled(beliefs[seat], (player.mu, player.sigma), weights[seat])
    return after


def _scaled(before: tuple[float, float], after: tuple[float, float], weight: float) -> tuple[float, float]:
    if weight == 1.0:
        return after  # openskill's own floats, not before + 1.0 * (after - before)
    return (before[0] + weight * (after[0] - before[0]), before[1] + weight * (after[1] - before[1]))


def opponents_of(users: Sequence[int], seat: int) -> tuple[int, int]:
    return users[(seat + 1) % 4], users[(seat + 3) % 4]


def meetings(users: Sequence[int], earlier: Iterable[Meeting]) -> list[tuple[int, int]]:
    """For each seat of a match of `users`: in how many of the `earlier` matches its player
    sat on the other side from each of this match's two opponents."""
    counts = [[0, 0] for _ in users]
    for seats in earlier:
        for seat, user in enumerate(users):
            for n, other in enumerate(opponents_of(users, seat)):
                if user in seats and other in seats and (seats[other] - seats[user]) % 2:
                    counts[seat][n] += 1
    return [(first, second) for first, second in counts]


def repeat_weight(met: tuple[int, int]) -> float:
    """The share of openskill's change a match counts for, after `met` meetings with each
    of its two opponents: halved for each meeting beyond FULL_MEETINGS with either."""
    return REPEAT_DECAY ** sum(max(0, n - FULL_MEETINGS + 1) for n in met)


def has_bot(seating: Sequence[Mapping[str, Any]]) -> bool:
    return any(sitter.get("bot") for sitter in seating)


def is_rated(match: Match) -> bool:
    """Finished matches between four people are rated; aborted ones (a moderator closed the
    room) and those with a bot account in a seat are not. A bot playing for an away player
    leaves the match rated: the seat is still theirs."""
    return match.winner in (0, 1) and _played_out(match)


def _played_out(match: Match) -> bool:
    return (match.status == Match.Status.FINISHED and match.finished_at is not None
            and not has_bot(match.seating))


def new_rating(user_id: int, variant: str, when: datetime) -> Rating:
    return Rating(user_id=user_id, variant=variant, mu=MODEL.mu, sigma=MODEL.sigma,
                  rating=displayed(MODEL.mu, MODEL.sigma), matches=0, opponents=0, updated=when)


def _step(match_id: int, variant: str, winner: int, finished_at: datetime,
          ratings: Sequence[Rating], weights: Sequence[float]) -> list[RatingChange]:
    """Apply one match to its players' ratings (by seat, changed in place); return the
    changes to store. The one step both the live path and rebuild_ratings take."""
    after = rate_seats([(rating.mu, rating.sigma) for rating in ratings], winner, weights)
    changes = []
    for rating, (mu, sigma), weight in zip(ratings, after, weights, strict=True):
        shown = displayed(mu, sigma)
        changes.append(RatingChange(
            user_id=rating.user_id, variant=variant, match_id=match_id, weight=weight,
            mu_before=rating.mu, sigma_before=rating.sigma, mu_after=mu, sigma_after=sigma,
            rating_before=rating.rating, rating_after=shown, created=finished_at))
        rating.mu, rating.sigma, rating.rating = mu, sigma, shown
        rating.matches += 1
        rating.updated = finished_at
    return changes


def _new_opponents(users: Sequence[int], met: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The (player, opponent) pairs of a match of `users` not in `met`, the pairs that
    faced each other before; each counts once for the player."""
    return [(user, other) for seat, user in enumerate(users)
            for other in opponents_of(users, seat) if (user, other) not in met]


def _four_players(users: Sequence[int]) -> bool:
    return len(users) == 4 and len(set(users)) == 4


def _recent(variant: str, users: Sequence[int], finished_at: datetime) -> list[Meeting]:
    """Each player's last REPEAT_LOOKBACK rated matches in the REPEAT_WINDOW before
    `finished_at`, from their rating changes (the seat from the match's players). One
    query; a player's changes have distinct times, so "last" is the order rated."""
    seats: dict[int, dict[int, int]] = {}
    for match_id, user_id, seat in (
            RatingChange.objects.filter(variant=variant, user_id__in=users,
                                        created__gt=finished_at - REPEAT_WINDOW,
                                        match__players__user_id=F("user_id"))
            .annotate(recent=Window(RowNumber(), partition_by=[F("user_id")], order_by=[F("created").desc()]))
            .filter(recent__lte=REPEAT_LOOKBACK)
            .values_list("match_id", "user_id", "match__players__seat")):
        seats.setdefault(match_id, {})[user_id] = seat
    return list(seats.values())


def rate_match(match: Match) -> list[RatingChange]:
    """Rate `match` if it finished: games.services calls this in the transaction that
    finishes it, under the match's row lock, the one place a match becomes finished;
    so a match is rated once, and the unique (match, user) constraint would refuse a
    second time. Nothing happens for a match that is not rated."""
    if not is_rated(match) or LaterResult.objects.filter(match=match).exists():
        return []  # a later result's match is rated when its app decides it (rate_later)
    return _rate(match, match.winner)


def defer(match_ids: Sequence[int]) -> None:
    """These matches are rated by a result decided later (rate_later), not by their winner:
    an event's duplicate tables, as they open."""
    LaterResult.objects.bulk_create([LaterResult(match_id=pk) for pk in match_ids], ignore_conflicts=True)


def rate_later(results: Mapping[int, int | None]) -> list[RatingChange]:
    """Rate deferred matches by their decided results, {match id: winning team, or None for
    level}, once: a level one, an aborted one or one with a bot account changes no rating."""
    changes: list[RatingChange] = []
    for match_id in sorted(results):
        undecided = LaterResult.objects.filter(match_id=match_id, decided=False)
        if not undecided.update(winner=results[match_id], decided=True):
            continue  # not deferred, or decided already
        match = Match.objects.get(pk=match_id)
        if results[match_id] is not None and _played_out(match):  # its own winner may be none
            changes += _rate(match, results[match_id])
    return changes


def _rate(match: Match, winner: int | None) -> list[RatingChange]:
    assert match.finished_at is not None and winner is not None
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
    earlier = _recent(match.variant, users, match.finished_at)
    weights = [repeat_weight(met) for met in meetings(users, earlier)]
    met = set(Opponent.objects.filter(variant=match.variant, user_id__in=users, opponent_id__in=users)
              .values_list("user_id", "opponent_id"))
    new = _new_opponents(users, met)
    for user, _other in new:
        locked[user].opponents += 1
    changes = _step(match.pk, match.variant, winner, match.finished_at, ratings, weights)
    Opponent.objects.bulk_create([Opponent(user_id=user, opponent_id=other, variant=match.variant)
                                  for user, other in new])
    RatingChange.objects.bulk_create(changes)
    Rating.objects.bulk_update(ratings, ["mu", "sigma", "rating", "matches", "opponents", "updated"])
    return changes


class Replay:
    """Rating matches in memory, in the order they finished, by the live path's rules:
    what rebuild_ratings does before writing the rows, and what ratings.farming measures.
    The recent meetings and opponents it keeps are what the live path reads back."""

    def __init__(self) -> None:
        self.ratings: dict[tuple[int, str], Rating] = {}
        self.opponents: dict[tuple[int, str], set[int]] = {}
        # Each player's last rated matches, (finished_at, match id, seat), oldest first; those
        # out of the window go as the player's next match is rated.
        self.recent: dict[tuple[int, str], deque[tuple[datetime, int, int]]] = {}

    def rate(self, match_id: int, variant: str, winner: int, finished_at: datetime,
             users: Sequence[int]) -> list[RatingChange]:
        ratings = [self.ratings.setdefault((user, variant), new_rating(user, variant, finished_at))
                   for user in users]
        weights = [repeat_weight(met) for met in meetings(users, self._earlier(variant, users, finished_at))]
        met = {(user, other) for user in users for other in self.opponents.get((user, variant), ())}
        for user, other in _new_opponents(users, met):
            self.opponents.setdefault((user, variant), set()).add(other)
            self.ratings[user, variant].opponents += 1
        for seat, user in enumerate(users):
            self.recent.setdefault((user, variant), deque(maxlen=REPEAT_LOOKBACK)).append(
                (finished_at, match_id, seat))
        return _step(match_id, variant, winner, finished_at, ratings, weights)

    def _earlier(self, variant: str, users: Sequence[int], finished_at: datetime) -> list[Meeting]:
        seats: dict[int, dict[int, int]] = {}
        for user in users:
            played = self.recent.get((user, variant), deque())
            while played and played[0][0] <= finished_at - REPEAT_WINDOW:
                played.popleft()  # matches come in order: it is out of every later window too
            for _when, match_id, seat in played:
                seats.setdefault(match_id, {})[user] = seat
        return list(seats.values())

    def opponent_rows(self) -> list[Opponent]:
        return [Opponent(user_id=user, opponent_id=other, variant=variant)
                for (user, variant), others in self.opponents.items() for other in others]


# id, variant, winner, finished_at, seating
FinishedMatch = tuple[int, str, int, datetime, list[dict[str, Any]]]


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
        Opponent.objects.all().delete()
        Rating.objects.all().delete()
        # The filter leaves no NULL winner or finished_at, which the column types allow.
        matches = cast(list[FinishedMatch], list(
            Match.objects.filter(status=Match.Status.FINISHED, winner__in=(0, 1), finished_at__isnull=False)
            .order_by("finished_at", "pk").values_list("pk", "variant", "winner", "finished_at", "seating")))
        later = dict(LaterResult.objects.values_list("match_id", "winner"))
        undecided = set(LaterResult.objects.filter(decided=False).values_list("match_id", flat=True))
        replay = Replay()
        rated = 0
        for chunk in _chunks(matches, batch):
            seats: dict[int, list[int]] = {}
            for match_id, user_id in (MatchPlayer.objects.filter(match_id__in=[m[0] for m in chunk])
                                      .order_by("match_id", "seat").values_list("match_id", "user_id")):
                seats.setdefault(match_id, []).append(user_id)
            changes: list[RatingChange] = []
            for match_id, variant, winner, finished_at, seating in chunk:
                users = seats.get(match_id, [])
                if has_bot(seating) or not _four_players(users):
                    continue  # as rate_match: a bot account's match is not rated
                if match_id in later:
                    decided = later[match_id]
                    if match_id in undecided or decided is None:
                        continue  # as rate_later: not yet decided, or level
                    winner = decided
                changes += replay.rate(match_id, variant, winner, finished_at, users)
                rated += 1
            RatingChange.objects.bulk_create(changes, batch_size=batch)
        Rating.objects.bulk_create(replay.ratings.values(), batch_size=batch)
        Opponent.objects.bulk_create(replay.opponent_rows(), batch_size=batch)
    return rated
