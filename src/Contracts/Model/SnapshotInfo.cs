using System.Runtime.Serialization;

namespace RpcCompare.Contracts;

/// <summary>A result set the server recorded once so that clients can fetch its first X wide records (bulk transfer).</summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record SnapshotInfo
{
    [DataMember(Order = 1)] public long Id { get; set; }
    [DataMember(Order = 2)] public int Size { get; set; }
}
