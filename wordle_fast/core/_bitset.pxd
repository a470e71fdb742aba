from wordle_fast.core._typedefs cimport bitword_t


cdef extern from *:
    """
    #include <stdint.h>
    /* SWAR popcount: a dozen inline ALU operations. */
    static inline int wf_swar_popcount64(uint64_t x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    #if (defined(__GNUC__) || defined(__clang__)) && (defined(__POPCNT__) || !defined(__x86_64__))
    #define wf_popcount64(x) ((int)__builtin_popcountll(x))
    #else
    /* x86-64 without -mpopcnt: the builtin would be a call into libgcc. */
    #define wf_popcount64(x) wf_swar_popcount64(x)
    #endif
    #if defined(__GNUC__) || defined(__clang__)
    #define wf_ctz64(x) ((int)__builtin_ctzll(x))
    #else
    static inline int wf_ctz64(uint64_t x) {
        return wf_swar_popcount64((x & (0 - x)) - 1);
    }
    #endif
    """
    int popcount64 "wf_popcount64" (bitword_t x) noexcept nogil
    int ctz64 "wf_ctz64" (bitword_t x) noexcept nogil   # x must be non-zero


cdef class CandidateSet:
    cdef bitword_t* words          # bit j of word j // 64: answer j is a member
    cdef readonly Py_ssize_t universe   # number of answers the bits range over
    cdef Py_ssize_t n_words        # ceil(universe / 64); bits past universe stay 0

    cdef CandidateSet _empty_like(self)
    cdef int _check_index(self, Py_ssize_t index) except -1
    cdef int _check_same_universe(self, CandidateSet other) except -1
    cdef int _check_mutable(self) except -1


cdef class FrozenCandidateSet(CandidateSet):
    pass


cdef inline void fill_bitset(
    bitword_t* words, Py_ssize_t n_words,      # out: zeroed, then one bit per member
    const Py_ssize_t* members, Py_ssize_t n,   # answer indices below 64 * n_words
) noexcept nogil:
    cdef Py_ssize_t j
    for j in range(n_words):
        words[j] = 0
    for j in range(n):
        words[members[j] >> 6] |= (<bitword_t> 1) << (members[j] & 63)
