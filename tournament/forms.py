"""Forms for the director: the tournament, its game options, entrants, CSV import,
check-in and the draft's changes.

Every form here is built from tournament.inputs' fields, so a yes/no box refuses junk and
a number the database column cannot hold is refused by its field, on every database.
"""

from dataclasses import dataclass

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm
from django.utils.text import slugify

from club.access import clean_club_choice, club_choice
from rules import RULESETS, InvalidOptions, get_ruleset
from rules.base import to_int
from standings import allowed_metrics, default_order, describe_order, labels, parse_order

from .access import directors
from .csv_import import player_clash, player_key
from .inputs import CappedFile, YesNoField, formfield, megabytes, stored_int
from .linking import LINKS, link_entrants, relink, typed_players
from .models import Entrant, Table, Tournament

OPTION_PREFIX = "opt_"


def option_field(option) -> forms.Field:
    """A form field for one of the game's options (rules.base.Option)."""
    common = {
        "label": option.label,
        "help_text": option.help,
        "initial": option.default,
        "required": False,
    }
    if option.kind == "bool":
        # Passed on as sent: the ruleset's reader refuses junk, naming the option.
        return YesNoField(raw=True, **common)
    if option.kind == "choice":
        return forms.ChoiceField(choices=option.choices, **common)
    return forms.IntegerField(min_value=option.min, max_value=option.max, **common)


def order_metrics(ruleset) -> tuple[str, ...]:
    """What a game's standings may be ranked by (Seeger-Fabian where the game has it)."""
    seeger_fabian = any(o.key == "seeger_fabian" for o in ruleset.options)
    return allowed_metrics(ruleset.partnerships, seeger_fabian)


def order_help(ruleset) -> str:
    """How the order reads, with the game's usual one, in the game's words."""
    words = ruleset.metric_words
    usual = describe_order(default_order(ruleset.partnerships), words)
    if any(o.key == "seeger_fabian" for o in ruleset.options):
        with_it = describe_order(default_order(False, seeger_fabian=True), words)
        usual += f"; with {ruleset.option('seeger_fabian').label}: {with_it}"
    return (
        "First to last: the standings rank by the first, then by the next where it is level. "
        f"The game's usual order: {usual}."
    )


ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


class OrderWidget(forms.Widget):
    """The standings order as posted: one choice per place (the form's groups draw them,
    each game its own tiebreaks by their names), read as the order's text, first to last,
    so a typed order ("Points, wins") reads the same."""

    def value_from_datadict(self, data, files, name):
        values = data.getlist(name) if hasattr(data, "getlist") else [data.get(name)]
        return ", ".join(v.strip() for v in values if isinstance(v, str) and v.strip())

    def value_omitted_from_data(self, data, files, name):
        return name not in data


@dataclass
class OptionGroup:
    """One game's options on the tournament form, shown when that game is chosen."""

    ruleset: object
    names: list[str]
    form: forms.Form

    @property
    def fields(self):
        return [self.form[name] for name in self.names]

    @property
    def chosen(self) -> bool:
        return self.ruleset is self.form.ruleset

    @property
    def order(self) -> dict:
        """The game's standings order to choose, place by place, from its tiebreaks by
        their names; the chosen game's as it stands (saved or as posted), another's empty."""
        metrics = order_metrics(self.ruleset)
        named = labels(self.ruleset.metric_words)
        field = self.form["tiebreaks"]
        picked: tuple[str, ...] = ()
        if self.chosen:
            try:
                picked = parse_order(field.value() or "", metrics, self.ruleset.metric_words)
            except ValueError:
                picked = ()  # refused as posted: the message says why
        slots = []
        for place in range(len(metrics)):
            now = picked[place] if place < len(picked) else ""
            blank = "The game's usual order" if place == 0 else "\N{EM DASH}"
            choices = [("", blank, now == "")]
            choices += [(key, named[key], key == now) for key in metrics]
            slots.append(
                {
                    "id": f"order-{self.ruleset.slug}-{place}",
                    "label": ORDINALS[place] if place < len(ORDINALS) else f"{place + 1}th",
                    "choices": choices,
                }
            )
        return {
            "slots": slots,
            "disabled": not self.chosen or field.field.disabled,
            "errors": field.errors if self.chosen else [],
            "help": order_help(self.ruleset),
            "label": field.label,
        }


