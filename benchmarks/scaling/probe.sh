#!/usr/bin/env bash
# Where one load client process stops (issue 26), on a many-core machine, from bundle.sh's archive. Parts (PARTS, all
# by default): table = wrk, h2load and RpcCompare at CALLERS (64) callers, with the scaling check; settings = REST and
# gRPC again under each runtime setting in SETTINGS, one at a time; trace = a CPU sample of the REST client over
# EventPipe; twoproc = two client processes, each on its own half of the generators' CPUs.
# Output under $OUT: console.txt, results.tar.xz (every results folder) and rest-c64.nettrace.xz; about 5 minutes for
# all parts, under 3 for "table settings" with one setting.
set -uo pipefail
. "$(dirname "$0")/setup.sh"
c=${CALLERS:-64}
parts=${PARTS:-table settings trace twoproc}
# The load client runs socket completions inline unless the variable is set (=0 is .NET's default); the socket
# engine's thread count, the thread pool's spinning and server GC are the other settings that could hold it back.
settings=${SETTINGS:-DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=0 DOTNET_SYSTEM_NET_SOCKETS_THREAD_COUNT=4 DOTNET_ThreadPool_UnfairSemaphoreSpinLimit=0 DOTNET_gcServer=1}
both="--stacks rest,grpc --target rest=$rest --target grpc=$grpc --cpus client=$client_cpus,hosts=$hosts_cpus"

if [[ $parts == *table* ]]; then
  echo "== wrk c=$c"; taskset -c $client_cpus wrk -t$threads -c$c -d${seconds}s -s /tmp/ping.lua "$rest/api/ping" | grep -E 'Requests/sec|Latency'
  echo "== h2load 1 connection m=$c"; taskset -c $client_cpus h2load -c1 -m$c -t1 -D $seconds --warm-up-time 2 -d /tmp/ping.grpc \
    -H 'content-type: application/grpc' -H 'te: trailers' "$grpc/rpccompare.v1.Graph/Ping" | grep -E 'finished in|requests:'
  run_rc "c$c" --threads $c $both
fi

if [[ $parts == *settings* ]]; then
  for setting in $settings; do
    name=c$c-$(echo "$setting" | tr 'A-Z=_' 'a-z--' | sed 's/^dotnet-//')
    rc="env $setting $rc" run_rc "$name" --threads $c $both --no-scaling-check
  done
fi

if [[ $parts == *trace* ]]; then
  # Managed stacks of every client thread, 1 ms apart; the runtime's rundown at exit names the methods.
  trace="DOTNET_EnableEventPipe=1 DOTNET_EventPipeOutputPath=/tmp/rest-c$c.nettrace DOTNET_EventPipeOutputStreaming=1"
  trace="$trace DOTNET_EventPipeConfig=Microsoft-DotNETCore-SampleProfiler:0:5,Microsoft-Windows-DotNETRuntime:0x18:5"
  rc="env $trace $rc" run_rc "rest-c$c-traced" --threads $c --stacks rest --target rest=$rest --cpus client=$client_cpus,hosts=$hosts_cpus \
    --no-scaling-check
  ls -l /tmp/rest-c$c.nettrace && xz -T0 -6 -c /tmp/rest-c$c.nettrace > "$out/rest-c$c.nettrace.xz"
fi

if [[ $parts == *twoproc* ]]; then
  run_rc "2proc-c$((c / 2))-pinned" --threads $((c / 2)) $both --client-processes 2
fi

finish
