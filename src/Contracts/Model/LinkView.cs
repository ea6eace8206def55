using System.Runtime.Serialization;

namespace RpcCompare.Contracts;

/// <summary>
/// One link of a node as the studied system returned it: the link, its type name and the target node with its type name
/// (links -> link_types, nodes, node_types: the "five table" join).
/// </summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record LinkView
{
    [DataMember(Order = 1)] public long Id { get; init; }
    [DataMember(Order = 2)] public string Type { get; init; } = "";
    [DataMember(Order = 3)] public double Weight { get; init; }
    [DataMember(Order = 4)] public DateTime CreatedAt { get; init; }
    [DataMember(Order = 5)] public NodeSummary Target { get; init; } = new();
}
