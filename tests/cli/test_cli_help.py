"""Every command and every option of the command line has help, and each meaning has one
spelling across commands (the same flag names the same thing everywhere)."""

from __future__ import annotations

import ast
import inspect
import string
from pathlib import Path

import pytest
import typer
from typer.core import TyperCommand, TyperGroup, TyperOption
from typer.testing import CliRunner

from nonogen.cli import app
from nonogen.cli.root import reflowed
from nonogen.service.forms import API_FIELDS
from nonogen.wording import COMMANDS as SUGGESTED

PACKAGE = Path(__file__).resolve().parents[2] / "nonogen"

ROOT = typer.main.get_command(app)
assert isinstance(ROOT, TyperGroup)
COMMANDS = sorted((n, c) for n, c in ROOT.commands.items() if isinstance(c, TyperCommand))
assert len(COMMANDS) == len(ROOT.commands) == 10


def _options(command: TyperCommand) -> list[TyperOption]:
    return [p for p in command.params if isinstance(p, TyperOption)]


@pytest.mark.parametrize(("name", "command"), COMMANDS)
def test_every_command_and_option_has_help(name: str, command: TyperCommand) -> None:
    assert (command.help or "").strip(), f"{name} has no help"
    for param in command.params:
        text = getattr(param, "help", None) or ""
        assert len(text.strip()) > 10, f"nonogen {name}: {param.opts} has no help"


def test_the_help_walk_finds_an_option_without_help() -> None:
    bare = typer.Typer()

    @bare.command()
    def lonely(flag: bool = typer.Option(False, "--flag")) -> None:
        """A command with help and an option without."""

    command = typer.main.get_command(bare)
    assert isinstance(command, TyperCommand)
    with pytest.raises(AssertionError, match="--flag"):
        test_every_command_and_option_has_help("lonely", command)


def test_one_spelling_per_meaning() -> None:
    spelled: dict[str, set[str]] = {}  # the parameter each flag names, and back
    named: dict[str, set[str]] = {}
    for _, command in COMMANDS:
        for option in _options(command):
            assert option.name is not None
            for flag in option.opts + option.secondary_opts:
                spelled.setdefault(flag, set()).add(option.name)
            named.setdefault(option.name, set()).add(" ".join(sorted(option.opts)))
    assert {flag: names for flag, names in spelled.items() if len(names) > 1} == {}
    assert {name: flags for name, flags in named.items() if len(flags) > 1} == {}
    assert "--workers" not in spelled  # the old name of --jobs in book


@pytest.mark.parametrize(("name", "command"), COMMANDS)
def test_every_command_prints_its_help(name: str, command: TyperCommand) -> None:
    result = CliRunner().invoke(app, [name, "--help"])
    assert result.exit_code == 0
    for option in _options(command):
        assert option.opts[0] in result.output


@pytest.mark.parametrize(("name", "command"), COMMANDS)
def test_help_paragraphs_wrap_at_the_terminal_and_switches_show_no_value(
    name: str, command: TyperCommand
) -> None:
    wide = {"COLUMNS": "2000"}
    result = CliRunner().invoke(app, [name, "--help"], env=wide, terminal_width=2000)
    assert result.exit_code == 0
    lines = [" ".join(line.split()) for line in result.output.splitlines()]
    doc = inspect.cleandoc(command.callback.__doc__ or "") if command.callback else ""
    for paragraph in doc.split("\n\n"):  # each on one line of a terminal this wide
        assert " ".join(paragraph.split()) in lines
    assert "<bool>" not in result.output  # a switch takes no value
    assert "<str>" not in result.output


def test_reflowed_joins_a_paragraphs_lines_and_keeps_paragraphs_apart() -> None:
    doc = """First line
    goes on.

    Second
    paragraph.
    """
    assert reflowed(doc) == "First line goes on.\n\nSecond paragraph."


def _templates() -> list[tuple[str, str, set[str]]]:
    """Every ``words(TEMPLATE, **values)`` and ``tries(TEMPLATE, ..., **values)`` in the
    package: where, the template, its values."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = getattr(node, "func", None)
            if not (isinstance(node, ast.Call) and getattr(called, "id", "") in ("words", "tries")):
                continue
            given = {keyword.arg for keyword in node.keywords if keyword.arg}
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
            templates = node.args if getattr(called, "id", "") == "tries" else node.args[:1]
            for template in templates:
                if isinstance(template, ast.Constant) and isinstance(template.value, str):
                    found.append((where, template.value, given))
    return found


def _flags() -> set[str]:
    """Every option of every command, as a name: ``--max-flips`` as ``max_flips``."""
    names = set()
    for _, command in COMMANDS:
        for param in command.params:
            for spelling in (*param.opts, *param.secondary_opts):
                if spelling.startswith("--"):
                    names.add(spelling[2:].removeprefix("no-").replace("-", "_"))
    return names


def _unnamed(templates: list[tuple[str, str, set[str]]], known: set[str]) -> list[str]:
    """The options the templates name that are in neither ``known``."""
    unknown = []
    for where, template, given in templates:
        for _, name, _, _ in string.Formatter().parse(template):
            if name is not None and name not in given and name.partition("=")[0] not in known:
                unknown.append(f"{where}: {{{name}}}")
    return unknown


@pytest.mark.slow
def test_every_option_a_message_names_is_an_option_of_a_command_or_a_field() -> None:
    templates = _templates()
    assert len(templates) > 30  # the walk finds the messages
    assert _unnamed(templates, _flags() | API_FIELDS | set(SUGGESTED)) == []
    # A command a message suggests ({@make}) is one of the command line's.
    for cli, *_ in SUGGESTED.values():
        assert cli.removeprefix("nonogen ") in dict(COMMANDS), cli


def test_the_check_finds_a_message_naming_no_option() -> None:
    templates = [("here", "try {max_flips} or {no_such=1}, not {given}", {"given"})]
    assert _unnamed(templates, _flags() | API_FIELDS) == ["here: {no_such=1}"]
