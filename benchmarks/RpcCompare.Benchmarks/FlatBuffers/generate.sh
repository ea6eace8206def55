#!/usr/bin/env bash
# Regenerates Generated/ from messages.fbs with Debian 12's flatc (apt-get install flatbuffers-compiler, 2.0.8).
# Two edits adapt flatc 2.0.8's output to the Google.FlatBuffers runtime of Directory.Packages.props, nothing else:
# the version guard FLATBUFFERS_2_0_8() is renamed to the runtime's own (the only one it has), and the runtime's
# namespace is Google.FlatBuffers since 22.x, not FlatBuffers.
set -euo pipefail
cd "$(dirname "$0")"
runtime=$(sed -n 's/.*"Google.FlatBuffers" Version="\([0-9.]*\)".*/\1/p' ../../../Directory.Packages.props)
rm -rf Generated
flatc --csharp --gen-onefile -o Generated messages.fbs
sed -i -e "s/FLATBUFFERS_2_0_8()/FLATBUFFERS_${runtime//./_}()/" -e "s/global::FlatBuffers;/global::Google.FlatBuffers;/" Generated/*.cs
