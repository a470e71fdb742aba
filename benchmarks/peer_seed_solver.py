"""A straightforward pure-Python entropy solver, written the way the seed
write-ups do it (string patterns, dict histograms, lists of candidates),
as the peer the README's speed-up is measured against. Not used by the
package; correct (two-pass feedback), just slow."""

import math
from collections import defaultdict


def get_feedback(guess, solution):
    pattern = ["B"] * len(guess)
    chars = list(solution)
    for i, ch in enumerate(guess):
        if ch == solution[i]:
            pattern[i] = "G"
            chars[i] = None
    for i, ch in enumerate(guess):
        if pattern[i] == "B" and ch in chars:
            pattern[i] = "Y"
            chars[chars.index(ch)] = None
    return "".join(pattern)


def get_entropy(guess, solutions):
    counts = defaultdict(int)
    for solution in solutions:
        counts[get_feedback(guess, solution)] += 1
    total = len(solutions)
    return -sum(c / total * math.log2(c / total) for c in counts.values())


def play(answer, answers, allowed, opener, max_turns=6, pool="allowed"):
    """One game; returns the guesses made."""
    candidates = list(answers)
    guesses = []
    while len(guesses) < max_turns:
        if not guesses:
            guess = opener
        elif len(candidates) <= 2:
            guess = candidates[0]
        else:
            words = allowed if pool == "allowed" else candidates
            guess = max(words, key=lambda w: (get_entropy(w, candidates), w in candidates))
        guesses.append(guess)
        if guess == answer:
            break
        seen = get_feedback(guess, answer)
        candidates = [c for c in candidates if get_feedback(guess, c) == seen]
    return guesses
