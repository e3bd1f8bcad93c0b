"""Channel-layer group names, in one place so senders and sockets agree."""

LOBBY = "lobby"


def room(room_id: str) -> str:
    return f"room.{room_id}"


def user(user_id: int) -> str:
    """Every socket of one user, in any room or the lobby (a suspension closes them)."""
    return f"user.{user_id}"
