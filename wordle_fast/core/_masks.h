/* The buckets of a block of guesses over a larger set, by a 256-bit mask of
   codes per guess, kept in AVX2 registers (the exact search's bound scan,
   _scans.pyx: guess_bounds_columns, for sets past the pairwise kernels).

   The scalar masks loop sets one bit in memory per (member, guess): a load,
   an OR and a store each. Here eight guesses go at once: a member's eight
   codes are widened to two vectors of four 64-bit lanes, and each of the
   four 64-bit planes of a guess's mask gets the bit 1 << (code - 64 p).
   VPSLLVQ gives 0 for a count above 63, and code - 64 p below 0 wraps to
   such a count, so the plane a code does not fall in gets nothing: four
   shifts and four ORs, no compare, no store.

   The members go in chunks of CHUNK, so that their codes for the block
   (CHUNK runs of at most WF_MASKS_BLOCK bytes, gathered first into one
   buffer when the guesses are a list of rows) stay in the first-level cache
   while every eight guesses of the block pass over them. Measured against
   the scalar loop: benchmarks/README.md, "The masks scan in AVX2
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
    const __m256i one = _mm256_set1_epi64x(1), plane = _mm256_set1_epi64x(64);
    ptrdiff_t width = (last - first) & ~(ptrdiff_t) 7, start, count, j, t, p, v, lane;
    if (width <= 0) return 0;
    memset(masks, 0, (size_t) (width / 4) * sizeof(masks[0]));
    for (start = 0; start < n; start += WF_MASKS_CHUNK) {
        count = n - start < WF_MASKS_CHUNK ? n - start : WF_MASKS_CHUNK;
        if (rows != NULL) {
            for (j = 0; j < count; j++) {
                const uint8_t* column = columns + members[start + j] * n_guesses;
                for (t = 0; t < width; t++)
                    gathered[j * WF_MASKS_BLOCK + t] = column[rows[first + t]];
            }
        }
        for (p = 0; p < width; p += 8) {
            __m256i *low = (__m256i*) masks[p / 4], *high = (__m256i*) masks[p / 4 + 1];
            __m256i a0 = _mm256_load_si256(low), a1 = _mm256_load_si256(low + 1);
            __m256i a2 = _mm256_load_si256(low + 2), a3 = _mm256_load_si256(low + 3);
            __m256i b0 = _mm256_load_si256(high), b1 = _mm256_load_si256(high + 1);
            __m256i b2 = _mm256_load_si256(high + 2), b3 = _mm256_load_si256(high + 3);
            for (j = 0; j < count; j++) {
                const uint8_t* codes = rows != NULL
                    ? gathered + j * WF_MASKS_BLOCK + p
                    : columns + members[start + j] * n_guesses + first + p;
                __m128i eight = _mm_loadl_epi64((const __m128i*) codes);
                __m256i ca = _mm256_cvtepu8_epi64(eight);
                __m256i cb = _mm256_cvtepu8_epi64(_mm_srli_si128(eight, 4));
                a0 = _mm256_or_si256(a0, _mm256_sllv_epi64(one, ca));
                ca = _mm256_sub_epi64(ca, plane);
                a1 = _mm256_or_si256(a1, _mm256_sllv_epi64(one, ca));
                ca = _mm256_sub_epi64(ca, plane);
                a2 = _mm256_or_si256(a2, _mm256_sllv_epi64(one, ca));
                ca = _mm256_sub_epi64(ca, plane);
                a3 = _mm256_or_si256(a3, _mm256_sllv_epi64(one, ca));
                b0 = _mm256_or_si256(b0, _mm256_sllv_epi64(one, cb));
                cb = _mm256_sub_epi64(cb, plane);
                b1 = _mm256_or_si256(b1, _mm256_sllv_epi64(one, cb));
                cb = _mm256_sub_epi64(cb, plane);
                b2 = _mm256_or_si256(b2, _mm256_sllv_epi64(one, cb));
                cb = _mm256_sub_epi64(cb, plane);
                b3 = _mm256_or_si256(b3, _mm256_sllv_epi64(one, cb));
            }
            _mm256_store_si256(low, a0);
            _mm256_store_si256(low + 1, a1);
            _mm256_store_si256(low + 2, a2);
            _mm256_store_si256(low + 3, a3);
            _mm256_store_si256(high, b0);
            _mm256_store_si256(high + 1, b1);
            _mm256_store_si256(high + 2, b2);
            _mm256_store_si256(high + 3, b3);
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
