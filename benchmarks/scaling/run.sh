#!/usr/bin/env bash
# The scaling table (issue 26) on a many-core machine, from the bundle bundle.sh made: hosts on CPUs 0-7, every
# generator on CPUs 8-15; ping against REST and gRPC at several concurrencies, RpcCompare beside wrk and h2load, then
# RpcCompare with --connections and --client-processes. Everything it prints and the results folders go to $OUT.
# The whole table takes about 10 minutes; CONCURRENCY= (empty) runs only the two-process row.
set -uo pipefail
repo=$(pwd)
out=${OUT:-/tmp/scaling-out}
b=/tmp/bundle
mkdir -p "$b" "$out"
xz -dc "$repo/artifacts/scaling/bundle.tar.xz" | tar -C "$b" -xf -
export DOTNET_ROOT=$b/dotnet PATH=$b/dotnet:$b/bin:$PATH LD_LIBRARY_PATH=$b/libs
export RPCCOMPARE_PG_BIN=$b/pg/usr/lib/postgresql/15/bin DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1
chmod -R a+rX "$b"
id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
exec > >(tee "$out/console.txt") 2>&1
echo "== machine"; nproc; grep -m1 'model name' /proc/cpuinfo; . /etc/os-release; echo "$PRETTY_NAME"; ldd --version | head -1
rc="dotnet $b/app/rpccompare.dll"
seconds=${SECONDS_PER_POINT:-6}
hosts_cpus=${HOSTS_CPUS:-0-7}
client_cpus=${CLIENT_CPUS:-8-15}
threads=${GENERATOR_THREADS:-8}

echo "== hosts"
taskset -c $hosts_cpus $rc servers --stacks rest,grpc --dataset tiny --pg-data /tmp/scaling-pg > "$out/servers.txt" 2>&1 &
servers=$!
for i in $(seq 1 180); do grep -q '^Running' "$out/servers.txt" && break; sleep 1; done
cat "$out/servers.txt"
rest=$(awk '/^REST/{for(i=1;i<=NF;i++) if($i ~ /^http:/){print $i; exit}}' "$out/servers.txt")
grpc=$(awk '/^gRPC/{for(i=1;i<=NF;i++) if($i ~ /^http:/){print $i; exit}}' "$out/servers.txt")
echo "rest=$rest grpc=$grpc"
[ -n "$rest" ] && [ -n "$grpc" ] || { echo "hosts did not start"; kill $servers; exit 1; }

cat > /tmp/ping.lua <<'LUA'
wrk.method = "POST"
wrk.body = '{"payload":"ping"}'
wrk.headers["Content-Type"] = "application/json"
LUA
printf '\x00\x00\x00\x00\x06\x0a\x04ping' > /tmp/ping.grpc

run_rc() { # name, then rpccompare options
  local name=$1; shift
  echo "== rpccompare $name: $*"
  $rc --scenario ping --duration ${seconds}s --warmup 2s --trials 1 --no-report --out "$out/$name" "$@" 2>&1 | grep -Ev '^\s*$' | tail -25
}

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

echo "== figures"
for f in "$out"/*/summary.json; do
  echo "$f"; python3 - "$f" <<'PY' 2>/dev/null || grep -Eo '"(stack|variant|throughputRps|p50|p99|busyPercent)": *[^,]*' "$f"
import json,sys
for e in json.load(open(sys.argv[1]))["entries"]:
    c=e.get("client") or {}
    l=e.get("latencyMs") or {}
    print(f'  {e["stack"]:5} {e["variant"]:11} threads {e["threads"]:3} {e["throughputRps"]:10.0f} req/s p50 {l.get("p50",0):.3f} p99 {l.get("p99",0):.3f} client busy {c.get("busyPercent")}')
PY
done
kill -INT $servers; wait $servers
