/* SPDX-License-Identifier: MIT */
/*
 * replay_model.h - `lockstar replay --threads N`: the path queue's rules
 * (lockstar.h, "Path request queue") carried out with a batch of N worker
 * threads. Every request still waiting on a tick is solved in one
 * ls_batch_run on the grid of that tick (its result is ls_find_path's, as
 * the queue's is), and the queue's budget rule is then applied to the
 * requests' expansion counts: served in submission order, each given what
 * is left of the budget, finishing in the tick in which the expansions
 * given to it reach its count; a request begun before an edit starts
 * again from 0. So a replay's trail is the same with any N, and the same
 * as with the queue itself (the tests compare them).
 */
#ifndef CLI_REPLAY_MODEL_H
#define CLI_REPLAY_MODEL_H

#include <stdint.h>
#include "lockstar.h"

typedef struct cli_model cli_model;

/* A model for width x height grids, holding at most one request for each
 * of `slots` agents, solving on `threads` workers. LS_OK or an error of
 * ls_batch_create / LS_ERR_OUT_OF_MEMORY. */
ls_status cli_model_create(int32_t width, int32_t height, uint32_t slots,
                           uint32_t threads, cli_model **out);
void cli_model_destroy(cli_model *m);

/* Queue a request for slot (at the end of the serving order); the slot
 * must hold none (cancel first). */
void cli_model_submit(cli_model *m, uint32_t slot, const ls_query *q);
/* Forget the slot's request, whatever its state. */
void cli_model_cancel(cli_model *m, uint32_t slot);

/* One tick with budget (0 = none) on grid. LS_OK, or an error the batch
 * gave (a bug or no memory). */
ls_status cli_model_tick(cli_model *m, const ls_grid *grid, uint32_t budget);

/* If the slot's request finished, 1 with its status (ls_find_path's) and,
 * for LS_OK, its path (valid until the next call on the model); the
 * request is then forgotten. 0 while it has not, or the slot holds none. */
int cli_model_take(cli_model *m, uint32_t slot, ls_status *status,
                   const ls_point **path, uint32_t *length);

#endif
