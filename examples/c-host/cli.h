/* Command-line helpers of gem-host: options, printing answers and errors, wiping secrets. */
#ifndef GEM_HOST_CLI_H
#define GEM_HOST_CLI_H

#include <cjson/cJSON.h>
#include <gemstone.h>

#include "waiter.h"

/* Prints the error record of a failed call to stderr; returns the exit status (1). */
int cli_report_error(const char *what, gem_status status, const char *json);
/* Prints a synchronous answer (or its error) and frees the buffer; returns the exit status. */
int cli_print_buffer(const char *what, gem_status status, gem_buffer *out);
/* Waits for an async command started with `w`, prints its answer (or error), destroys `w`. */
int cli_finish(const char *what, gem_status started, waiter *w);

/* The value of "--name VALUE" among argv[from..argc); NULL when absent. */
const char *cli_flag(int argc, char **argv, int from, const char *name);
/* The n-th (0-based) argument among argv[from..argc) that is neither an option nor its value. */
const char *cli_positional(int argc, char **argv, int from, int n);
/*
 * Checks argv[from..argc): every option is in `allowed` (NULL-terminated) and has a value, and
 * there are at most max_positionals other arguments. Returns 0, or 2 after a message on stderr.
 */
int cli_check_args(int argc, char **argv, int from, const char *command, const char *const *allowed, int max_positionals);

/* Wipes every string value of `json`, then deletes it. NULL-safe. */
void cli_delete_wiping(cJSON *json);
/* Wipes a NUL-terminated string, then frees it. NULL-safe. */
void cli_free_wiping(char *text);

#endif
