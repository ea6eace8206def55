using System.Runtime.Serialization;

namespace RpcCompare.Contracts;

/// <summary>What the write scenario inserts: one node per call.</summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record NewNode
{
    [DataMember(Order = 1)] public string Name { get; set; } = "";
    [DataMember(Order = 2)] public string Type { get; set; } = "";
}
