"""Several boards at once (Dordle, Quordle, Octordle): the solver, its
strategies, the simulator and the helper."""

import importlib.util

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordle_fast as wf
from wordle_fast.cli import main
from wordle_fast.core._feedback_twin import feedback_code
from wordle_fast.game.board_games import play_game, sample_tuples, simulate_boards
from wordle_fast.game.boards import BoardsSolver
from wordle_fast.patterns import format_pattern
from wordle_fast.strategies import BOARD_STRATEGIES

# The single-board strategy each board strategy must equal with one board.
ONE_BOARD_TWIN = {"entropy": "entropy", "finish": "entropy", "solve-bonus": "solve-bonus"}


def pattern(guess, answer):
    """The feedback, from the reference implementation (not the matrix)."""
    code = feedback_code([ord(c) - 97 for c in guess], [ord(c) - 97 for c in answer])
    return format_pattern(code, len(guess))


@pytest.mark.parametrize("strategy", BOARD_STRATEGIES)
def test_one_board_plays_exactly_as_the_single_board_solver(official, strategy):
    answers = sample_tuples(official, 1, 120, seed=5)
    boards = simulate_boards({"lexicon": official, "strategy": strategy, "boards": 1},
                             tuples=answers)
    single = wf.simulate(wf.Solver(lexicon=official, strategy=ONE_BOARD_TWIN[strategy],
                                   use_cache=False),
                         answers=[game[0] for game in answers], max_turns=20)
    for game in boards.games:
        assert list(game.guesses) == single.sequences[game.answers[0]], game.answers


def test_the_simulator_plays_as_a_plain_loop_and_whatever_the_workers(official):
    tuples = sample_tuples(official, 4, 12, seed=3)
    result = simulate_boards({"lexicon": official}, tuples=tuples)
    for game in result.games:
        # a plain loop: the best guess, its feedback from the reference
        # implementation typed in as text, until every board is solved
        solver = BoardsSolver(lexicon=official, boards=4)
        guesses = []
        while not solver.solved:
            guess = solver.best().word
            guesses.append(guess)
            solver.update(guess, " ".join(pattern(guess, game.answers[b])
                                          for b in solver.unsolved))
        assert tuple(guesses) == game.guesses
        assert game.solved_at == tuple(guesses.index(answer) + 1 for answer in game.answers)
    two = simulate_boards({"lexicon": official}, tuples=tuples, workers=2)
    assert [g.guesses for g in two.games] == [g.guesses for g in result.games]


def test_seeded_samples_are_reproducible_tuples_of_distinct_answers(official):
    first = sample_tuples(official, 8, 50, seed=11)
    assert first == sample_tuples(official, 8, 50, seed=11)
    assert first != sample_tuples(official, 8, 50, seed=12)
    assert all(len(set(game)) == 8 and set(game) <= set(official.answers) for game in first)
    result = simulate_boards({"lexicon": official}, boards=2, sample=30, seed=4)
    assert [g.answers for g in result.games] == sample_tuples(official, 2, 30, seed=4)
    assert result.max_guesses == 7 and result.seed == 4
    assert sum(result.distribution.values()) == 30
    assert result.solved == sum(g.length <= 7 for g in result.games)
    assert result.mean == pytest.approx(np.mean([g.length for g in result.games]))


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_patterns_on_one_board_never_reach_another(official, data):
    k = data.draw(st.integers(1, 5), label="boards")
    answers = data.draw(st.lists(st.sampled_from(official.answers), min_size=k, max_size=k,
                                 unique=True), label="answers")
    guesses = data.draw(st.lists(st.sampled_from(official.guesses), min_size=1, max_size=6),
                        label="guesses")
    solver = BoardsSolver(lexicon=official, boards=k)
    alone = [wf.Solver(lexicon=official, use_cache=False) for _ in range(k)]
    for guess in guesses:
        if solver.solved:
            break
        live = solver.unsolved
        solver.update(guess, [pattern(guess, answers[b]) for b in live])
        for b in live:
            alone[b].update(guess, pattern(guess, answers[b]))
    for b in range(k):
        # each board holds exactly what its own feedback allows, and its answer
        if b in solver.unsolved:
            assert solver.candidates(b) == alone[b].candidates
            assert answers[b] in solver.candidates(b)
        else:
            assert alone[b].solved and solver.solved_at(b) == len(alone[b].history)


def test_finish_plays_a_boards_last_candidate(official):
    solver = BoardsSolver(lexicon=official, boards=3, strategy="finish")
    answers = ("quote", "cigar", "rebut")
    solver.update("soare", [pattern("soare", a) for a in answers])
    solver.update("clint", [pattern("clint", a) for a in answers])
    single = [b for b in solver.unsolved if solver.n_candidates(b) == 1]
    assert single, "this game has a board down to one candidate"
    assert solver.best().word == solver.candidates(single[0])[0]
    assert single[0] in solver.best().solves


def test_bad_input_is_refused_and_the_game_kept(official):
    solver = BoardsSolver(lexicon=official, boards=3)
    solver.update("soare", "bybbg bbbbb bbbgb")
    before = [solver.candidates(b) for b in range(3)]
    with pytest.raises(wf.InvalidPattern, match="3 patterns needed, one per unsolved board"):
        solver.update("clint", "bbbbb bbbbb")
    with pytest.raises(wf.InvalidPattern, match="board 2: 'bb7bb' has '7'"):
        solver.update("clint", "bbbbb bb7bb bbbbb")
    with pytest.raises(wf.InconsistentFeedback, match="board 3: SOARE bbbbb contradicts the "
                                                      "earlier SOARE bbbgb"):
        solver.update("soare", "bybbg bbbbb bbbbb")
    assert len(solver.history) == 1
    assert [solver.candidates(b) for b in range(3)] == before
    for options, message in (({"boards": 0}, "at least 1"),
                             ({"boards": 2316}, "2316 boards need 2316 different answers"),
                             ({"boards": 4, "max_guesses": 3}, "cannot solve 4 boards"),
                             ({"boards": 2, "hard_mode": "hard"}, "one-board rule"),
                             ({"boards": 2, "strategy": "minimax"}, "does not play several")):
        with pytest.raises(wf.InvalidOption, match=message):
            BoardsSolver(lexicon=official, **options)


