"""Reading an entrant list from a CSV file, all or nothing.

Every bad row is reported by its line number and reason, so the director can fix the
file in one pass; when any row is bad nothing is imported.
"""

import csv
import io
from dataclasses import dataclass

MAX_NAME = 100
TEAM_COLUMNS = ("team", "player1", "player2")
PLAYER_COLUMNS = ("name",)


def _word(value: str) -> str:
    """A value as a header word is compared: its letters and digits, case folded."""
    return "".join(c for c in value.casefold() if c.isalnum())


# The headers of either game's file, as words: a row of one of them again is a header
# (" NAME ", "Team , Player 1 , PLAYER2"), not an entrant. A lone "Player 1" in a file of
# names is a name (a placeholder is one): alone, only a file's first column's name counts
# ("name", "team"); otherwise at least two of the team file's.
FIRST_COLUMNS = {_word(PLAYER_COLUMNS[0]), _word(TEAM_COLUMNS[0])}
TEAM_HEADER = {_word(column) for column in TEAM_COLUMNS}


def header_again(values: list[str]) -> str:
    """The row as the director wrote it (what prints of it), when it is a header row again
    (repeated mid-file, two files pasted together), else ""."""
    said = [v.strip() for v in values if v.strip()]
    words = {_word(v) for v in said}
    alone = len(said) == 1 and words <= FIRST_COLUMNS
    if alone or (len(said) >= 2 and words <= TEAM_HEADER):
        return ",".join("".join(c for c in v if c.isprintable()) for v in said)
    return ""


@dataclass(frozen=True)
class Row:
    line: int
    name: str
    player1: str = ""
    player2: str = ""


def player_key(name: str) -> str:
    """A player as the club tells players apart: case and spacing do not count."""
    return " ".join(name.split()).casefold()


def player_clash(player1: str, player2: str, teams: dict[str, str]) -> str:
    """Why these two cannot be registered as a new team, or "" when they can.

    ``teams`` maps each registered player (player_key) to the name of their team."""
    first, second = teams.get(player_key(player1)), teams.get(player_key(player2))
    if first and first == second:
        return f"{player1} and {player2} are already registered as team {first}."
    for player, team in ((player1, first), (player2, second)):
        if team:
            return f"{player} already plays in team {team}."
    if player_key(player1) == player_key(player2):
        return f"{player1} cannot partner themselves."
    return ""


def expected_header(partnership: bool) -> str:
    if partnership:
        return "player1,player2 (and optionally team)"
    return "name"


def read_entrants(
    data: bytes, *, partnership: bool, existing: set[str], teams: dict[str, str] | None = None
) -> tuple[list[Row], list[str]]:
    """Parse an uploaded file; returns (rows, errors). `existing` holds the names' player_key;
    `teams` the players already registered (player_key -> team), for team games."""
    teams = dict(teams or {})
    if not data.strip():
        return [], ["The file is empty: it needs a header row and one row per entrant."]
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return [], [
            f"The file is not UTF-8 text (byte {exc.start + 1} is not valid): "
            "save it as 'CSV UTF-8' and import it again."
        ]
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = [h.strip().lower() for h in next(reader)]
    except csv.Error as exc:
        return [], [f"Line 1: the header row cannot be read ({exc})."]
    columns = TEAM_COLUMNS if partnership else PLAYER_COLUMNS
    required = set(columns) - {"team"}
    missing = [c for c in columns if c in required and c not in header]
    unknown = [h for h in header if h not in columns]
    if missing or unknown:
        return [], [
            f"Line 1: the header must be {expected_header(partnership)}; "
            + "; ".join(
                part
                for part in (
                    f"missing {', '.join(missing)}" if missing else "",
                    f"unknown column {', '.join(repr(u) for u in unknown)}" if unknown else "",
                )
                if part
            )
            + "."
        ]

    rows: list[Row] = []
    errors: list[str] = []
    seen: dict[str, int] = {}
    while True:
        line = reader.line_num + 1
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            errors.append(f"Line {line}: cannot be read ({exc}).")
            break
        if not any(v.strip() for v in values):
            continue  # blank lines are harmless
        line = reader.line_num
        if len(values) != len(header):
            errors.append(f"Line {line}: {len(values)} values, the header has {len(header)}.")
            continue
        record = {h: v.strip() for h, v in zip(header, values, strict=True)}
        problem, row = _row(line, record, partnership)
        if problem:
            errors.append(f"Line {line}: {problem}")
            continue
        if again := header_again(values):
            errors.append(f"Line {line}: {again!r} is a header row, not an entrant: delete it.")
            continue
        key = player_key(row.name)
        clash = player_clash(row.player1, row.player2, teams) if partnership else ""
        if key in existing:
            errors.append(f"Line {line}: {row.name!r} is already registered.")
        elif key in seen:
            errors.append(f"Line {line}: {row.name!r} is also on line {seen[key]}.")
        elif clash:
            errors.append(f"Line {line}: {clash}")
        else:
            seen[key] = line
            rows.append(row)
            if partnership:
                teams |= {player_key(row.player1): row.name, player_key(row.player2): row.name}
    if not rows and not errors:
        errors.append("The file has a header but no entrants.")
    return rows, errors


def _row(line: int, record: dict[str, str], partnership: bool) -> tuple[str, Row | None]:
    fields = ("player1", "player2", "team") if partnership else ("name",)
    for field in fields:
        value = record.get(field, "")
        if "\x00" in value:
            return f"{field} contains a NUL character (\\0), which a name cannot hold.", None
        if len(value) > MAX_NAME:
            return f"{field} is {len(value):,} characters long; at most {MAX_NAME}.", None
    if partnership:
        p1, p2 = record["player1"], record["player2"]
        if not p1 or not p2:
            return "a team needs two players (player1 and player2).", None
        name = record.get("team") or f"{p1} & {p2}"
        if len(name) > MAX_NAME:
            return f"the team name would be {len(name)} characters long; give a team.", None
        return "", Row(line, name, p1, p2)
    name = record["name"]
    if not name:
        return "the name is empty.", None
    return "", Row(line, name)
