"""Game analysis: every figure against the brute-force twin, and known values."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordle_fast as wf
from wordle_fast.core._exact_twin import INFEASIBLE, exact_total
from wordle_fast.core._legal_twin import hard_mode_allows
from wordle_fast.game.analysis import analyze

ALPHABET = "abcde"


@st.composite
def small_games(draw):
    """Lists of 3-letter words, a guess list that contains them, an answer,
    a guess limit and the guesses of a game played by random choices."""
    words = draw(st.lists(st.text(ALPHABET, min_size=3, max_size=3), min_size=3, max_size=12,
                          unique=True))
    extra = draw(st.lists(st.text(ALPHABET, min_size=3, max_size=3), max_size=6, unique=True))
    guesses = words + [w for w in extra if w not in words]
    if draw(st.booleans()):
        guesses.append("zzz")    # learns nothing about any answer: a wasted turn
    answer = draw(st.sampled_from(words))
    limit = draw(st.integers(3, 6))
    played = draw(st.lists(st.sampled_from(guesses), min_size=1, max_size=limit))
    return words, guesses, answer, limit, played


def twin_values(lexicon, members, depth):
    """(T(S, depth), each guess row's total on S) by brute force."""
    members = list(members)
    per_guess = exact_total(lexicon.matrix, lexicon.length, depth, answers=members,
                            per_opener=True)
    return exact_total(lexicon.matrix, lexicon.length, depth, answers=members), per_guess


@settings(max_examples=60, deadline=None)
@given(small_games())
def test_every_turn_matches_the_brute_force_twin(game):
    words, guesses, answer, limit, played = game
    lexicon = wf.Lexicon(words, guesses)
    rows = []
    for guess in played:
        rows.append((guess, wf.feedback(guess, answer)))
        if guess == answer:
            break
    result = analyze(rows, lexicon, max_guesses=limit)
    members = list(range(lexicon.n_answers))
    for turn in result.turns:
        depth = limit - turn.turn + 1
        n = len(members)
        optimum, per_guess = twin_values(lexicon, members, depth)
        mine = per_guess[lexicon.guess_index(turn.guess)]
        assert turn.candidates == n
        assert turn.best_expected == (None if optimum >= INFEASIBLE else pytest.approx(optimum / n))
        assert turn.expected == (None if mine >= INFEASIBLE else pytest.approx(mine / n))
        if optimum < INFEASIBLE:
            # the optimal guesses listed are optimal, and are the first ones
            tied = [g for g, total in zip(lexicon.guesses, per_guess) if total == optimum]
            assert list(turn.best) == tied[:len(turn.best)] and turn.best
        row = lexicon.guess_index(turn.guess)
        code = wf.feedback(turn.guess, answer)
        after = [a for a in members if lexicon.matrix[row, a] == code]
        assert turn.left == len(after) and turn.probability == pytest.approx(len(after) / n)
        assert turn.bits_realized == pytest.approx(math.log2(n / len(after)))
        if turn.expected is not None:
            rest = 0 if turn.guess == answer else exact_total(
                lexicon.matrix, lexicon.length, depth - 1, answers=after)
            if rest < INFEASIBLE:
                assert turn.luck == pytest.approx(turn.expected - 1 - rest / len(after))
        members = after
    assert result.solved == (result.turns[-1].guess == answer)
    if result.solved and all(t.lost is not None and t.luck is not None for t in result.turns):
        # the optimal player's expectation, less the guesses taken, is luck less choices
        assert result.optimal_expected - len(result.turns) == pytest.approx(
            result.luck - result.lost)


@settings(max_examples=40, deadline=None)
@given(small_games(), st.sampled_from(["hard", "strict"]))
def test_hard_modes_match_the_brute_force_twin(game, mode):
    words, guesses, answer, limit, played = game
    lexicon = wf.Lexicon(words, guesses)
    letters = [tuple(word) for word in lexicon.encoded_guesses]
    rows = []
    for guess in played:
        rows.append((guess, wf.feedback(guess, answer)))
        if guess == answer:
            break
    result = analyze(rows, lexicon, hard_mode=mode, max_guesses=limit)
    members, legal = list(range(lexicon.n_answers)), list(range(lexicon.n_guesses))
    for turn in result.turns:
        depth, n = limit - turn.turn + 1, len(members)
        row = lexicon.guess_index(turn.guess)
        optimum = exact_total(lexicon.matrix, lexicon.length, depth, answers=members, mode=mode,
                              guesses=letters, legal=tuple(legal))
        mine = exact_total(lexicon.matrix, lexicon.length, depth, answers=members, mode=mode,
                           guesses=letters, legal=tuple(legal), per_opener=True)[row]
        assert turn.legal == (row in legal)
        assert turn.lost is None or turn.lost >= -1e-12
        if not turn.legal:
            assert turn.grade == "illegal" and turn.lost is None
        assert turn.best_expected == (None if optimum >= INFEASIBLE else pytest.approx(optimum / n))
        assert turn.expected == (None if mine >= INFEASIBLE else pytest.approx(mine / n))
        code = wf.feedback(turn.guess, answer)
        legal = [g for g in legal if hard_mode_allows(mode, letters[row], code, letters[g])]
        members = [a for a in members if lexicon.matrix[row, a] == code]


def test_salet_first_is_the_published_optimum(official):
    result = analyze([("salet", wf.feedback("salet", "grand")), ("grand", "ggggg")], official)
    first = result.turns[0]
    assert round(first.expected, 4) == 3.4212 and first.lost == 0 and first.grade == "optimal"
    assert result.optimal_expected == pytest.approx(7920 / 2315) and result.solved


def test_crate_loses_six_guesses_in_2315_on_turn_one(official):
    first = analyze([("crate", wf.feedback("crate", "grand"))], official).turns[0]
    assert first.expected * 2315 == pytest.approx(7926) and first.best == ("salet",)
    assert first.lost == pytest.approx(6 / 2315)


def test_an_illegal_hard_mode_guess_is_named(official):
    # after SALET bybbb (A yellow), SOARE keeps the A: legal; CRONY drops it
    result = analyze([("salet", "bybbb"), ("crony", wf.feedback("crony", "grand"))], official,
                     hard_mode="hard")
    assert result.turns[0].legal and not result.turns[1].legal
    assert "A" in result.turns[1].rule_broken.upper()


def test_bad_games_are_clear_errors(official):
    with pytest.raises(wf.InconsistentFeedback, match="turn 2"):
        analyze([("salet", "bbbbb"), ("sissy", "ggggg")], official)
    with pytest.raises(wf.WordleError, match="turn 2: GRAND solved the game, but 1 more row"):
        analyze([("salet", "bybbb"), ("grand", "ggggg"), ("crony", "bbbbb")], official)
    with pytest.raises(wf.UnknownWord):
        analyze([("zzzzz", "bbbbb")], official)
    with pytest.raises(wf.WordleError, match="allows 6"):
        analyze([("salet", "bbbbb")] * 7, official)
    with pytest.raises(wf.WordleError, match="no guesses"):
        analyze([], official)


def test_the_three_input_forms_agree(official):
    from wordle_fast.game.records import game_rows

    words = game_rows(["salet", "acorn", "grand"], official)
    patterns = game_rows(["salet:bybbb", "acorn:ybbyy", "grand:ggggg"], official)
    dotted = game_rows(["salet.bybbb", "acorn.10011", "grand.🟩🟩🟩🟩🟩"], official)
    assert [code for _, code in words] == [code for _, code in patterns] == [
        code for _, code in dotted] == [wf.feedback(w, "grand") for w in ("salet", "acorn", "grand")]
    assert game_rows(["salet.bybbb.acorn.ybbyy.grand.ggggg"], official) == patterns
    with pytest.raises(wf.InconsistentFeedback, match="turn 1: SALET against the answer GRAND "
                                                      "gives bybbb, not bbbbb"):
        game_rows(["salet:bbbbb", "grand:ggggg"], official)
    with pytest.raises(wf.WordleError, match="should be word:pattern rows"):
        game_rows(["salet.bybbb.acorn"], official)
    with pytest.raises(wf.WordleError, match="not a mix"):
        game_rows(["salet:bybbb", "grand"], official)
    with pytest.raises(wf.InvalidPattern, match="turn 2"):
        game_rows(["salet:bybbb", "acorn:byb7y"], official)
    with pytest.raises(wf.UnknownWord, match="taken as the answer"):
        game_rows(["salet", "acorn", "zzzzz"], official)


def test_cli_table_and_json(capsys):
    from wordle_fast.cli import main

    assert main(["analyze", "salet", "acorn", "grand"]) == 0
    out = capsys.readouterr().out
    assert "SALET" in out and "3.421" in out and "optimal" in out and "Solved in 3 guesses" in out
    assert main(["analyze", "salet:bybbb", "acorn:ybbyy", "--json"]) == 0
    data = __import__("json").loads(capsys.readouterr().out)
    assert [t["guess"] for t in data["turns"]] == ["salet", "acorn"] and not data["solved"]
    assert data["turns"][1]["best"][0] == "brond"
    assert main(["analyze", "salet:bbbbb", "sissy:ggggg"]) == 2
    assert "turn 1: SALET against the answer SISSY gives gbbbb" in capsys.readouterr().err
    assert main(["analyze", "salet:bbbbb", "sissy:gbbbb"]) == 2
    assert "turn 2: SISSY gbbbb fits no answer" in capsys.readouterr().err


SHARE = "Wordle 1,234 3/6*\n\n\u2b1b\U0001f7e8\u2b1b\u2b1b\u2b1b\n" \
        "\U0001f7e8\u2b1b\u2b1b\U0001f7e8\U0001f7e8\n" + "\U0001f7e9" * 5 + "\n"


def test_share_text_with_the_words(official):
    from wordle_fast.game.records import parse_share, shared_rows

    shared = parse_share(SHARE)
    assert shared.solved and shared.hard and shared.puzzle == "1,234" and shared.max_guesses == 6
    rows = shared_rows(shared, ["salet", "acorn", "grand"], official)
    assert [code for _, code in rows] == [wf.feedback(w, "grand") for w in ("salet", "acorn",
                                                                            "grand")]
    wrong_row = parse_share(SHARE.replace("\U0001f7e8\u2b1b\u2b1b\U0001f7e8\U0001f7e8",
                                          "\U0001f7e8\u2b1b\u2b1b\u2b1b\U0001f7e8"))
    with pytest.raises(wf.WordleError, match="row 2: ACORN against GRAND gives ybbyy, but the "
                                             "grid shows ybbby"):
        shared_rows(wrong_row, ["salet", "acorn", "grand"], official)
    with pytest.raises(wf.WordleError, match="3 rows but 2 words"):
        shared_rows(shared, ["salet", "grand"], official)


@pytest.mark.parametrize("text, needle", [
    ("", "empty"),
    ("hello\n", "should start like"),
    ("Wordle 1,234 2/6\n" + SHARE.split("\n", 2)[2], "says 2/6 but shows 3 rows"),
    ("Wordle 1,234 X/6\n" + SHARE.split("\n", 2)[2], "says X/6 but shows 3 rows"),
    ("Wordle 1,234 3/6\n\u2b1b\u2b1b\n", "row 1"),
])
def test_share_text_that_does_not_parse(text, needle):
    from wordle_fast.game.records import parse_share

    with pytest.raises(wf.WordleError, match=needle):
        parse_share(text)


def test_cli_reads_the_share_text(capsys, monkeypatch):
    import io

    from wordle_fast.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO(SHARE))
    assert main(["analyze", "--words", "salet,acorn,grand", "--json"]) == 0
    data = __import__("json").loads(capsys.readouterr().out)
    assert data["mode"] == "hard" and data["solved"] and len(data["turns"]) == 3
    monkeypatch.setattr("sys.stdin", io.StringIO(SHARE))
    assert main(["analyze", "--words", "salet,acorn,grand", "--hard-mode", "off"]) == 2
    assert "contradicts --hard-mode off" in capsys.readouterr().err
    assert main(["analyze"]) == 2
    assert "one of the two" in capsys.readouterr().err


