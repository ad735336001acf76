"""Words for people: a count with its noun in the right number, an article before a word."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``1 puzzle``, ``3 puzzles``, ``1 colour``, ``0 cells``: a count and its noun."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


_VOWEL_SOUND_LETTERS = "aefhilmnorsx"
"""Letters whose name starts with a vowel sound: an A4, an F, an M, an S (when spelt out)."""


def with_a(word: str) -> str:
    """``an A4 page``'s article: ``a`` or ``an`` before a word (a page size such as ``A4`` is
    read letter by letter)."""
    first = word[:1].lower()
    spelt = len(word) > 1 and word[1:2].isdigit()  # A4, B5: read as letters
    vowel = first in _VOWEL_SOUND_LETTERS if spelt else first in "aeiou"
    return f"{'an' if vowel else 'a'} {word}"


def page_name(size: str) -> str:
    """A page size as people write it: ``A4``, ``letter``, ``6x9in``."""
    return size.upper() if size[:1].lower() in "ab" and size[1:].isdigit() else size
