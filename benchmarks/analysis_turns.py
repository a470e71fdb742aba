"""The slowest turns of exact game analysis over every answer of greedy
entropy play (the default Solver), each game analysed by a fresh searcher,
as one ``wordle-fast analyze`` run would.

    python benchmarks/analysis_turns.py [--hard] [--top 10]
"""

import argparse
import statistics
import time

import wordle_fast as wf
from wordle_fast.game.analysis import analyze


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    mode = "hard" if args.hard else "off"
    lexicon = wf.Lexicon()
    games = wf.simulate(wf.Solver(lexicon=lexicon, hard_mode=mode)).sequences
    turns, games_seconds = [], []
    started = time.perf_counter()
    for answer, guesses in games.items():
        rows = [(guess, wf.feedback(guess, answer)) for guess in guesses]
        game_started = time.perf_counter()
        result = analyze(rows, lexicon, mode)
        games_seconds.append(time.perf_counter() - game_started)
        turns += [(t.seconds, answer, t.turn, t.guess, t.candidates) for t in result.turns]
    turns.sort(reverse=True)
    print(f"{len(games)} games, {len(turns)} turns, {mode} mode: "
          f"{time.perf_counter() - started:.1f} s in all; per game median "
          f"{statistics.median(games_seconds) * 1000:.1f} ms, max {max(games_seconds):.2f} s; "
          f"per turn median {statistics.median(t[0] for t in turns) * 1000:.2f} ms")
    print("slowest turns (seconds, answer, turn, guess, answers before it):")
    for seconds, answer, turn, guess, candidates in turns[:args.top]:
        print(f"  {seconds:7.3f}  {answer}  turn {turn}  {guess}  {candidates}")


if __name__ == "__main__":
    main()
