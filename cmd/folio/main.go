// Command folio is the Folio documentation platform server and its tools.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"folio/internal/logs"
)

const usage = `folio: a self-hostable documentation platform server

Usage:
  folio serve                          start the HTTP server (runs pending migrations first)
  folio migrate up|down|status         manage the database schema
  folio token create --email EMAIL [--name NAME]
                                       create the user if missing and print a new API token
  folio token revoke TOKEN             revoke an API token
  folio user create --email EMAIL [--name NAME] [--admin]
                                       create an account with a password (asked on the
                                       terminal, or the first line of standard input);
                                       --admin: an administrator of this server; print its id
  folio user reset-password EMAIL      set the account's password the same way and end
                                       every session of the account
  folio mail catch [--addr 127.0.0.1:1025]
                                       an SMTP server on loopback that prints every mail it
                                       gets (for FOLIO_SMTP_URL=smtp+insecure://127.0.0.1:1025)
  folio seed [--scale small|medium|large]
                                       fill a new demo organization; print an API token of its admin
  folio export --space ID [--out FILE] [--format zip|tar]
                                       write a space's content as a zip (or tar.gz) of markdown
                                       files in GitBook's Git Sync layout (SUMMARY.md, .gitbook/assets)
  folio import --org ORG --title TITLE [--email EMAIL] FILE
                                       create a space from such an archive; print its id
  folio backup [--out FILE]            write the database (pg_dump) and the blob directory
                                       to one tar.gz (default folio-backup-<UTC time>.tar.gz)
  folio restore [--force] FILE         restore such a backup into an empty database (--force:
                                       drop the database's public schema first), then migrate
  folio db run -- COMMAND [ARGS...]    run COMMAND with FOLIO_TEST_DATABASE_URL set to a
                                       fresh embedded database (used by make test)
  folio version                        print the version, commit and build time

Configuration (environment):
  DATABASE_URL      PostgreSQL connection string; unset: an embedded cluster in FOLIO_DATA_DIR
  FOLIO_DATABASE_POOLER       transaction: DATABASE_URL leads to PgBouncer in transaction mode
  FOLIO_DATABASE_DIRECT_URL   with a pooler: the database without it, for migrations and jobs
  FOLIO_DATA_DIR    data directory of the embedded cluster (default ./.folio)
  FOLIO_ADDR        listen address (default 127.0.0.1:8080)
  FOLIO_PUBLIC_URL  base of the URLs in responses (default http://FOLIO_ADDR)
  FOLIO_LOG_LEVEL   debug, info, warn or error (default info)
  FOLIO_STATEMENT_HEADER  true: report each request's SQL statement count in X-Folio-Statements
  FOLIO_METRICS_ADDR  listen address of GET /metrics (Prometheus); unset: no metrics listener
  FOLIO_RATE_LIMIT  requests per window per API token, or per client address
                    without a valid token (default 600; 0 disables)
  FOLIO_RATE_WINDOW rate limit window, a duration such as 30s or 1m (default 1m)
  FOLIO_TRUSTED_PROXIES  reverse proxies (addresses or CIDR ranges, comma-separated)
                    whose X-Forwarded-For names the client (default: none)
  FOLIO_CORS_ORIGINS  browser origins allowed to call the API, comma-separated,
                    or * for any (default: none)
  FOLIO_SIGNUP      who may create an account on the sign-up page: open, invite
                    (invited addresses only; the default) or off; the first
                    account is always made there, as the server's administrator
  FOLIO_FETCH_ALLOW_PRIVATE   let fetches of user-supplied URLs reach private addresses (default false)
  FOLIO_FETCH_TIMEOUT         time one fetch may take (default 30s)
  FOLIO_FETCH_MAX_BYTES       largest body a fetch accepts (default 10485760)
  FOLIO_JOBS_RESCUE_AFTER     how long a dead server's jobs wait for another (default 10m)
  FOLIO_IMPORT_ALLOW_PRIVATE  the same for website imports only (default FOLIO_FETCH_ALLOW_PRIVATE)
  FOLIO_IMPORT_MAX_PAGES      pages a website import takes at most (default 50)
  FOLIO_IMPORT_TIMEOUT        time a whole website import may take (default 2m)
  FOLIO_READ_TIMEOUT          time a client has to send a whole request (default 30s)
  FOLIO_WRITE_TIMEOUT         time from the end of a request's headers to the end of its
                              response; longer than FOLIO_IMPORT_TIMEOUT
                              (default FOLIO_IMPORT_TIMEOUT + 1m)
  FOLIO_IDLE_TIMEOUT          time a keep-alive connection may stay idle (default 2m)
  FOLIO_MAX_HEADER_BYTES      largest request headers; larger get 431 (default 65536)
  FOLIO_SMTP_URL, FOLIO_MAIL_FROM       mail (invitations, password resets); unset: mail is off
  FOLIO_SESSION_IDLE, FOLIO_SESSION_MAX browser sessions' idle and absolute lifetimes (7 and 30 days)
  FOLIO_OIDC_ISSUER, _CLIENT_ID, _CLIENT_SECRET  OpenID Connect sign-in for the whole server

Every setting, these and the rest (S3, GraphQL limits, subscriptions, retention),
is in docs/configuration.md.
`

func main() {
	slog.SetDefault(logs.New(os.Stderr, logLevel()))
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "serve":
		err = serve(ctx)
	case "migrate":
		err = migrate(ctx, args)
	case "token":
		err = token(ctx, args)
	case "user":
		err = userCmd(ctx, args, os.Stdin, os.Stdout)
	case "mail":
		err = mailCatch(ctx, args, os.Stdout, os.Stderr)
	case "seed":
		err = seedCmd(ctx, args)
	case "export":
		err = exportCmd(ctx, args)
	case "import":
		err = importCmd(ctx, args)
	case "backup":
		err = backupCmd(ctx, args)
	case "restore":
		err = restoreCmd(ctx, args)
	case "db":
		err = dbRun(ctx, args)
	case "version", "--version":
		err = versionCmd(os.Stdout, args)
	case "help", "-h", "--help":
		fmt.Print(usage)
		return
	default:
		err = fmt.Errorf("unknown command %q\n\n%s", cmd, usage)
	}
	var exit exitCode
	if errors.As(err, &exit) {
		os.Exit(int(exit))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "folio:", err)
		os.Exit(1)
	}
}

// exitCode is returned by a command that must exit with a given status.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func logLevel() slog.Level {
	var l slog.Level
	if err := l.UnmarshalText([]byte(os.Getenv("FOLIO_LOG_LEVEL"))); err != nil {
		return slog.LevelInfo
	}
	return l
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
