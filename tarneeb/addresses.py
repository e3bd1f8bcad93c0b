"""The client's address, seen through the reverse proxies we trust (settings.TRUSTED_PROXIES).

X-Forwarded-For is written by whoever sends the request, so only the entries added by our
own proxies mean anything: each proxy appends the address it received the request from.
Reading from the right, the first address that is not one of our proxies is the client.
"""

import ipaddress
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@lru_cache(maxsize=8)
def _networks(trusted: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(item, strict=False) for item in trusted)


def _parse(text: str) -> Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # "[2001:db8::1]:443"
        text = text[1:text.index("]")]
    elif text.count(":") == 1:  # "203.0.113.7:443"
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    # An IPv4 client seen through a dual-stack socket is still that IPv4 address.
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped
    return address


def _is_trusted(address: Address, networks: Iterable[Network]) -> bool:
    return any(address.version == network.version and address in network for network in networks)


def is_trusted_proxy(address: str) -> bool:
    peer = _parse(address)
    return peer is not None and _is_trusted(peer, _networks(tuple(settings.TRUSTED_PROXIES)))


def client_address(remote_addr: str, forwarded_for: str | None) -> str:
    """The address of the client, given the direct peer and the X-Forwarded-For header.

    The header is ignored unless the peer is a trusted proxy; an address we cannot read
    is returned as given, so that it still names someone.
    """
    networks = _networks(tuple(settings.TRUSTED_PROXIES))
    peer = _parse(remote_addr)
    if peer is None:
        return remote_addr
    if not forwarded_for or not _is_trusted(peer, networks):
        return str(peer)
    client = peer
    for entry in reversed(forwarded_for.split(",")):
        hop = _parse(entry)
        if hop is None:
            # Our proxies write valid addresses: this entry came from the client. Stop at
            # the last hop we can vouch for rather than believe it.
            break
        client = hop
        if not _is_trusted(hop, networks):
            break
    return str(client)


def request_client_address(request: HttpRequest) -> str:
    return client_address(request.META.get("REMOTE_ADDR", ""), request.META.get("HTTP_X_FORWARDED_FOR"))


def address_key(address: str) -> str:
    """The name budgets count `address` under: an IPv6 address's /64, as one subscriber
    holds a whole /64 (the login throttle counts the same way); any other as it is."""
    parsed = _parse(address)
    if isinstance(parsed, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return address if parsed is None else str(parsed)


def scope_client_address(scope: Mapping[str, Any]) -> str:
    """The client of an ASGI (websocket or HTTP) scope as the socket budgets count it
    (tarneeb.handshake, tarneeb.sockets, games.consumers): its address, or its /64 for an
    IPv6 client (`address_key`)."""
    client = scope.get("client")
    remote_addr = str(client[0]) if client else ""
    # Several X-Forwarded-For headers mean one list, in order (RFC 9110, 5.3).
    values = [value.decode("latin-1") for name, value in scope.get("headers", [])
              if name.lower() == b"x-forwarded-for"]
    return address_key(client_address(remote_addr, ",".join(values) or None))
