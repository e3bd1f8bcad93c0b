"""Bot decisions anyone can re-run: each bot move logs the bots' version and its rng seed;
`manage.py replay_bot_move <match> <seq>` decides it again from that seat's view and gets
the same move, 100 of them here (standard and expert, bidding and play)."""

import io

import pytest
from django.core.management import CommandError, call_command

from games import bot_players, bot_replay, bots, records
from games.models import Match, MatchEvent
from games.services import move_path, room_life
from tests.tables import create_room, make_players, quick_policy
from tests.test_record_schema import assert_valid

pytestmark = pytest.mark.django_db(transaction=True)


def bots_played(moves: int) -> Match:
    """A person (by the quick policy) and three bots, until the bots made `moves` moves; each
    next hand dealt as the timer would."""
    (person,) = make_players(1)
    room = create_room(person, variant="forty_one", turn_seconds=30)
    room_life.sit(room.pk, person, 0)
    for seat, level in ((1, "expert"), (2, "standard"), (3, "expert")):
        bot_players.add_bot(room.pk, person, seat, level)
    match = Match.objects.get(room=room)
    while MatchEvent.objects.filter(match=match, actor="bot").count() < moves:
        match.refresh_from_db()
        game = match.game
        assert game.phase != "finished"
        if game.phase == "deal":
            move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version,
                           actor=move_path.SYSTEM)
        elif game.to_act == 0:
            move_path.play(match.pk, seat=0, action=quick_policy(game, game.legal_actions()),
                           version=match.version)
        else:
            assert bot_players.move(match.pk, match.version)
    return match


def test_a_hundred_bot_moves_replay_to_the_same_moves():
    match = bots_played(100)
    logged = list(MatchEvent.objects.filter(match=match, actor="bot").order_by("seq"))[:100]
    assert {event.bot["level"] for event in logged} == {"standard", "expert"}
    assert {event.bot["version"] for event in logged} == {bots.VERSION}
    assert {event.action["type"] for event in logged} >= {"bid", "play"}
    events = records.events_of(match)
    for event in logged[1:]:
        done = bot_replay.replay(match, event.seq, events)
        assert done.same and done.same_version, (event.seq, done)
    out = io.StringIO()
    call_command("replay_bot_move", match.pk, logged[0].seq, stdout=out, stderr=io.StringIO())
    assert out.getvalue().endswith("the same move\n")
    # The public record says which moves were a bot's, and with what (docs/record.schema.json).
    record = records.public_record(match)
    assert_valid(record)
    record_moves = {move["seq"]: move for move in record["moves"]}
    assert record_moves[logged[0].seq]["actor"] == "bot"
    assert record_moves[logged[0].seq]["bot"] == logged[0].bot


def test_another_seed_or_a_persons_move_is_not_replayed_as_the_bots():
    match = bots_played(12)
    person = MatchEvent.objects.filter(match=match, actor="player").first()
    with pytest.raises(CommandError, match="no bot move"):
        call_command("replay_bot_move", match.pk, person.seq, stdout=io.StringIO())
    # A move logged with another seed than the one it was chosen with is caught.
    expert = MatchEvent.objects.filter(match=match, actor="bot", bot__level="expert",
                                       action__type="bid").first()
    replayed = bot_replay.replay(match, expert.seq)
    legal = [b for b in bots.FORTY_ONE_BIDS if b != replayed.replayed["value"]]
    expert.action = {"type": "bid", "value": legal[0]}
    expert.save()
    with pytest.raises(CommandError, match="a different move"):
        call_command("replay_bot_move", match.pk, expert.seq, stdout=io.StringIO())
