using System.Text.Json;
using System.Text.Json.Serialization;

namespace RpcCompare.Contracts.Json;

/// <summary>Source-generated System.Text.Json metadata for every REST payload (web defaults: camelCase).</summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(PingMessage))]
[JsonSerializable(typeof(LinkView[]))]
[JsonSerializable(typeof(IAsyncEnumerable<LinkView>))]
[JsonSerializable(typeof(NodeSummary[]))]
[JsonSerializable(typeof(IAsyncEnumerable<NodeSummary>))]
[JsonSerializable(typeof(NodeDetails))]
[JsonSerializable(typeof(NewNode))]
[JsonSerializable(typeof(SnapshotRequest))]
[JsonSerializable(typeof(SnapshotInfo))]
[JsonSerializable(typeof(WideRecord[]))]
[JsonSerializable(typeof(NeighbourhoodRequest))]
[JsonSerializable(typeof(Neighbourhood[]))]
public sealed partial class GraphJsonContext : JsonSerializerContext;
