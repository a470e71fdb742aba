/* The buckets of a block of guesses over a larger set, by a 256-bit mask of
   codes per guess, kept in AVX2 registers (the exact search's bound scan,
   _scans.pyx: guess_bounds_columns, for sets past the pairwise kernels).

   The scalar masks loop sets one bit in memory per (member, guess): a load,
   an OR and a store each. Here eight guesses go at once: a member's eight
   codes are widened to two vectors of four 64-bit lanes, and each of the
   four 64-bit planes of a guess's mask gets the bit 1 << (code - 64 q) in
   plane q (wf_set_bits): four shifts and four ORs in registers, no compare,
   no store.

   The members go in chunks of WF_MASKS_CHUNK, so that their codes for the
   block (runs of at most WF_MASKS_BLOCK bytes, gathered first into one
   buffer when the guesses are a list of rows) stay in the first-level cache
   while every eight guesses of the block pass over them. Measured against
   the scalar loop: benchmarks/LOG.md, "The masks scan in AVX2
   registers".

   Compiled for AVX2 alone and called only when the processor has it
   (wf_pairwise_lanes() == 32, the same test as the 32-lane pairwise kernel);
   elsewhere wf_masks_avx2 is an empty stub that handles no guess. */

#ifndef WF_MASKS_H
#define WF_MASKS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define WF_MASKS_BLOCK 512   /* at most this many guesses per call: _scans.pxd's BLOCK */
#define WF_MASKS_CHUNK 64    /* members per pass over the block: 32 KB of codes */

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)

#include <immintrin.h>

/* Four guesses' codes (a 64-bit lane each) into their masks' four planes:
   the bit 1 << (code - 64 q) in plane q, which VPSLLVQ leaves 0 outside
   0..63 (code - 64 q below 0 wraps to such a count). */
__attribute__((target("avx2"), always_inline))
static inline void wf_set_bits(__m256i planes[4], __m256i codes) {
    const __m256i one = _mm256_set1_epi64x(1), plane = _mm256_set1_epi64x(64);
    int q;
    for (q = 0; q < 4; q++) {
        planes[q] = _mm256_or_si256(planes[q], _mm256_sllv_epi64(one, codes));
        codes = _mm256_sub_epi64(codes, plane);
    }
}

/* For the guesses first..first+m-1, m the largest multiple of 8 up to last -
   first: the distinct codes among the members (k_out[g]) and whether the
   all-green code is among them (green_out[g]), both indexed from first;
   returns m (the caller counts the rest of the guesses by the scalar loop).
   `rows`: the guesses' matrix rows, or NULL for the columns first..last-1. */
__attribute__((target("avx2,popcnt")))
static ptrdiff_t wf_masks_avx2(const uint8_t* columns, ptrdiff_t n_guesses, ptrdiff_t first,
                               ptrdiff_t last, const ptrdiff_t* rows, const ptrdiff_t* members,
                               ptrdiff_t n, uint8_t all_green, int64_t* k_out,
                               uint8_t* green_out) {
    /* the masks: [guess / 4][plane][guess % 4], 16 KB for a full block */
    __attribute__((aligned(32))) uint64_t masks[WF_MASKS_BLOCK / 4][4][4];
    __attribute__((aligned(32))) uint8_t gathered[WF_MASKS_CHUNK * WF_MASKS_BLOCK];
    const uint8_t* codes_of[WF_MASKS_CHUNK];
    ptrdiff_t width = (last - first) & ~(ptrdiff_t) 7, start, count, j, t, p, v, lane;
    int q;
    if (width <= 0) return 0;
    memset(masks, 0, (size_t) (width / 4) * sizeof(masks[0]));
    for (start = 0; start < n; start += WF_MASKS_CHUNK) {
        count = n - start < WF_MASKS_CHUNK ? n - start : WF_MASKS_CHUNK;
        for (j = 0; j < count; j++) {     /* each member's codes for the block */
            const uint8_t* column = columns + members[start + j] * n_guesses;
            if (rows == NULL) {
                codes_of[j] = column + first;
            } else {
                for (t = 0; t < width; t++)
                    gathered[j * WF_MASKS_BLOCK + t] = column[rows[first + t]];
                codes_of[j] = gathered + j * WF_MASKS_BLOCK;
            }
        }
        for (p = 0; p < width; p += 8) {
            __m256i *stored = (__m256i*) masks[p / 4], low[4], high[4];
            for (q = 0; q < 4; q++) {
                low[q] = _mm256_load_si256(stored + q);
                high[q] = _mm256_load_si256(stored + 4 + q);
            }
            for (j = 0; j < count; j++) {
                __m128i eight = _mm_loadl_epi64((const __m128i*) (codes_of[j] + p));
                wf_set_bits(low, _mm256_cvtepu8_epi64(eight));
                wf_set_bits(high, _mm256_cvtepu8_epi64(_mm_srli_si128(eight, 4)));
            }
            for (q = 0; q < 4; q++) {
                _mm256_store_si256(stored + q, low[q]);
                _mm256_store_si256(stored + 4 + q, high[q]);
            }
        }
    }
    for (t = 0; t < width; t++) {
        v = t / 4;
        lane = t % 4;
        k_out[t] = __builtin_popcountll(masks[v][0][lane])
                   + __builtin_popcountll(masks[v][1][lane])
                   + __builtin_popcountll(masks[v][2][lane])
                   + __builtin_popcountll(masks[v][3][lane]);
        green_out[t] = (masks[v][all_green >> 6][lane] >> (all_green & 63)) & 1;
    }
    return width;
}

#else

static ptrdiff_t wf_masks_avx2(const uint8_t* columns, ptrdiff_t n_guesses, ptrdiff_t first,
                               ptrdiff_t last, const ptrdiff_t* rows, const ptrdiff_t* members,
                               ptrdiff_t n, uint8_t all_green, int64_t* k_out,
                               uint8_t* green_out) {
    return 0;
}

#endif

#endif
