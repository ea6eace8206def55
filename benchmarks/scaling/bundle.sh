#!/usr/bin/env bash
# Packs what the scaling table needs onto a machine that has no .NET, no PostgreSQL and no network: the .NET runtime,
# the load client published with its hosts, PostgreSQL 15's server binaries, wrk and h2load, each with the shared
# libraries it loads (glibc excepted). Output: artifacts/scaling/bundle.tar.xz (about 60 MB; the device tool carries 64 MiB).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
out=$repo/artifacts/scaling
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$out" "$stage/dotnet" "$stage/libs" "$stage/bin"

dotnet_root=$(dirname "$(readlink -f "$(command -v dotnet)")")
cp -a "$dotnet_root/dotnet" "$dotnet_root/host" "$dotnet_root/shared" "$stage/dotnet/"

dotnet publish "$repo/src/LoadClient" -c Release -r linux-x64 --self-contained false -p:DebugType=none -o "$stage/app" -v q
# Symbols, docs and other platforms' native libraries are not needed to run.
find "$stage/app" \( -name '*.pdb' -o -name '*.xml' \) -delete
rm -rf "$stage/app"/runtimes/{win,osx,linux-arm,linux-arm64,linux-musl}* "$stage/app"/{amd64,arm64} 2>/dev/null || true
# 64 MiB in all: the table needs the REST and gRPC hosts, no PNG charts (run.sh passes --no-report), no debugger support.
rm -rf "$stage/app/hosts/graphql" "$stage/app/hosts/wcf" "$stage/app"/lib{SkiaSharp,HarfBuzzSharp}.so
rm -f "$stage"/dotnet/shared/Microsoft.NETCore.App/*/{libmscordaccore.so,libmscordbi.so,createdump}

pg=/usr/lib/postgresql/15
mkdir -p "$stage/pg/usr/lib/postgresql/15/bin" "$stage/pg/usr/lib/postgresql/15/lib" "$stage/pg/usr/share/postgresql"
cp -a $pg/bin/{postgres,initdb,pg_ctl} "$stage/pg/usr/lib/postgresql/15/bin/"
cp -a $pg/lib/{plpgsql.so,dict_snowball.so,pg_prewarm.so} "$stage/pg/usr/lib/postgresql/15/lib/"
cp -a /usr/share/postgresql/15 "$stage/pg/usr/share/postgresql/"
rm -rf "$stage/pg/usr/share/postgresql/15/man" "$stage/pg/usr/share/postgresql/15/extension/"*--*--*.sql

cp "$(command -v wrk)" "$(command -v h2load)" "$stage/bin/"
for binary in "$stage"/pg/usr/lib/postgresql/15/bin/* "$stage"/pg/usr/lib/postgresql/15/lib/*.so "$stage"/bin/*; do
  ldd "$binary" | awk '/=> \//{print $3}'
done | sort -u | grep -Ev '/(libc|libm|libpthread|libdl|librt|ld-linux[^/]*)\.so' | xargs -r cp -L -t "$stage/libs/"
tar -C "$stage" -cf - . | xz -T0 -9e > "$out/bundle.tar.xz"
ls -l "$out/bundle.tar.xz"
