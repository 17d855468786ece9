#!/bin/sh
# The image's entry point: `start` (default), `worker [queue]`, `cli <command>`, or any other program.
set -e
cd /app
command="${1:-start}"
[ "$#" -gt 0 ] && shift
case "$command" in
  start) exec bun app/main.ts "$@" ;;
  worker) exec bun app/workers/main.ts "$@" ;;
  cli) exec bun app/cli.ts "$@" ;;
  *) exec "$command" "$@" ;;
esac
