/* SPDX-License-Identifier: MIT */
/*
 * setjmp.h - a stand-in for wasm32-wasi, whose libc (Debian 12's wasi-libc)
 * has no setjmp.h. Only CUnit includes it: CUnit longjmps out of a test
 * only for the CU_*_FATAL assertions. Here setjmp() returns 0 and longjmp()
 * aborts the program, so a fatal assertion failure ends the run (non-zero
 * exit) instead of skipping to the next test. Never used outside wasm32.
 */
#ifndef LOCKSTAR_WASI_SETJMP_SHIM_H
#define LOCKSTAR_WASI_SETJMP_SHIM_H
#include <stdlib.h>
typedef int jmp_buf[1];
#define setjmp(b) ((void)(b), 0)
#define longjmp(b, v) ((void)(b), (void)(v), abort())
#endif
