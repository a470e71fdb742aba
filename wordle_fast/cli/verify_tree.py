"""``wordle-fast verify-tree FILE``: replay every answer through a
decision tree written by ``optimal --json``."""

from __future__ import annotations

import numpy as np

from wordle_fast.cli.options import (
    add_hard_mode_options,
    add_json_option,
    add_max_guesses_option,
    add_prior_options,
    add_word_list_options,
    given,
    lexicon_of,
    prior_of,
)
from wordle_fast.cli.output import EXIT_OK, check_output, send_json, wrote
from wordle_fast.errors import InvalidOption
from wordle_fast.priors import PRIORS, weighing
from wordle_fast.rules import ONE_BOARD_LIMIT, mode_name
from wordle_fast.words import counted, distribution_text


DESCRIPTION = ("Check a tree written by 'optimal --json': every answer solved, every "
               "pattern right, the guess limit and the hard-mode rule kept; print its total.")

EXAMPLES = """\
examples:
  wordle-fast optimal --opener salet --json salet.json
  wordle-fast verify-tree salet.json
  wordle-fast optimal --opener salet --hard --json - | wordle-fast verify-tree --hard -
  wordle-fast optimal --prior frequency --json trace.json
  wordle-fast verify-tree trace.json            # the file's bundled prior, its weighted total
"""


def add_arguments(parser) -> None:
    parser.add_argument("file", help="a JSON tree (the 'optimal --json' file, or the tree "
                                     "alone); '-' reads standard input")
    add_json_option(parser, "the replay's figures")
    add_hard_mode_options(parser, "the rule to check (default: the mode the file records, "
                                  "else off)", from_input=True)
    add_max_guesses_option(parser, "the guess limit (default: the file's, else 6)")
    add_prior_options(parser)   # (default: the bundled prior the file records, if any)
    add_word_list_options(parser)


def run(args) -> int:
    from wordle_fast.exact.trees import check_claims, read_tree_file, verify_tree

    check_output("--json", args.json)
    lexicon = lexicon_of(args)  # the guesses the tree may play
    tree, recorded_mode, recorded_limit, data = read_tree_file(args.file)
    mode = args.hard_mode or recorded_mode or "off"
    limit = given(args.max_guesses, recorded_limit or ONE_BOARD_LIMIT)
    answers, weights = _weighed_answers(args, lexicon, data)

    def replay(in_mode):
        return verify_tree(tree, answers, in_mode, max(limit, recorded_limit or 0),
                           guesses=lexicon.guesses, weights=weights)

    check = verify_tree(tree, answers, mode, limit, guesses=lexicon.guesses, weights=weights)
    check_claims(data, check, mode, limit, replay)
    shown_mode = mode_name(mode)
    if send_json(args.json, {"valid": True, "mode": shown_mode, "max_guesses": limit, **check}):
        return EXIT_OK
    print(f"valid ({shown_mode} mode, at most {counted(limit, 'guess', 'guesses')}): "
          f"{counted(check['answers'], 'answer')}, "
          f"{counted(check['total_guesses'], 'guess', 'guesses')} in total, "
          f"mean {check['mean']:.4f}, worst {check['worst']}")
    print("Distribution: " + distribution_text(check["distribution"]))
    if weights is not None:
        print(f"Under the prior: {check['expected_guesses']:.4f} expected guesses "
              f"({check['weighted_total']} / {check['total_weight']} in whole weights)")
    wrote(args.json)
    return EXIT_OK


def _weighed_answers(args, lexicon, data: dict) -> tuple[list[str], object]:
    """(the answers the tree must solve, their whole weights or None): under
    --prior, or the bundled prior an ``optimal --prior`` file records, the
    answers of weight above 0; a prior whose weights differ from the
    file's is refused."""
    recorded = data.get("prior") if isinstance(data.get("prior"), dict) else None
    if (args.prior == "uniform" and args.prior_default is None and recorded is not None
            and recorded.get("name") in PRIORS):
        prior = weighing(recorded["name"], lexicon.answers)
    else:
        prior = weighing(prior_of(args, lexicon), lexicon.answers)
    if prior is None:
        return lexicon.answers, None
    if recorded is not None and recorded.get("digest") != prior.digest:
        raise InvalidOption(f"the tree was proven under the prior {recorded.get('name')!r} "
                            f"({recorded.get('digest')}); --prior {prior.name} has other "
                            "weights: give that prior")
    possible = np.flatnonzero(prior.integers)
    return [lexicon.answers[a] for a in possible], prior.integers[possible]
