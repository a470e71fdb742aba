"""Prior probabilities over the answers, and word frequencies.

* ``uniform``: every answer equally likely (the default; right for the
  official answer list, which the game draws from uniformly).
* ``frequency``: common words more likely. Each answer gets the weight
  ``sigmoid((zipf - 3) / 0.5)`` of its Zipf frequency from the bundled
  wordfreq table: about 0.12 at Zipf 2 (rare), 0.5 at 3, 0.88 at 4
  (everyday). A soft step rather than raw frequency, because the answer is a
  word people know, not a word drawn in proportion to how often it is said.
* a prior a user gives: a file (``word<TAB>weight`` per line, or a JSON
  object of word to weight), a mapping, or an array aligned with the
  answers (``make_prior``). A word of weight 0 is not a possible answer.

Each prior also has integer weights, for exact results that stay exact
(``Prior.integers``): a user's whole numbers are used as written; real
weights become ``max(1, round(w / max(w) * INTEGER_SCALE))`` for every
``w > 0``, a rule the prior's description states.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from wordle_fast.errors import InvalidOption
from wordle_fast.words import data_folder

PRIORS = ("uniform", "frequency")

FREQUENCY_CENTER = 3.0  # Zipf value given weight 1/2
FREQUENCY_WIDTH = 0.5   # Zipf units per e-fold of the odds

# Real weights become whole numbers up to this (the heaviest answer's): four
# significant figures for the frequency prior, whose weights span 0.02 to 1.
INTEGER_SCALE = 10_000
MAX_PRIOR_BYTES = 64 << 20    # a weights file larger than this is not one


def zipf_frequencies(words) -> np.ndarray:
    """Zipf frequency of each word from the bundled table; 0 for unknown words."""
    table = {}
    text = data_folder().joinpath("frequencies.tsv").read_text(encoding="utf-8")
    for line in text.splitlines():
        word, _, value = line.partition("\t")
        table[word] = float(value)
    return np.array([table.get(word, 0.0) for word in words], dtype=np.float64)


def prior_weights(name: str, answers) -> np.ndarray | None:
    """Probabilities over ``answers`` for prior ``name`` (None means uniform)."""
    if name == "uniform":
        return None
    if name == "frequency":
        zipf = zipf_frequencies(answers)
        weights = 1.0 / (1.0 + np.exp(-(zipf - FREQUENCY_CENTER) / FREQUENCY_WIDTH))
        return weights / weights.sum()
    raise InvalidOption(f"unknown prior {name!r}: choose one of {', '.join(PRIORS)}, or name "
                        "a weights file")


@dataclass(frozen=True, eq=False)
class Prior:
    """Weights over a list of answers: ``probabilities`` (summing to 1;
    None for uniform) and ``integers``, the same weights as whole numbers
    for the exact search, made by the rule ``scale`` states. ``name``: the
    prior's name, or where it was read from. Two priors are equal when
    their names, scales and whole weights are (what an exact result
    depends on)."""

    name: str
    probabilities: np.ndarray | None = field(repr=False, compare=False)
    integers: np.ndarray | None = field(repr=False, compare=False)
    scale: str = "uniform"

    @property
    def uniform(self) -> bool:
        return self.probabilities is None

    @property
    def digest(self) -> str | None:
        """The integer weights' SHA-256 (what an exact result depends on)."""
        if self.integers is None:
            return None
        return "sha256:" + hashlib.sha256(self.integers.astype("<i8").tobytes()).hexdigest()

    @property
    def key(self) -> str:
        """What tells this prior from another in a cache: the name of a
        bundled one, else its name with its digest."""
        return self.name if self.name in PRIORS else f"{self.name}@{self.digest}"

    def __eq__(self, other) -> bool:
        if not isinstance(other, Prior):
            return NotImplemented
        return (self.name, self.scale, self.digest) == (other.name, other.scale, other.digest)

    def __hash__(self) -> int:
        return hash((self.name, self.scale, self.digest))

    def description(self) -> dict:
        """What a result computed under this prior records of it."""
        return {"name": self.name, "digest": self.digest, "scale": self.scale}

    def __repr__(self) -> str:
        if self.uniform:
            return "Prior(uniform)"
        possible = int(np.count_nonzero(self.integers))
        return (f"Prior({self.name}: {possible} of {len(self.integers)} answers possible, "
                f"integers {self.scale})")


def weighing(source, answers) -> Prior | None:
    """The prior ``source`` over ``answers`` (as ``make_prior`` takes it)
    when it weighs the answers, or None when each counts once."""
    prior = make_prior(source, answers)
    return None if prior.uniform else prior


