"""Where a person goes once signed up or logged in: the page that sent them (an invite's
room), if it is on this site. Django's LoginView checks its own `next` the same way."""

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

NEXT = "next"


def safe_next(request: HttpRequest) -> str:
    """The request's `next` (the form's, else the address's) when it is a page of this
    site, else "": never an open redirect to another host or scheme."""
    target = request.POST.get(NEXT) or request.GET.get(NEXT) or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return target
    return ""


def back_here(request: HttpRequest) -> dict[str, str]:
    """Context for the site's "Log in" and "Sign up" links: back to this page afterwards,
    or, from those two pages, to where they were asked to go."""
    if request.user.is_authenticated:
        return {}
    match = request.resolver_match
    if match is not None and match.url_name in ("login", "signup"):
        return {"back_here": safe_next(request)}
    path = request.get_full_path()
    return {"back_here": "" if path == "/" else path}
