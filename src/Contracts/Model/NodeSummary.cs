using System.ComponentModel;
using System.Runtime.Serialization;

namespace RpcCompare.Contracts;

/// <summary>A node as it appears in lists, search hits and as the target of a link.</summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record NodeSummary
{
    [DataMember(Order = 1)] public long Id { get; set; }
    [DataMember(Order = 2), DefaultValue("")] public string Name { get; set; } = "";
    [DataMember(Order = 3), DefaultValue("")] public string Type { get; set; } = "";
}
