# Sourced by run.sh and probe.sh: unpacks bundle.sh's archive, starts the REST and gRPC hosts (rest=, grpc=), writes
# the wrk and h2load request bodies and defines run_rc. Reads OUT, HOSTS_CPUS, CLIENT_CPUS, GENERATOR_THREADS and
# SECONDS_PER_POINT.
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

print_figures() { # one line per entry of every results folder under $out, with its scaling check where one ran
  echo "== figures"
  for f in "$out"/*/summary.json; do
    echo "$f"; python3 - "$f" <<'PY' 2>/dev/null || grep -Eo '"(stack|variant|throughputRps|p50|p99|busyPercent)": *[^,]*' "$f"
import json,sys
for e in json.load(open(sys.argv[1]))["entries"]:
    c=e.get("client") or {}
    l=e.get("latencyMs") or {}
    s=c.get("scaling")
    check=f' | at {s["threads"]}: {s["throughputRps"]:.0f} req/s, host {s["baseServerMeanMs"]:.3f}->{s["serverMeanMs"]:.3f} ms, host CPU {s.get("hostCpuPercent")}, saturated {s["saturated"]}' if s else ''
    print(f'  {e["stack"]:5} {e["variant"]:11} threads {e["threads"]:3} {e["throughputRps"]:10.0f} req/s p50 {l.get("p50",0):.3f} p99 {l.get("p99",0):.3f} client busy {c.get("busyPercent")} bound {c.get("clientBound")}{check}')
PY
  done
}

finish() { # the figures, every results folder in one archive under $out (the device brings back few files), hosts stopped
  print_figures
  tar -C "$out" -cf - --exclude='*.xz' --exclude=console.txt . | xz -T0 -6 > /tmp/results.tar.xz && mv /tmp/results.tar.xz "$out/"
  # SIGTERM: a background job of a non-interactive shell ignores SIGINT.
  kill -TERM $servers; wait $servers
}
