"""How nonogen's messages name what a person can change, on every surface it speaks on.

A message that names options is ``Words``: a template with each option in braces, spelled by
the surface that shows it (``--max-flips`` on the command line, ``max_flips`` over HTTP, "Max
flips" on the web page), so that the library never speaks in one surface's flags. What a
message suggests trying is ``Tries``: each surface lists only what it offers. The error
family (``nonogen.errors``) carries such messages.

Text a user supplies (titles, names, the messages that quote them) follows one rule, kept
here because every layer needs it: ``utf8_safe`` replaces what UTF-8 cannot encode.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as _field
from typing import Final


def utf8_safe(text: str) -> str:
    """The text with what UTF-8 cannot encode replaced: a lone surrogate (from a JSON
    ``"\\ud800"`` or an undecodable file name) becomes U+FFFD, a split surrogate pair the one
    character it stands for."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


Spelling = Callable[[str], str]
"""How a boundary names an option: ``spell("max_flips")``, ``spell("tight=false")``."""


COMMANDS: Final = {"@make": ("nonogen make", "POST /api/puzzles (the page's Make)", "Make")}
"""What each surface calls a command a message suggests (``{@make}`` in a template): the
command line's command, the service's endpoint and the page's tab."""

PAGE_LABELS: Final = {
    "width": "Width",
    "tile_width": "Width",
    "height": "Height",
    "colors": "Colours",
    "method": "Conversion",
    "threshold": "Conversion",
    "contrast": "Contrast",
    "contrast=stretch": "Contrast: Stretch",
    "contrast=clahe": "Contrast: Adaptive",
    "invert": "Subject (dark on light or light on dark)",
    "seed": "Seed",
    "max_flips": "Max flips",
    "difficulty": "Difficulty",
    "tiles": "Puzzles",
    "edges": "Edges",
    "crop": "Crop to the subject",
    "title": "Title",
    "subject": "Subject (a box or a point)",
    "tight=false": "Whole frame",
    "tight": "Whole frame",
    "despeckle": "Despeckle",
    "allow_search": "Allow puzzles that need search",
}
"""The web page's controls, as its labels name them, by the option each sets (``name`` or
``name=value``); an option the page does not offer (``force``, ``seconds``) is not here."""


def flag(name: str) -> str:
    """An option as the command line spells it: ``--max-flips``; ``tight=false`` as
    ``--no-tight``, ``force=true`` as ``--force``, ``contrast=stretch`` as
    ``--contrast stretch``; a command (``@make``) as ``nonogen make``."""
    if name in COMMANDS:
        return COMMANDS[name][0]
    option, _, value = name.partition("=")
    if value == "false":
        return "--no-" + option.replace("_", "-")
    shown = "" if value in ("", "true") else f" {value}"
    return "--" + option.replace("_", "-") + shown


def field(name: str) -> str:
    """An option as a request field: ``max_flips``, ``tight=false``, ``contrast=stretch``; a
    command (``@make``) as its endpoint and tab."""
    return COMMANDS[name][1] if name in COMMANDS else name


def label(name: str) -> str:
    """An option as the web page names it: its control's label (``Max flips``, ``Contrast:
    Stretch``; a value the table does not list as ``Difficulty: medium``), a command as the
    page's tab (``Make``); "" for an option the page does not offer (a message shows its
    request field instead, and ``Tries`` leaves it out)."""
    if name in COMMANDS:
        return COMMANDS[name][2]
    if name in PAGE_LABELS:
        return PAGE_LABELS[name]
    option, _, value = name.partition("=")
    if option in PAGE_LABELS and value not in ("", "true", "false"):
        return f"{PAGE_LABELS[option]}: {value}"
    return ""


@dataclass(frozen=True)
class Option:
    """An option a message names that is only known when it is raised (``check_side``'s
    side), given as a value: ``words("expected {side} ...", side=Option("width"))``; with
    ``value``, the option set to it (``--threshold 0.5``, ``threshold=0.5``)."""

    name: str
    value: str = ""

    def spelled(self, spell: Spelling) -> str:
        """The option (and its value) as ``spell`` writes it (its request field where the
        surface does not offer it)."""
        name = f"{self.name}={self.value}" if self.value else self.name
        return spell(name) or field(name)


class _Spelled(dict[str, object]):
    """A template's values, with every name it does not give spelled as an option."""

    def __init__(self, spell: Spelling, values: Mapping[str, object]) -> None:
        super().__init__(
            (key, value.spelled(spell) if isinstance(value, Option | Words | Tries) else value)
            for key, value in values.items()
        )
        self.spell = spell

    def __missing__(self, key: str) -> str:
        return self.spell(key) or field(key)


@dataclass(frozen=True)
class Words:
    """A message naming options in braces, spelled when shown: ``expected {width} between
    {low} and {high}`` with ``low`` and ``high`` given as values (inserted as they are, even
    text a user typed), and ``width`` an option; ``{tight=false}`` names a switch set off,
    ``{contrast=stretch}`` an option with its value. A value that is ``Words`` (another
    message, quoted in this one) or an ``Option`` is spelled with it. ``str()`` is the
    command line's."""

    template: str
    values: Mapping[str, object] = _field(default_factory=dict)

    def text(self, spell: Spelling = flag) -> str:
        """The message with its options spelled by ``spell``."""
        return self.template.format_map(_Spelled(spell, self.values))

    def spelled(self, spell: Spelling) -> str:
        """The message, quoted in another: ``text``."""
        return self.text(spell)

    def __str__(self) -> str:
        return self.text(flag)


@dataclass(frozen=True)
class Tries:
    """What a message suggests trying, as a list: ``try {tries}`` with ``tries=Tries(
    words("{crop}"), words("a larger {max_flips}"))`` reads ``--crop or a larger --max-flips``
    on the command line. A surface lists only what it offers: an item naming an option its
    speller spells "" is left out, and items it spells alike are listed once."""

    items: tuple[Words, ...]

    def spelled(self, spell: Spelling) -> str:
        """The items this surface offers, spelled by ``spell``: ``A, B or C``."""
        shown: list[str] = []
        for item in self.items:
            text = item.text(lambda name: spell(name) or "\0")  # "\0": an option not offered
            if "\0" not in text and text not in shown:
                shown.append(text)
        if len(shown) > 1:
            return ", ".join(shown[:-1]) + f" or {shown[-1]}"
        return shown[0] if shown else "another picture"  # the one try every surface offers


def tries(*templates: str, **values: object) -> Tries:
    """``Tries`` of templates sharing ``values``: ``tries("{crop}", "more {seconds}")``."""
    return Tries(tuple(Words(template, values) for template in templates))


def words(template: str, /, **values: object) -> Words:
    """``Words`` from a template and its values: ``words("expected {width} ...", got=120)``."""
    return Words(template, values)


def not_one_of(option: str, got: object, choices: Iterable[object]) -> Words:
    """``expected --NAME to be one of A, B, C, got 'x'``: an option given a value it does
    not take."""
    return words(
        "expected {name} to be one of {choices}, got {got!r}",
        name=Option(option),
        choices=", ".join(map(str, choices)),
        got=got,
    )