def make_prior(source=None, answers=(), default: float | None = None) -> Prior:
    """The prior ``source`` over ``answers``: None or "uniform"; "frequency"
    (the bundled table); a weights file (``word<TAB>weight`` per line, or a
    JSON object); a mapping of word to weight; or a sequence of weights
    aligned with ``answers``. Answers a file or mapping leaves out are an
    error unless ``default`` gives their weight. Every mistake is one
    ``InvalidOption`` that says what and where."""
    answers = list(answers)
    if isinstance(source, Prior):
        return source
    if source is None or (isinstance(source, str) and source == "uniform"):
        return Prior("uniform", None, None)
    if isinstance(source, str) and source == "frequency":
        return _from_reals("frequency", prior_weights("frequency", answers))
    if isinstance(source, (str, os.PathLike)):
        return _from_named(str(source), _read_file(Path(source), answers), answers, default)
    if isinstance(source, Mapping):
        given = {}
        for word, weight in source.items():
            where = f"the weight of {word!r}"
            if str(word).strip().lower() in given:
                raise InvalidOption(f"{where}: the word is given twice (its case aside)")
            given[str(word).strip().lower()] = (_weight(weight, where), where)
        return _from_named("mapping", given, answers, default)
    try:
        values = list(source)
    except TypeError:
        raise InvalidOption(f"a prior is 'uniform', 'frequency', a weights file, a mapping of "
                            f"word to weight or a list of weights; got "
                            f"{type(source).__name__}") from None
    if len(values) != len(answers):
        raise InvalidOption(f"the prior holds {len(values)} weights for {len(answers)} answers: "
                            "give one weight per answer, in the answers' order")
    weights = [_weight(v, f"weight {i + 1} (of {answers[i]!r})") for i, v in enumerate(values)]
    return _checked("array", weights)


def _read_file(path: Path, answers: list[str]) -> dict[str, tuple[float, str]]:
    """word -> (weight, where it was read) from a weights file."""
    try:
        if path.stat().st_size > MAX_PRIOR_BYTES:
            raise InvalidOption(f"{path} is larger than {MAX_PRIOR_BYTES >> 20} MiB, which is "
                                "not a weights file")
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InvalidOption(f"unknown prior {str(path)!r}: choose one of {', '.join(PRIORS)}, "
                            "or name a weights file (there is no file of that name)") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidOption(f"cannot read the prior {path}: "
                            f"{getattr(error, 'strerror', None) or error}") from None
    if text.lstrip()[:1] in ("{", "["):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise InvalidOption(f"{path} is not JSON: {error}") from None
        if not isinstance(data, dict):
            raise InvalidOption(f"{path}: a JSON prior is one object of word to weight")
        return {str(word).strip().lower(): (_weight(value, f"{path}, {word!r}"),
                                            f"{path}, {word!r}")
                for word, value in data.items()}
    given: dict[str, tuple[float, str]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"{path}, line {number}"
        parts = line.split("\t") if "\t" in line else line.split()
        if len(parts) != 2:
            raise InvalidOption(f"{where}: expected 'word<TAB>weight', got {line.strip()[:40]!r}")
        word = parts[0].strip().lower()
        if word in given:
            raise InvalidOption(f"{where}: {word!r} repeats {given[word][1].rsplit(', ', 1)[1]}; "
                                "give each word once")
        given[word] = (_weight(parts[1].strip(), where), where)
    return given


def _weight(value, where: str) -> float:
    """A weight: a finite number, 0 or more."""
    if isinstance(value, bool):
        raise InvalidOption(f"{where}: {value!r} is not a weight")
    try:
        weight = float(value)
    except (TypeError, ValueError):
        raise InvalidOption(f"{where}: {value!r} is not a number") from None
    if not math.isfinite(weight) or weight < 0:
        raise InvalidOption(f"{where}: the weight {value!r} must be a finite number, 0 or more")
    return weight


def _from_named(name: str, given: dict[str, tuple[float, str]], answers: list[str],
                default: float | None) -> Prior:
    known = set(answers)
    for word, (_, where) in given.items():
        if word not in known:
            raise InvalidOption(f"{where}: {word!r} is not one of the {len(answers)} answers")
    if default is not None:
        default = _weight(default, "--prior-default")
    missing = [word for word in answers if word not in given]
    if missing and default is None:
        raise InvalidOption(f"the prior {name} gives no weight to {len(missing)} of the "
                            f"{len(answers)} answers ({', '.join(missing[:3])}"
                            f"{', ...' if len(missing) > 3 else ''}): give them one, or "
                            "--prior-default W")
    return _checked(name, [given[word][0] if word in given else default for word in answers])


def _checked(name: str, weights: list[float]) -> Prior:
    values = np.array(weights, dtype=np.float64)
    if not values.any():
        raise InvalidOption(f"the prior {name} gives every answer weight 0: at least one must "
                            "be possible")
    if all(float(w).is_integer() for w in weights) and values.max() < 2 ** 53:
        integers = values.astype(np.int64)
        return Prior(name, values / values.sum(), integers, "as written")
    return _from_reals(name, values)


def _from_reals(name: str, values: np.ndarray) -> Prior:
    scaled = np.rint(values / values.max() * INTEGER_SCALE).astype(np.int64)
    integers = np.where(values > 0, np.maximum(scaled, 1), 0)
    return Prior(name, values / values.sum(), integers,
                 f"max(1, round(w / max(w) * {INTEGER_SCALE})) for every w > 0")