def test_patterns_are_read_in_every_notation(official):
    solver = BoardsSolver(lexicon=official, boards=2)
    for text in ("bybbg bbbbb", "bybbg,bbbbb", "01002/00000", "bybbgbbbbb",
                 "⬛🟨⬛⬛🟩 ⬛⬛⬛⬛⬛"):
        assert solver.split_patterns(text) and len(solver.split_patterns(text)) == 2
        turn = solver.update("soare", text)
        assert turn.pattern_texts == ("bybbg", "bbbbb")
        solver.undo()


def test_solver_with_boards_gives_a_boards_solver():
    solver = wf.Solver(boards=4)
    assert isinstance(solver, BoardsSolver) and solver.max_guesses == 9
    assert wf.Solver(boards=8).max_guesses == 13 and wf.Solver(boards=2).max_guesses == 7
    assert isinstance(wf.Solver(boards=1), wf.Solver)
    with pytest.raises(wf.InvalidOption, match="depth does not apply to several boards"):
        wf.Solver(boards=2, depth=3)


def test_a_game_played_past_the_limit_is_lost_and_counted(official):
    solver = BoardsSolver(lexicon=official, boards=2, max_guesses=2)
    game = play_game(solver, ("cigar", "rebut"))
    assert game.length > 2 and solver.solved
    result = simulate_boards(solver, tuples=[("cigar", "rebut")])
    assert result.solved == 0 and result.distribution == {game.length: 1}


def scripted(lines):
    said = []
    feed = iter(lines)

    def read(prompt):
        said.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise KeyboardInterrupt from None

    return read, said.append, said


def test_the_helper_plays_two_boards_with_undo_and_bad_input(official):
    from wordle_fast.cli.helper import play_boards

    solver = BoardsSolver(lexicon=official, boards=2)
    answers = ("quote", "cigar")
    lines = ["soare", "bybbg",                    # one pattern for two boards
             " ".join(pattern("soare", a) for a in answers),
             "clint", "bbbbg bbbbb",              # board 1 contradicts SOARE's feedback
             "undo",                              # takes back SOARE
             "list"]
    read, write, said = scripted(lines)
    assert play_boards(solver, read, write) == 130   # the script ends with Ctrl-C
    text = "\n".join(said)
    assert "2 patterns needed, one per unsolved board (boards 1, 2, in order), got 1" in text
    assert "That cannot be right: board 1: CLINT bbbbg contradicts the earlier SOARE" in text
    assert "took back SOARE" in text and "2315 left" in text
    assert said[-1] == "\nBye." and not solver.history

    # to the end: each turn the suggestion, and the true feedback
    solver = BoardsSolver(lexicon=official, boards=2)
    guesses = []
    while not solver.solved:
        guess = solver.best().word
        guesses.append(guess)
        solver.update(guess, [pattern(guess, answers[b]) for b in solver.unsolved])
    solver.reset()
    lines = []
    live = [0, 1]
    for guess in guesses:
        lines += ["", " ".join(pattern(guess, answers[b]) for b in live)]
        live = [b for b in live if answers[b] != guess]
    read, write, said = scripted(lines + [""])
    assert play_boards(solver, read, write) == 0
    assert f"All 2 boards solved in {len(guesses)} guesses." in "\n".join(said)


def test_cli_boards(capsys, tmp_path):
    assert main(["suggest", "--boards", "4", "--top", "3",
                 "--history", "soare:bybbg,bbbbb,bbbgb,gbbbb"]) == 0
    out = capsys.readouterr().out
    assert "board 4" in out and "20 left" in out and "183 left" in out
    assert main(["suggest", "--boards", "4", "--history", "soare:bybbg,bbbbb"]) == 2
    assert "4 patterns needed" in capsys.readouterr().err
    path = tmp_path / "quordle.json"
    assert main(["simulate", "--boards", "4", "--sample", "6", "--seed", "2", "--quiet",
                 "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "4 boards, 9 guesses" in out and "6 games (seed 2)" in out
    import json

    data = json.loads(path.read_text())
    assert data["games"] == 6 and len(data["every_game"]) == 6
    assert main(["simulate", "--boards", "2", "--play", "cigar,rebut", "--quiet"]) == 0
    assert "cigar/rebut" in capsys.readouterr().out
    if importlib.util.find_spec("matplotlib") is not None:
        picture = tmp_path / "dordle.png"
        assert main(["simulate", "--boards", "2", "--sample", "5", "--quiet",
                     "--plot", str(picture)]) == 0
        assert "Wrote plot" in capsys.readouterr().out
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for argv, message in (
            (["simulate", "--boards", "0"], "at least 1"),
            (["simulate", "--boards", "9000"], "9000 boards need 9000 different answers"),
            (["simulate", "--boards", "4", "--max-turns", "3"], "cannot solve 4 boards"),
            (["simulate", "--boards", "2", "--play", "cigar,cigar"], "must differ"),
            (["simulate", "--boards", "2", "--play", "cigar"], "needs 2 answers"),
            (["play", "--boards", "2", "--depth", "3"], "--depth does not apply"),
            (["suggest", "--strategy", "finish"], "plays several boards")):
        assert main(argv) == 2, argv
        assert message in capsys.readouterr().err, argv
