using System.ComponentModel;
using System.Runtime.Serialization;

namespace RpcCompare.Contracts;

/// <summary>
/// One link of a node as the studied system returned it: the link, its type name and the target node with its type name
/// (links -> link_types, nodes, node_types: the "five table" join).
/// </summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record LinkView
{
    [DataMember(Order = 1)] public long Id { get; set; }
    [DataMember(Order = 2), DefaultValue("")] public string Type { get; set; } = "";
    [DataMember(Order = 3)] public double Weight { get; set; }
    [DataMember(Order = 4)] public DateTime CreatedAt { get; set; }
    [DataMember(Order = 5)] public NodeSummary Target { get; set; } = new();
}
