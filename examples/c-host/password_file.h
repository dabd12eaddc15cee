/*
 * The keystore password port (gem_keystore_password) over a per-install secret file next to the
 * database, `<db>.secret`: 32 random bytes from /dev/urandom, created on first use with mode 0600
 * and refused when group or others may access it. The bytes are the password, answered raw.
 */
#ifndef GEM_HOST_PASSWORD_FILE_H
#define GEM_HOST_PASSWORD_FILE_H

#include <gemstone.h>

#include "release_counter.h"
#include "sqlite_stores.h"

typedef struct password_file {
    char *path;              /* "<db>.secret" */
    sqlite_stores *stores;   /* to refuse making a new secret while records sealed by a lost one exist */
    release_counter *tables; /* counts the table's release */
} password_file;

/* Returns 0, or -1 (out of memory) with a message on stderr. */
int password_file_init(password_file *file, const char *db_path, sqlite_stores *stores, release_counter *tables);
void password_file_destroy(password_file *file);

/* The port table over `file`, which must outlive the core's use of it (see release_counter). */
gem_keystore_password password_file_table(password_file *file);

#endif
