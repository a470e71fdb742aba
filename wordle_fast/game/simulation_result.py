"""The result of playing every answer with a solver on one board
(``simulation.simulate``): every game's guesses, and the statistics users
compare (success rate, mean and median, the distribution, failures; under
a prior, the weighted total and the expected guesses too)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from wordle_fast._display import html_table
from wordle_fast.words import distribution_text


@dataclass
class SimulationResult:
    """Outcome of every game played, and the statistics users compare."""

    config: dict
    max_guesses: int
    sequences: dict[str, list[str]]    # answer -> guesses played, in answer-list order
    solved_answers: frozenset[str]
    wall_time: float                   # seconds, matrix building included
    workers: int = 1
    # under a prior: each answer played's whole weight (Prior.integers); None when uniform
    weights: dict[str, int] | None = None
    distribution: dict[int, int] = field(init=False)

    def __post_init__(self):
        counts = Counter(len(self.sequences[a]) for a in self.solved_answers)
        self.distribution = {turns: counts.get(turns, 0)
                             for turns in range(1, self.max_guesses + 1)}

    @property
    def max_turns(self) -> int:
        """The old name of ``max_guesses``."""
        return self.max_guesses

    @property
    def games(self) -> int:
        return len(self.sequences)

    @property
    def solved(self) -> int:
        return len(self.solved_answers)

    @property
    def failed(self) -> int:
        return self.games - self.solved

    @property
    def success_rate(self) -> float:
        return self.solved / self.games if self.games else 0.0

    @property
    def failures(self) -> list[str]:
        return [a for a in self.sequences if a not in self.solved_answers]

    def _solved_turns(self) -> list[int]:
        return [len(self.sequences[a]) for a in self.sequences if a in self.solved_answers]

    @property
    def mean(self) -> float:
        """Mean guesses over solved games (nan when none was solved)."""
        turns = self._solved_turns()
        return sum(turns) / len(turns) if turns else float("nan")

    @property
    def median(self) -> float:
        turns = self._solved_turns()
        import statistics   # here: its import costs every CLI start 2 ms

        return float(statistics.median(turns)) if turns else float("nan")

    @property
    def total_guesses(self) -> int:
        return sum(self._solved_turns())

    @property
    def weighted_total(self) -> int | None:
        """Under a prior: the sum over the solved games of weight x guesses,
        in the prior's whole weights (what the exact search minimises)."""
        if self.weights is None:
            return None
        return sum(self.weights[a] * len(self.sequences[a]) for a in self.solved_answers)

    @property
    def weighted_mean(self) -> float | None:
        """Under a prior: the expected guesses over the solved games, each
        weighed by the prior (nan when none of weight above 0 was solved)."""
        if self.weights is None:
            return None
        mass = sum(self.weights[a] for a in self.solved_answers)
        return self.weighted_total / mass if mass else float("nan")

    def worst_games(self, count: int = 10) -> list[tuple[str, list[str]]]:
        """The longest games, failures first, then by answer-list order."""
        ranked = sorted(self.sequences.items(),
                        key=lambda item: (item[0] in self.solved_answers, -len(item[1])))
        return ranked[:count]

    def guess_counts(self, turn: int) -> Counter:
        """How often each word was played at ``turn`` (1 = first guess)."""
        return Counter(seq[turn - 1] for seq in self.sequences.values() if len(seq) >= turn)

    @property
    def games_per_second(self) -> float:
        return self.games / self.wall_time if self.wall_time > 0 else float("inf")

    def __repr__(self) -> str:
        return (f"SimulationResult({self.games} games, {self.config.get('strategy')}: "
                f"{self.success_rate:.2%} solved in {self.max_guesses}, mean {self.mean:.4f}, "
                f"median {self.median:g})")

    def _repr_html_(self) -> str:
        shown = html_table(repr(self)[len("SimulationResult("):-1], ["guesses", "games"],
                           self.distribution.items())
        failures = self.failures
        if failures:
            shown += "\n" + html_table(f"{len(failures)} failures", ["answer", "guesses played"],
                                       ([a, " ".join(self.sequences[a])] for a in failures),
                                       total=len(failures))
        return shown

    def to_dict(self, sequences: bool = True) -> dict:
        result = {
            "config": self.config, "games": self.games, "solved": self.solved,
            "failed": self.failed, "success_rate": self.success_rate,
            "mean_guesses": self.mean, "median_guesses": self.median,
            "total_guesses": self.total_guesses, "max_guesses": self.max_guesses,
            "max_turns": self.max_guesses,   # its old name, kept for readers of it
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "failures": self.failures,
            "worst_games": [{"answer": a, "guesses": g, "solved": a in self.solved_answers}
                            for a, g in self.worst_games()],
            "first_guesses": self.guess_counts(1).most_common(5),
            "second_guesses": self.guess_counts(2).most_common(5),
            "wall_time_s": self.wall_time, "games_per_second": self.games_per_second,
            "workers": self.workers,
        }
        if self.weights is not None:
            result.update(weighted_total=self.weighted_total,
                          total_weight=sum(self.weights[a] for a in self.solved_answers),
                          weighted_mean_guesses=self.weighted_mean)
        if sequences:
            result["sequences"] = {a: {"guesses": g, "solved": a in self.solved_answers}
                                   for a, g in self.sequences.items()}
        return result

    def summary(self) -> str:
        lines = [
            f"Games: {self.games}",
            f"Solved: {self.solved} ({self.success_rate:.2%})",
            f"Failed: {self.failed} ({1 - self.success_rate:.2%})",
            f"Mean guesses (solved): {self.mean:.4f}",
        ] + ([] if self.weights is None else [
            f"Expected guesses under the prior (solved): {self.weighted_mean:.4f} "
            f"({self.weighted_total} in whole weights)"]) + [
            f"Median guesses (solved): {self.median:g}",
            "Distribution: " + distribution_text(self.distribution)
            + f", failed: {self.failed}",
        ]
        for turn, label in ((1, "first"), (2, "second")):
            common = ", ".join(f"{w} ({n})" for w, n in self.guess_counts(turn).most_common(3))
            lines.append(f"Most common {label} guesses: {common}")
        if self.failures:
            shown = ", ".join(self.failures[:10]) + (" ..." if len(self.failures) > 10 else "")
            lines.append(f"Failed answers: {shown}")
        worst = self.worst_games(3)
        lines.append("Worst games: " + "; ".join(
            f"{a} ({' '.join(g)}{'' if a in self.solved_answers else ', failed'})"
            for a, g in worst))
        lines.append(f"Time: {self.wall_time:.2f} s, {self.games_per_second:,.0f} games/s"
                     + (f" with {self.workers} workers" if self.workers > 1 else ""))
        return "\n".join(lines)
