#!/bin/sh
# Test-only: behaves like the official redis image (`redis-server ...`) or postgres image (POSTGRES_* variables).
set -eu
if [ "${1:-}" = "redis-server" ]; then
  shift
  mkdir -p /data
  exec redis-server --protected-mode no --dir /data "$@"
fi
PGDATA=/var/lib/postgresql/data
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "${POSTGRES_PASSWORD:-postgres}" > /tmp/pgpass && chown postgres /tmp/pgpass
  runuser -u postgres -- initdb -D "$PGDATA" -U "${POSTGRES_USER:-postgres}" --pwfile=/tmp/pgpass \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f /tmp/pgpass
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
  runuser -u postgres -- pg_ctl -D "$PGDATA" -w -o "-c listen_addresses=''" start >/dev/null
  runuser -u postgres -- createdb -U "${POSTGRES_USER:-postgres}" "${POSTGRES_DB:-${POSTGRES_USER:-postgres}}"
  runuser -u postgres -- pg_ctl -D "$PGDATA" -w stop >/dev/null
fi
exec runuser -u postgres -- postgres -D "$PGDATA"
