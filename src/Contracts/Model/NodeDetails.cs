using System.ComponentModel;
using System.Runtime.Serialization;

namespace RpcCompare.Contracts;

[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record NodeDetails
{
    [DataMember(Order = 1)] public long Id { get; set; }
    [DataMember(Order = 2), DefaultValue("")] public string Name { get; set; } = "";
    [DataMember(Order = 3), DefaultValue("")] public string Type { get; set; } = "";
    [DataMember(Order = 4)] public DateTime CreatedAt { get; set; }

    /// <summary>How many links start at this node: what GetLinks returns for it.</summary>
    [DataMember(Order = 5)] public int LinkCount { get; set; }
}
