#!/usr/bin/env bash
# Fuzz the NetTcp decoder with AFL++ and SharpFuzz for a time budget, then print what the run found.
#
#   bash tests/fuzz/run.sh 30m                 both targets side by side, 30 minutes each
#   bash tests/fuzz/run.sh 2h framing          one target (framing | envelope)
#
# Installs what is missing (afl++ from Debian, the sharpfuzz dotnet tool), builds the harness in Release, instruments
# RpcCompare.Protocols.NetTcp.dll and, in a private copy of the .NET runtime, the framework's binary XML reader and
# DataContractSerializer (System.Private.DataContractSerialization, System.Private.Xml; FUZZ_FRAMEWORK=0 skips that),
# runs afl-fuzz (niced: the machine is shared) from the committed seed corpus, then prints executions, speed, coverage,
# crashes and hangs, copies new crashing inputs (plus an afl-tmin minimised copy, NAME.min.bin) to
# tests/fuzz/crashes/<target>/ and new hangs to tests/fuzz/hangs/<target>/ (both replayed by the unit tests), and replays
# them with an uninstrumented build to show each exception.
set -euo pipefail

fuzz_dir="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$fuzz_dir/../.." && pwd)"
budget="${1:?usage: run.sh BUDGET [framing|envelope]...  (BUDGET: 90s, 30m, 2h)}"
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(framing envelope)
for target in "${targets[@]}"; do
  case "$target" in framing|envelope) ;; *) echo "unknown target '$target' (framing or envelope)" >&2; exit 2 ;; esac
done

case "$budget" in
  *h) seconds=$(( ${budget%h} * 3600 )) ;;
  *m) seconds=$(( ${budget%m} * 60 )) ;;
  *s) seconds=${budget%s} ;;
  *[!0-9]*|'') echo "budget '$budget' is not a duration like 90s, 30m or 2h" >&2; exit 2 ;;
  *) seconds=$budget ;;
esac

# Per-input time limit: an input that runs longer is a hang. Generous, because the machine is shared and the fuzzer niced.
exec_timeout_ms="${FUZZ_EXEC_TIMEOUT_MS:-10000}"

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
if ! command -v afl-fuzz >/dev/null; then
  echo "Installing afl++ (Debian package)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends afl++ >/dev/null
fi

tools="$fuzz_dir/.tools"
if [ ! -x "$tools/sharpfuzz" ]; then
  echo "Installing the sharpfuzz tool (SharpFuzz.CommandLine 2.3.0)"
  dotnet tool install SharpFuzz.CommandLine --version 2.3.0 --tool-path "$tools" >/dev/null
fi

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1
out="$fuzz_dir/out"
bin="$out/bin"
rm -rf "$bin"
echo "Building the harness (Release)"
nice -n 19 dotnet build "$fuzz_dir/RpcCompare.Fuzz/RpcCompare.Fuzz.csproj" -c Release -o "$bin" -nologo -v quiet >/dev/null
# An uninstrumented copy replays findings: instrumented code needs AFL's shared memory, which only Fuzzer.Run sets up.
rm -rf "$out/plain" && cp -a "$bin" "$out/plain"
# The code under test carries AFL's edge counters; the harness and the contract do not.
"$tools/sharpfuzz" "$bin/RpcCompare.Protocols.NetTcp.dll"

# The decoder's real parsing happens in the framework (XmlBinaryReader, DataContractSerializer): without edge counters
# there AFL sees only this project's few hundred branches. A private copy of the runtime gets instrumented copies.
dotnet_cmd=(dotnet)
if [ "${FUZZ_FRAMEWORK:-1}" != 0 ]; then
  runtime_dir="$(dotnet --list-runtimes | awk '$1 == "Microsoft.NETCore.App" && $2 ~ /^10\./ { v = $2; d = $3 } END { gsub(/[][]/, "", d); print d "/" v }')"
  asp_dir="$(dotnet --list-runtimes | awk '$1 == "Microsoft.AspNetCore.App" && $2 ~ /^10\./ { v = $2; d = $3 } END { gsub(/[][]/, "", d); print d "/" v }')"
  root="$(cd "$runtime_dir/../../.." && pwd)"
  private="$out/dotnet"
  framework="$private/shared/Microsoft.NETCore.App/$(basename "$runtime_dir")"
  if [ ! -f "$framework/.instrumented" ]; then
    echo "Instrumenting a private copy of the .NET runtime $(basename "$runtime_dir") ($root)"
    rm -rf "$private" && mkdir -p "$private/shared/Microsoft.NETCore.App" "$private/shared/Microsoft.AspNetCore.App"
    cp -a "$root/dotnet" "$root/host" "$private/"
    cp -a "$runtime_dir" "$private/shared/Microsoft.NETCore.App/"
    cp -a "$asp_dir" "$private/shared/Microsoft.AspNetCore.App/"
    for assembly in System.Private.DataContractSerialization System.Private.Xml; do
      dotnet "$out/plain/RpcCompare.Fuzz.dll" il-only "$framework/$assembly.dll"
      "$tools/sharpfuzz" "$framework/$assembly.dll"
    done
    touch "$framework/.instrumented"
  fi
  dotnet_cmd=(env "DOTNET_ROOT=$private" "$private/dotnet")
