"""`manage.py analyse_matches` analyses the hands that are over and have no analysis of the
current version, and run again changes nothing: the same rows, the same data, untouched."""

import io

import pytest
from django.core.management import call_command

from analysis import deal
from analysis.models import HandAnalysis
from games.services import move_path
from tests.tables import play_until, start_match

pytestmark = pytest.mark.django_db


def backfill(*arguments: str) -> str:
    out = io.StringIO()
    call_command("analyse_matches", *arguments, stdout=out)
    return out.getvalue()


def rows() -> list[tuple]:
    return list(HandAnalysis.objects.order_by("pk").values_list("pk", "match_id", "hand", "version", "data",
                                                                 "analysed_at"))


def test_the_backfill_analyses_each_hand_once_and_again_changes_nothing():
    finished = play_until(start_match("classic", turn_seconds=30), "finished")
    hands = finished.events.filter(action__type="deal").count()
    in_play = play_until(start_match("forty_one", turn_seconds=30), "deal")
    move_path.play(in_play.pk, seat=None, action=move_path.DEAL, version=in_play.version,
                   actor=move_path.SYSTEM)
    assert backfill("--limit", "2").startswith("analysed 2 hands")
    assert backfill().startswith(f"analysed {hands + 1 - 2} hands")
    # Every hand that is over, once; hand 2 of the Tarneeb 41 match is being bid.
    assert sorted(HandAnalysis.objects.values_list("match_id", "hand")) == sorted(
        [(finished.pk, n) for n in range(1, hands + 1)] + [(in_play.pk, 1)])
    before = rows()
    assert backfill().startswith("analysed 0 hands")
    assert rows() == before


def test_an_older_version_is_replaced_and_a_newer_one_kept():
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    backfill()
    stored = HandAnalysis.objects.get(match=match, hand=1)
    data = stored.data
    HandAnalysis.objects.filter(pk=stored.pk).update(version=deal.VERSION - 1, data={"old": True})
    assert backfill().startswith("analysed 1 hands")
    stored.refresh_from_db()
    assert (stored.version, stored.data) == (deal.VERSION, data)
    HandAnalysis.objects.filter(pk=stored.pk).update(version=deal.VERSION + 1, data={"newer": True})
    assert backfill().startswith("analysed 0 hands")
    assert HandAnalysis.objects.get(pk=stored.pk).data == {"newer": True}


def test_queue_sends_the_waiting_hands_to_the_analysis_workers(monkeypatch):
    from analysis import hands

    sent: list[tuple[int, int]] = []
    monkeypatch.setattr(hands, "send", lambda match_id, hand: sent.append((match_id, hand)))
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    assert backfill("--queue").startswith("sent 1 hands")
    assert sent == [(match.pk, 1)] and not HandAnalysis.objects.exists()
