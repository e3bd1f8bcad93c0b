"""Moderation in chromium, end to end: a player reports another from the table's seat
menu; the moderator (not staff) finds it in the queue with its chat excerpt, resolves it
with a warning, removes a player from their seat from the table's moderator menu, messages
the room, and reads it all in the audit log; the reporter is told action was taken, once.

Screenshots of the queue and the log, in English and Arabic at 1280 and 375 px wide, go
to artifacts/screenshots/."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from chat.models import ChatMessage
from games.models import Match
from games.services import room_life
from moderation.models import AuditEntry, Report
from tests.browser.pages import logged_in
from tests.moderators import make_moderator

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ABUSE = "<b>you play like a bot</b>"


def shoot(player: Any, path: str, name: str, screenshots: Any, server: str) -> None:
    """The page in English and Arabic, 1280 and 375 px wide."""
    for lang in ("en", "ar"):
        player.context.add_cookies([{"name": "django_language", "value": lang, "url": server}])
        for width, label in ((1280, "desktop"), (375, "phone")):
            player.page.set_viewport_size({"width": width, "height": 900 if width > 400 else 812})
            player.page.goto(path)
            direction = player.page.evaluate("() => document.documentElement.dir")
            assert direction == ("rtl" if lang == "ar" else "ltr")
            overflow = player.page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 1, f"{name} {lang} {width}: the page scrolls sideways by {overflow} px"
            shot = screenshots / f"moderation-{name}-{lang}-{label}.png"
            player.page.screenshot(path=str(shot), full_page=True)
    player.context.add_cookies([{"name": "django_language", "value": "en", "url": server}])
    player.page.set_viewport_size({"width": 1280, "height": 900})
    player.page.goto(path)  # back in English, where the test goes on
    player.page.set_viewport_size({"width": 1280, "height": 900})


def test_report_queue_action_log_and_feedback(browser, server, screenshots):
    users = get_user_model()
    players = [users.objects.create_user(name, password="a-long-secret-9")
               for name in ("samir", "rude_rami", "lina", "omar")]
    room = room_life.create_room(players[0], name="Evening table", variant="classic", target=31,
                                turn_seconds=120, private=False)
    for seat, user in enumerate(players):
        room_life.sit(room.pk, user, seat)
    ChatMessage.objects.create(room=room, user=players[1], seat=1, text=ABUSE)
    moderator = make_moderator("hala")

    # The reporter, seated at seat 0, reports seat 1 from its button.
    reporter = logged_in(browser, server, players[0])
    reporter.page.goto(f"/rooms/{room.pk}/")
    reporter.page.wait_for_selector("#game[data-conn='open']")
    assert reporter.page.locator(".seat[data-seat='0'] .seat-mod").count() == 0  # not yourself
    reporter.page.click(".seat[data-seat='1'] .seat-mod")
    dialog = reporter.page.locator("#report-dialog")
    assert dialog.locator(".who").inner_text() == "rude_rami"
    dialog.locator("#report-reason").select_option("chat")
    dialog.locator("#report-text").fill("Insults in the chat <script>alert(1)</script>")
    dialog.locator("button[type=submit]").click()
    reporter.page.wait_for_selector("#report-dialog:not([open])", state="attached")
    reporter.page.wait_for_selector(".toast.info")
    report = Report.objects.get()
    assert (report.reported_id, report.room_id, report.reason) == (players[1].pk, room.pk, "chat")
    assert [line["text"] for line in report.chat] == [ABUSE]

    # The moderator's queue: the report with its context, shown as text.
    desk = logged_in(browser, server, moderator)
    desk.page.goto("/")
    desk.page.click("nav >> text=Moderation")
    card = desk.page.locator(f"#report-{report.pk}")
    assert card.locator(".chat-excerpt li").first.inner_text().startswith("rude_rami")
    assert ABUSE in card.locator(".chat-excerpt").inner_text()
    assert card.locator(f"a[href='/matches/{report.match_id}/']").count() == 1
    shoot(desk, "/moderation/", "queue", screenshots, server)

    card = desk.page.locator(f"#report-{report.pk}")
    card.locator("select[name$=decision]").select_option("warn")
    card.locator("input[name$=note]").fill("Keep the chat friendly.")
    card.locator("button[type=submit]", has_text="Resolve").click()
    desk.page.wait_for_selector(".messages .success")
    assert desk.page.locator(f"#report-{report.pk}").count() == 0

    # At the table: the moderator removes seat 3 from the match and messages the room.
    desk.page.goto(f"/rooms/{room.pk}/")
    desk.page.wait_for_selector("#game[data-conn='open']")
    desk.page.click(".seat[data-seat='3'] .seat-mod")
    dialog = desk.page.locator("#mod-dialog")
    dialog.locator("input[value=remove]").check()
    dialog.locator("#mod-reason").fill("Stalling on purpose")
    dialog.locator("button[type=submit]").click()
    desk.page.wait_for_selector(".seat[data-seat='3'] .removed-chip")
    # The chip comes with the state, which can beat the POST's answer; until that answer
    # closes the modal dialog, the page behind it takes no keys.
    desk.page.wait_for_selector("#mod-dialog:not([open])", state="attached")
    assert Match.objects.get(room=room).seating[3]["removed"] is True
    desk.page.fill("#mod-message-text", "A moderator is watching this table.")
    desk.page.press("#mod-message-text", "Enter")
    reporter.page.wait_for_selector(".chat-line.moderator")
    assert "A moderator is watching" in reporter.page.locator(".chat-line.moderator").inner_text()

    # The log: every action, with its reason.
    desk.page.goto("/moderation/log/")
    actions = desk.page.eval_on_selector_all("table.audit-log tbody tr",
                                             "rows => rows.map(r => r.dataset.action)")
    assert actions[:4] == ["message_room", "remove", "resolve", "warn"]
    assert "Stalling on purpose" in desk.page.locator("table.audit-log").inner_text()
    desk.page.select_option("#id_action", "remove")
    desk.page.click(".log-filters button[type=submit]")
    assert desk.page.locator("table.audit-log tbody tr").count() == 1
    shoot(desk, "/moderation/log/", "log", screenshots, server)
    assert AuditEntry.objects.filter(moderator=moderator).count() == 4

    # The reporter's next page says action was taken, once.
    reporter.page.goto("/")
    assert "action was taken" in reporter.page.locator(".notices").inner_text()
    reporter.page.goto("/")
    assert reporter.page.locator(".notices").count() == 0
    # The warned player sees the warning on their next page.
    warned = logged_in(browser, server, players[1])
    warned.page.goto("/")
    assert "Keep the chat friendly." in warned.page.locator(".notices").inner_text()

    for person in (reporter, desk, warned):
        assert person.dialogs == []
        assert [entry for entry in person.log if "pageerror" in entry] == [], person.log
