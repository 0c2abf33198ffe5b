/* SPDX-License-Identifier: MIT */
/*
 * bits.h - passability bitsets of a grid and portable bit scans.
 *
 * Jump point search spends its time walking straight lines of cells. With
 * one bit per cell it tests 64 cells per step instead of one. The grid
 * keeps two bitsets (src/grid.c), both over the bordered grid (border bits
 * are 0 = blocked, and so is every bit past the end of a line):
 *   rows: bordered row r, word k holds columns 64k .. 64k+63 (bit i = 64k+i)
 *   cols: bordered column c, word k holds rows 64k .. 64k+63
 * Each bitset also has one zero word before its first line and one after
 * its last. So the word just before or after any line reads as zero bits
 * at the line's ends: the last bit of a line is past its end or the
 * blocked border, and so is the first.
 * The scans work on integers, not bytes, so byte order cannot matter.
 */
#ifndef LS_BITS_H
#define LS_BITS_H

#include <stdint.h>

/* Index (0..63) of the lowest set bit of x != 0, in portable C: isolate
 * the bit, then a de Bruijn multiply maps each power of two to a distinct
 * top-6-bit value. */
static inline uint32_t ls__lowest_bit_portable(uint64_t x)
{
    static const uint8_t table[64] = {
        0,  1,  2,  53, 3,  7,  54, 27, 4,  38, 41, 8,  34, 55, 48, 28,
        62, 5,  39, 46, 44, 42, 22, 9,  24, 35, 59, 56, 49, 18, 29, 11,
        63, 52, 6,  26, 37, 40, 33, 47, 61, 45, 43, 21, 23, 58, 17, 10,
        51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12
    };
    return table[((x & (0u - x)) * 0x022fdd63cc95386dull) >> 58];
}

/* Index of the highest set bit of x != 0, in portable C: smear it down,
 * keep it alone, and find it as the lowest. */
static inline uint32_t ls__highest_bit_portable(uint64_t x)
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    x |= x >> 32;
    return ls__lowest_bit_portable(x - (x >> 1));
}

/* The same with the instruction GCC and Clang have for each. Both forms
 * are exact (a test compares them), so the choice cannot change a
 * result. */
static inline uint32_t ls__lowest_bit(uint64_t x)
{
#if defined(__GNUC__)
    return (uint32_t)__builtin_ctzll(x);
#else
    return ls__lowest_bit_portable(x);
#endif
}

static inline uint32_t ls__highest_bit(uint64_t x)
{
#if defined(__GNUC__)
    return 63u - (uint32_t)__builtin_clzll(x);
#else
    return ls__highest_bit_portable(x);
#endif
}

#endif
