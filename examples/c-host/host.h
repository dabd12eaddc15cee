/* gem-host's composition root: the options, the stores and the services its commands use. */
#ifndef GEM_HOST_HOST_H
#define GEM_HOST_HOST_H

#include <gemstone.h>

#include "password_file.h"
#include "release_counter.h"
#include "sqlite_stores.h"

typedef struct options {
    const char *db;
    const char *api;
    int api_explicit;            /* --api or $GEM_API_URL named the API (the confirm service's scanner then uses it) */
    int permission;              /* the answer of the notification permission port */
    const char *kdf_memory_kib;  /* the keystore's Argon2id cost for new records; NULL for the core's default */
    const char *kdf_iterations;
    const char *nodes;           /* the node service's config JSON (--nodes), NULL for the core's nodes */
    const char *nodes_file;      /* or a file holding it (--nodes-file) */
} options;

typedef struct host {
    options opts;
    release_counter tables; /* every table given to the core, so closing waits for their release */
    sqlite_stores stores;
    password_file password;
    gem_preferences_service *preferences;
    gem_price_alert_service *alerts;
    gem_wallet_session_service *wallet_session;
    gem_wallet_service *wallets;
    gem_node_service *nodes;
    gem_assets_service *assets;
    gem_balance_service *balances;
    gem_transactions_service *transactions;
    gem_transaction_state_service *tracker;
    gem_confirm_transfer_service *confirm;
    gem_price_service *prices;
    gem_currency_service *currencies;
    gem_wallet_home_service *home;
} host;

/* Prints the usage to stderr; returns the exit status for a usage error (2). */
int usage(void);

/* wallet_commands.c */
int wallet_command(host *h, int argc, char **argv, int at);
int address_command(int argc, char **argv, int at);

/* chain_commands.c */
/* Builds the node, assets and balance services over the chain stores (after the wallet services). */
int open_chain_services(host *h);
/* Re-resolves the stored node selections; run before any command that reaches a node. */
int resolve_node_selections(host *h);
void close_chain_services(host *h);
int node_command(host *h, int argc, char **argv, int at);
int asset_command(host *h, int argc, char **argv, int at);
int balance_command(host *h, int argc, char **argv, int at);
/* send_command.c */
/* Builds the transactions, transaction state and confirm services (after the chain services). */
int open_send_services(host *h);
void close_send_services(host *h);
int send_command(host *h, int argc, char **argv, int at);
int tx_command(host *h, int argc, char **argv, int at);
/* The wallet `id`, or the current wallet's when id is NULL (a message on stderr and NULL when none). Free it. */
char *wallet_or_current(host *h, const char *id, const char *command);

/* price_commands.c */
/* Builds the price and currency services over the price store (after the preferences service). */
int open_price_services(host *h);
void close_price_services(host *h);
int prices_command(host *h, int argc, char **argv, int at);
int currency_command(host *h, int argc, char **argv, int at);
int home_command(host *h, int argc, char **argv, int at);

/* chart_command.c: the chart screen over the chart service (after the price services) */
int chart_command(host *h, int argc, char **argv, int at);

/* format_command.c: pure, no database */
int format_command(int argc, char **argv, int at);
/* Money as a person reads it in `locale` (NULL: $LANG's): Core's currency style, the ICU renderer. 0 or -1. */
int format_currency_text(double value, const char *code, const char *locale, char *out, size_t cap);

/* receive.c */
int receive_command(host *h, int argc, char **argv, int at);

/* sign_message_command.c */
int sign_message_command(host *h, int argc, char **argv, int at);

#endif
