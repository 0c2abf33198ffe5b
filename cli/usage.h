/* SPDX-License-Identifier: MIT */
/*
 * usage.h - the text of `lockstar --help`.
 */
#ifndef CLI_USAGE_H
#define CLI_USAGE_H

#include <stdio.h>

/* Print the usage text to out. */
void cli_usage(FILE *out);

#endif
