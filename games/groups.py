"""Channel-layer group names, in one place so senders and sockets agree."""

LOBBY = "lobby"