fi

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
declare -A pids
for target in "${targets[@]}"; do
  findings="$out/$target-$stamp"
  mkdir -p "$findings"
  echo "Fuzzing $target for $seconds s; AFL++ state in $findings (log: $findings.log)"
  # AFL_SKIP_BIN_CHECK: the program is `dotnet`, which has no AFL instrumentation of its own (SharpFuzz's is in the DLL).
  AFL_SKIP_BIN_CHECK=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
    AFL_AUTORESUME=0 nice -n 19 afl-fuzz -i "$fuzz_dir/corpus/$target" -o "$findings" -x "$fuzz_dir/netTcp.dict" \
    -t "$exec_timeout_ms" -m none -V "$seconds" -- "${dotnet_cmd[@]}" "$bin/RpcCompare.Fuzz.dll" "$target" > "$findings.log" 2>&1 &
  pids[$target]=$!
done

status=0
for target in "${targets[@]}"; do
  wait "${pids[$target]}" || { echo "afl-fuzz for $target failed; the end of its log:"; tail -30 "$out/$target-$stamp.log"; status=1; }
done

stat() { grep -E "^$2 *:" "$1" | sed 's/^[^:]*: *//'; }
for target in "${targets[@]}"; do
  findings="$out/$target-$stamp/default"
  stats="$findings/fuzzer_stats"
  [ -f "$stats" ] || { echo "== $target: no fuzzer_stats (see $out/$target-$stamp.log)"; continue; }
  echo "== $target"
  echo "  run time:          $(stat "$stats" run_time) s"
  echo "  executions:        $(stat "$stats" execs_done) ($(stat "$stats" execs_per_sec) exec/s)"
  echo "  corpus (paths):    $(stat "$stats" corpus_count) inputs, $(stat "$stats" corpus_found) found by this run"
  echo "  edges:             $(stat "$stats" edges_found) of $(stat "$stats" total_edges) map entries (map density $(stat "$stats" bitmap_cvg)); stability $(stat "$stats" stability)"
  echo "  crashes / hangs:   $(stat "$stats" saved_crashes) / $(stat "$stats" saved_hangs)"
  for kind in crashes hangs; do
    kept="$fuzz_dir/$kind/$target"
    new=()
    for file in "$findings/$kind"/id:*; do
      [ -f "$file" ] || continue
      name="$(sha1sum "$file" | cut -c1-16).bin"
      if [ ! -f "$kept/$name" ]; then
        mkdir -p "$kept"
        cp "$file" "$kept/$name" && chmod 644 "$kept/$name"
        new+=("$kept/$name")
      fi
    done
    if [ "$kind" = crashes ]; then
      # afl-tmin keeps the crash while it shrinks the input; the minimised copy sits beside the original.
      for file in "${new[@]}"; do
        AFL_SKIP_BIN_CHECK=1 AFL_NO_AFFINITY=1 timeout 600 nice -n 19 afl-tmin -i "$file" -o "${file%.bin}.min.bin" \
          -t "$exec_timeout_ms" -m none -- "${dotnet_cmd[@]}" "$bin/RpcCompare.Fuzz.dll" "$target" >/dev/null 2>&1 \
          && chmod 644 "${file%.bin}.min.bin" && new+=("${file%.bin}.min.bin") || echo "  afl-tmin could not minimise $file"
      done
    fi
    if [ ${#new[@]} -gt 0 ]; then
      echo "  new $kind copied to ${kept#"$repo"/}/:"
      # A hang shows as a replay that is slow or stopped by the timeout.
      timeout 300 dotnet "$out/plain/RpcCompare.Fuzz.dll" replay "$target" "${new[@]}" | sed 's/^/    /' || true
    fi
  done
done
exit $status
