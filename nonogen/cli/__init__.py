"""The command line: a thin shell over nonogen.pipeline, one module per command, each
registering itself on the one app. stdout carries data; stderr the rest."""

from nonogen.cli import book, check, convert, make, pdf, report, serve, solve
from nonogen.cli.app import app, main

__all__ = ["app", "book", "check", "convert", "main", "make", "pdf", "report", "serve", "solve"]