def test_a_limit_no_play_can_keep():
    words = ["abc", "abd", "abe", "abf"]
    lexicon = wf.Lexicon(words, words)
    result = analyze([("abc", wf.feedback("abc", "abf")), ("abd", wf.feedback("abd", "abf"))],
                     lexicon, max_guesses=2)
    first = result.turns[0]
    assert first.expected is None and first.best == () and first.grade == "no sure win"
    assert result.optimal_expected is None and not result.solved


def test_an_opener_the_table_proves_cannot_finish(official, monkeypatch):
    # SLATE cannot guarantee six guesses in hard mode: the shipped table says
    # so, and the analysis takes it from there without searching
    def no_search(*args, **kwargs):
        raise AssertionError("searched an opener the table already settles")

    monkeypatch.setattr("wordle_fast.game.analysis.opener_total", no_search)
    first = analyze([("slate", wf.feedback("slate", "gazer"))], official, "hard").turns[0]
    assert first.expected is None and first.exact and first.grade == "no sure win"
    assert first.best == ("salet",) and first.luck is None


def test_a_wasted_guess_costs_one_whole_guess(official):
    # with 5 answers left, CRANE can only show bgggb: the same 5, one guess fewer
    result = analyze([("salet", "bybbb"), ("acorn", "ybbyy"), ("crane", "bgggb"),
                      ("grand", "ggggg")], official)
    crane = result.turns[2]
    assert (crane.candidates, crane.left, crane.probability) == (5, 5, 1.0)
    assert crane.expected == pytest.approx(3.0) and crane.best_expected == pytest.approx(2.0)
    assert crane.lost == pytest.approx(1.0) and crane.grade == "a blunder"
    assert crane.luck == pytest.approx(0.0)
    assert result.optimal_expected - 4 == pytest.approx(result.luck - result.lost)


