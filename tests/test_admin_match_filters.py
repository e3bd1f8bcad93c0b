"""The admin's match list filters by status, variant and start date."""

import datetime

import pytest
from django.utils import timezone

from games.models import Match
from tests.past_matches import listed, past_match

pytestmark = pytest.mark.django_db


def test_filtering_by_status_lists_only_matches_in_that_status(admin_client):
    finished = past_match(["sam", "ali", "noor", "huda"], status=Match.Status.FINISHED)
    aborted = past_match(["sam", "ali", "noor", "huda"], status=Match.Status.ABORTED)
    playing = past_match(["sam", "ali", "noor", "huda"], status=Match.Status.PLAYING)
    for match in (finished, aborted, playing):
        assert listed(admin_client.get("/admin/games/match/", {"status__exact": match.status})) == {match.pk}


def test_filtering_by_variant_lists_only_that_variants_matches(admin_client):
    classic = past_match(["sam", "ali", "noor", "huda"])
    forty_one = past_match(["sam", "ali", "noor", "huda"])
    Match.objects.filter(pk=forty_one.pk).update(variant="forty_one", target=41)
    assert listed(admin_client.get("/admin/games/match/", {"variant__exact": "classic"})) == {classic.pk}
    assert listed(admin_client.get("/admin/games/match/", {"variant__exact": "forty_one"})) == {forty_one.pk}


def test_filtering_by_start_date_lists_only_the_matches_started_then(admin_client):
    old = past_match(["sam", "ali", "noor", "huda"])
    recent = past_match(["sam", "ali", "noor", "huda"])
    Match.objects.filter(pk=old.pk).update(started_at=timezone.now() - datetime.timedelta(days=400))
    year = timezone.localtime(timezone.now()).year
    assert listed(admin_client.get("/admin/games/match/", {"started_at__year": year})) == {recent.pk}
