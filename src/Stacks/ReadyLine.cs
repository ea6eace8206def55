using System.Text.Json;
using System.Text.Json.Serialization;

namespace RpcCompare.Stacks;

/// <summary>
/// What a host prints once it listens, after <see cref="Marker"/>: its endpoints (with the ports it really bound) and the
/// configuration it runs with, which the load client records in the results.
/// </summary>
public sealed record ReadyLine(
    string Stack,
    int Pid,
    IReadOnlyDictionary<string, string> Endpoints,
    IReadOnlyList<KeyValuePair<string, string>> Configuration)
{
    public const string Marker = "RPCCOMPARE-READY ";
}

[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(ReadyLine))]
public sealed partial class HostingJsonContext : JsonSerializerContext;