@pytest.fixture
def aahed_unsettled(monkeypatch):
    """The opening table as if it had no total for AAHED (the shipped
    normal-mode table holds its exact total), so that turn 1 of a game
    opened with it is searched."""
    import dataclasses

    from wordle_fast.exact import proof

    opening_table = proof.opening_table

    def without_aahed(*args, **kwargs):
        table = opening_table(*args, **kwargs)
        entries = {word: entry for word, entry in table.entries.items() if word != "aahed"}
        return dataclasses.replace(table, entries=entries)

    monkeypatch.setattr(proof, "opening_table", without_aahed)


def test_a_search_stopped_by_ctrl_c_is_shown_as_a_bound_and_not_graded(official,
                                                                      aahed_unsettled):
    def ctrl_c(stage, done, total):   # as if Ctrl-C came once the first bucket was placed
        raise KeyboardInterrupt

    first = analyze([("aahed", wf.feedback("aahed", "grand"))], official,
                    progress=ctrl_c).turns[0]
    assert not first.exact and 7920 < first.expected * 2315 <= 8509   # AAHED totals 8509
    assert first.lost is None and first.grade == "unfinished" and first.luck is None


def test_the_cli_exits_130_on_an_interrupted_analysis(monkeypatch, capsys, aahed_unsettled):
    from wordle_fast.cli import main
    from wordle_fast.errors import EXIT_INTERRUPTED
    from wordle_fast.exact.search import Stopped

    def stopped(*args, **kwargs):   # a bound below the optimum, as an early Ctrl-C leaves
        raise Stopped(5000, 12)

    monkeypatch.setattr("wordle_fast.game.analysis.opener_total", stopped)
    assert main(["analyze", "aahed", "grand"]) == EXIT_INTERRUPTED
    out, err = capsys.readouterr()
    assert ">=2.160" in out and "unfinished" in out and "interrupted" in err
    assert "Not graded, turn 1: a lower bound" in out
    assert "-0." not in out.split("Guesses lost")[1][:40]