PARTNERSHIP_ONLY = ("bye_points", "playoff_size")
# Asked with the options of a game that has a Boston pot (its ruleset says so: 6 Card
# Kitty's rule 39), and of no other.
POT = "boston_pot"


class TournamentForm(forms.ModelForm):
    """The tournament with the options of its game (defaults per rules-decisions.md)."""

    class Meta:
        model = Tournament
        formfield_callback = formfield
        fields = [
            "name",
            "slug",
            "date",
            "venue",
            "game",
            "rounds",
            "paper",
            "published",
            "first_round",
            "seed_by_standings",
            "bye_points",
            "verify_hands",
            "correction_minutes",
            "round_minutes",
            "self_checkin",
            "boston_pot",
            "tiebreaks",
            "playoff_size",
            "staff",
            "club",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        help_texts = {
            "slug": "The short name in the tournament's web addresses.",
            "round_minutes": "Optional: empty for no round clock. From when you tap “Start the "
            "clock” on a round's console, every side's phone and the projector count down the "
            "time left, and the console flags the tables still playing once it is up.",
        }

    def __init__(
        self,
        *args,
        game_locked: bool = False,
        options_locked: bool = False,
        user=None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False
        self.fields["correction_minutes"].required = False  # empty: the default
        if self.instance.pk is None:
            del self.fields["staff"]  # who creates it runs it; more are added in its settings
            self.offer_clubs(user)
        else:
            # A night's players are linked to its club's register: it stays in its club.
            del self.fields["club"]
            staff = self.fields["staff"]
            staff.queryset = directors()
            staff.widget = forms.CheckboxSelectMultiple(choices=staff.choices)
            staff.label = "Directors"
            staff.help_text = "The directors who run this tournament: only they can change it."
        self.game_locked = game_locked
        if game_locked:
            self.fields["game"].disabled = True
            self.fields["game"].help_text = "Fixed once the first round is drawn."
        game = self.data.get("game") if self.is_bound and not game_locked else None
        game = game or self.initial.get("game") or self.instance.game or "columbus-6-card-kitty"
        try:
            self.ruleset = get_ruleset(game)
        except KeyError:
            self.ruleset = get_ruleset("columbus-6-card-kitty")
        # Chosen in the game's group, place by place, from the game's tiebreaks by name.
        self.fields["tiebreaks"].widget = OrderWidget()
        if game_locked and not self.ruleset.partnerships:
            # A bye's points and the playoff bracket are the partnership game's; a game of
            # players each on their own has none of them to set.
            for name in PARTNERSHIP_ONLY:
                del self.fields[name]
        if game_locked and not self.ruleset.boston_pot:
            del self.fields[POT]
        elif not self.ruleset.boston_pot:
            self.fields[POT].disabled = True  # switched on by the page with a game that has one
        # Every game's options while the game can still change, so the page shows the chosen
        # game's at once; only the chosen game's are read (the others are disabled). Option
        # keys are unique across the games, so each has its own field.
        games = [self.ruleset] if game_locked else list(RULESETS.values())
        self.option_groups = []
        for ruleset in games:
            mine = self.instance.pk and self.instance.game == ruleset.slug
            current = self.instance.options if mine else {}
            names = []
            for option in ruleset.options:
                field = option_field(option)
                if option.key in current:
                    field.initial = current[option.key]
                if options_locked:
                    # rules-decisions: options change only before the first hand is entered.
                    field.disabled = True
                    field.help_text = "Fixed: hands have been entered. " + field.help_text
                elif ruleset is not self.ruleset:
                    field.disabled = True  # switched on by the page when this game is chosen
                names.append(OPTION_PREFIX + option.key)
                self.fields[OPTION_PREFIX + option.key] = field
            if ruleset.boston_pot and POT in self.fields:
                names.append(POT)
            self.option_groups.append(OptionGroup(ruleset, names, self))

    def offer_clubs(self, user) -> None:
        self.offered_clubs = club_choice(self.fields["club"], user)

    def clean_club(self):
        return clean_club_choice(self.cleaned_data.get("club"), self.offered_clubs)

    def main_fields(self):
        """The night's own fields; a game's options, its Boston pot and its standings order
        are in its group."""
        return [
            self[name]
            for name in self.fields
            if not name.startswith(OPTION_PREFIX) and name not in (POT, "tiebreaks")
        ]

    def clean_correction_minutes(self):
        minutes = self.cleaned_data.get("correction_minutes")
        return (
            Tournament._meta.get_field("correction_minutes").default if minutes is None else minutes
        )

    def clean_staff(self):
        staff = self.cleaned_data["staff"]
        if not staff:
            raise forms.ValidationError("Keep at least one director, or nobody can run it.")
        return staff

    def clean_slug(self):
        slug = self.cleaned_data.get("slug") or slugify(self.cleaned_data.get("name") or "")[:60]
        if not slug:
            raise forms.ValidationError("Give the tournament a short name for its web address.")
        clash = Tournament.objects.filter(slug=slug).exclude(pk=self.instance.pk)
        if clash.exists():
            raise forms.ValidationError(f"Another tournament already uses '{slug}'.")
        return slug

    def clean(self):
        data = super().clean()
        # An unticked box sends nothing, and means no; an empty number box, the default.
        chosen = {
            option.key: data.get(OPTION_PREFIX + option.key)
            for option in self.ruleset.options
            if option.kind == "bool" or data.get(OPTION_PREFIX + option.key) not in (None, "")
        }
        try:
            resolved = self.ruleset.resolve_options(chosen)
        except InvalidOptions as exc:
            for key, message in exc.errors.items():
                self.add_error(
                    OPTION_PREFIX + key if OPTION_PREFIX + key in self.fields else None, message
                )
            resolved = {}
        self.resolved_options = resolved
        self.instance.options = {
            k: resolved[k]
            for k in chosen
            if k in resolved and resolved[k] != self.ruleset_default(k)
        }
        if "tiebreaks" in data:
            self.clean_standings_order(data)
        return data

    def clean_standings_order(self, data: dict) -> None:
        """The standings order as metric keys, each one this game can rank by."""
        seeger_fabian = bool(self.resolved_options.get("seeger_fabian"))
        allowed = allowed_metrics(self.ruleset.partnerships, seeger_fabian)
        try:
            order = parse_order(data.get("tiebreaks") or "", allowed, self.ruleset.metric_words)
        except ValueError as exc:
            self.add_error("tiebreaks", str(exc))
            return
        data["tiebreaks"] = ", ".join(order)
        self.instance.tiebreaks = data["tiebreaks"]

    def ruleset_default(self, key: str):
        return next(o.default for o in self.ruleset.options if o.key == key)


def registered_players(tournament: Tournament, exclude: int | None = None) -> dict[str, str]:
    """Each player of the tournament's teams (player_key) -> their team's name."""
    teams = {}
    for entrant in tournament.entrants.exclude(pk=exclude).filter(withdrawn=False):
        for player in (entrant.player1, entrant.player2):
            if player:
                teams[player_key(player)] = entrant.name
    return teams


class EntrantForm(forms.ModelForm):
    class Meta:
        model = Entrant
        fields = ["name", "player1", "player2"]

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        # The names as they were, so a save links again only the players renamed.
        self.before = dict(typed_players(self.instance, tournament.is_partnership))
        if tournament.is_partnership:
            self.fields["name"].label = "Team name"
            self.fields["name"].required = False
            self.fields["name"].help_text = "Left empty: the two players' names."
            self.fields["player1"].required = True
            self.fields["player2"].required = True
        else:
            self.fields["name"].label = "Player"
            del self.fields["player1"]
            del self.fields["player2"]

    def clean(self):
        data = super().clean()
        if self.tournament.is_partnership and not data.get("name"):
            p1, p2 = data.get("player1"), data.get("player2")
            joined, most = f"{p1} & {p2}", Entrant._meta.get_field("name").max_length
            if p1 and p2 and len(joined) > most:  # never cut: a name is kept as typed
                self.add_error(
                    "name",
                    f"The players' names make a team name of {len(joined)} characters; at "
                    f"most {most} are kept: type a shorter team name.",
                )
            elif p1 and p2:
                data["name"] = joined
        p1, p2 = data.get("player1"), data.get("player2")
        if self.tournament.is_partnership and p1 and p2:
            teams = registered_players(self.tournament, self.instance.pk)
            clash = player_clash(p1, p2, teams)
            if clash:  # by the player it is about
                self.add_error("player1" if player_key(p1) in teams else "player2", clash)
        name = data.get("name")
        if name:  # "Bill  Evans" is Bill Evans: case and spacing do not tell entrants apart
            names = self.tournament.entrants.exclude(pk=self.instance.pk).values_list("name")
            if player_key(name) in {player_key(n) for (n,) in names}:
                self.add_error(
                    "name" if "name" in self.fields else None,
                    f"'{name}' is already registered in this tournament.",
                )
        return data

    def save(self, commit: bool = True):
        entrant = super().save(commit=False)
        entrant.tournament = self.tournament
        entrant.name = self.cleaned_data["name"]
        if not entrant.pk:
            last = self.tournament.entrants.order_by("-order").values_list("order", flat=True)
            entrant.order = (last.first() or 0) + 1
        if commit:
            creating = entrant.pk is None
            entrant.save()
            if creating:
                link_entrants(self.tournament, [entrant])
            else:
                relink(self.tournament, entrant, self.before)
        return entrant


class LinkForm(forms.Form):
    """The director's one tap on "Players to confirm": which entrant's which player is
    which register entry ("new": a new entry of the name typed)."""

    entrant = stored_int(Entrant, "id")
    slot = forms.TypedChoiceField(choices=[(str(n), str(n)) for n in LINKS], coerce=int)
    player = forms.CharField(max_length=20)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament

    def clean_entrant(self):
        entrant = self.tournament.entrants.filter(pk=self.cleaned_data["entrant"]).first()
        if entrant is None:
            raise forms.ValidationError("No such entrant in this tournament.")
        return entrant

    def clean_player(self):
        value = self.cleaned_data["player"].strip()
        if value == "new":
            return None
        player = None
        if (number := to_int(value)) is not None:  # "²" passes isdigit(), not int()
            player = self.tournament.club.players.filter(pk=number).first()
        if player is None:
            raise forms.ValidationError("Choose a player of the club's register, or a new one.")
        return player


class CheckinSearchForm(forms.Form):
    q = forms.CharField(
        label="Search a name", required=False, max_length=Entrant._meta.get_field("name").max_length
    )


class CheckinForm(CheckinSearchForm):
    """One tap at the door: "1" checks in, "0" out; nothing says: the other way round."""

    checked_in = forms.ChoiceField(choices=[("0", "out"), ("1", "in")], required=False)


class SelfCheckinForm(CheckinSearchForm):
    """A player's tap on the self check-in page: who, found by the search they typed."""

    entrant = stored_int(Entrant, "id", required=False)


class DraftEditForm(forms.Form):
    """Swap two entrants of a draft, or move one to another table (0 = the bye list)."""

    action = forms.ChoiceField(choices=[("swap", "swap"), ("move", "move")], required=False)
    entrant = stored_int(Entrant, "id")
    other = stored_int(Entrant, "id", required=False)
    table = stored_int(Table, "number", required=False)

    def clean(self):
        data = super().clean()
        wanted = "other" if data.get("action") == "swap" else "table"
        if wanted not in self.errors and data.get(wanted) is None:
            message = "Choose who to swap with." if wanted == "other" else "Choose the table."
            self.add_error(wanted, message)
        return data


# Far above any club's list, and small enough to read at once.
CSV_MAX_BYTES = 1_000_000
CSV_MAX_LINES = 2_000


class ImportForm(forms.Form):
    file = CappedFile(
        label="CSV file",
        max_bytes=CSV_MAX_BYTES,
        max_lines=CSV_MAX_LINES,
        help_text="A header row, then one row per entrant (at most "
        f"{CSV_MAX_LINES - 1:,} rows, {megabytes(CSV_MAX_BYTES)}). Nothing is imported if any "
        "row is bad.",
    )


class UsernameLength:
    """Refuse a username longer than any account's before the login is tried: a failed login
    is recorded (the lockout counts it), and no database column keeps an overlong name."""

    def clean_username(self):
        username = self.cleaned_data["username"]
        most = get_user_model()._meta.get_field("username").max_length
        if len(username) > most:
            raise forms.ValidationError(
                f"A username has at most {most} characters (this one has {len(username):,})."
            )
        return username


class LoginForm(UsernameLength, AuthenticationForm):
    pass


class AdminLoginForm(UsernameLength, AdminAuthenticationForm):
    pass
