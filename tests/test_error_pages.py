"""A wrong address gets the site's own page, in the reader's language and direction, with
the way back (issue 27); a server error gets a page that needs nothing of the database."""

import pytest
from django.test import RequestFactory
from django.utils import translation
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db

NOT_FOUND = {"en": ("<html lang=\"en\" dir=\"ltr\">", "Page not found"),
             "ar": ("<html lang=\"ar\" dir=\"rtl\">", "الصفحة غير موجودة")}


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("path", ["/no/such/page/", "/rooms/no-such-room/", "/u/nobody-at-all/"])
def test_a_missing_page_is_the_sites_own_in_the_readers_language(client, language, path):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    html = response.content.decode()
    tag, title = NOT_FOUND[language]
    assert tag in html and f"<h1>{title}</h1>" in html
    assert 'href="/"' in html and 'href="/rules/"' in html and "site-header" in html


def test_a_server_error_is_a_page_in_the_readers_language(django_assert_num_queries):
    request = RequestFactory().get("/")
    with translation.override("ar"), django_assert_num_queries(0):
        response = server_error(request)
    html = response.content.decode()
    assert response.status_code == 500
    assert '<html lang="ar" dir="rtl">' in html and "<h1>حدث خطأ ما</h1>" in html and 'href="/"' in html
