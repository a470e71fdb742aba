"""The plain-Python twin of ``_endgame``: hard mode's endgame bound written
out over sets of codes (why it holds: the module docstring of
``_endgame.pyx``)."""

from __future__ import annotations

MIN_ENDGAME = 4


def endgame_groups(answer_letters) -> list[list[int]]:
    """The endgames: groups of at least MIN_ENDGAME answers (indices) equal
    at every position but one."""
    rows = [tuple(int(x) for x in letters) for letters in answer_letters]
    groups = []
    for p in range(len(rows[0]) if rows else 0):
        by_rest: dict[tuple, list[int]] = {}
        for a, letters in enumerate(rows):
            by_rest.setdefault(letters[:p] + letters[p + 1:], []).append(a)
        groups += [group for group in by_rest.values() if len(group) >= MIN_ENDGAME]
    return groups


def endgame_cannot_finish(answer_letters, matrix, members, depth: int, legal) -> bool:
    """Whether some endgame of more than ``depth`` of ``members`` cannot be
    narrowed to one word by ``depth - 1`` guesses from ``legal``, each
    taking out at most its buckets over the group less one."""
    if depth < 1:
        raise ValueError("depth must be at least 1 (the guesses left)")
    present = {int(a) for a in members}
    for group in endgame_groups(answer_letters):
        live = [a for a in group if a in present]
        if len(live) <= depth:
            continue
        takes = sorted((len({int(matrix[t][a]) for a in live}) - 1 for t in legal),
                       reverse=True)
        if sum(takes[:depth - 1]) < len(live) - 1:
            return True
    return False
