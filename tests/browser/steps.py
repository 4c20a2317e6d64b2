"""The director's and the scorer's steps, as a person takes them in the browser.

Selectors are what a person reads: a role and its name, a label, a heading, a text.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from django.contrib.auth import get_user_model
from playwright.sync_api import Locator, Page, expect
from pypdf import PdfReader

from scoring import entry
from scoring.models import Hand
from tournament.models import Director, Table

PASSWORD = "a-night-of-kitty-1"


def make_director(username: str = "td") -> None:
    user = get_user_model().objects.create_user(username, password=PASSWORD)
    Director.objects.create(user=user)


def log_in(page: Page, shots, username: str = "td") -> None:
    page.goto("/login/")
    expect(page.get_by_role("heading", name="Director login")).to_be_visible()
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    shots(page, "login")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("banner")).to_contain_text(username)
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def new_tournament(page: Page, shots, *, name: str, game: str, rounds: int) -> str:
    """Fills the New tournament form; returns the tournament's slug (from its address)."""
    page.goto("/")
    page.get_by_role("link", name="New tournament").click()
    expect(page.get_by_role("heading", name="New tournament")).to_be_visible()
    page.get_by_role("textbox", name="Name", exact=True).fill(name)
    page.get_by_role("textbox", name="Date", exact=True).fill("2026-11-20")
    page.get_by_role("textbox", name="Venue", exact=True).fill("Columbus Whist Club hall")
    page.get_by_role("combobox", name="Game", exact=True).select_option(label=game)
    page.get_by_role("spinbutton", name="Number of rounds", exact=True).fill(str(rounds))
    page.get_by_role("checkbox", name="Published", exact=True).check()
    shots(page, "new-tournament")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text(f"Saved {name}.")).to_be_visible()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def import_entrants(page: Page, shots, slug: str, csv_file: Path, count: int) -> None:
    page.goto(f"/t/{slug}/entrants/")
    page.get_by_role("link", name="Import CSV").click()
    expect(page.get_by_role("heading", name="Import entrants")).to_be_visible()
    page.get_by_label("CSV file").set_input_files(str(csv_file))
    shots(page, "import-csv")
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_text(f"Imported {count} entrants.")).to_be_visible()
    expect(page.locator("table.list tbody tr")).to_have_count(count)
    shots(page, "entrants")


def check_in_everyone(page: Page, shots, slug: str, names: list[str]) -> None:
    page.goto(f"/t/{slug}/checkin/")
    expect(page.get_by_text(f"0 of {len(names)} checked in")).to_be_visible()
    for done, name in enumerate(names, start=1):
        button = page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}\b"))
        expect(button).to_contain_text("Check in")
        button.click()
        expect(page.get_by_text(f"{done} of {len(names)} checked in")).to_be_visible()
        expect(button).to_contain_text("Checked in")
        if done == len(names) // 2:
            shots(page, "check-in-half")
    shots(page, "checked-in")


def draw_and_publish(page: Page, shots, slug: str, number: int, repeats: int = 0) -> None:
    """Draw the next round, check the draft's count of repeated opponents, publish it."""
    page.goto(f"/t/{slug}/rounds/")
    page.get_by_role("button", name="Draw the next round").click()
    expect(page.get_by_text(f"Drew a draft of round {number}")).to_be_visible()
    expect(page.get_by_role("heading", name=f"Round {number}")).to_contain_text("Draft")
    expect(page.get_by_text(f"Repeated opponents in this draft: {repeats}")).to_be_visible()
    shots(page, f"round-{number}-draft")
    page.get_by_role("button", name=f"Publish round {number}", exact=True).click()
    expect(page.get_by_text(f"Published round {number}")).to_be_visible()
    shots(page, f"round-{number}-published")


def side_links(page: Page, slug: str, round_number: int, table: int) -> list[SideLink]:
    """Each side's private link and PIN, as the director's table page lists them (what that
    side's half of the table card carries)."""
    page.goto(f"/t/{slug}/round/{round_number}/")
    page.get_by_role("link", name=str(table), exact=True).click()
    expect(page.get_by_role("heading", name=f"Table {table}")).to_be_visible()
    found = []
    for item in page.locator("ul.side-links > li").all():
        side = item.locator("strong").first.inner_text()
        link = item.get_by_role("link")
        href = link.get_attribute("href")
        assert href and re.fullmatch(r"https?://[^/]+/s/[\w-]{22,}/", href), href
        expect(link).to_have_text(href)
        pin = re.search(r"PIN (\d{3}) (\d{3})", item.inner_text())  # as the card prints it
        assert pin, item.inner_text()
        found.append(SideLink(side, href, pin[1] + pin[2]))
    return found


