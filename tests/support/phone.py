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
    """The page's forms as a browser would submit them: action and the values of their
    named fields (hidden, typed, ticked, chosen); disabled fields are not sent.

    `offered` keeps, per form, the values each radio group, checkbox and select offers,
    and `labels` the words shown for each of a select's options.
    """

    def __init__(self, html: str = ""):
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.offered: list[dict[str, list[str]]] = []
        self.labels: list[dict[str, dict[str, str]]] = []
        self._select: str | None = None
        self._option: str | None = None
        self._textarea: str | None = None
        self._text = ""
        if html:
            self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append((attrs.get("action") or "", {}))
            self.offered.append({})
            self.labels.append({})
            return
        if not self.forms:
            return
        fields, offered = self.forms[-1][1], self.offered[-1]
        name = attrs.get("name")
        if tag == "input" and name and "disabled" not in attrs:
            kind = attrs.get("type")
            if kind in ("radio", "checkbox"):
                value = attrs.get("value") or "on"  # a checkbox without a value sends "on"
                offered.setdefault(name, []).append(value)
                if "checked" not in attrs:
                    return
                fields.setdefault(name, value)
                return
            fields.setdefault(name, attrs.get("value") or "")
        elif tag == "select" and name and "disabled" not in attrs:
            self._select = name
            offered.setdefault(name, [])
            self.labels[-1].setdefault(name, {})
        elif tag == "option" and self._select:
            value = attrs.get("value") or ""
            offered[self._select].append(value)
            self._option, self._text = value, ""
            if "selected" in attrs or self._select not in fields:  # else the first is chosen
                fields[self._select] = value
        elif tag == "textarea" and name and "disabled" not in attrs:
            self._textarea, self._text = name, ""

    def handle_data(self, data):
        if self._option is not None or self._textarea is not None:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "option" and self._option is not None and self._select:
            self.labels[-1][self._select][self._option] = " ".join(self._text.split())
            self._option = None
        elif tag == "select":
            self._select = self._option = None
        elif tag == "textarea" and self._textarea is not None:
            self.forms[-1][1].setdefault(self._textarea, self._text)
            self._textarea = None

    def find(self, action_end: str, **match: str) -> int | None:
        """The index of the first form whose action ends so and whose fields match."""
        for index, (action, fields) in enumerate(self.forms):
            if action.endswith(action_end) and all(fields.get(k) == v for k, v in match.items()):
                return index
        return None

    def form(self, action_end: str, **match: str) -> dict[str, str] | None:
        index = self.find(action_end, **match)
        return None if index is None else self.forms[index][1]


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
