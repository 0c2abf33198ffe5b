/* SPDX-License-Identifier: MIT */
/*
 * thread.c - src/thread.h over POSIX threads, Win32 threads (_WIN32:
 * critical sections, condition variables, CreateThread; Vista or later)
 * or no threads at all (__wasi__), and the grid stamp counter, which
 * needs a lock (or an interlocked add) to be safe from any thread. The
 * only file of the library that calls a thread function;
 * tests/check-symbols.sh allow-lists exactly the ones used here, per
 * platform.
 */
#include "thread.h"

#if defined(_WIN32)

int ls__lock_init(ls__lock *l) { InitializeCriticalSection(&l->cs); return 0; }
void ls__lock_destroy(ls__lock *l) { DeleteCriticalSection(&l->cs); }
void ls__lock_take(ls__lock *l) { EnterCriticalSection(&l->cs); }
void ls__lock_give(ls__lock *l) { LeaveCriticalSection(&l->cs); }
int ls__cond_init(ls__cond *c) { InitializeConditionVariable(&c->cv); return 0; }
/* Win32 condition variables hold no resources. */
void ls__cond_destroy(ls__cond *c) { (void)c; }
void ls__cond_wait(ls__cond *c, ls__lock *l)
{
    SleepConditionVariableCS(&c->cv, &l->cs, INFINITE);
}
void ls__cond_wake_all(ls__cond *c) { WakeAllConditionVariable(&c->cv); }

/* An interlocked add: an intrinsic (no import), so nothing to initialise
 * before the first grid, and safe from any thread. */
static volatile LONG64 stamp_counter;
uint64_t ls__stamp_next(void)
{
#if defined(__GNUC__)
    return (uint64_t)__sync_add_and_fetch(&stamp_counter, 1);
#else
    return (uint64_t)InterlockedIncrement64(&stamp_counter);
#endif
}

static DWORD WINAPI thread_main(LPVOID arg)
{
    ls__thread *t = arg;
    t->fn(t->arg);
    return 0;
}

int ls__thread_start(ls__thread *t, void (*fn)(void *), void *arg)
{
    t->fn = fn;
    t->arg = arg;
    t->handle = CreateThread(NULL, 0, thread_main, t, 0, NULL);
    return t->handle ? 0 : -1;
}

void ls__thread_join(ls__thread *t)
{
    WaitForSingleObject(t->handle, INFINITE);
    CloseHandle(t->handle);
}

#elif !LS_THREADS_NONE

int ls__lock_init(ls__lock *l) { return pthread_mutex_init(&l->m, NULL) ? -1 : 0; }
void ls__lock_destroy(ls__lock *l) { pthread_mutex_destroy(&l->m); }
void ls__lock_take(ls__lock *l) { pthread_mutex_lock(&l->m); }
void ls__lock_give(ls__lock *l) { pthread_mutex_unlock(&l->m); }
int ls__cond_init(ls__cond *c) { return pthread_cond_init(&c->c, NULL) ? -1 : 0; }
void ls__cond_destroy(ls__cond *c) { pthread_cond_destroy(&c->c); }
void ls__cond_wait(ls__cond *c, ls__lock *l) { pthread_cond_wait(&c->c, &l->m); }
void ls__cond_wake_all(ls__cond *c) { pthread_cond_broadcast(&c->c); }

/* A statically initialised mutex, not an atomic: 64-bit atomics need
 * libatomic on some 32-bit targets, and a grid is created rarely. */
static pthread_mutex_t stamp_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t stamp_counter;
uint64_t ls__stamp_next(void)
{
    uint64_t stamp;
    pthread_mutex_lock(&stamp_lock);
    stamp = ++stamp_counter;
    pthread_mutex_unlock(&stamp_lock);
    return stamp;
}

static void *thread_main(void *arg)
{
    ls__thread *t = arg;
    t->fn(t->arg);
    return NULL;
}

int ls__thread_start(ls__thread *t, void (*fn)(void *), void *arg)
{
    t->fn = fn;
    t->arg = arg;
    return pthread_create(&t->id, NULL, thread_main, t) ? -1 : 0;
}

void ls__thread_join(ls__thread *t) { pthread_join(t->id, NULL); }

#else /* no threads: src/batch.c never starts one */

int ls__lock_init(ls__lock *l) { (void)l; return 0; }
void ls__lock_destroy(ls__lock *l) { (void)l; }
void ls__lock_take(ls__lock *l) { (void)l; }
void ls__lock_give(ls__lock *l) { (void)l; }
int ls__cond_init(ls__cond *c) { (void)c; return 0; }
void ls__cond_destroy(ls__cond *c) { (void)c; }
void ls__cond_wait(ls__cond *c, ls__lock *l) { (void)c; (void)l; }
void ls__cond_wake_all(ls__cond *c) { (void)c; }
int ls__thread_start(ls__thread *t, void (*fn)(void *), void *arg)
{
    (void)t; (void)fn; (void)arg;
    return -1;
}
void ls__thread_join(ls__thread *t) { (void)t; }

/* One thread: a plain counter is enough. */
static uint64_t stamp_counter;
uint64_t ls__stamp_next(void) { return ++stamp_counter; }

#endif
