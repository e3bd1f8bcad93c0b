"""Everything that changes a room or a match happens here, under a row lock.

- `move_path`: the one path that writes a match (moves, the timer, deals, seating changes
  of a match in play). Check, then do, under the lock; send on commit.
- `room_life`: a room from its creation to its close: seats, Quick play, rematch.
- `published`: what the lobby's and a room's sockets see, built under the lock, sent on
  commit.
- `sitters`: who plays a seat of a match (the person, a bot for an away player, a bot).
- `refusals`: `Refused`, the one way a service says no.
- `hooks`: where the apps built on games (history, ratings, playban, moderation) attach
  to the move path and the room's life, so that games imports none of them.

docs/architecture.md has the map.
"""
