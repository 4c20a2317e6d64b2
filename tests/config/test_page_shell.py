"""The table page is drawn by Jinja2 (config/jinja2.py), every other page by Django's
templates: both draw the same page around their content, for a phone and a director."""

import re

import pytest
from django.test import Client

from tests.support.helpers import side_link

pytestmark = pytest.mark.django_db


def shell(html: str) -> dict[str, str]:
    """The parts of a page that its own content does not change."""
    head = re.search(r"<head>(.*)</head>", html, re.S).group(1)
    head = re.sub(r"<title>.*?</title>|<link rel=\"manifest\"[^>]*>", "", head)
    head = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", head)
    header = re.search(r'<header class="top">.*?</header>', html, re.S).group(0)
    header = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", header)
    header = re.sub(r"\?next=[^\"]*", "", header)  # each page's own address
    return {"head": head, "header": header, "end": html[html.index("</main>") :]}


@pytest.mark.parametrize("table", ["columbus-6-card-kitty", "ascot"], indirect=True)
def test_the_table_page_has_the_same_shell_as_the_other_pages(table, director):
    tournament = table.round.tournament
    phone = Client()
    link, standings = side_link(table, 0), f"/t/{tournament.slug}/standings/"
    assert shell(phone.get(link).content.decode()) == shell(phone.get(standings).content.decode())
    laptop = Client()
    laptop.force_login(director)
    mine = laptop.get(f"/t/{tournament.slug}/round/1/table/{table.number}/").content.decode()
    other = laptop.get(f"/t/{tournament.slug}/rounds/").content.decode()
    assert "Log out" in mine and "Entrants" in mine  # a director's shell, not a phone's
    assert shell(mine) == shell(other)