def test_a_guess_the_hard_rule_forbids_is_never_graded(official):
    # TALAR, PIGMY and ARROW each drop a letter SOARE revealed. Valued as if
    # allowed, they beat the best legal guess (a negative loss), so they are
    # neither graded nor summed
    answer = "waver"
    rows = [(w, wf.feedback(w, answer)) for w in ["soare", "talar", "pigmy", "arrow", "wafer",
                                                   "waver"]]
    result = analyze(rows, official, "hard")
    illegal = [t for t in result.turns if not t.legal]
    assert illegal
    for turn in result.turns:
        assert turn.lost is None or turn.lost >= -1e-12
        if not turn.legal:
            assert turn.grade == "illegal" and turn.lost is None and turn.rule_broken
    assert result.lost >= 0


WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval",
         "serve", "heath", "dwarf", "model", "karma", "stink", "grade"]


def test_an_opener_searched_for_an_analysis_is_kept_for_the_next(monkeypatch):
    from wordle_fast.exact.proof import opening_table
    from wordle_fast.exact.tables import EXACT, LOWER_BOUND

    lexicon = wf.Lexicon(WORDS, WORDS + ["slate", "crane", "moldy", "plumb"])
    table = opening_table(lexicon)          # saved in the (private) cache
    word = next(w for w, e in table.entries.items() if e.status == LOWER_BOUND)
    first = analyze([(word, wf.feedback(word, "karma"))], lexicon).turns[0]
    assert opening_table(lexicon).entries[word].status == EXACT

    def no_search(*args, **kwargs):
        raise AssertionError("searched an opener an earlier analysis proved")

    monkeypatch.setattr("wordle_fast.game.analysis.opener_total", no_search)
    again = analyze([(word, wf.feedback(word, "karma"))], lexicon).turns[0]
    assert (again.expected, again.exact, again.lost) == (first.expected, True, first.lost)


def test_the_cli_says_up_front_when_turn_one_needs_a_whole_table(tmp_path, capsys):
    from wordle_fast.cli import main

    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("\n".join(WORDS[:12]))
    guesses.write_text("\n".join(WORDS[:12] + ["plumb", "crane"]))
    command = ["analyze", "--answers", str(answers), "--guesses", str(guesses), "crane", "cigar"]
    assert main(command) == 0
    out, err = capsys.readouterr()
    assert "no opening table ships for these lists in normal mode" in err
    assert "proves the best of all 14 openers" in err and "CRANE" in out
    assert main(command) == 0                 # the table was saved: no wait, no notice
    assert capsys.readouterr().err == ""