@dataclass(frozen=True)
class SideLink:
    side: str
    url: str
    pin: str


def table_cards_pdf(page: Page, slug: str, round_number: int, save_as: Path) -> list[str]:
    """The round's table cards as the director prints them; each page's text."""
    page.goto(f"/t/{slug}/round/{round_number}/")
    href = page.get_by_role("link", name="Table cards and list (PDF)").get_attribute("href")
    response = page.context.request.get(href)
    assert response.ok and response.headers["content-type"] == "application/pdf"
    save_as.write_bytes(response.body())
    reader = PdfReader(io.BytesIO(response.body()))
    return [" ".join(p.extract_text().split()) for p in reader.pages]


def field(scope: Locator, label: str) -> Locator:
    """A form field by the words of its own label, or its legend when it is a group of
    buttons (not the labels of its buttons)."""
    words = re.compile(rf"^\s*{re.escape(label)}\s*\*?\s*$")
    return scope.locator(".field").filter(
        has=scope.page.locator(":scope > label, :scope > legend").filter(has_text=words)
    )


def tap_choice(scope: Locator, label: str, option: str) -> None:
    """Tap one of a field's buttons (a radio input inside label.choice, in a fieldset).

    A button may carry a second line (a seat's player): match the first words only.
    """
    name = re.compile(rf"^\s*{re.escape(option)}(\s|$)")
    radio = field(scope, label).get_by_role("radio", name=name)
    radio.tap()
    expect(radio).to_be_checked()


def type_in(scope: Locator, label: str, value: int) -> None:
    """Type a number; the phone's keyboard closing fires the change the preview listens for."""
    box = scope.get_by_label(label, exact=True)
    box.fill(str(value))
    box.dispatch_event("change")


def entry_form(page: Page) -> Locator:
    return page.locator("form").filter(
        has=page.get_by_role("button", name=re.compile(r"^Enter hand"))
    )


def sign(page: Page, side: str, player: str, pin: str | None = None) -> None:
    """A side signs on its own phone, or (with its PIN) on another side's phone."""
    if pin is None:
        group = page.get_by_role("group", name=f"{side} signs", exact=True)
    else:
        group = page.get_by_role("group", name=f"{side} signs on this phone, with its PIN")
    radio = group.get_by_role("radio", name=player, exact=True)
    radio.tap()
    expect(radio).to_be_checked()
    group.get_by_label("Type the chosen player's name").fill(player)
    if pin is not None:
        group.get_by_label("PIN").fill(pin)
    group.get_by_role("button", name=f"Sign for {side}").tap()
    expect(page.get_by_text("Signed.", exact=True)).to_be_visible()
    signed = re.compile(rf"{re.escape(side)}\s+signed by {re.escape(player)} at")
    expect(page.get_by_text(signed)).to_be_visible()


def rule(page: Page, shots, *, infraction: str, hand: str, offender: str, choice: str) -> None:
    """Preview a ruling on the director's table page, then confirm it."""
    form = page.locator("form").filter(has=page.get_by_role("button", name="Preview the ruling"))
    form.get_by_label("Infraction").select_option(label=infraction)
    hand_select = form.get_by_label("Hand", exact=True)
    hand_select.select_option(hand_select.locator("option", has_text=hand).get_attribute("value"))
    offender_select = form.get_by_label("Offending side")
    offender_select.select_option(
        offender_select.locator("option", has_text=offender).get_attribute("value")
    )
    if choice:
        form.get_by_label("Choice the rule gives").select_option(label=choice)
    form.get_by_role("button", name="Preview the ruling").click()
    preview = page.locator(".ruling-preview")
    expect(preview).to_be_visible()
    expect(preview).to_contain_text(infraction.split(": ", 1)[1])
    shots(page, "ruling-preview")
    preview.get_by_role("button", name="Confirm the ruling").click()
    expect(page.get_by_text("Ruling recorded; the scores follow it.")).to_be_visible()


def standings_names(page: Page, url: str) -> list[str]:
    """The entrants' names in the order a standings table shows them."""
    page.goto(url)
    expect(page.get_by_role("heading", name=re.compile("Standings"))).to_be_visible()
    rows = page.locator("table tbody").get_by_role("row")
    expect(rows.first).to_be_visible()
    return [row.get_by_role("cell").nth(1).inner_text().strip() for row in rows.all()]


