/* The distinct codes of many guesses at once over a small set (the exact
   search's bound scan, _scans.pyx: guess_bounds_columns).

   For a block of consecutive guesses, each member's codes are one vector
   (a lane per guess), compared with every earlier member's: a lane whose
   code was seen before counts one duplicate, and a guess's bucket count is
   n - duplicates. n(n - 1)/2 vector compares per block, where counting by
   masks costs n scattered updates per guess; so this wins on small sets.

   Two widths: 16 lanes with GCC's portable vectors (SSE2 on x86-64, NEON
   on arm64), and on x86-64 32 lanes (AVX2), compiled for that instruction
   set alone and chosen at run time when the processor has it
   (wf_pairwise_lanes). Without GCC or clang, wf_pairwise_lanes is 0 and
   the masks do all the work. (64 lanes of AVX-512BW, comparing into mask
   registers, measured slower than 32 on the project's AMD EPYC for sets
   of 40 to 64 and no faster below: benchmarks/LOG.md.) */

#ifndef WF_PAIRWISE_H
#define WF_PAIRWISE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define WF_PAIRWISE_MAX 64       /* the most members a block compares */

#if defined(__GNUC__) || defined(__clang__)

/* A member's codes for lanes first..first+width-1: consecutive columns, or
   the columns rows[first..] one by one into memory, then one load (writing
   the lanes of a vector one at a time was 5x slower than the masks). */
static inline const uint8_t* wf_codes_of(const uint8_t* column, ptrdiff_t first,
                                         const ptrdiff_t* rows, int width, uint8_t* gathered) {
    int t;
    if (rows == NULL) return column + first;
    for (t = 0; t < width; t++) gathered[t] = column[rows[first + t]];
    return gathered;
}

/* One kernel, written once for a vector type VEC of WIDTH byte lanes; ATTR
   the instruction set it is compiled for (empty: the build's). */
#define WF_DEFINE_DISTINCT(NAME, VEC, WIDTH, ATTR)                                          \
    typedef uint8_t VEC __attribute__((vector_size(WIDTH)));                                \
    ATTR static void NAME(const uint8_t* columns, ptrdiff_t n_guesses, ptrdiff_t first,    \
                          const ptrdiff_t* rows, const ptrdiff_t* members, ptrdiff_t n,    \
                          uint8_t all_green, uint8_t* k_out, uint8_t* green_out) {         \
        VEC earlier[WF_PAIRWISE_MAX];                                                       \
        VEC duplicates = {0}, green = {0}, greens;                                          \
        uint8_t gathered[WIDTH];                                                            \
        ptrdiff_t i, j, t;                                                                  \
        for (t = 0; t < WIDTH; t++) greens[t] = all_green;                                  \
        for (j = 0; j < n; j++) {                                                           \
            VEC codes, seen_before = {0};                                                   \
            memcpy(&codes, wf_codes_of(columns + members[j] * n_guesses, first, rows,       \
                                       WIDTH, gathered), WIDTH);                            \
            for (i = 0; i < j; i++) seen_before |= (VEC) (earlier[i] == codes);             \
            duplicates -= seen_before;        /* 0xFF lanes: one more duplicate */          \
            green |= (VEC) (codes == greens);                                               \
            earlier[j] = codes;                                                             \
        }                                                                                   \
        for (t = 0; t < WIDTH; t++) {                                                       \
            k_out[t] = (uint8_t) (n - duplicates[t]);                                       \
            green_out[t] = green[t] & 1;                                                    \
        }                                                                                   \
    }

WF_DEFINE_DISTINCT(wf_distinct16, wf_v16, 16, )

#if defined(__x86_64__)

WF_DEFINE_DISTINCT(wf_distinct32, wf_v32, 32, __attribute__((target("avx2"))))

/* The widest kernel this processor runs: 32 or 16 lanes. (GCC's builtin
   checks that the operating system saves the wide registers too.) */
static int wf_pairwise_lanes(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 32 : 16;
}

#else
static int wf_pairwise_lanes(void) { return 16; }
static void wf_distinct32(const uint8_t* columns, ptrdiff_t n_guesses, ptrdiff_t first,
                          const ptrdiff_t* rows, const ptrdiff_t* members, ptrdiff_t n,
                          uint8_t all_green, uint8_t* k_out, uint8_t* green_out) {}
#endif

#else
static int wf_pairwise_lanes(void) { return 0; }
static void wf_distinct16(const uint8_t* columns, ptrdiff_t n_guesses, ptrdiff_t first,
                          const ptrdiff_t* rows, const ptrdiff_t* members, ptrdiff_t n,
                          uint8_t all_green, uint8_t* k_out, uint8_t* green_out) {}
static void wf_distinct32(const uint8_t* columns, ptrdiff_t n_guesses, ptrdiff_t first,
                          const ptrdiff_t* rows, const ptrdiff_t* members, ptrdiff_t n,
                          uint8_t all_green, uint8_t* k_out, uint8_t* green_out) {}
#endif

#endif
