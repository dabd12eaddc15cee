#include "password_file.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { SECRET_BYTES = 32, MIN_PASSWORD = 16, MAX_PASSWORD = 1024 };

int password_file_init(password_file *file, const char *db_path, sqlite_stores *stores, release_counter *tables) {
    size_t size = strlen(db_path) + sizeof(".secret");
    file->path = malloc(size);
    if (!file->path) {
        fprintf(stderr, "gem-host: out of memory\n");
        return -1;
    }
    snprintf(file->path, size, "%s.secret", db_path);
    file->stores = stores;
    file->tables = tables;
    return 0;
}

void password_file_destroy(password_file *file) {
    free(file->path);
    file->path = NULL;
}

/* Reads up to `capacity` bytes; returns how many, or -1 with errno set. */
static ssize_t read_all(int fd, uint8_t *into, size_t capacity) {
    size_t total = 0;
    while (total < capacity) {
        ssize_t n = read(fd, into + total, capacity - total);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) break;
        total += (size_t)n;
    }
    return (ssize_t)total;
}

static int write_all(int fd, const uint8_t *bytes, size_t len) {
    size_t total = 0;
    while (total < len) {
        ssize_t n = write(fd, bytes + total, len - total);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        total += (size_t)n;
    }
    return 0;
}

/*
 * Reads the secret into `out` (MAX_PASSWORD + 1 bytes). Returns 0 with *len set, 1 when the file
 * does not exist, or -1 with *status and message set.
 */
static int read_secret(const char *path, uint8_t *out, size_t *len, gem_status *status, char *message, size_t size) {
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT) return 1;
    *status = GEM_ERR_STORE;
    if (fd < 0) {
        snprintf(message, size, "cannot open the keystore secret %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat info;
    int rc = -1;
    if (fstat(fd, &info) != 0) {
        snprintf(message, size, "cannot inspect the keystore secret %s: %s", path, strerror(errno));
    } else if (!S_ISREG(info.st_mode)) {
        snprintf(message, size, "the keystore secret %s is not a regular file", path);
    } else if (info.st_uid != geteuid()) {
        *status = GEM_ERR_PERMISSION_DENIED;
        snprintf(message, size, "the keystore secret %s belongs to another user; refusing to use it", path);
    } else if ((info.st_mode & 077) != 0) {
        *status = GEM_ERR_PERMISSION_DENIED;
        snprintf(message, size,
                 "the keystore secret %s has mode %04o: group or others may access it, so it is refused; "
                 "restore owner-only access with: chmod 600 %s",
                 path, (unsigned)(info.st_mode & 07777), path);
    } else {
        ssize_t n = read_all(fd, out, MAX_PASSWORD + 1);
        if (n < 0) {
            snprintf(message, size, "cannot read the keystore secret %s: %s", path, strerror(errno));
        } else if (n < MIN_PASSWORD || n > MAX_PASSWORD) {
            snprintf(message, size, "the keystore secret %s holds %zd bytes; a keystore password is %d to %d bytes",
                     path, n, MIN_PASSWORD, MAX_PASSWORD);
        } else {
            *len = (size_t)n;
            rc = 0;
        }
    }
    close(fd);
    return rc;
}

/* How many keystore records the database holds; -1 when it cannot say. */
static long keystore_records(sqlite_stores *stores) {
    long count = -1;
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(stores->db, "SELECT count(*) FROM keystore", -1, &stmt, NULL) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW) {
        count = (long)sqlite3_column_int64(stmt, 0);
    }
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&stores->lock);
    return count;
}

static void sync_directory(const char *path) {
    char *copy = strdup(path);
    if (!copy) return;
    int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(copy);
}

/*
 * Creates the secret: 32 bytes from /dev/urandom written to a temporary file opened with
 * O_CREAT|O_EXCL and mode 0600, synced, then linked to its name. link() never replaces an existing
 * file, so a secret appears complete or not at all, and a concurrent creator's secret wins.
 * Refused while the keystore holds records: they were sealed with a secret that went missing,
 * and a new one could never open them.
 */
static int create_secret(password_file *file, gem_status *status, char *message, size_t size) {
    *status = GEM_ERR_STORE;
    long records = keystore_records(file->stores);
    if (records != 0) {
        if (records < 0) snprintf(message, size, "cannot count the keystore records before creating %s", file->path);
        else snprintf(message, size,
                      "the keystore secret %s is missing but the database holds %ld keystore record(s) sealed with it; "
                      "restore the file (a new secret could not open them)",
                      file->path, records);
        return -1;
    }
    size_t tmp_size = strlen(file->path) + 32;
    char *tmp = malloc(tmp_size);
    if (!tmp) {
        snprintf(message, size, "out of memory");
        return -1;
    }
    snprintf(tmp, tmp_size, "%s.%ld.tmp", file->path, (long)getpid());
    uint8_t secret[SECRET_BYTES];
    int rc = -1;
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0 && errno == EEXIST) { /* left by an interrupted run of a process with our pid */
        unlink(tmp);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    }
    int urandom = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(message, size, "cannot create the keystore secret %s: %s", tmp, strerror(errno));
    } else if (urandom < 0 || read_all(urandom, secret, sizeof(secret)) != (ssize_t)sizeof(secret)) {
        snprintf(message, size, "cannot read 32 bytes from /dev/urandom");
    } else if (write_all(fd, secret, sizeof(secret)) != 0 || fsync(fd) != 0) {
        snprintf(message, size, "cannot write the keystore secret %s: %s", tmp, strerror(errno));
    } else if (link(tmp, file->path) != 0 && errno != EEXIST) {
        snprintf(message, size, "cannot create the keystore secret %s: %s", file->path, strerror(errno));
    } else {
        sync_directory(file->path);
        rc = 0;
    }
    explicit_bzero(secret, sizeof(secret));
    if (urandom >= 0) close(urandom);
    if (fd >= 0) {
        close(fd);
        unlink(tmp);
    }
    free(tmp);
    return rc;
}

/* args {}. Answers the secret's raw bytes; the local copy is wiped before returning. */
static void get_password(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    password_file *file = context;
    uint8_t secret[MAX_PASSWORD + 1];
    size_t secret_len = 0;
    gem_status status = GEM_OK;
    char message[1024];
    int rc = read_secret(file->path, secret, &secret_len, &status, message, sizeof(message));
    if (rc == 1) {
        rc = create_secret(file, &status, message, sizeof(message));
        if (rc == 0) rc = read_secret(file->path, secret, &secret_len, &status, message, sizeof(message));
        if (rc == 1) {
            status = GEM_ERR_STORE;
            snprintf(message, sizeof(message), "the keystore secret %s vanished after it was created", file->path);
        }
    }
    if (rc == 0) gem_call_ok(call, secret, secret_len);
    else gem_call_fail(call, status, message);
    explicit_bzero(secret, sizeof(secret));
}

static void release_password(void *context) {
    password_file *file = context;
    release_counter_release(file->tables);
}

gem_keystore_password password_file_table(password_file *file) {
    gem_keystore_password table = {
        .struct_size = sizeof(gem_keystore_password),
        .context = file,
        .release = release_password,
        .get_password = get_password,
    };
    return table;
}
