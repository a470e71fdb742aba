"""Bundled word lists, installed as ``wordle_fast.data``; see README.md here."""
