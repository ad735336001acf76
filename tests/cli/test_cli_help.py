"""Every command and every option of the command line has help, and each meaning has one
spelling across commands (the same flag names the same thing everywhere)."""

from __future__ import annotations

import pytest
import typer
from typer.core import TyperCommand, TyperGroup, TyperOption
from typer.testing import CliRunner

from nonogen.cli import app

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