def sheets_pdf(page: Page, slug: str, round_number: int, save_as: Path) -> list[str]:
    """The round's score sheets as the director prints them (from the round page's link),
    with the director's session; returns each page's text, every run of whitespace one space.
    """
    page.goto(f"/t/{slug}/round/{round_number}/")
    href = page.get_by_role("link", name="Score sheets (PDF)").get_attribute("href")
    response = page.context.request.get(href)
    assert response.ok and response.headers["content-type"] == "application/pdf"
    save_as.write_bytes(response.body())
    reader = PdfReader(io.BytesIO(response.body()))
    return [" ".join(p.extract_text().split()) for p in reader.pages]


def squash(text: str) -> str:
    """Text without whitespace: a long link printed on the sheet wraps anywhere."""
    return "".join(text.split())


def sign_through(table: Table, names: dict[int, str]) -> None:
    """Each side signs as its phone would (scoring.entry), so the round completes."""
    for side, name in names.items():
        entry.sign(table, side=side, player=name, typed=name, actor=entry.Actor(side=side))


def game_options(
    page: Page, shots, *, name: str, game: str, numbers: dict[str, int], ticks: tuple[str, ...] = ()
) -> None:
    """The game's options on the tournament's Settings page (they show once the game is saved)."""
    page.get_by_role("link", name="Settings").click()
    group = page.get_by_role("group", name=f"Options of {game}")
    expect(group).to_be_visible()
    for label, value in numbers.items():
        group.get_by_role("spinbutton", name=label, exact=True).fill(str(value))
    for label in ticks:
        box = group.get_by_role("checkbox", name=label, exact=True)
        box.check()
        expect(box).to_be_checked()
    shots(page, "game-options")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text(f"Saved {name}.")).to_be_visible()


def seated_names(table: Table) -> list[str]:
    """The players at a three-player game's table, in seat order."""
    return [seat.entrant.name for seat in table.seats.select_related("entrant")]


def accept(
    page: Page, number: int, entered_by: str, accepted_by: str, pin: str | None = None
) -> None:
    """Another side accepts the hand: on its own phone, or with its PIN on the phone that
    entered it. The side that entered it is never offered."""
    expect(page.get_by_role("heading", name=f"Hand {number}: check and accept")).to_be_visible()
    expect(page.get_by_role("button", name=f"Accept as {entered_by}")).to_have_count(0)
    if pin is None:
        page.get_by_role("button", name=f"Accept as {accepted_by}").tap()
    else:
        group = page.get_by_role("group", name=f"{accepted_by} accepts on this phone")
        group.get_by_label("PIN").fill(pin)
        group.get_by_role("button", name=f"Accept as {accepted_by}").tap()
    expect(page.get_by_text(f"Hand {number} accepted.")).to_be_visible()


def expect_totals(page: Page, totals) -> None:
    """The sheet's Total line, one figure per side, as the page prints it."""
    expect(page.locator("table.sheet tfoot th.num")).to_have_text([str(t) for t in totals])


def finish_through(table: Table, records: list[dict], entered_by: int = 0) -> None:
    """Accepted hands (ruleset records, as the form stores them) and every side's signature,
    as if the table had played them through its phone."""
    for number, record in enumerate(records, start=1):
        Hand.objects.create(
            table=table,
            number=number,
            nonce=f"orm-{table.pk}-{number}",
            record=record,
            status=Hand.Status.ACCEPTED,
            entered_by=entered_by,
        )
    sign_through(table, dict(enumerate(seated_names(table))))


def standings_rows(page: Page, url: str) -> list[dict[str, str]]:
    """Each row of a standings table as {column heading: what the cell shows}."""
    page.goto(url)
    expect(page.get_by_role("heading", name=re.compile("Standings"))).to_be_visible()
    table = page.locator("table.standings")
    heads = [th.inner_text().strip() for th in table.locator("thead th").all()]
    rows = table.locator("tbody").get_by_role("row")
    expect(rows.first).to_be_visible()
    shown = []
    for row in rows.all():
        cells = [cell.inner_text().strip() for cell in row.get_by_role("cell").all()]
        shown.append(dict(zip(heads, cells, strict=True)))
    return shown


def standings_on_phone(page: Page, shots, url: str) -> list[str]:
    """The public standings on a phone: the names in order, after checking the last column
    can be scrolled into view (the table is wider than the phone)."""
    names = standings_names(page, url)
    shots(page, "phone-standings")
    last = page.locator("table.standings thead th").last
    last.scroll_into_view_if_needed()
    expect(last).to_be_in_viewport()
    shots(page, "phone-standings-scrolled", full_page=False)
    return names
