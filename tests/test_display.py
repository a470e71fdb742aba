"""Result objects print as a line a person can read (not a megabyte of
arrays), and notebooks get a table of the first rows, capped."""

import pytest

import wordle_fast as wf
from wordle_fast._display import HTML_ROWS, html_table

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval",
           "serve", "heath", "dwarf", "model", "karma", "stink", "grade", "quiet", "bench"]


@pytest.fixture(scope="module")
def small():
    return wf.Lexicon(ANSWERS, ANSWERS + ["salet", "crane", "trace"])


@pytest.fixture(scope="module")
def results(small):
    solver = wf.Solver(lexicon=small)
    solver.update("salet", wf.format_pattern(wf.feedback("salet", "heath"), 5))
    table = wf.opening_table(small)
    return {
        "GuessScores": (small.score(), "best"),
        "Solver": (solver, "1 guess played"),
        "BoardsSolver": (wf.BoardsSolver(lexicon=small, boards=2), "2 boards"),
        "SimulationResult": (wf.simulate(wf.Solver(lexicon=small)), "solved"),
        "BoardsSimulationResult": (wf.simulate_boards(wf.BoardsSolver(lexicon=small, boards=2),
                                                      sample=5), "won"),
        "OptimalResult": (wf.optimal("salet", lexicon=small), "salet, normal mode"),
        "OpeningTable": (table, f"optimum {' '.join(table.best)} {table.optimum}"),
        "GameAnalysis": (wf.analyze(["salet", "heath"], lexicon=small), "salet heath, solved"),
        "AbsurdleResult": (wf.absurdle(small), "guarantee a win"),
    }


@pytest.mark.parametrize("name", ["GuessScores", "Solver", "BoardsSolver", "SimulationResult",
                                  "BoardsSimulationResult", "OptimalResult", "OpeningTable",
                                  "GameAnalysis", "AbsurdleResult"])
def test_a_result_prints_as_one_short_line_with_its_headline(results, name):
    result, headline = results[name]
    text = repr(result)
    assert text.startswith(f"{name}(") and text.endswith(")")
    assert "\n" not in text and len(text) <= 160, text
    assert headline in text, text


def test_a_strategy_prints_its_name_and_settings():
    assert repr(wf.Solver(strategy="hybrid", frequency_weight=0.25).strategy).startswith(
        "HybridStrategy('hybrid")
    assert repr(wf.Solver(strategy="entropy").strategy) == "EntropyStrategy('entropy')"


def test_the_analysis_turns_print_short_too(results):
    turn = results["GameAnalysis"][0].turns[0]
    assert repr(turn).startswith("TurnAnalysis(turn 1: salet,") and len(repr(turn)) <= 160


@pytest.mark.parametrize("name", ["GuessScores", "OpeningTable", "SimulationResult",
                                  "GameAnalysis"])
def test_notebook_tables_show_the_headline_and_the_rows(results, name):
    result, headline = results[name]
    html = result._repr_html_()
    assert html.startswith("<table><caption>") and headline in html
    assert html.count("<tr>") >= 2


def test_a_notebook_table_of_every_guess_is_capped(official):
    scores = official.score()
    html = scores._repr_html_()
    assert html.count("<tr>") == 1 + HTML_ROWS + 1   # header, rows, "… more"
    assert f"… {len(scores) - HTML_ROWS} more" in html and "<td>soare</td>" in html
    assert len(html) < 5000


def test_table_cells_are_escaped_and_numbers_rounded():
    html = html_table("a <caption>", ["x"], [["<b>"], [0.123456789], [None]])
    assert "&lt;caption&gt;" in html and "<td>&lt;b&gt;</td>" in html
    assert "<td>0.1235</td>" in html and "<td>-</td>" in html and "more" not in html
