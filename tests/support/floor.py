"""Shared steps for the floor of the night: the console's "Needs you" list as the director
reads it, a page's words as a reader reads them, and the night's clock and news."""

from __future__ import annotations

import re
from html import unescape

from tournament.models import Round


def words(response) -> str:
    """What a page says, as one line of text: no markup, no scripts, blanks collapsed."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def console_url(round_: Round) -> str:
    return f"/t/{round_.tournament.slug}/round/{round_.number}/console/"


def director_url(table) -> str:
    return f"/t/{table.round.tournament.slug}/round/{table.round.number}/table/{table.number}/"


def needs_on(client, round_: Round) -> list[dict]:
    """Each item of the console's "Needs you", in order: its kind, its words (without its
    buttons), the reason given, the table page it links to, and its buttons (the words of
    each and where it posts)."""
    response = client.get(console_url(round_))
    assert response.status_code == 200
    html = response.content.decode()
    section = html.split('id="needs-title"', 1)[1].split("</section>", 1)[0]
    items = []
    for kind, li in re.findall(r'<li class="need ([a-z]+)">(.*?)</li>', section, re.S):
        forms = re.findall(r'<form method="post" action="([^"]+)".*?</form>', li, re.S)
        buttons = [
            (" ".join(unescape(re.sub(r"<[^>]+>", "", b)).split()), action)
            for action, b in zip(
                forms, re.findall(r"<button[^>]*>(.*?)</button>", li, re.S), strict=True
            )
        ]
        bare = re.sub(r"<form.*?</form>", "", li, flags=re.S)
        reason = re.search(r'<span class="reason">“(.*?)”</span>', bare, re.S)
        text = re.sub(r"<[^>]+>", "", bare.split('<span class="reason">')[0])
        link = re.search(r'href="([^"]+)"', bare)
        items.append(
            {
                "kind": kind,
                "text": " ".join(unescape(text).split()),
                "reason": unescape(reason[1]) if reason else "",
                "link": link[1] if link else "",
                "buttons": buttons,
            }
        )
    if not items:
        assert "Nothing needs you." in section
    return items
