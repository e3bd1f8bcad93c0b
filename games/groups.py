"""Channel-layer group names, in one place so senders and sockets agree."""

LOBBY = "lobby"


def room(room_id: str) -> str:
    return f"room.{room_id}"
