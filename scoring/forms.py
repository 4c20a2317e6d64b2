"""The hand-entry form, built from the ruleset's hand record (rules.base.Field)."""

from django import forms

# Up to this many whole numbers are offered as buttons rather than a number box.
BUTTONS_UP_TO = 14


class ChoiceButtons(forms.RadioSelect):
    template_name = "scoring/widgets/buttons.html"


class OfferedChoice(forms.ChoiceField):
    """Offers the rule's values as buttons; the ruleset judges the value, in its own words."""

    def valid_value(self, value) -> bool:
        return True


def field_for(spec) -> forms.Field:
    common = {"label": spec.label, "help_text": spec.help, "required": False}
    if spec.kind == "bool":
        return forms.BooleanField(**common)
    if spec.kind == "choice":
        return OfferedChoice(choices=list(spec.choices), widget=ChoiceButtons, **common)
    if spec.min is not None and spec.max is not None and spec.max - spec.min < BUTTONS_UP_TO:
        values = [(str(v), str(v)) for v in range(spec.min, spec.max + 1)]
        return OfferedChoice(choices=values, widget=ChoiceButtons, **common)
    # The number is read and its range judged by the ruleset, whose message names the rule.
    attrs = {"inputmode": "numeric", "min": spec.min, "max": spec.max}
    return forms.CharField(
        max_length=12,
        widget=forms.NumberInput(attrs={k: v for k, v in attrs.items() if v is not None}),
        **common,
    )


class HandForm(forms.Form):
    """Every input the ruleset asks for; the ruleset then validates the whole hand."""

    def __init__(self, *args, specs=(), **kwargs):
        super().__init__(*args, **kwargs)
        for spec in specs:
            self.fields[spec.name] = field_for(spec)
        self.specs = specs

    def record_data(self) -> dict:
        """The values as the ruleset reads them (blank fields left out)."""
        return {k: v for k, v in self.cleaned_data.items() if v not in (None, "")}

    def add_entry_errors(self, errors: dict[str, str]) -> list[str]:
        """Mark each field's message by its field; return the others for the page's top."""
        general = []
        for name, message in errors.items():
            if name in self.fields:
                self.add_error(name, message)
            else:
                general.append(message)
        return general
