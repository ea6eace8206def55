using System.ComponentModel;
using System.Runtime.Serialization;

namespace RpcCompare.Contracts;

/// <summary>What the write scenario inserts: one node per call.</summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record NewNode
{
    [DataMember(Order = 1), DefaultValue("")] public string Name { get; set; } = "";
    [DataMember(Order = 2), DefaultValue("")] public string Type { get; set; } = "";
}
