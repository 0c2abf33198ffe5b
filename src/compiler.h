/* SPDX-License-Identifier: MIT */
/*
 * compiler.h - the two compiler hints the hot paths rely on.
 *
 * The search loop is written once and instantiated several times with
 * constant options (src/loop.h); its helpers must then be inlined, or the
 * constants never reach them. Compilers without the attribute get plain
 * `static inline`: the results are the same, only slower.
 */
#ifndef LS_COMPILER_H
#define LS_COMPILER_H

#if defined(__GNUC__) || defined(__clang__)
#define LS_HOT_INLINE static inline __attribute__((always_inline))
#define LS_NOINLINE __attribute__((noinline))
#else
#define LS_HOT_INLINE static inline
#define LS_NOINLINE
#endif

#endif
