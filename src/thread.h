/* SPDX-License-Identifier: MIT */
/*
 * thread.h - the few thread primitives the batch runner needs (src/batch.c),
 * and the one counter shared by every thread (grid stamps, src/grid.c),
 * over POSIX threads, Win32 threads (_WIN32) or none (__wasi__: wasm32-wasi
 * has no threads, so a batch runs every worker's share on the caller's
 * thread, in worker order; the results are the same by construction).
 * src/thread.c is the only file that calls a platform thread function.
 */
#ifndef LS_THREAD_H
#define LS_THREAD_H

#include <stdint.h>

#if defined(__wasi__)
#define LS_THREADS_NONE 1
#else
#define LS_THREADS_NONE 0
#endif

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
typedef struct ls__lock { CRITICAL_SECTION cs; } ls__lock;
typedef struct ls__cond { CONDITION_VARIABLE cv; } ls__cond;
typedef struct ls__thread {
    HANDLE handle;
    void (*fn)(void *);
    void *arg;
} ls__thread;
#elif LS_THREADS_NONE
typedef struct ls__lock { int unused; } ls__lock;
typedef struct ls__cond { int unused; } ls__cond;
typedef struct ls__thread { int unused; } ls__thread;
#else
#include <pthread.h>
typedef struct ls__lock { pthread_mutex_t m; } ls__lock;
typedef struct ls__cond { pthread_cond_t c; } ls__cond;
typedef struct ls__thread {
    pthread_t id;
    void (*fn)(void *);
    void *arg;
} ls__thread;
#endif

/* 0 on success, -1 on failure (nothing to undo then). */
int ls__lock_init(ls__lock *l);
void ls__lock_destroy(ls__lock *l);
void ls__lock_take(ls__lock *l);
void ls__lock_give(ls__lock *l);
int ls__cond_init(ls__cond *c);
void ls__cond_destroy(ls__cond *c);
/* Wait on c, l held; l is held again on return (spurious wake-ups too). */
void ls__cond_wait(ls__cond *c, ls__lock *l);
void ls__cond_wake_all(ls__cond *c);
/* Start fn(arg) on a new thread: 0, or -1 when the system refused. */
int ls__thread_start(ls__thread *t, void (*fn)(void *), void *arg);
/* Wait for a started thread to return, and release it. */
void ls__thread_join(ls__thread *t);

/* A number no earlier call in this process returned (1, 2, 3, ...), from
 * any thread at any time: the stamp that tells one grid from another
 * (src/grid.c). 64 bits, so it never wraps. */
uint64_t ls__stamp_next(void);

#endif
