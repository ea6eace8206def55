using System.ComponentModel;
using System.Runtime.Serialization;

namespace RpcCompare.Contracts;

// One request type per operation whose arguments are values or several: protobuf-net.Grpc binds an operation only when
// it takes one data contract (a class), so IGraphService carries these on both stacks that serve it (WCF and code-first
// gRPC). Each mirrors its graph.proto message, member order = field number, so the code-first wire is the .proto's.

/// <summary>graph.proto's GetLinksRequest; also the request of StreamLinks.</summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record GetLinksRequest
{
    [DataMember(Order = 1)] public long NodeId { get; set; }
}

/// <summary>graph.proto's SearchNodesRequest; also the request of StreamSearchNodes.</summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record SearchNodesRequest
{
    [DataMember(Order = 1), DefaultValue("")] public string Term { get; set; } = "";
    [DataMember(Order = 2)] public int Limit { get; set; }
}

/// <summary>graph.proto's PrepareSnapshotRequest.</summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record PrepareSnapshotRequest
{
    [DataMember(Order = 1)] public int Size { get; set; }
}

/// <summary>graph.proto's GetRecordsRequest.</summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record GetRecordsRequest
{
    [DataMember(Order = 1)] public long SnapshotId { get; set; }
    [DataMember(Order = 2)] public int Count { get; set; }
}

/// <summary>graph.proto's ListNodesRequest.</summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record ListNodesRequest
{
    [DataMember(Order = 1)] public long AfterId { get; set; }
    [DataMember(Order = 2)] public int Limit { get; set; }
}

/// <summary>graph.proto's GetNodeRequest.</summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record GetNodeRequest
{
    [DataMember(Order = 1)] public long Id { get; set; }
}
