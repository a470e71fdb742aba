# The exact search's memo: a fixed-size table of proven values keyed by a
# 128-bit fingerprint of (candidate set, guesses left, rule context). See
# _memo.pyx for why a table of fingerprints and not a dict of byte keys.

from libc.stdint cimport int64_t, uint8_t, uint64_t

from wordle_fast.core._typedefs cimport intp_t


cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define wf_prefetch(p) __builtin_prefetch((const void*) (p))
    #else
    #define wf_prefetch(p) ((void) 0)
    #endif
    """
    void wf_prefetch(const void* p) noexcept nogil


cdef struct Fingerprint:
    uint64_t a            # picks the bucket; both halves are compared
    uint64_t b


cdef struct SetHash:
    # The members' random numbers summed, each half apart: a union's is the
    # sum of its parts'. Not yet a key (see Memo.key).
    uint64_t a
    uint64_t b


cdef struct MemoSlot:
    uint64_t a, b
    uint64_t data         # see _memo.pyx: value, exact, weight, generation, used


cdef enum:
    MEMO_WAYS = 4         # slots per bucket: 96 bytes, read together


cdef class Memo:
    cdef MemoSlot* slots
    cdef uint64_t bucket_mask             # buckets - 1 (a power of two)
    cdef Py_ssize_t ways                  # slots per bucket (MEMO_WAYS, fewer in a tiny table)
    cdef readonly Py_ssize_t capacity, count, replaced
    cdef Py_ssize_t max_capacity          # the most it may grow to
    cdef uint64_t generation              # 0..255, bumped by new_generation()
    cdef dict keys                        # fingerprint -> (members, depth, context), if kept
    cdef uint64_t* numbers                # [2 * n_members]: each member's two random numbers
    cdef readonly Py_ssize_t n_members

    cdef inline SetHash set_hash(self, const intp_t* members, Py_ssize_t n) noexcept nogil:
        cdef SetHash h
        cdef Py_ssize_t j
        h.a = h.b = 0
        for j in range(n):
            h.a += self.numbers[2 * members[j]]
            h.b += self.numbers[2 * members[j] + 1]
        return h

    cdef Fingerprint key(self, SetHash h, Py_ssize_t n, int depth, const uint8_t* context,
                         Py_ssize_t context_size) noexcept nogil

    cdef inline void prefetch(self, Fingerprint key) noexcept nogil:
        # Ask for the key's bucket (96 bytes: up to two cache lines) before
        # `find` needs it, so that the misses of several keys overlap.
        cdef const MemoSlot* slot = self.slots + (key.a & self.bucket_mask) * self.ways
        wf_prefetch(slot)
        wf_prefetch(<const char*> slot + 64)

    cdef int64_t find(self, Fingerprint key) noexcept nogil
    cdef void store(self, Fingerprint key, int64_t value, bint exact, int weight) noexcept nogil
    cdef bint _place(self, uint64_t a, uint64_t b, uint64_t data, bint may_replace) noexcept nogil
    cdef void _grow(self) noexcept nogil
    cdef void _shape(self, Py_ssize_t capacity) noexcept nogil
    cdef _allocate(self, Py_ssize_t capacity)
    cdef Fingerprint _python_key(self, members, int depth, bytes context)
    cdef void remember(self, Fingerprint key, const intp_t* members, Py_ssize_t n, int depth,
                       bytes context)
