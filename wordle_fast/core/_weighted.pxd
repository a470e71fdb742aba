# The search under a prior (_weighted.pyx): the weights and a guess's
# buckets as it knows them, and the sums it takes over a set's members.
from libc.stdint cimport int64_t

from wordle_fast.core._bound cimport INFEASIBLE
from wordle_fast.core._memo cimport Fingerprint
from wordle_fast.core._typedefs cimport intp_t


cdef struct Prior:
    # The weights as the search reads them, and its bounds' scratch (kept at rest).
    const int64_t* of          # [n_answers] each answer's weight
    int64_t* by_row            # [n_guesses] a candidate's weight by its guess row, else -1
    int64_t* peak              # [n_patterns] the heaviest word per code


cdef struct Bucket:
    # One bucket of a guess, as _guess_cost knows it.
    Py_ssize_t start, size   # its members: grouped[start:start + size]
    int64_t mass             # their total weight
    int64_t lower            # what is known of its T: a lower bound, or exact
    bint settled             # `lower` is its T
    Fingerprint key
    int64_t entry            # its memo entry, or -1


cdef inline int64_t weighted_mass(const Prior* prior, const intp_t* members,
                                  Py_ssize_t n) noexcept nogil:
    # W, the set's total weight.
    cdef int64_t mass = 0
    cdef Py_ssize_t j
    for j in range(n):
        mass += prior.of[members[j]]
    return mass


cdef inline int64_t weighted_least(const Prior* prior, const intp_t* members,
                                   Py_ssize_t n) noexcept nogil:
    # 2W - m: every word but the one the next guess names takes two guesses.
    cdef int64_t mass = 0, heaviest = 0
    cdef Py_ssize_t j
    for j in range(n):
        mass += prior.of[members[j]]
        heaviest = max(heaviest, prior.of[members[j]])
    return 2 * mass - heaviest


cdef inline int64_t weighted_small(const Prior* prior, const intp_t* members, Py_ssize_t n,
                                   int depth) noexcept nogil:
    # T for one or two words (2W - m: the heavier guessed first), and
    # INFEASIBLE for a set that cannot finish with the guesses left; -1 for
    # every other set.
    if n == 1:
        return prior.of[members[0]] if depth >= 1 else INFEASIBLE
    if depth <= 1:
        return INFEASIBLE
    if n == 2:
        return weighted_least(prior, members, n)
    return -1
