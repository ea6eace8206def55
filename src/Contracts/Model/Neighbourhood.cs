using System.Runtime.Serialization;

namespace RpcCompare.Contracts;

/// <summary>A node with all its links: the unit the "fat" call and the GraphQL DataLoader fetch in batches.</summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record Neighbourhood
{
    [DataMember(Order = 1)] public NodeSummary Node { get; set; } = new();
    [DataMember(Order = 2)] public LinkView[] Links { get; set; } = [];

    public bool Equals(Neighbourhood? other) =>
        other is not null && Node == other.Node && Links.AsSpan().SequenceEqual(other.Links);

    public override int GetHashCode() => HashCode.Combine(Node, Links.Length);
}
