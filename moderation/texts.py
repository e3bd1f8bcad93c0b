"""What a suspended player is told, on the login form, a page or a socket."""

from django.utils.translation import gettext as _

from games.dates import when_text
from moderation.models import Sanction


def suspension_text(sanction: Sanction) -> str:
    if sanction.until is None:
        return _("Your account is banned: %(reason)s") % {"reason": sanction.reason}
    until = when_text(sanction.until)
    return (_("Your account is suspended until %(until)s: %(reason)s")
            % {"until": until, "reason": sanction.reason})
