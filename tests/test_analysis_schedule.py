"""The `moved` hook only asks for an analysis, and only once the move that ends a hand
commits: nothing is computed in the move's transaction, nothing is sent for a move that
does not end a hand or one that rolls back."""

import pytest
from django.db import transaction

from analysis import hands
from analysis.models import HandAnalysis
from games.services import move_path
from tests.tables import play_until, quick_policy, start_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch) -> list[tuple[int, int]]:
    asked: list[tuple[int, int]] = []
    monkeypatch.setattr(hands, "send", lambda match_id, hand: asked.append((match_id, hand)))
    return asked


def last_card(match):
    """The match one card before the end of its hand, and that card's move."""
    while True:
        game = match.game
        action = quick_policy(game, game.legal_actions())
        if game.phase == "playing" and sum(game.view(None)["cards_left"]) == 1:
            return match, game.to_act, action
        match = move_path.play(match.pk, seat=game.to_act, action=action, version=match.version)


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_the_hand_is_sent_once_the_last_card_commits(django_capture_on_commit_callbacks, sent, variant):
    match, seat, action = last_card(start_match(variant, turn_seconds=30))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        move_path.play(match.pk, seat=seat, action=action, version=match.version)
    assert sent == [] and not HandAnalysis.objects.exists()
    for callback in callbacks:
        callback()
    assert sent == [(match.pk, 1)] and not HandAnalysis.objects.exists()


def test_a_move_that_rolls_back_sends_nothing(django_capture_on_commit_callbacks, sent):
    match, seat, action = last_card(start_match("classic", turn_seconds=30))
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError), transaction.atomic():
        move_path.play(match.pk, seat=seat, action=action, version=match.version)
        raise RuntimeError("the move's transaction fails after the hook ran")
    assert sent == []


def test_other_moves_send_nothing(django_capture_on_commit_callbacks, sent):
    with django_capture_on_commit_callbacks(execute=True):
        play_until(start_match("classic", turn_seconds=30), "playing")
    assert sent == []
