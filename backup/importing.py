"""A tournament's JSON file read back into this database: a night restored from its backup.

A file is not trusted: anyone can write one. Each side gets a new link and PIN (a link
chosen in the file would be a way into the table; print the table cards again after a
restore); every side or seat number is checked against the table it belongs to; and
nothing in the file names an account of this database: the history keeps who did what as the
file's words, marked as imported, and rulings are not attributed to a local account.

The plain fields are those the export writes (exporting.plain_fields), each checked by its
model's own rules; only the links between records are read here, step by step in the order
they point at each other (_import). An import is one transaction: a file that is refused
leaves nothing behind.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, models, transaction

from club.models import Club, Player
from kittytd import __version__
from leaderboard.board import standings_for
from rules import InvalidHand, InvalidOptions, InvalidRuling
from rules.base import to_int
from scoring import kept_facts
from scoring.models import Change, CorrectionRequest, Hand, Ruling, Signature
from tournament.deleting import delete_night
from tournament.inputs import COLUMN_RANGES
from tournament.linking import LINKS, link_entrants
from tournament.models import Announcement, Bye, Entrant, Round, Seat, Table, Tournament

from .exporting import FORMAT, VERSION, plain_fields

# A real backup nests about ten levels (tournament, rounds, tables, history, its facts).
MAX_DEPTH = 32


class BackupError(Exception):
    """Why a file cannot be imported, in words for the director."""


# --- the file's text and format -----------------------------------------------------


def read_json(raw: bytes | str) -> Any:
    """A file's bytes as JSON data, refused (BackupError) when no backup could hold it."""
    if isinstance(raw, bytes) and raw.startswith(b"SQLite format 3\x00"):
        raise BackupError(
            "This is a copy of the whole database (a .sqlite3 file), not a night's backup "
            "file: choose the night's .kittytd.json file here, or stop the server and put "
            "the copy back with kittytd restore (python3 dev.py restore in a checkout)."
        )
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise BackupError(_too_deep()) from None
    except ValueError as exc:  # not UTF-8, not JSON, a number too long to read
        raise BackupError(f"This file is not readable JSON ({exc}).") from None
    _check_text(data)
    return data


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a backup holds")


def _too_deep() -> str:
    return f"This file nests deeper than a backup ever does ({MAX_DEPTH} levels): not imported."


def _check_text(data: Any) -> None:
    """Refuse what no database column keeps: a NUL character, and nesting beyond reason."""
    stack = [(data, 0, "")]
    while stack:
        value, depth, where = stack.pop()
        if depth > MAX_DEPTH:
            raise BackupError(_too_deep())
        if isinstance(value, str) and "\x00" in value:
            raise BackupError(
                f"{where or 'The file'}: contains a NUL character (\\0), which cannot be stored."
            )
        if isinstance(value, dict):
            for key, item in value.items():
                if "\x00" in key:
                    raise BackupError(f"{where}: a name contains a NUL character (\\0).")
                stack.append((item, depth + 1, f"{where}.{key}" if where else key))
        elif isinstance(value, list):
            stack.extend((item, depth + 1, f"{where}[{i}]") for i, item in enumerate(value))


