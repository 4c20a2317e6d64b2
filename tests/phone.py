"""A scorer's phone over plain HTTP: its own cookies and CSRF token, and a form reader.

Shared by the PostgreSQL concurrency test and the load bench, which both play tables
against a live server as phones do: load the table page, post its form with the
one-time key, and let the other side accept.
"""

from __future__ import annotations

import http.client
import urllib.parse
from html.parser import HTMLParser

# Four 6 Card Kitty hands as a phone posts them.
HANDS = (
    {"bidding_team": "0", "level": "5", "form": "plain", "books": "12"},
    {"bidding_team": "1", "level": "4", "form": "no", "direction": "uptown", "books": "10"},
    {"bidding_team": "1", "level": "6", "form": "plain", "books": "9"},
    {"bidding_team": "0", "level": "4", "form": "special", "books": "11"},
)


class Forms(HTMLParser):
    """The page's forms: action and the values of their named inputs (hidden and chosen)."""

    def __init__(self, html: str = ""):
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        if html:
            self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append((attrs.get("action") or "", {}))
        elif tag == "input" and self.forms and attrs.get("name"):
            if attrs.get("type") in ("radio", "checkbox") and "checked" not in attrs:
                return
            self.forms[-1][1].setdefault(attrs["name"], attrs.get("value") or "")

    def form(self, action_end: str, **match: str) -> dict[str, str] | None:
        for action, fields in self.forms:
            if action.endswith(action_end) and all(fields.get(k) == v for k, v in match.items()):
                return fields
        return None


class Phone:
    """One scorer's browser: its own cookies, a new connection per request."""

    def __init__(self, host: str, port: int, timeout: float = 60):
        self.host, self.port, self.timeout = host, port, timeout
        self.cookies: dict[str, str] = {}

    @classmethod
    def at(cls, base_url: str, timeout: float = 60) -> Phone:
        url = urllib.parse.urlsplit(base_url)
        return cls(url.hostname, url.port, timeout)

    def send(self, method: str, path: str, data: dict | None = None) -> tuple[int, str]:
        """(status, body); keeps the cookies the server sets and sends the CSRF token."""
        headers = {"Host": f"{self.host}:{self.port}"}
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode()
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    self.cookies[name.strip()] = rest.split(";", 1)[0]
            return response.status, text
        finally:
            conn.close()
