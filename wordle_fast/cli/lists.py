"""``wordle-fast lists``: the bundled editions of the word lists."""

from __future__ import annotations

import hashlib

from wordle_fast.cache import words_digest
from wordle_fast.cli.options import add_json_option
from wordle_fast.cli.output import EXIT_OK, check_output, send_json, wrote
from wordle_fast.words import DEFAULT_EDITION, EDITIONS, data_folder, load_answers, load_guesses


DESCRIPTION = ("Each bundled edition of the word lists: its name (for --lists), its "
               "answers and guesses, the SHA-256 of each list (what caches and results "
               "files are keyed by), and what it is.")

EXAMPLES = """\
examples:
  wordle-fast lists
  wordle-fast lists --json
"""


def add_arguments(parser) -> None:
    add_json_option(parser, "the editions")


def run(args) -> int:
    check_output("--json", args.json)
    rows = [_edition_row(found) for found in EDITIONS.values()]
    if send_json(args.json, {"editions": rows}):
        return EXIT_OK
    print(f"{'edition':<14} {'answers':>7} {'guesses':>7}  {'answers key':<14}  "
          f"{'guesses key':<14}  what")
    for row in rows:
        name = row["name"] + (" *" if row["default"] else "")
        print(f"{name:<14} {row['answers']:>7} {row['guesses']:>7}  "
              f"{row['answers_sha256'][:12]:<14}  {row['guesses_sha256'][:12]:<14}  {row['what']}")
    print("* the default. Use one with --lists NAME; sources and dates: data/README.md.\n"
          "key: the SHA-256 of the words joined by newlines, as caches and results files name "
          "the lists (--json also gives each file's own SHA-256)")
    wrote(args.json)
    return EXIT_OK


def _edition_row(found) -> dict:
    answers, guesses = load_answers(found.name), load_guesses(found.name)
    # *_sha256: of the words joined by newlines, what caches and results
    # files key on; *_file_sha256: of the bundled file, as sha256sum gives
    return {"name": found.name, "default": found.name == DEFAULT_EDITION,
            "answers": len(answers), "guesses": len(guesses),
            "answers_sha256": words_digest(answers),
            "guesses_sha256": words_digest(guesses),
            "answers_file": found.answers_file, "guesses_file": found.guesses_file,
            "answers_file_sha256": _file_digest(found.answers_file),
            "guesses_file_sha256": _file_digest(found.guesses_file),
            "what": found.what}


def _file_digest(name: str) -> str:
    data = data_folder().joinpath(name).read_bytes()
    return hashlib.sha256(data).hexdigest()
