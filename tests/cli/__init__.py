"""The commands: typer's CliRunner in-process, and ``python -m nonogen`` as a child process."""
