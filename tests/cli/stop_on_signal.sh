#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A search stops within a second of SIGTERM (a Slurm time limit) or SIGINT, however large its space:
#   stop_on_signal.sh CLI SPACE METHOD SIGNAL OUT [OPTION...]
# runs `explore` for 2 s, sends the signal, and fails unless the process has exited with status
# 130 within 1 s and (for an exhaustive sweep) its journal holds whole lines only.
set -u
cli=$1 space=$2 method=$3 signal=$4 out=$5
shift 5 # then any further explore options (--initial N, --candidates N)
rm -f "$out" "$out.jsonl"
"$cli" explore --space "$space" --method "$method" --budget 1000000 --threads 2 --out "$out" --quiet "$@" &
pid=$!
sleep 2
if ! kill -0 "$pid" 2>/dev/null; then
  echo "explore --method $method ended before the signal"; exit 1
fi
kill "-$signal" "$pid"
start=$(date +%s%N)
while kill -0 "$pid" 2>/dev/null; do
  if (( ($(date +%s%N) - start) / 1000000 > 1000 )); then
    kill -KILL "$pid"; echo "explore --method $method still running 1 s after SIG$signal"; exit 1
  fi
  sleep 0.02
done
wait "$pid"
status=$?
elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
if [ "$status" -ne 130 ]; then echo "explore --method $method exited with $status, not 130"; exit 1; fi
if [ -f "$out.jsonl" ] && [ -n "$(tail -c 1 "$out.jsonl")" ]; then echo "the journal ends in half a line"; exit 1; fi
echo "explore --method $method stopped ${elapsed} ms after SIG$signal"
