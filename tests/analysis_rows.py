"""Hand analyses written by hand for the tests of the stored sums, the profile's figures
and the fair-play signals: matches straight to the tables, and analyses whose cards have
the costs a test chooses (the rest of docs/analysis.schema.json filled in plainly)."""

from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from analysis import deal, figures
from analysis.models import HandAnalysis
from games import engine
from games.models import Match, MatchPlayer
from games.services import room_life
from ratings.models import RatingChange

# (seat, cost) of each card, in the order played.
Cards = Sequence[tuple[int, int]]
# (seat, bid or None for a pass, verdict)
Calls = Sequence[tuple[int, int | None, str | None]]


def player(username: str, **fields: Any) -> Any:
    user, _ = get_user_model().objects.get_or_create(username=username, defaults=fields)
    return user


def match_of(usernames: Sequence[str], variant: str = "classic", *, private: bool = False,
             rated: bool = False) -> Match:
    """A finished match of the four named players, by seat; `rated` writes the rating
    changes a rated match has (ratings.rate)."""
    users = [player(name) for name in usernames]
    room = room_life.create_room(users[0], name="analysed table", variant=variant, target=31,
                                 turn_seconds=30, private=private)
    match = Match.objects.create(
        room=room, variant=variant, target=room.target, status=Match.Status.FINISHED, first_dealer=0,
        state=engine.new_match(variant, dealer=0, target=room.target).to_dict(), winner=0,
        finished_at=timezone.now(),
        seating=[{"user": user.pk, "username": user.username, "timeouts": 0} for user in users])
    MatchPlayer.objects.bulk_create(MatchPlayer(match=match, seat=seat, user=user)
                                    for seat, user in enumerate(users))
    if rated:
        RatingChange.objects.bulk_create(
            RatingChange(user=user, variant=variant, match=match, mu_before=25, sigma_before=8,
                         mu_after=25, sigma_after=8, rating_before=1500, rating_after=1500,
                         created=match.finished_at)
            for user in users)
    return match


def hand_data(variant: str, cards: Cards, *, declarer: int | None = None,
              calls: Calls = ()) -> dict[str, Any]:
    """An analysis whose cards cost what `cards` says; Classic's contract is `declarer`'s."""
    played = [{"seq": k + 1, "trick": k // 4 + 1, "seat": seat, "card": "2C", "before": 7, "after": 7 - cost,
               "cost": cost, "best": ["3C"] if cost else ["2C"]} for k, (seat, cost) in enumerate(cards)]
    data: dict[str, Any] = {
        "version": deal.VERSION, "variant": variant, "dealer": 3, "thrown_in": not cards, "trump": "S",
        "table": {"leader": cards[0][0] if cards else 0, "tricks": {suit: [7, 6] for suit in "CDHS"}},
        "cards": played, "seats": deal._seats(played), "points": None,
    }
    if variant == "classic":
        data["classic"] = {
            "calls": [{"seat": seat, "bid": bid, "makes": 7, "verdict": verdict}
                      for seat, bid, verdict in calls],
            "par": [], "trump_choice": None,
            "contract": None if declarer is None else {
                "seat": declarer, "bid": 7, "trump": "S", "double_dummy": 7, "result": 0,
                "double_dummy_points": [7, 0] if declarer % 2 == 0 else [0, 7]}}
    else:
        data["forty_one"] = {"bids": []}
    return data


def store(match: Match, hand: int, data: dict[str, Any]) -> HandAnalysis:
    """Saved as the task saves one: the match's sums are counted again."""
    return HandAnalysis.objects.create(match=match, hand=hand, version=deal.VERSION, data=data)


def store_many(match: Match, hands: Sequence[dict[str, Any]]) -> None:
    """Many hands at once, then the match's sums counted once (analysis.figures.refresh)."""
    HandAnalysis.objects.bulk_create(HandAnalysis(match=match, hand=number, version=deal.VERSION, data=data)
                                     for number, data in enumerate(hands, start=1))
    figures.refresh(match.pk)