def check_format(data: Any) -> None:
    """A Kitty TD tournament file this release reads, with a tournament's record: checked
    before anything else, and before a night it would replace is copied."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError("This is not a Kitty TD tournament file.")
    version = data.get("version")
    if not isinstance(version, int) or version > VERSION:
        written_by = data.get("release")
        by = f", written by Kitty TD {written_by}," if isinstance(written_by, str) else ""
        raise BackupError(
            f"This file's format (version {version!r}){by} is newer than this Kitty TD reads "
            f"(version {VERSION}, in Kitty TD {__version__}): update Kitty TD first."
        )
    if not isinstance(data.get("tournament"), dict):
        raise BackupError("tournament: expected the tournament's record.")


def night_at_address(data: Any) -> Tournament | None:
    """The night of this database at the file's address (its slug), if there is one: the
    night an import of the file would replace."""
    check_format(data)
    slug = data["tournament"].get("slug")
    return Tournament.objects.filter(slug=slug).first() if isinstance(slug, str) else None


# --- the night restored, step by step -----------------------------------------------


def import_json(raw: bytes | str, club: Club | None = None) -> Tournament:
    """The director's upload: the file's bytes in, the imported tournament out.

    Raises BackupError with a message to show next to the upload field.
    """
    return import_tournament(read_json(raw), club)


def import_tournament(
    data: Any, club: Club | None = None, replacing: Tournament | None = None
) -> Tournament:
    """Recreate an exported tournament in this database, all or nothing, as a night of
    `club` (None: the first club); its players are linked to that club's register.
    `replacing`: the night at the file's address, deleted in the same transaction, so a
    file refused leaves it as it was (its copies are the caller's to keep first).

    Refuses a slug that is already taken, and any file that is not a well-formed
    export, with a BackupError saying where the file is wrong.
    """
    check_format(data)
    if replacing is not None and replacing.slug != data["tournament"].get("slug"):
        raise BackupError(f"This file is not a night at {replacing.name}'s address.")
    try:
        with transaction.atomic():
            if replacing is not None:
                delete_night(replacing)
            return _import(data, club)
    except (IntegrityError, DataError) as exc:
        raise BackupError(f"The file contradicts itself and was not imported ({exc}).") from None


def _import(data: dict, club: Club | None) -> Tournament:
    """The night's records in the order they point at each other: each step stores what
    the later ones link to, so each can check the file against what is stored already."""
    tournament, options = _restore_tournament(data, club)
    entrants = _restore_entrants(data, tournament)
    _restore_announcements(data, tournament)
    rounds = _restore_rounds(data, tournament)
    tables = _restore_tables_and_byes(rounds, entrants)
    hands = _restore_seats_and_hands(tables, entrants, tournament.ruleset, options)
    _restore_rulings_signatures_and_history(tables, hands)
    _check_scores(tournament)
    return tournament


def _restore_tournament(data: dict, club: Club | None) -> tuple[Tournament, dict]:
    """The tournament's own record, at an address no night here has, and the game's
    options every hand of the file is read by."""
    tournament = _build(Tournament, data["tournament"], "tournament: ")
    if club is not None:
        tournament.club = club
    if Tournament.objects.filter(slug=tournament.slug).exists():
        raise BackupError(
            f"A tournament with the address “{tournament.slug}” already exists: delete it "
            "first, or change the slug in the file to import a copy."
        )
    options = _game_options(tournament)
    tournament.save()
    return tournament, options


def _game_options(tournament: Tournament) -> dict:
    """The options in play, from the file's options by name as the ruleset checks them."""
    if not isinstance(tournament.options, dict):
        raise BackupError(
            "tournament: options: expected the game's options by name, "
            f"not {_shown(tournament.options)}."
        )
    try:
        return tournament.game_options
    except InvalidOptions as exc:
        raise BackupError(f"tournament: options: {_words(exc)}") from None


def _restore_entrants(data: dict, tournament: Tournament) -> dict[int, Entrant]:
    """The entrants, by the file's ids: the ids the tournament keeps inside JSON point at
    them again, and their players are linked to the club's register."""
    rows = _records(data, "entrants", "")
    entrants: dict[int, Entrant] = {}
    for i, row in enumerate(rows):
        where = f"entrants[{i}]: "
        if not isinstance(row.get("id"), int) or row["id"] in entrants:
            raise BackupError(f"{where}each entrant needs its own whole-number id.")
        entrants[row["id"]] = _build(Entrant, row, where, tournament=tournament)
    _create(Entrant, list(entrants.values()))
    _relink_entrant_lists(tournament, entrants)
    _link_to_register(tournament, rows, entrants)
    return entrants


# Tournament fields that hold entrant ids inside JSON (the playoff's seeds, in seed order).
ENTRANT_ID_LISTS = ("playoff_seeds",)


def _relink_entrant_lists(tournament: Tournament, entrants: dict[int, Entrant]) -> None:
    """Point the ids kept inside JSON fields at the entrants just created."""
    names = [f.name for f in plain_fields(Tournament) if f.name in ENTRANT_ID_LISTS]
    for name in names:
        value = getattr(tournament, name)
        if not isinstance(value, list):
            raise BackupError(f"tournament: {name}: expected a list of entrant ids.")
        relinked = []
        for old in value:
            # The digits of an id read as one; "²" is a digit to str.isdigit(), no number.
            key = to_int(old) if isinstance(old, str) else old
            if key is None or isinstance(key, bool):  # null is no entrant (a 500 was)
                raise BackupError(f"tournament: {name}: expected entrant ids, not {_shown(old)}.")
            relinked.append(_id(key, entrants, "entrant", f"tournament: {name}: ").pk)
        setattr(tournament, name, relinked)
    if names:
        tournament.save(update_fields=names)


def _link_to_register(
    tournament: Tournament, rows: list[dict], entrants: dict[int, Entrant]
) -> None:
    """Each player linked to the club's register, by the register names the file keeps
    for them as well as by the names typed."""
    known = {}
    for i, row in enumerate(rows):
        for slot, name, aliases in _read_links(row, f"entrants[{i}]: "):
            known[(entrants[row["id"]].pk, slot)] = (name, aliases)
    link_entrants(tournament, entrants.values(), known=known)


def _read_links(row: dict, where: str) -> list[tuple[int, str, list[str]]]:
    """An entrant's register links as the file has them (an older file: none)."""
    links = _records(row, "register", where)
    found = []
    max_name = Player._meta.get_field("name").max_length
    for k, link in enumerate(links):
        at = f"{where}register[{k}]: "
        slot, name, aliases = link.get("slot"), link.get("name"), link.get("aliases", [])
        if (
            not isinstance(slot, int)  # first: a list or a dict is no key of LINKS
            or isinstance(slot, bool)
            or slot not in LINKS
            or slot in (s for s, _, _ in found)
        ):
            raise BackupError(f"{at}slot: expected {' or '.join(map(str, LINKS))}, once each.")
        names = [name, *aliases] if isinstance(aliases, list) else None
        if names is None or not all(isinstance(n, str) and n.strip() for n in names):
            raise BackupError(f"{at}expected a player's name and a list of aliases.")
        if any(len(n) > max_name for n in names):
            raise BackupError(f"{at}a name has more than {max_name} characters.")
        found.append((slot, name, aliases))
    return found


def _restore_announcements(data: dict, tournament: Tournament) -> None:
    """The director's announcements, the night's news stamped with the newest."""
    announcements = [
        _build(Announcement, row, f"announcements[{i}]: ", tournament=tournament)
        for i, row in enumerate(_records(data, "announcements", ""))
    ]
    _create(Announcement, announcements)
    if announcements and tournament.news_at is None:
        # The pages read the news of a night whose news was stamped (tournament.news).
        tournament.news_at = max(a.at for a in announcements)
        Tournament.objects.filter(pk=tournament.pk).update(news_at=tournament.news_at)


def _restore_rounds(data: dict, tournament: Tournament) -> list[tuple[Round, dict]]:
    """The rounds, each beside its record in the file (its byes and tables)."""
    rows = _records(data, "rounds", "")
    rounds = [
        _build(Round, row, f"rounds[{i}]: ", tournament=tournament) for i, row in enumerate(rows)
    ]
    _create(Round, rounds)
    return list(zip(rounds, rows, strict=True))


@dataclass
class _FileTable:
    """A table being restored, beside its record in the file and where that is (for the
    messages); its number of sides is known once its seats are read."""

    table: Table
    row: dict
    where: str
    sides: int = 0


def _restore_tables_and_byes(
    rounds: list[tuple[Round, dict]], entrants: dict[int, Entrant]
) -> list[_FileTable]:
    """Each round's byes and tables, read round by round; the tables are stored first."""
    tables, byes = [], []
    for i, (round_, row) in enumerate(rounds):
        byes.extend(_byes_of(round_, row, entrants, f"rounds[{i}]"))
        tables.extend(_tables_of(round_, row, f"rounds[{i}]"))
    _create(Table, [t.table for t in tables])
    _create(Bye, byes)
    return tables


def _byes_of(round_: Round, row: dict, entrants: dict[int, Entrant], where: str) -> list[Bye]:
    """The round's byes, each one of the file's entrants."""
    byes = []
    for j, bye in enumerate(_records(row, "byes", where + ".")):
        at = f"{where}.byes[{j}]: "
        entrant = _id(bye.get("entrant"), entrants, "entrant", at)
        byes.append(Bye(round=round_, entrant=entrant or _missing(at, "entrant")))
    return byes


def _tables_of(round_: Round, row: dict, where: str) -> list[_FileTable]:
    """The round's tables, each beside its record in the file."""
    tables = []
    for j, table_row in enumerate(_records(row, "tables", where + ".")):
        at = f"{where}.tables[{j}]"
        table = _build(Table, table_row, at + ": ", round=round_)
        if "first_dealer" not in table_row:
            # A file from before a table could say who dealt first: not said (its
            # dealers were taken to start at the first seat), so its hands are read
            # as they were entered, not judged against a dealer nobody named.
            table.first_dealer = None
        tables.append(_FileTable(table, table_row, at))
    return tables


def _restore_seats_and_hands(
    tables: list[_FileTable], entrants: dict[int, Entrant], ruleset, options: dict
) -> dict[int, Hand]:
    """Each table's seats, then its hands, read by the game as dealt at that table; the
    seats are stored before the hands. Returns the hands by the file's ids."""
    seats, hands = [], []
    seated: set[tuple[int, int]] = set()  # (round, entrant)
    for t in tables:
        placed = _seats_at(t, entrants, seated)
        seats.extend(placed)
        size = ruleset.players_at_table(len(placed))
        t.sides = _check_seats(ruleset, placed, size, t.where)
        hands.extend(_hands_at(t, _dealt(ruleset, t.table, size, t.where), size, options))
    _create(Seat, seats)
    _create(Hand, [hand for _, hand, _ in hands])
    return _hands_by_id(hands)


def _seats_at(
    t: _FileTable, entrants: dict[int, Entrant], seated: set[tuple[int, int]]
) -> list[Seat]:
    """The table's seats, each entrant seated once in a round (`seated` so far)."""
    placed = []
    for k, row in enumerate(_records(t.row, "seats", t.where + ".")):
        at = f"{t.where}.seats[{k}]: "
        entrant = _id(row.get("entrant"), entrants, "entrant", at) or _missing(at, "entrant")
        if (t.table.round_id, entrant.pk) in seated:
            raise BackupError(f"{at}{entrant.name} is seated twice in this round.")
        seated.add((t.table.round_id, entrant.pk))
        placed.append(_build(Seat, row, at, table=t.table, entrant=entrant))
    return placed


def _check_seats(ruleset, seats: list[Seat], size: int, where: str) -> int:
    """The table's seats fill positions 0, 1, ... of a table the game is played at.

    Returns the number of sides at the table, for the side numbers of what happened there.
    """
    try:
        sides = ruleset.sides(size)
    except ValueError as exc:
        raise BackupError(f"{where}.seats: {exc}") from None
    positions = sorted(seat.position for seat in seats)
    if positions != list(range(sides)):
        raise BackupError(
            f"{where}.seats: positions {positions} do not seat the table's {sides} sides "
            f"(positions 0 to {sides - 1}, once each)."
        )
    return sides


def _dealt(ruleset, table: Table, size: int, where: str):
    """The game as dealt at the table: its first dealer one of its seats (or not said)."""
    if table.first_dealer is None:
        return ruleset.with_first_dealer(None)
    try:
        ruleset.check_first_dealer(table.first_dealer, size)
    except ValueError:
        raise BackupError(
            f"{where}: first_dealer: expected a seat of the table, 0 to {size - 1}, "
            f"not {table.first_dealer}."
        ) from None
    return ruleset.with_first_dealer(table.first_dealer)


def _hands_at(t: _FileTable, dealt, size: int, options: dict) -> list[tuple[Any, Hand, str]]:
    """The table's hands, each with the file's id of it and where it is in the file."""
    hands = []
    for k, row in enumerate(_records(t.row, "hands", t.where + ".")):
        at = f"{t.where}.hands[{k}]: "
        hand = _build(Hand, row, at, table=t.table)
        _check_side(hand.entered_by, t.sides, "entered_by", at)
        _check_off_sheet(hand, at)
        _check_record(hand, dealt, size, options, at)
        hands.append((row.get("id"), hand, at))
    return hands


def _check_off_sheet(hand: Hand, where: str) -> None:
    """A hand off the sheet as the app leaves one: taken back only by the side that
    entered it, before it was accepted; struck only with the director's reason."""
    if hand.taken_back_at is not None and (
        hand.status == Hand.Status.ACCEPTED or hand.entered_by is None
    ):
        raise BackupError(
            f"{where}taken_back_at: only a side's own hand, not yet accepted, is taken back."
        )
    if hand.struck_at is not None and not hand.struck_reason.strip():
        raise BackupError(f"{where}struck_reason: a struck hand keeps the reason it was struck.")


def _check_record(hand: Hand, dealt, size: int, options: dict, where: str) -> None:
    """The hand's facts, if it has any, as the game dealt at its table reads them."""
    if hand.record is not None and not isinstance(hand.record, dict):
        raise BackupError(f"{where}record: expected the hand's facts by name.")
    if hand.record is not None:
        try:
            dealt.parse_hand(hand.record, size, options, hand.number)
        except (InvalidHand, TypeError, AttributeError) as exc:
            raise BackupError(f"{where}record: {_words(exc)}") from None


def _hands_by_id(hands: list[tuple[Any, Hand, str]]) -> dict[int, Hand]:
    """The hands by the file's ids, which the rulings and the history point at."""
    by_id: dict[int, Hand] = {}
    for old_id, hand, at in hands:
        if not isinstance(old_id, int) or old_id in by_id:
            raise BackupError(f"{at}each hand needs its own whole-number id.")
        by_id[old_id] = hand
    return by_id


def _restore_rulings_signatures_and_history(
    tables: list[_FileTable], hands: dict[int, Hand]
) -> None:
    """Each table's rulings, signatures, history and the sides' correction requests; a
    ruling made because of another points at it once both are stored."""
    causes, signatures, changes, corrections = [], [], [], []
    for t in tables:
        causes.extend(_rulings_at(t, hands))
        signatures.extend(_signatures_at(t))
        changes.extend(_changes_at(t, hands))
        corrections.extend(_corrections_at(t))
    _create(Ruling, [ruling for _, ruling, _, _ in causes])
    _link_causes(causes)
    _create(Signature, signatures)
    _create(Change, changes)
    _create(CorrectionRequest, corrections)


def _rulings_at(t: _FileTable, hands: dict[int, Hand]) -> list[tuple[Any, Ruling, Any, str]]:
    """The table's rulings, not attributed to an account here; each with the file's id of
    it and of its cause, and where it is (what _link_causes takes)."""
    causes = []
    for k, row in enumerate(_records(t.row, "rulings", t.where + ".")):
        at = f"{t.where}.rulings[{k}]: "
        hand = _id(row.get("hand"), hands, "hand", at)
        _same_table(hand, t.table, at)
        ruling = _build(Ruling, row, at, table=t.table, hand=hand, created_by=None)
        _check_side(ruling.offender, t.sides, "offender", at)
        causes.append((row.get("id"), ruling, row.get("caused_by"), at))
    return causes


def _link_causes(causes: list[tuple[Any, Ruling, Any, str]]) -> None:
    """A ruling made because of another (a team leaving forfeits its later rounds) points
    at its cause again, by the file's ids."""
    by_id = {old: ruling for old, ruling, _, _ in causes if isinstance(old, int)}
    caused = []
    for _, ruling, cause, at in causes:
        if cause is None:
            continue
        if not isinstance(cause, int) or cause not in by_id or by_id[cause] is ruling:
            raise BackupError(f"{at}caused_by: no other ruling in the file has the id {cause!r}.")
        ruling.caused_by = by_id[cause]
        caused.append(ruling)
    Ruling.objects.bulk_update(caused, ["caused_by"])


def _signatures_at(t: _FileTable) -> list[Signature]:
    """The table's signatures, one a side."""
    signatures, signed = [], set()
    for k, row in enumerate(_records(t.row, "signatures", t.where + ".")):
        at = f"{t.where}.signatures[{k}]: "
        signature = _build(Signature, row, at, table=t.table)
        _check_side(signature.side, t.sides, "side", at)
        if signature.side in signed:
            raise BackupError(f"{at}side {signature.side} has signed already.")
        signed.add(signature.side)
        signatures.append(signature)
    return signatures


def _changes_at(t: _FileTable, hands: dict[int, Hand]) -> list[Change]:
    """The table's history, kept as the file's words and marked as imported: no account
    here is named by a file."""
    changes = []
    for k, row in enumerate(_records(t.row, "changes", t.where + ".")):
        at = f"{t.where}.changes[{k}]: "
        hand = _id(row.get("hand"), hands, "hand", at)
        _same_table(hand, t.table, at)
        change = _build(Change, row, at, table=t.table, hand=hand, user=None)
        for name in ("before", "after"):
            if wrong := kept_facts.malformed(getattr(change, name)):
                raise BackupError(f"{at}{name}: {wrong}.")
        change.imported = True
        changes.append(change)
    return changes


def _corrections_at(t: _FileTable) -> list[CorrectionRequest]:
    """The sides' requests for a correction, open or answered (by no account here)."""
    corrections = []
    for k, row in enumerate(_records(t.row, "corrections", t.where + ".")):
        at = f"{t.where}.corrections[{k}]: "
        asked = _build(CorrectionRequest, row, at, table=t.table, closed_by=None)
        _check_side(asked.side, t.sides, "side", at)
        corrections.append(asked)
    return corrections


def _check_scores(tournament: Tournament) -> None:
    """Score every table once: a file whose facts the rules cannot read is refused whole."""
    try:
        standings_for(tournament)
    except (InvalidHand, InvalidRuling, KeyError, TypeError, ValueError) as exc:
        raise BackupError(f"The file's hands or rulings cannot be scored: {_words(exc)}") from None


# --- a record of the file, built and checked ----------------------------------------


def _records(data: dict, key: str, where: str) -> list[dict]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise BackupError(f"{where}{key}: expected a list of records.")
    return value


def _build(model: type[models.Model], data: dict, where: str, **links) -> models.Model:
    """A model instance from the file's plain fields, each checked by the model's own rules.

    All of them, "required" included: the app never stores an empty name, status or key,
    so a file that holds one was not written by it.
    """
    obj = model(**links)
    names = []
    for f in plain_fields(model):
        if f.name not in data:
            continue  # an older file: the model's default
        names.append(f.name)
        _check_type(f, data[f.name], where)
        try:
            setattr(obj, f.attname, f.to_python(data[f.name]))
        except ValidationError as exc:
            raise BackupError(f"{where}{f.name}: {' '.join(exc.messages)}") from None
    skip = [f.name for f in model._meta.concrete_fields if f.is_relation or f.primary_key]
    try:
        obj.clean_fields(exclude=skip)
    except ValidationError as exc:
        problems = "; ".join(
            f"{name}: {' '.join(messages)}" for name, messages in exc.message_dict.items()
        )
        raise BackupError(f"{where.rstrip(': ')}: {problems}") from None
    obj._backup_fields = names  # the fields to restore after the database stamps its own
    return obj


def _check_type(field: models.Field, value: Any, where: str) -> None:
    """A value of the field's own JSON type: a list is not quietly turned into a name."""
    if value is None or isinstance(field, models.JSONField):
        return
    if isinstance(field, models.BooleanField):
        ok, kind = isinstance(value, bool), "true or false"
    elif isinstance(field, models.IntegerField):
        low, high = COLUMN_RANGES.get(field.get_internal_type(), (None, None))
        ok = isinstance(value, int) and not isinstance(value, bool)
        ok = ok and (low is None or low <= value <= high)
        kind = "a whole number" if low is None else f"a whole number from {low} to {high}"
    elif isinstance(field, models.DecimalField):
        ok, kind = isinstance(value, int | float | str) and not isinstance(value, bool), "a number"
    else:
        ok, kind = isinstance(value, str), "text"
    if not ok:
        raise BackupError(f"{where}{field.name}: expected {kind}, not {_shown(value)}.")


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _id(value: Any, known: dict[int, Any], what: str, where: str) -> Any:
    if value is None:
        return None
    if not isinstance(value, int) or value not in known:
        raise BackupError(f"{where}{what} {value!r} is not one of the file's {what}s.")
    return known[value]


def _missing(where: str, what: str):
    raise BackupError(f"{where}{what} is missing.")


def _create(model: type[models.Model], objs: list[models.Model]) -> None:
    """Insert in bulk, then put back the file's timestamps that auto_now fields overwrote."""
    if not objs:
        return
    wanted = [
        (obj, {f.attname: getattr(obj, f.attname) for f in plain_fields(model)}) for obj in objs
    ]
    model.objects.bulk_create(objs, batch_size=500)
    stamped = [
        f
        for f in plain_fields(model)
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    restore = [f.name for f in stamped if all(f.name in obj._backup_fields for obj in objs)]
    if restore:
        for obj, values in wanted:
            for name in restore:
                setattr(obj, name, values[model._meta.get_field(name).attname])
        model.objects.bulk_update(objs, restore, batch_size=500)


def _same_table(hand: Hand | None, table: Table, where: str) -> None:
    if hand is not None and hand.table is not table:
        raise BackupError(f"{where}its hand belongs to another table.")


def _check_side(value: int | None, sides: int, name: str, where: str) -> None:
    if value is not None and not 0 <= value < sides:
        raise BackupError(
            f"{where}{name}: side {value} is not at this table (its sides are 0 to {sides - 1})."
        )


def _words(exc: Exception) -> str:
    errors = getattr(exc, "errors", None)
    if isinstance(errors, dict) and errors:
        return "; ".join(f"{k}: {v}" for k, v in errors.items())
    return str(exc) or type(exc).__name__
