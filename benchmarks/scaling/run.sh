#!/usr/bin/env bash
# The scaling table (issue 26) on a many-core machine, from the bundle bundle.sh made: hosts on CPUs 0-7, every
# generator on CPUs 8-15; ping against REST and gRPC at several concurrencies, RpcCompare beside wrk and h2load, then
# RpcCompare with --connections and --client-processes. Everything it prints and the results folders go to $OUT.
# The whole table takes about 10 minutes; CONCURRENCY= (empty) runs only the two-process row.
set -uo pipefail
. "$(dirname "$0")/setup.sh"

for c in ${CONCURRENCY-10 64}; do
  echo "== wrk c=$c"; taskset -c $client_cpus wrk -t$threads -c$c -d${seconds}s -s /tmp/ping.lua "$rest/api/ping" | grep -E 'Requests/sec|Latency'
  echo "== h2load 1 connection m=$c"; taskset -c $client_cpus h2load -c1 -m$c -t1 -D $seconds --warm-up-time 2 -d /tmp/ping.grpc \
    -H 'content-type: application/grpc' -H 'te: trailers' "$grpc/rpccompare.v1.Graph/Ping" | grep -E 'finished in|requests:'
  echo "== h2load 8 connections m=$((c / 8 > 0 ? c / 8 : 1))"; taskset -c $client_cpus h2load -c8 -m$((c / 8 > 0 ? c / 8 : 1)) -t$threads -D $seconds --warm-up-time 2 -d /tmp/ping.grpc \
    -H 'content-type: application/grpc' -H 'te: trailers' "$grpc/rpccompare.v1.Graph/Ping" | grep -E 'finished in|requests:'
  run_rc "c$c" --threads $c --stacks rest,grpc --target rest=$rest --target grpc=$grpc --cpus client=$client_cpus,hosts=$hosts_cpus
done
[ -n "${CONCURRENCY-x}" ] && run_rc "c64-grpc-8conn" --threads 64 --stacks grpc --target grpc=$grpc --connections 8 --cpus client=$client_cpus,hosts=$hosts_cpus
# Two processes sharing the generators' CPUs (--cpus none under taskset): each client's own pinning is a separate check.
rc="taskset -c $client_cpus $rc" run_rc "2proc-c32" --threads 32 --stacks rest,grpc --target rest=$rest --target grpc=$grpc --client-processes 2 --cpus none
[ -n "${CONCURRENCY-x}" ] && run_rc "2proc-c32-pinned" --threads 32 --stacks rest,grpc --target rest=$rest --target grpc=$grpc --client-processes 2 --cpus client=$client_cpus,hosts=$hosts_cpus
[ -n "${CONCURRENCY-x}" ] && rc="taskset -c $client_cpus $rc" run_rc "2proc-c32-grpc-4conn" --threads 32 --stacks grpc --target grpc=$grpc --connections 4 --client-processes 2 --cpus none

finish
